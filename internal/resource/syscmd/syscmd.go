// Package syscmd runs the system tools that providers drive (dpkg,
// apt-get, systemctl, crontab, ...) the way Puppet's providers run them:
// the command line logged at debug level before it runs, and a non-zero
// exit turned into Puppet's "Execution of '…' returned N: output" error.
package syscmd

import (
	"context"
	"fmt"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/resource"
)

// ExecError is a command that exited non-zero, worded as Puppet words it.
type ExecError struct {
	Command string
	Code    int
	Output  string
}

func (e *ExecError) Error() string {
	return fmt.Sprintf("Execution of '%s' returned %d: %s", e.Command, e.Code, e.Output)
}

// Options steer one command.
type Options struct {
	// Env is added to the command's environment.
	Env []string
	// Stdin is fed to the command.
	Stdin []byte
	// Pipe logs the command as "Executing 'line'" (no colon), the form
	// Puppet's execpipe uses.
	Pipe bool
	// Silent leaves the debug line out.
	Silent bool
}

// Line renders argv as Puppet logs it: arguments joined by spaces.
func Line(argv []string) string { return strings.Join(argv, " ") }

// Executing is the debug line Puppet logs before it runs the command
// line as user and group (either may be "" for ordo's own):
// "Executing with uid=deploy gid=staff: 'line'", "Executing: 'line'".
func Executing(user, group, line string) string {
	with := ""
	if user != "" {
		with += " uid=" + user
	}
	if group != "" {
		with += " gid=" + group
	}
	if with != "" {
		with = " with" + with
	}
	return "Executing" + with + ": '" + line + "'"
}

// Run runs argv through h's runner and returns its result; only a failure
// to start it is an error.
func Run(ctx context.Context, h *resource.Handle, argv []string, o Options) (resource.Result, error) {
	if h.Log != nil && !o.Silent {
		msg := Executing("", "", Line(argv))
		if o.Pipe {
			msg = "Executing '" + Line(argv) + "'"
		}
		h.Log.Log(resource.Debug, "", msg)
	}
	return h.Runner.Run(ctx, resource.Command{Argv: argv, Env: o.Env, Stdin: o.Stdin})
}

// Exec runs argv as Run does and returns its output; a non-zero exit is
// an *ExecError carrying the output.
func Exec(ctx context.Context, h *resource.Handle, argv []string, o Options) (string, error) {
	res, err := Run(ctx, h, argv, o)
	if err != nil {
		return "", err
	}
	if res.ExitCode != 0 || res.TimedOut {
		return string(res.Output), &ExecError{Command: Line(argv), Code: res.ExitCode, Output: strings.TrimRight(string(res.Output), "\n")}
	}
	return string(res.Output), nil
}

// Find returns the first executable named name in dirs, or "".
func Find(name string, dirs ...string) string {
	for _, d := range dirs {
		p := filepath.Join(d, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p
		}
	}
	return ""
}

// SearchPath returns the first executable named name on $PATH, or "".
func SearchPath(name string) string {
	return Find(name, filepath.SplitList(os.Getenv("PATH"))...)
}

// Credentials are the ids a command runs as, as Puppet's execution
// takes its uid and gid: user and group each a name or a number (a
// number no account has is taken as it is), nil where not given; a user
// without a group runs with the user's primary group (for a bare number,
// the number again). A name no account has is an error in Puppet's
// words.
func Credentials(userName, groupName string) (uid, gid *uint32, err error) {
	if userName != "" {
		u, err := lookupUser(userName)
		if err != nil {
			return nil, nil, err
		}
		uid, gid = parseID(u.Uid), parseID(u.Gid)
	}
	if groupName != "" {
		g, err := lookupGroup(groupName)
		if err != nil {
			return nil, nil, err
		}
		gid = parseID(g.Gid)
	}
	return uid, gid, nil
}

func parseID(s string) *uint32 {
	n, _ := strconv.ParseUint(s, 10, 32)
	id := uint32(n)
	return &id
}

func lookupUser(name string) (*user.User, error) {
	if u, err := user.Lookup(name); err == nil {
		return u, nil
	}
	if _, err := strconv.ParseUint(name, 10, 32); err == nil {
		if u, err := user.LookupId(name); err == nil {
			return u, nil
		}
		return &user.User{Uid: name, Gid: name}, nil
	}
	return nil, fmt.Errorf("Invalid user: %s", name)
}

func lookupGroup(name string) (*user.Group, error) {
	if g, err := user.LookupGroup(name); err == nil {
		return g, nil
	}
	if _, err := strconv.ParseUint(name, 10, 32); err == nil {
		return &user.Group{Gid: name}, nil
	}
	return nil, fmt.Errorf("Invalid group: %s", name)
}
