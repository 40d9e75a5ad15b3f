package mount_test

import (
	"os/exec"
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
	providertest.ReplayFileCases(t, "testdata/cases", builtin.Registry(), nil)
}
