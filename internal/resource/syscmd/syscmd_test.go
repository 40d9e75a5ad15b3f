package syscmd

import "testing"

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
