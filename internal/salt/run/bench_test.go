package run_test

import (
	"context"
	"testing"

	"github.com/ordoproject/ordo/internal/salt"
	"github.com/ordoproject/ordo/internal/salt/gen"
	"github.com/ordoproject/ordo/internal/salt/run"
	"github.com/ordoproject/ordo/internal/salt/state"
)

// BenchmarkConverged5000 renders, compiles and applies (on ordo's
// transaction) a converged tree of 5,000 states with requisites
// (gen.Tree). Target: under 0.5 s on the 2-core reference machine.
func BenchmarkConverged5000(b *testing.B) {
	root, out := b.TempDir(), b.TempDir()
	if err := gen.Tree(root, out, 5000); err != nil {
		b.Fatal(err)
	}
	opts := salt.Options{FileRoot: root, Context: salt.Context{Grains: map[string]any{}, Pillar: map[string]any{}}, Functions: state.Default()}
	apply := func() []*run.Record {
		low, err := salt.Compile(opts, []string{"big"})
		if err != nil {
			b.Fatal(err)
		}
		recs, err := run.Run(context.Background(), low, run.Options{Functions: state.Default(), Env: &state.Env{FileRoot: root}})
		if err != nil {
			b.Fatal(err)
		}
		return recs
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
