package mysql

import (
	"context"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// DatabaseType is mysql_database.
type DatabaseType struct {
	schema *resource.Schema
	cfg    Config
}

var noSpace = pattern(`^\S+$`)

func ensureAttr(doc string) resource.Attr {
	return resource.Attr{Name: "ensure", Kind: resource.KindProperty, Doc: doc, Check: resource.Enum("present", "absent")}
}

// wantEnsure is what the resource's ensure is: as given, else present
// when it sets another property (Puppet's ensure defaults to present
// only for a resource that manages something), else not managed, which
// leaves a missing resource alone.
func wantEnsure(v resource.Values) (managed, present bool) {
	if v.Has("ensure") {
		return true, v.String("ensure") == "present"
	}
	for _, a := range v.Schema().Properties() {
		if a.Name != "ensure" && v.Has(a.Name) {
			return true, true
		}
	}
	return false, false
}

func newDatabaseType(cfg Config) *DatabaseType {
	t := &DatabaseType{cfg: cfg}
	t.schema = resource.NewSchema(resource.Schema{
		Name: "mysql_database",
		Doc:  "A MySQL database (puppetlabs-mysql).",
		Attrs: []resource.Attr{
			ensureAttr("Whether the database exists."),
			{Name: "name", Namevar: true, Doc: "The name of the database."},
			{Name: "charset", Kind: resource.KindProperty, Default: "utf8", Doc: "The database's CHARACTER SET.", Check: noSpace},
			{Name: "collate", Kind: resource.KindProperty, Default: "utf8_general_ci", Doc: "The database's COLLATE setting.", Check: noSpace},
		},
		Providers: []resource.Provider{{Name: "mysql", Default: true, Doc: "Runs the mysql client (with root's .my.cnf).",
			Confine: resource.Confine{Commands: []string{"mysql"}}, Prefetch: t.prefetch, Instances: t.instances}},
	})
	return t
}

// Schema returns mysql_database's schema.
func (t *DatabaseType) Schema() *resource.Schema { return t.schema }

// AutoRequire names root's .my.cnf and the mysql::server class, as the
// module's type does.
func (t *DatabaseType) AutoRequire(_ *catalog.Resource, _ *catalog.Catalog) []catalog.Ref {
	return []catalog.Ref{{Type: "File", Title: "/root/.my.cnf"}, {Type: "Class", Title: "Mysql::Server"}}
}

type database struct{ charset, collate string }

type databases struct {
	srv   *server
	found map[string]*database
}

func (t *DatabaseType) prefetch(ctx context.Context, h *resource.Handle) (any, error) {
	if h.Log != nil {
		h.Log.Log(resource.Debug, "", "Prefetching mysql resources for mysql_database")
	}
	d := &databases{srv: connect(ctx, h, t.cfg), found: map[string]*database{}}
	out, err := d.srv.query(ctx, h, "show databases")
	if err != nil {
		return nil, err
	}
	for _, name := range lines(out) {
		vars, err := d.srv.query(ctx, h, "show variables like '%_database'", name)
		if err != nil {
			return nil, err
		}
		db := &database{}
		for _, line := range lines(vars) {
			k, v, _ := strings.Cut(line, "\t")
			v, _, _ = strings.Cut(v, "\t")
			switch k {
			case "character_set_database":
				db.charset = v
			case "collation_database":
				db.collate = v
			}
		}
		d.found[name] = db
	}
	return d, nil
}

// New returns the instance that manages the database v names.
func (t *DatabaseType) New(v resource.Values) (resource.Instance, error) {
	e := &dbInstance{t: t, name: v.String("name"),
		charset: v.String("charset"), collate: v.String("collate")}
	e.managed, e.present = wantEnsure(v)
	return e, nil
}

type dbInstance struct {
	t                *DatabaseType
	name             string
	managed, present bool
	charset, collate string

	runState[databases]
	cur *database
}

func (e *dbInstance) Retrieve(ctx context.Context, h *resource.Handle) error {
	if err := e.load(ctx, h, "mysql_database", e.t.prefetch); err != nil {
		return err
	}
	e.cur = e.run.found[e.name]
	return nil
}

func (e *dbInstance) Exists() bool { return e.cur != nil }

// sameCharset reports whether the server's character set or collation
// is the one wanted. utf8 is utf8mb3, which MariaDB 10.6 and MySQL 8.0.30
// and later name it (the module would alter it on every run).
func sameCharset(cur, want string) bool {
	alias := func(s string) string {
		if s == "utf8mb3" || strings.HasPrefix(s, "utf8mb3_") {
			return "utf8" + s[len("utf8mb3"):]
		}
		return s
	}
	return cur == want || alias(cur) == alias(want)
}

// ident quotes a name in backticks, doubling those it holds.
func ident(name string) string { return "`" + strings.ReplaceAll(name, "`", "``") + "`" }

func (e *dbInstance) Properties() []resource.Property {
	var props []resource.Property
	if e.managed {
		props = append(props, &resource.Presence{Type: "mysql_database", Want: e.present, Exists: e.Exists, Create: e.create, Remove: e.destroy})
	}
	if e.cur == nil || e.managed && !e.present {
		return props
	}
	srv := e.run.srv
	props = append(props,
		&prop{name: "charset", cur: e.cur.charset, want: e.charset, inSync: sameCharset(e.cur.charset, e.charset),
			sync: func(ctx context.Context, h *resource.Handle) error {
				_, err := srv.query(ctx, h, "alter database "+ident(e.name)+" CHARACTER SET "+e.charset)
				return err
			}},
		&prop{name: "collate", cur: e.cur.collate, want: e.collate, inSync: sameCharset(e.cur.collate, e.collate),
			sync: func(ctx context.Context, h *resource.Handle) error {
				_, err := srv.query(ctx, h, "alter database "+ident(e.name)+" COLLATE "+e.collate)
				return err
			}},
	)
	return props
}

func (e *dbInstance) create(ctx context.Context, h *resource.Handle) error {
	_, err := e.run.srv.query(ctx, h, "create database if not exists "+ident(e.name)+" character set `"+e.charset+"` collate `"+e.collate+"`")
	if err != nil {
		return err
	}
	e.cur = &database{charset: e.charset, collate: e.collate}
	return nil
}

func (e *dbInstance) destroy(ctx context.Context, h *resource.Handle) error {
	if _, err := e.run.srv.query(ctx, h, "drop database if exists "+ident(e.name)); err != nil {
		return err
	}
	e.cur = nil
	return nil
}
