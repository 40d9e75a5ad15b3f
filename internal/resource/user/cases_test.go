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

// accountCommand matches the debug lines of the commands that change
// accounts, as testdata/record keeps them in CASE.debug.
var accountCommand = regexp.MustCompile(`^Debug: Executing.*(user|chage|chpasswd|group|gpasswd)`)

// TestCasesAgainstPuppet applies the catalogs of testdata/*.json
// (compiled by Puppet 7.23 with puppetlabs-sshkeys_core, see
// testdata/record) after each case's setup, on real throw-away accounts,
// and compares ordo's whole --evaltrace --verbose output with Puppet's,
// then, from the same setup, the account commands of a --debug run with
// those of CASE.debug. A case with "# requires: libuser" runs where
// libuser's tools are installed, as Puppet's forcelocal needs them.
func TestCasesAgainstPuppet(t *testing.T) {
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
			if header["requires"] == "libuser" {
				for _, p := range []string{"/usr/sbin/luseradd", "/usr/sbin/lgroupadd"} {
					if _, err := os.Stat(p); err != nil {
						t.Skipf("needs libuser (%s)", p)
					}
				}
			}
			base := strings.TrimSuffix(pp, ".pp")
			cat, err := os.ReadFile(base + ".json")
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(base + ".log")
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
			catalogFile := filepath.Join(root, "catalog.json")
			if err := os.WriteFile(catalogFile, bytes.ReplaceAll(cat, []byte("@ROOT@"), []byte(root)), 0o644); err != nil {
				t.Fatal(err)
			}
			apply := func(extra ...string) string {
				for _, d := range []string{".bucket", ".state"} {
					os.RemoveAll(filepath.Join(root, d))
				}
				args := []string{"apply", "--color=false",
					"--bucketdir", filepath.Join(root, ".bucket"), "--lockfile", filepath.Join(root, ".lock"),
					"--statedir", filepath.Join(root, ".state")}
				args = append(append(args, extra...), strings.Fields(header["flags"])...)
				args = append(args, "--catalog", catalogFile)
				var out bytes.Buffer
				cli.Run(context.Background(), args, cli.Stdio{In: strings.NewReader(""), Out: &out, Err: &out})
				return strings.ReplaceAll(out.String(), root, "@ROOT@")
			}

			providertest.Shell(t, header["setup"], "ROOT="+root)
			got := apply("--evaltrace", "--verbose")
			if normalized(got) != normalized(string(want)) {
				t.Errorf("ordo:\n%s\n\npuppet:\n%s", normalized(got), normalized(string(want)))
			}

			wantDebug, err := os.ReadFile(base + ".debug")
			if err != nil {
				return // recorded without its commands
			}
			shell(header["cleanup"])
			providertest.Shell(t, header["setup"], "ROOT="+root)
			var cmds []string
			for _, l := range strings.Split(apply("--debug"), "\n") {
				if accountCommand.MatchString(l) {
					cmds = append(cmds, l)
				}
			}
			if g, w := strings.Join(cmds, "\n"), strings.TrimRight(string(wantDebug), "\n"); g != w {
				t.Errorf("commands:\n%s\n\npuppet:\n%s", g, w)
			}
		})
	}
}
