package inifile

import (
	"errors"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"unicode/utf8"

	"github.com/ordoproject/ordo/internal/syserr"
)

// Files is what the resources of both types share: a lock under which
// INI files are read and rewritten, so that resources applied at once
// (--jobs) never read a file half written nor write over each other's
// change. A change reads the file again under the lock and is made on
// what it holds then; in a serial run that is what Retrieve read.
type Files struct {
	mu       sync.Mutex
	patterns map[patternKey]*patterns // compiled once per layout
}

// NewTypes returns ini_setting and ini_subsetting sharing one Files.
func NewTypes() (*SettingType, *SubsettingType) {
	f := &Files{patterns: map[patternKey]*patterns{}}
	return &SettingType{files: f}, &SubsettingType{files: f}
}

// exclusiveKey is the key that orders the resources of the INI file at
// path under --jobs.
func exclusiveKey(path string) string {
	if path == "" {
		return ""
	}
	return "inifile:" + filepath.Clean(path)
}

// read reads an INI file as inifile does: what is not a regular file
// (nothing, a folder, a FIFO) reads as empty. A file that is not UTF-8
// cannot be read: inifile's Ruby parser fails on it, and the resource
// fails before it changes anything.
func (fs *Files) read(path string, l Layout) (*File, error) {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	return fs.readLocked(path, l)
}

func (fs *Files) readLocked(path string, l Layout) (*File, error) {
	k := patternKey{l.Separator, l.Prefix, l.Suffix}
	p, ok := fs.patterns[k]
	if !ok {
		var err error
		if p, err = compilePatterns(l); err != nil {
			return nil, err
		}
		fs.patterns[k] = p
	}
	var data []byte
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() {
		if data, err = os.ReadFile(path); err != nil {
			return nil, errors.New(syserr.Describe(err))
		}
		if !utf8.Valid(data) {
			return nil, errors.New("invalid byte sequence in UTF-8")
		}
	}
	return parseWith(data, l, p), nil
}

// change reads the file, lets edit change it and writes it in place (it
// keeps its inode, owner and mode), as inifile's save does; edit returns
// false to leave the file alone.
func (fs *Files) change(path string, l Layout, edit func(f *File) bool) error {
	fs.mu.Lock()
	defer fs.mu.Unlock()
	f, err := fs.readLocked(path, l)
	if err != nil {
		return err
	}
	if !edit(f) {
		return nil
	}
	if err := writeInPlace(path, f.Bytes()); err != nil {
		return errors.New(syserr.Describe(err))
	}
	return nil
}

// writeInPlace writes data over the file at path, or a new file there. It
// opens it without waiting: a FIFO with no reader fails at once (No such
// device or address) instead of blocking the run, where Puppet waits for a
// reader for ever.
func writeInPlace(path string, data []byte) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC|syscall.O_NONBLOCK, 0o666)
	if err != nil {
		return err
	}
	_, err = f.Write(data)
	if err1 := f.Close(); err == nil {
		err = err1
	}
	return err
}
