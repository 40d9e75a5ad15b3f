package file

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ordoproject/ordo/internal/resource"
)

// prefetchInstance returns a file instance for p with content want, whose
// host trusts files changed at least window ago.
func prefetchInstance(t *testing.T, p, want string, window time.Duration) *instance {
	t.Helper()
	h := newHost()
	h.racyWindow = window
	inst, err := resource.Instantiate(Type{host: h}, res(p, "content", want))
	if err != nil {
		t.Fatal(err)
	}
	return inst.(*instance)
}

// retrieve runs f's Retrieve after touches evaluations that may have
// changed the machine (a prefetch here is made at count 0).
func retrieve(t *testing.T, f *instance, touches uint64) {
	t.Helper()
	if err := f.Retrieve(context.Background(), &resource.Handle{Path: P(f.path), Touches: touches}); err != nil {
		t.Fatal(err)
	}
}

// TestPrefetchUsed: a comparison made ahead is what Retrieve reports
// while the file is unchanged (the stored result is flipped to tell it
// from a fresh read).
func TestPrefetchUsed(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	write(t, p, "hi\n", 0o644)
	f := prefetchInstance(t, p, "hi\n", 0)
	f.Prefetch(0)
	got := f.pre.result.Load()
	if got == nil || !got.same {
		t.Fatalf("prefetched %+v, want the same content", got)
	}
	got.same = false
	retrieve(t, f, 1)
	if f.contentOK || f.pre.result.Load() != nil {
		t.Errorf("Retrieve found the content in sync (%v) and left %v; want the prefetched result, taken", f.contentOK, f.pre.result.Load())
	}
	f.Prefetch(0)
	if f.pre.result.Load() != nil {
		t.Error("a prefetch after Retrieve began was kept")
	}
}

// TestPrefetchTrusted: when nothing in the run touched the machine since
// the prefetch, Retrieve takes what it read as the file's state and reads
// nothing: the file is gone meanwhile, and Retrieve still finds it as it
// was (as if it had read it at the prefetch's moment). After a touch, it
// finds it gone.
func TestPrefetchTrusted(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	write(t, p, "hi\n", 0o644)
	for _, touches := range []uint64{0, 1} {
		f := prefetchInstance(t, p, "hi\n", 0)
		f.Prefetch(0)
		if f.pre.result.Load() == nil {
			t.Fatal("nothing prefetched")
		}
		if err := os.Rename(p, p+".away"); err != nil {
			t.Fatal(err)
		}
		retrieve(t, f, touches)
		if err := os.Rename(p+".away", p); err != nil {
			t.Fatal(err)
		}
		if touches == 0 && (f.curType != "file" || !f.contentOK) {
			t.Errorf("no touch: Retrieve found %s (content in sync %v), want the prefetched file", f.curType, f.contentOK)
		}
		if touches == 1 && f.curType != "absent" {
			t.Errorf("after a touch: Retrieve found %s, want it read again (absent)", f.curType)
		}
	}
}

// TestPrefetchReplaced: a file replaced after its prefetch (new inode, same
// size), when the run may have touched the machine since, is read again.
func TestPrefetchReplaced(t *testing.T) {
	d := t.TempDir()
	p := filepath.Join(d, "f")
	write(t, p, "hi\n", 0o644)
	f := prefetchInstance(t, p, "hi\n", 0)
	f.Prefetch(0)
	write(t, d+"/g", "ho\n", 0o644)
	if err := os.Rename(d+"/g", p); err != nil {
		t.Fatal(err)
	}
	retrieve(t, f, 1)
	if f.contentOK {
		t.Error("Retrieve used the comparison of the replaced file")
	}
}

// TestPrefetchRewritten: a file rewritten in place after its prefetch, to
// the same size, when the run may have touched the machine since, is read
// again. The file is older than the window, as
// prefetching requires.
func TestPrefetchRewritten(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	write(t, p, "hi\n", 0o644)
	const window = 300 * time.Millisecond
	time.Sleep(window + 50*time.Millisecond)
	f := prefetchInstance(t, p, "hi\n", window)
	f.Prefetch(0)
	if f.pre.result.Load() == nil {
		t.Fatal("nothing prefetched")
	}
	if err := os.WriteFile(p, []byte("ho\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	retrieve(t, f, 1)
	if f.contentOK {
		t.Error("Retrieve used the comparison of the rewritten file")
	}
}

// TestPrefetchSkips: no read ahead for what was changed within the window,
// for files of another size, and for anything but a plain file (a FIFO
// must not block the prefetch).
func TestPrefetchSkips(t *testing.T) {
	d := t.TempDir()
	write(t, d+"/recent", "hi\n", 0o644)
	write(t, d+"/size", "hello\n", 0o644)
	if err := syscall.Mkfifo(d+"/fifo", 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, content string
		window        time.Duration
	}{
		{"recent", "hi\n", time.Hour},
		{"size", "hi\n", 0},
		{"fifo", "", 0},
		{"missing", "hi\n", 0},
	} {
		f := prefetchInstance(t, filepath.Join(d, tc.name), tc.content, tc.window)
		done := make(chan struct{})
		go func() { f.Prefetch(0); close(done) }()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: Prefetch blocked", tc.name)
		}
		if got := f.pre.result.Load(); got != nil {
			t.Errorf("%s: prefetched %+v", tc.name, got)
		}
	}
}

// TestSameContent: the content comparison finds what equal checksums
// find: all of the content, or for a lite checksum its first 512 bytes.
func TestSameContent(t *testing.T) {
	d := t.TempDir()
	long := strings.Repeat("x", 600)
	big := strings.Repeat("0123456789", 10000) // larger than a read buffer
	for i, tc := range []struct {
		checksum, file, want string
		same                 bool
	}{
		{"sha256", "hi\n", "hi\n", true},
		{"sha256", "hi\n", "ho\n", false},
		{"sha256", "hi\nmore", "hi\n", false},
		{"sha256", "hi", "hi\n", false},
		{"sha256", "", "", true},
		{"md5", big, big, true},
		{"md5", big, big[:len(big)-1] + "!", false},
		{"md5", big + "x", big, false},
		{"md5lite", long, long[:512] + "y", true},
		{"md5lite", long, long[:511] + "y", false},
		{"sha256lite", "short", "short", true},
		{"sha256lite", "short", "shorter", false},
		{"sha256lite", long, long[:300], false},
	} {
		p := filepath.Join(d, fmt.Sprint(i))
		write(t, p, tc.file, 0o644)
		inst, err := resource.Instantiate(NewType(), res(p, "content", tc.want, "checksum", tc.checksum))
		if err != nil {
			t.Fatal(err)
		}
		got, err := inst.(*instance).sameContentAt(p)
		if err != nil || got != tc.same {
			t.Errorf("%d (%s): same %v, %v; want %v", i, tc.checksum, got, err, tc.same)
		}
		// The checksums agree.
		f := inst.(*instance)
		cur, _ := f.sumFile(p)
		if (cur == f.desiredSum()) != tc.same {
			t.Errorf("%d (%s): checksums %s and %s disagree with the comparison", i, tc.checksum, cur, f.desiredSum())
		}
	}
}
