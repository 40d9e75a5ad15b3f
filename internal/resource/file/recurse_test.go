package file

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

func TestFnmatch(t *testing.T) {
	for _, tc := range []struct {
		pattern, name string
		want          bool
	}{
		{"*.bak", "a.bak", true},
		{"*.bak", "a.bakx", false},
		{"*", "x", true},
		{"*", ".hidden", false}, // Ruby: a wildcard never matches a leading dot
		{"?git", ".git", false},
		{".git", ".git", true},
		{".*", ".git", true},
		{"[ab]*", "b1", true},
		{"[!ab]*", "b1", false},
		{"[!ab]*", "c1", true},
		{`\*`, "*", true},
		{"[", "[", false}, // Ruby 3.1: File.fnmatch("[", "[") is false
		{"a[", "ab", false},
	} {
		if got := fnmatch(tc.pattern, tc.name); got != tc.want {
			t.Errorf("fnmatch(%q, %q) = %v, want %v", tc.pattern, tc.name, got, tc.want)
		}
	}
}

// tree makes files (a trailing slash for a directory, "name -> target"
// for a link) under a fresh directory.
func tree(t *testing.T, paths ...string) string {
	t.Helper()
	root := t.TempDir()
	for _, p := range paths {
		full := filepath.Join(root, p)
		switch {
		case strings.Contains(p, " -> "):
			name, target, _ := strings.Cut(p, " -> ")
			if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
				t.Fatal(err)
			}
		case strings.HasSuffix(p, "/"):
			if err := os.MkdirAll(full, 0o755); err != nil {
				t.Fatal(err)
			}
		default:
			if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(full, []byte(p), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	return root
}

func rels(entries []entry) string {
	var out []string
	for _, e := range entries {
		out = append(out, e.rel+":"+e.kind)
	}
	return strings.Join(out, " ")
}

func TestFilesetList(t *testing.T) {
	root := tree(t, "a", "d/b", "d/e/c", ".h", "x.bak", "l -> d")
	for _, tc := range []struct {
		name string
		set  fileset
		want string
	}{
		{"all", fileset{limit: -1}, ".:directory .h:file a:file d:directory l:link x.bak:file d/b:file d/e:directory d/e/c:file"},
		{"limit 1", fileset{limit: 1}, ".:directory .h:file a:file d:directory l:link x.bak:file"},
		{"limit 0", fileset{limit: 0}, ".:directory"},
		{"ignore", fileset{limit: -1, ignore: []string{"*.bak", "e"}}, ".:directory .h:file a:file d:directory l:link d/b:file"},
		{"follow", fileset{limit: -1, follow: true}, ".:directory .h:file a:file d:directory l:directory x.bak:file d/b:file d/e:directory l/b:file l/e:directory d/e/c:file l/e/c:file"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := tc.set.list(root)
			if err != nil {
				t.Fatal(err)
			}
			if rels(got) != tc.want {
				t.Errorf("got  %s\nwant %s", rels(got), tc.want)
			}
		})
	}
	if got, err := (fileset{limit: -1}).list(filepath.Join(root, "missing")); got != nil || err != nil {
		t.Errorf("a missing root lists %v, %v; want nothing", got, err)
	}
}

// A tree Puppet cannot take apart fails the whole listing, as Puppet's
// eval_generate fails (testdata/differential/file-recurse-links).
func TestFilesetListFailures(t *testing.T) {
	root := tree(t, "a", "dangling -> nowhere")
	_, err := (fileset{limit: -1, follow: true}).list(root)
	if want := "No such file or directory @ rb_file_s_stat - " + root + "/dangling"; err == nil || err.Error() != want {
		t.Errorf("follow a dangling link: %v, want %s", err, want)
	}
	if err := syscall.Mknod(filepath.Join(root, "dev"), syscall.S_IFCHR|0o666, 1<<8|3); err != nil {
		t.Skip("cannot make a device here:", err)
	}
	if _, err := (fileset{limit: -1}).list(root); err == nil || err.Error() != "Cannot manage files of type characterSpecial" {
		t.Errorf("a device: %v", err)
	}
}

// newFile builds a file instance from attributes.
func newFile(t *testing.T, title string, attrs map[string]catalog.Value) (*catalog.Resource, resource.Instance) {
	t.Helper()
	r := &catalog.Resource{Type: "File", Title: title, Tags: []string{"file", "class"}}
	for k, v := range attrs {
		r.Set(k, v)
	}
	inst, err := resource.Instantiate(NewType(), r)
	if err != nil {
		t.Fatal(err)
	}
	return r, inst
}

func TestGenerate(t *testing.T) {
	src := tree(t, "a", "sub/b", "sub/deep/c", "skip.bak")
	dst := tree(t, "a", "extra", "old/inner/y", "keep/k")
	r, inst := newFile(t, dst, map[string]catalog.Value{
		"ensure": "directory", "recurse": true, "purge": true, "source": src,
		"ignore": []catalog.Value{"*.bak"}, "mode": "0640", "notify": "Exec[x]", "noop": true,
	})
	gen, ok := inst.(resource.Generator)
	if !ok {
		t.Fatal("a recursive file is no generator")
	}
	c := catalog.New("n")
	c.Add(r)
	c.Add(&catalog.Resource{Type: "File", Title: dst + "/keep"}) // managed on its own
	made, err := gen.Generate(context.Background(), &resource.Handle{}, c)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range made {
		rel := strings.TrimPrefix(m.Resource.Title, dst+"/")
		after := "-"
		if m.After >= 0 {
			after = strings.TrimPrefix(made[m.After].Resource.Title, dst+"/")
		}
		got = append(got, rel+"<"+after+" ensure="+m.Resource.String("ensure")+" source="+strings.TrimPrefix(m.Resource.String("source"), src))
		if _, ok := m.Resource.Get("notify"); ok {
			t.Errorf("%s keeps its parent's notify", m.Resource.Title)
		}
		if m.Resource.String("mode") != "0640" || m.Resource.String("noop") != "true" {
			t.Errorf("%s lacks its parent's mode or noop: %v", m.Resource.Title, m.Resource.Params)
		}
	}
	want := []string{
		"a<- ensure= source=/a",
		"extra<- ensure=absent source=",
		"old<- ensure=absent source=",
		"old/inner<old ensure=absent source=",
		"old/inner/y<old/inner ensure=absent source=",
		"sub<- ensure= source=/sub",
		"sub/b<sub ensure= source=/sub/b",
		"sub/deep<sub ensure= source=/sub/deep",
		"sub/deep/c<sub/deep ensure= source=/sub/deep/c",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("generated\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestGenerateMaxFiles(t *testing.T) {
	src := tree(t, "a", "b", "c")
	_, inst := newFile(t, t.TempDir()+"/d", map[string]catalog.Value{"recurse": "remote", "source": src, "max_files": int64(2)})
	_, err := inst.(resource.Generator).Generate(context.Background(), &resource.Handle{}, nil)
	if err == nil || !strings.HasPrefix(err.Error(), "The directory '"+src+"' contains 3 entries, which exceeds the limit of 2") {
		t.Errorf("got %v", err)
	}
}

// Values Puppet refuses, or accepts and warns about.
func TestRecursionValues(t *testing.T) {
	s := NewType().Schema()
	for _, tc := range []struct {
		attrs map[string]catalog.Value
		err   string
	}{
		{map[string]catalog.Value{"recurse": int64(2)}, "Invalid recurse value 2"},
		{map[string]catalog.Value{"recurse": "yes"}, `Invalid recurse value "yes"`},
		{map[string]catalog.Value{"recurse": true, "recurselimit": int64(-1)}, "Invalid value -1. Valid values match /^[0-9]+$/."},
		{map[string]catalog.Value{"recurse": "remote"}, "You cannot specify a remote recursion without a source"},
		{map[string]catalog.Value{"links": "ignore"}, `Invalid value "ignore". Valid values are follow, manage.`},
		{map[string]catalog.Value{"ignore": &catalog.Hash{}}, "Ignore must be a string or an Array"},
		{map[string]catalog.Value{"max_files": int64(-2)}, "Invalid value -2."},
		{map[string]catalog.Value{"recurse": true, "recurselimit": "3", "max_files": int64(-1), "links": "follow", "checksum": "mtime", "source": "/x"}, ""},
	} {
		r := &catalog.Resource{Type: "File", Title: "/tmp/ordofile-values"}
		for k, v := range tc.attrs {
			r.Set(k, v)
		}
		_, err := resource.Instantiate(NewType(), r)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("%v: %v", tc.attrs, err)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("%v: got %v, want %s", tc.attrs, err, tc.err)
		}
	}
	r := &catalog.Resource{Type: "File", Title: "/tmp/ordofile-values"}
	r.Set("recurselimit", int64(2))
	if notes := s.ValidationNotes(r); len(notes) != 1 || notes[0].Msg != "Possible error: recurselimit is set but not recurse, no recursion will happen" {
		t.Errorf("notes %v", notes)
	}
}

// A concat_file is a file resource of its path in Puppet (it generates
// one): a recursive purge of its directory leaves it alone, as in the
// apache module's sites-available.
func TestGenerateLeavesConcatFiles(t *testing.T) {
	dst := tree(t, "site.conf", "other.conf")
	r, inst := newFile(t, dst, map[string]catalog.Value{"ensure": "directory", "recurse": true, "purge": true})
	c := catalog.New("n")
	c.Add(r)
	cf := &catalog.Resource{Type: "Concat_file", Title: "site"}
	cf.Set("path", dst+"/site.conf")
	c.Add(cf)
	made, err := inst.(resource.Generator).Generate(context.Background(), &resource.Handle{}, c)
	if err != nil {
		t.Fatal(err)
	}
	if len(made) != 1 || made[0].Resource.Title != dst+"/other.conf" {
		t.Errorf("made %v, want only other.conf", made)
	}
}

// Time checksums compare to the second, and a file newer than its source
// is in sync (Puppet's date_matches?).
func TestTimeChecksums(t *testing.T) {
	for _, tc := range []struct {
		cur, want string
		ok        bool
	}{
		{"{mtime}2020-01-02 00:00:00 +0000", "{mtime}2020-01-02 00:00:00 +0000", true},
		{"{mtime}2021-01-01 00:00:00 +0000", "{mtime}2020-01-02 00:00:00 +0000", true},
		{"{mtime}2019-01-01 00:00:00 +0000", "{mtime}2020-01-02 00:00:00 +0000", false},
		{"{ctime}2020-01-02 01:00:00 +0100", "{ctime}2020-01-02 00:00:00 +0000", true},
		{"absent", "{mtime}2020-01-02 00:00:00 +0000", false},
	} {
		if got := notOlder(tc.cur, tc.want); got != tc.ok {
			t.Errorf("notOlder(%q, %q) = %v", tc.cur, tc.want, got)
		}
	}
	dir := t.TempDir()
	src, dst := filepath.Join(dir, "src"), filepath.Join(dir, "dst")
	os.WriteFile(src, []byte("new"), 0o644)
	os.WriteFile(dst, []byte("different"), 0o644)
	for _, sum := range []string{"mtime", "ctime"} {
		_, inst := newFile(t, dst, map[string]catalog.Value{"source": src, "checksum": sum})
		if err := inst.Retrieve(context.Background(), &resource.Handle{}); err != nil {
			t.Fatal(err)
		}
		// Written after the source, the file is in sync whatever it holds.
		for _, p := range inst.Properties() {
			if !p.InSync() {
				t.Errorf("%s: %s out of sync: %v to %v", sum, p.Name(), p.Current(), p.Desired())
			}
			if p.Name() == "content" && !strings.HasPrefix(catalog.Scalar(p.Desired()), "{"+sum+"}") {
				t.Errorf("%s: desired %v", sum, p.Desired())
			}
		}
	}
}

// puppet:///modules/NAME/PATH is NAME/files/PATH in the first folder of
// the module path holding NAME; other puppet: sources are never found.
func TestModuleSources(t *testing.T) {
	first, second := tree(t, "m/files/x"), tree(t, "m/files/x", "n/files/y")
	h := &resource.Handle{ModulePath: []string{t.TempDir(), first, second}}
	for _, tc := range []struct{ src, want string }{
		{"puppet:///modules/m/x", first + "/m/files/x"},
		{"puppet:///modules/m/missing", first + "/m/files/missing"},
		{"puppet:///modules/n/y", second + "/n/files/y"},
		{"puppet:///modules/none/y", ""},
		{"puppet:///modules/m/../../n/files/y", ""},
		{"puppet:///files/m/x", ""},
		{"puppet://server/modules/m/x", ""},
	} {
		_, inst := newFile(t, "/tmp/ordofile-modsrc", map[string]catalog.Value{"source": tc.src})
		if got := inst.(*instance).sourcePath(0, h); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.src, got, tc.want)
		}
	}
}
