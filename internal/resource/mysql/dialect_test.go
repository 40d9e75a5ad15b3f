package mysql_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/mysql"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

// client stands in for the mysql client: it records each command and
// answers the listing queries; every statement succeeds.
type client struct {
	mu    sync.Mutex
	cmds  []resource.Command
	users string // the account listing
	row   string // each account's row
}

func (c *client) Run(_ context.Context, cmd resource.Command) (resource.Result, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.cmds = append(c.cmds, cmd)
	sql := ""
	for i, a := range cmd.Argv {
		if (a == "-NBe" || a == "-e") && i+1 < len(cmd.Argv) {
			sql = cmd.Argv[i+1]
		}
	}
	switch {
	case strings.HasPrefix(sql, "SELECT CONCAT(User"):
		return resource.Result{Output: []byte(c.users)}, nil
	case strings.HasPrefix(sql, "SELECT MAX_USER_CONNECTIONS"):
		return resource.Result{Output: []byte(c.row)}, nil
	}
	return resource.Result{}, nil
}

// statements are the SQL statements run that change the server.
func (c *client) statements() []string {
	var out []string
	for _, cmd := range c.cmds {
		if i := slices.Index(cmd.Argv, "-e"); i >= 0 {
			out = append(out, cmd.Argv[i+1])
		}
	}
	return out
}

// TestDialects checks the statements mysql_user runs for servers this
// machine has not: the module's SQL differs by server kind and version.
func TestDialects(t *testing.T) {
	const hash = "*14E65567ABDB5135D0CFD9A70B3032C179A49EE7"
	users := "old@localhost\n"
	row := "0\t0\t0\t0\t\t\t\t\t*023494FBCDFBF9C93B6B2663B348A1C4A939B247\tmysql_native_password\t*023494FBCDFBF9C93B6B2663B348A1C4A939B247\n"
	for _, tt := range []struct {
		name, version string
		want          []string
	}{
		{"mysql-8", "mysqld  Ver 8.0.36 for Linux on x86_64 (MySQL Community Server - GPL)", []string{
			"CREATE USER IF NOT EXISTS 'new'@'localhost' IDENTIFIED WITH 'mysql_native_password' AS '" + hash + "'",
			"ALTER USER IF EXISTS 'new'@'localhost' WITH MAX_USER_CONNECTIONS 2 MAX_CONNECTIONS_PER_HOUR 0 MAX_QUERIES_PER_HOUR 0 MAX_UPDATES_PER_HOUR 0",
			"ALTER USER 'new'@'localhost' REQUIRE NONE",
			"ALTER USER 'old'@'localhost' IDENTIFIED WITH mysql_native_password AS '" + hash + "'",
			"ALTER USER 'old'@'localhost' WITH MAX_QUERIES_PER_HOUR 5",
			"DROP USER IF EXISTS 'gone'@'localhost'",
		}},
		{"mysql-5.6", "mysqld  Ver 5.6.51 for Linux on x86_64 (MySQL Community Server (GPL))", []string{
			"CREATE USER 'new'@'localhost' IDENTIFIED BY PASSWORD '" + hash + "'",
			"GRANT USAGE ON *.* TO 'new'@'localhost' WITH MAX_USER_CONNECTIONS 2 MAX_CONNECTIONS_PER_HOUR 0 MAX_QUERIES_PER_HOUR 0 MAX_UPDATES_PER_HOUR 0",
			"GRANT USAGE ON *.* TO 'new'@'localhost' REQUIRE NONE",
			"SET PASSWORD FOR 'old'@'localhost' = '" + hash + "'",
			"GRANT USAGE ON *.* TO 'old'@'localhost' WITH MAX_QUERIES_PER_HOUR 5",
			"DROP USER 'gone'@'localhost'",
		}},
		{"mariadb-10.1", "mysqld  Ver 10.1.48-MariaDB-0+deb9u2 for debian-linux-gnu on x86_64 (Debian 9.13)", []string{
			"CREATE USER IF NOT EXISTS 'new'@'localhost' IDENTIFIED WITH 'mysql_native_password' AS '" + hash + "'",
			"GRANT USAGE ON *.* TO 'new'@'localhost' WITH MAX_USER_CONNECTIONS 2 MAX_CONNECTIONS_PER_HOUR 0 MAX_QUERIES_PER_HOUR 0 MAX_UPDATES_PER_HOUR 0",
			"GRANT USAGE ON *.* TO 'new'@'localhost' REQUIRE NONE",
			"SET PASSWORD FOR 'old'@'localhost' = '" + hash + "'",
			"GRANT USAGE ON *.* TO 'old'@'localhost' WITH MAX_QUERIES_PER_HOUR 5",
			"DROP USER IF EXISTS 'gone'@'localhost'",
		}},
		{"unknown", "", []string{
			"CREATE USER 'new'@'localhost' IDENTIFIED BY PASSWORD '" + hash + "'",
			"GRANT USAGE ON *.* TO 'new'@'localhost' WITH MAX_USER_CONNECTIONS 2 MAX_CONNECTIONS_PER_HOUR 0 MAX_QUERIES_PER_HOUR 0 MAX_UPDATES_PER_HOUR 0",
			"GRANT USAGE ON *.* TO 'new'@'localhost' REQUIRE NONE",
			"SET PASSWORD FOR 'old'@'localhost' = '" + hash + "'",
			"GRANT USAGE ON *.* TO 'old'@'localhost' WITH MAX_QUERIES_PER_HOUR 5",
			"DROP USER 'gone'@'localhost'",
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			home := t.TempDir()
			if err := os.WriteFile(filepath.Join(home, ".my.cnf"), []byte("[client]\n"), 0o600); err != nil {
				t.Fatal(err)
			}
			types := dialectRegistry(home, tt.version)
			fake := &client{users: users + "gone@localhost\n", row: row}
			c := &catalog.Catalog{Resources: []*catalog.Resource{
				{Type: "Mysql_user", Title: "new@localhost", Params: []catalog.Param{{Name: "password_hash", Value: hash}, {Name: "max_user_connections", Value: int64(2)}}},
				{Type: "Mysql_user", Title: "old@localhost", Params: []catalog.Param{{Name: "password_hash", Value: hash}, {Name: "max_queries_per_hour", Value: "5"}}},
				{Type: "Mysql_user", Title: "gone@localhost", Params: []catalog.Param{{Name: "ensure", Value: "absent"}}},
			}}
			log := &resourcetest.Logger{}
			if _, err := apply.Apply(context.Background(), c, apply.Options{Types: types, Log: log, Runner: fake, BucketDir: t.TempDir()}); err != nil {
				t.Fatal(err)
			}
			if got := fake.statements(); !slices.Equal(got, tt.want) {
				t.Errorf("statements:\n%s\nwant:\n%s\nlog:\n%s", strings.Join(got, "\n"), strings.Join(tt.want, "\n"), log.String())
			}
			for _, cmd := range fake.cmds {
				if !slices.Contains(cmd.Argv, "--defaults-extra-file="+filepath.Join(home, ".my.cnf")) {
					t.Errorf("%q: no --defaults-extra-file", cmd.Argv)
				}
			}
		})
	}
}

func dialectRegistry(home, version string) *resource.Registry {
	cfg := mysql.Config{RootHome: func() string { return home },
		ServerVersion: func(context.Context, *resource.Handle) string { return version }}
	return registryWith(cfg)
}

// TestLoginPath: with root's .mylogin.cnf, the client reads it (named in
// MYSQL_TEST_LOGIN_FILE) instead of .my.cnf; from MariaDB 11 the client
// is mariadb.
func TestLoginPath(t *testing.T) {
	home := t.TempDir()
	for _, f := range []string{".my.cnf", ".mylogin.cnf"} {
		if err := os.WriteFile(filepath.Join(home, f), []byte("x"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	fake := &client{}
	c := &catalog.Catalog{Resources: []*catalog.Resource{{Type: "Mysql_database", Title: "d", Params: []catalog.Param{{Name: "ensure", Value: "present"}}}}}
	types := dialectRegistry(home, "mariadbd  Ver 11.4.3-MariaDB for Linux")
	if _, err := apply.Apply(context.Background(), c, apply.Options{Types: types, Log: &resourcetest.Logger{}, Runner: fake, BucketDir: t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	if len(fake.cmds) != 2 {
		t.Fatalf("commands: %v", fake.cmds)
	}
	for _, cmd := range fake.cmds {
		if filepath.Base(cmd.Argv[0]) != "mariadb" || !slices.Equal(cmd.Env, []string{"MYSQL_TEST_LOGIN_FILE=" + filepath.Join(home, ".mylogin.cnf")}) ||
			strings.Contains(strings.Join(cmd.Argv, " "), "defaults-extra-file") {
			t.Errorf("command %q, environment %q", cmd.Argv, cmd.Env)
		}
	}
}
