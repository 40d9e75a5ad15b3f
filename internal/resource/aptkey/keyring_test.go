package aptkey

import (
	"reflect"
	"testing"
)

// The times are at noon UTC: their day is the same in every time zone
// within twelve hours of it, as dates are written in local time.
func TestParseKeys(t *testing.T) {
	out := `tru:t:1:1795810920:0:3:1:5
pub:-:2048:1:3D8AE9050A35CD4E:1795780800:::-:::scSC::::::23::0:
fpr:::::::::B4CE14FDB51E2968E459FB903D8AE9050A35CD4E:
uid:-::::1795810913::CBB5::ordo test key one <one@ordo.invalid>::::::::::0:
pub:e:4096:17:AAAAAAAAAAAAAAAA:1262347200:1293883200::-:::sc::::::23::0:
fpr:::::::::0123456789ABCDEF0123456789ABCDEFAAAAAAAA:
pub:-:256:19:BBBBBBBBBBBBBBBB:1262347200:::-:::sc::::::23::0:
fpr:::::::::FEDCBA9876543210FEDCBA9876543210BBBBBBBB:
sub:e:256:18:CCCCCCCCCCCCCCCC:1262347200:1293883200:::::e::::::23:
fpr:::::::::1111111111111111111111111111111111111111:
`
	got := parseKeys(out).keys
	want := []key{
		{fingerprint: "B4CE14FDB51E2968E459FB903D8AE9050A35CD4E", long: "3D8AE9050A35CD4E", short: "0A35CD4E", size: "2048", typ: "rsa", created: "2026-11-27"},
		{fingerprint: "0123456789ABCDEF0123456789ABCDEFAAAAAAAA", long: "0123456789ABCDEFAAAAAAAA"[8:], short: "AAAAAAAA", expired: true, expiry: "2011-01-01", size: "4096", typ: "dsa", created: "2010-01-01"},
		{fingerprint: "FEDCBA9876543210FEDCBA9876543210BBBBBBBB", long: "FEDCBA9876543210FEDCBA9876543210BBBBBBBB"[24:], short: "BBBBBBBB", expired: true, size: "256", typ: "ecdsa", created: "2010-01-01"},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got  %+v\nwant %+v", got, want)
	}
	r := &keyring{keys: got}
	for id, fp := range map[string]string{"0A35CD4E": want[0].fingerprint, "3D8AE9050A35CD4E": want[0].fingerprint, "B4CE14FDB51E2968E459FB903D8AE9050A35CD4E": want[0].fingerprint, "0A35CD4F": "", "3D8AE905": ""} {
		k := r.find(id)
		if (k == nil) != (fp == "") || k != nil && k.fingerprint != fp {
			t.Errorf("find(%s) = %v, want %s", id, k, fp)
		}
	}
}
