package cli

import (
	"os"
	"path/filepath"
	"testing"
)

// TestPrepareHeap runs prepareHeap on a missing, a small and a large
// manifest: it must neither fail nor keep the block it allocates.
func TestPrepareHeap(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.pp")
	large := filepath.Join(dir, "large.pp")
	if err := os.WriteFile(small, []byte("notify { 'x': }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(large, make([]byte, 128<<10), 0o644); err != nil {
		t.Fatal(err)
	}
	prepareHeap(filepath.Join(dir, "missing.pp"))
	prepareHeap(small)
	prepareHeap(large)
}
