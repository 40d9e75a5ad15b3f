package vcsrepo_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

// writeOrdo names a case whose NAME.ordo.log and NAME.ordo.state are
// written from this run: what ordo does where it knowingly differs.
var writeOrdo = flag.String("write-ordo", "", "write NAME.ordo.log and NAME.ordo.state of this case from ordo's run")

// TestAgainstPuppet applies every case recorded from Puppet 7.23 with
// puppetlabs-vcsrepo 7.0.0 (testdata/record) on real repositories made
// by the case's setup, and compares ordo's lines (the git commands run,
// in order, and the changes) and the repositories left (testdata/
// repostate) with Puppet's. Where ordo knowingly differs (see
// testdata/README.md), NAME.ordo.log and NAME.ordo.state say what ordo
// does instead.
func TestAgainstPuppet(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Fatal("the vcsrepo tests need git")
	}
	testdata, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	dir := "testdata/cases"
	for _, c := range providertest.Cases(t, dir) {
		t.Run(c.Name, func(t *testing.T) {
			root := providertest.CaseRoot(t)
			// Cases with a user run git as that user in the sandbox.
			providertest.OpenToUsers(t, root)
			t.Cleanup(func() { forgetSafeDirectories(root) })
			providertest.Shell(t, c.Setup, "ROOT="+root, "TESTDATA="+testdata)
			got := providertest.Run(t, c, builtin.Registry(), map[string]string{"@ROOT@": root})
			want, _ := providertest.OrdoCase(dir, c)
			for i, l := range want {
				want[i] = providertest.FullPath(l)
			}
			if c.Name == *writeOrdo {
				write(t, filepath.Join(dir, c.Name+".ordo.log"), strings.Join(got, "\n")+"\n")
			}
			providertest.SameLines(t, got, want)
			stateFile := providertest.Recorded(dir, c, "state")
			wantState, err := os.ReadFile(stateFile)
			if err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(filepath.Join(testdata, "repostate"), filepath.Join(root, "r")).CombinedOutput()
			if err != nil {
				t.Fatalf("repostate: %v\n%s", err, out)
			}
			g := strings.ReplaceAll(string(out), root, "@ROOT@")
			if c.Name == *writeOrdo {
				write(t, filepath.Join(dir, c.Name+".ordo.state"), g)
			}
			if g != string(wantState) {
				t.Errorf("repositories:\n%s\nwant:\n%s", g, wantState)
			}
		})
	}
}

// forgetSafeDirectories takes the paths under root off git's
// system-wide safe.directory list, where a case with an owner put them.
func forgetSafeDirectories(root string) {
	exec.Command("git", "config", "--system", "--unset-all", "safe.directory", "^"+root+"/").Run()
}

func write(t *testing.T, name, content string) {
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestJobs clones several repositories at once (--jobs 4), some with an
// owner, whose paths go on git's system-wide safe.directory list one at
// a time: every clone is made and every path listed.
func TestJobs(t *testing.T) {
	root := t.TempDir()
	t.Cleanup(func() { forgetSafeDirectories(root) })
	testdata, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	providertest.Shell(t, "$TESTDATA/mkrepo $ROOT/src", "ROOT="+root, "TESTDATA="+testdata)
	c := catalog.New("node")
	for i := range 6 {
		params := []catalog.Param{{Name: "ensure", Value: "present"}, {Name: "provider", Value: "git"},
			{Name: "source", Value: root + "/src"}, {Name: "revision", Value: "dev"}}
		if i%2 == 0 {
			params = append(params, catalog.Param{Name: "owner", Value: "nobody"})
		}
		if err := c.Add(&catalog.Resource{Type: "Vcsrepo", Title: fmt.Sprintf("%s/r%d", root, i), Params: params}); err != nil {
			t.Fatal(err)
		}
	}
	log := &resourcetest.Logger{}
	if _, err := apply.Apply(context.Background(), c, apply.Options{Types: builtin.Registry(), Log: log, Runner: &command.Runner{}, BucketDir: t.TempDir(), Jobs: 4}); err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(log.String(), "ensure: created"); n != 6 {
		t.Errorf("%d created, want 6:\n%s", n, log.String())
	}
	out, _ := exec.Command("git", "config", "--system", "--get-all", "safe.directory").Output()
	for i := 0; i < 6; i += 2 {
		if !strings.Contains(string(out), fmt.Sprintf("%s/r%d\n", root, i)) {
			t.Errorf("r%d not on the safe.directory list:\n%s", i, out)
		}
		if b, err := os.ReadFile(filepath.Join(root, fmt.Sprintf("r%d", i), "b.txt")); err != nil || string(b) != "dev\n" {
			t.Errorf("r%d: b.txt %q, %v", i, b, err)
		}
	}
}
