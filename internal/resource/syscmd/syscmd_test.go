package syscmd

import (
	"strconv"
	"testing"
)

func TestExecuting(t *testing.T) {
	for _, tc := range []struct{ user, group, want string }{
		{"", "", "Executing: 'tar xf a.tar'"},
		{"deploy", "", "Executing with uid=deploy: 'tar xf a.tar'"},
		{"", "staff", "Executing with gid=staff: 'tar xf a.tar'"},
		{"deploy", "staff", "Executing with uid=deploy gid=staff: 'tar xf a.tar'"},
	} {
		if got := Executing(tc.user, tc.group, "tar xf a.tar"); got != tc.want {
			t.Errorf("Executing(%q, %q) = %q, want %q", tc.user, tc.group, got, tc.want)
		}
	}
}

func TestCredentials(t *testing.T) {
	show := func(id *uint32) string {
		if id == nil {
			return "-"
		}
		return strconv.FormatUint(uint64(*id), 10)
	}
	for _, tc := range []struct{ user, group, uid, gid, err string }{
		{"", "", "-", "-", ""},
		{"root", "", "0", "0", ""},
		{"0", "", "0", "0", ""},
		// A number no account has runs as that id, its group the same.
		{"4000123", "", "4000123", "4000123", ""},
		{"root", "4000124", "0", "4000124", ""},
		{"", "root", "-", "0", ""},
		{"ordo-no-such-user", "", "", "", "Invalid user: ordo-no-such-user"},
		{"root", "ordo-no-such-group", "", "", "Invalid group: ordo-no-such-group"},
	} {
		uid, gid, err := Credentials(tc.user, tc.group)
		if tc.err != "" {
			if err == nil || err.Error() != tc.err {
				t.Errorf("Credentials(%q, %q): error %v, want %q", tc.user, tc.group, err, tc.err)
			}
			continue
		}
		if err != nil || show(uid) != tc.uid || show(gid) != tc.gid {
			t.Errorf("Credentials(%q, %q) = %s, %s, %v; want %s, %s", tc.user, tc.group, show(uid), show(gid), err, tc.uid, tc.gid)
		}
	}
}
