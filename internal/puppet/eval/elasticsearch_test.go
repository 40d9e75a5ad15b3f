package eval

import (
	"strings"
	"testing"
)

// The orders are what puppet-elasticsearch 11.1.0's deep_implode gives
// under Puppet 7.23 on Debian 12 (Ruby 3.1's sort_by is glibc's merge
// sort there): longest keys first, keys of one length last first.
func TestDeepImplode(t *testing.T) {
	hash := func(kv ...Value) *Hash {
		h := NewHash()
		for i := 0; i < len(kv); i += 2 {
			h.Set(kv[i], kv[i+1])
		}
		return h
	}
	for _, c := range []struct {
		in   *Hash
		want string
	}{
		{hash("ab", int64(1), "cd", int64(2), "e", int64(3), "fg", int64(4)), "fg=4 cd=2 ab=1 e=3"},
		{hash("a", hash("b.c", "short"), "a.b", hash("c", "long")), "a.b.c=long"},
		{hash("x", []Value{int64(1)}, "x.", nil, "y", hash("z", []Value{int64(2)}), "y.z", []Value{int64(3)}), "y.z=[3 2] x.=<nil> x=[1]"},
		{hash("gh", false, "g", hash("h", "x"), "g.h", nil), "g.h=x gh=false"},
		{hash(), ""},
	} {
		got, err := fnDeepImplode(&call{name: "deep_implode", args: []Value{c.in}})
		if err != nil {
			t.Fatal(err)
		}
		var parts []string
		h := got.(*Hash)
		for i, k := range h.keys {
			parts = append(parts, k.(string)+"="+strings.Trim(strings.ReplaceAll(valueDebug(h.vals[i]), ",", " "), " "))
		}
		if s := strings.Join(parts, " "); s != c.want {
			t.Errorf("deep_implode = %q, want %q", s, c.want)
		}
	}
	if _, err := fnDeepImplode(&call{name: "deep_implode", args: []Value{hash(int64(1), "x")}}); err == nil || !strings.Contains(err.Error(), "undefined method `length' for 1:Integer") {
		t.Errorf("integer key: %v", err)
	}
}

func valueDebug(v Value) string {
	switch x := v.(type) {
	case nil:
		return "<nil>"
	case []Value:
		var s []string
		for _, e := range x {
			s = append(s, valueDebug(e))
		}
		return "[" + strings.Join(s, " ") + "]"
	}
	return rubyToS(v)
}
