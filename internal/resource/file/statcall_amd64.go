//go:build linux

package file

import "syscall"

const sysFstatat = syscall.SYS_NEWFSTATAT
