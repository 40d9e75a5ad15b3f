package eval_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/puppet/compiler"
	"github.com/ordoproject/ordo/internal/puppet/eval"
)

// TestWarnings compiles the cases that have Puppet's warnings recorded
// (testdata/cases/*.warnings, by testdata/record-warnings) and compares
// ordo's warnings with them, in order: those of the evaluation, then
// those of writing the catalog without rich data, as ordo compile
// prints them.
func TestWarnings(t *testing.T) {
	goldens, err := filepath.Glob("testdata/cases/*.warnings")
	if err != nil {
		t.Fatal(err)
	}
	if len(goldens) == 0 {
		t.Fatal("no cases")
	}
	for _, golden := range goldens {
		base := strings.TrimSuffix(golden, ".warnings")
		t.Run(filepath.Base(base), func(t *testing.T) {
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			src, err := os.ReadFile(base + ".pp")
			if err != nil {
				t.Fatal(err)
			}
			root, manifest := layoutCase(t, src)
			var got []string
			warn := func(msg string) { got = append(got, "Warning: "+strings.ReplaceAll(msg, root, "@ROOT@")) }
			opts := eval.Options{Node: "node.example", Facts: testFacts(), Types: compiler.Types(), ConversionWarnings: warn,
				Log: func(level, msg string) {
					if level == "warning" {
						warn(msg)
					}
				}}
			cat, err := eval.Compile(context.Background(), manifest, opts)
			if err != nil {
				t.Fatal(err)
			}
			eval.StringifyRich(cat, warn)
			if g, w := strings.Join(got, "\n"), strings.TrimRight(string(want), "\n"); g != w {
				t.Errorf("warnings differ from Puppet's\npuppet:\n%s\nordo:\n%s", w, g)
			}
		})
	}
}
