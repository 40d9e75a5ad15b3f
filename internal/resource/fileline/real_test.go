package fileline_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

// files renders the files under dir as the recorder does.
func files(t *testing.T, dir string) string {
	var names []string
	filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err == nil && fi.Mode().IsRegular() {
			names = append(names, p)
		}
		return nil
	})
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString("-- ./" + strings.TrimPrefix(n, dir+"/") + " --\n")
		b.Write(data)
	}
	return b.String()
}

// TestAgainstPuppet applies every case recorded from Puppet with stdlib
// and compares ordo's lines and the files left with Puppet's.
func TestAgainstPuppet(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("needs sh")
	}
	for _, c := range providertest.Cases(t, "testdata/cases") {
		t.Run(c.Name, func(t *testing.T) {
			root := t.TempDir()
			if err := os.Mkdir(filepath.Join(root, "r"), 0o755); err != nil {
				t.Fatal(err)
			}
			providertest.Shell(t, c.Setup, "ROOT="+root)
			got := providertest.Run(t, c, builtin.Registry(), map[string]string{"@ROOT@": root})
			if strings.Join(got, "\n") != strings.Join(c.Want, "\n") {
				t.Errorf("ordo:\n%s\n\npuppet:\n%s", strings.Join(got, "\n"), strings.Join(c.Want, "\n"))
			}
			want, err := os.ReadFile(filepath.Join("testdata/cases", c.Name+".files"))
			if err != nil {
				t.Fatal(err)
			}
			if g := files(t, filepath.Join(root, "r")); g != string(want) {
				t.Errorf("files:\n%s\nwant:\n%s", g, want)
			}
		})
	}
}
