package state

import (
	"context"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
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
