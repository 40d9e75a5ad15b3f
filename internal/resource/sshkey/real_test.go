package sshkey_test

import (
	"os"
	"os/exec"
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
	providertest.ReplayFileCases(t, "testdata/cases", builtin.Registry(), func(t *testing.T, root string) {
		// The user writes the file: it must reach the sandbox.
		providertest.OpenToUsers(t, root)
	})
}
