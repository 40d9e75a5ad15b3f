package concat

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// The messages are Ruby 3.1's JSON.parse (json 2.6.1) on the same text,
// as Puppet's concat_file reports them.
func TestJSONParseError(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"a": 1`, `859: unexpected token at '{"a": 1'`},
		{`xyz`, `859: unexpected token at 'xyz'`},
		{`{"a" 1}`, `859: unexpected token at '{"a" 1}'`},
		{``, `859: unexpected token at ''`},
		{`{"a": 1} x`, `859: unexpected token at 'x'`},
		{`[1 2]`, `451: unexpected token at '2]'`},
		{`{"a":tru}`, `859: unexpected token at '{"a":tru}'`},
	} {
		_, err := formatContent("json", []string{c.in}, false)
		if err == nil || err.Error() != c.want {
			t.Errorf("%q: got %v, want %s", c.in, err, c.want)
		}
	}
}

func TestFormatContent(t *testing.T) {
	for _, c := range []struct {
		format string
		parts  []string
		force  bool
		want   string
	}{
		{"plain", []string{"a\n", "b"}, false, "a\nb"},
		{"json", []string{`{"a":[1,2]}`, `{"a":[2,3],"b":{"c":1}}`}, false, `{"a":[1,2,3],"b":{"c":1}}`},
		{"json", []string{`{"k":1}`, `{"k":2}`}, true, `{"k":1}`},
		{"json", []string{`{}`, `[1]`}, false, `[1]`},
		{"json-array", []string{`1`, `"x"`, `null`}, false, `[1,"x",null]`},
		{"json-array-pretty", []string{`[]`}, false, "[\n  [\n\n  ]\n]"},
	} {
		got, err := formatContent(c.format, c.parts, c.force)
		if err != nil || got != c.want {
			t.Errorf("%s %q: got %q, %v; want %q", c.format, c.parts, got, err, c.want)
		}
	}
	if _, err := formatContent("json", []string{`{"k":1}`, `{"k":2}`}, false); err == nil || err.Error() != "Duplicate key 'k' found with values '1' and 2'. Use 'force' attribute to merge keys." {
		t.Errorf("duplicate: %v", err)
	}
}

// A FIFO source is refused rather than read (Puppet would wait on it).
func TestReadSourceFIFO(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skip(err)
	}
	if _, err := readSource([]string{fifo}, nil); err == nil || err.Error() != fifo+" is not a regular file" {
		t.Errorf("got %v", err)
	}
}

// A puppet:///modules/NAME/PATH source is NAME/files/PATH in the first
// folder of the module path holding NAME; other puppet: sources, and a
// module none holds, are not found.
func TestReadSourceModules(t *testing.T) {
	first, second := t.TempDir(), t.TempDir()
	for dir, text := range map[string]string{first: "first\n", second: "second\n"} {
		if err := os.MkdirAll(filepath.Join(dir, "m", "files", "sub"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "m", "files", "sub", "f.txt"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mp := []string{first, second}
	for _, c := range []struct {
		sources []string
		want    string
		err     string
	}{
		{sources: []string{"puppet:///modules/m/sub/f.txt"}, want: "first\n"},
		{sources: []string{"puppet:///modules/none/f.txt", "puppet:///modules/m/sub/f.txt"}, want: "first\n"},
		{sources: []string{"puppet://server/modules/m/sub/f.txt"}, err: "Could not retrieve source(s) puppet://server/modules/m/sub/f.txt"},
		{sources: []string{"puppet:///modules/m/../m/sub/f.txt"}, err: "Could not retrieve source(s) puppet:///modules/m/../m/sub/f.txt"},
	} {
		got, err := readSource(c.sources, mp)
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("%v: got %q, %v; want error %q", c.sources, got, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%v: got %q, %v; want %q", c.sources, got, err, c.want)
		}
	}
}
