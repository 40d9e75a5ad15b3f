package nameservice

import (
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
)

func testFiles(t *testing.T) Files {
	t.Helper()
	dir := t.TempDir()
	f := Files{Passwd: filepath.Join(dir, "passwd"), Group: filepath.Join(dir, "group"), Shadow: filepath.Join(dir, "shadow")}
	write := func(path, text string) {
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(f.Passwd, "# comment\nroot:x:0:0:root:/root:/bin/bash\n+nis\nbob:x:1000:100:Bob B,Room 1,,:/home/bob:/bin/sh\n")
	write(f.Group, "root:x:0:\nwheel:x:10:alice, bob\nstaff:x:100:\ndev:x:20:bob\n")
	write(f.Shadow, "bob:$6$s$h:19000::99999:7::20000:\nroot:*:19000:0:99999:7:::\n")
	return f
}

func TestLookups(t *testing.T) {
	f := testFiles(t)
	a, err := f.LookupUser("bob")
	if err != nil || a == nil || a.UID != 1000 || a.GID != 100 || a.Gecos != "Bob B,Room 1,," || a.Home != "/home/bob" || a.Shell != "/bin/sh" {
		t.Errorf("LookupUser(bob) = %+v, %v", a, err)
	}
	if a, err := f.LookupUser("nobody"); a != nil || err != nil {
		t.Errorf("LookupUser(nobody) = %+v, %v", a, err)
	}
	g, err := f.LookupGroup("wheel")
	if err != nil || g == nil || g.GID != 10 || !slices.Equal(g.Members, []string{"alice", "bob"}) {
		t.Errorf("LookupGroup(wheel) = %+v, %v", g, err)
	}
	if g, _ := f.LookupGID(20); g == nil || g.Name != "dev" {
		t.Errorf("LookupGID(20) = %+v", g)
	}
	if groups, _ := f.GroupsOf("bob"); !slices.Equal(groups, []string{"wheel", "dev"}) {
		t.Errorf("GroupsOf(bob) = %q", groups)
	}
	sh, err := f.LookupShadow("bob")
	if err != nil || sh == nil || sh.Password != "$6$s$h" || sh.Min != -1 || sh.Max != 99999 || sh.Warn != 7 || sh.Expire != 20000 {
		t.Errorf("LookupShadow(bob) = %+v, %v", sh, err)
	}
	missing := Files{Passwd: filepath.Join(t.TempDir(), "none"), Group: f.Group}
	if a, err := missing.LookupUser("bob"); a != nil || err != nil {
		t.Errorf("missing database: %+v, %v", a, err)
	}
}

func TestMessages(t *testing.T) {
	for _, tc := range []struct{ got, want string }{
		{Display(int64(5)), "5"},
		{Display("x"), "'x'"},
		{Display([]string{"a", "b"}), "['a', 'b']"},
		{Display([]string{}), "[]"},
		{Change("uid", false, Display(int64(1)), false, Display(int64(2))), "uid changed 1 to 2"},
		{Change("expiry", true, "", false, Display("2030-01-01")), "defined 'expiry' as '2030-01-01'"},
		{Change("expiry", false, Display("2030-01-01"), true, ""), "undefined 'expiry' from '2030-01-01'"},
		{(&ExecError{Command: "/usr/sbin/groupadd g", Code: 9, Output: "groupadd: group 'g' already exists"}).Error(),
			"Execution of '/usr/sbin/groupadd g' returned 9: groupadd: group 'g' already exists"},
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
	if v := IntLike("-12"); v != int64(-12) {
		t.Errorf("IntLike(-12) = %#v", v)
	}
	if v := IntLike("1a"); v != "1a" {
		t.Errorf("IntLike(1a) = %#v", v)
	}
	if v := IntLike(catalog.Value(int64(3))); v != int64(3) {
		t.Errorf("IntLike(3) = %#v", v)
	}
}

func TestFormatValue(t *testing.T) {
	var p Prop
	for _, tc := range []struct {
		v    catalog.Value
		want string
	}{
		{int64(47001), "47001"},
		{"ordotest", "'ordotest'"},
		{"a,b", "'a,b'"},
		{[]catalog.Value{"a", "b"}, "a,b"},
		{[]catalog.Value{}, ""},
		{"absent", "'absent'"},
	} {
		if got := p.FormatValue(tc.v); got != tc.want {
			t.Errorf("FormatValue(%#v) = %q, want %q", tc.v, got, tc.want)
		}
	}
}
