package file

import (
	"sync/atomic"
	"syscall"
	"time"
)

// racyWindow is how long ago a file must have last changed for its
// checksum to be read ahead. File times tick in steps of a few
// milliseconds: a write in the same step as the stat the prefetch took
// would not change them, so a file changed shortly before its prefetch is
// left for Retrieve to read (as git treats "racily clean" entries).
const racyWindow = time.Second

// prefetched is a checksum read ahead of Retrieve, with the identity and
// times of the file it was read from.
type prefetched struct {
	stat syscall.Stat_t
	sum  string
}

// prefetchState is kept apart from the instance's other fields: it is the
// only part another goroutine touches.
type prefetchState struct {
	reached atomic.Bool // Retrieve has begun: prefetching is too late
	result  atomic.Pointer[prefetched]
}

// Prefetch reads the checksum of a file whose content is given in the
// catalog, when the file is a plain file of the desired size that has not
// changed in the last second. It never blocks on special files and never
// follows a link put in the file's place meanwhile.
func (f *instance) Prefetch() {
	// Only fields that New set and nothing changes are read here.
	if len(f.sources) > 0 || !f.hasData || f.ensure == "directory" || f.pre.reached.Load() {
		return
	}
	var st syscall.Stat_t
	if err := syscall.Lstat(f.path, &st); err != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG || st.Size != int64(len(f.content)) {
		return
	}
	window := f.host.racyWindow
	if time.Since(time.Unix(st.Ctim.Unix())) < window || time.Since(time.Unix(st.Mtim.Unix())) < window {
		return
	}
	fd, err := ignoringEINTR(func() (int, error) {
		return syscall.Open(f.path, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	})
	if err != nil {
		return
	}
	defer syscall.Close(fd)
	var fst syscall.Stat_t
	if syscall.Fstat(fd, &fst) != nil || !sameFile(&st, &fst) {
		return
	}
	sum, err := f.sumFD(fd)
	if err != nil {
		return
	}
	f.pre.result.Store(&prefetched{stat: st, sum: sum})
}

// takePrefetched returns the checksum read ahead for the file Retrieve
// has just found, if it is still that file, unchanged.
func (f *instance) takePrefetched() (string, bool) {
	p := f.pre.result.Swap(nil)
	if p == nil || f.st == nil {
		return "", false
	}
	st, ok := f.st.Sys().(*syscall.Stat_t)
	if !ok || !sameFile(&p.stat, st) {
		return "", false
	}
	return p.sum, true
}

// sameFile reports whether two stats are of the same inode with the same
// size and times: nothing has been written to it in between.
func sameFile(a, b *syscall.Stat_t) bool {
	return a.Dev == b.Dev && a.Ino == b.Ino && a.Size == b.Size &&
		a.Mtim == b.Mtim && a.Ctim == b.Ctim && a.Mode&syscall.S_IFMT == b.Mode&syscall.S_IFMT
}
