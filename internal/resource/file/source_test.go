package file

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A source's kind decides what the file becomes, as in Puppet 7.23 with
// links => manage (testdata/malformed/src-*): nothing waits on a FIFO.
func TestSourceKinds(t *testing.T) {
	for _, tc := range []struct {
		name   string
		setup  func(t *testing.T, src string)
		ensure string // "" for none
		log    string
		check  func(t *testing.T, p string)
	}{
		{"fifo", func(t *testing.T, src string) { mkfifo(t, src) }, "file",
			"Notice: /ensure: created",
			func(t *testing.T, p string) { linkTo(t, p, "fifo") }},
		{"fifo without ensure", func(t *testing.T, src string) { mkfifo(t, src) }, "",
			"Notice: /ensure: created",
			func(t *testing.T, p string) { linkTo(t, p, "fifo") }},
		{"directory", func(t *testing.T, src string) { os.Mkdir(src, 0o755) }, "file",
			"Notice: /ensure: created",
			func(t *testing.T, p string) {
				if st, err := os.Lstat(p); err != nil || !st.IsDir() {
					t.Errorf("%s is not a directory (%v)", p, err)
				}
			}},
		{"link", func(t *testing.T, src string) {
			os.WriteFile(filepath.Join(filepath.Dir(src), "real"), nil, 0o644)
			os.Symlink("real", src)
		}, "",
			"Notice: /ensure: created",
			func(t *testing.T, p string) { linkTo(t, p, "real") }},
		{"dangling link", func(t *testing.T, src string) { os.Symlink("nowhere", src) }, "",
			"Error: Could not evaluate: Could not retrieve information from environment production source(s) file://SRC",
			func(t *testing.T, p string) {
				if _, err := os.Lstat(p); !os.IsNotExist(err) {
					t.Errorf("%s was made", p)
				}
			}},
		{"device", func(t *testing.T, src string) {
			if err := syscall.Mknod(src, syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
				t.Skip("cannot make a device here:", err)
			}
		}, "file",
			"Error: Could not evaluate: Could not retrieve file metadata for file://SRC: Cannot manage files of type characterSpecial",
			func(t *testing.T, p string) {
				if _, err := os.Lstat(p); !os.IsNotExist(err) {
					t.Errorf("%s was made", p)
				}
			}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d := t.TempDir()
			src, p := filepath.Join(d, "src"), filepath.Join(d, "f")
			tc.setup(t, src)
			kv := []any{"source", src}
			if tc.ensure != "" {
				kv = append(kv, "ensure", tc.ensure)
			}
			done := make(chan string, 1)
			go func() { done <- run(t, res(p, kv...), opts{}) }()
			select {
			case log := <-done:
				log = strings.NewReplacer(P(p)+": ", "", P(p), "", src, "SRC").Replace(log)
				if strings.TrimSpace(log) != tc.log {
					t.Errorf("log:\n%s\nwant:\n%s", log, tc.log)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the run waits on the source")
			}
			tc.check(t, p)
		})
	}
}

func mkfifo(t *testing.T, p string) {
	t.Helper()
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Fatal(err)
	}
}

func linkTo(t *testing.T, p, target string) {
	t.Helper()
	if got, err := os.Readlink(p); err != nil || got != target {
		t.Errorf("%s links to %q (%v), want %q", p, got, err, target)
	}
}

// A run killed while it replaced a file leaves a temporary file; the next
// run that replaces the same file removes it, and leaves alone those of
// other files and those of a process that still runs.
func TestStaleTempsRemoved(t *testing.T) {
	d := t.TempDir()
	p := filepath.Join(d, "f")
	write(t, p, "old\n", 0o644)
	dead := deadPID(t)
	stale := []string{".f.ordo1x2y3z", "f20261123-" + dead + "-abc12"}
	kept := []string{".g.ordo1x2y3z", "g20261123-" + dead + "-abc12", "f20261123-1-abc12", ".f.ordo", "f.orig"}
	for _, n := range append(append([]string{}, stale...), kept...) {
		write(t, filepath.Join(d, n), "partial", 0o600)
	}
	run(t, res(p, "content", "new\n"), opts{})
	checkFile(t, p, "new\n", 0o644, 0, 0)
	for _, n := range stale {
		if _, err := os.Lstat(filepath.Join(d, n)); !os.IsNotExist(err) {
			t.Errorf("%s is still there", n)
		}
	}
	for _, n := range kept {
		if _, err := os.Lstat(filepath.Join(d, n)); err != nil {
			t.Errorf("%s was removed", n)
		}
	}
}

// deadPID returns the id of a process that has ended.
func deadPID(t *testing.T) string {
	t.Helper()
	cmd := exec.Command("/bin/true")
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	return strconv.Itoa(cmd.Process.Pid)
}
