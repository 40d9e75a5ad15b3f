package cron_test

import (
	"os"
	"os/exec"
	"path/filepath"
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
	for _, c := range providertest.Cases(t, "testdata/cases") {
		t.Run(c.Name, func(t *testing.T) {
			root := t.TempDir()
			if err := os.Mkdir(filepath.Join(root, "r"), 0o755); err != nil {
				t.Fatal(err)
			}
			providertest.Shell(t, c.Setup, "ROOT="+root)
			got := providertest.Run(t, c, builtin.Registry(), map[string]string{"@ROOT@": root})
			if c.After != "" {
				providertest.Shell(t, c.After, "ROOT="+root)
			}
			providertest.SameLines(t, got, c.Want)
			providertest.SameFiles(t, "testdata/cases", c, root)
		})
	}
}
