package file

import (
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// The two ways a file's content reaches the disk. Both make the file appear
// whole, with its owner and mode, or not at all; neither makes a system
// call beyond the ones listed, as writing files is most of a fresh run.

// createFile makes a file where there is none: an unnamed file in the
// target's directory (O_TMPFILE) gets the content, owner and mode, is
// synced when asked, and is then linked in under its name. No temporary
// name ever shows in the directory, and nothing is left behind on a crash.
// It reports false, with nothing done, when the file system has no
// O_TMPFILE or something appeared at path meanwhile: the caller then
// replaces the file with replaceFile.
// Of r it uses the owner, mode and sync.
func createFile(path string, data []byte, r replacement) (bool, error) {
	dir := filepath.Dir(path)
	fd, err := ignoringEINTR(func() (int, error) {
		return unix.Open(dir, unix.O_TMPFILE|unix.O_WRONLY|unix.O_CLOEXEC, 0o600)
	})
	switch err {
	case nil:
	case unix.EOPNOTSUPP, unix.EISDIR, unix.EINVAL:
		return false, nil
	default:
		return false, &os.PathError{Op: "open", Path: path, Err: err}
	}
	defer unix.Close(fd)
	// The unnamed file is named in errors as Puppet names its temporary
	// file.
	if err := fillFile(fd, puppetTempName(path), data, r); err != nil {
		return false, err
	}
	// AT_EMPTY_PATH needs CAP_DAC_READ_SEARCH; /proc/self/fd works without.
	err = unix.Linkat(fd, "", unix.AT_FDCWD, path, unix.AT_EMPTY_PATH)
	if err == unix.EPERM || err == unix.ENOENT {
		err = unix.Linkat(unix.AT_FDCWD, "/proc/self/fd/"+strconv.Itoa(fd), unix.AT_FDCWD, path, unix.AT_SYMLINK_FOLLOW)
	}
	switch err {
	case nil:
		return true, nil
	case unix.EEXIST, unix.EPERM, unix.ENOENT, unix.EOPNOTSUPP:
		return false, nil
	}
	return false, &os.LinkError{Op: "link", Old: "/proc/self/fd/" + strconv.Itoa(fd), New: path, Err: err}
}

// replacement says what a written file gets (owner, mode, sync) and, for
// replaceFile, how its temporary file is made and checked.
type replacement struct {
	perm     uint32
	uid, gid int  // -1 leaves the process's
	sync     bool // fsync before the rename
	// tempDir holds the temporary file; "" is the target's directory.
	tempDir string
	// check, when set, runs on the complete, closed temporary file before
	// the rename; an error leaves the target as it was.
	check func(tmp string) error
	// beforeRename, when set by tests, sees the temporary file last.
	beforeRename func(tmp string)
	// body, when set, writes the content after data: content streamed
	// from elsewhere. Its error leaves nothing behind.
	body func(io.Writer) error
}

// replaceFile writes data to a temporary file, gives it its owner and mode,
// syncs and checks it as asked, and renames it over path, as Puppet
// replaces files.
func replaceFile(path string, data []byte, r replacement) error {
	dir, base := filepath.Split(path)
	if r.tempDir != "" {
		dir = r.tempDir + "/"
	}
	var tmp string
	var fd int
	for {
		// Named as Puppet names it (<name><YYYYMMDD>-<pid>-<random>): a
		// validate_cmd and an error message show the name, and a run
		// killed meanwhile leaves what a killed Puppet run leaves
		// (stale.go).
		tmp = puppetTempName(dir + base)
		var err error
		fd, err = ignoringEINTR(func() (int, error) {
			return syscall.Open(tmp, syscall.O_WRONLY|syscall.O_CREAT|syscall.O_EXCL|syscall.O_CLOEXEC, 0o600)
		})
		if err == syscall.EEXIST {
			continue
		}
		if err != nil {
			// Named in the folder it was to be made in (staging_location).
			return &os.PathError{Op: "open", Path: dir + base, Err: err}
		}
		break
	}
	err := fillFile(fd, tmp, data, r)
	if cerr := syscall.Close(fd); err == nil && cerr != nil {
		err = &os.PathError{Op: "close", Path: tmp, Err: cerr}
	}
	if err == nil && r.check != nil {
		err = r.check(tmp)
	}
	if err == nil && r.beforeRename != nil {
		r.beforeRename(tmp)
	}
	if err == nil {
		if rerr := syscall.Rename(tmp, path); rerr != nil {
			err = &os.LinkError{Op: "rename", Old: tmp, New: path, Err: rerr}
		}
	}
	if err != nil {
		syscall.Unlink(tmp)
	}
	return err
}

// fdWriter writes to an open file; its errors are writeErrors, told apart
// from those of what it copies from.
type fdWriter struct {
	fd   int
	name string
}

func (w fdWriter) Write(p []byte) (int, error) {
	written := 0
	for written < len(p) {
		n, err := ignoringEINTR(func() (int, error) { return syscall.Write(w.fd, p[written:]) })
		if err != nil {
			return written, &writeError{&os.PathError{Op: "write", Path: w.name, Err: err}}
		}
		written += n
	}
	return written, nil
}

// puppetTempName is a temporary name for path as Puppet makes them:
// <path><YYYYMMDD>-<pid>-<random>.
func puppetTempName(path string) string {
	return path + time.Now().Format("20060102") + "-" + strconv.Itoa(os.Getpid()) + "-" + strconv.FormatUint(rand.Uint64()%(1<<32), 36)
}

// fillFile writes the content, sets the owner and mode of an open file and
// syncs it, as r says. name is the file's name in errors.
func fillFile(fd int, name string, data []byte, r replacement) error {
	path := name
	for len(data) > 0 {
		n, err := ignoringEINTR(func() (int, error) { return syscall.Write(fd, data) })
		if err != nil {
			return &os.PathError{Op: "write", Path: path, Err: err}
		}
		data = data[n:]
	}
	if r.body != nil {
		if err := r.body(fdWriter{fd: fd, name: path}); err != nil {
			var we *writeError
			if errors.As(err, &we) {
				return we.err
			}
			return err
		}
	}
	if (r.uid >= 0 && r.uid != os.Geteuid()) || (r.gid >= 0 && r.gid != os.Getegid()) {
		if err := syscall.Fchown(fd, r.uid, r.gid); err != nil {
			return &os.PathError{Op: "chown", Path: path, Err: err}
		}
	}
	// Fchmod after Fchown: chown clears setuid and setgid bits.
	if err := syscall.Fchmod(fd, r.perm); err != nil {
		return &os.PathError{Op: "chmod", Path: path, Err: err}
	}
	if r.sync {
		if err := syscall.Fsync(fd); err != nil {
			return &os.PathError{Op: "fsync", Path: path, Err: err}
		}
	}
	return nil
}
