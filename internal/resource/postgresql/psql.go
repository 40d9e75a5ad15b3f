package postgresql

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
)

// PsqlType is postgresql_psql.
type PsqlType struct{ schema *resource.Schema }

var (
	// envSetting is what the type accepts, envEntry what the provider
	// reads: a name, =, and a value that is not empty.
	envSetting = lazyre.New(`\w+=`)
	envEntry   = lazyre.New(`(?s)^(\w+)=(.+)$`)
)

func checkEnvironment(v catalog.Value) (catalog.Value, error) {
	for _, x := range catalog.Strings(v) {
		if !envSetting.MatchString(x) {
			return nil, fmt.Errorf("Invalid environment setting '%s'", x)
		}
	}
	return v, nil
}

func checkHash(v catalog.Value) (catalog.Value, error) {
	if _, ok := resource.Unsensitive(v).(*catalog.Hash); !ok {
		return nil, fmt.Errorf("connect_settings must be a hash of environment variables, not %s", resource.Inspect(v))
	}
	return v, nil
}

// NewPsqlType returns postgresql_psql.
func NewPsqlType() *PsqlType {
	return &PsqlType{schema: resource.NewSchema(resource.Schema{
		Name: "postgresql_psql",
		Doc:  "SQL run with psql as the postgres user when its unless, onlyif and refreshonly checks allow (puppetlabs-postgresql).",
		Attrs: []resource.Attr{
			{Name: "name", Namevar: true, Doc: "An arbitrary name; the SQL to run when command is not set."},
			{Name: "command", Kind: resource.KindProperty, DefaultFrom: []string{"name"}, Doc: "The SQL to run."},
			{Name: "unless", Doc: "SQL whose rows, when there are any, keep the command from running."},
			{Name: "onlyif", Doc: "SQL that must return rows for the command to run."},
			{Name: "connect_settings", Doc: "Environment variables (PGHOST, PGPORT, ...) psql connects with.", Check: resource.CheckFunc("a hash", checkHash)},
			{Name: "db", Doc: "The database to connect to (psql -d), over PGDATABASE."},
			{Name: "port", Doc: "The server's port (psql -p), over PGPORT."},
			{Name: "search_path", Doc: "The schema search path set before the SQL, a name or a list."},
			{Name: "psql_path", Default: "psql", Doc: "The psql program."},
			{Name: "psql_user", Default: "postgres", Doc: "The system user psql runs as."},
			{Name: "psql_group", Default: "postgres", Doc: "The system group psql runs as."},
			{Name: "cwd", Default: "/tmp", Doc: "The folder psql runs in.", Check: resource.AbsPathCheck{}},
			{Name: "environment", Doc: "More NAME=value environment settings, over connect_settings.", Check: resource.CheckFunc("NAME=value settings", checkEnvironment)},
			{Name: "refreshonly", Default: false, Doc: "Run the SQL only when refreshed by an event.", Check: resource.Boolean()},
			{Name: "instance", Default: "main", Doc: "The postgresql::server instance whose service the resource follows."},
			{Name: "sensitive", Default: false, Doc: "Keep the psql command lines out of the log.", Check: resource.Boolean()},
		},
		NonIsomorphic: true,
		Redacts:       []string{"unless"},
		Providers:     []resource.Provider{{Name: "ruby", Default: true, Doc: "Runs psql -t -X -c."}},
	})}
}

// Schema returns postgresql_psql's schema.
func (t *PsqlType) Schema() *resource.Schema { return t.schema }

// AutoRequire names the anchor postgresql::server's service ends with.
func (t *PsqlType) AutoRequire(r *catalog.Resource, _ *catalog.Catalog) []catalog.Ref {
	inst := "main"
	if v, ok := r.Get("instance"); ok {
		inst = catalog.Scalar(v)
	}
	return []catalog.Ref{{Type: "Anchor", Title: "postgresql::server::service::end::" + inst}}
}

// New returns the instance that runs v's SQL.
func (t *PsqlType) New(v resource.Values) (resource.Instance, error) {
	e := &psql{
		path:      v.String("psql_path"),
		db:        v.String("db"),
		port:      v.String("port"),
		user:      v.String("psql_user"),
		group:     v.String("psql_group"),
		cwd:       v.String("cwd"),
		refrOnly:  v.Bool("refreshonly"),
		sensitive: v.Bool("sensitive") || v.Sensitive("command") || v.Sensitive("unless") || v.Sensitive("onlyif"),
		hidden:    v.Sensitive("command"),
		connect:   settings(v.Get("connect_settings")),
		env:       v.Strings("environment"),
	}
	e.command = catalog.Scalar(resource.Unsensitive(v.Get("command")))
	if !v.Has("command") {
		e.command = v.String("name")
	}
	if x, ok := v.Lookup("search_path"); ok {
		e.searchPath = strings.Join(catalog.Strings(resource.Unsensitive(x)), ",")
	}
	if x, ok := v.Lookup("unless"); ok {
		s := catalog.Scalar(resource.Unsensitive(x))
		e.unless = &s
	}
	if x, ok := v.Lookup("onlyif"); ok {
		s := catalog.Scalar(resource.Unsensitive(x))
		e.onlyif = &s
	}
	return e, nil
}

type psql struct {
	command, path, db, port, user, group, cwd, searchPath string
	unless, onlyif                                        *string
	refrOnly, sensitive                                   bool
	// hidden marks a Sensitive command, whose values are never shown.
	hidden       bool
	connect, env []string

	run bool // the checks passed: the command is to run
}

func (e *psql) Exists() bool { return true }

func (e *psql) Properties() []resource.Property { return []resource.Property{(*command)(e)} }

// Retrieve runs the checks that decide whether the command runs.
func (e *psql) Retrieve(ctx context.Context, h *resource.Handle) error {
	ok, err := e.shouldRun(ctx, h, false)
	e.run = ok
	return err
}

// Refresh runs the command again when onlyif and unless allow it.
func (e *psql) Refresh(ctx context.Context, h *resource.Handle) error {
	ok, err := e.shouldRun(ctx, h, true)
	if err != nil || !ok {
		return err
	}
	return (*command)(e).Sync(ctx, h)
}

// shouldRun runs onlyif, then unless, then looks at refreshonly, in the
// module's order: the command runs when onlyif's SQL returns rows,
// unless's returns none, and, unless refreshing, refreshonly is false.
func (e *psql) shouldRun(ctx context.Context, h *resource.Handle, refreshing bool) (bool, error) {
	if e.onlyif != nil {
		n, err := e.rows(ctx, h, "onlyif", *e.onlyif)
		if err != nil || n <= 0 {
			return false, err
		}
	}
	if e.unless != nil {
		n, err := e.rows(ctx, h, "unless", *e.unless)
		if err != nil || n > 0 {
			return false, err
		}
	}
	return refreshing || !e.refrOnly, nil
}

// rows counts the rows sql returns, as the module counts them: SELECT
// COUNT(*) FROM (sql) count.
func (e *psql) rows(ctx context.Context, h *resource.Handle, clause, sql string) (int64, error) {
	res, err := e.sql(ctx, h, "SELECT COUNT(*) FROM ("+sql+") count")
	if err != nil {
		return 0, err
	}
	out := string(res.Output)
	if res.ExitCode != 0 {
		return 0, fmt.Errorf("Error evaluating '%s' clause, returned %d: '%s'", clause, res.ExitCode, strings.TrimRight(out, "\n"))
	}
	n := rubyInt(strings.TrimSpace(out))
	if h.Log != nil {
		h.Log.Log(resource.Debug, h.Path+"/"+clause, fmt.Sprintf("Found %d row(s) executing '%s' clause", n, clause))
	}
	return n, nil
}

// sql runs psql -t -X -c with the resource's database, port, search
// path, account, folder and environment.
func (e *psql) sql(ctx context.Context, h *resource.Handle, sql string) (resource.Result, error) {
	if e.searchPath != "" {
		sql = "set search_path to " + e.searchPath + "; " + sql
	}
	if fi, err := os.Stat(e.cwd); err != nil || !fi.IsDir() {
		return resource.Result{}, fmt.Errorf("No such file or directory @ dir_chdir - %s", e.cwd)
	}
	argv := []string{e.path}
	if e.db != "" {
		argv = append(argv, "-d", e.db)
	}
	if e.port != "" {
		argv = append(argv, "-p", e.port)
	}
	argv = append(argv, "-t", "-X", "-c", sql)
	return run{argv: argv, user: e.user, group: e.group, env: e.environment(h), dir: e.cwd, sensitive: e.sensitive}.exec(ctx, h)
}

// environment is connect_settings with environment's settings over it;
// overriding a setting of connect_settings is warned about.
func (e *psql) environment(h *resource.Handle) []string {
	env := append([]string(nil), e.connect...)
	for _, s := range e.env {
		m := envEntry.FindStringSubmatch(s)
		if m == nil {
			h.Logf(resource.Warning, "Cannot understand environment setting %s", resource.Inspect(s))
			continue
		}
		name, value := m[1], m[2]
		for i, c := range env {
			if strings.HasPrefix(c, name+"=") {
				shown := value
				if name == "NEWPGPASSWD" {
					shown = "****"
				}
				h.Logf(resource.Warning, "Overriding environment setting '%s' with '%s'", name, shown)
				env = append(env[:i], env[i+1:]...)
				break
			}
		}
		env = append(env, s)
	}
	return env
}

// command is postgresql_psql's one property: 'notrun' while the checks
// say the SQL is to run.
type command psql

func (p *command) Name() string { return "command" }
func (p *command) Current() catalog.Value {
	if p.run {
		return "notrun"
	}
	return p.command
}
func (p *command) Desired() catalog.Value { return p.command }
func (p *command) InSync() bool           { return !p.run }
func (p *command) Event() string          { return "command_changed" }
func (p *command) Message() string {
	if p.hidden {
		return "changed [redacted] to [redacted]"
	}
	return fmt.Sprintf("command changed 'notrun' to %s", catalog.Format(p.command))
}

// Sync runs the SQL; psql's non-zero exit fails the change with its
// output.
func (p *command) Sync(ctx context.Context, h *resource.Handle) error {
	res, err := (*psql)(p).sql(ctx, h, p.command)
	if err != nil {
		return err
	}
	if res.ExitCode != 0 {
		return fmt.Errorf("Error executing SQL; psql returned %d: '%s'", res.ExitCode, strings.TrimRight(string(res.Output), "\n"))
	}
	return nil
}
