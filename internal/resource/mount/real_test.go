package mount_test

import (
	"testing"

	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

// TestAgainstPuppet applies every case recorded from Puppet with
// puppetlabs-mount_core and compares ordo's lines and the fstab left with
// Puppet's (the header's time aside). The cases keep their entries in a
// target of their own, never /etc/fstab.
func TestAgainstPuppet(t *testing.T) {
	providertest.ReplayFileCases(t, "testdata/cases", builtin.Registry(), nil)
}
