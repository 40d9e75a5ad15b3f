package durable

import (
	"errors"
	"os"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
)

func TestBatch(t *testing.T) {
	var b Batch
	if b.Pending() {
		t.Fatal("a new batch has work")
	}
	if err := b.Sync(); err != nil {
		t.Fatalf("Sync of nothing: %v", err)
	}
	d := t.TempDir()
	if err := os.WriteFile(filepath.Join(d, "f"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := b.Add(d); err != nil {
		t.Fatal(err)
	}
	if !b.Pending() {
		t.Fatal("Add left nothing pending")
	}
	if err := b.Sync(); err != nil {
		t.Fatal(err)
	}
	if b.Pending() {
		t.Fatal("Sync left work pending")
	}
}

func TestAddMissingDir(t *testing.T) {
	var b Batch
	if err := b.Add(filepath.Join(t.TempDir(), "missing")); err == nil {
		t.Fatal("Add of a missing directory succeeded")
	}
	if b.Pending() {
		t.Fatal("a failed Add left work pending")
	}
}

// TestSyncAfterRemove: the directories written to may be gone by the end of
// the run; Sync then falls back to sync(2) and still succeeds.
func TestSyncAfterRemove(t *testing.T) {
	var b Batch
	d := filepath.Join(t.TempDir(), "gone")
	if err := os.Mkdir(d, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := b.Add(d); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(d); err != nil {
		t.Fatal(err)
	}
	if err := b.Sync(); err != nil {
		t.Fatal(err)
	}
	if b.Pending() {
		t.Fatal("Sync left work pending")
	}
}

func TestConcurrentAdd(t *testing.T) {
	var b Batch
	d := t.TempDir()
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 100 {
				if err := b.Add(d); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	for dev, list := range b.dirs {
		if len(b.dirs) != 1 || len(list) != 1 || list[0] != d {
			t.Errorf("dirs = %v, want device %d with only %s", b.dirs, dev, d)
		}
	}
	if err := b.Sync(); err != nil {
		t.Fatal(err)
	}
}

func TestSyncErrorReadsLikePuppet(t *testing.T) {
	err := &SyncError{Dir: "/srv", Err: syscall.EIO}
	if got := err.Error(); got != "Could not sync the file system of /srv: Input/output error" {
		t.Errorf("%q", got)
	}
	if !errors.Is(err, syscall.EIO) {
		t.Error("SyncError hides its errno")
	}
}
