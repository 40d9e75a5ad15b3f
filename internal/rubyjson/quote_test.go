package rubyjson

import "testing"

func TestQuote(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", `""`},
		{"plain", `"plain"`},
		{`say "hi"`, `"say \"hi\""`},
		{`a\b`, `"a\\b"`},
		{"l1\nl2\r\t\b\f", `"l1\nl2\r\t\b\f"`},
		{"\x01\x1f", `"\u0001\u001f"`},
		{"<&> é ☃", `"<&> é ☃"`},
	} {
		if got := Quote(c.in); got != c.want {
			t.Errorf("Quote(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}
