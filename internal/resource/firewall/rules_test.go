package firewall

import (
	"reflect"
	"testing"
)

func TestParseRule(t *testing.T) {
	for _, c := range []struct {
		line  string
		chain string
		name  string
		vals  map[string]any
	}{
		{`-A INPUT -p tcp -m tcp --dport 22 -m comment --comment "001 accept ssh" -j ACCEPT`, "INPUT", "001 accept ssh",
			map[string]any{"proto": "tcp", "dport": "22", "jump": "ACCEPT"}},
		{`-A INPUT -s 10.0.0.0/8 -p udp -m multiport --dports 1000:2000,80 -m comment --comment "100 x" -j DROP`, "INPUT", "100 x",
			map[string]any{"source": "10.0.0.0/8", "proto": "udp", "dport": []string{"1000:2000", "80"}, "jump": "DROP"}},
		{`-A INPUT ! -s 10.0.0.0/8 -p tcp -m multiport ! --dports 1,2 -m state ! --state NEW -j LOG --log-prefix "a \"b\" " --log-level 6`, "INPUT", "",
			map[string]any{"source": "! 10.0.0.0/8", "proto": "tcp", "dport": []string{"! 1", "2"}, "state": "! NEW", "jump": "LOG",
				"log_prefix": `a "b" `, "log_level": "6"}},
		{`-A OUT -p icmp -m icmp --icmp-type 8 -m limit --limit 5/sec --limit-burst 3 -m conntrack --ctstate NEW,RELATED -j MARK --set-xmark 0x1/0xff`, "OUT", "",
			map[string]any{"proto": "icmp", "icmp": "8", "limit": "5/sec", "burst": int64(3), "ctstate": []string{"NEW", "RELATED"},
				"jump": "MARK", "set_mark": "0x1/0xff"}},
	} {
		r := parseRule(c.line)
		if r.chain != c.chain || r.name != c.name || !reflect.DeepEqual(r.vals, c.vals) {
			t.Errorf("%s:\n got %q %q %#v\nwant %q %q %#v", c.line, r.chain, r.name, r.vals, c.chain, c.name, c.vals)
		}
	}
}

func TestParseSaveNamesUnmanaged(t *testing.T) {
	out := "# Generated\n*filter\n:INPUT ACCEPT [0:0]\n-A INPUT -p tcp -m comment --comment \"001 a\" -j ACCEPT\n" +
		"-A INPUT -p tcp -m comment --comment \"no number\" -j DROP\n-A INPUT -j DROP\nCOMMIT\n*nat\n-A POSTROUTING -j MASQUERADE\nCOMMIT\n"
	n := 1
	rules := parseSave(out, "IPv4", &n)
	var names, tables []string
	for _, r := range rules {
		names = append(names, r.name)
		tables = append(tables, r.table)
	}
	// A rule without a comment is named by its number and its line's
	// SHA-256; one whose comment has no number, by its number and comment.
	if names[0] != "001 a" || names[1] != "9002 no number" || len(names[2]) != 5+64 || names[2][:5] != "9003 " || names[3][:5] != "9004 " {
		t.Errorf("names %q", names)
	}
	if !reflect.DeepEqual(tables, []string{"filter", "filter", "filter", "nat"}) || n != 5 {
		t.Errorf("tables %q, counter %d", tables, n)
	}
	if got := parseSave("*filter\n-A INPUT ! -p 47 -j DROP\n", "IPv4", &n)[0].vals["proto"]; got != "! gre" {
		t.Errorf("a protocol number is named: %v", got)
	}
	if rules[2].vals["proto"] != "all" {
		t.Errorf("a rule without -p is proto all: %v", rules[2].vals)
	}
}

func TestInsertOrder(t *testing.T) {
	for _, c := range []struct {
		names []string
		name  string
		want  int
	}{
		{nil, "100 a", 1},
		{[]string{"001 a", "100 c"}, "050 b", 2},
		{[]string{"001 a", "100 c"}, "000 first", 1},
		{[]string{"001 a", "100 c"}, "200 last", 3},
		{[]string{"001 a", "050 b", "100 c"}, "050 b", 2},
		// Unmanaged rules ahead of the one the new rule follows count.
		{[]string{"9001 x", "001 a", "9003 y", "100 c"}, "050 b", 3},
		// A rule sorting first goes before the unmanaged rules.
		{[]string{"9001 x", "9002 y"}, "001 a", 1},
	} {
		if got := insertOrder(c.names, c.name); got != c.want {
			t.Errorf("insertOrder(%q, %q) = %d, want %d", c.names, c.name, got, c.want)
		}
	}
}

func TestTokens(t *testing.T) {
	got := tokens(`-A INPUT -m comment --comment "a \"b\" c" -j LOG --log-prefix "x: "`)
	want := []string{"-A", "INPUT", "-m", "comment", "--comment", `a "b" c`, "-j", "LOG", "--log-prefix", "x: "}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %q", got)
	}
}

func TestHostToMask(t *testing.T) {
	for in, want := range map[string]any{"10.1.2.3/8": "10.0.0.0/8", "192.0.2.7": "192.0.2.7/32", "! 10.0.0.1": "! 10.0.0.1/32",
		"2001:db8::1/32": "2001:db8::/32", "::1": "::1/128", "0.0.0.0/0": nil} {
		got, err := hostToMask(in, "IPv4")
		if err != nil || got != want {
			t.Errorf("hostToMask(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	if _, err := hostToMask("example.org", "IPv4"); err == nil {
		t.Error("a host name is refused")
	}
}
