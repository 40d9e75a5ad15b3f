package mount_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

// TestAgainstPuppet applies every case recorded from Puppet with
// puppetlabs-mount_core and compares ordo's lines and the fstab left with
// Puppet's (the header's time aside). The cases keep their entries in a
// target of their own, never /etc/fstab.
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
			providertest.SameLines(t, got, c.Want)
			providertest.SameFiles(t, "testdata/cases", c, root)
		})
	}
}
