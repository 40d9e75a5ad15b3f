package file

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/durable"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
	"github.com/ordoproject/ordo/internal/trace"
)

const (
	sumHi  = "{sha256}98ea6e4f216f2fb4b69fff9b3a44842c38686ca685f3f55dc48c5d3fb1107be4" // "hi\n"
	sumBye = "{sha256}abc6fd595fc079d3114d4b71a4d84b1d1d0f79df1e70f8813212f2a65d8916df" // "bye\n"
)

func P(p string) string { return "/Stage[main]/Main/File[" + p + "]" }

type opts struct {
	noop, showDiff bool
	min            resource.Level
	bucket         string
	durable        *durable.Batch
	host           *host
	debug          bool // keep debug lines (min is Notice when unset)
}

// run applies one file resource and returns the logged lines.
func run(t *testing.T, r *catalog.Resource, o opts) string {
	t.Helper()
	inst, err := resource.Instantiate(Type{host: o.host}, r)
	if err != nil {
		t.Fatal(err)
	}
	if o.min == 0 && !o.debug {
		o.min = resource.Notice
	}
	log := &resourcetest.Logger{MinLevel: o.min}
	h := &resource.Handle{Path: P(r.Title), Log: log, Noop: o.noop, ShowDiff: o.showDiff, BucketDir: o.bucket, Durable: o.durable, Runner: command.Runner{}}
	resourcetest.Apply(context.Background(), inst, h)
	return log.String()
}

func res(title string, kv ...any) *catalog.Resource {
	return resourcetest.Resource("File", title, kv...)
}

func mode(t *testing.T, p string) string {
	t.Helper()
	st, err := os.Lstat(p)
	if err != nil {
		t.Fatal(err)
	}
	return displayMode(uint32(st.Sys().(*syscall.Stat_t).Mode) & 0o7777)
}

func write(t *testing.T, p, s string, perm os.FileMode) {
	t.Helper()
	if err := os.WriteFile(p, []byte(s), perm); err != nil {
		t.Fatal(err)
	}
	os.Chmod(p, perm)
}

func TestMain(m *testing.M) {
	syscall.Umask(0o022)
	code := m.Run()
	if code == 0 && !sharedExtrasUnwritten() {
		code = 1
	}
	os.Exit(code)
}

func TestApply(t *testing.T) {
	type tc struct {
		name  string
		setup func(t *testing.T, dir string)
		r     func(dir string) *catalog.Resource
		want  func(dir string) string
		check func(t *testing.T, dir string)
	}
	tests := []tc{
		{name: "create with content",
			r:    func(d string) *catalog.Resource { return res(d+"/x", "content", "hi\n") },
			want: func(d string) string { return "Notice: " + P(d+"/x") + "/ensure: defined content as '" + sumHi + "'" },
			check: func(t *testing.T, d string) {
				if b, _ := os.ReadFile(d + "/x"); string(b) != "hi\n" {
					t.Errorf("content %q", b)
				}
				if m := mode(t, d+"/x"); m != "0644" {
					t.Errorf("mode %s", m)
				}
			}},
		{name: "create with mode",
			r:    func(d string) *catalog.Resource { return res(d+"/m", "ensure", "file", "mode", "0600") },
			want: func(d string) string { return "Notice: " + P(d+"/m") + "/ensure: created" },
			check: func(t *testing.T, d string) {
				if m := mode(t, d+"/m"); m != "0600" {
					t.Errorf("mode %s", m)
				}
			}},
		{name: "present",
			r:    func(d string) *catalog.Resource { return res(d+"/p", "ensure", "present") },
			want: func(d string) string { return "Notice: " + P(d+"/p") + "/ensure: created" }},
		{name: "directory",
			r:    func(d string) *catalog.Resource { return res(d+"/d1", "ensure", "directory") },
			want: func(d string) string { return "Notice: " + P(d+"/d1") + "/ensure: created" },
			check: func(t *testing.T, d string) {
				if m := mode(t, d+"/d1"); m != "0755" {
					t.Errorf("mode %s", m)
				}
			}},
		{name: "directory mode gets search bits",
			r:    func(d string) *catalog.Resource { return res(d+"/d2", "ensure", "directory", "mode", "0600") },
			want: func(d string) string { return "Notice: " + P(d+"/d2") + "/ensure: created" },
			check: func(t *testing.T, d string) {
				if m := mode(t, d+"/d2"); m != "0700" {
					t.Errorf("mode %s", m)
				}
			}},
		{name: "link",
			r:    func(d string) *catalog.Resource { return res(d+"/l1", "ensure", "link", "target", d+"/x") },
			want: func(d string) string { return "Notice: " + P(d+"/l1") + "/ensure: created" },
			check: func(t *testing.T, d string) {
				if l, _ := os.Readlink(d + "/l1"); l != d+"/x" {
					t.Errorf("link %q", l)
				}
			}},
		{name: "ensure as link target",
			r:    func(d string) *catalog.Resource { return res(d+"/l2", "ensure", d+"/x") },
			want: func(d string) string { return "Notice: " + P(d+"/l2") + "/ensure: created" }},
		{name: "content change",
			setup: func(t *testing.T, d string) { write(t, d+"/x", "hi\n", 0o640) },
			r:     func(d string) *catalog.Resource { return res(d+"/x", "content", "bye\n") },
			want: func(d string) string {
				return "Notice: " + P(d+"/x") + "/content: content changed '" + sumHi + "' to '" + sumBye + "'"
			},
			check: func(t *testing.T, d string) {
				if m := mode(t, d+"/x"); m != "0640" {
					t.Errorf("existing mode not kept: %s", m)
				}
			}},
		{name: "content, owner, group and mode in Puppet's order",
			setup: func(t *testing.T, d string) { write(t, d+"/x", "hi\n", 0o644) },
			r: func(d string) *catalog.Resource {
				return res(d+"/x", "content", "bye\n", "mode", "0600", "owner", "nobody", "group", "nogroup")
			},
			want: func(d string) string {
				return "Notice: " + P(d+"/x") + "/content: content changed '" + sumHi + "' to '" + sumBye + "'\n" +
					"Notice: " + P(d+"/x") + "/owner: owner changed 'root' to 'nobody'\n" +
					"Notice: " + P(d+"/x") + "/group: group changed 'root' to 'nogroup'\n" +
					"Notice: " + P(d+"/x") + "/mode: mode changed '0644' to '0600'"
			},
			check: func(t *testing.T, d string) {
				st, _ := os.Stat(d + "/x")
				if sys := st.Sys().(*syscall.Stat_t); sys.Uid != 65534 || sys.Gid != 65534 || sys.Mode&0o777 != 0o600 {
					t.Errorf("uid %d gid %d mode %o", sys.Uid, sys.Gid, sys.Mode&0o777)
				}
			}},
		{name: "symbolic mode",
			setup: func(t *testing.T, d string) { write(t, d+"/m", "", 0o600) },
			r:     func(d string) *catalog.Resource { return res(d+"/m", "ensure", "file", "mode", "u=rw,go=r") },
			want: func(d string) string {
				return "Notice: " + P(d+"/m") + "/mode: mode changed '0600' to '0644' (u=rw,go=r)"
			}},
		{name: "absent",
			setup: func(t *testing.T, d string) { write(t, d+"/p", "", 0o644) },
			r:     func(d string) *catalog.Resource { return res(d+"/p", "ensure", "absent") },
			want:  func(d string) string { return "Notice: " + P(d+"/p") + "/ensure: removed" },
			check: func(t *testing.T, d string) {
				if _, err := os.Lstat(d + "/p"); err == nil {
					t.Error("not removed")
				}
			}},
		{name: "absent directory with force",
			setup: func(t *testing.T, d string) { os.MkdirAll(d+"/v/sub", 0o755) },
			r:     func(d string) *catalog.Resource { return res(d+"/v", "ensure", "absent", "force", true) },
			want:  func(d string) string { return "Notice: " + P(d+"/v") + "/ensure: removed" }},
		{name: "file to directory",
			setup: func(t *testing.T, d string) { write(t, d+"/e", "", 0o644) },
			r:     func(d string) *catalog.Resource { return res(d+"/e", "ensure", "directory") },
			want:  func(d string) string { return "Notice: " + P(d+"/e") + "/ensure: ensure changed 'file' to 'directory'" }},
		{name: "link to file",
			setup: func(t *testing.T, d string) { os.Symlink(d+"/x", d+"/l2") },
			r:     func(d string) *catalog.Resource { return res(d+"/l2", "ensure", "file") },
			want:  func(d string) string { return "Notice: " + P(d+"/l2") + "/ensure: ensure changed 'link' to 'file'" }},
		{name: "directory to file without force",
			setup: func(t *testing.T, d string) { os.Mkdir(d+"/d1", 0o755) },
			r:     func(d string) *catalog.Resource { return res(d+"/d1", "ensure", "file") },
			want: func(d string) string {
				return "Notice: " + P(d+"/d1") + ": Not removing directory; use 'force' to override\n" +
					"Notice: " + P(d+"/d1") + ": Not removing directory; use 'force' to override\n" +
					"Error: Could not set 'file' on ensure: Is a directory - Is a directory: " + d + "/d1\n" +
					"Error: " + P(d+"/d1") + "/ensure: change from 'directory' to 'file' failed: Could not set 'file' on ensure: Is a directory - Is a directory: " + d + "/d1"
			}},
		{name: "link over a directory without force",
			setup: func(t *testing.T, d string) { os.Mkdir(d+"/dl", 0o755) },
			r:     func(d string) *catalog.Resource { return res(d+"/dl", "ensure", "link", "target", d+"/x") },
			want: func(d string) string {
				return "Notice: " + P(d+"/dl") + ": Not removing directory; use 'force' to override\n" +
					"Notice: " + P(d+"/dl") + ": Not removing directory; use 'force' to override\n" +
					"Error: Could not remove existing file\n" +
					"Error: " + P(d+"/dl") + "/ensure: change from 'directory' to 'link' failed: Could not remove existing file"
			}},
		{name: "link target change",
			setup: func(t *testing.T, d string) { os.Symlink(d+"/x", d+"/l1") },
			r:     func(d string) *catalog.Resource { return res(d+"/l1", "ensure", "link", "target", d+"/e") },
			want: func(d string) string {
				return "Notice: " + P(d+"/l1") + "/target: target changed '" + d + "/x' to '" + d + "/e'"
			}},
		{name: "present with a target makes a file a link",
			setup: func(t *testing.T, d string) { write(t, d+"/x", "hi\n", 0o644) },
			r:     func(d string) *catalog.Resource { return res(d+"/x", "ensure", "present", "target", d+"/e") },
			want: func(d string) string {
				return "Notice: " + P(d+"/x") + "/target: target changed 'notlink' to '" + d + "/e'"
			},
			check: func(t *testing.T, d string) {
				if l, _ := os.Readlink(d + "/x"); l != d+"/e" {
					t.Errorf("link %q", l)
				}
			}},
		{name: "replace false keeps content",
			setup: func(t *testing.T, d string) { write(t, d+"/x", "hi\n", 0o644) },
			r:     func(d string) *catalog.Resource { return res(d+"/x", "content", "bye\n", "replace", false) },
			want:  func(d string) string { return "" }},
		{name: "source",
			setup: func(t *testing.T, d string) { write(t, d+"/src", "hi\n", 0o600) },
			r:     func(d string) *catalog.Resource { return res(d+"/t1", "source", "file://"+d+"/src") },
			want:  func(d string) string { return "Notice: " + P(d+"/t1") + "/ensure: defined content as '" + sumHi + "'" },
			check: func(t *testing.T, d string) {
				if m := mode(t, d+"/t1"); m != "0644" {
					t.Errorf("source mode copied: %s", m)
				}
			}},
		{name: "directory source makes a directory",
			setup: func(t *testing.T, d string) { os.Mkdir(d+"/srcdir", 0o755) },
			r:     func(d string) *catalog.Resource { return res(d+"/t3", "source", d+"/srcdir") },
			want:  func(d string) string { return "Notice: " + P(d+"/t3") + "/ensure: created" },
			check: func(t *testing.T, d string) {
				if st, err := os.Stat(d + "/t3"); err != nil || !st.IsDir() {
					t.Error("not a directory")
				}
			}},
		{name: "missing source",
			r: func(d string) *catalog.Resource { return res(d+"/t2", "source", d+"/nonexistent") },
			want: func(d string) string {
				return "Error: " + P(d+"/t2") + ": Could not evaluate: Could not retrieve information from environment production source(s) file://" + d + "/nonexistent"
			}},
		{name: "unnamed owner shows the id",
			setup: func(t *testing.T, d string) { write(t, d+"/own", "", 0o644); os.Chown(d+"/own", 12345, 12345) },
			r:     func(d string) *catalog.Resource { return res(d+"/own", "owner", "nosuchuser", "group", "root") },
			want: func(d string) string {
				return "Error: Could not find user nosuchuser\n" +
					"Error: " + P(d+"/own") + "/owner: change from 12345 to 'nosuchuser' failed: Could not find user nosuchuser\n" +
					"Notice: " + P(d+"/own") + "/group: group changed 12345 to 'root'"
			}},
		{name: "new file with an unknown owner is not created",
			r: func(d string) *catalog.Resource { return res(d+"/nf", "content", "x", "owner", "nosuchuser") },
			want: func(d string) string {
				return "Error: Could not set 'file' on ensure: Could not find user nosuchuser\n" +
					"Error: " + P(d+"/nf") + "/ensure: change from 'absent' to 'file' failed: Could not set 'file' on ensure: Could not find user nosuchuser"
			},
			check: func(t *testing.T, d string) {
				if entries, _ := os.ReadDir(d); len(entries) != 0 {
					t.Errorf("left behind: %v", entries)
				}
			}},
		{name: "new file gets owner, group and mode at once",
			r: func(d string) *catalog.Resource {
				return res(d+"/og", "content", "x", "owner", "65534", "group", "65534", "mode", "2640")
			},
			want: func(d string) string {
				return "Notice: " + P(d+"/og") + "/ensure: defined content as '{sha256}2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881'"
			},
			check: func(t *testing.T, d string) {
				st, err := os.Lstat(d + "/og")
				if err != nil {
					t.Fatal(err)
				}
				sys := st.Sys().(*syscall.Stat_t)
				if sys.Uid != 65534 || sys.Gid != 65534 || sys.Mode&0o7777 != 0o2640 {
					t.Errorf("owner %d:%d mode %o, want 65534:65534 2640", sys.Uid, sys.Gid, sys.Mode&0o7777)
				}
			}},
		{name: "present directory with content",
			setup: func(t *testing.T, d string) { os.Mkdir(d+"/dd", 0o755) },
			r:     func(d string) *catalog.Resource { return res(d+"/dd", "ensure", "present", "content", "x") },
			want: func(d string) string {
				return "Warning: " + P(d+"/dd") + ": Ensure set to :present but file type is directory so no content will be synced"
			}},
		{name: "absent directory without force reports removed",
			setup: func(t *testing.T, d string) { os.Mkdir(d+"/dd", 0o755) },
			r:     func(d string) *catalog.Resource { return res(d+"/dd", "ensure", "absent") },
			want: func(d string) string {
				return "Notice: " + P(d+"/dd") + ": Not removing directory; use 'force' to override\n" +
					"Notice: " + P(d+"/dd") + "/ensure: removed"
			}},
		{name: "link to directory",
			setup: func(t *testing.T, d string) { write(t, d+"/fl", "", 0o644); os.Symlink(d+"/fl", d+"/ld") },
			r:     func(d string) *catalog.Resource { return res(d+"/ld", "ensure", "directory") },
			want: func(d string) string {
				return "Notice: " + P(d+"/ld") + "/ensure: ensure changed 'link' to 'directory'"
			}},
		{name: "symbolic mode with copy",
			setup: func(t *testing.T, d string) { write(t, d+"/s1", "", 0o644) },
			r:     func(d string) *catalog.Resource { return res(d+"/s1", "mode", "u+x,g=u") },
			want: func(d string) string {
				return "Notice: " + P(d+"/s1") + "/mode: mode changed '0644' to '0774' (u+x,g=u)"
			}},
		{name: "link without target",
			r: func(d string) *catalog.Resource { return res(d+"/q", "ensure", "link") },
			want: func(d string) string {
				return "Error: Cannot create a symlink without a target\n" +
					"Error: " + P(d+"/q") + "/ensure: change from 'absent' to 'link' failed: Cannot create a symlink without a target"
			}},
		{name: "file in missing directory",
			r: func(d string) *catalog.Resource { return res(d+"/nodir/q", "ensure", "file") },
			want: func(d string) string {
				lock := d + "/nodir/qYYYYMMDD-PID-RANDOM.lock"
				return "Error: Could not set 'file' on ensure: No such file or directory - A directory component in " + lock + " does not exist or is a dangling symbolic link\n" +
					"Error: " + P(d+"/nodir/q") + "/ensure: change from 'absent' to 'file' failed: Could not set 'file' on ensure: No such file or directory - A directory component in " + lock + " does not exist or is a dangling symbolic link"
			}},
		{name: "directory in missing directory",
			r: func(d string) *catalog.Resource { return res(d+"/nodir/q", "ensure", "directory") },
			want: func(d string) string {
				return "Error: Cannot create " + d + "/nodir/q; parent directory " + d + "/nodir does not exist\n" +
					"Error: " + P(d+"/nodir/q") + "/ensure: change from 'absent' to 'directory' failed: Cannot create " + d + "/nodir/q; parent directory " + d + "/nodir does not exist"
			}},
		{name: "mode on missing file without ensure",
			r:    func(d string) *catalog.Resource { return res(d+"/none", "mode", "0600") },
			want: func(d string) string { return "" }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			if tt.setup != nil {
				tt.setup(t, dir)
			}
			r := tt.r(dir)
			// Puppet's messages name temporary files (folderError).
			if got, want := trace.MaskTempNames(run(t, r, opts{})), tt.want(dir); got != want {
				t.Fatalf("got\n%s\nwant\n%s", got, want)
			}
			if tt.check != nil {
				tt.check(t, dir)
			}
			// Converged: a second run changes nothing (failures repeat).
			if got := run(t, r, opts{}); got != "" && !strings.Contains(got, "Error") && !strings.Contains(tt.name, "without force") && !strings.Contains(got, "Warning") {
				t.Errorf("second run not converged:\n%s", got)
			}
			// No temporary files are left behind.
			entries, _ := os.ReadDir(dir)
			for _, e := range entries {
				if strings.HasPrefix(e.Name(), ".") {
					t.Errorf("left behind %s", e.Name())
				}
			}
		})
	}
}

func TestNoop(t *testing.T) {
	d := t.TempDir()
	write(t, d+"/x", "hi\n", 0o644)
	got := run(t, res(d+"/x", "content", "bye\n", "mode", "0600"), opts{noop: true})
	want := "Notice: " + P(d+"/x") + "/content: current_value '" + sumHi + "', should be '" + sumBye + "' (noop)\n" +
		"Notice: " + P(d+"/x") + "/mode: current_value '0644', should be '0600' (noop)"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	got = run(t, res(d+"/new", "ensure", "directory"), opts{noop: true})
	if want := "Notice: " + P(d+"/new") + "/ensure: current_value 'absent', should be 'directory' (noop)"; got != want {
		t.Errorf("got %s", got)
	}
	if b, _ := os.ReadFile(d + "/x"); string(b) != "hi\n" || mode(t, d+"/x") != "0644" {
		t.Error("noop changed the file")
	}
	if _, err := os.Stat(d + "/new"); err == nil {
		t.Error("noop created the directory")
	}
}

var diffHeader = regexp.MustCompile(`(?m)^(---|\+\+\+) (\S+)\t\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{9} [+-]\d{4}$`)

func TestShowDiffAndBackup(t *testing.T) {
	d := t.TempDir()
	write(t, d+"/df", "line1\nline2\nline3\n", 0o644)
	write(t, d+"/df.bak", "old backup\n", 0o644)
	got := run(t, res(d+"/df", "content", "line1\nLINE2\nline3\n", "backup", ".bak"), opts{showDiff: true, min: resource.Info})
	got = diffHeader.ReplaceAllString(got, "$1 $2\tTIME")
	got = regexp.MustCompile(`\+\+\+ \S+`).ReplaceAllString(got, "+++ TMP")
	want := "Notice: " + P(d+"/df") + "/content: \n" +
		"--- " + d + "/df\tTIME\n" +
		"+++ TMP\tTIME\n" +
		"@@ -1,3 +1,3 @@\n line1\n-line2\n+LINE2\n line3\n" +
		"Info: " + P(d+"/df") + ": Removing old backup of type file\n" +
		"Notice: " + P(d+"/df") + "/content: content changed '{sha256}66663af9c7aa341431a8ee2ff27b72abd06c9218f517bb6fef948e4803c19e03' to '{sha256}4a93310ba44ada03b621f14b37ce728e05d4488b093e93c7db6fe5184ab0c88a'"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if b, _ := os.ReadFile(d + "/df.bak"); string(b) != "line1\nline2\nline3\n" {
		t.Errorf("backup %q", b)
	}
	// No newline at the end, and show_diff => false.
	got = run(t, res(d+"/df", "content", "x", "show_diff", false), opts{showDiff: true})
	if strings.Contains(got, "---") {
		t.Errorf("diff shown with show_diff false:\n%s", got)
	}
	got = run(t, res(d+"/df", "content", "y\n"), opts{showDiff: true})
	if !strings.Contains(got, "-x\n\\ No newline at end of file\n+y\n") {
		t.Errorf("got\n%s", got)
	}
	// The diff shows in noop too, and not without the run-wide setting.
	if got := run(t, res(d+"/df", "content", "z\n"), opts{showDiff: true, noop: true}); !strings.Contains(got, "-y\n+z") {
		t.Errorf("noop diff missing:\n%s", got)
	}
	if got := run(t, res(d+"/df", "content", "z\n"), opts{noop: true}); strings.Contains(got, "---") {
		t.Errorf("diff without show_diff:\n%s", got)
	}
}

func TestBucketBackup(t *testing.T) {
	d := t.TempDir()
	bucket := filepath.Join(d, "bucket")
	write(t, d+"/bk", "old\n", 0o644)
	got := run(t, res(d+"/bk", "content", "new\n", "backup", "puppet"), opts{bucket: bucket, min: resource.Info})
	sum := "01d09d19c2139a46aebfb577780d123d7396e97201bc7ead210a2ebff8239dee"
	want := "Info: Computing checksum on file " + d + "/bk\n" +
		"Info: " + P(d+"/bk") + ": Filebucketed " + d + "/bk to puppet with sum " + sum + "\n" +
		"Notice: " + P(d+"/bk") + "/content: content changed '{sha256}" + sum + "' to '{sha256}7aa7a5359173d05b63cfd682e3c38487f3cb4f7f1d60659fe59fab1505977d4c'"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	stored := filepath.Join(bucket, "0/1/d/0/9/d/1/9", sum)
	if b, _ := os.ReadFile(stored + "/contents"); string(b) != "old\n" {
		t.Errorf("contents %q", b)
	}
	if b, _ := os.ReadFile(stored + "/paths"); string(b) != (d + "/bk\n") {
		t.Errorf("paths %q", b)
	}
}

func TestValidation(t *testing.T) {
	tests := []struct {
		r    *catalog.Resource
		want string
	}{
		{res("/tmp/pt/v", "mode", "abc"), `Parameter mode failed on File[/tmp/pt/v]: The file mode specification is invalid: "abc"`},
		{res("/tmp/pt/v", "mode", "999"), `Parameter mode failed on File[/tmp/pt/v]: The file mode specification is invalid: "999"`},
		{res("/tmp/pt/v", "content", "a", "source", "/etc/hosts"), "Validation of File[/tmp/pt/v] failed: You cannot specify more than one of content, source, target"},
		{res("/tmp/pt/v", "replace", "maybe"), `Parameter replace failed on File[/tmp/pt/v]: Invalid value "maybe". Valid values are true, false, yes, no.`},
		{res("rel"), "Parameter path failed on File[rel]: File paths must be fully qualified, not 'rel'"},
	}
	for _, tt := range tests {
		_, err := resource.Instantiate(Type{}, tt.r)
		if err == nil || err.Error() != tt.want {
			t.Errorf("err = %v\nwant  %s", err, tt.want)
		}
	}
	// A puppet:// source is looked for among the modules ordo does not
	// have: the resource fails as Puppet's does without the module.
	d := t.TempDir()
	got := run(t, res(d+"/f", "source", []catalog.Value{"puppet:///modules/m/f", "file://" + d + "/a%20b"}), opts{})
	want := "Error: " + P(d+"/f") + ": Could not evaluate: Could not retrieve information from environment production source(s) puppet:///modules/m/f, file://" + d + "/a%20b"
	if got != want {
		t.Errorf("puppet:// source:\n%s\nwant\n%s", got, want)
	}
}

func TestSymbolicModes(t *testing.T) {
	tests := []struct {
		mode  string
		cur   uint32
		dir   bool
		want  uint32
		valid bool
	}{
		{"u=rw,go=r", 0o600, false, 0o644, true},
		{"a+x", 0o644, false, 0o755, true},
		{"go-rwx", 0o755, false, 0o700, true},
		{"u+s", 0o755, false, 0o4755, true},
		{"+t", 0o777, true, 0o1777, true},
		{"a+X", 0o644, true, 0o755, true},
		{"a+X", 0o644, false, 0o644, true},
		{"g=u", 0o740, false, 0o770, true},
	}
	for _, tt := range tests {
		if _, err := (resource.ModeCheck{}).Munge(tt.mode); (err == nil) != tt.valid {
			t.Errorf("%s: valid = %v", tt.mode, !tt.valid)
		}
		got, err := symbolicToInt(tt.mode, tt.cur, tt.dir)
		if err != nil || got != tt.want {
			t.Errorf("%s on %o: got %o %v, want %o", tt.mode, tt.cur, got, err, tt.want)
		}
	}
}

func TestAutoRequire(t *testing.T) {
	c := catalog.New("n")
	for _, r := range []*catalog.Resource{res("/tmp/pt/"), res("/tmp"), res("/tmp/pt/a/b/c", "owner", "bob", "group", "0")} {
		if err := c.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	got := Type{}.AutoRequire(c.Resources[2], c)
	var s []string
	for _, r := range got {
		s = append(s, r.String())
	}
	if strings.Join(s, " ") != "File[/tmp/pt/] User[bob]" {
		t.Errorf("got %v", s)
	}
	got = Type{}.AutoRequire(res("/tmp/l", "ensure", "link", "target", "/tmp/pt"), c)
	if len(got) != 2 || got[0].Title != "/tmp" || got[1].Title != "/tmp/pt/" {
		t.Errorf("got %v", got)
	}
}

// BenchmarkConvergedFile measures Retrieve and the in-sync check of a file
// whose content, mode and owner already match.
func BenchmarkConvergedFile(b *testing.B) {
	d := b.TempDir()
	content := strings.Repeat("line of configuration\n", 100)
	os.WriteFile(d+"/f", []byte(content), 0o644)
	inst, err := resource.Instantiate(Type{}, res(d+"/f", "content", content, "mode", "0644", "owner", "root"))
	if err != nil {
		b.Fatal(err)
	}
	h := &resource.Handle{Path: P(d + "/f"), Log: &resourcetest.Logger{}}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		if err := inst.Retrieve(ctx, h); err != nil {
			b.Fatal(err)
		}
		for _, p := range inst.Properties() {
			if !p.InSync() {
				b.Fatal(p.Name() + " out of sync")
			}
		}
	}
}

// BenchmarkConvergedDirectory is the same without content: one Lstat.
func BenchmarkConvergedDirectory(b *testing.B) {
	d := b.TempDir()
	inst, _ := resource.Instantiate(Type{}, res(d, "ensure", "directory", "mode", "0755"))
	os.Chmod(d, 0o755)
	h := &resource.Handle{Path: P(d), Log: &resourcetest.Logger{}}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		inst.Retrieve(ctx, h)
		for _, p := range inst.Properties() {
			if !p.InSync() {
				b.Fatal(p.Name() + " out of sync")
			}
		}
	}
}

// TestAtomicWrite checks that the content, mode and owner are on the
// temporary file, in the target's directory, before it is renamed.
func TestAtomicWrite(t *testing.T) {
	d := t.TempDir()
	write(t, d+"/x", "hi\n", 0o644)
	os.Chown(d+"/x", 65534, 65534)
	var seen []string
	h := newHost()
	h.beforeRename = func(tmp string) {
		st, err := os.Stat(tmp)
		if err != nil {
			t.Fatal(err)
		}
		sys := st.Sys().(*syscall.Stat_t)
		b, _ := os.ReadFile(tmp)
		seen = append(seen, filepath.Dir(tmp)+" "+displayMode(sys.Mode&0o7777)+" "+string(b))
		if sys.Uid != 65534 || sys.Gid != 65534 {
			t.Errorf("owner not kept on the temporary file: %d:%d", sys.Uid, sys.Gid)
		}
		if _, err := os.Stat(d + "/x"); err != nil {
			t.Error("target missing during the write")
		}
	}
	run(t, res(d+"/x", "content", "bye\n", "mode", "0640"), opts{host: h})
	if len(seen) != 1 || seen[0] != d+" 0640 bye\n" {
		t.Errorf("seen %q", seen)
	}
	entries, _ := os.ReadDir(d)
	if len(entries) != 1 {
		t.Errorf("left behind: %v", entries)
	}
}

// TestSyncAtRunEnd checks which writes are left to the run's batch: a new
// file is, a file that replaces existing content is synced at once.
func TestSyncAtRunEnd(t *testing.T) {
	d := t.TempDir()
	var batch durable.Batch
	run(t, res(d+"/new", "content", "hi\n"), opts{durable: &batch})
	if b, _ := os.ReadFile(d + "/new"); string(b) != "hi\n" {
		t.Fatalf("new file has %q", b)
	}
	if !batch.Pending() {
		t.Error("a new file was not left to the batch")
	}
	if err := batch.Sync(); err != nil {
		t.Fatal(err)
	}
	run(t, res(d+"/new", "content", "bye\n"), opts{durable: &batch})
	if b, _ := os.ReadFile(d + "/new"); string(b) != "bye\n" {
		t.Fatalf("replaced file has %q", b)
	}
	if batch.Pending() {
		t.Error("a replaced file was left to the batch instead of synced before its rename")
	}
}

// TestValidateCmd covers what the differential cases do not: a validator
// that is not installed (Puppet's child reports it and exits 1), a bare
// program name found on PATH, and a staging_location.
func TestValidateCmd(t *testing.T) {
	d := t.TempDir()
	stage := t.TempDir()
	got := run(t, res(d+"/a", "content", "x\n", "validate_cmd", "/nonexistent/validator %"), opts{})
	if !strings.Contains(got, "returned 1: Error: Could not execute posix command: No such file or directory - /nonexistent/validator") {
		t.Errorf("missing validator:\n%s", got)
	}
	if _, err := os.Lstat(d + "/a"); err == nil {
		t.Error("content that could not be validated was written")
	}
	got = run(t, res(d+"/b", "content", "x\n", "validate_cmd", "grep -c x %"), opts{debug: true})
	want := "Debug: Executing: 'grep -c x " + d + "/b"
	if !strings.Contains(got, want) || !strings.Contains(got, "Debug: "+P(d+"/b")+": 1\n") {
		t.Errorf("bare validator: want %q and its output at debug level in\n%s", want, got)
	}
	got = run(t, res(d+"/c", "content", "x\n", "staging_location", stage, "validate_cmd", "/bin/sh -c 'case % in "+stage+"/*) exit 0;; esac; exit 1'"), opts{})
	if b, err := os.ReadFile(d + "/c"); err != nil || string(b) != "x\n" {
		t.Errorf("staged file: %q, %v\n%s", b, err, got)
	}
	if entries, _ := os.ReadDir(stage); len(entries) != 0 {
		t.Errorf("staging folder keeps %v", entries)
	}
	if _, err := resource.Instantiate(Type{}, res(d+"/e", "content", "x", "staging_location", "rel/dir")); err == nil || !strings.Contains(err.Error(), "File paths must be fully qualified, not 'rel/dir'") {
		t.Errorf("relative staging_location: %v", err)
	}
}

// The checksums Puppet 7.23 reports (recorded with puppet apply): the lite
// ones hash only the first 512 bytes, so a file that differs after them
// is in sync.
func TestChecksums(t *testing.T) {
	d := t.TempDir()
	for _, tt := range []struct{ sum, want string }{
		{"md5", "{md5}9dd4e461268c8034f5c8564e155c67a6"},
		{"md5lite", "{md5lite}9dd4e461268c8034f5c8564e155c67a6"},
		{"sha256", "{sha256}2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881"},
	} {
		p := d + "/" + tt.sum
		got := run(t, res(p, "content", "x", "checksum", tt.sum), opts{})
		if want := "Notice: " + P(p) + "/ensure: defined content as '" + tt.want + "'"; got != want {
			t.Errorf("%s:\n got %s\nwant %s", tt.sum, got, want)
		}
	}
	long := strings.Repeat("a", 600)
	p := d + "/lite"
	if err := os.WriteFile(p, []byte(long+"old tail"), 0o644); err != nil {
		t.Fatal(err)
	}
	if got := run(t, res(p, "content", long+"new", "checksum", "sha256lite"), opts{}); got != "" {
		t.Errorf("lite checksum over the first 512 bytes: got %q", got)
	}
	if got := run(t, res(p, "content", long+"new", "checksum", "sha256"), opts{}); !strings.Contains(got, "content changed") {
		t.Errorf("full checksum: got %q", got)
	}
}
