package fileline_test

import (
	"testing"

	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

// TestAgainstPuppet applies every case recorded from Puppet with stdlib
// and compares ordo's lines and the files left with Puppet's.
func TestAgainstPuppet(t *testing.T) {
	providertest.ReplayFileCases(t, "testdata/cases", builtin.Registry(), nil)
}
