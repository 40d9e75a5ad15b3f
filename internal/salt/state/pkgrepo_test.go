package state

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// TestPkgrepoAptDir: without a file argument an entry goes to
// sources.list of the APT folder; an entry already in a sources.list.d
// file is found there and changed in place; removing it keeps the
// file's other lines (a file left without any line goes, as the
// pkgrepo case shows).
func TestPkgrepoAptDir(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "sources.list.d"), 0o755); err != nil {
		t.Fatal(err)
	}
	listD := filepath.Join(dir, "sources.list.d", "other.list")
	if err := os.WriteFile(listD, []byte("# other\ndeb http://ordosaltst.invalid/b stable main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	env := &Env{AptDir: dir}
	ctx := context.Background()
	call := func(fun, name string, args map[string]any) Return {
		return Default()["pkgrepo."+fun](ctx, env, Call{Module: "pkgrepo", Fun: fun, Name: name, Args: args})
	}
	if r := call("managed", "deb http://ordosaltst.invalid/a stable main", map[string]any{}); r.Result != True || r.Changes["repo"] == nil {
		t.Fatalf("new entry: %+v", r)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "sources.list")); string(b) != "deb http://ordosaltst.invalid/a stable main\n" {
		t.Errorf("sources.list = %q", b)
	}
	if r := call("managed", "deb http://ordosaltst.invalid/b stable main contrib", map[string]any{}); r.Result != True || r.Changes["comps"] == nil {
		t.Fatalf("changed entry: %+v", r)
	}
	if b, _ := os.ReadFile(listD); string(b) != "# other\ndeb http://ordosaltst.invalid/b stable main contrib\n" {
		t.Errorf("other.list = %q", b)
	}
	if r := call("absent", "deb http://ordosaltst.invalid/b stable main contrib", map[string]any{}); r.Result != True || r.Comment != "Removed repo deb http://ordosaltst.invalid/b stable main contrib" {
		t.Fatalf("absent: %+v", r)
	}
	if b, _ := os.ReadFile(listD); string(b) != "# other\n" {
		t.Errorf("other.list after removal = %q", b)
	}
}
