package run_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/salt"
	"github.com/ordoproject/ordo/internal/salt/run"
	"github.com/ordoproject/ordo/internal/salt/state"
)

// writeBenchTree writes an SLS tree of n states in files of 50, each
// requiring the one before it, every seventh also watching a state of the
// previous file; a third are file.directory states under out.
func writeBenchTree(tb testing.TB, root, out string, n int) {
	const per = 50
	var top strings.Builder
	top.WriteString("include:\n")
	for f := 0; f*per < n; f++ {
		var b strings.Builder
		for k := f * per; k < (f+1)*per && k < n; k++ {
			fmt.Fprintf(&b, "s%d:\n", k)
			switch k % 3 {
			case 0:
				fmt.Fprintf(&b, "  file.directory:\n    - name: %s/d%d\n", out, k%200)
			case 1:
				fmt.Fprintf(&b, "  test.succeed_without_changes:\n    - comment: state {{ %d }}\n", k)
			default:
				fmt.Fprintf(&b, "  test.nop:\n    - name: n%d\n", k)
			}
			if k > 0 {
				fmt.Fprintf(&b, "    - require:\n      - s%d\n", k-1)
			}
			if k >= per && k%7 == 0 {
				t := k - per
				for t%3 != 1 {
					t++
				}
				fmt.Fprintf(&b, "    - watch:\n      - test: s%d\n", t)
			}
		}
		name := filepath.Join(root, "gen", fmt.Sprintf("f%d.sls", f))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(b.String()), 0o644); err != nil {
			tb.Fatal(err)
		}
		fmt.Fprintf(&top, "  - gen.f%d\n", f)
	}
	if err := os.WriteFile(filepath.Join(root, "big.sls"), []byte(top.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkConverged5000 renders, compiles and applies a converged tree
// of 5,000 states with requisites.
func BenchmarkConverged5000(b *testing.B) {
	root, out := b.TempDir(), b.TempDir()
	writeBenchTree(b, root, out, 5000)
	opts := salt.Options{FileRoot: root, Context: salt.Context{Grains: map[string]any{}, Pillar: map[string]any{}}, Functions: state.Default()}
	apply := func() []*run.Record {
		low, err := salt.Compile(opts, []string{"big"})
		if err != nil {
			b.Fatal(err)
		}
		return run.Run(context.Background(), low, run.Options{Functions: state.Default(), Env: &state.Env{FileRoot: root}})
	}
	apply()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		recs := apply()
		if len(recs) != 5000 {
			b.Fatalf("%d records", len(recs))
		}
	}
}
