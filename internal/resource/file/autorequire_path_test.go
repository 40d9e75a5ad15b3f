package file

import (
	"path/filepath"
	"testing"
)

func TestCleanAbsAgreesWithClean(t *testing.T) {
	for _, p := range []string{
		"/", "//", "/a", "/a/", "/a//b", "/a/./b", "/a/../b", "/a/.b", "/a/..b",
		"/a/b.", "/a/b..", "/.", "/..", "/a/.", "/a/..", "a", "a/b", "", ".",
		"/etc/ssh/sshd_config", "/.hidden/x", "/x/.../y",
	} {
		want := filepath.IsAbs(p) && filepath.Clean(p) == p
		if got := cleanAbs(p); got != want {
			t.Errorf("cleanAbs(%q) = %v, want %v", p, got, want)
		}
		if want {
			if got, dir := parentDir(p), filepath.Dir(p); got != dir {
				t.Errorf("parentDir(%q) = %q, want %q", p, got, dir)
			}
		}
	}
}

func FuzzCleanAbs(f *testing.F) {
	f.Add("/a/./b")
	f.Fuzz(func(t *testing.T, p string) {
		want := filepath.IsAbs(p) && filepath.Clean(p) == p
		if got := cleanAbs(p); got != want {
			t.Fatalf("cleanAbs(%q) = %v, want %v", p, got, want)
		}
		if want && parentDir(p) != filepath.Dir(p) {
			t.Fatalf("parentDir(%q) = %q, want %q", p, parentDir(p), filepath.Dir(p))
		}
	})
}
