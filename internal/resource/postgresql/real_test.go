package postgresql_test

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
	"github.com/ordoproject/ordo/internal/cli"
	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

var updateOrdo = flag.Bool("update-ordo", false, "rewrite the NAME.ordo.log and NAME.ordo.state files there are with what ordo does")

// pgBin holds the PostgreSQL 15 server programs testdata/server runs.
const pgBin = "/usr/lib/postgresql/15/bin"

// server starts a throw-away cluster for the test (testdata/server: its
// own data folder and socket folder under the root it returns, no TCP,
// run by the postgres user) and stops it when the test ends.
func server(t *testing.T) string {
	t.Helper()
	for _, bin := range []string{pgBin + "/initdb", pgBin + "/pg_ctl", pgBin + "/postgres"} {
		if _, err := os.Stat(bin); err != nil {
			t.Skipf("the PostgreSQL 15 server (%s) is not installed: apt-get install postgresql", bin)
		}
	}
	if _, err := exec.LookPath("psql"); err != nil {
		t.Skip("psql is not installed: apt-get install postgresql-client")
	}
	if os.Geteuid() != 0 {
		t.Skip("the cluster runs as the postgres user, which needs root")
	}
	root, err := os.MkdirTemp("", "ordopg")
	if err != nil {
		t.Fatal(err)
	}
	script, err := filepath.Abs("testdata/server")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = exec.Command(script, "stop", root).Run()
		_ = os.RemoveAll(root)
	})
	if out, err := exec.Command(script, "start", root).CombinedOutput(); err != nil {
		t.Fatalf("starting the server: %v\n%s", err, out)
	}
	return root
}

// psql runs statements on the cluster's postgres database as postgres.
func psql(t *testing.T, root string, stmts ...string) {
	t.Helper()
	for _, s := range stmts {
		out, err := exec.Command("runuser", "-u", "postgres", "--", "psql", "-h", root+"/pg", "-d", "postgres",
			"-X", "-q", "-v", "ON_ERROR_STOP=1", "-c", s).CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", s, err, out)
		}
	}
}

// reset leaves the cluster as initdb made it (the postgres database's
// schemas dropped, public made again, no roles but postgres, no
// replication slots) and root/r
// empty.
func reset(t *testing.T, root string) {
	t.Helper()
	psql(t, root, `DO $$ DECLARE s text; BEGIN
  FOR s IN SELECT nspname FROM pg_namespace WHERE nspname !~ '^pg_' AND nspname <> 'information_schema' LOOP
    EXECUTE format('DROP SCHEMA %I CASCADE', s);
  END LOOP;
  FOR s IN SELECT rolname FROM pg_roles WHERE rolname !~ '^pg_' AND rolname <> 'postgres' LOOP
    EXECUTE format('DROP ROLE %I', s);
  END LOOP; END $$`, "CREATE SCHEMA public", "SELECT pg_drop_replication_slot(slot_name) FROM pg_replication_slots")
	if err := os.RemoveAll(filepath.Join(root, "r")); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(root, "r"), 0o755); err != nil {
		t.Fatal(err)
	}
}

func dump(t *testing.T, root string) string {
	t.Helper()
	out, err := exec.Command("testdata/dump", root).CombinedOutput()
	if err != nil {
		t.Fatalf("dump: %v\n%s", err, out)
	}
	return strings.ReplaceAll(string(out), root, "@ROOT@")
}

// TestAgainstPuppet applies every case recorded from Puppet with
// puppetlabs-postgresql against a cluster of its own, and compares ordo's
// lines, and the cluster and files afterwards, with Puppet's. Where ordo
// knowingly differs (testdata/README.md), NAME.ordo.log and
// NAME.ordo.state say what ordo does instead.
func TestAgainstPuppet(t *testing.T) {
	root := server(t)
	types := builtin.Registry()
	dir := "testdata/cases"
	for _, c := range providertest.Cases(t, dir) {
		t.Run(c.Name, func(t *testing.T) {
			reset(t, root)
			for _, line := range strings.Split(c.Manifest, "\n") {
				if s, ok := strings.CutPrefix(line, "# sql: "); ok {
					psql(t, root, s)
				}
			}
			providertest.Shell(t, c.Setup, "ROOT="+root)
			setEnv(t, c, root)
			got := providertest.Run(t, c, types, map[string]string{"@ROOT@": root})
			compare(t, filepath.Join(dir, c.Name), strings.Join(got, "\n")+"\n", strings.Join(applied(c.Want), "\n")+"\n", ".log")
			compare(t, filepath.Join(dir, c.Name), dump(t, root), "", ".state")
		})
	}
}

// applied leaves out of Puppet's lines the warnings of its compilation
// (a module's variable it could not find), which the replay of the
// compiled catalog does not give.
func applied(lines []string) []string {
	var out []string
	for _, l := range lines {
		if !strings.HasPrefix(l, "Warning: Unknown variable: ") {
			out = append(out, l)
		}
	}
	return out
}

// setEnv sets the variables of the case's "# env:" line (PGHOST, which
// the replication slots' psql connects by) for the test.
func setEnv(t *testing.T, c providertest.Case, root string) {
	t.Helper()
	for _, line := range strings.Split(c.Manifest, "\n") {
		if s, ok := strings.CutPrefix(line, "# env: "); ok {
			for _, kv := range strings.Fields(strings.ReplaceAll(s, "@ROOT@", root)) {
				k, v, _ := strings.Cut(kv, "=")
				t.Setenv(k, v)
			}
		}
	}
}

// compare fails t when got differs from base.ordo+ext, when there is
// one, else from want (base+ext when want is ""); -update-ordo rewrites
// the .ordo file there is.
func compare(t *testing.T, base, got, want, ext string) {
	t.Helper()
	file := base + ext
	if _, err := os.Stat(base + ".ordo" + ext); err == nil {
		file = base + ".ordo" + ext
		if *updateOrdo {
			if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want = ""
	}
	if want == "" {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		want = string(b)
		if ext == ".log" {
			want = strings.Join(providertest.Keep(strings.Split(strings.TrimRight(want, "\n"), "\n")), "\n") + "\n"
		}
	}
	if got != want {
		t.Errorf("%s: ordo:\n%s\nwant (%s):\n%s", ext, got, file, want)
	}
}

// TestSecondRunChangesNothing applies the conf cases and the validator
// twice: the second run finds the files as wanted (a key written in upper
// case too) and the server answering.
func TestSecondRunChangesNothing(t *testing.T) {
	root := server(t)
	types := builtin.Registry()
	for _, c := range providertest.Cases(t, "testdata/cases") {
		if c.Name != "conf" && c.Name != "conf-second" && c.Name != "conf-odd" && c.Name != "validator-empty" {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			reset(t, root)
			providertest.Shell(t, c.Setup, "ROOT="+root)
			subst := map[string]string{"@ROOT@": root}
			providertest.Run(t, c, types, subst)
			for _, line := range providertest.Run(t, c, types, subst) {
				if strings.Contains(line, "Postgresql_conf[port]: Could not evaluate") || strings.Contains(line, "[missingfile]") {
					continue // fails on every run
				}
				if strings.HasPrefix(line, "Notice: ") || strings.HasPrefix(line, "Error: ") {
					t.Errorf("second run: %s", line)
				}
			}
		})
	}
}

// TestOrdoResource lists the cluster's replication slots with ordo
// resource, as puppet resource listed them with the module
// (testdata/record-resource writes testdata/slots.txt).
func TestOrdoResource(t *testing.T) {
	root := server(t)
	psql(t, root, "SELECT pg_create_physical_replication_slot('b_slot')", "SELECT pg_create_physical_replication_slot('a_slot')")
	t.Cleanup(func() { reset(t, root) })
	t.Setenv("PGHOST", root+"/pg")
	want, err := os.ReadFile("testdata/slots.txt")
	if err != nil {
		t.Fatal(err)
	}
	var got, errs bytes.Buffer
	if code := cli.Run(context.Background(), []string{"resource", "postgresql_replication_slot"}, cli.Stdio{In: &bytes.Buffer{}, Out: &got, Err: &errs}); code != 0 {
		t.Fatalf("ordo resource: exit %d\n%s", code, errs.String())
	}
	if got.String() != string(want) {
		t.Errorf("ordo resource:\n%s\npuppet resource (testdata/slots.txt):\n%s", got.String(), want)
	}
}

// TestJobs applies the conf cases with --jobs 4: the files end as after
// a serial run (the resources of one conf file are applied one at a
// time, in order). SQL run by postgresql_psql is ordered only by the
// manifest's relationships, as exec commands are.
func TestJobs(t *testing.T) {
	root := server(t)
	for _, c := range providertest.Cases(t, "testdata/cases") {
		if c.Name != "conf" && c.Name != "conf-odd" && c.Name != "conf-second" {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			reset(t, root)
			for _, line := range strings.Split(c.Manifest, "\n") {
				if s, ok := strings.CutPrefix(line, "# sql: "); ok {
					psql(t, root, s)
				}
			}
			providertest.Shell(t, c.Setup, "ROOT="+root)
			providertest.RunWith(t, c, builtin.Registry(), map[string]string{"@ROOT@": root}, func(o *apply.Options) { o.Jobs = 4 })
			compare(t, filepath.Join("testdata/cases", c.Name), dump(t, root), "", ".state")
		})
	}
}
