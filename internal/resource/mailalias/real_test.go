package mailalias_test

import (
	"testing"

	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

// TestAgainstPuppet applies every case recorded from Puppet with
// puppetlabs-mailalias_core and compares ordo's lines and the files left with
// Puppet's (the header's time aside).
func TestAgainstPuppet(t *testing.T) {
	providertest.ReplayFileCases(t, "testdata/cases", builtin.Registry(), nil)
}
