package file_test

import (
	"net/http/httptest"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/file/sourcetest"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

// seconds is how long a failed request took, which the recordings write
// as N.
var seconds = regexp.MustCompile(`after [0-9.]+ seconds`)

// puppetOnly rewrites what Puppet 7.23 logged where ordo knowingly says it
// otherwise: ordo never shows a URL's password, and names the URL a
// redirect loop ended on with its host (Puppet's message loses it).
var puppetOnly = strings.NewReplacer(
	"reader:s3cret@", "reader:xxxxx@",
	"reader:wrong@", "reader:xxxxx@",
	"http://:@PORT@/", "@URL@/",
)

// TestSourcesAgainstPuppet applies the cases recorded from Puppet with
// http(s) sources (served here by the same server the recording used)
// and with source_permissions, and compares ordo's lines and the files
// left with Puppet's.
func TestSourcesAgainstPuppet(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("the cases chown files: needs root")
	}
	srv := httptest.NewServer(sourcetest.Handler())
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL, "http://")
	for _, c := range providertest.Cases(t, "testdata/sources/cases") {
		t.Run(c.Name, func(t *testing.T) {
			root := providertest.CaseRoot(t)
			providertest.Shell(t, c.Setup, "ROOT="+root, "URL="+srv.URL)
			// @HOST@ is put in first and taken out last: the URL holds it.
			c.Catalog = []byte(strings.ReplaceAll(string(c.Catalog), "@HOST@", host))
			got := providertest.Run(t, c, builtin.Registry(), map[string]string{"@ROOT@": root, "@URL@": srv.URL})
			for i, l := range got {
				l = seconds.ReplaceAllString(l, "after N seconds")
				got[i] = strings.ReplaceAll(l, host, "@HOST@")
			}
			want := make([]string, len(c.Want))
			for i, l := range c.Want {
				want[i] = puppetOnly.Replace(l)
			}
			providertest.SameLines(t, got, want)
			providertest.Shell(t, c.After, "ROOT="+root)
			providertest.SameFiles(t, "testdata/sources/cases", c, root)
		})
	}
}
