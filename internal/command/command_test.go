package command

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ordoproject/ordo/internal/resource"
)

func run(t *testing.T, c resource.Command) resource.Result {
	t.Helper()
	res, err := Runner{}.Run(context.Background(), c)
	if err != nil {
		t.Fatalf("run %v: %v", c.Argv, err)
	}
	return res
}

func TestRun(t *testing.T) {
	dir := t.TempDir()
	mask := 0o077
	uid, gid := uint32(65534), uint32(65534)
	tests := []struct {
		name string
		cmd  resource.Command
		out  string
		code int
	}{
		{"exit code", resource.Command{Argv: []string{"/bin/sh", "-c", "exit 3"}}, "", 3},
		{"combined output", resource.Command{Argv: []string{"/bin/sh", "-c", "echo a; echo b >&2; echo c"}}, "a\nb\nc\n", 0},
		{"bare name on path", resource.Command{Argv: []string{"echo", "hi"}, Path: []string{"/nonexistent", "/bin"}}, "hi\n", 0},
		{"shell", resource.Command{Argv: []string{"echo $((1+2)) | tr 3 x"}, Shell: true}, "x\n", 0},
		{"dir", resource.Command{Argv: []string{"/bin/pwd"}, Dir: dir}, dir + "\n", 0},
		{"env", resource.Command{Argv: []string{"/bin/sh", "-c", "echo $FOO"}, Env: []string{"FOO=bar"}}, "bar\n", 0},
		{"unset env", resource.Command{Argv: []string{"/bin/sh", "-c", "echo H=$HOME F=$FOO"}, UnsetEnv: []string{"HOME"}, Env: []string{"FOO=x"}}, "H= F=x\n", 0},
		{"umask", resource.Command{Argv: []string{"/bin/sh", "-c", "umask"}, Umask: &mask}, "0077\n", 0},
		{"umask shell", resource.Command{Argv: []string{"umask"}, Shell: true, Umask: &mask}, "0077\n", 0},
		{"stdin", resource.Command{Argv: []string{"/bin/cat"}, Stdin: []byte("in")}, "in", 0},
		{"user", resource.Command{Argv: []string{"/usr/bin/id", "-u"}, UID: &uid, GID: &gid}, "65534\n", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.cmd.UID != nil && os.Getuid() != 0 {
				t.Skip("needs root")
			}
			res := run(t, tt.cmd)
			if string(res.Output) != tt.out || res.ExitCode != tt.code {
				t.Errorf("got %q exit %d, want %q exit %d", res.Output, res.ExitCode, tt.out, tt.code)
			}
		})
	}
}

// TestSplitStderr: with SplitStderr, standard error is apart and the
// pid is reported.
func TestSplitStderr(t *testing.T) {
	res := run(t, resource.Command{Argv: []string{"/bin/sh", "-c", "echo a; echo b >&2; echo $$"}, SplitStderr: true})
	lines := strings.Split(strings.TrimSpace(string(res.Output)), "\n")
	if len(lines) != 2 || lines[0] != "a" || string(res.Stderr) != "b\n" {
		t.Fatalf("output %q, stderr %q", res.Output, res.Stderr)
	}
	if lines[1] != strconv.Itoa(res.Pid) {
		t.Errorf("pid %d, the shell said %s", res.Pid, lines[1])
	}
}

func TestNotFound(t *testing.T) {
	for _, c := range []resource.Command{
		{Argv: []string{"/nonexistent/x"}},
		{Argv: []string{"nosuchcommand"}, Path: []string{"/bin"}},
	} {
		_, err := Runner{}.Run(context.Background(), c)
		want := "Could not find command '" + c.Argv[0] + "'"
		if err == nil || err.Error() != want {
			t.Errorf("err = %v, want %s", err, want)
		}
	}
}

// TestTimeoutKillsGroup proves a timeout kills background children too.
func TestTimeoutKillsGroup(t *testing.T) {
	pidfile := filepath.Join(t.TempDir(), "pid")
	start := time.Now()
	res := run(t, resource.Command{
		Argv:    []string{"/bin/sh", "-c", "sleep 60 & echo $! > " + pidfile + "; wait"},
		Timeout: 300 * time.Millisecond,
	})
	if !res.TimedOut {
		t.Fatalf("not timed out: %+v", res)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("took %v", d)
	}
	data, err := os.ReadFile(pidfile)
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(data)))
	deadline := time.Now().Add(2 * time.Second)
	for {
		// A killed child of an exited shell is reaped by init; until then
		// it is a zombie, which counts as dead.
		if err := syscall.Kill(pid, 0); err != nil || zombie(pid) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("background child %d survived the timeout", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func zombie(pid int) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	s := string(data)
	i := strings.LastIndexByte(s, ')')
	return i > 0 && len(s) > i+2 && s[i+2] == 'Z'
}

func TestCancelKillsGroup(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := Runner{}.Run(ctx, resource.Command{Argv: []string{"/bin/sh", "-c", "sleep 60 & sleep 60"}})
	if err == nil {
		t.Fatal("no error on cancel")
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Fatalf("took %v", d)
	}
}

func TestFake(t *testing.T) {
	f := &Fake{Results: map[string]resource.Result{"/bin/echo 'a b'": {ExitCode: 0, Output: []byte("x")}}, Next: Runner{}}
	res, err := f.Run(context.Background(), resource.Command{Argv: []string{"/bin/echo", "a b"}})
	if err != nil || string(res.Output) != "x" {
		t.Fatalf("%v %q", err, res.Output)
	}
	res, err = f.Run(context.Background(), resource.Command{Argv: []string{"/bin/echo", "real"}})
	if err != nil || string(res.Output) != "real\n" {
		t.Fatalf("%v %q", err, res.Output)
	}
	m := 0o022
	f.Run(context.Background(), resource.Command{Argv: []string{"ls"}, Shell: true, Umask: &m})
	want := []string{"/bin/echo 'a b'", "/bin/echo real", `/bin/sh -c 'umask 0022 && exec "$0" "$@"' /bin/sh -c ls`}
	got := f.Lines()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
