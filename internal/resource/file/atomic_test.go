package file

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

func checkFile(t *testing.T, p, content string, perm uint32, uid, gid uint32) {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	st, err := os.Lstat(p)
	if err != nil {
		t.Fatal(err)
	}
	sys := st.Sys().(*syscall.Stat_t)
	if string(b) != content || sys.Mode&0o7777 != perm || sys.Uid != uid || sys.Gid != gid {
		t.Errorf("%s: %q mode %o owner %d:%d, want %q mode %o owner %d:%d",
			p, b, sys.Mode&0o7777, sys.Uid, sys.Gid, content, perm, uid, gid)
	}
}

func onlyEntry(t *testing.T, dir, name string) {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != name {
		t.Errorf("%s holds %v, want only %s", dir, entries, name)
	}
}

func TestCreateFile(t *testing.T) {
	for _, sync := range []bool{false, true} {
		d := t.TempDir()
		p := filepath.Join(d, "new")
		ok, err := createFile(p, []byte("hello\n"), replacement{perm: 0o4750, uid: 65534, gid: 65534, sync: sync})
		if err != nil || !ok {
			t.Fatalf("createFile = %v, %v", ok, err)
		}
		checkFile(t, p, "hello\n", 0o4750, 65534, 65534)
		onlyEntry(t, d, "new")
	}
}

// TestCreateFileNeverClobbers: what appeared at the path since it was
// looked at is left alone; the caller falls back to replacing it.
func TestCreateFileNeverClobbers(t *testing.T) {
	d := t.TempDir()
	p := filepath.Join(d, "there")
	write(t, p, "old\n", 0o600)
	ok, err := createFile(p, []byte("new\n"), replacement{perm: 0o644, uid: -1, gid: -1})
	if err != nil || ok {
		t.Fatalf("createFile over an existing file = %v, %v; want false, nil", ok, err)
	}
	checkFile(t, p, "old\n", 0o600, uint32(os.Geteuid()), uint32(os.Getegid()))
	onlyEntry(t, d, "there")
}

func TestCreateFileMissingDir(t *testing.T) {
	p := filepath.Join(t.TempDir(), "nodir", "f")
	ok, err := createFile(p, nil, replacement{perm: 0o644, uid: -1, gid: -1})
	if ok || err == nil {
		t.Fatalf("createFile in a missing directory = %v, %v", ok, err)
	}
	if got := describe(err); got != "No such file or directory @ rb_sysopen - "+p {
		t.Errorf("error reads %q", got)
	}
}

func TestReplaceFile(t *testing.T) {
	d := t.TempDir()
	p := filepath.Join(d, "f")
	write(t, p, "old\n", 0o600)
	if err := replaceFile(p, []byte("new\n"), replacement{perm: 0o640, uid: 65534, gid: 65534, sync: true}); err != nil {
		t.Fatal(err)
	}
	checkFile(t, p, "new\n", 0o640, 65534, 65534)
	onlyEntry(t, d, "f")
}

// TestReplaceFileFailureLeavesNothing: a failed replacement (here the
// rename over a directory) keeps what was there and removes its temporary
// file.
func TestReplaceFileFailureLeavesNothing(t *testing.T) {
	d := t.TempDir()
	p := filepath.Join(d, "dir")
	if err := os.Mkdir(p, 0o755); err != nil {
		t.Fatal(err)
	}
	err := replaceFile(p, []byte("new\n"), replacement{perm: 0o640, uid: -1, gid: -1})
	if got := describe(err); got != "Is a directory @ rb_file_s_rename - ("+err.(*os.LinkError).Old+", "+p+")" {
		t.Errorf("error reads %q", got)
	}
	if st, err := os.Stat(p); err != nil || !st.IsDir() {
		t.Error("the directory was replaced")
	}
	onlyEntry(t, d, "dir")
}
