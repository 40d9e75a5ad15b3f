package resource

import (
	"context"
	"strings"
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
	// SplitStderr keeps standard error apart, in Result.Stderr, instead
	// of interleaved with standard output in Result.Output.
	SplitStderr bool
}

// Result is how a command ended.
type Result struct {
	ExitCode int
	Output   []byte // stdout and stderr interleaved
	TimedOut bool
	// Stderr is standard error when the command asked for SplitStderr.
	Stderr []byte
	// Pid is the process's id, 0 if it did not start.
	Pid int
}

// Runner runs commands. The real one starts processes in their own process
// group and kills the whole group on timeout or cancellation.
type Runner interface {
	Run(ctx context.Context, cmd Command) (Result, error)
}

// CommandLine is the command a single command string runs, by the rule
// Ruby's Kernel#exec applies to one string (and so Puppet, to exec
// commands and validate_cmd): through /bin/sh when it has shell
// metacharacters, a variable assignment in the first word, or a shell
// reserved word or special built-in as the program; else split on white
// space.
func CommandLine(s string) Command {
	if needsShell(s) {
		return Command{Shell: true, Argv: []string{s}}
	}
	return Command{Argv: strings.Fields(s)}
}

func needsShell(s string) bool {
	if strings.ContainsAny(s, "*?{}[]<>()~&|\\$;'`\"\n#") {
		return true
	}
	first, _, _ := strings.Cut(strings.TrimLeft(s, " \t"), " ")
	if strings.ContainsRune(first, '=') {
		return true
	}
	switch first {
	case "case", "do", "done", "elif", "else", "esac", "fi", "for", "if", "in", "then", "until", "while", "!",
		".", ":", "break", "continue", "eval", "exec", "exit", "export", "readonly", "return", "set", "shift", "times", "trap", "unset":
		return true
	}
	return false
}
