package filecap

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
)

// TestCheckCapability takes the module's capability clauses and refuses
// others with its messages.
func TestCheckCapability(t *testing.T) {
	for _, c := range []struct {
		v   catalog.Value
		err string
	}{
		{"cap_net_raw=ep", ""},
		{"cap_net_admin,cap_net_raw+eip", ""},
		{"cap_chown-", ""},
		{[]catalog.Value{"cap_a=e", "cap_b+p"}, ""},
		{"cap_net_raw=EP", "capability cap_net_raw=EP has the wrong format"},
		{"cap_net_raw ep", "capability cap_net_raw ep has the wrong format"},
		{"=ep", "capability =ep has the wrong format"},
		{[]catalog.Value{"cap_a=e", "x"}, "capability x has the wrong format"},
		{int64(5), "capability must be an array or a string, got Integer"},
	} {
		_, err := checkCapability(c.v)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.err {
			t.Errorf("%v: got %q, want %q", c.v, got, c.err)
		}
	}
}

// TestOldGetcap reads the "FILE = CAPS" lines of getcap before libcap
// 2.40, as the module does: the file then has capabilities, sorted and
// joined by spaces, which are out of sync and set again.
func TestOldGetcap(t *testing.T) {
	path := filepath.Join(t.TempDir(), "prog")
	if err := os.WriteFile(path, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	setcap, getcap := tool("setcap"), tool("getcap")
	fake := &command.Fake{Results: map[string]resource.Result{
		setcap + " -q -v cap_chown=ep " + path: {ExitCode: 1},
		getcap + " -v " + path:                 {Output: []byte(path + " = cap_net_raw,cap_kill+ep\n")},
		setcap + " -q cap_chown=ep " + path:    {},
	}}
	e := &instance{path: path, present: true, want: []string{"cap_chown=ep"}}
	h := &resource.Handle{Runner: fake}
	if err := e.Retrieve(context.Background(), h); err != nil {
		t.Fatal(err)
	}
	props := e.Properties()
	if len(props) != 2 || !props[0].InSync() || props[1].InSync() {
		t.Fatalf("properties: %v", props)
	}
	if got, want := props[1].Message(), "capability changed 'cap_kill+ep cap_net_raw' to ['cap_chown=ep']"; got != want {
		t.Errorf("message %q, want %q", got, want)
	}
	if err := props[1].Sync(context.Background(), h); err != nil {
		t.Fatal(err)
	}
	if got := fake.Lines(); len(got) != 3 || got[2] != setcap+" -q cap_chown=ep "+path {
		t.Errorf("commands: %q", got)
	}
}

// TestAutoRequire requires the managed file, by its path.
func TestAutoRequire(t *testing.T) {
	c := catalog.New("n")
	f := &catalog.Resource{Type: "File", Title: "/usr/bin/prog"}
	fc := &catalog.Resource{Type: "File_capability", Title: "/usr/bin/prog"}
	other := &catalog.Resource{Type: "File_capability", Title: "/usr/bin/other"}
	for _, r := range []*catalog.Resource{f, fc, other} {
		if err := c.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	if got := (Type{}).AutoRequire(fc, c); len(got) != 1 || got[0] != f.Ref() {
		t.Errorf("got %v", got)
	}
	if got := (Type{}).AutoRequire(other, c); len(got) != 0 {
		t.Errorf("got %v", got)
	}
}
