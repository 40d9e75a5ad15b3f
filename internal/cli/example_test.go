package cli_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/cli"
)

// The README's example catalog applies, and a second run finds nothing to do.
func TestExampleCatalog(t *testing.T) {
	dir := applyExampleTwice(t, "hello.json", "--catalog")
	if got, _ := os.ReadFile(filepath.Join(dir, "motd")); string(got) != "Welcome to a machine managed by ordo.\n" {
		t.Errorf("motd = %q", got)
	}
	if _, err := os.Stat(filepath.Join(dir, "motd.updated")); err != nil {
		t.Errorf("the refresh did not run: %v", err)
	}
}

// applyExampleTwice copies examples/name, aimed at a fresh directory
// instead of /tmp/ordo-example, and applies it twice with `ordo apply`,
// flags and the copy's path: the first run must create the directory and
// trigger the exec's refresh, the second must change nothing (the notify
// resource always reports itself, as Puppet's does). It returns the
// directory the example manages.
func applyExampleTwice(t *testing.T, name string, flags ...string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("../../examples", name))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "ordo-example")
	file := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(file, bytes.ReplaceAll(data, []byte("/tmp/ordo-example"), []byte(dir)), 0o644); err != nil {
		t.Fatal(err)
	}
	args := append([]string{"apply", "--detailed-exitcodes", "--color=false"}, flags...)
	args = append(args, file)
	apply := func() (int, string) {
		var out bytes.Buffer
		code := cli.Run(context.Background(), args, cli.Stdio{In: strings.NewReader(""), Out: &out, Err: &out})
		return code, out.String()
	}
	code, out := apply()
	if code != 2 {
		t.Fatalf("first run exit %d, want 2\n%s", code, out)
	}
	for _, want := range []string{
		"Notice: /Stage[main]/Motd/File[" + dir + "]/ensure: created\n",
		"Notice: /Stage[main]/Motd/Exec[motd-stamp]: Triggered 'refresh' from 1 event\n",
		"Notice: motd is managed\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("first run lacks %q:\n%s", want, out)
		}
	}
	code, out = apply()
	if code != 2 || strings.Contains(out, "File[") || strings.Contains(out, "Triggered") {
		t.Errorf("second run exit %d, want only the notify to report:\n%s", code, out)
	}
	return dir
}
