package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"syscall"

	"github.com/ordoproject/ordo/internal/resource"
)

// runLock keeps two applies from changing the machine at once: it holds an
// exclusive flock on path for the whole run. A second apply waits for the
// first to finish and says so. The kernel drops the lock if ordo dies.
type runLock struct{ f *os.File }

// lockRun takes the run lock at path, waiting if another apply holds it.
// An empty path takes no lock.
func lockRun(path string, log resource.Logger) (*runLock, error) {
	if path == "" {
		return &runLock{}, nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("could not create the run lock %s: %w", path, err)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("could not open the run lock %s: %w", path, err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err == syscall.EWOULDBLOCK {
		log.Log(resource.Notice, "", fmt.Sprintf("Another ordo apply is running (lock %s); waiting for it to finish", path))
		err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("could not take the run lock %s: %w", path, err)
		}
	} else if err != nil {
		f.Close()
		return nil, fmt.Errorf("could not take the run lock %s: %w", path, err)
	}
	return &runLock{f: f}, nil
}

// release drops the lock.
func (l *runLock) release() {
	if l.f != nil {
		l.f.Close()
	}
}
