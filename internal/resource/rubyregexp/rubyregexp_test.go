package rubyregexp

import "testing"

func TestCompile(t *testing.T) {
	for _, tc := range []struct{ src, err string }{
		{src: `^a.*b$`},
		{src: `[a`, err: "premature end of char-class: /[a/"},
		{src: `(a`, err: "end pattern with unmatched parenthesis: /(a/"},
		{src: `a)`, err: "unmatched close parenthesis: /a)/"},
		{src: `*a`, err: "target of repeat operator is not specified: /*a/"},
		{src: `a\`, err: `too short escape sequence: /a\/`},
		{src: `[z-a]`, err: "empty range in char class: /[z-a]/"},
		{src: `a{2,1}`, err: "invalid repeat count: /a{2,1}/"},
	} {
		re, err := Compile(tc.src)
		switch {
		case tc.err == "" && err != nil:
			t.Errorf("Compile(%q): %v", tc.src, err)
		case tc.err == "" && re.String() != tc.src:
			t.Errorf("Compile(%q) = %q", tc.src, re)
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("Compile(%q) error = %v, want %q", tc.src, err, tc.err)
		}
	}
}
