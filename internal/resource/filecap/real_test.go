package filecap_test

import (
	"os/exec"
	"testing"

	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

// TestAgainstPuppet applies every case recorded from Puppet with
// smoeding-file_capability on temporary files, with the real setcap and
// getcap, and compares ordo's lines and the files left (getcap's output
// among them) with Puppet's.
func TestAgainstPuppet(t *testing.T) {
	for _, tool := range []string{"setcap", "getcap"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skip("needs setcap and getcap (libcap2-bin)")
		}
	}
	providertest.ReplayFileCases(t, "testdata/cases", builtin.Registry(), nil)
}
