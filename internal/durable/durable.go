// Package durable batches the flushing of newly created files to disk.
//
// A file that replaces an existing one is synced before it is renamed into
// place, so a power cut leaves either the old content or the new one. A
// file that did not exist before has no old content to lose: its writer can
// put it in place at once and leave it to a Batch, which syncs every
// file system that received such files once, with syncfs(2), at the end of
// the run. A crash before that may leave a new file empty or missing, which
// the next run sees and writes again.
package durable

import (
	"errors"
	"os"
	"sync"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/ordoproject/ordo/internal/syserr"
)

// Batch collects the file systems that hold unsynced new files. Its zero
// value is ready to use; it is safe for concurrent use.
type Batch struct {
	mu   sync.Mutex
	dirs map[uint64][]string // device → directories written on it, in order
	seen map[string]bool     // directories already added since the last Sync
}

// Add records that a new file was written into dir.
func (b *Batch) Add(dir string) error {
	b.mu.Lock()
	known := b.seen[dir]
	b.mu.Unlock()
	if known {
		return nil
	}
	st, err := os.Stat(dir)
	if err != nil {
		return err
	}
	dev := uint64(st.Sys().(*syscall.Stat_t).Dev)
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.dirs == nil {
		b.dirs, b.seen = map[uint64][]string{}, map[string]bool{}
	}
	// Another Add of dir may have won the race while this one ran stat.
	if b.seen[dir] {
		return nil
	}
	b.seen[dir] = true
	// One directory per device is enough; a second is kept in case the
	// first is removed before Sync.
	if len(b.dirs[dev]) < 2 {
		b.dirs[dev] = append(b.dirs[dev], dir)
	}
	return nil
}

// SyncError is a file system that could not be synced.
type SyncError struct {
	Dir string // a directory on it that received new files
	Err error
}

func (e *SyncError) Error() string {
	return "Could not sync the file system of " + e.Dir + ": " + syserr.Errno(e.Err)
}

func (e *SyncError) Unwrap() error { return e.Err }

// Pending reports whether files await a Sync.
func (b *Batch) Pending() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.dirs) > 0
}

// Sync flushes every file system recorded since the last Sync. When none of
// a file system's recorded directories can be opened any more, it falls
// back to sync(2), which flushes them all.
func (b *Batch) Sync() error {
	b.mu.Lock()
	dirs := b.dirs
	b.dirs, b.seen = nil, nil
	b.mu.Unlock()
	var errs []error
	fallback := false
	for _, list := range dirs {
		done := false
		for _, dir := range list {
			fd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
			if err != nil {
				continue
			}
			err = unix.Syncfs(fd)
			unix.Close(fd)
			if err != nil {
				errs = append(errs, &SyncError{Dir: dir, Err: err})
			}
			done = true
			break
		}
		if !done {
			fallback = true
		}
	}
	if fallback {
		unix.Sync()
	}
	return errors.Join(errs...)
}
