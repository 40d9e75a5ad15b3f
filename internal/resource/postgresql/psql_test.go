package postgresql

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

// recorder is a runner that keeps every command and answers each with
// the next of its results (the last one over again).
type recorder struct {
	mu      sync.Mutex
	cmds    []resource.Command
	results []resource.Result
}

func (r *recorder) Run(_ context.Context, c resource.Command) (resource.Result, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.cmds = append(r.cmds, c)
	res := r.results[min(len(r.cmds), len(r.results))-1]
	return res, nil
}

func instance(t *testing.T, typ resource.Type, r *catalog.Resource) resource.Instance {
	t.Helper()
	inst, err := resource.Instantiate(typ, r)
	if err != nil {
		t.Fatal(err)
	}
	return inst
}

func hash(kv ...string) *catalog.Hash {
	h := catalog.NewHash()
	for i := 0; i < len(kv); i += 2 {
		h.Set(kv[i], kv[i+1])
	}
	return h
}

// TestPsqlCommand: the command line, account, folder and environment
// psql gets, and the warnings about environment settings.
func TestPsqlCommand(t *testing.T) {
	r := resourcetest.Resource("Postgresql_psql", "x", "command", "SELECT 1", "db", "app", "port", int64(5433),
		"search_path", []catalog.Value{"a", "b"}, "psql_user", "root", "psql_group", "root", "cwd", "/",
		"connect_settings", hash("PGHOST", "/run/pg", "NEWPGPASSWD", "old"),
		"environment", []catalog.Value{"PGHOST=/other", "NEWPGPASSWD=secret", "PGAPPNAME=", "x PGUSER=y"})
	run := &recorder{results: []resource.Result{{Output: []byte("ok\n")}}}
	log := &resourcetest.Logger{}
	h := &resource.Handle{Path: "/P", Log: log, Runner: run}
	resourcetest.Apply(context.Background(), instance(t, NewPsqlType(), r), h)
	if len(run.cmds) != 1 {
		t.Fatalf("commands: %v", run.cmds)
	}
	c := run.cmds[0]
	if want := []string{"psql", "-d", "app", "-p", "5433", "-t", "-X", "-c", "set search_path to a,b; SELECT 1"}; !slices.Equal(c.Argv, want) {
		t.Errorf("argv %q, want %q", c.Argv, want)
	}
	if want := []string{"LANG=C", "LC_ALL=C", "NEWPGPASSWD=secret", "PGHOST=/other"}; !slices.Equal(c.Env[:2], want[:2]) || !slices.Contains(c.Env, want[2]) || !slices.Contains(c.Env, want[3]) || slices.Contains(c.Env, "PGHOST=/run/pg") {
		t.Errorf("env %q", c.Env)
	}
	if c.Dir != "/" || c.UID == nil || *c.UID != 0 || c.GID == nil || *c.GID != 0 || !slices.Contains(c.UnsetEnv, "HOME") {
		t.Errorf("dir %q uid %v gid %v unset %v", c.Dir, c.UID, c.GID, c.UnsetEnv)
	}
	got := log.String()
	for _, want := range []string{
		"Warning: /P: Overriding environment setting 'PGHOST' with '/other'",
		"Warning: /P: Overriding environment setting 'NEWPGPASSWD' with '****'",
		`Warning: /P: Cannot understand environment setting "PGAPPNAME="`,
		`Warning: /P: Cannot understand environment setting "x PGUSER=y"`,
		"Debug: Executing with uid=root gid=root: 'psql -d app -p 5433 -t -X -c set search_path to a,b; SELECT 1'",
		"Notice: /P/command: command changed 'notrun' to 'SELECT 1'",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in:\n%s", want, got)
		}
	}
	if strings.Contains(got, "secret") {
		t.Errorf("NEWPGPASSWD shown:\n%s", got)
	}
}

// TestPsqlChecks: onlyif runs before unless, refreshonly is looked at
// last, and a failing check fails the resource.
func TestPsqlChecks(t *testing.T) {
	for _, c := range []struct {
		name    string
		params  []any
		outputs []string
		codes   []int
		run     bool
		err     string
	}{
		{"onlyif rows", []any{"onlyif", "SELECT 1"}, []string{" 1\n"}, []int{0}, true, ""},
		{"onlyif none", []any{"onlyif", "SELECT 1"}, []string{" 0\n"}, []int{0}, false, ""},
		{"unless rows", []any{"unless", "SELECT 1"}, []string{" 2\n"}, []int{0}, false, ""},
		{"onlyif then unless", []any{"onlyif", "A", "unless", "B"}, []string{"1", "0"}, []int{0, 0}, true, ""},
		{"refreshonly after checks", []any{"unless", "B", "refreshonly", true}, []string{"0"}, []int{0}, false, ""},
		{"failing unless", []any{"unless", "B"}, []string{"ERROR: x\n"}, []int{1}, false, "Error evaluating 'unless' clause, returned 1: 'ERROR: x'"},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := resourcetest.Resource("Postgresql_psql", "x", append([]any{"command", "SELECT 2", "psql_user", "root", "psql_group", "root"}, c.params...)...)
			run := &recorder{}
			for i, o := range c.outputs {
				run.results = append(run.results, resource.Result{Output: []byte(o), ExitCode: c.codes[i]})
			}
			inst := instance(t, NewPsqlType(), r)
			err := inst.Retrieve(context.Background(), &resource.Handle{Path: "/P", Runner: run})
			if (err == nil) != (c.err == "") || err != nil && err.Error() != c.err {
				t.Fatalf("error %v, want %q", err, c.err)
			}
			if got := !inst.Properties()[0].InSync(); got != c.run {
				t.Errorf("runs: %v, want %v", got, c.run)
			}
			if len(run.cmds) != len(c.outputs) {
				t.Errorf("%d commands, want %d", len(run.cmds), len(c.outputs))
			}
		})
	}
}

// TestValidatorTries: a server that does not answer is tried tries
// times, sleep seconds apart, and then the resource fails.
func TestValidatorTries(t *testing.T) {
	typ := NewValidatorType()
	var slept []time.Duration
	typ.sleep = func(_ context.Context, d time.Duration) error { slept = append(slept, d); return nil }
	r := resourcetest.Resource("Postgresql_conn_validator", "db", "host", "h", "port", "5999", "tries", "3", "sleep", int64(4))
	run := &recorder{results: []resource.Result{{ExitCode: 2, Stderr: []byte("psql: error: no\n")}}}
	log := &resourcetest.Logger{}
	resourcetest.Apply(context.Background(), instance(t, typ, r), &resource.Handle{Path: "/V", Log: log, Runner: run})
	if len(run.cmds) != 3 || !slices.Equal(slept, []time.Duration{4 * time.Second, 4 * time.Second, 4 * time.Second}) {
		t.Errorf("%d tries, slept %v", len(run.cmds), slept)
	}
	if want := []string{"psql", "--tuples-only", "--quiet", "--no-psqlrc", "--host", "h", "--port", "5999", "--command", "SELECT 1"}; !slices.Equal(run.cmds[0].Argv, want) {
		t.Errorf("argv %q, want %q", run.cmds[0].Argv, want)
	}
	if !run.cmds[0].SplitStderr {
		t.Error("standard error is not kept apart")
	}
	if got := log.String(); !strings.Contains(got, "change from 'absent' to 'present' failed: Unable to connect to PostgreSQL server! (h:5999)") {
		t.Errorf("log:\n%s", got)
	}
}
