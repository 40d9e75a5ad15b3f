package apply_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

// TestReadAheadSeesEarlierChanges: the read-ahead of a file may happen
// before a command earlier in the walk rewrites it. The command counts as
// a touch, so the file's Retrieve reads it again and puts its content
// back, rather than trusting what was read ahead. The file is older than
// the read-ahead's window (one second) so that it is read ahead at all,
// and the command keeps its size, so that only its content differs.
func TestReadAheadSeesEarlierChanges(t *testing.T) {
	d := t.TempDir()
	var paths []string
	for _, name := range []string{"a", "b", "c"} {
		p := filepath.Join(d, name)
		if err := os.WriteFile(p, []byte("abc\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	time.Sleep(1100 * time.Millisecond)
	for round := range 3 {
		c := catalog.New("test")
		for _, p := range paths {
			ex := resourcetest.Resource("Exec", "rewrite "+p, "command", "/bin/sh -c 'printf \"xyz\\n\" > "+p+"'", "before", "File["+p+"]")
			if err := c.Add(ex); err != nil {
				t.Fatal(err)
			}
		}
		for _, p := range paths {
			if err := c.Add(resourcetest.Resource("File", p, "content", "abc\n")); err != nil {
				t.Fatal(err)
			}
		}
		log := &resourcetest.Logger{MinLevel: resource.Notice}
		if _, err := apply.Apply(context.Background(), c, apply.Options{Types: builtin.Registry(), Runner: command.Runner{}, Log: log, BucketDir: filepath.Join(d, "bucket")}); err != nil {
			t.Fatal(err)
		}
		for _, p := range paths {
			if got, _ := os.ReadFile(p); string(got) != "abc\n" {
				t.Fatalf("round %d: %s holds %q after the run, want the file resource's content; log:\n%s", round, p, got, log)
			}
		}
	}
}
