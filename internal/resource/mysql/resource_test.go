package mysql_test

import (
	"bytes"
	"context"
	"os"
	"testing"

	"github.com/ordoproject/ordo/internal/cli"
)

// TestOrdoResource lists the server's databases, users, grants and
// plugins with ordo resource, as puppet resource listed them with the
// module (testdata/record-resource) after testdata/resource.sql. The
// types read root's home from FACTER_root_home, as Facter gives a fact
// from the environment.
func TestOrdoResource(t *testing.T) {
	root := t.TempDir()
	server(t, root)
	setup, err := os.ReadFile("testdata/resource.sql")
	if err != nil {
		t.Fatal(err)
	}
	sql(t, root, string(setup))
	want, err := os.ReadFile("testdata/resource.txt")
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("FACTER_root_home", root)
	var got bytes.Buffer
	for _, typ := range []string{"mysql_database", "mysql_user", "mysql_grant", "mysql_plugin"} {
		var errs bytes.Buffer
		if code := cli.Run(context.Background(), []string{"resource", typ}, cli.Stdio{In: &bytes.Buffer{}, Out: &got, Err: &errs}); code != 0 {
			t.Fatalf("ordo resource %s: exit %d\n%s", typ, code, errs.String())
		}
	}
	if got.String() != string(want) {
		t.Errorf("ordo resource:\n%s\npuppet resource (testdata/resource.txt):\n%s", got.String(), want)
	}
}
