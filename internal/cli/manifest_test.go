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
			root := t.TempDir()
			if err := os.MkdirAll(filepath.Join(root, "r"), 0o755); err != nil {
				t.Fatal(err)
			}
			manifest := filepath.Join(root, "case.pp")
			if err := os.WriteFile(manifest, bytes.ReplaceAll(src, []byte("@ROOT@"), []byte(root)), 0o644); err != nil {
				t.Fatal(err)
			}
			args := []string{"apply", "--color=false", "--evaltrace", "--verbose", "--node", "node.example",
				"--bucketdir", filepath.Join(root, ".bucket"), "--lockfile", filepath.Join(root, ".lock")}
			args = append(args, c.flags...)
			args = append(args, manifest)
			var out bytes.Buffer
			cli.Run(context.Background(), args, cli.Stdio{In: strings.NewReader(""), Out: &out, Err: &out})
			got, want := trace.MaskTempNames(trace.Normalize(out.String(), root)), trace.MaskTempNames(c.trace)
			if got != want {
				t.Errorf("trace differs from Puppet's\n%s\n--- ordo output\n%s", lineDiff(want, got), out.String())
			}
		})
	}
}
