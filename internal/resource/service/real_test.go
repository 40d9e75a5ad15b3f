package service_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
	"github.com/ordoproject/ordo/internal/resource/service"
)

// fixture writes the test daemon, the stand-in systemctl and the init
// script; all are removed, and every test daemon stopped, at the end.
func fixture(t *testing.T) (fix, bin string) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs root to manage services")
	}
	for _, p := range []string{"update-rc.d", "invoke-rc.d", "service", "ps", "setsid"} {
		if _, err := exec.LookPath(p); err != nil {
			t.Skipf("needs %s", p)
		}
	}
	providertest.Lock(t, "ordoprov-service")
	dir := t.TempDir()
	script, _ := filepath.Abs("testdata/fixture.sh")
	fix = script + " " + dir
	t.Cleanup(func() { providertest.Shell(t, fix+" destroy") })
	providertest.Shell(t, fix)
	return fix, filepath.Join(dir, "bin")
}

// registry returns the built-in types with a service type that takes
// systemd for PID 1 when systemdInit is set.
func registry(t *testing.T, systemdInit bool) *resource.Registry {
	svc := service.NewType()
	if systemdInit {
		svc.Proc1Comm = filepath.Join(t.TempDir(), "comm")
		if err := os.WriteFile(svc.Proc1Comm, []byte("systemd\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var types []resource.Type
	for _, typ := range builtin.Types() {
		if typ.Schema().Name == "service" {
			typ = svc
		}
		types = append(types, typ)
	}
	return resource.NewRegistry(types...)
}

var pid = regexp.MustCompile(`kill [0-9]+`)

// knownDifferences are Puppet's lines that ordo prints differently, with
// the reason. An empty replacement means ordo does not print the line.
var knownDifferences = map[string]string{}

func TestAgainstPuppet(t *testing.T) {
	fix, bin := fixture(t)
	t.Setenv("PATH", bin+":"+os.Getenv("PATH"))
	for _, c := range providertest.Cases(t, "testdata/cases") {
		t.Run(c.Name, func(t *testing.T) {
			providertest.Shell(t, c.Setup, "FIX="+fix, "BIN="+bin)
			reg := registry(t, strings.HasPrefix(c.Manifest, "# systemd"))
			got := providertest.Run(t, c, reg, map[string]string{"@BIN@": bin, "@ROOT@": t.TempDir()})
			var want []string
			for _, w := range c.Want {
				w = providertest.FullPath(w)
				if d, ok := knownDifferences[w]; ok {
					if d == "" {
						continue
					}
					w = d
				}
				want = append(want, pid.ReplaceAllString(w, "kill PID"))
			}
			for i := range got {
				got[i] = pid.ReplaceAllString(got[i], "kill PID")
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("ordo:\n%s\n\npuppet:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		})
	}
}
