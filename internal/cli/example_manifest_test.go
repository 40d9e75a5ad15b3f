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

// The README's example manifest compiles and applies, and a second run
// finds nothing to do.
func TestExampleManifest(t *testing.T) {
	data, err := os.ReadFile("../../examples/hello.pp")
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "ordo-example")
	file := filepath.Join(t.TempDir(), "hello.pp")
	if err := os.WriteFile(file, bytes.ReplaceAll(data, []byte("/tmp/ordo-example"), []byte(dir)), 0o644); err != nil {
		t.Fatal(err)
	}
	lock := filepath.Join(t.TempDir(), "lock")
	apply := func() (int, string) {
		var out bytes.Buffer
		code := cli.Run(context.Background(), []string{"apply", "--detailed-exitcodes", "--color=false", "--lockfile", lock, file},
			cli.Stdio{In: strings.NewReader(""), Out: &out, Err: &out})
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
}
