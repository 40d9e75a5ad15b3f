package debconf_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

// TestAgainstPuppet applies every case recorded from Puppet with
// stm-debconf, with the real debconf tools on a database of the case's
// own (DEBCONF_DB_REPLACE: the machine's is only read), and compares
// ordo's lines and the database left with Puppet's.
func TestAgainstPuppet(t *testing.T) {
	for _, tool := range []string{"sh", "/usr/bin/debconf-communicate", "/usr/bin/debconf-set-selections"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("needs %s", tool)
		}
	}
	dir := "testdata/cases"
	for _, c := range providertest.Cases(t, dir) {
		t.Run(c.Name, func(t *testing.T) {
			root := providertest.CaseRoot(t)
			t.Setenv("DEBCONF_DB_REPLACE", "File{"+filepath.Join(root, "r", "config.dat")+"}")
			providertest.Shell(t, c.Setup, "ROOT="+root)
			got := providertest.Run(t, c, builtin.Registry(), map[string]string{"@ROOT@": root})
			if c.After != "" {
				providertest.Shell(t, c.After, "ROOT="+root)
			}
			// debconf's backup of the database is not compared.
			os.Remove(filepath.Join(root, "r", "config.dat-old"))
			want, files := providertest.OrdoCase(dir, c)
			providertest.SameLines(t, got, want)
			providertest.SameFiles(t, dir, files, root)
		})
	}
}
