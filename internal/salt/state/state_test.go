package state

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestFileMode(t *testing.T) {
	for _, tc := range []struct {
		in   any
		want fs.FileMode
		ok   bool
		err  bool
	}{
		{nil, 0, false, false},
		{644, 0o644, true, false},
		{"0600", 0o600, true, false},
		{"4755", 0o4755, true, false},
		{"rwx", 0, false, true},
	} {
		got, ok, err := fileMode(tc.in)
		if got != tc.want || ok != tc.ok || (err != nil) != tc.err {
			t.Errorf("fileMode(%v) = %o, %v, %v; want %o, %v, error %v", tc.in, got, ok, err, tc.want, tc.ok, tc.err)
		}
	}
}

func TestTextLines(t *testing.T) {
	for _, tc := range []struct {
		in   any
		want []string
	}{
		{"one", []string{"one"}},
		{"one\ntwo\n", []string{"one", "two"}},
		{[]any{"a", "b\nc"}, []string{"a", "b", "c"}},
		{nil, nil},
	} {
		if got := textLines(tc.in); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("textLines(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestHostsFileKeepsComments checks that rewriting the hosts file keeps
// its comments and blank lines and drops an address left without names.
func TestHostsFileKeepsComments(t *testing.T) {
	path := filepath.Join(t.TempDir(), "hosts")
	in := "# comment\n\n127.0.0.1 localhost\n10.0.0.1 a b # trailing\n"
	if err := os.WriteFile(path, []byte(in), 0o644); err != nil {
		t.Fatal(err)
	}
	h, err := readHosts(path)
	if err != nil {
		t.Fatal(err)
	}
	if !h.has("10.0.0.1", "b") || h.has("10.0.0.1", "trailing") {
		t.Errorf("names of 10.0.0.1: %v", h.names("10.0.0.1"))
	}
	h.remove("10.0.0.1", "a")
	h.remove("10.0.0.1", "b")
	h.add("10.0.0.2", "c")
	if err := h.write(path); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	if want := "# comment\n\n127.0.0.1 localhost\n10.0.0.2\tc\n"; string(got) != want {
		t.Errorf("hosts file:\n%q\nwant:\n%q", got, want)
	}
}

// TestTestFunctionsInDryRun checks the test functions' dry-run results.
func TestTestFunctionsInDryRun(t *testing.T) {
	f := Default()
	for _, tc := range []struct {
		fun    string
		result Result
	}{
		{"test.succeed_with_changes", None},
		{"test.succeed_without_changes", True},
		{"test.fail_with_changes", None},
		{"test.fail_without_changes", False},
		{"test.nop", True},
	} {
		fn, ok := f.Lookup("test", tc.fun[len("test."):])
		if !ok {
			t.Fatalf("%s missing", tc.fun)
		}
		if got := fn(context.Background(), &Env{}, Call{Name: "x", Args: map[string]any{}, Test: true}); got.Result != tc.result {
			t.Errorf("%s in a dry run: %s, want %s", tc.fun, got.Result, tc.result)
		}
	}
}
