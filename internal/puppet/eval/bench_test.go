package eval_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/ordoproject/ordo/internal/puppet/compiler"
	"github.com/ordoproject/ordo/internal/puppet/eval"
)

// BenchmarkCompile10k compiles the generated manifest of about 10,000
// resources (bench/compile/genmanifest).
func BenchmarkCompile10k(b *testing.B) {
	out, err := exec.Command("go", "run", "../../../bench/compile/genmanifest", "-n", "10000").Output()
	if err != nil {
		b.Skipf("genmanifest: %v", err)
	}
	path := filepath.Join(b.TempDir(), "big.pp")
	if err := os.WriteFile(path, out, 0o644); err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := eval.Compile(context.Background(), path, eval.Options{Node: "node.example"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkApacheVhosts compiles include apache with two vhosts against
// the modules in ORDO_TEST_MODULEPATH, facts, Hiera and ERB included.
func BenchmarkApacheVhosts(b *testing.B) {
	mp := os.Getenv("ORDO_TEST_MODULEPATH")
	if mp == "" {
		b.Skip("ORDO_TEST_MODULEPATH is not set")
	}
	manifest, err := filepath.Abs("testdata/modules/apache-vhosts.pp")
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for i := 0; i < b.N; i++ {
		opts, err := compiler.Options(ctx, manifest, compiler.Setup{Node: "node.example", ModulePath: []string{mp}})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := eval.Compile(ctx, manifest, opts); err != nil {
			b.Fatal(err)
		}
	}
}
