package lexer

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/ordoproject/ordo/internal/source"
)

// show renders tokens compactly: kind, and the value when it has one.
func show(toks []Token) string {
	var parts []string
	for _, t := range toks {
		if t.Kind == EOF {
			break
		}
		s := t.Kind.String()
		switch t.Kind {
		case Name, Word, TypeRef, Variable, Number, Regex, RenderString:
			s += "(" + t.Text + ")"
		case String:
			s = fmt.Sprintf("%q", t.Text)
		case DQString, Heredoc:
			var segs []string
			for _, seg := range t.Segments() {
				switch seg.Kind {
				case SegText:
					segs = append(segs, fmt.Sprintf("%q", seg.Text))
				case SegVar:
					segs = append(segs, "$"+seg.Text)
				case SegExpr:
					segs = append(segs, "${"+show(seg.Tokens)+"}")
				}
			}
			if t.Kind == Heredoc && t.Segments() == nil {
				segs = append(segs, fmt.Sprintf("%q", t.Text))
			}
			s += "<" + strings.Join(segs, " ") + ">"
		}
		if t.Kind == LBrack {
			s = "LBRACK"
		} else if t.Kind == ListStart {
			s = "LISTSTART"
		} else if t.Kind == WSLParen {
			s = "WSLPAREN"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " ")
}

func TestLex(t *testing.T) {
	tests := []struct {
		mode      Mode
		src, want string
	}{
		{Manifest, `$a = 1`, `variable(a) = number(1)`},
		{Manifest, `$::a::b $0`, `variable(::a::b) variable(0)`},
		{Manifest, `foo::bar ::top Foo::Bar foo-bar _x`, `name(foo::bar) name(::top) type name(Foo::Bar) word(foo-bar) word(_x)`},
		{Manifest, `if else elsif unless case default class define node`, `if else elsif unless case default class define node`},
		{Manifest, `0x1F 017 1.5e-3 2E10`, `number(0x1F) number(017) number(1.5e-3) number(2E10)`},
		// '/' is a regex after an operator, a division after an operand.
		{Manifest, `$a =~ /x\/y/`, `variable(a) =~ regex(x\/y)`},
		{Manifest, `$a / 2 / 3`, `variable(a) / number(2) / number(3)`},
		{Manifest, `foo(/a/)`, `name(foo) ( regex(a) )`},
		// '[' right after a token is access; after a space it starts a list.
		{Manifest, `$a[1] notice [1]`, `variable(a) LBRACK number(1) ] name(notice) LISTSTART number(1) ]`},
		// '(' first on a line is not a call.
		{Manifest, "foo\n(1)", `name(foo) WSLPAREN number(1) )`},
		{Manifest, `<| |> <<| |>> -> ~> <- <~ => +> += -= == != >= <= << >>`, `<| |> <<| |>> -> ~> <- <~ => +> += -= == != >= <= << >>`},
		{Manifest, `@@file @user`, `@@ name(file) @ name(user)`},
		{Manifest, `'it''s'`, `"it" "s"`},
		{Manifest, `'a\'b\\c\n'`, `"a'b\\c\\n"`},
		{Manifest, `"a${b}c$d"`, `string<"a" ${name(b)} "c" $d>`},
		{Manifest, `"${x['k']} ${y.z}"`, `string<${name(x) LBRACK "k" ]} " " ${name(y) . name(z)}>`},
		{Manifest, `"\$x \u0041\t"`, `"$x A\t"`},
		{Manifest, "# c\n/* m\n */ x", `name(x)`},
		{Manifest, "f(@(A), @(B))\na\nA\nb\nB\nz", `name(f) ( heredoc<"a\n"> , heredoc<"b\n"> ) name(z)`},
		{Manifest, "@(\"E\")\n  ${x}\n  |-E", `heredoc<${name(x)}>`},
		{EPP, `a<%= $x %>b<% $y -%>` + "\nc", `epp text(a) <%= variable(x) %> epp text(b) variable(y) epp text(c)`},
		{EPP, `<%# c %>x<%% %%>`, `epp text(x<% %>)`},
		{EPP, "a  <%- $y %>", `epp text(a) variable(y)`},
	}
	for _, tt := range tests {
		toks, diags := Lex(source.NewFile("t.pp", []byte(tt.src)), tt.mode)
		if diags.HasErrors() {
			t.Errorf("Lex(%q): %v", tt.src, diags)
		}
		if got := show(toks); got != tt.want {
			t.Errorf("Lex(%q)\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

// FuzzLex checks that lexing any input terminates without panicking and
// yields tokens in order inside the input.
func FuzzLex(f *testing.F) {
	archives, _ := filepath.Glob("../parser/testdata/*.txtar")
	for _, path := range archives {
		ar, err := txtar.ParseFile(path)
		if err != nil {
			f.Fatal(err)
		}
		for _, file := range ar.Files {
			if strings.HasSuffix(file.Name, ".pp") || strings.HasSuffix(file.Name, ".epp") {
				f.Add(string(file.Data))
			}
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, mode := range []Mode{Manifest, EPP} {
			toks, _ := Lex(source.NewFile("fuzz", []byte(src)), mode)
			if len(toks) == 0 || toks[len(toks)-1].Kind != EOF {
				t.Fatal("tokens do not end in EOF")
			}
			for _, tok := range toks {
				if tok.Pos < 0 || tok.End < tok.Pos || int(tok.End) > len(src) {
					t.Fatalf("token %v has bad range [%d, %d)", tok.Kind, tok.Pos, tok.End)
				}
			}
		}
	})
}

func TestLexErrors(t *testing.T) {
	tests := []struct {
		src, want string
	}{
		{"$a = 'abc\n", `t.pp:1:7: Unclosed quote after "'" followed by 'abc\n...' (expected a closing "'")`},
		{`$a = "ab`, `t.pp:1:7: Unclosed quote after '"' followed by 'ab...' (expected a closing '"')`},
		{`$a = "`, `t.pp:1:7: Unclosed quote after '"' followed by '<eof>' (expected a closing '"')`},
		{"/* x", `t.pp:1:1: Unclosed multiline comment (expected '*/' to close the comment)`},
		{"$a = @(END)\nx\n", `t.pp:2:1: Heredoc without end-tagged line (expected a line with the end tag 'END')`},
		{"$a = @(END\n", `t.pp:1:6: Unclosed parenthesis after '@(' followed by '@(END...' (expected ')' to close the heredoc tag)`},
		{"$a = @(END/q)\nEND\n", `t.pp:1:6: Invalid heredoc escape char. Only t, r, n, s,  u, L, $ allowed. Got 'q' (valid escapes are t, r, n, s, u, L and $)`},
		{"$a = 0x", `t.pp:1:6: Not a valid hex number 0x`},
		{"$a = 019", `t.pp:1:6: Not a valid octal number 019`},
	}
	for _, tt := range tests {
		_, diags := Lex(source.NewFile("t.pp", []byte(tt.src)), Manifest)
		if len(diags) == 0 {
			t.Errorf("Lex(%q): no error, want %s", tt.src, tt.want)
			continue
		}
		if got := diags[0].Error(); got != tt.want {
			t.Errorf("Lex(%q)\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}
