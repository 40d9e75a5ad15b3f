package sshkey_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

// TestAgainstPuppet applies every case recorded from Puppet with
// puppetlabs-sshkeys_core and compares ordo's lines and the files left
// with Puppet's (the header's time aside). The cases create the
// throw-away user ordoprovkey, removed at the end.
func TestAgainstPuppet(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to create the test user")
	}
	providertest.Lock(t, "ordoprov-sshkey")
	t.Cleanup(func() { exec.Command("userdel", "ordoprovkey").Run() })
	for _, c := range providertest.Cases(t, "testdata/cases") {
		t.Run(c.Name, func(t *testing.T) {
			root := t.TempDir()
			// The user writes the file: it must reach the sandbox.
			if err := os.Chmod(filepath.Dir(root), 0o755); err != nil {
				t.Fatal(err)
			}
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
