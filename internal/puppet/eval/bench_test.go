package eval_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

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
