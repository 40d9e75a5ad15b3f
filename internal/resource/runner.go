package resource

import (
	"context"
	"time"
)

// Command is one external command to run.
type Command struct {
	// Argv is the program and its arguments; with Shell set, Argv[0] is a
	// command line given to /bin/sh -c.
	Argv  []string
	Shell bool
	Dir   string
	// Env is added to the environment, as "NAME=value".
	Env []string
	// UnsetEnv names variables removed from the inherited environment
	// (before Env is added).
	UnsetEnv []string
	// Path is the PATH to search for a bare program name.
	Path    []string
	UID     *uint32
	GID     *uint32
	Umask   *int
	Timeout time.Duration
	Stdin   []byte
}

// Result is how a command ended.
type Result struct {
	ExitCode int
	Output   []byte // stdout and stderr interleaved
	TimedOut bool
}

// Runner runs commands. The real one starts processes in their own process
// group and kills the whole group on timeout or cancellation.
type Runner interface {
	Run(ctx context.Context, cmd Command) (Result, error)
}
