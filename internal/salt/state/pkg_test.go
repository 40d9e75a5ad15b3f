package state

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

// TestPkgRefresh: refresh: True runs apt-get -q update before an install,
// and its failure is the state's, with apt-get's output; nothing is
// refreshed when nothing is to be installed, nor in a dry run.
func TestPkgRefresh(t *testing.T) {
	for _, tc := range []struct {
		name, pkg   string
		test        bool
		wantRefresh bool
		wantComment string
	}{
		{"install", "ordosaltst-no-such-package", false, true, "An error was encountered while installing package(s): E: The repository is not signed."},
		{"dry run", "ordosaltst-no-such-package", true, false, "The following packages would be installed/updated: ordosaltst-no-such-package"},
		{"in place", "bash", false, false, "All specified packages are already installed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake := &command.Fake{
				Results: map[string]resource.Result{"apt-get -q update": {ExitCode: 100, Output: []byte("E: The repository is not signed.\n")}},
				Next:    command.Runner{},
			}
			env := &Env{Runner: fake}
			r := Default()["pkg.installed"](context.Background(), env, Call{Module: "pkg", Fun: "installed", Name: tc.pkg, Test: tc.test, Args: map[string]any{"refresh": true}})
			if r.Comment != tc.wantComment {
				t.Errorf("comment %q, want %q", r.Comment, tc.wantComment)
			}
			refreshed := strings.Contains(strings.Join(fake.Lines(), "\n"), "apt-get -q update")
			if refreshed != tc.wantRefresh {
				t.Errorf("refreshed %v, want %v; commands:\n%s", refreshed, tc.wantRefresh, strings.Join(fake.Lines(), "\n"))
			}
		})
	}
}

// lockRetry calls a pkg state again while dpkg's lock is held by
// another process (package tests on a shared machine).
func lockRetry(t *testing.T, call func() Return) Return {
	t.Helper()
	for i := 0; ; i++ {
		r := call()
		if !strings.Contains(r.Comment, "lock") || i == 20 {
			return r
		}
		time.Sleep(3 * time.Second)
	}
}

// TestPkgSourcesHold installs a .deb built here (sources) with hold:
// True, finds it in place and held, unholds it, replaces it from a .deb
// of another version and purges it, with
// Salt's comments and merged changes; then the malformed arguments.
func TestPkgSourcesHold(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to install packages")
	}
	for _, p := range []string{"dpkg-deb", "dpkg", "apt-mark"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("needs %s", p)
		}
	}
	// The other tests that install packages (the Salt cases with
	// packages, the package type's) run one at a time with this one.
	providertest.Lock(t, "ordoprov-pkg")
	dir := t.TempDir()
	control := "Package: ordosaltst-demo\nVersion: 1.0\nArchitecture: all\nMaintainer: ordo <ordo@example.invalid>\nDescription: ordo's Salt state test package\n"
	if err := os.MkdirAll(filepath.Join(dir, "deb", "DEBIAN"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "deb", "DEBIAN", "control"), []byte(control), 0o644); err != nil {
		t.Fatal(err)
	}
	deb := filepath.Join(dir, "demo.deb")
	if out, err := exec.Command("dpkg-deb", "--build", filepath.Join(dir, "deb"), deb).CombinedOutput(); err != nil {
		t.Fatalf("dpkg-deb: %v %s", err, out)
	}
	if err := os.WriteFile(filepath.Join(dir, "deb", "DEBIAN", "control"), []byte(strings.Replace(control, "Version: 1.0", "Version: 2.0", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if out, err := exec.Command("dpkg-deb", "--build", filepath.Join(dir, "deb"), filepath.Join(dir, "demo2.deb")).CombinedOutput(); err != nil {
		t.Fatalf("dpkg-deb: %v %s", err, out)
	}
	env := &Env{FileRoot: dir}
	ctx := context.Background()
	run := func(fun string, args map[string]any) Return {
		return lockRetry(t, func() Return {
			return Default()["pkg."+fun](ctx, env, Call{Module: "pkg", Fun: fun, Name: "ordosaltst-demo", Args: args})
		})
	}
	clean := func() {
		run("installed", map[string]any{"hold": false})
		run("purged", map[string]any{})
	}
	// A run killed half-way may have left the package behind.
	clean()
	t.Cleanup(clean)
	sources := []any{map[string]any{"ordosaltst-demo": "salt://demo.deb"}}
	for _, step := range []struct {
		fun     string
		args    map[string]any
		result  Result
		comment string
		changes string
	}{
		{"installed", map[string]any{"sources": sources, "hold": true}, True,
			"The following packages were installed/updated: ordosaltst-demo\nPackage ordosaltst-demo is now being held.",
			`map[ordosaltst-demo:map[new:1.0` + "\n" + `hold old:install]]`},
		{"installed", map[string]any{"sources": sources, "hold": true}, True,
			"All specified packages are already installed.\nPackage ordosaltst-demo is already set to be held.", "map[]"},
		{"installed", map[string]any{"hold": false}, True,
			"All specified packages are already installed.\nPackage ordosaltst-demo is no longer being held.",
			"map[ordosaltst-demo:map[new:install old:hold]]"},
		{"installed", map[string]any{"sources": []any{map[string]any{"ordosaltst-demo": "salt://demo2.deb"}}}, True,
			"The following packages were installed/updated: ordosaltst-demo", "map[ordosaltst-demo:map[new:2.0 old:1.0]]"},
		{"installed", map[string]any{"sources": []any{map[string]any{"ordosaltst-demo": "salt://demo2.deb"}}}, True,
			"All specified packages are already installed", "map[]"},
		{"purged", map[string]any{}, True, "All targeted packages were purged.", "map[ordosaltst-demo:map[new: old:2.0]]"},
		{"installed", map[string]any{"pkgs": []any{"ordosaltst-demo"}, "sources": sources}, False, `Only one of "pkgs" and "sources" is permitted.`, "map[]"},
		{"installed", map[string]any{"sources": []any{map[string]any{"ordosaltst-demo": "salt://nothere.deb"}}}, False, "Unable to cache salt://nothere.deb: file not found", "map[]"},
		{"installed", map[string]any{"sources": []any{"salt://demo.deb"}}, False, "Invalidly formatted 'sources' parameter. See minion log.", "map[]"},
	} {
		r := run(step.fun, step.args)
		if got := fmt.Sprint(r.Changes); r.Result != step.result || r.Comment != step.comment || got != step.changes {
			t.Errorf("pkg.%s %v:\n got %s %q %s\nwant %s %q %s", step.fun, step.args, r.Result, r.Comment, got, step.result, step.comment, step.changes)
		}
	}
}
