package javaks_test

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

// TestAgainstPuppet applies every case Puppet 7.23 applied with
// puppetlabs-java_ks 5.1.1 (testdata/record) and compares ordo's
// notices and errors, and the keystores' entries afterwards (as
// testdata/dump lists them), with Puppet's. Where ordo knowingly
// differs, NAME.ordo.log and NAME.ordo.state say what ordo does.
func TestAgainstPuppet(t *testing.T) {
	const dir = "testdata/cases"
	for _, c := range providertest.Cases(t, dir) {
		t.Run(c.Name, func(t *testing.T) {
			root := t.TempDir()
			sh(t, root, "cp -r "+mustAbs(t, "testdata/pki")+" pki && mkdir ks")
			if c.Setup != "" {
				sh(t, root, c.Setup)
			}
			var got []string
			for _, l := range providertest.Run(t, c, builtin.Registry(), map[string]string{"@ROOT@": root}) {
				// As record keeps Puppet's lines: those of a level
				// above Debug, without their continuation lines.
				if level.MatchString(l) {
					got = append(got, l)
				}
			}
			want, _ := providertest.OrdoCase(dir, c)
			providertest.SameLines(t, got, want)
			out, err := exec.Command("./testdata/dump", root).CombinedOutput()
			if err != nil {
				t.Fatalf("dump: %v\n%s", err, out)
			}
			wantState, err := os.ReadFile(providertest.Recorded(dir, c, "state"))
			if err != nil {
				t.Fatal(err)
			}
			if g := strings.ReplaceAll(string(out), root, "@ROOT@"); g != string(wantState) {
				t.Errorf("keystores:\n%s\nwant:\n%s", g, wantState)
			}
		})
	}
}

var level = regexp.MustCompile(`^(Notice|Warning|Error): `)

func mustAbs(t *testing.T, p string) string {
	t.Helper()
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return wd + "/" + p
}
