package user_test

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/cli"
	"github.com/ordoproject/ordo/internal/resource/providertest"
	ns "github.com/ordoproject/ordo/internal/resource/user/nameservice"
)

var (
	seconds = regexp.MustCompile(`in [0-9]+\.[0-9]+ seconds`)
	// Lines about Puppet's own machinery that ordo does not print, and
	// the configuration version, which differs on every run.
	puppetOnly = regexp.MustCompile(`^(Notice: Compiled catalog|Info: Creating state file|Info: Applying configuration version|Info: Loading facts)`)
)

// normalized drops the lines only Puppet prints and masks timings.
func normalized(log string) string {
	var out []string
	for _, l := range strings.Split(strings.TrimRight(log, "\n"), "\n") {
		if !puppetOnly.MatchString(l) {
			out = append(out, seconds.ReplaceAllString(l, "in 0.00 seconds"))
		}
	}
	return strings.Join(out, "\n")
}

// TestPurgeSSHKeysAgainstPuppet applies the catalogs of testdata/*.json
// (compiled by Puppet 7.23 with puppetlabs-sshkeys_core, see
// testdata/record) after the case's setup, on real throw-away accounts,
// and compares ordo's whole --evaltrace --verbose output with Puppet's:
// the keys purge_ssh_keys removes are made before the run, so their
// events reach the user's class directly, and the counts are Puppet's.
func TestPurgeSSHKeysAgainstPuppet(t *testing.T) {
	if os.Geteuid() != 0 || ns.Program("useradd") == "useradd" {
		t.Skip("needs root and useradd")
	}
	providertest.LockAccounts(t)
	cases, err := filepath.Glob("testdata/*.pp")
	if err != nil {
		t.Fatal(err)
	}
	for _, pp := range cases {
		name := strings.TrimSuffix(filepath.Base(pp), ".pp")
		t.Run(name, func(t *testing.T) {
			src, err := os.ReadFile(pp)
			if err != nil {
				t.Fatal(err)
			}
			header := map[string]string{}
			for _, l := range strings.Split(string(src), "\n") {
				if k, v, ok := strings.Cut(strings.TrimPrefix(l, "# "), ": "); ok && strings.HasPrefix(l, "# ") {
					header[k] = v
				}
			}
			cat, err := os.ReadFile(strings.TrimSuffix(pp, ".pp") + ".json")
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(strings.TrimSuffix(pp, ".pp") + ".log")
			if err != nil {
				t.Fatal(err)
			}
			// The accounts' homes must be reachable by them.
			root, err := os.MkdirTemp("", "ordorespn")
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { os.RemoveAll(root) })
			if err := os.Chmod(root, 0o755); err != nil {
				t.Fatal(err)
			}
			shell := func(script string) {
				if script == "" {
					return
				}
				cmd := exec.Command("/bin/sh", "-c", script)
				cmd.Env = append(os.Environ(), "ROOT="+root)
				cmd.Run() // a cleanup may find nothing to remove
			}
			shell(header["cleanup"])
			t.Cleanup(func() { shell(header["cleanup"]) })
			providertest.Shell(t, header["setup"], "ROOT="+root)

			catalogFile := filepath.Join(root, "catalog.json")
			if err := os.WriteFile(catalogFile, bytes.ReplaceAll(cat, []byte("@ROOT@"), []byte(root)), 0o644); err != nil {
				t.Fatal(err)
			}
			args := []string{"apply", "--color=false", "--evaltrace", "--verbose",
				"--bucketdir", filepath.Join(root, ".bucket"), "--lockfile", filepath.Join(root, ".lock"),
				"--statedir", filepath.Join(root, ".state")}
			args = append(args, strings.Fields(header["flags"])...)
			args = append(args, "--catalog", catalogFile)
			var out bytes.Buffer
			cli.Run(context.Background(), args, cli.Stdio{In: strings.NewReader(""), Out: &out, Err: &out})
			got := strings.ReplaceAll(out.String(), root, "@ROOT@")
			if normalized(got) != normalized(string(want)) {
				t.Errorf("ordo:\n%s\n\npuppet:\n%s", normalized(got), normalized(string(want)))
			}
		})
	}
}
