package file

import (
	"sync/atomic"

	"github.com/ordoproject/ordo/internal/resource"
	"syscall"
	"time"
)

// racyWindow is how long ago a file must have last changed for its
// checksum to be read ahead. File times tick in steps of a few
// milliseconds: a write in the same step as the stat the prefetch took
// would not change them, so a file changed shortly before its prefetch is
// left for Retrieve to read (as git treats "racily clean" entries).
const racyWindow = time.Second

// prefetched is a comparison of a file's content with the desired one,
// made ahead of Retrieve, with the identity and times of the file it was
// read from.
type prefetched struct {
	stat    fileStat
	same    bool
	touches uint64 // the run's count of touches before the read
}

// prefetchState is kept apart from the instance's other fields: it is the
// only part another goroutine touches.
type prefetchState struct {
	reached atomic.Bool // Retrieve has begun: prefetching is too late
	result  atomic.Pointer[prefetched]
}

// Prefetch compares the content of a file whose content is given in the
// catalog with it, when the file is a plain file of the desired size that
// has not changed in the last second. It never blocks on special files and never
// follows a link put in the file's place meanwhile.
func (f *instance) Prefetch(touches uint64) {
	// Only fields that New set and nothing changes are read here: a file
	// promised its content by another resource (Type.Promise), whose
	// fields Retrieve changes, is left before any of them is read.
	if f.host.given.promisedTo(f.path) {
		return
	}
	if f.hasSources || !f.hasData || f.ensure == "directory" || f.pre.reached.Load() {
		return
	}
	var sys syscall.Stat_t
	if err := syscall.Lstat(f.path, &sys); err != nil || sys.Mode&syscall.S_IFMT != syscall.S_IFREG || sys.Size != int64(len(f.content)) {
		return
	}
	window := f.host.racyWindow
	if time.Since(time.Unix(sys.Ctim.Unix())) < window || time.Since(time.Unix(sys.Mtim.Unix())) < window {
		return
	}
	st := statOf(&sys)
	fd, err := ignoringEINTR(func() (int, error) {
		return syscall.Open(f.path, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	})
	if err != nil {
		return
	}
	defer syscall.Close(fd)
	if syscall.Fstat(fd, &sys) != nil {
		return
	}
	if fst := statOf(&sys); !sameFile(&st, &fst) {
		return
	}
	same, err := f.sameContentFD(fd)
	if err != nil {
		return
	}
	f.pre.result.Store(&prefetched{stat: st, same: same, touches: touches})
	if f.pre.reached.Load() {
		// Retrieve began meanwhile: it has taken the result or never
		// will; it is not kept to the end of the run.
		f.pre.result.Store(nil)
	}
}

// takePrefetched returns the read made ahead, if any, and forgets it.
func (f *instance) takePrefetched() *prefetched { return f.pre.result.Swap(nil) }

// current reports whether p, read ahead, is the file's state for the
// retrieve h is the handle of: nothing the run did since can have changed
// it. A link followed was not what the prefetch read.
func (p *prefetched) current(f *instance, h *resource.Handle) bool {
	return p != nil && h != nil && p.touches == h.Touches && !f.follow
}

// sameAs returns the comparison p made, if the file Retrieve has just
// found is still the one p read, unchanged.
func (p *prefetched) sameAs(st *fileStat) (same, ok bool) {
	if p == nil || st == nil || !sameFile(&p.stat, st) {
		return false, false
	}
	return p.same, true
}
