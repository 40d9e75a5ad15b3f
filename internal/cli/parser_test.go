package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runOrdo(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = Run(context.Background(), args, Stdio{In: strings.NewReader(stdin), Out: &out, Err: &errb})
	return code, out.String(), errb.String()
}

func TestParserValidate(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		path := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	good := write("good/init.pp", "class good { file { '/x': ensure => file } }\n")
	write("good/templates/t.epp", "<%- | $x | -%>\n<%= $x %>\n")
	write("good/README.md", "not puppet {")
	bad := write("bad/init.pp", "class bad {\n  file { '/x': ensure => }\n}\n")

	if code, _, stderr := runOrdo(t, "", "parser", "validate", good, filepath.Join(dir, "good")); code != 0 || stderr != "" {
		t.Errorf("validate good: exit %d, stderr %q", code, stderr)
	}
	code, _, stderr := runOrdo(t, "", "parser", "validate", filepath.Join(dir, "good"), filepath.Join(dir, "bad"))
	if code != 1 {
		t.Errorf("validate bad: exit %d, want 1", code)
	}
	want := bad + ":2:26: error: Syntax error at '}' [PUP-SYNTAX]\n" +
		"  expected an expression\n" +
		"  file { '/x': ensure => }\n" +
		"                         ^\n"
	if stderr != want {
		t.Errorf("validate bad: stderr\n%s\nwant\n%s", stderr, want)
	}
	code, _, stderr = runOrdo(t, "", "parser", "validate", "--format", "json", bad)
	if code != 1 || !strings.Contains(stderr, `"code": "PUP-SYNTAX"`) || !strings.Contains(stderr, `"line": 2`) {
		t.Errorf("validate --format json: exit %d, stderr %s", code, stderr)
	}
	if code, _, _ := runOrdo(t, "notice('x')\n", "parser", "validate", "-"); code != 0 {
		t.Errorf("validate stdin: exit %d", code)
	}
	if code, _, _ := runOrdo(t, "", "parser", "validate", filepath.Join(dir, "missing.pp")); code != 1 {
		t.Errorf("validate missing file: exit %d", code)
	}
}

func TestParserDump(t *testing.T) {
	code, stdout, stderr := runOrdo(t, "", "parser", "dump", "-e", "$a = 1 + 2\nnotice $a")
	if code != 0 || stderr != "" {
		t.Fatalf("dump: exit %d, stderr %q", code, stderr)
	}
	if want := "(program (= $a (+ 1 2)) (invoke notice $a))\n"; stdout != want {
		t.Errorf("dump = %q, want %q", stdout, want)
	}
	code, stdout, _ = runOrdo(t, "", "parser", "dump", "--format", "puppet", "-e", "include a\n$b = [1] and $c")
	if want := "(block (invoke include a) (= $b (&& ([] 1) $c)))\n"; code != 0 || stdout != want {
		t.Errorf("dump --format puppet: exit %d, stdout %q, want %q", code, stdout, want)
	}
	code, stdout, stderr = runOrdo(t, "$a = }", "parser", "dump", "-")
	if code != 1 || stdout != "" || !strings.Contains(stderr, "<stdin>:1:6: error: Syntax error at '}'") {
		t.Errorf("dump bad: exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}
