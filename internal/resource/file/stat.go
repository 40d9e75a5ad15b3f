package file

import (
	"errors"
	"io/fs"
	"syscall"
	"time"
)

// fileStat is what an instance keeps of an lstat: the few fields the
// properties, the writer and the read-ahead check use, held in the
// instance rather than as an os.FileInfo, which costs an allocation of
// some 200 bytes for every managed file.
type fileStat struct {
	dev, ino   uint64
	size       int64
	mtim, ctim syscall.Timespec
	mode       uint32 // st_mode: the type and the permission bits
	uid, gid   uint32
}

// statPath reads what is at p, without following a link unless follow;
// ok is false when nothing is there, or a folder on the way is missing or
// not a folder.
func statPath(p string, follow bool) (st fileStat, ok bool, err error) {
	var sys syscall.Stat_t
	op := "lstat"
	if follow {
		op = "stat"
	}
	for {
		err = statCall(p, &sys, follow)
		if err != syscall.EINTR {
			break
		}
	}
	if err != nil {
		if errors.Is(err, syscall.ENOENT) || errors.Is(err, syscall.ENOTDIR) {
			return fileStat{}, false, nil
		}
		return fileStat{}, false, &fs.PathError{Op: op, Path: p, Err: err}
	}
	return statOf(&sys), true, nil
}

func statOf(s *syscall.Stat_t) fileStat {
	return fileStat{
		dev: s.Dev, ino: s.Ino, size: s.Size,
		mtim: s.Mtim, ctim: s.Ctim,
		mode: s.Mode, uid: s.Uid, gid: s.Gid,
	}
}

// Mode is the mode as os.FileInfo gives it.
func (s *fileStat) Mode() fs.FileMode {
	m := fs.FileMode(s.mode & 0o777)
	switch s.mode & syscall.S_IFMT {
	case syscall.S_IFBLK:
		m |= fs.ModeDevice
	case syscall.S_IFCHR:
		m |= fs.ModeDevice | fs.ModeCharDevice
	case syscall.S_IFDIR:
		m |= fs.ModeDir
	case syscall.S_IFIFO:
		m |= fs.ModeNamedPipe
	case syscall.S_IFLNK:
		m |= fs.ModeSymlink
	case syscall.S_IFSOCK:
		m |= fs.ModeSocket
	}
	if s.mode&syscall.S_ISGID != 0 {
		m |= fs.ModeSetgid
	}
	if s.mode&syscall.S_ISUID != 0 {
		m |= fs.ModeSetuid
	}
	if s.mode&syscall.S_ISVTX != 0 {
		m |= fs.ModeSticky
	}
	return m
}

func (s *fileStat) Size() int64        { return s.size }
func (s *fileStat) IsDir() bool        { return s.mode&syscall.S_IFMT == syscall.S_IFDIR }
func (s *fileStat) IsRegular() bool    { return s.mode&syscall.S_IFMT == syscall.S_IFREG }
func (s *fileStat) ModTime() time.Time { return time.Unix(s.mtim.Unix()) }

// perm is the permission bits, setuid, setgid and sticky included.
func (s *fileStat) perm() uint32 { return s.mode & 0o7777 }

// sameFile reports whether two stats are of the same inode with the same
// size and times: nothing has been written to it in between.
func sameFile(a, b *fileStat) bool {
	return a.dev == b.dev && a.ino == b.ino && a.size == b.size &&
		a.mtim == b.mtim && a.ctim == b.ctim && a.mode&syscall.S_IFMT == b.mode&syscall.S_IFMT
}

// statCallSlow is statCall through the syscall package.
func statCallSlow(p string, sys *syscall.Stat_t, follow bool) error {
	if follow {
		return syscall.Stat(p, sys)
	}
	return syscall.Lstat(p, sys)
}
