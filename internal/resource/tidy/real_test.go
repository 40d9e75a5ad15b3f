package tidy_test

import (
	"testing"

	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

// TestAgainstPuppet applies every case recorded from Puppet 7.23 (see
// testdata/record) and compares ordo's lines and the files left with
// Puppet's; each case's "# after:" lists what is left besides regular
// files into r/listing.
func TestAgainstPuppet(t *testing.T) {
	providertest.ReplayFileCases(t, "testdata/cases", builtin.Registry(), nil)
}
