package cli

import (
	"os"
	"path/filepath"
	"testing"
	"unsafe"
)

// TestPrepareHeap runs prepareHeap on a missing, a small and a large
// manifest, and the faulting in it returns: it must neither fail nor
// keep the block it allocates.
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
	prepareHeap(filepath.Join(dir, "missing.pp"))()
	prepareHeap(small)()
	prepareHeap(large)()
	// The heap in use, faulted in while it is written to, keeps what
	// was written.
	data := make([]byte, 8<<20)
	for i := range data {
		data[i] = byte(i)
	}
	faultIn(uintptr(unsafe.Pointer(&data[0])), uintptr(len(data)))
	for i := range data {
		if data[i] != byte(i) {
			t.Fatalf("byte %d changed to %d", i, data[i])
		}
	}
}
