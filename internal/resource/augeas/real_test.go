package augeas_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

// needAugtool skips a test on a machine without augtool (CI installs
// augeas-tools).
func needAugtool(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("augtool"); err != nil {
		t.Skip("needs augtool (augeas-tools)")
	}
}

// TestAgainstPuppet applies every case recorded from Puppet with
// puppetlabs-augeas_core and compares ordo's lines and the files left
// with Puppet's. Where ordo knowingly differs (see testdata/README.md),
// the case's NAME.ordo.log and NAME.ordo.files say what ordo does.
func TestAgainstPuppet(t *testing.T) {
	needAugtool(t)
	dir := "testdata/cases"
	for _, c := range providertest.Cases(t, dir) {
		t.Run(c.Name, func(t *testing.T) {
			// Each case has its own files; augtool's start is slow.
			t.Parallel()
			root := t.TempDir()
			if err := os.Mkdir(filepath.Join(root, "r"), 0o755); err != nil {
				t.Fatal(err)
			}
			providertest.Shell(t, c.Setup, "ROOT="+root)
			got := providertest.Run(t, c, builtin.Registry(), map[string]string{"@ROOT@": root})
			want := c.Want
			if b, err := os.ReadFile(filepath.Join(dir, c.Name+".ordo.log")); err == nil {
				want = providertest.Keep(strings.Split(strings.TrimRight(string(b), "\n"), "\n"))
			}
			providertest.SameLines(t, got, want)
			files := filepath.Join(dir, c.Name+".files")
			if _, err := os.Stat(filepath.Join(dir, c.Name+".ordo.files")); err == nil {
				files = filepath.Join(dir, c.Name+".ordo.files")
			}
			wantFiles, err := os.ReadFile(files)
			if err != nil {
				t.Fatal(err)
			}
			if g := providertest.Files(t, filepath.Join(root, "r")); g != string(wantFiles) {
				t.Errorf("files:\n%s\nwant:\n%s", g, wantFiles)
			}
		})
	}
}
