package mysql_test

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

// A password hash or a plugin holding a quote is one string in the
// statement ordo sends: it cannot end the statement and start another
// (the module writes such values between quotes as they are).
func TestValuesStayInTheirString(t *testing.T) {
	root := t.TempDir()
	server(t, root)
	reset(t, root)
	hash := "*" + strings.Repeat("A", 40)
	c := catalog.New("node")
	for _, r := range []*catalog.Resource{
		{Type: "Mysql_user", Title: "hash@localhost", Params: []catalog.Param{{Name: "ensure", Value: "present"},
			{Name: "password_hash", Value: hash + "'; CREATE DATABASE ordo_by_hash; -- "}}},
		{Type: "Mysql_user", Title: "plugin@localhost", Params: []catalog.Param{{Name: "ensure", Value: "present"},
			{Name: "plugin", Value: "mysql_native_password'; CREATE DATABASE ordo_by_plugin; -- "}}},
		{Type: "Mysql_user", Title: "quoted@localhost", Params: []catalog.Param{{Name: "ensure", Value: "present"},
			{Name: "password_hash", Value: hash}}},
	} {
		if err := c.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	log := &resourcetest.Logger{}
	apply.Apply(context.Background(), c, apply.Options{Types: registry(root), Log: log, Runner: &command.Runner{}, BucketDir: t.TempDir()})
	out, err := exec.Command("mysql", "--defaults-extra-file="+filepath.Join(root, ".my.cnf"), "-NBe",
		"SELECT SCHEMA_NAME FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE 'ordo_by_%'").CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if s := strings.TrimSpace(string(out)); s != "" {
		t.Errorf("a value ran as a statement of its own: databases %q made\n%s", s, log.String())
	}
	// An ordinary hash is set as it is.
	out, err = exec.Command("mysql", "--defaults-extra-file="+filepath.Join(root, ".my.cnf"), "-NBe",
		"SELECT authentication_string FROM mysql.user WHERE User = 'quoted'").CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != hash {
		t.Errorf("quoted@localhost's hash: %q %v, want %s\n%s", out, err, hash, log.String())
	}
}
