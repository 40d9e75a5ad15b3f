package eval

import (
	"reflect"
	"testing"
)

// The expected values are what the module's Ruby functions return.
func TestAccountsSSHOptions(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []Value
		err  string
	}{
		{in: `from="10.0.0.1",no-pty`, want: []Value{`from="10.0.0.1"`, "no-pty"}},
		{in: "a,,b,", want: []Value{"a", "b"}},
		{in: `command="echo \"hi, there\"",no-port-forwarding`, want: []Value{`command="echo \"hi, there\""`, "no-port-forwarding"}},
		{in: `x='a,b'c,d`, want: []Value{"x=a,bc", "d"}},
		{in: `a\,b,c\`, want: []Value{"a,b", `c\`}},
		{in: "", want: []Value{}},
		{in: ",,", err: `Unmatched double quote: ",,"`},
		{in: `bad"quote`, err: `Unmatched double quote: "bad\"quote"`},
	} {
		got, err := fnAccountsSSHOptions(&call{name: "accounts_ssh_options_parser", args: []Value{tc.in}})
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("%q: error %v, want %s", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: got %#v, %v; want %#v", tc.in, got, err, tc.want)
		}
	}
}

func TestAccountsKeyLine(t *testing.T) {
	got, err := fnAccountsKeyLine(&call{name: "accounts_ssh_authorized_keys_line_parser", args: []Value{`from="a b",no-pty ssh-ed25519 AAAAkey me@host x`}})
	want := []Value{`from="a b",no-pty`, "ssh-ed25519", "AAAAkey", "me@host x"}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("got %#v, %v", got, err)
	}
	_, err = fnAccountsKeyLine(&call{name: "accounts_ssh_authorized_keys_line_parser", args: []Value{"ssh-rsa AAAA"}})
	if err == nil || err.Error() != "Wrong Keyline format! Got nil after applying regex to'ssh-rsa AAAA'" {
		t.Errorf("no comment: %v", err)
	}
}
