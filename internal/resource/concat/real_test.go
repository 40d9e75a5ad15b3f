package concat_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

var lostFragment = regexp.MustCompile(`^Warning: .*/Concat_fragment\[[^]]*\]: Target Concat_file with path or title`)

// without moves the lines matching re to one line at the end that counts
// them, so that both sides must still have the same number.
func without(lines []string, re *regexp.Regexp) []string {
	var out []string
	n := 0
	for _, l := range lines {
		if re.MatchString(l) {
			n++
			continue
		}
		out = append(out, l)
	}
	if n > 0 {
		out = append(out, fmt.Sprintf("(%d warnings about fragments without a file)", n))
	}
	return out
}

// TestAgainstPuppet applies every case recorded from Puppet with
// puppetlabs-concat and compares ordo's lines and the files left with
// Puppet's.
func TestAgainstPuppet(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("needs sh")
	}
	for _, c := range providertest.Cases(t, "testdata/cases") {
		t.Run(c.Name, func(t *testing.T) {
			root := providertest.CaseRoot(t)
			providertest.Shell(t, c.Setup, "ROOT="+root)
			got := providertest.Run(t, c, builtin.Registry(), map[string]string{"@ROOT@": root})
			want := c.Want
			// A fragment without its file is warned about when applied,
			// not while the graph is built: compare the rest in order.
			got, want = without(got, lostFragment), without(want, lostFragment)
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("ordo:\n%s\n\npuppet:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			wantFiles, err := os.ReadFile(filepath.Join("testdata/cases", c.Name+".files"))
			if err != nil {
				t.Fatal(err)
			}
			if g := providertest.Files(t, filepath.Join(root, "r")); g != string(wantFiles) {
				t.Errorf("files:\n%s\nwant:\n%s", g, wantFiles)
			}
		})
	}
}
