package hiera

import (
	"context"
	"testing"
)

func FuzzSplitKey(f *testing.F) {
	for _, s := range []string{"a", "a.b.0", `a."b.c"`, `a.'x'.1`, "a..b", `"`, "."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, key string) {
		segs, err := splitKey(key)
		if err == nil && len(segs) == 0 {
			t.Fatalf("%q: no segments and no error", key)
		}
	})
}

// FuzzInterpolate interpolates arbitrary strings against an empty
// configuration: errors are fine, panics and hangs are not.
func FuzzInterpolate(f *testing.F) {
	for _, s := range []string{"%{x}", "%{lookup('a')}", "%{alias('a')}", "%{literal('%')}{", "%{", "%{}%{''}", "%{scope('a.b')}"} {
		f.Add(s)
	}
	h := New(Options{})
	f.Fuzz(func(t *testing.T, s string) {
		inv := h.newInvocation(context.Background(), nil)
		inv.interpolate(s, true)
	})
}
