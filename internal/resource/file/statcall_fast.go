//go:build linux && (amd64 || arm64)

package file

import (
	"syscall"
	"unsafe"
)

// statCall is syscall.Lstat, or syscall.Stat when follow, without their
// two allocations (the path made a C string, the Stat_t, which escapes
// through them): the path is copied to the stack when it is short, and
// the result is written to the caller's Stat_t. One runs for every
// managed file, on each core.
func statCall(p string, sys *syscall.Stat_t, follow bool) error {
	var buf [256]byte
	if len(p) >= len(buf) {
		return statCallSlow(p, sys, follow)
	}
	for i := 0; i < len(p); i++ {
		if p[i] == 0 {
			return syscall.EINVAL // as syscall.BytePtrFromString says
		}
	}
	copy(buf[:], p)
	flags := uintptr(atSymlinkNofollow)
	if follow {
		flags = 0
	}
	_, _, errno := syscall.Syscall6(sysFstatat, atFDCWD, uintptr(unsafe.Pointer(&buf[0])), uintptr(unsafe.Pointer(sys)), flags, 0, 0)
	if errno != 0 {
		return errno
	}
	return nil
}

const (
	atFDCWD           = ^uintptr(99) // AT_FDCWD, -100
	atSymlinkNofollow = 0x100
)
