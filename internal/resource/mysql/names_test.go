package mysql

import (
	"slices"
	"testing"
)

func TestUserNames(t *testing.T) {
	for _, tt := range []struct {
		in    string
		valid bool
		munge string
		acct  string
		sql   string
	}{
		{"app@localhost", true, "app@localhost", "app@localhost", "'app'@'localhost'"},
		{"app@LocalHost", true, "app@localhost", "app@localhost", "'app'@'localhost'"},
		{"a@b@localhost", true, "a@b@localhost", "a@b@localhost", "'a@b'@'localhost'"},
		{"'quoted'@localhost", true, "'quoted'@localhost", "quoted@localhost", "'quoted'@'localhost'"},
		{"`q@x`@Example.COM", true, "`q@x`@example.com", "q@x@example.com", "'q@x'@'example.com'"},
		{"o'brien@%", true, "o'brien@%", "o'brien@%", "'o''brien'@'%'"},
		{"@localhost", true, "@localhost", "@localhost", "''@'localhost'"},
		{"nohost", false, "", "", ""},
		{"app@", false, "", "", ""},
		{"'open@localhost", false, "", "", ""},
		{"'a'b'@localhost", false, "", "", ""},
		{"app@local host", false, "", "", ""},
		{"a-b@local host", true, "a-b@local host", "a-b@local host", "'a-b'@'local host'"},
	} {
		if got := validUser(tt.in); got != tt.valid {
			t.Errorf("validUser(%q) = %v", tt.in, got)
			continue
		}
		if !tt.valid {
			continue
		}
		if got := mungeUser(tt.in); got != tt.munge {
			t.Errorf("mungeUser(%q) = %q, want %q", tt.in, got, tt.munge)
		}
		if got := account(tt.munge); got != tt.acct {
			t.Errorf("account(%q) = %q, want %q", tt.munge, got, tt.acct)
		}
		if got := quoteUser(tt.munge); got != tt.sql {
			t.Errorf("quoteUser(%q) = %q, want %q", tt.munge, got, tt.sql)
		}
	}
}

func TestPrivileges(t *testing.T) {
	for _, tt := range []struct {
		in   []string
		want []string
	}{
		{[]string{"SELECT"}, []string{"SELECT"}},
		{[]string{"select", " Insert ", "SELECT"}, []string{"INSERT", "SELECT"}},
		{[]string{"select", "all"}, []string{"ALL"}},
		{[]string{"ALL PRIVILEGES"}, []string{"ALL"}},
		{[]string{"INSTALL PLUGIN", "SELECT"}, []string{"INSTALL PLUGIN", "SELECT"}},
		{[]string{"SELECT", "GRANT OPTION", "grant"}, []string{"SELECT"}},
		{[]string{"select(c,a)", "UPDATE (b, a)"}, []string{"SELECT (a, c)", "UPDATE (a, b)"}},
		{nil, []string{}},
	} {
		if got := normalPrivileges(tt.in, true); !slices.Equal(got, tt.want) {
			t.Errorf("normalPrivileges(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	// A grant being removed keeps its list as it is (normalised).
	if got := normalPrivileges([]string{"select", "all"}, false); !slices.Equal(got, []string{"ALL", "SELECT"}) {
		t.Errorf("absent: %q", got)
	}
	for in, want := range map[string][]string{
		"SELECT, INSERT":                        {"SELECT", "INSERT"},
		"SELECT (a, b), UPDATE (c), REFERENCES": {"SELECT (a, b)", "UPDATE (c)", "REFERENCES"},
		"ALL PRIVILEGES":                        {"ALL PRIVILEGES"},
	} {
		if got := splitPrivileges(in); !slices.Equal(got, want) {
			t.Errorf("splitPrivileges(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestTableSQL(t *testing.T) {
	for in, want := range map[string]string{
		"*.*":            "*.*",
		"db.*":           "`db`.*",
		"db.t":           "`db`.t",
		"my.db.t":        "`my.db`.t",
		"FUNCTION db.f":  "FUNCTION `db`.f",
		"PROCEDURE db.p": "PROCEDURE `db`.p",
	} {
		if got := tableSQL(in); got != want {
			t.Errorf("tableSQL(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestVersions(t *testing.T) {
	s := &server{kind: "mariadb", version: "10.11.19"}
	if !s.newerThan(map[string]string{"mariadb": "10.2.0"}) || s.newerThan(map[string]string{"mariadb": "11.0.0"}) ||
		s.newerThan(map[string]string{"mysql": "5.7.6"}) || !s.olderThan(map[string]string{"mariadb": "10.12"}) {
		t.Error("MariaDB 10.11.19's comparisons")
	}
	none := &server{kind: "mysql"}
	if none.newerThan(map[string]string{"mysql": "5.7.6"}) || none.olderThan(map[string]string{"mysql": "5.7.6"}) {
		t.Error("an unknown version is neither newer nor older")
	}
}
