package postgresql

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// ValidatorType is postgresql_conn_validator.
type ValidatorType struct {
	schema *resource.Schema
	// sleep waits between tries; a timer, or ctx's end, when nil.
	sleep func(ctx context.Context, d time.Duration) error
}

func wait(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// integer is Ruby's Integer(): a whole number, in decimal or with a 0x,
// 0b or 0 (octal) prefix, negative ones too; munged to int64.
var integer = resource.CheckFunc("an integer", func(v catalog.Value) (catalog.Value, error) {
	switch x := v.(type) {
	case int64:
		return x, nil
	case string:
		if n, err := strconv.ParseInt(strings.TrimSpace(x), 0, 64); err == nil {
			return n, nil
		}
	}
	return nil, fmt.Errorf("invalid value for Integer(): %s", resource.Inspect(v))
})

// NewValidatorType returns postgresql_conn_validator.
func NewValidatorType() *ValidatorType {
	return &ValidatorType{sleep: wait, schema: resource.NewSchema(resource.Schema{
		Name: "postgresql_conn_validator",
		Doc:  "Checks that a query to a PostgreSQL server answers, trying again a few times (puppetlabs-postgresql).",
		Attrs: []resource.Attr{
			{Name: "ensure", Kind: resource.KindProperty, Default: "present", Doc: "present: the server must answer.", Check: resource.Enum("present", "absent")},
			{Name: "name", Namevar: true, Doc: "An arbitrary name."},
			{Name: "db_name", Doc: "The database to connect to (psql --dbname)."},
			{Name: "db_username", Doc: "The role to connect as (psql --username)."},
			{Name: "db_password", Doc: "The role's password (PGPASSWORD)."},
			{Name: "host", Doc: "The server's host name, address or socket folder (psql --host)."},
			{Name: "port", Doc: "The server's port (psql --port).", Check: integer},
			{Name: "connect_settings", Doc: "Environment variables psql connects with.", Check: resource.CheckFunc("a hash", checkHash)},
			{Name: "sleep", Default: int64(2), Doc: "Seconds between tries.", Check: integer},
			{Name: "tries", Default: int64(10), Doc: "How many times to try.", Check: integer},
			{Name: "psql_path", Default: "psql", Doc: "The psql program."},
			{Name: "run_as", Doc: "The system user psql runs as."},
			{Name: "command", Default: "SELECT 1", Doc: "The query to run."},
		},
		Providers: []resource.Provider{{Name: "ruby", Default: true, Doc: "Runs psql --tuples-only --quiet --no-psqlrc."}},
	})}
}

// Schema returns postgresql_conn_validator's schema.
func (t *ValidatorType) Schema() *resource.Schema { return t.schema }

// New returns the instance that checks v's connection.
func (t *ValidatorType) New(v resource.Values) (resource.Instance, error) {
	e := &validator{t: t, want: v.String("ensure") != "absent", runAs: v.String("run_as"),
		host: v.String("host"), port: v.String("port"), db: v.String("db_name"),
		sleep: time.Duration(v.Get("sleep").(int64)) * time.Second, tries: int(v.Get("tries").(int64))}
	argv := []string{v.String("psql_path"), "--tuples-only", "--quiet", "--no-psqlrc"}
	for _, a := range []struct{ attr, flag string }{{"host", "--host"}, {"port", "--port"}, {"db_username", "--username"}, {"db_name", "--dbname"}, {"command", "--command"}} {
		if v.Has(a.attr) || a.attr == "command" {
			argv = append(argv, a.flag, catalog.Scalar(resource.Unsensitive(v.Get(a.attr))))
		}
	}
	e.argv = argv
	e.env = settings(v.Get("connect_settings"))
	if v.Has("db_password") {
		e.env = append(e.env, "PGPASSWORD="+catalog.Scalar(resource.Unsensitive(v.Get("db_password"))))
	}
	if e.db == "" {
		for _, s := range e.env {
			if strings.HasPrefix(s, "PGDATABASE=") {
				e.db = s
			}
		}
	}
	return e, nil
}

type validator struct {
	t              *ValidatorType
	want           bool
	argv, env      []string
	runAs          string
	host, port, db string
	sleep          time.Duration
	tries          int
	connected      bool
	lastErr        string
}

// Retrieve tries the query up to tries times, sleep seconds apart, until
// it prints something (a query that returns no rows prints an empty
// line: the server answered).
func (e *validator) Retrieve(ctx context.Context, h *resource.Handle) error {
	e.connected = false
	for try := 0; try < e.tries; try++ {
		res, err := run{argv: e.argv, user: e.runAs, env: e.env, stdoutOnly: true}.exec(ctx, h)
		if err != nil {
			return err
		}
		if len(res.Output) > 0 {
			e.connected = true
			return nil
		}
		e.lastErr = strings.TrimSpace(string(res.Stderr))
		if h.Log != nil {
			if e.lastErr != "" {
				h.Log.Log(resource.Debug, "", fmt.Sprintf("psql returned %d: %s", res.ExitCode, e.lastErr))
			}
			h.Log.Log(resource.Warning, "", fmt.Sprintf("PostgresqlValidator.attempt_connection: Sleeping for %d seconds", int(e.sleep/time.Second)))
		}
		if err := e.t.sleep(ctx, e.sleep); err != nil {
			return err
		}
	}
	return nil
}

func (e *validator) Exists() bool { return e.connected }

func (e *validator) Properties() []resource.Property {
	return []resource.Property{&ensure{typ: "postgresql_conn_validator", want: e.want, exists: e.Exists,
		create: func(context.Context, *resource.Handle) error {
			return fmt.Errorf("Unable to connect to PostgreSQL server! (%s:%s)", e.host, e.port)
		},
		destroy: func(context.Context, *resource.Handle) error {
			return fmt.Errorf("postgresql_conn_validator cannot make a server refuse connections (ensure => absent)")
		}}}
}
