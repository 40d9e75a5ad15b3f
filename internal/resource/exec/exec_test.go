package exec

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

func path(title string) string { return "/Stage[main]/Main/Exec[" + title + "]" }

// apply runs one exec like the engine does and returns the lines at
// notice and above (debug too when debug is set).
func apply(t *testing.T, r *catalog.Resource, noop, debug bool) string {
	t.Helper()
	inst, err := resource.Instantiate(Type{}, r)
	if err != nil {
		t.Fatal(err)
	}
	log := &resourcetest.Logger{MinLevel: resource.Notice}
	if debug {
		log.MinLevel = resource.Debug
	}
	h := &resource.Handle{Path: path(r.Title), Log: log, Noop: noop, Runner: command.Runner{}}
	resourcetest.Apply(context.Background(), inst, h)
	return log.String()
}

func res(title string, kv ...any) *catalog.Resource {
	return resourcetest.Resource("Exec", title, kv...)
}

func TestApply(t *testing.T) {
	dir := t.TempDir()
	exists := filepath.Join(dir, "exists")
	os.WriteFile(exists, nil, 0o644)
	P := path
	tests := []struct {
		name string
		r    *catalog.Resource
		want string
	}{
		{"success", res("t", "command", "/bin/true"),
			"Notice: " + P("t") + "/returns: executed successfully"},
		{"title is command", res("/bin/true"),
			"Notice: " + P("/bin/true") + "/returns: executed successfully"},
		{"failure", res("bad", "command", "/bin/false"),
			"Error: '/bin/false' returned 1 instead of one of [0]\n" +
				"Error: " + P("bad") + "/returns: change from 'notrun' to ['0'] failed: '/bin/false' returned 1 instead of one of [0]"},
		{"on_failure logs output", res("c5", "command", `/bin/sh -c "echo out; exit 4"`),
			"Notice: " + P("c5") + "/returns: out\n" +
				`Error: '/bin/sh -c "echo out; exit 4"' returned 4 instead of one of [0]` + "\n" +
				"Error: " + P("c5") + `/returns: change from 'notrun' to ['0'] failed: '/bin/sh -c "echo out; exit 4"' returned 4 instead of one of [0]`},
		{"logoutput false", res("c6", "command", `/bin/sh -c "echo out; exit 4"`, "logoutput", false),
			`Error: '/bin/sh -c "echo out; exit 4"' returned 4 instead of one of [0]` + "\n" +
				"Error: " + P("c6") + `/returns: change from 'notrun' to ['0'] failed: '/bin/sh -c "echo out; exit 4"' returned 4 instead of one of [0]`},
		{"returns list", res("c4", "command", `/bin/sh -c "exit 3"`, "returns", []catalog.Value{int64(0), int64(3)}),
			"Notice: " + P("c4") + "/returns: executed successfully"},
		{"returns list failure", res("rr", "command", `/bin/sh -c "exit 4"`, "returns", []catalog.Value{int64(0), int64(3)}),
			`Error: '/bin/sh -c "exit 4"' returned 4 instead of one of [0,3]` + "\n" +
				"Error: " + P("rr") + `/returns: change from 'notrun' to ['0', '3'] failed: '/bin/sh -c "exit 4"' returned 4 instead of one of [0,3]`},
		{"timeout", res("c7", "command", `/bin/sh -c "sleep 5"`, "timeout", int64(1)),
			"Error: Command exceeded timeout\n" +
				"Error: " + P("c7") + "/returns: change from 'notrun' to ['0'] failed: Command exceeded timeout"},
		{"cwd and path", res("c8", "command", "pwd", "cwd", dir, "path", "/bin:/usr/bin", "logoutput", true),
			"Notice: " + P("c8") + "/returns: " + dir + "\n" +
				"Notice: " + P("c8") + "/returns: executed successfully"},
		{"environment", res("c9", "command", `/bin/sh -c "echo $FOO"`, "environment", []catalog.Value{"FOO=bar"}, "logoutput", true),
			"Notice: " + P("c9") + "/returns: bar\n" +
				"Notice: " + P("c9") + "/returns: executed successfully"},
		{"no user variables", res("h", "command", `/bin/sh -c "echo HOME=$HOME USER=$USER"`, "logoutput", true),
			"Notice: " + P("h") + "/returns: HOME= USER=\n" +
				"Notice: " + P("h") + "/returns: executed successfully"},
		{"umask", res("c11", "command", "/bin/sh -c umask", "umask", "0077", "logoutput", true),
			"Notice: " + P("c11") + "/returns: 0077\n" +
				"Notice: " + P("c11") + "/returns: executed successfully"},
		{"shell provider", res("sh", "command", "echo a && echo b", "provider", "shell", "logoutput", true),
			"Notice: " + P("sh") + "/returns: a\nNotice: " + P("sh") + "/returns: b\n" +
				"Notice: " + P("sh") + "/returns: executed successfully"},
		{"array command", res("arr", "command", []catalog.Value{"/bin/echo", "a;b"}, "logoutput", true),
			"Notice: " + P("arr") + "/returns: a;b\n" +
				"Notice: " + P("arr") + "/returns: executed successfully"},
		{"array failure", res("q2", "command", []catalog.Value{"/bin/sh", "-c", "exit 1"}),
			`Error: '["/bin/sh", "-c", "exit 1"]' returned 1 instead of one of [0]` + "\n" +
				"Error: " + P("q2") + `/returns: change from 'notrun' to ['0'] failed: '["/bin/sh", "-c", "exit 1"]' returned 1 instead of one of [0]`},
		{"missing cwd", res("nocwd", "command", "/bin/true", "cwd", "/nonexistent"),
			"Error: Working directory /nonexistent does not exist!\n" +
				"Error: " + P("nocwd") + "/returns: change from 'notrun' to ['0'] failed: Working directory /nonexistent does not exist!"},
		{"directory as command", res("dir", "command", "/etc"),
			"Error: '/etc' is a directory, not a file\n" +
				"Error: " + P("dir") + "/returns: change from 'notrun' to ['0'] failed: '/etc' is a directory, not a file"},
		{"missing command", res("c13", "command", "/nonexistent/x"),
			"Error: Could not find command '/nonexistent/x'\n" +
				"Error: " + P("c13") + "/returns: change from 'notrun' to ['0'] failed: Could not find command '/nonexistent/x'"},
		{"not on path", res("r3", "command", "nosuchcmd", "path", "/bin"),
			"Error: Could not find command 'nosuchcmd'\n" +
				"Error: " + P("r3") + "/returns: change from 'notrun' to ['0'] failed: Could not find command 'nosuchcmd'"},
		{"missing check command", res("r1", "command", "/bin/echo r1", "onlyif", "/nonexistent/y"),
			"Error: " + P("r1") + ": Could not evaluate: Could not find command '/nonexistent/y'"},
		{"creates exists", res("c1", "command", "/bin/echo c1", "creates", exists), ""},
		{"creates missing", res("c1b", "command", "/bin/true", "creates", filepath.Join(dir, "nope")),
			"Notice: " + P("c1b") + "/returns: executed successfully"},
		{"onlyif fails", res("c2", "command", "/bin/echo c2", "onlyif", "/bin/false"), ""},
		{"onlyif passes", res("c2b", "command", "/bin/true", "onlyif", []catalog.Value{"/bin/true", "/bin/true"}),
			"Notice: " + P("c2b") + "/returns: executed successfully"},
		{"unless one passes", res("c3", "command", "/bin/echo c3", "unless", []catalog.Value{"/bin/true", "/bin/false"}), ""},
		{"unless fails", res("c3b", "command", "/bin/true", "unless", "/bin/false"),
			"Notice: " + P("c3b") + "/returns: executed successfully"},
		{"refreshonly", res("c14", "command", "/bin/echo x", "refreshonly", true), ""},
		{"user nobody", res("c12", "command", "/usr/bin/id -u", "user", "nobody", "logoutput", true),
			"Notice: " + P("c12") + "/returns: 65534\n" +
				"Notice: " + P("c12") + "/returns: executed successfully"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.r.String("user") != "" && os.Geteuid() != 0 {
				t.Skip("needs root")
			}
			if got := apply(t, tt.r, false, false); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

func TestNoop(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	got := apply(t, res("n", "command", "/bin/touch "+out), true, false)
	want := "Notice: " + path("n") + "/returns: current_value 'notrun', should be ['0'] (noop)"
	if got != want {
		t.Errorf("got %s", got)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("noop ran the command")
	}
}

func TestDebugLines(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name string
		r    *catalog.Resource
		want []string
	}{
		{"creates", res("c1", "command", "/bin/echo c1", "creates", dir), []string{
			"Debug: " + path("c1") + "/creates: Checking that 'creates' path '" + dir + "' exists",
			"Debug: " + path("c1") + ": '/bin/echo c1' won't be executed because of failed check 'creates'",
		}},
		{"onlyif", res("c2", "command", "/bin/echo c2", "onlyif", "/bin/false"), []string{
			"Debug: Exec[c2](provider=posix): Executing check '/bin/false'",
			"Debug: Executing: '/bin/false'",
			"Debug: " + path("c2") + ": '/bin/echo c2' won't be executed because of failed check 'onlyif'",
		}},
		{"unless", res("c3", "command", "/bin/echo c3", "unless", []catalog.Value{`/bin/sh -c "echo checking; exit 1"`, "/bin/true"}), []string{
			`Debug: Exec[c3](provider=posix): Executing check '/bin/sh -c "echo checking; exit 1"'`,
			`Debug: Executing: '/bin/sh -c "echo checking; exit 1"'`,
			"Debug: " + path("c3") + "/unless: checking",
			"Debug: Exec[c3](provider=posix): Executing check '/bin/true'",
			"Debug: Executing: '/bin/true'",
			"Debug: " + path("c3") + ": '/bin/echo c3' won't be executed because of failed check 'unless'",
		}},
		{"tries", res("c10", "command", `/bin/sh -c "exit 2"`, "tries", int64(2), "logoutput", false), []string{
			"Debug: " + path("c10") + "/returns: Exec try 1/2",
			`Debug: Exec[c10](provider=posix): Executing '/bin/sh -c "exit 2"'`,
			`Debug: Executing: '/bin/sh -c "exit 2"'`,
			"Debug: " + path("c10") + "/returns: Exec try 2/2",
			`Debug: Exec[c10](provider=posix): Executing '/bin/sh -c "exit 2"'`,
			`Debug: Executing: '/bin/sh -c "exit 2"'`,
			`Error: '/bin/sh -c "exit 2"' returned 2 instead of one of [0]`,
			"Error: " + path("c10") + `/returns: change from 'notrun' to ['0'] failed: '/bin/sh -c "exit 2"' returned 2 instead of one of [0]`,
		}},
		{"user", res("c12", "command", "/bin/true", "user", "nobody"), []string{
			"Debug: Exec[c12](provider=posix): Executing '/bin/true'",
			"Debug: Executing with uid=nobody: '/bin/true'",
			"Notice: " + path("c12") + "/returns: executed successfully",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := apply(t, tt.r, false, true); got != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", got, strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestTriesUntilSuccess(t *testing.T) {
	counter := filepath.Join(t.TempDir(), "n")
	script := `n=$(cat ` + counter + ` 2>/dev/null || echo 0); n=$((n+1)); echo $n > ` + counter + `; [ $n -ge 3 ]`
	got := apply(t, res("tries", "command", script, "provider", "shell", "tries", "3", "try_sleep", "0.01"), false, false)
	if got != "Notice: "+path("tries")+"/returns: executed successfully" {
		t.Errorf("got %s", got)
	}
	data, _ := os.ReadFile(counter)
	if strings.TrimSpace(string(data)) != "3" {
		t.Errorf("ran %s times", data)
	}
}

func TestRefresh(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	tests := []struct {
		name    string
		r       *catalog.Resource
		wantErr string
		lines   string
		ran     bool
	}{
		{"refreshonly runs command", res("r6", "command", "/bin/sh -c 'echo r6; touch "+out+"'", "refreshonly", true, "logoutput", true), "",
			"Notice: " + path("r6") + "/returns: r6", true},
		{"refresh command exit not checked", res("r7", "command", "/bin/echo r7", "refresh", "/bin/sh -c 'touch "+out+"; exit 1'"), "", "", true},
		{"checks block refresh", res("r8", "command", "/bin/touch "+out, "unless", "/bin/true"), "", "", false},
		{"failing refresh", res("r9", "command", "/bin/false", "refreshonly", true), "'/bin/false' returned 1 instead of one of [0]", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			os.Remove(out)
			inst, err := resource.Instantiate(Type{}, tt.r)
			if err != nil {
				t.Fatal(err)
			}
			log := &resourcetest.Logger{MinLevel: resource.Notice}
			h := &resource.Handle{Path: path(tt.r.Title), Log: log}
			err = inst.(resource.Refresher).Refresh(context.Background(), h)
			if (err == nil && tt.wantErr != "") || (err != nil && err.Error() != tt.wantErr) {
				t.Errorf("err = %v, want %q", err, tt.wantErr)
			}
			if log.String() != tt.lines {
				t.Errorf("lines\n%s\nwant\n%s", log.String(), tt.lines)
			}
			if _, err := os.Stat(out); (err == nil) != tt.ran {
				t.Errorf("ran = %v, want %v", err == nil, tt.ran)
			}
		})
	}
}

// TestTimeoutKillsGroup proves the timeout kills the command's children.
func TestTimeoutKillsGroup(t *testing.T) {
	pidfile := filepath.Join(t.TempDir(), "pid")
	start := time.Now()
	got := apply(t, res("to", "command", "sleep 60 & echo $! > "+pidfile+"; wait", "provider", "shell", "timeout", "0.5"), false, false)
	if !strings.Contains(got, "Error: Command exceeded timeout") {
		t.Fatalf("got %s", got)
	}
	if time.Since(start) > 10*time.Second {
		t.Fatal("timeout not enforced")
	}
	data, err := os.ReadFile(pidfile)
	if err != nil {
		t.Fatal(err)
	}
	pid, _ := strconv.Atoi(strings.TrimSpace(string(data)))
	for deadline := time.Now().Add(2 * time.Second); ; {
		stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
		if syscall.Kill(pid, 0) != nil || err != nil || strings.Contains(string(stat), ") Z") {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("child %d survived", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestValidation(t *testing.T) {
	tests := []struct {
		r    *catalog.Resource
		want string
	}{
		{res("r2", "command", "echo r2"), "Validation of Exec[r2] failed: 'echo' is not qualified and no path was specified. Please qualify the command or specify a path."},
		{res("q1", "command", "/bin/echo", "onlyif", "test -f /x"), "Parameter onlyif failed on Exec[q1]: 'test' is not qualified and no path was specified. Please qualify the command or specify a path."},
		{res("q3", "command", "/bin/echo", "provider", "foo"), "Parameter provider failed on Exec[q3]: Invalid exec provider 'foo'"},
		{res("cr", "command", "/bin/true", "creates", "rel"), "Parameter creates failed on Exec[cr]: creates must be a fully qualified path"},
		{res("cw", "command", "/bin/true", "cwd", "rel"), "Parameter cwd failed on Exec[cw]: cwd must be a fully qualified path"},
		{res("t0", "command", "/bin/true", "tries", int64(0)), "Parameter tries failed on Exec[t0]: Munging failed for value 0 in class tries: Tries must be an integer >= 1"},
		{res("ts", "command", "/bin/true", "try_sleep", int64(-1)), "Parameter try_sleep failed on Exec[ts]: Munging failed for value -1 in class try_sleep: try_sleep cannot be a negative number"},
		{res("ro", "command", "/bin/true", "refreshonly", "maybe"), `Parameter refreshonly failed on Exec[ro]: Invalid value "maybe". Valid values are true, false.`},
		{res("r5", "command", "/bin/echo", "timeout", "abc"), `Parameter timeout failed on Exec[r5]: Munging failed for value "abc" in class timeout: The timeout must be a number.`},
		{res("r3", "command", "/bin/echo hi", "logoutput", "abc"), `Parameter logoutput failed on Exec[r3]: Invalid value "abc". Valid values are true, false, on_failure.`},
		{res("u", "command", "/bin/echo", "umask", "abc"), `Parameter umask failed on Exec[u]: The umask specification is invalid: "abc"`},
		{res("e", "command", "/bin/echo", "environment", "FOO"), `Parameter environment failed on Exec[e]: Invalid environment setting 'FOO'`},
		{res("t", "command", "/bin/echo", "tries", "x"), `Parameter tries failed on Exec[t]: Munging failed for value "x" in class tries: Tries must be an integer`},
	}
	for _, tt := range tests {
		_, err := resource.Instantiate(Type{}, tt.r)
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: err = %v\nwant %s", tt.r.Title, err, tt.want)
		}
	}
}

// TestCommandLines records the exact commands the provider starts.
func TestCommandLines(t *testing.T) {
	fake := &command.Fake{Results: map[string]resource.Result{}}
	for _, l := range []string{
		"/bin/false", "/bin/echo hi", `/bin/sh -c '/bin/echo $HOME'`, `/bin/sh -c 'umask 0022 && exec "$0" "$@"' /bin/sh -c 'ls | wc'`,
	} {
		fake.Results[l] = resource.Result{ExitCode: 1}
	}
	fake.Results["/bin/false"] = resource.Result{ExitCode: 1}
	for _, r := range []*catalog.Resource{
		res("a", "command", "/bin/echo hi", "onlyif", "/bin/false"),
		res("b", "command", "/bin/echo $HOME", "unless", "/bin/false", "returns", int64(1)),
		res("c", "command", "ls | wc", "provider", "shell", "umask", "022", "returns", int64(1)),
	} {
		inst, err := resource.Instantiate(Type{}, r)
		if err != nil {
			t.Fatal(err)
		}
		resourcetest.Apply(context.Background(), inst, &resource.Handle{Path: path(r.Title), Log: &resourcetest.Logger{}, Runner: fake})
	}
	want := []string{"/bin/false", "/bin/false", `/bin/sh -c '/bin/echo $HOME'`, `/bin/sh -c 'umask 0022 && exec "$0" "$@"' /bin/sh -c 'ls | wc'`}
	if got := fake.Lines(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestAutoRequire(t *testing.T) {
	r := res("x", "command", "/tmp/pt/script.sh arg", "cwd", "/tmp/pt/wd", "user", "bob",
		"onlyif", []catalog.Value{"/usr/bin/test -f x", []catalog.Value{"/bin/check", "y"}}, "unless", "true")
	got := Type{}.AutoRequire(r, catalog.New("n"))
	var s []string
	for _, ref := range got {
		s = append(s, ref.String())
	}
	want := "File[/tmp/pt/wd] File[/tmp/pt/script.sh] File[/usr/bin/test] File[/bin/check] User[bob]"
	if strings.Join(s, " ") != want {
		t.Errorf("got %s", strings.Join(s, " "))
	}
}
