package cli

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"

	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/syserr"
)

// runLock keeps two applies from changing the machine at once: it holds an
// exclusive flock on path for the whole run. A second apply waits for the
// first to finish and says so. The kernel drops the lock if ordo dies.
type runLock struct{ f *os.File }

// lockRun takes the run lock at path, waiting if another apply holds it
// until it is free or ctx ends. An empty path takes no lock.
func lockRun(ctx context.Context, path string, log resource.Logger) (*runLock, error) {
	if path == "" {
		return &runLock{}, nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("Could not create the run lock %s: %s", path, syserr.Describe(err))
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("Could not open the run lock %s: %s", path, syserr.Describe(err))
	}
	// A blocking flock would not return on SIGINT (Go restarts the
	// call), so waiting polls, and a canceled run stops waiting.
	var tick *time.Ticker
	for {
		err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
		if err == nil {
			if tick != nil {
				tick.Stop()
			}
			return &runLock{f: f}, nil
		}
		if err != syscall.EWOULDBLOCK && err != syscall.EINTR {
			f.Close()
			return nil, fmt.Errorf("Could not take the run lock %s: %s", path, syserr.Errno(err))
		}
		if tick == nil {
			log.Log(resource.Notice, "", fmt.Sprintf("Another ordo apply is running (lock %s); waiting for it to finish", path))
			tick = time.NewTicker(lockPoll)
		}
		select {
		case <-ctx.Done():
			tick.Stop()
			f.Close()
			return nil, fmt.Errorf("gave up waiting for the run lock %s: %w", path, context.Cause(ctx))
		case <-tick.C:
		}
	}
}

// lockPoll is how often a waiting apply tries the run lock again.
const lockPoll = 100 * time.Millisecond

// release drops the lock.
func (l *runLock) release() {
	if l.f != nil {
		l.f.Close()
	}
}
