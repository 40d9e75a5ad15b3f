package openssl_test

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

// TestAgainstPuppet applies every case Puppet 7.23 applied with
// puppet-openssl 4.2.0 (testdata/record) twice, with the real openssl
// and testdata/pki served over http,
// and compares ordo's lines of each run with Puppet's and the files left
// (as testdata/dump shows them: kinds, sizes, subjects, extensions,
// modes) with those Puppet left. Where ordo knowingly differs,
// NAME.ordo.log, NAME.ordo.again.log and NAME.ordo.files say what ordo
// does.
func TestAgainstPuppet(t *testing.T) {
	if _, err := exec.LookPath("openssl"); err != nil {
		t.Skip("needs openssl")
	}
	const dir = "testdata/cases"
	pki, err := filepath.Abs("testdata/pki")
	if err != nil {
		t.Fatal(err)
	}
	reg := builtin.Registry()
	for _, c := range providertest.Cases(t, dir) {
		t.Run(c.Name, func(t *testing.T) {
			root := t.TempDir()
			providertest.Shell(t, "cp -r "+pki+" "+root+"/pki && mkdir "+root+"/r")
			if c.Setup != "" {
				providertest.Shell(t, "cd "+root+" && "+c.Setup, "ROOT="+root)
			}
			srv := httptest.NewServer(http.FileServer(http.Dir(filepath.Join(root, "pki"))))
			defer srv.Close()
			subst := map[string]string{"@ROOT@": root, "@URL@": srv.URL}
			want, _ := providertest.OrdoCase(dir, c)
			providertest.SameLines(t, errIDs(providertest.Run(t, c, reg, subst)), want)
			again, err := os.ReadFile(providertest.Recorded(dir, c, "again.log"))
			if err != nil {
				t.Fatal(err)
			}
			var wantAgain []string
			if s := strings.TrimRight(string(again), "\n"); s != "" {
				wantAgain = providertest.Keep(strings.Split(s, "\n"))
			}
			t.Log("second run")
			providertest.SameLines(t, errIDs(providertest.Run(t, c, reg, subst)), wantAgain)
			out, err := exec.Command("./testdata/dump", root).CombinedOutput()
			if err != nil {
				t.Fatalf("dump: %v\n%s", err, out)
			}
			wantFiles, err := os.ReadFile(providertest.Recorded(dir, c, "files"))
			if err != nil {
				t.Fatal(err)
			}
			if g := strings.ReplaceAll(string(out), root, "@ROOT@"); g != string(wantFiles) {
				t.Errorf("files:\n%s\nwant:\n%s", g, wantFiles)
			}
		})
	}
}

// errIDs writes OpenSSL's error lines as record writes them: the thread
// id that begins them as ERRID, the line of OpenSSL's source they name
// (which differs from run to run for a bad decrypt) as N; and the time a
// failed request took as N.
func errIDs(lines []string) []string {
	for i, l := range lines {
		l = took.ReplaceAllString(l, "failed after N seconds")
		lines[i] = l
		if j := strings.Index(l, ":error:"); j >= 8 && strings.Trim(l[:j], "0123456789ABCDEF") == "" {
			lines[i] = sourceLine.ReplaceAllString("ERRID"+l[j:], "$1:N:")
		}
	}
	return lines
}

var took = regexp.MustCompile(`failed after [0-9.]+ seconds`)

var sourceLine = regexp.MustCompile(`^(ERRID:error:.*\.c):[0-9]+:`)
