package augeas

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	ordocmd "github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
)

func TestParseLine(t *testing.T) {
	for _, c := range []struct {
		line, context string
		want          []string // name, then arguments
		err           string
	}{
		{line: "set a b", context: "/files/etc/hosts/", want: []string{"set", "/files/etc/hosts/a", "b"}},
		{line: "set /abs/ b", context: "/c/", want: []string{"set", "/abs", "b"}},
		{line: "set $v/x 'a b'", context: "/c/", want: []string{"set", "$v/x", "a b"}},
		{line: `set "quoted path" "say \"hi\""`, want: []string{"set", "quoted path", `say "hi"`}},
		{line: `set a 'it\'s \n'`, want: []string{"set", "a", `it's \n`}},
		{line: `set *[x = "a b"]/y 1`, want: []string{"set", `*[x = "a b"]/y`, "1"}},
		{line: `set a\ b c`, want: []string{"set", `a\ b`, "c"}},
		{line: "setm a * 'x y'", want: []string{"setm", "a", "*", "x y"}},
		{line: "ins alias before a/b[last()]", context: "/h/", want: []string{"ins", "alias", "before", "/h/a/b[last()]"}},
		{line: "get a == 'x' rest", want: []string{"get", "a", "==", "x"}},
		{line: "get a <= 3", want: []string{"get", "a", "<=", "3"}},
		{line: "match a size > 007", want: []string{"match", "a", "size > 007"}},
		{line: "size > x", want: []string{"size", ">", "0"}},
		{line: "== ['a', \"b\"]", want: []string{"==", "['a', \"b\"]"}},
		{line: "rm a/", want: []string{"rm", "a"}},
		// A quote inside brackets opens a string the path runs on in.
		{line: `set a[b = "o'n"]/c "d"`, err: "missing string argument 2 for set"},
		{line: "set a", err: "missing string argument 2 for set"},
		{line: "rm a]", err: "unmatched ["},
		{line: "frob a", err: "Unknown command frob"},
		{line: "-x", err: "Unknown command "},
		{line: "get a is b", err: "invalid comparator for command get"},
	} {
		cmd, err := parseLine(c.line, c.context)
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("%q: error %v, want %q", c.line, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.line, err)
			continue
		}
		if got := append([]string{cmd.name}, cmd.args...); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: %q, want %q", c.line, got, c.want)
		}
	}
}

func TestCommandLines(t *testing.T) {
	got, err := commandLines([]any{"set a 1", []any{"set b 2\nset c 3"}})
	if err != nil || !reflect.DeepEqual(got, []string{"set a 1", "set b 2\nset c 3"}) {
		t.Errorf("%q, %v", got, err)
	}
	if got, _ := commandLines("set a 1\n\nset b 2"); len(got) != 3 {
		t.Errorf("%q", got)
	}
	if _, err := commandLines([]any{int64(1)}); err == nil {
		t.Error("a number is taken as a change")
	}
}

func TestParseArray(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
		bad  bool
	}{
		{in: "[]", want: nil},
		{in: " [ 'a' , \"b\" ] ", want: []string{"a", "b"}},
		{in: `['it\'s', "tab\there", "\x41\101\u0042\u{43 44}"]`, want: []string{"it's", "tab\there", "AABCD"}},
		{in: "['a'", bad: true},
		{in: "[a]", bad: true},
		{in: "['a'] x", bad: true},
	} {
		got, err := parseArray(c.in)
		if c.bad != (err != nil) || !c.bad && !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: %q, %v", c.in, got, err)
		}
	}
}

// TestQuotingThroughAugtool hands augtool values and paths that need
// quoting and reads them back: augtool must get them as they were.
func TestQuotingThroughAugtool(t *testing.T) {
	if _, err := exec.LookPath("augtool"); err != nil {
		t.Skip("needs augtool (augeas-tools)")
	}
	values := []string{`plain`, `two words`, `a "quote"`, `it's`, `back\slash`, `\\two`, `tab	here`, "new\nline", `é ü`, `[x] = (y)`, `trailing\`}
	s := &session{argv: []string{"augtool", "-r", t.TempDir(), "-L", "-A"}}
	var gets []int
	for i, v := range values {
		q, err := quoteString(v)
		if err != nil {
			t.Fatal(err)
		}
		p, err := quotePath(`/t/n` + string(rune('a'+i)))
		if err != nil {
			t.Fatal(err)
		}
		s.add("set %s %s", p, q)
		gets = append(gets, s.add("get %s", p))
	}
	// A path with brackets, quotes and an escaped slash in a label.
	p, _ := quotePath(`/t/x\/y[. = "v w"]`)
	s.add("set /t/x\\/y %s", `"v w"`)
	match := s.add("match %s", p)
	h := &resource.Handle{Runner: ordocmd.Runner{}}
	res, err := s.run(context.Background(), h)
	if err != nil {
		t.Fatal(err)
	}
	for i, v := range values {
		if res.failed(gets[i]) {
			t.Errorf("%q: %v", v, res.errs[gets[i]])
			continue
		}
		if got := parseGet("/t/n"+string(rune('a'+i)), res.out[gets[i]]); got != v {
			t.Errorf("%q came back as %q", v, got)
		}
	}
	if m := parseMatch(res.out[match]); len(m) != 1 || m[0].value == nil || *m[0].value != "v w" {
		t.Errorf("match %s: %q %v", p, res.out[match], res.errs[match])
	}
	if _, err := quoteString("bell\a"); err == nil {
		t.Error("a control character is passed to augtool")
	}
}

// TestNoAugtool: without augtool the resource fails, saying why, and
// the run goes on.
func TestNoAugtool(t *testing.T) {
	dir := t.TempDir()
	i, err := resource.Instantiate(Type{Augtool: filepath.Join(dir, "augtool")}, resourceOf("x", "set /files/a b"))
	if err != nil {
		t.Fatal(err)
	}
	err = i.Retrieve(context.Background(), &resource.Handle{Runner: ordocmd.Runner{}})
	if err == nil || !strings.HasPrefix(err.Error(), "Provider augeas is not functional on this host: ") {
		t.Errorf("got %v", err)
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 0 {
		t.Errorf("files left: %v", entries)
	}
}

func resourceOf(title, changes string) *catalog.Resource {
	return &catalog.Resource{Type: "Augeas", Title: title, Params: []catalog.Param{{Name: "changes", Value: changes}}}
}

func TestQuote(t *testing.T) {
	for _, tc := range []struct {
		path     bool
		in, want string
	}{
		{false, `a "b" \c`, `"a \"b\" \\c"`},
		{false, "t\tn\n", `"t\tn\n"`},
		{false, `\/`, `"\\/"`},
		{true, `/a\/b\[c`, `"/a\/b\[c"`},
		{true, `/a\b`, `"/a\\b"`},
		{true, `/a"b` + "\t", `"/a\"b\t"`},
		{true, `/a\`, `"/a\\"`},
	} {
		quoted, err := quoteString(tc.in)
		if tc.path {
			quoted, err = quotePath(tc.in)
		}
		if err != nil || quoted != tc.want {
			t.Errorf("quote(%q, path %v) = %q, %v; want %q", tc.in, tc.path, quoted, err, tc.want)
		}
	}
	for _, s := range []string{"a\x01", "\x7f"} {
		if _, err := quoteString(s); err != errControl {
			t.Errorf("quoteString(%q): %v, want errControl", s, err)
		}
		if _, err := quotePath(s); err != errControl {
			t.Errorf("quotePath(%q): %v, want errControl", s, err)
		}
	}
}
