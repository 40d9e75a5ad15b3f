package pkg_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

// fixture builds the test packages and a local apt repository in a
// throw-away folder, removed with everything installed from it when the
// test ends.
func fixture(t *testing.T) (fix, debs string) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs root to install packages")
	}
	for _, p := range []string{"dpkg-deb", "dpkg-scanpackages", "apt-get"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("needs %s", p)
		}
	}
	providertest.Lock(t, "ordoprov-pkg")
	dir, err := os.MkdirTemp("", "ordoprov-pkg.")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o755); err != nil { // apt reads the repository as _apt
		t.Fatal(err)
	}
	script, _ := filepath.Abs("testdata/fixture.sh")
	fix = script + " " + dir
	t.Cleanup(func() {
		providertest.Shell(t, fix+" destroy")
		os.RemoveAll(dir)
	})
	providertest.Shell(t, fix)
	return fix, filepath.Join(dir, "debs")
}

// knownDifferences are lines where ordo deliberately differs from the
// recording, each with the reason; an empty replacement means ordo does
// not print the line.
var knownDifferences = map[string]string{
	// ordo reads apt's record of automatically installed packages itself
	// when a change needs it, instead of running apt-mark showmanual (which
	// loads apt's whole cache, a second or more) on every run.
	"Debug: Executing: '/usr/bin/apt-mark showmanual'": "",
}

func sorted(lines []string) []string {
	out := append([]string(nil), lines...)
	sort.Strings(out)
	return out
}

// shell runs a setup snippet; its error carries the output.
func shell(script string, env ...string) error {
	cmd := exec.Command("/bin/sh", "-c", script)
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s: %v\n%s", script, err, out)
	}
	return nil
}

// reordered are cases whose lines ordo prints in another order, with the
// reason; for them the lines are compared without their order.
var reordered = map[string]string{
	"unsuitable-provider": "Puppet defers a resource whose provider is not functional until nothing else can be applied, then fails it; ordo's engine fails it in its turn",
}

// TestAgainstPuppet applies every recorded case on the real machine and
// compares ordo's lines with Puppet's.
func TestAgainstPuppet(t *testing.T) {
	fix, debs := fixture(t)
	for _, c := range providertest.Cases(t, "testdata/cases") {
		t.Run(c.Name, func(t *testing.T) {
			var got []string
			// Other programs on the machine may hold dpkg's lock for a while:
			// a case that met it is run again, setup and all.
			for attempt := 0; ; attempt++ {
				err := shell(c.Setup, "FIX="+fix, "DEBS="+debs)
				if err == nil {
					got = providertest.Run(t, c, builtin.Registry(), map[string]string{"@DEBS@": debs, "@ROOT@": t.TempDir()})
				}
				locked := (err != nil && strings.Contains(err.Error(), "lock")) || strings.Contains(strings.Join(got, "\n"), "Could not get lock")
				if !locked || attempt == 60 {
					if err != nil {
						t.Fatal(err)
					}
					break
				}
				time.Sleep(5 * time.Second)
			}
			var want []string
			for _, w := range c.Want {
				w = providertest.FullPath(w)
				if d, ok := knownDifferences[w]; ok {
					if d == "" {
						continue
					}
					w = d
				}
				want = append(want, w)
			}
			if _, ok := reordered[c.Name]; ok {
				got, want = sorted(got), sorted(want)
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("ordo:\n%s\n\npuppet:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}
