package syserr

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func TestDescribe(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing")
	_, openErr := os.Open(missing)
	_, readErr := os.ReadFile(dir)
	renameErr := os.Rename(missing, filepath.Join(dir, "other"))
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		// Puppet 7.23: Could not run: No such file or directory @ rb_sysopen - nofile.json
		{"open", openErr, "No such file or directory @ rb_sysopen - " + missing},
		// Puppet 7.23: Could not run: Is a directory @ io_fread - /root
		{"read a directory", readErr, "Is a directory @ io_fread - " + dir},
		{"rename", renameErr, "No such file or directory @ rb_file_s_rename - (" + missing + ", " + filepath.Join(dir, "other") + ")"},
		// Puppet 7.23: Operation not permitted @ apply2files - .../old (testdata/malformed/immutable-dir-absent)
		{"unlink", &os.PathError{Op: "remove", Path: "/x", Err: syscall.EPERM}, "Operation not permitted @ apply2files - /x"},
		{"chmod", &os.PathError{Op: "chmod", Path: "/x", Err: syscall.EPERM}, "Operation not permitted @ apply2files - /x"},
		{"bare errno", syscall.EACCES, "Permission denied"},
		{"syscall", os.NewSyscallError("syncfs", syscall.EIO), "Input/output error"},
		{"other", errors.New("something else"), "something else"},
		{"unknown op", &os.PathError{Op: "frob", Path: "/x", Err: syscall.ENOSPC}, "No space left on device - /x"},
	} {
		if got := Describe(tc.err); got != tc.want {
			t.Errorf("%s: Describe = %q, want %q", tc.name, got, tc.want)
		}
	}
}
