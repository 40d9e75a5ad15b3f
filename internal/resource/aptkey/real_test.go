package aptkey_test

import (
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/ordoproject/ordo/internal/resource/archive/archivetest"
	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

// gpgHome is the temporary folder apt-key names in its output.
var gpgHome = regexp.MustCompile(`apt-key-gpghome\.[A-Za-z0-9]*`)

// TestAgainstPuppet applies every case recorded from Puppet with
// puppetlabs-apt, with the real apt-key and gpg on keyrings of the case's
// own (APT_CONFIG: the machine's are left alone), and compares ordo's
// lines and the keys left with Puppet's.
func TestAgainstPuppet(t *testing.T) {
	for _, tool := range []string{"sh", "/usr/bin/apt-key", "/usr/bin/gpg", "awk"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("needs %s", tool)
		}
	}
	srv := httptest.NewServer(archivetest.Handler())
	defer srv.Close()
	dir := "testdata/cases"
	for _, c := range providertest.Cases(t, dir) {
		t.Run(c.Name, func(t *testing.T) {
			root := t.TempDir()
			for _, d := range []string{"r/trusted.gpg.d", "keys"} {
				if err := os.MkdirAll(filepath.Join(root, d), 0o755); err != nil {
					t.Fatal(err)
				}
			}
			for _, k := range []string{"one.asc", "two.asc", "expired.asc"} {
				data, err := os.ReadFile(filepath.Join("testdata", k))
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(root, "keys", k), data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			conf := filepath.Join(root, "apt.conf")
			if err := os.WriteFile(conf, []byte("Dir::Etc::Trusted \""+root+"/r/trusted.gpg\";\nDir::Etc::TrustedParts \""+root+"/r/trusted.gpg.d\";\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			t.Setenv("APT_CONFIG", conf)
			providertest.Shell(t, c.Setup, "ROOT="+root)
			got := providertest.Run(t, c, builtin.Registry(), map[string]string{"@ROOT@": root, "@URL@": srv.URL})
			for i := range got {
				got[i] = gpgHome.ReplaceAllString(got[i], "apt-key-gpghome.X")
			}
			if c.After != "" {
				providertest.Shell(t, c.After, "ROOT="+root)
			}
			providertest.SameLines(t, got, c.Want)
			// Only the listing the case wrote is compared, not the keyrings.
			keys := filepath.Join(root, "r", "keys.txt")
			want, err := os.ReadFile(filepath.Join(dir, c.Name+".files"))
			if err != nil {
				t.Fatal(err)
			}
			have := ""
			if data, err := os.ReadFile(keys); err == nil {
				have = "-- ./keys.txt --\n" + string(data)
			}
			if have != string(want) {
				t.Errorf("keys:\n%s\nwant:\n%s", have, want)
			}
		})
	}
}
