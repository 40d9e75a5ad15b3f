package parser

import (
	"reflect"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/puppet/ast"
	"github.com/ordoproject/ordo/internal/puppet/lexer"
	"github.com/ordoproject/ordo/internal/source"
)

// TestParseSplit parses large manifests whose middle holds every kind
// of statement, and errors, and holds parse, which parses the second
// half apart when it can, to parsing the whole in one go.
func TestParseSplit(t *testing.T) {
	class := "class c%d($p = 'x') {\n  file { \"/tmp/${p}\": ensure => file }\n  notify { 'n': } -> Notify['m']\n}\ninclude c%d\n"
	filler := strings.Repeat(strings.ReplaceAll(class, "%d", "x"), 400)
	splits := 0
	for name, middle := range map[string]string{
		"classes":       "}\ninclude a, b\nclass d { }\ndefine e() { }\nnode default { }\n",
		"call args":     "$h = {}\ninclude\nfoo\nclass x {}\n",
		"if else":       "if $x { }\nelse { }\ninclude y\n",
		"chain":         "file { 'a': }\n-> class { 'b': }\ninclude c\n",
		"hash access":   "$h = { 'a' => 1 }\n['a']\ninclude c\n",
		"selector":      "$s = $x ? { default => 1 }\ninclude c\n",
		"regex":         "if $x =~ /a/ { }\ninclude c\nclass r { $y = $z =~ /b/ }\n",
		"unbalanced":    "}\ninclude c\n",
		"syntax error":  "class { include c\n",
		"late error":    "",
		"resource like": "class { 'a': }\nclass b { }\n",
	} {
		src := filler + middle + filler
		if name == "late error" {
			src += "notify { 'x': message => }\n"
		}
		f := source.NewFile("big.pp", []byte(src))
		toks, lexDiags := lexer.Lex(f, lexer.Manifest)
		want, wantDiags := parseTokens(f, lexer.Manifest, toks, lexDiags)
		got, gotDiags := parse(f, lexer.Manifest)
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: the program differs from parsing in one go", name)
		}
		if !reflect.DeepEqual(gotDiags, wantDiags) {
			t.Errorf("%s: the problems differ from parsing in one go:\n%v\nwant\n%v", name, gotDiags, wantDiags)
		}
		if k := splitStatement(toks); k > 0 && len(lexDiags) == 0 {
			if prog := parseSplit(f, toks, k); prog != nil {
				splits++
				if !reflect.DeepEqual(prog, want) {
					t.Errorf("%s: the split program differs from parsing in one go", name)
				}
			}
		}
	}
	if splits == 0 {
		t.Error("no manifest was parsed in two parts")
	}
}

// TestValidateSplit validates large manifests with problems in both
// halves: Validate, which checks the second half of the top-level
// statements apart, must report what checking them in one go reports,
// in the same order.
func TestValidateSplit(t *testing.T) {
	class := "class c%d($p = 'x') {\n  file { \"/tmp/${p}\": ensure => file }\n  notify { 'n': } -> Notify['m']\n}\ninclude c%d\n"
	filler := strings.Repeat(strings.ReplaceAll(class, "%d", "x"), 400)
	bad := "class b { 1\n notify { 'x': } }\n$a = { 'k' => 1, 'k' => 2 }\nclass o { class i { } }\n"
	for name, src := range map[string]string{
		"both halves":  bad + filler + bad + filler + bad,
		"first half":   bad + filler + filler,
		"second half":  filler + filler + bad,
		"no problem":   filler + filler,
		"small":        bad + bad,
		"one big body": "class big {\n" + filler + "}\n" + bad,
	} {
		prog, diags := ParseManifest(source.NewFile("big.pp", []byte(src)))
		if diags.HasErrors() {
			t.Fatalf("%s: %v", name, diags)
		}
		whole := &validator{file: prog.File}
		whole.block(prog.Body)
		whole.statements(prog.Body)
		whole.params(prog.EPPParams)
		got := Validate(prog)
		if !reflect.DeepEqual(got, whole.diags) {
			t.Errorf("%s: Validate reports\n%v\nchecking in one go\n%v", name, got, whole.diags)
		}
		if name == "both halves" && (splitBody(prog.Body, prog.To) == 0 || len(got) < 6) {
			t.Errorf("%s: split at %d, %d problems", name, splitBody(prog.Body, prog.To), len(got))
		}
	}
}

// TestNameVariable compares the variable "${name}" gives without a
// parser with what parsing the name gives, for names, bare words,
// keywords and the names of statement functions.
func TestNameVariable(t *testing.T) {
	names := []string{"x", "prefix", "foo::bar", "::x", "_x", "x1", "type", "class", "define", "if", "unless",
		"include", "notice", "require", "contain", "return", "next", "break", "default", "undef", "true", "node",
		"and", "in", "function", "private", "attr", "application", "site", "x_y", "a::b::c"}
	checked := 0
	for _, name := range names {
		src := `$v = "a${` + name + `}b"` + "\n"
		f := source.NewFile("n.pp", []byte(src))
		toks, diags := lexer.Lex(f, lexer.Manifest)
		if len(diags) > 0 {
			continue
		}
		for _, tok := range toks {
			if tok.Str == nil {
				continue
			}
			for _, seg := range tok.Str.Segments {
				if seg.Kind != lexer.SegExpr {
					continue
				}
				p := &parser{shared: &shared{file: f}, toks: toks}
				fast := p.nameVariable(seg.Tokens)
				if fast == nil {
					continue
				}
				checked++
				slow := p.segmentExpr(seg, ast.Span{From: seg.Pos, To: seg.End})
				if !reflect.DeepEqual(ast.Expr(fast), slow) || len(p.diags) > 0 {
					t.Errorf("${%s}: %#v without a parser, %#v parsed (%v)", name, fast, slow, p.diags)
				}
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d names took the short way", checked)
	}
}
