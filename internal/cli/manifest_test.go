package cli_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/cli"
	"github.com/ordoproject/ordo/internal/trace"
)

// TestCompilerCaseTraces applies the compiler's cases that have a
// recorded Puppet trace (internal/puppet/eval/testdata/cases/*.trace) with
// `ordo apply case.pp` and compares the traces.
func TestCompilerCaseTraces(t *testing.T) {
	traces, err := filepath.Glob("../puppet/eval/testdata/cases/*.trace")
	if err != nil {
		t.Fatal(err)
	}
	for _, tr := range traces {
		base := strings.TrimSuffix(tr, ".trace")
		want, err := os.ReadFile(tr)
		if err != nil {
			t.Fatal(err)
		}
		src, err := os.ReadFile(base + ".pp")
		if err != nil {
			t.Fatal(err)
		}
		t.Run(filepath.Base(base), func(t *testing.T) {
			out, root := applyManifest(t, src, nil)
			got := trace.MaskTempNames(trace.Normalize(out, root))
			if w := trace.MaskTempNames(strings.TrimRight(string(want), "\n")); got != w {
				t.Errorf("trace differs from Puppet's\n%s\n--- ordo output\n%s", lineDiff(w, got), out)
			}
		})
	}
}

// applyManifest runs `ordo apply` on src saved as case.pp in a fresh
// sandbox, and returns the output and the sandbox.
func applyManifest(t *testing.T, src []byte, flags []string) (string, string) {
	t.Helper()
	lockAccountsFor(t, src)
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "r"), 0o755); err != nil {
		t.Fatal(err)
	}
	manifest := filepath.Join(root, "case.pp")
	if err := os.WriteFile(manifest, bytes.ReplaceAll(src, []byte("@ROOT@"), []byte(root)), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"apply", "--color=false", "--evaltrace", "--verbose", "--node", "node.example",
		"--bucketdir", filepath.Join(root, ".bucket"), "--lockfile", filepath.Join(root, ".lock"),
		"--statedir", filepath.Join(root, ".state")}
	args = append(args, flags...)
	args = append(args, manifest)
	var out bytes.Buffer
	cli.Run(context.Background(), args, cli.Stdio{In: strings.NewReader(""), Out: &out, Err: &out})
	return out.String(), root
}

// TestDifferentialManifests runs `ordo apply case.pp` on every manifest of
// the corpus, compiling it with ordo's compiler, and compares the
// normalized trace with the one Puppet's own `puppet apply` produced.
func TestDifferentialManifests(t *testing.T) {
	for _, c := range loadCorpus(t) {
		src, err := os.ReadFile(filepath.Join(corpus, c.name+".pp"))
		if err != nil {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			flags := c.flags
			if bytes.HasPrefix(src, []byte("# modules:")) || bytes.Contains(src, []byte("\n# modules:")) {
				// A case on Forge modules (record-modules) compiles
				// against them: ORDO_TEST_MODULEPATH names the folder.
				mp := os.Getenv("ORDO_TEST_MODULEPATH")
				if mp == "" {
					t.Skip("ORDO_TEST_MODULEPATH is not set")
				}
				flags = append(append([]string(nil), flags...), "--modulepath", mp)
			}
			out, root := applyManifest(t, src, flags)
			got, want := trace.MaskTempNames(trace.Normalize(out, root)), trace.MaskTempNames(c.trace)
			if got != want {
				t.Errorf("trace differs from Puppet's\n%s\n--- ordo output\n%s", lineDiff(want, got), out)
			}
		})
	}
}
