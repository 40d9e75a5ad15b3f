package resource

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
)

// LocalHost answers confines about the machine ordo runs on. Commands are
// looked up on PATH and in the sbin folders; the only fact it knows is
// kernel (Linux, Darwin, FreeBSD, ...), as Facter names it.
type LocalHost struct{}

// HasCommand reports whether name (a path, or a program on PATH or in
// /usr/sbin, /sbin) exists and is executable.
func (LocalHost) HasCommand(name string) bool {
	if filepath.IsAbs(name) {
		st, err := os.Stat(name)
		return err == nil && st.Mode().IsRegular() && st.Mode()&0o111 != 0
	}
	if _, err := exec.LookPath(name); err == nil {
		return true
	}
	for _, dir := range []string{"/usr/sbin", "/sbin", "/usr/bin", "/bin"} {
		if (LocalHost{}).HasCommand(filepath.Join(dir, name)) {
			return true
		}
	}
	return false
}

// Fact returns kernel; other facts are unknown ("").
func (LocalHost) Fact(name string) string {
	if name == "kernel" {
		k := runtime.GOOS
		switch k {
		case "freebsd":
			return "FreeBSD"
		case "openbsd":
			return "OpenBSD"
		case "netbsd":
			return "NetBSD"
		case "solaris":
			return "SunOS"
		case "aix":
			return "AIX"
		}
		return strings.ToUpper(k[:1]) + k[1:]
	}
	return ""
}

// NotFunctional is implemented by the instance of a resource whose chosen
// provider cannot work on this host. The engine does not evaluate it: it
// logs the error against the resource and counts it failed, as Puppet
// does with a resource whose provider is not suitable.
type NotFunctional interface {
	NotFunctional() error
}

// notFunctional is the instance of a resource that names a provider whose
// confines do not hold here.
type notFunctional struct{ err error }

func (n notFunctional) NotFunctional() error                    { return n.err }
func (n notFunctional) Retrieve(context.Context, *Handle) error { return n.err }
func (n notFunctional) Exists() bool                            { return false }
func (n notFunctional) Properties() []Property                  { return nil }

// unsuitable returns Puppet's error when the resource names a provider
// whose confines do not hold on h, nil otherwise. A provider chosen by
// default is never checked here: it was the suitable one.
func unsuitable(v Values, h Host) error {
	if h == nil {
		return nil
	}
	x, ok := v.Lookup("provider")
	if !ok {
		return nil
	}
	p := v.s.Provider(x.(string))
	if p == nil || (!p.Unimplemented && p.Confine.Holds(h)) {
		return nil
	}
	return errors.New("Provider " + p.Name + " is not functional on this host")
}
