package eval

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// The expected values are Ruby 3.1's (String#squeeze, IPAddr, Dir.glob).
func TestSqueezeEncloseGlob(t *testing.T) {
	for _, tc := range []struct {
		args []Value
		want Value
	}{
		{[]Value{"aaabbb  ccc"}, "ab c"},
		{[]Value{"aaabbb  ccc", " "}, "aaabbb ccc"},
		{[]Value{"a--b__c", "a-z"}, "a--b__c"},
		{[]Value{"a--b__c", "^a-z"}, "a-b_c"},
		{[]Value{`x\\y`, `\\`}, `x\y`},
		{[]Value{[]Value{"oo", "pp"}}, []Value{"o", "p"}},
	} {
		got, err := fnSqueeze(&call{name: "squeeze", args: tc.args})
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("squeeze%v = %v, %v; want %v", tc.args, got, err, tc.want)
		}
	}
	got, err := fnEncloseIPv6(&call{name: "enclose_ipv6", args: []Value{[]Value{"2001:DB8::1", "10.0.0.1", "fe80::1/64", "[::1]", "::ffff:1.2.3.4", "10.1.2.3/8", "*", "10.0.0.1"}}})
	want := []Value{"[2001:db8::1]", "10.0.0.1", "[fe80::]", "[::1]", "[::ffff:1.2.3.4]", "10.1.2.3/8", "*"}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("enclose_ipv6 = %v, %v; want %v", got, err, want)
	}
	if _, err := fnEncloseIPv6(&call{name: "enclose_ipv6", args: []Value{"nope"}}); err == nil || err.Error() != "enclose_ipv6(): Wrong argument given nope is not an ip address." {
		t.Errorf("enclose_ipv6(nope): %v", err)
	}

	dir := t.TempDir()
	for _, f := range []string{"a/x.conf", "a/.y.conf", "b.conf", ".h/z.conf"} {
		p := filepath.Join(dir, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for pattern, want := range map[string][]Value{
		dir + "/*/*.conf":      {dir + "/a/x.conf"},
		dir + "/{a,.h}/*.conf": {dir + "/a/x.conf", dir + "/.h/z.conf"},
		dir + "/*.conf":        {dir + "/b.conf"},
	} {
		got, err := fnGlob(&call{name: "glob", args: []Value{pattern}})
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("glob(%s) = %v, %v; want %v", pattern, got, err, want)
		}
	}
}

func TestDropPossessive(t *testing.T) {
	for in, want := range map[string]string{
		`^\/(?:.[.A-Za-z0-9_-]+\/?+)+(?:\.[.A-Za-z0-9]+)+$`: `^\/(?:.[.A-Za-z0-9_-]+\/?)+(?:\.[.A-Za-z0-9]+)+$`,
		`a*+b++c{1,2}+`: `a*b+c{1,2}`,
		`\++[+]+a+?b`:   `\++[+]+a+?b`,
	} {
		if got := dropPossessive(in); got != want {
			t.Errorf("dropPossessive(%s) = %s, want %s", in, got, want)
		}
	}
}
