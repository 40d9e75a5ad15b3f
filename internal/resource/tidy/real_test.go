package tidy_test

import (
	"sort"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

// TestAgainstPuppet applies every case recorded from Puppet 7.23 (see
// testdata/record) in a fresh root and compares ordo's lines and the
// files left with Puppet's; each case's "# after:" lists what is left
// besides regular files into r/listing. Puppet, as ordo, names the files
// it tidies ("Tidying File[...]") in the order the file system lists a
// directory, which differs between file systems: those lines are
// compared as a set.
func TestAgainstPuppet(t *testing.T) {
	for _, c := range providertest.Cases(t, "testdata/cases") {
		t.Run(c.Name, func(t *testing.T) {
			root := providertest.CaseRoot(t)
			providertest.Shell(t, c.Setup, "ROOT="+root)
			got := providertest.Run(t, c, builtin.Registry(), map[string]string{"@ROOT@": root})
			if c.After != "" {
				providertest.Shell(t, c.After, "ROOT="+root)
			}
			providertest.SameLines(t, tidyingSorted(got), tidyingSorted(c.Want))
			providertest.SameFiles(t, "testdata/cases", c, root)
		})
	}
}

// tidyingSorted sorts each run of "Tidying File[...]" lines.
func tidyingSorted(lines []string) []string {
	out := append([]string(nil), lines...)
	for i := 0; i < len(out); {
		j := i
		for j < len(out) && strings.Contains(out[j], ": Tidying File[") {
			j++
		}
		if j > i {
			sort.Strings(out[i:j])
			i = j
		} else {
			i++
		}
	}
	return out
}
