package concat

import (
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
	if _, err := readSource([]string{fifo}); err == nil || err.Error() != fifo+" is not a regular file" {
		t.Errorf("got %v", err)
	}
}
