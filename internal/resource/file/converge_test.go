package file_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

// A recursive copy converges: applied a second time, serially or four at
// a time, the catalogs Puppet compiled for the recursion cases change
// nothing, and the trees are the same.
func TestRecursionConverges(t *testing.T) {
	for _, name := range []string{"file-recurse-source", "file-recurse-purge-force", "file-recurse-sourceselect", "file-recurse-links", "file-recurse-mode", "file-recurse-nested", "file-recurse-ignore", "file-recurse-link-target", "file-recurse-no-ensure"} {
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("../../../testdata/differential", name+".json"))
			if err != nil {
				t.Fatal(err)
			}
			var trees []string
			for _, jobs := range []int{1, 4} {
				root := t.TempDir()
				if err := os.Mkdir(filepath.Join(root, "r"), 0o755); err != nil {
					t.Fatal(err)
				}
				for run := 1; run <= 2; run++ {
					c, err := catalog.Decode([]byte(strings.ReplaceAll(string(data), "@ROOT@", root)), name+".json")
					if err != nil {
						t.Fatal(err)
					}
					log := &resourcetest.Logger{}
					opts := apply.Options{Types: builtin.Registry(), Log: log, Runner: &command.Runner{}, BucketDir: t.TempDir(), Jobs: jobs}
					if _, err := apply.Apply(context.Background(), c, opts); err != nil {
						t.Fatal(err)
					}
					if run == 2 {
						for _, line := range strings.Split(log.String(), "\n") {
							// A notify always speaks, and links => follow through a
							// dangling link always fails to generate, as in Puppet.
							if strings.Contains(line, "/Notify[") || strings.Contains(line, "Failed to generate") {
								continue
							}
							if strings.HasPrefix(line, "Notice: /") || strings.HasPrefix(line, "Error") {
								t.Errorf("jobs %d, second run: %s", jobs, line)
							}
						}
					}
				}
				trees = append(trees, listTree(t, filepath.Join(root, "r")))
			}
			if trees[0] != trees[1] {
				t.Errorf("serial and parallel runs made different trees:\n%s\n---\n%s", trees[0], trees[1])
			}
		})
	}
}

// listTree describes every entry under root: path, kind, mode, content or
// link target.
func listTree(t *testing.T, root string) string {
	var b strings.Builder
	filepath.Walk(root, func(p string, fi os.FileInfo, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString(strings.TrimPrefix(p, root) + " " + resource.FileType(fi.Mode()) + " " + fi.Mode().Perm().String())
		switch {
		case fi.Mode()&os.ModeSymlink != 0:
			dest, _ := os.Readlink(p)
			b.WriteString(" -> " + strings.TrimPrefix(dest, root))
		case fi.Mode().IsRegular():
			data, _ := os.ReadFile(p)
			b.WriteString(" " + string(data))
		}
		b.WriteString("\n")
		return nil
	})
	return b.String()
}

// BenchmarkRecursiveCopy copies a tree of 2,000 files with one recursive
// file resource, fresh each time.
func BenchmarkRecursiveCopy(b *testing.B) {
	src := b.TempDir()
	for i := range 2000 {
		d := filepath.Join(src, "d"+strconv.Itoa(i/100))
		os.MkdirAll(d, 0o755)
		os.WriteFile(filepath.Join(d, "f"+strconv.Itoa(i)), []byte("file "+strconv.Itoa(i)), 0o644)
	}
	types := builtin.Registry()
	for i := 0; b.Loop(); i++ {
		c := catalog.New("n")
		r := &catalog.Resource{Type: "File", Title: filepath.Join(b.TempDir(), "dst")}
		r.Set("ensure", "directory")
		r.Set("recurse", true)
		r.Set("source", src)
		c.Add(r)
		if _, err := apply.Apply(context.Background(), c, apply.Options{Types: types, Runner: &command.Runner{}}); err != nil {
			b.Fatal(err)
		}
	}
}
