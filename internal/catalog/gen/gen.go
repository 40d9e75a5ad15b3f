// Package gen builds realistic catalogs for benchmarks and load tests.
//
// The catalogs have the shape Puppet's compiler gives them: Stage[main],
// Class[Settings] and Class[main] first, then the resources in manifest
// order, with containment edges Stage[main] -> Class[...] and
// Class[main] -> each resource, a numeric version, a catalog_uuid, and
// relationships carried as require parameters. They are deterministic: the
// same arguments give the same catalog, byte for byte once encoded.
package gen

import (
	"crypto/sha256"
	"fmt"
	"path"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
)

// Node is the node name of generated catalogs.
const Node = "bench.example"

// Manifest is the file every generated resource claims to be declared in.
const Manifest = "/etc/puppetlabs/code/environments/production/manifests/site.pp"

// FilesPerDir is how many files Files and Mixed put in one directory.
const FilesPerDir = 500

// ContentSize is the approximate size in bytes of each generated file's content.
const ContentSize = 256

// builder accumulates a catalog the way Puppet's compiler does.
type builder struct {
	c    *catalog.Catalog
	main catalog.Ref
	line int
}

func newBuilder(kind string, n int) *builder {
	c := catalog.New(Node)
	c.Version = "1700000000"
	c.CatalogUUID = uuid(fmt.Sprintf("%s-%d", kind, n))
	c.Tags = []string{"settings"}
	c.Classes = []string{"settings"}
	b := &builder{c: c}

	stage := &catalog.Resource{Type: "Stage", Title: "main", Tags: []string{"stage"}, Kind: "compilable_type"}
	stage.Set("name", "main")
	settings := &catalog.Resource{Type: "Class", Title: "Settings", Tags: []string{"class", "settings"}, Kind: "unknown"}
	main := &catalog.Resource{Type: "Class", Title: "main", Tags: []string{"class"}, Kind: "unknown"}
	main.Set("name", "main")
	for _, r := range []*catalog.Resource{stage, settings, main} {
		b.mustAdd(r)
	}
	c.Contain(stage.Ref(), settings.Ref())
	c.Contain(stage.Ref(), main.Ref())
	b.main = main.Ref()
	return b
}

// add appends a resource of built-in type typ declared in Class[main],
// with the tags, file, line and kind Puppet gives it.
func (b *builder) add(typ, title string, params ...catalog.Param) *catalog.Resource {
	b.line++
	r := &catalog.Resource{
		Type:   typ,
		Title:  title,
		Tags:   []string{strings.ToLower(typ), "class"},
		File:   Manifest,
		Line:   b.line,
		Kind:   "compilable_type",
		Params: params,
	}
	if t, ok := tagOf(title); ok {
		// Puppet tags a resource with its title when the title is a
		// valid tag; paths and command lines are not.
		r.Tags = []string{strings.ToLower(typ), t, "class"}
	}
	b.mustAdd(r)
	b.c.Contain(b.main, r.Ref())
	return r
}

func (b *builder) mustAdd(r *catalog.Resource) {
	if err := b.c.Add(r); err != nil {
		panic("gen: " + err.Error())
	}
}

// tagOf is the tag Puppet derives from a title: lowercase, and only when
// the title is a valid tag (letters, digits, _, -, :, .).
func tagOf(title string) (string, bool) {
	t := strings.ToLower(title)
	for _, c := range t {
		ok := c == '_' || c == '-' || c == ':' || c == '.' || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')
		if !ok {
			return "", false
		}
	}
	return t, t != ""
}

// p is a parameter.
func p(name string, v catalog.Value) catalog.Param { return catalog.Param{Name: name, Value: v} }

// uuid is a stable version-4-shaped UUID derived from seed.
func uuid(seed string) string {
	h := sha256.Sum256([]byte(seed))
	h[6] = h[6]&0x0f | 0x40
	h[8] = h[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", h[0:4], h[4:6], h[6:8], h[8:10], h[10:16])
}

// Content is the content of generated file i: about ContentSize bytes of
// text unique to the file.
func Content(i int) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "# generated file %d\n", i)
	line := fmt.Sprintf("key_%06d = value %d\n", i, i*7919%100003)
	for sb.Len()+len(line) <= ContentSize {
		sb.WriteString(line)
	}
	return sb.String()
}

// dirs returns the directories that hold n files under root: root itself
// first, then root/d000, root/d001, ... with FilesPerDir files each.
func dirs(root string, n int) []string {
	k := (n + FilesPerDir - 1) / FilesPerDir
	if k < 1 {
		k = 1
	}
	out := []string{root}
	for i := 0; i < k; i++ {
		out = append(out, path.Join(root, fmt.Sprintf("d%03d", i)))
	}
	return out
}

// FilePath is the path of generated file i of Files or Mixed under root.
func FilePath(root string, i int) string {
	return path.Join(root, fmt.Sprintf("d%03d", i/FilesPerDir), fmt.Sprintf("f%06d.conf", i))
}

// Files returns a catalog of n files under root spread over directories
// of FilesPerDir files: the directories come first (File[root] and
// File[root/dNNN], ensure directory, mode 0755), then the files, each with
// its own content (about ContentSize bytes) and mode 0644. With chained,
// each file requires the previous one, so the run is one long chain.
func Files(root string, n int, chained bool) *catalog.Catalog {
	kind := "files"
	if chained {
		kind = "files-chained"
	}
	b := newBuilder(kind, n)
	for _, d := range dirs(root, n) {
		b.add("File", d, p("ensure", "directory"), p("mode", "0755"))
	}
	prev := ""
	for i := 0; i < n; i++ {
		f := FilePath(root, i)
		params := []catalog.Param{p("ensure", "file"), p("content", Content(i)), p("mode", "0644")}
		if chained && prev != "" {
			params = append(params, p("require", "File["+prev+"]"))
		}
		b.add("File", f, params...)
		prev = f
	}
	return b.c
}

// Notifies returns a catalog of n notify resources, each with its own
// message. Every run of it changes every resource (a notify always logs).
func Notifies(n int) *catalog.Catalog {
	b := newBuilder("notifies", n)
	for i := 0; i < n; i++ {
		b.add("Notify", fmt.Sprintf("notice %d", i), p("message", fmt.Sprintf("generated message %d", i)))
	}
	return b.c
}

// Mixed returns a catalog of n resources of several kinds under root, in
// the proportions of a typical node (rounded; the catalog always has
// exactly n resources besides Stage and the classes):
//
//   - directories, one per FilesPerDir files, root first (ensure directory);
//   - about 2% execs: "touch root/dNNN/.done-K" with creates set to that
//     path, path set, each requiring its directory, so they run once and
//     are then in sync;
//   - about 5% notifies (these change on every run);
//   - the rest files with content and mode, every tenth one with only
//     ensure => present instead (a file that must exist, content unmanaged).
//
// The files and directories alone converge after one run; the notifies do not.
func Mixed(root string, n int) *catalog.Catalog {
	b := newBuilder("mixed", n)
	if n <= 0 {
		return b.c
	}
	execs := n / 50
	notifies := n / 20
	rest := n - execs - notifies
	// Directories for the files, within rest.
	nfiles := rest
	ds := dirs(root, nfiles)
	for len(ds)+nfiles > rest && nfiles > 0 {
		nfiles--
		ds = dirs(root, nfiles)
	}
	if len(ds) > rest {
		ds = ds[:rest]
	}
	for _, d := range ds {
		b.add("File", d, p("ensure", "directory"), p("mode", "0755"))
	}
	for i := 0; i < nfiles; i++ {
		f := FilePath(root, i)
		if i%10 == 9 {
			b.add("File", f, p("ensure", "present"))
			continue
		}
		b.add("File", f, p("ensure", "file"), p("content", Content(i)), p("mode", "0644"))
	}
	dirOf := func(k int) string {
		if len(ds) == 1 {
			return ds[0]
		}
		return ds[1+k%(len(ds)-1)]
	}
	for k := 0; k < execs; k++ {
		d := dirOf(k)
		marker := path.Join(d, fmt.Sprintf(".done-%d", k))
		b.add("Exec", "touch "+marker,
			p("creates", marker),
			p("path", []catalog.Value{"/usr/bin", "/bin"}),
			p("require", "File["+d+"]"),
		)
	}
	for k := 0; k < notifies; k++ {
		b.add("Notify", fmt.Sprintf("mixed %d", k), p("message", fmt.Sprintf("mixed message %d", k)))
	}
	return b.c
}

// System returns a catalog of the given installed packages (ensure =>
// installed, the default provider) and of services base services named
// ordobench-svc-N whose status and start commands are /bin/true, so that
// they are running and stay so: a converged machine whose check costs one
// package query and one status command per service.
func System(packages []string, services int) *catalog.Catalog {
	b := newBuilder("system", len(packages)+services)
	for _, name := range packages {
		b.add("Package", name, p("ensure", "installed"))
	}
	for i := 0; i < services; i++ {
		b.add("Service", fmt.Sprintf("ordobench-svc-%d", i), p("ensure", "running"), p("provider", "base"),
			p("status", "/bin/true"), p("start", "/bin/true"))
	}
	return b.c
}
