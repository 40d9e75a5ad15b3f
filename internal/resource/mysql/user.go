package mysql

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
)

// UserType is mysql_user.
type UserType struct {
	schema *resource.Schema
	cfg    Config
}

// pattern accepts values whose string form matches one of patterns, as
// Puppet's newvalue with a pattern does (numbers too).
func pattern(patterns ...string) resource.Check {
	c := &resource.EnumCheck{}
	for _, p := range patterns {
		c.Patterns = append(c.Patterns, lazyre.New(p))
	}
	return resource.CheckFunc(c.Describe(), func(v catalog.Value) (catalog.Value, error) {
		switch v.(type) {
		case int64, int, float64:
			if _, err := c.Munge(catalog.Scalar(v)); err != nil {
				return nil, err
			}
			return v, nil
		}
		return c.Munge(v)
	})
}

var tlsOption = lazyre.New(`(?i)^(CIPHER|ISSUER|SUBJECT)`)

func checkTLS(v catalog.Value) (catalog.Value, error) {
	s := catalog.Scalar(v)
	switch s {
	case "NONE", "SSL", "X509":
		return v, nil
	}
	if !tlsOption.MatchString(s) {
		return nil, fmt.Errorf("Invalid tls option %s.", s)
	}
	return v, nil
}

func newUserType(cfg Config) *UserType {
	t := &UserType{cfg: cfg}
	limit := func(name, doc string) resource.Attr {
		return resource.Attr{Name: name, Kind: resource.KindProperty, Doc: doc + " 0 means no (or the global) limit.", Check: pattern(`\d+`)}
	}
	t.schema = resource.NewSchema(resource.Schema{
		Name: "mysql_user",
		Doc:  "A MySQL user: password, authentication plugin, limits and TLS requirements (puppetlabs-mysql).",
		Attrs: []resource.Attr{
			ensureAttr("Whether the user exists."),
			{Name: "name", Namevar: true, Doc: "The user as 'user@host' (the user part may be quoted).",
				Check: resource.CheckFunc("user@host", userCheck(""))},
			{Name: "password_hash", Kind: resource.KindProperty, Doc: "The user's password hash (mysql::password() makes one).", Check: pattern(`\w*`)},
			{Name: "plugin", Kind: resource.KindProperty, Doc: "The user's authentication plugin.", Check: pattern(`\w+`)},
			limit("max_user_connections", "Most connections of the user at once."),
			limit("max_connections_per_hour", "Most connections of the user an hour."),
			limit("max_queries_per_hour", "Most queries of the user an hour."),
			limit("max_updates_per_hour", "Most updates of the user an hour."),
			{Name: "tls_options", Kind: resource.KindProperty, Arrays: resource.EachAll,
				Doc:   "The user's TLS requirements: NONE, SSL or X509 alone, or CIPHER, ISSUER and SUBJECT options.",
				Check: resource.CheckFunc("NONE, SSL, X509, or CIPHER/ISSUER/SUBJECT options", checkTLS)},
		},
		Providers: []resource.Provider{{Name: "mysql", Default: true, Doc: "Runs the mysql client (with root's .my.cnf).",
			Confine: resource.Confine{Commands: []string{"mysql"}}, Prefetch: t.prefetch, Instances: t.instances}},
		Validate: validateTLS,
	})
	return t
}

// validateTLS refuses NONE, SSL or X509 beside other options. The module
// means to, but checks each option alone, so that the user is created
// and then fails on the REQUIRE statement the server refuses.
func validateTLS(v resource.Values) error {
	opts := v.Strings("tls_options")
	if len(opts) > 1 && slices.ContainsFunc(opts, func(o string) bool { return o == "NONE" || o == "SSL" || o == "X509" }) {
		return &resource.ParamError{Ref: v.Ref(), Param: "tls_options",
			Msg: "`tls_options` `property`: The values NONE, SSL and X509 cannot be used with other options, you may only pick one of them."}
	}
	return nil
}

// Schema returns mysql_user's schema.
func (t *UserType) Schema() *resource.Schema { return t.schema }

// AutoRequire names root's .my.cnf and the mysql::server class.
func (t *UserType) AutoRequire(_ *catalog.Resource, _ *catalog.Catalog) []catalog.Ref {
	return []catalog.Ref{{Type: "File", Title: "/root/.my.cnf"}, {Type: "Class", Title: "Mysql::Server"}}
}

// login is a user as the listing found it; nil fields are absent.
type login struct {
	password, plugin              catalog.Value
	maxUser, maxConn, maxQ, maxUp catalog.Value
	tls                           []string
}

type accounts struct {
	srv   *server
	found map[string]*login
}

// rubySplit splits s at tabs as Ruby's String#split does: trailing
// empty fields are dropped.
func rubySplit(s string) []string {
	f := strings.Split(s, "\t")
	for len(f) > 0 && f[len(f)-1] == "" {
		f = f[:len(f)-1]
	}
	return f
}

func field(f []string, i int) catalog.Value {
	if i < len(f) {
		return f[i]
	}
	return nil
}

func (t *UserType) prefetch(ctx context.Context, h *resource.Handle) (any, error) {
	if h.Log != nil {
		h.Log.Log(resource.Debug, "", "Prefetching mysql resources for mysql_user")
	}
	a := &accounts{srv: connect(ctx, h, t.cfg), found: map[string]*login{}}
	srv := a.srv
	out, err := srv.query(ctx, h, "SELECT CONCAT(User, '@',Host) AS User FROM mysql.user where HOST IS NOT NULL AND HOST != ''")
	if err != nil {
		return nil, err
	}
	for _, name := range lines(out) {
		var q string
		switch {
		case srv.version != "" && srv.newerThan(map[string]string{"mysql": "5.7.6", "percona": "5.7.6"}):
			q = "SELECT MAX_USER_CONNECTIONS, MAX_CONNECTIONS, MAX_QUESTIONS, MAX_UPDATES, SSL_TYPE, SSL_CIPHER, X509_ISSUER, X509_SUBJECT, AUTHENTICATION_STRING, PLUGIN FROM mysql.user WHERE CONCAT(user, '@', host) = '" + literal(name) + "'"
		case srv.version != "" && srv.newerThan(map[string]string{"mariadb": "10.1.21"}):
			q = "SELECT MAX_USER_CONNECTIONS, MAX_CONNECTIONS, MAX_QUESTIONS, MAX_UPDATES, SSL_TYPE, SSL_CIPHER, X509_ISSUER, X509_SUBJECT, PASSWORD, PLUGIN, AUTHENTICATION_STRING FROM mysql.user WHERE CONCAT(user, '@', host) = '" + literal(name) + "'"
		default:
			q = "SELECT MAX_USER_CONNECTIONS, MAX_CONNECTIONS, MAX_QUESTIONS, MAX_UPDATES, SSL_TYPE, SSL_CIPHER, X509_ISSUER, X509_SUBJECT, PASSWORD /*!50508 , PLUGIN */ FROM mysql.user WHERE CONCAT(user, '@', host) = '" + literal(name) + "'"
		}
		row, err := srv.query(ctx, h, q)
		if err != nil {
			return nil, err
		}
		f := rubySplit(strings.TrimSuffix(row, "\n"))
		u := &login{maxUser: field(f, 0), maxConn: field(f, 1), maxQ: field(f, 2), maxUp: field(f, 3),
			password: field(f, 8), plugin: field(f, 9)}
		u.tls = tlsOptions(field(f, 4), field(f, 5), field(f, 6), field(f, 7))
		if srv.newerThan(map[string]string{"mariadb": "10.1.21"}) && (u.plugin == "ed25519" || u.plugin == "mysql_native_password") ||
			srv.newerThan(map[string]string{"mariadb": "10.2.16"}) && srv.olderThan(map[string]string{"mariadb": "10.2.19"}) ||
			srv.newerThan(map[string]string{"mariadb": "10.3.8"}) && srv.olderThan(map[string]string{"mariadb": "10.3.11"}) {
			// These keep the hash in authentication_string.
			u.password = field(f, 10)
		}
		a.found[name] = u
	}
	return a, nil
}

// tlsOptions reads the user's REQUIRE clause back from its ssl columns.
func tlsOptions(sslType, cipher, issuer, subject catalog.Value) []string {
	switch sslType {
	case "ANY":
		return []string{"SSL"}
	case "X509":
		return []string{"X509"}
	case "SPECIFIED":
		opts := []string{}
		for _, o := range []struct {
			word string
			v    catalog.Value
		}{{"CIPHER", cipher}, {"ISSUER", issuer}, {"SUBJECT", subject}} {
			if s, ok := o.v.(string); ok && s != "" {
				opts = append(opts, o.word+" '"+s+"'")
			}
		}
		return opts
	}
	return []string{"NONE"}
}

// New returns the instance that manages the user v names.
func (t *UserType) New(v resource.Values) (resource.Instance, error) {
	e := &userInstance{t: t, name: v.String("name"), want: map[string]catalog.Value{}}
	for _, n := range []string{"password_hash", "plugin", "max_user_connections", "max_connections_per_hour", "max_queries_per_hour", "max_updates_per_hour"} {
		if x, ok := v.Lookup(n); ok && x != nil {
			e.want[n] = resource.Unsensitive(x)
		}
	}
	e.sensitive = v.Sensitive("password_hash")
	if v.Has("tls_options") {
		e.tls = v.Strings("tls_options")
		if e.tls == nil {
			e.tls = []string{}
		}
	}
	e.managed, e.present = wantEnsure(v)
	return e, nil
}

type userInstance struct {
	t       *UserType
	name    string
	managed bool
	present bool
	want    map[string]catalog.Value
	tls     []string // nil: not managed
	// sensitive: the password hash is Sensitive.
	sensitive bool

	runState[accounts]
	cur *login
}

func (e *userInstance) Retrieve(ctx context.Context, h *resource.Handle) error {
	if err := e.load(ctx, h, "mysql_user", e.t.prefetch); err != nil {
		return err
	}
	e.cur = e.run.found[account(e.name)]
	return nil
}

func (e *userInstance) Exists() bool { return e.cur != nil }

func (e *userInstance) str(name string) string {
	if v, ok := e.want[name]; ok {
		return catalog.Scalar(v)
	}
	return ""
}

func (e *userInstance) create(ctx context.Context, h *resource.Handle) error {
	srv := e.run.srv
	user := quoteUser(e.name)
	hash := e.str("password_hash")
	_, hasPlugin := e.want["plugin"]
	var sql string
	switch {
	case hasPlugin:
		sql = "CREATE USER " + user + " IDENTIFIED WITH '" + literal(e.str("plugin")) + "'"
		if _, ok := e.want["password_hash"]; ok {
			sql += " AS '" + literal(hash) + "'"
		}
	case srv.newerThan(map[string]string{"mysql": "5.7.6", "percona": "5.7.6", "mariadb": "10.1.3"}):
		sql = "CREATE USER IF NOT EXISTS " + user + " IDENTIFIED WITH 'mysql_native_password' AS '" + literal(hash) + "'"
	default:
		sql = "CREATE USER " + user + " IDENTIFIED BY PASSWORD '" + literal(hash) + "'"
	}
	if _, err := srv.system(ctx, h, sql); err != nil {
		return err
	}
	limit := func(n string) string {
		if s := e.str(n); s != "" {
			return s
		}
		return "0"
	}
	limits := "MAX_USER_CONNECTIONS " + limit("max_user_connections") + " MAX_CONNECTIONS_PER_HOUR " + limit("max_connections_per_hour") +
		" MAX_QUERIES_PER_HOUR " + limit("max_queries_per_hour") + " MAX_UPDATES_PER_HOUR " + limit("max_updates_per_hour")
	if srv.newerThan(map[string]string{"mysql": "5.7.6", "percona": "5.7.6"}) {
		sql = "ALTER USER IF EXISTS " + user + " WITH " + limits
	} else {
		sql = "GRANT USAGE ON *.* TO " + user + " WITH " + limits
	}
	if _, err := srv.system(ctx, h, sql); err != nil {
		return err
	}
	tls := e.tls
	if len(tls) == 0 {
		tls = []string{"NONE"}
	}
	if _, err := srv.system(ctx, h, e.requireSQL(tls)); err != nil {
		return err
	}
	e.cur = &login{}
	return nil
}

func (e *userInstance) requireSQL(tls []string) string {
	if e.run.srv.newerThan(map[string]string{"mysql": "5.7.6", "percona": "5.7.6", "mariadb": "10.2.0"}) {
		return "ALTER USER " + quoteUser(e.name) + " REQUIRE " + strings.Join(tls, " AND ")
	}
	return "GRANT USAGE ON *.* TO " + quoteUser(e.name) + " REQUIRE " + strings.Join(tls, " AND ")
}

func (e *userInstance) destroy(ctx context.Context, h *resource.Handle) error {
	ifExists := ""
	if e.run.srv.newerThan(map[string]string{"mysql": "5.7", "percona": "5.7", "mariadb": "10.1.3"}) {
		ifExists = "IF EXISTS "
	}
	if _, err := e.run.srv.system(ctx, h, "DROP USER "+ifExists+quoteUser(e.name)); err != nil {
		return err
	}
	e.cur = nil
	return nil
}

var errHashFormat = errors.New("Only mysql_native_password (*ABCD...XXX) hashes are supported.")

func (e *userInstance) Properties() []resource.Property {
	var props []resource.Property
	if e.managed {
		props = append(props, &resource.Presence{Type: "mysql_user", Want: e.present, Exists: e.Exists, Create: e.create, Remove: e.destroy})
	}
	if e.cur == nil || e.managed && !e.present {
		return props
	}
	srv := e.run.srv
	user := quoteUser(e.name)
	run := func(sql string) func(ctx context.Context, h *resource.Handle) error {
		return func(ctx context.Context, h *resource.Handle) error {
			_, err := srv.system(ctx, h, sql)
			return err
		}
	}
	if want, ok := e.want["password_hash"]; ok {
		s := catalog.Scalar(want)
		p := &hidden{prop{name: "password_hash", cur: e.cur.password, want: want, inSync: sameValue(e.cur.password, want), message: "changed password"}}
		switch {
		case e.sensitive:
			// Puppet's own line for a sensitive property replaces the
			// type's.
			p.message = "changed [redacted] to [redacted]"
		case e.cur.password == nil:
			p.message = "created password"
		}
		p.shown = func(v catalog.Value) string {
			if v == p.want {
				return "[new password hash redacted]"
			}
			return "[old password hash redacted]"
		}
		plugin := e.str("plugin")
		p.sync = func(ctx context.Context, h *resource.Handle) error {
			var sql string
			switch {
			case srv.version != "" && srv.newerThan(map[string]string{"mariadb": "10.1.21"}) && plugin == "ed25519":
				if len(s) != 43 {
					return errors.New("ed25519 hash should be 43 bytes long.")
				}
				if srv.newerThan(map[string]string{"mariadb": "10.2.0"}) {
					sql = "ALTER USER " + user + " IDENTIFIED WITH ed25519 AS '" + literal(s) + "'"
				} else {
					sql = "UPDATE mysql.user SET password = '', plugin = 'ed25519', authentication_string = '" + literal(s) + "' where CONCAT(user, '@', host) = '" + literal(account(e.name)) + "'; FLUSH PRIVILEGES"
				}
			case srv.version != "" && srv.newerThan(map[string]string{"mysql": "5.7.6", "percona": "5.7.6", "mariadb": "10.2.0"}):
				if s != "" && !strings.HasPrefix(s, "*") {
					return errHashFormat
				}
				sql = "ALTER USER " + user + " IDENTIFIED WITH mysql_native_password AS '" + literal(s) + "'"
			default:
				sql = "SET PASSWORD FOR " + user + " = '" + literal(s) + "'"
			}
			return run(sql)(ctx, h)
		}
		props = append(props, p)
	}
	if want, ok := e.want["plugin"]; ok {
		s := catalog.Scalar(want)
		hash := e.str("password_hash")
		var sql string
		switch {
		case srv.newerThan(map[string]string{"mariadb": "10.1.21"}) && s == "ed25519":
			if srv.newerThan(map[string]string{"mariadb": "10.2.0"}) {
				sql = "ALTER USER " + user + " IDENTIFIED WITH '" + literal(s) + "' AS '" + literal(hash) + "'"
			} else {
				sql = "UPDATE mysql.user SET password = '', plugin = '" + literal(s) + "', authentication_string = '" + literal(hash) + "' where CONCAT(user, '@', host) = '" + literal(account(e.name)) + "'; FLUSH PRIVILEGES"
			}
		case srv.newerThan(map[string]string{"mysql": "5.7.6", "percona": "5.7.6", "mariadb": "10.2.0"}):
			sql = "ALTER USER " + user + " IDENTIFIED WITH '" + literal(s) + "'"
			if s == "mysql_native_password" {
				sql += " AS '" + literal(hash) + "'"
			}
		default:
			sql = "UPDATE mysql.user SET plugin = '" + literal(s) + "'"
			if s == "mysql_native_password" {
				sql += ", password = '" + literal(hash) + "'"
			} else {
				sql += ", password = ''"
			}
			sql += " WHERE CONCAT(user, '@', host) = '" + literal(account(e.name)) + "'"
		}
		props = append(props, &prop{name: "plugin", cur: e.cur.plugin, want: want, inSync: sameValue(e.cur.plugin, want), sync: run(sql)})
	}
	for _, l := range []struct {
		name, clause string
		cur          catalog.Value
	}{
		{"max_user_connections", "MAX_USER_CONNECTIONS", e.cur.maxUser},
		{"max_connections_per_hour", "MAX_CONNECTIONS_PER_HOUR", e.cur.maxConn},
		{"max_queries_per_hour", "MAX_QUERIES_PER_HOUR", e.cur.maxQ},
		{"max_updates_per_hour", "MAX_UPDATES_PER_HOUR", e.cur.maxUp},
	} {
		want, ok := e.want[l.name]
		if !ok {
			continue
		}
		sql := "GRANT USAGE ON *.* TO " + user + " WITH " + l.clause + " " + catalog.Scalar(want)
		if srv.newerThan(map[string]string{"mysql": "5.7.6", "percona": "5.7.6", "mariadb": "10.2.0"}) {
			sql = "ALTER USER " + user + " WITH " + l.clause + " " + catalog.Scalar(want)
		}
		props = append(props, &prop{name: l.name, cur: l.cur, want: want, inSync: sameValue(l.cur, want), sync: run(sql)})
	}
	if e.tls != nil {
		cur, want := slices.Sorted(slices.Values(e.cur.tls)), slices.Sorted(slices.Values(e.tls))
		props = append(props, &prop{name: "tls_options", cur: values(e.cur.tls), want: values(e.tls),
			inSync: slices.Equal(cur, want), sync: run(e.requireSQL(e.tls))})
	}
	return props
}
