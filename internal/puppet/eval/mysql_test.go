package eval

import "testing"

// The hashes are what puppetlabs-mysql's mysql::password returns.
func TestMysqlPassword(t *testing.T) {
	for in, want := range map[string]string{
		"secret-pass": "*2E0E7EE775D4B6E19945686022601EEF34837FDF",
		"":            "",
		"*2E0E7EE775D4B6E19945686022601EEF34837FDF": "*2E0E7EE775D4B6E19945686022601EEF34837FDF",
	} {
		got, err := fnMysqlPassword(&call{name: "mysql::password", args: []Value{&Sensitive{V: in}}})
		if err != nil || got != want {
			t.Errorf("mysql::password(%q) = %v, %v; want %s", in, got, err, want)
		}
	}
}
