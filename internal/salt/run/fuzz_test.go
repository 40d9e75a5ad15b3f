package run_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/salt"
	"github.com/ordoproject/ordo/internal/salt/run"
	"github.com/ordoproject/ordo/internal/salt/state"
)

// FuzzRun compiles and runs arbitrary SLS text with only the test.*
// functions (nothing touches the machine): the run must not panic, each
// state gets at most one record, and run numbers only grow.
func FuzzRun(f *testing.F) {
	for _, seed := range []string{
		"a:\n  test.succeed_with_changes\nb:\n  test.nop:\n    - watch:\n      - test: a\n",
		"a:\n  test.fail_without_changes\nb:\n  test.nop:\n    - onfail:\n      - a\nc:\n  test.nop:\n    - prereq:\n      - b\n",
		"a:\n  test.succeed_with_changes:\n    - listen_in:\n      - test: b\nb:\n  test.nop:\n    - names: [x, y]\n",
		"a:\n  test.configurable_test_state:\n    - changes: False\n    - onchanges_any:\n      - b\nb:\n  test.nop:\n    - order: last\n",
	} {
		f.Add(seed, false)
	}
	funcs := state.Functions{}
	for name, fn := range state.Default() {
		if strings.HasPrefix(name, "test.") {
			funcs[name] = fn
		}
	}
	f.Fuzz(func(t *testing.T, text string, test bool) {
		root := t.TempDir()
		if err := os.WriteFile(filepath.Join(root, "f.sls"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		low, err := salt.Compile(salt.Options{FileRoot: root, Functions: funcs}, []string{"f"})
		if err != nil {
			return
		}
		recs, err := run.Run(context.Background(), low, run.Options{Test: test, Functions: funcs, Env: &state.Env{FileRoot: root}})
		if err != nil {
			t.Fatal(err)
		}
		seen := map[string]bool{}
		last := -1
		for _, r := range recs {
			if seen[r.Tag] {
				t.Fatalf("two records for %s", r.Tag)
			}
			seen[r.Tag] = true
			if r.RunNum <= last {
				t.Fatalf("run number %d after %d", r.RunNum, last)
			}
			last = r.RunNum
		}
	})
}
