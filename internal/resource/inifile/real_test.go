package inifile_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

// TestAgainstPuppet applies every case recorded from Puppet with
// puppetlabs-inifile and compares ordo's lines and the files left with
// Puppet's. Where ordo knowingly differs (see testdata/README.md), the
// case's NAME.ordo.log and NAME.ordo.files say what ordo does instead.
func TestAgainstPuppet(t *testing.T) {
	for _, c := range providertest.Cases(t, "testdata/cases") {
		t.Run(c.Name, func(t *testing.T) {
			root := t.TempDir()
			if err := os.Mkdir(filepath.Join(root, "r"), 0o755); err != nil {
				t.Fatal(err)
			}
			providertest.Shell(t, c.Setup, "ROOT="+root)
			got := providertest.Run(t, c, builtin.Registry(), map[string]string{"@ROOT@": root})
			want := c.Want
			if b, err := os.ReadFile(filepath.Join("testdata/cases", c.Name+".ordo.log")); err == nil {
				want = providertest.Keep(strings.Split(strings.TrimRight(string(b), "\n"), "\n"))
			}
			providertest.SameLines(t, got, want)
			files := filepath.Join("testdata/cases", c.Name+".files")
			if _, err := os.Stat(filepath.Join("testdata/cases", c.Name+".ordo.files")); err == nil {
				files = filepath.Join("testdata/cases", c.Name+".ordo.files")
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
