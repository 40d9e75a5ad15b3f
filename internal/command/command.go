// Package command runs external commands for resource providers: each
// command starts in its own process group, and a timeout or cancellation
// kills the whole group, so no background child outlives it.
package command

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/ordoproject/ordo/internal/resource"
)

// Runner is the resource.Runner that starts real processes.
type Runner struct {
	// WaitDelay bounds how long Run waits for output after the process
	// exited or was killed (a leftover child may hold the pipe open).
	// Zero means two seconds.
	WaitDelay time.Duration
}

// NotFoundError reports a program that is not on disk or not on the path.
type NotFoundError struct{ Program string }

func (e *NotFoundError) Error() string { return fmt.Sprintf("Could not find command '%s'", e.Program) }

// Resolve returns the program to run for name: an absolute or relative
// path is kept when it exists, a bare name is searched in dirs (or in
// $PATH when dirs is empty).
func Resolve(name string, dirs []string) (string, error) {
	if strings.ContainsRune(name, '/') {
		if _, err := os.Stat(name); err != nil {
			return "", &NotFoundError{Program: name}
		}
		return name, nil
	}
	if len(dirs) == 0 {
		dirs = filepath.SplitList(os.Getenv("PATH"))
	}
	for _, d := range dirs {
		if d == "" {
			continue
		}
		p := filepath.Join(d, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", &NotFoundError{Program: name}
}

// Argv returns the process arguments that Run starts for c, after the
// shell and umask wrappers; the program is not resolved.
func Argv(c resource.Command) []string {
	argv := c.Argv
	if c.Shell {
		argv = []string{"/bin/sh", "-c", strings.Join(c.Argv, " ")}
	}
	if c.Umask != nil {
		// The umask is process-wide, so it is set in a wrapper shell that
		// then execs the program, never in ordo itself.
		wrapped := []string{"/bin/sh", "-c", "umask " + fmt.Sprintf("%04o", *c.Umask) + ` && exec "$0" "$@"`}
		argv = append(wrapped, argv...)
	}
	return argv
}

// Run starts c and waits for it. A non-zero exit is not an error: it is in
// Result.ExitCode. A timeout kills the process group and sets TimedOut.
func (r Runner) Run(ctx context.Context, c resource.Command) (resource.Result, error) {
	if len(c.Argv) == 0 {
		return resource.Result{}, errors.New("empty command")
	}
	if !c.Shell {
		p, err := Resolve(c.Argv[0], c.Path)
		if err != nil {
			return resource.Result{}, err
		}
		c.Argv = append([]string{p}, c.Argv[1:]...)
	}
	argv := Argv(c)
	runCtx := ctx
	var cancel context.CancelFunc
	if c.Timeout > 0 {
		runCtx, cancel = context.WithTimeout(ctx, c.Timeout)
		defer cancel()
	}
	cmd := exec.CommandContext(runCtx, argv[0], argv[1:]...)
	cmd.Dir = c.Dir
	cmd.Env = mergeEnv(unsetEnv(os.Environ(), c.UnsetEnv), c.Env)
	var out, stderr bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = &out
	if c.SplitStderr {
		cmd.Stderr = &stderr
	}
	if c.Stdin != nil {
		cmd.Stdin = bytes.NewReader(c.Stdin)
	}
	attr := &syscall.SysProcAttr{Setpgid: true}
	if c.UID != nil || c.GID != nil {
		cred := &syscall.Credential{Uid: uint32(os.Getuid()), Gid: uint32(os.Getgid())}
		if c.UID != nil {
			cred.Uid = *c.UID
		}
		if c.GID != nil {
			cred.Gid = *c.GID
		}
		if cred.Uid != uint32(os.Getuid()) || cred.Gid != uint32(os.Getgid()) {
			attr.Credential = cred
		}
	}
	cmd.SysProcAttr = attr
	cmd.Cancel = func() error {
		// The negative pid addresses the whole process group.
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
	cmd.WaitDelay = r.WaitDelay
	if cmd.WaitDelay == 0 {
		cmd.WaitDelay = 2 * time.Second
	}
	err := cmd.Run()
	res := resource.Result{Output: out.Bytes(), ExitCode: -1}
	if c.SplitStderr {
		res.Stderr = stderr.Bytes()
	}
	if cmd.Process != nil {
		res.Pid = cmd.Process.Pid
	}
	if cmd.ProcessState != nil {
		res.ExitCode = cmd.ProcessState.ExitCode()
	}
	if cmd.Process != nil {
		// Reap leftovers of a group whose leader exited on its own but
		// whose context ended; harmless when the group is gone.
		if runCtx.Err() != nil {
			_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		}
	}
	if ctx.Err() != nil {
		return res, fmt.Errorf("Command interrupted: %w", ctx.Err())
	}
	if runCtx.Err() == context.DeadlineExceeded {
		res.TimedOut = true
		return res, nil
	}
	if err != nil {
		var ee *exec.ExitError
		if errors.As(err, &ee) || errors.Is(err, exec.ErrWaitDelay) {
			return res, nil
		}
		return res, err
	}
	return res, nil
}

// unsetEnv returns env without the variables named in names.
func unsetEnv(env, names []string) []string {
	if len(names) == 0 {
		return env
	}
	out := env[:0:0]
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		drop := false
		for _, n := range names {
			if n == k {
				drop = true
				break
			}
		}
		if !drop {
			out = append(out, kv)
		}
	}
	return out
}

// mergeEnv returns base with the NAME=value entries of add replacing or
// appending to it.
func mergeEnv(base, add []string) []string {
	if len(add) == 0 {
		return base
	}
	out := make([]string, 0, len(base)+len(add))
	idx := map[string]int{}
	for _, kv := range base {
		k, _, _ := strings.Cut(kv, "=")
		idx[k] = len(out)
		out = append(out, kv)
	}
	for _, kv := range add {
		k, _, _ := strings.Cut(kv, "=")
		if i, ok := idx[k]; ok {
			out[i] = kv
			continue
		}
		idx[k] = len(out)
		out = append(out, kv)
	}
	return out
}

// Line renders c as one shell-quoted line, the form recorded by Fake and
// shown in test failures.
func Line(c resource.Command) string {
	var b strings.Builder
	for i, a := range Argv(c) {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(quote(a))
	}
	return b.String()
}

func quote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r == '/' || r == '-' || r == '_' || r == '.' || r == '=' || r == ':' || r == ',' ||
			(r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9'))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
