package vcsrepo_test

import (
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
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
			root := t.TempDir()
			if err := os.Mkdir(filepath.Join(root, "r"), 0o755); err != nil {
				t.Fatal(err)
			}
			// Cases with a user run git as that user in the sandbox.
			for d := filepath.Dir(root); d != os.TempDir() && d != "/"; d = filepath.Dir(d) {
				if err := os.Chmod(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			t.Cleanup(func() { forgetSafeDirectories(root) })
			providertest.Shell(t, c.Setup, "ROOT="+root, "TESTDATA="+testdata)
			got := providertest.Run(t, c, builtin.Registry(), map[string]string{"@ROOT@": root})
			want := c.Want
			if b, err := os.ReadFile(filepath.Join(dir, c.Name+".ordo.log")); err == nil {
				want = providertest.Keep(strings.Split(strings.TrimRight(string(b), "\n"), "\n"))
			}
			for i, l := range want {
				want[i] = providertest.FullPath(l)
			}
			if c.Name == *writeOrdo {
				write(t, filepath.Join(dir, c.Name+".ordo.log"), strings.Join(got, "\n")+"\n")
			}
			providertest.SameLines(t, got, want)
			stateFile := filepath.Join(dir, c.Name+".state")
			if _, err := os.Stat(filepath.Join(dir, c.Name+".ordo.state")); err == nil {
				stateFile = filepath.Join(dir, c.Name+".ordo.state")
			}
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
