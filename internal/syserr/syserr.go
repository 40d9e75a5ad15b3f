// Package syserr renders operating-system errors as Puppet's messages
// show them, Ruby's Errno text: "No such file or directory @ rb_sysopen -
// /etc/x" rather than Go's "open /etc/x: no such file or directory".
package syserr

import (
	"errors"
	"io/fs"
	"os"
	"strings"
	"syscall"
)

// rubyCalls maps the operation Go names in a path error to the Ruby
// function Puppet's message names after the "@".
var rubyCalls = map[string]string{
	"open":  "rb_sysopen",
	"read":  "io_fread",
	"write": "io_write",
	"mkdir": "dir_s_mkdir",
	"stat":  "rb_file_s_stat",
	"lstat": "rb_file_s_lstat",
	// File.unlink, File.chmod and File.lchown fail in Ruby's apply2files
	// (testdata/malformed/immutable-*).
	"remove":   "apply2files",
	"unlink":   "apply2files",
	"chmod":    "apply2files",
	"chown":    "apply2files",
	"lchown":   "apply2files",
	"readlink": "rb_readlink",
	"rename":   "rb_file_s_rename",
	"link":     "rb_file_s_link",
	"symlink":  "rb_file_s_symlink",
}

// Describe renders err: a path error as Ruby's Errno message with the
// path, a link error with both paths, a bare errno capitalized as
// strerror(3) has it; other errors as they are.
func Describe(err error) string {
	if err == nil {
		return ""
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		msg := Errno(le.Err)
		if call, ok := rubyCalls[le.Op]; ok {
			msg += " @ " + call
		}
		return msg + " - (" + le.Old + ", " + le.New + ")"
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		msg := Errno(pe.Err)
		if call, ok := rubyCalls[pe.Op]; ok {
			msg += " @ " + call
		}
		return msg + " - " + pe.Path
	}
	var se *os.SyscallError
	if errors.As(err, &se) {
		return Errno(se.Err)
	}
	return Errno(err)
}

// Errno is an errno's text as strerror(3) writes it ("Permission
// denied"); another error's own text.
func Errno(err error) string {
	var en syscall.Errno
	if errors.As(err, &en) {
		s := en.Error()
		if s == "" {
			return s
		}
		return strings.ToUpper(s[:1]) + s[1:]
	}
	return err.Error()
}
