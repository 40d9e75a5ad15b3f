package cli_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/cli"
)

var (
	rawVersionRE = regexp.MustCompile(`(?m)^  "version": [0-9]+,$`)
	rawUUIDRE    = regexp.MustCompile(`(?m)^  "catalog_uuid": "[^"]*",$`)
)

// TestCompileOutputIsPuppets runs ordo compile on testdata/compile-raw
// cases and compares its standard output byte for byte with what
// puppet catalog find printed for them (CASE.json, recorded with
// testdata/compile-raw/record), the version and the UUID aside. The
// cases of testdata/compile-raw/modules are compiled against the
// modules in ORDO_TEST_MODULEPATH (and this machine's facts, as they
// were recorded), when it is set.
func TestCompileOutputIsPuppets(t *testing.T) {
	cases, err := filepath.Glob("testdata/compile-raw/*.pp")
	if err != nil || len(cases) == 0 {
		t.Fatal("no cases", err)
	}
	modulePath := os.Getenv("ORDO_TEST_MODULEPATH")
	if modulePath != "" {
		if modulePath, err = filepath.Abs(modulePath); err != nil {
			t.Fatal(err)
		}
		withModules, _ := filepath.Glob("testdata/compile-raw/modules/*.pp")
		cases = append(cases, withModules...)
	}
	for _, path := range cases {
		name := strings.TrimSuffix(filepath.Base(path), ".pp")
		t.Run(name, func(t *testing.T) {
			want, err := os.ReadFile(strings.TrimSuffix(path, ".pp") + ".json")
			if err != nil {
				t.Fatal(err)
			}
			src, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			root := t.TempDir()
			dir := filepath.Join(root, ".pcode/environments/production/manifests")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			manifest := filepath.Join(dir, "site.pp")
			if err := os.WriteFile(manifest, bytes.ReplaceAll(src, []byte("@ROOT@"), []byte(root)), 0o644); err != nil {
				t.Fatal(err)
			}
			args := []string{"compile", "--node", "node.example", "--color=false", manifest}
			if filepath.Base(filepath.Dir(path)) == "modules" {
				// As the recorder does: the modules are the environment's.
				link := filepath.Join(root, ".pcode/environments/production/modules")
				if err := os.Symlink(modulePath, link); err != nil {
					t.Fatal(err)
				}
				args = append(args, "--modulepath", link)
			}
			var out, errOut bytes.Buffer
			code := cli.Run(context.Background(), args, cli.Stdio{In: strings.NewReader(""), Out: &out, Err: &errOut})
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut.String())
			}
			got := strings.ReplaceAll(out.String(), root, "@ROOT@")
			got = rawVersionRE.ReplaceAllString(got, `  "version": VERSION,`)
			got = rawUUIDRE.ReplaceAllString(got, `  "catalog_uuid": "UUID",`)
			if got != string(want) {
				t.Errorf("ordo compile's output differs from puppet catalog find's\n%s", lineDiff(string(want), got))
			}
		})
	}
}
