package fileline_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

// TestAgainstPuppet applies every case recorded from Puppet with stdlib
// and compares ordo's lines and the files left with Puppet's.
func TestAgainstPuppet(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("needs sh")
	}
	for _, c := range providertest.Cases(t, "testdata/cases") {
		t.Run(c.Name, func(t *testing.T) {
			root := t.TempDir()
			if err := os.Mkdir(filepath.Join(root, "r"), 0o755); err != nil {
				t.Fatal(err)
			}
			providertest.Shell(t, c.Setup, "ROOT="+root)
			got := providertest.Run(t, c, builtin.Registry(), map[string]string{"@ROOT@": root})
			if strings.Join(got, "\n") != strings.Join(c.Want, "\n") {
				t.Errorf("ordo:\n%s\n\npuppet:\n%s", strings.Join(got, "\n"), strings.Join(c.Want, "\n"))
			}
			want, err := os.ReadFile(filepath.Join("testdata/cases", c.Name+".files"))
			if err != nil {
				t.Fatal(err)
			}
			if g := providertest.Files(t, filepath.Join(root, "r")); g != string(want) {
				t.Errorf("files:\n%s\nwant:\n%s", g, want)
			}
		})
	}
}
