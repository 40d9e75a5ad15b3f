package archive_test

import (
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/resource/archive/archivetest"
	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

// TestAgainstPuppet applies every case recorded from Puppet with
// puppet-archive on the real machine, with the real tar, unzip and curl,
// its http sources served by archivetest, and compares ordo's lines and
// the files left with Puppet's.
func TestAgainstPuppet(t *testing.T) {
	for _, tool := range []string{"sh", "tar", "unzip", "zip", "curl", "xz", "bzip2", "gzip", "python3"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("needs %s", tool)
		}
	}
	srv := httptest.NewServer(archivetest.Handler())
	defer srv.Close()
	tlsSrv := httptest.NewTLSServer(archivetest.Handler())
	defer tlsSrv.Close()
	testdata, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	dir := "testdata/cases"
	for _, c := range providertest.Cases(t, dir) {
		t.Run(c.Name, func(t *testing.T) {
			root := providertest.CaseRoot(t)
			// Another user may reach the case's folder (the recordings'
			// is right under /tmp), as the user of an extraction must.
			providertest.OpenToUsers(t, root)
			env := []string{"ROOT=" + root, "URL=" + srv.URL}
			for _, kv := range strings.Fields(caseLine(t, dir, c.Name, "env")) {
				kv = strings.ReplaceAll(kv, "@ROOT@", root)
				k, v, _ := strings.Cut(kv, "=")
				t.Setenv(k, v)
				env = append(env, kv)
			}
			providertest.Shell(t, filepath.Join(testdata, "mkarchives"), env...)
			providertest.Shell(t, c.Setup, env...)
			got := providertest.RunWith(t, c, builtin.Registry(), map[string]string{"@ROOT@": root, "@URL@": srv.URL, "@HTTPS@": tlsSrv.URL}, func(o *apply.Options) {
				o.ModulePath = []string{filepath.Join(root, "modules")}
			})
			if c.After != "" {
				providertest.Shell(t, c.After, env...)
			}
			want, files := providertest.OrdoCase(dir, c)
			providertest.SameLines(t, got, want)
			providertest.SameFiles(t, dir, files, root)
		})
	}
}

// caseLine returns the case's "# key: " line.
func caseLine(t *testing.T, dir, name, key string) string {
	src, err := os.ReadFile(filepath.Join(dir, name+".pp"))
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(src), "\n") {
		if v, ok := strings.CutPrefix(line, "# "+key+": "); ok {
			return v
		}
	}
	return ""
}
