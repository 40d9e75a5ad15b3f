//go:build !linux || !(amd64 || arm64)

package file

import "syscall"

// statCall is syscall.Lstat, or syscall.Stat when follow.
func statCall(p string, sys *syscall.Stat_t, follow bool) error {
	return statCallSlow(p, sys, follow)
}
