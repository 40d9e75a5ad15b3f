package alternatives_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

// otherQuery is a query of one of the machine's own alternatives, which
// the prefetch reads and the recordings leave out.
var otherQuery = regexp.MustCompile(`^Debug: Executing: '/usr/bin/update-alternatives --query (?:[^o]|o[^r]|or[^d]|ord[^o]|ordo[^t]|ordot[^e]|ordote[^s]|ordotes[^t]|ordotest[^-])`)

// clean removes the alternatives the cases make (ordotest-*), from
// update-alternatives' records and /etc/alternatives.
const clean = `for f in /var/lib/dpkg/alternatives/ordotest-*; do [ -e "$f" ] && rm -f "$f" "/etc/alternatives/${f##*/}"; done; rm -f /etc/alternatives/ordotest-*`

// TestAgainstPuppet applies every case recorded from Puppet with
// puppet-alternatives, with the machine's update-alternatives on
// alternatives named ordotest-* whose links and entries are in the
// case's folder, and compares ordo's lines, what update-alternatives
// --query says and where the links point with Puppet's.
func TestAgainstPuppet(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("update-alternatives needs root")
	}
	for _, tool := range []string{"sh", "/usr/bin/update-alternatives"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("needs %s", tool)
		}
	}
	providertest.Lock(t, "ordo-alternatives")
	dir := "testdata/cases"
	for _, c := range providertest.Cases(t, dir) {
		t.Run(c.Name, func(t *testing.T) {
			root := providertest.CaseRoot(t)
			for _, d := range []string{"r", "bin"} {
				if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			for _, f := range []string{"a", "b", "c"} {
				if err := os.WriteFile(filepath.Join(root, f), nil, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			providertest.Shell(t, clean)
			t.Cleanup(func() { exec.Command("/bin/sh", "-c", clean).Run() })
			providertest.Shell(t, c.Setup, "ROOT="+root)
			got := providertest.Run(t, c, builtin.Registry(), map[string]string{"@ROOT@": root})
			kept := got[:0]
			for _, line := range got {
				if !otherQuery.MatchString(line) {
					kept = append(kept, line)
				}
			}
			if c.After != "" {
				providertest.Shell(t, c.After, "ROOT="+root)
			}
			want, files := providertest.OrdoCase(dir, c)
			providertest.SameLines(t, kept, want)
			providertest.SameFiles(t, dir, files, root)
		})
	}
}
