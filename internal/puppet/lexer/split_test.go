package lexer

import (
	"reflect"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/source"
)

// TestLexSplit lexes large manifests whose middle falls in every kind of
// place (between statements, inside a string, a comment, a heredoc
// body, after a token a regex may follow, in a broken string) and holds
// Lex, which lexes the second half apart when it can, to lexing the
// whole in one go.
func TestLexSplit(t *testing.T) {
	filler := strings.Repeat("file { \"/tmp/${x}\": content => \"a ${y['k']} b\\n\", mode => '0644' }\nnotify { 'n': message => 1 / 2 }\n", 800)
	joins := 0
	for name, middle := range map[string]string{
		"statement":     "class a { }\ninclude a\n",
		"dq string":     "$s = \"line one\nline two\nline three\n\"\n",
		"sq string":     "$s = 'one\nclass two\nthree'\n",
		"comment":       "/* one\nclass two\n*/\n",
		"heredoc":       "$h = @(END)\nclass x\ninclude y\nEND\n",
		"heredoc tag":   "$h = [@(A), @(B)]\none\n|A\nclass two\n|B\nincluded = 1\n",
		"regex":         "$r = $x =~ /a\nb/\n",
		"division":      "$d = 4\n/ 2\n",
		"unclosed":      "$bad = \"never closed\n",
		"late unclosed": "",
	} {
		for _, at := range []int{0, 1, 2} {
			src := filler + strings.Repeat(middle, at+1) + filler
			if name == "late unclosed" {
				src += "$bad = 'open\n"
			}
			f := source.NewFile("big.pp", []byte(src))
			wantToks, wantDiags := lexWhole(f, Manifest)
			gotToks, gotDiags, joined := lexSplit(f, splitPoint(f.Content))
			if joined {
				joins++
			}
			if !reflect.DeepEqual(gotToks, wantToks) {
				t.Errorf("%s/%d: the tokens differ from lexing in one go (%d, want %d)", name, at, len(gotToks), len(wantToks))
			}
			if !reflect.DeepEqual(gotDiags, wantDiags) {
				t.Errorf("%s/%d: the problems differ from lexing in one go:\n%v\nwant\n%v", name, at, gotDiags, wantDiags)
			}
		}
	}
	if joins == 0 {
		t.Error("no manifest was lexed in two parts")
	}
}

// BenchmarkLexLarge lexes a manifest of some 300 KB (the generated
// manifest's kind of code), in two parts and in one.
func BenchmarkLexLarge(b *testing.B) {
	src := strings.Repeat("class bench::c($prefix = 'c') {\n  file { \"/tmp/${prefix}/f0\": content => \"0\\n\" }\n  notify { \"${prefix}-n1\": require => Notify[\"${prefix}-n0\"] }\n}\ninclude bench::c\n", 1800)
	f := source.NewFile("big.pp", []byte(src))
	b.Run("split", func(b *testing.B) {
		for b.Loop() {
			Lex(f, Manifest)
		}
	})
	b.Run("whole", func(b *testing.B) {
		for b.Loop() {
			lexWhole(f, Manifest)
		}
	})
}
