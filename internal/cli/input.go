package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/ordoproject/ordo/internal/report"
	"github.com/ordoproject/ordo/internal/syserr"
)

// readInput reads a catalog (or another input, named by kind in
// messages) from the file name, or standard input for "-". A folder, a
// device or a socket is refused at once; a pipe (a FIFO, or <(command))
// is read, and as reading one can block for good, the read stops when
// ctx ends (SIGINT, SIGTERM), leaving the reader behind.
func readInput(ctx context.Context, stdio Stdio, name, kind string) ([]byte, error) {
	open := func() (io.ReadCloser, error) { return io.NopCloser(stdio.In), nil }
	what := "standard input"
	var size int64 // a regular file's size: the buffer is made for it
	if name != "-" {
		what = name
		st, err := os.Stat(name)
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				// Puppet opens the file first and says so.
				err = &fs.PathError{Op: "open", Path: name, Err: pe.Err}
			}
			return nil, fmt.Errorf("Could not run: %s", syserr.Describe(err))
		}
		switch mode := st.Mode(); {
		case mode.IsDir():
			return nil, fmt.Errorf("Could not run: %s", syserr.Describe(&fs.PathError{Op: "read", Path: name, Err: syscall.EISDIR}))
		case mode&(fs.ModeDevice|fs.ModeCharDevice) != 0:
			return nil, fmt.Errorf("Could not run: %s is a device, not a %s file", name, kind)
		case mode&fs.ModeSocket != 0:
			return nil, fmt.Errorf("Could not run: %s is a socket, not a %s file", name, kind)
		}
		open = func() (io.ReadCloser, error) { return os.Open(name) }
		if st.Mode().IsRegular() {
			size = st.Size()
		}
	}
	type read struct {
		data []byte
		err  error
	}
	done := make(chan read, 1)
	go func() {
		r, err := open()
		if err != nil {
			done <- read{nil, err}
			return
		}
		defer r.Close()
		data, err := readAll(r, size)
		done <- read{data, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			return nil, fmt.Errorf("Could not run: %s", syserr.Describe(r.err))
		}
		return r.data, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("stopped reading the %s from %s: %w", kind, what, context.Cause(ctx))
	}
}

// readAll is io.ReadAll into a buffer made for size bytes (and a little
// more, to see the end): a large catalog is read in one buffer of its
// size, not through a series of ever larger ones that leave twice its
// size behind.
func readAll(r io.Reader, size int64) ([]byte, error) {
	if size <= 0 || size > 1<<40 {
		return io.ReadAll(r)
	}
	b := make([]byte, 0, size+512)
	for {
		n, err := r.Read(b[len(b):cap(b)])
		b = b[:len(b)+n]
		if err == io.EOF {
			return b, nil
		}
		if err != nil {
			return b, err
		}
		if len(b) == cap(b) {
			// The file grew since it was looked at.
			b = append(b, 0)[:len(b)]
		}
	}
}

// reportFile is where --report goes. It is made before anything is
// applied, as a temporary file beside the report, so that a report that
// cannot be written stops the run before it changes anything; the report
// replaces the file at the path whole.
type reportFile struct {
	path string
	tmp  *os.File
}

// createReport checks that a report can be written at path.
func createReport(path string) (*reportFile, error) {
	fail := func(err error) error {
		return fmt.Errorf("Could not run: Could not write the report %s: %s", path, syserr.Errno(err))
	}
	if st, err := os.Stat(path); err == nil && st.IsDir() {
		return nil, fail(syscall.EISDIR)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fail(err)
	}
	return &reportFile{path: path, tmp: tmp}, nil
}

// write writes doc and puts it in place.
func (r *reportFile) write(doc *report.JSON) error {
	err := report.Write(r.tmp, doc)
	if cerr := r.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(r.tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(r.tmp.Name(), r.path)
	}
	if err != nil {
		os.Remove(r.tmp.Name())
		return fmt.Errorf("Could not write the report %s: %s", r.path, syserr.Describe(err))
	}
	return nil
}

// discard removes the temporary file of a report never written.
func (r *reportFile) discard() {
	r.tmp.Close()
	os.Remove(r.tmp.Name())
}
