package mysql_test

import (
	"bytes"
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/puppet/eval"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/mysql"
	"github.com/ordoproject/ordo/internal/resource/providertest"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

var updateOrdo = flag.Bool("update-ordo", false, "rewrite the NAME.ordo.log and NAME.ordo.state files there are with what ordo does")

// server starts a throw-away MariaDB server for the test (testdata/server:
// its own data folder under root, a socket, no TCP) and stops it when the
// test ends. root/.my.cnf points the client at it.
func server(t *testing.T, root string) {
	t.Helper()
	for _, bin := range []string{"mariadb-install-db", "mariadbd", "mysql"} {
		if _, err := exec.LookPath(bin); err != nil {
			t.Skipf("the MariaDB server and client (%s) are not installed: apt-get install mariadb-server mariadb-client", bin)
		}
	}
	script, err := filepath.Abs("testdata/server")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = exec.Command(script, "stop", root).Run() })
	if out, err := exec.Command(script, "start", root).CombinedOutput(); err != nil {
		t.Fatalf("starting the server: %v\n%s", err, out)
	}
}

// registry holds the built-in types with the mysql types reading root as
// root's home.
func registry(root string) *resource.Registry {
	return registryWith(mysql.Config{RootHome: func() string { return root }})
}

// registryWith holds the built-in types with the mysql types made with cfg.
func registryWith(cfg mysql.Config) *resource.Registry {
	var types []resource.Type
	for _, ty := range builtin.Types() {
		if !strings.HasPrefix(ty.Schema().Name, "mysql_") {
			types = append(types, ty)
		}
	}
	return resource.NewRegistry(append(types, mysql.NewTypes(cfg)...)...)
}

// sql runs statements on the server root/.my.cnf points at.
func sql(t *testing.T, root string, stmts ...string) {
	t.Helper()
	for _, s := range stmts {
		if out, err := exec.Command("mysql", "--defaults-extra-file="+filepath.Join(root, ".my.cnf"), "-e", s).CombinedOutput(); err != nil {
			t.Fatalf("%s: %v\n%s", s, err, out)
		}
	}
}

// reset leaves the server as mariadb-install-db made it.
func reset(t *testing.T, root string) {
	t.Helper()
	conf := "[client]\nsocket=" + root + "/db/sock\nuser=root\n"
	if err := os.WriteFile(filepath.Join(root, ".my.cnf"), []byte(conf), 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command("mysql", "--defaults-extra-file="+filepath.Join(root, ".my.cnf"), "-NBe",
		"SELECT CONCAT('DROP DATABASE `', REPLACE(SCHEMA_NAME, '`', '``'), '`') FROM information_schema.SCHEMATA WHERE SCHEMA_NAME NOT IN ('information_schema','mysql','performance_schema','sys')"+
			" UNION ALL SELECT CONCAT('UNINSTALL PLUGIN ', name) FROM mysql.plugin"+
			" UNION ALL SELECT CONCAT('DROP USER ''', REPLACE(User, '''', ''''''), '''@''', Host, '''') FROM mysql.user WHERE CONCAT(User, '@', Host) NOT IN ('root@localhost', 'mariadb.sys@localhost')").Output()
	if err != nil {
		t.Fatalf("reset: %v", err)
	}
	for _, stmt := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if stmt != "" {
			sql(t, root, stmt)
		}
	}
}

func dump(t *testing.T, root string) string {
	t.Helper()
	out, err := exec.Command("testdata/dump", root).CombinedOutput()
	if err != nil {
		t.Fatalf("dump: %v\n%s", err, out)
	}
	return string(out)
}

// resolved is the case's catalog with its Deferred values (mysql::db's
// password hash) resolved, as ordo apply resolves them before the run.
func resolved(t *testing.T, c providertest.Case) []byte {
	t.Helper()
	if !bytes.Contains(c.Catalog, []byte("Deferred")) {
		return c.Catalog
	}
	cat, err := catalog.Decode(c.Catalog, c.Name+".json")
	if err != nil {
		t.Fatal(err)
	}
	// mysql::password is ordo's in Go, there when the module is on the
	// module path.
	modules := t.TempDir()
	if err := os.Mkdir(filepath.Join(modules, "mysql"), 0o755); err != nil {
		t.Fatal(err)
	}
	opts := eval.Options{Node: cat.Name, Environment: cat.Environment, ModulePath: []string{modules}}
	if err := eval.ResolveDeferred(context.Background(), cat, opts); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := catalog.Encode(&b, cat); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestAgainstPuppet applies every case recorded from Puppet with
// puppetlabs-mysql against a server of its own, and compares ordo's lines
// and the server's state afterwards with Puppet's. Where ordo knowingly
// differs (testdata/README.md), NAME.ordo.log and NAME.ordo.state say what
// ordo does instead.
func TestAgainstPuppet(t *testing.T) {
	root := t.TempDir()
	server(t, root)
	types := registry(root)
	dir := "testdata/cases"
	for _, c := range providertest.Cases(t, dir) {
		t.Run(c.Name, func(t *testing.T) {
			reset(t, root)
			for _, line := range strings.Split(c.Manifest, "\n") {
				if s, ok := strings.CutPrefix(line, "# sql: "); ok {
					sql(t, root, s)
				}
			}
			providertest.Shell(t, c.Setup, "ROOT="+root)
			c.Catalog = resolved(t, c)
			got := providertest.Run(t, c, types, map[string]string{"@ROOT@": root})
			ordoLog := filepath.Join(dir, c.Name+".ordo.log")
			if _, err := os.Stat(ordoLog); err == nil && *updateOrdo {
				if err := os.WriteFile(ordoLog, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, _ := providertest.OrdoCase(dir, c)
			providertest.SameLines(t, got, want)
			reset := "[client]\nsocket=" + root + "/db/sock\nuser=root\n"
			if err := os.WriteFile(filepath.Join(root, ".my.cnf"), []byte(reset), 0o600); err != nil {
				t.Fatal(err)
			}
			stateFile := providertest.Recorded(dir, c, "state")
			wantState, err := os.ReadFile(stateFile)
			if err != nil {
				t.Fatal(err)
			}
			g := dump(t, root)
			if *updateOrdo && strings.HasSuffix(stateFile, ".ordo.state") {
				if err := os.WriteFile(stateFile, []byte(g), 0o644); err != nil {
					t.Fatal(err)
				}
				wantState = []byte(g)
			}
			if g != string(wantState) {
				t.Errorf("server state:\n%s\nwant:\n%s", g, wantState)
			}
		})
	}
}

// TestSecondRunChangesNothing applies catalogs twice: the second run
// finds everything as wanted (a database created with the default utf8
// character set too, which the server names utf8mb3).
func TestSecondRunChangesNothing(t *testing.T) {
	root := t.TempDir()
	server(t, root)
	types := registry(root)
	for _, c := range providertest.Cases(t, "testdata/cases") {
		if c.Name != "create" && c.Name != "odd-names" && c.Name != "odd-privileges" && c.Name != "plugin" && c.Name != "mysql-db" {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			reset(t, root)
			for _, line := range strings.Split(c.Manifest, "\n") {
				if s, ok := strings.CutPrefix(line, "# sql: "); ok {
					sql(t, root, s)
				}
			}
			c.Catalog = resolved(t, c)
			subst := map[string]string{"@ROOT@": root}
			providertest.Run(t, c, types, subst)
			for _, line := range providertest.Run(t, c, types, subst) {
				if strings.Contains(line, "no_such_plugin") || strings.Contains(line, "Mysql_plugin[InnoDB]/soname") {
					continue // fails, or is reported, on every run
				}
				if strings.HasPrefix(line, "Notice: ") || strings.HasPrefix(line, "Error: ") {
					t.Errorf("second run: %s", line)
				}
			}
		})
	}
}

// TestJobs applies the create case with --jobs 4: the server ends as
// after a serial run.
func TestJobs(t *testing.T) {
	root := t.TempDir()
	server(t, root)
	for _, c := range providertest.Cases(t, "testdata/cases") {
		if c.Name != "create" {
			continue
		}
		cat, err := catalog.Decode([]byte(strings.ReplaceAll(string(c.Catalog), "@ROOT@", root)), c.Name+".json")
		if err != nil {
			t.Fatal(err)
		}
		log := &resourcetest.Logger{}
		if _, err := apply.Apply(context.Background(), cat, apply.Options{Types: registry(root), Log: log, Runner: &command.Runner{}, BucketDir: t.TempDir(), Jobs: 4}); err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile("testdata/cases/create.state")
		if err != nil {
			t.Fatal(err)
		}
		if got := dump(t, root); got != string(want) {
			t.Errorf("server state:\n%s\nwant:\n%s\nlog:\n%s", got, want, log.String())
		}
	}
}
