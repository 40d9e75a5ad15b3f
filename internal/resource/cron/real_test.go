package cron_test

import (
	"os"
	"os/exec"
	"testing"

	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

// user is the throw-away user whose crontab the cases manage; it is
// removed with its crontab at the end.
const user = "ordoprovcron"

// TestAgainstPuppet applies every case recorded from Puppet with
// puppetlabs-cron_core and compares ordo's lines and the crontab left
// with Puppet's (the header's time aside).
func TestAgainstPuppet(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to manage users' crontabs")
	}
	if _, err := exec.LookPath("crontab"); err != nil {
		t.Skip("needs crontab (apt-get install cron)")
	}
	providertest.Lock(t, "ordoprov-cron")
	t.Cleanup(func() {
		exec.Command("crontab", "-u", user, "-r").Run()
		exec.Command("userdel", user).Run()
	})
	providertest.ReplayFileCases(t, "testdata/cases", builtin.Registry(), nil)
}
