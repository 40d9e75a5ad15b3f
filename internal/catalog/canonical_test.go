package catalog

import (
	"strings"
	"testing"
)

// canonicalBySegments is CanonicalType as it was written first, segment by
// segment, which the ASCII path must match.
func canonicalBySegments(name string) string {
	name = strings.TrimPrefix(name, "::")
	segs := strings.Split(name, "::")
	for i, s := range segs {
		if s != "" {
			segs[i] = strings.ToUpper(s[:1]) + strings.ToLower(s[1:])
		}
	}
	return strings.Join(segs, "::")
}

func TestCanonicalTypeASCII(t *testing.T) {
	for _, s := range []string{"file", "foo::bar", "::foo::BAR", "a:::b", "a::::b", "::", ":", "a:", "FOO_bar::x1", "x::", "::x::", "", "a:b::c", "Ab::cD", "1abc::_x"} {
		if got, want := CanonicalType(s), canonicalBySegments(s); got != want {
			t.Errorf("%q: %q want %q", s, got, want)
		}
	}
}
