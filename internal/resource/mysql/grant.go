package mysql

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
)

// GrantType is mysql_grant.
type GrantType struct {
	schema *resource.Schema
	cfg    Config
}

var (
	proxyTable = lazyre.New(`^[0-9a-zA-Z$_]*@[\w%.:\-/]*$`)
	tableCheck = &resource.EnumCheck{Patterns: []resource.Pattern{lazyre.New(`.*\..*`), proxyTable}}
)

func newGrantType(cfg Config) *GrantType {
	t := &GrantType{cfg: cfg}
	t.schema = resource.NewSchema(resource.Schema{
		Name: "mysql_grant",
		Doc:  "A MySQL user's privileges on a table, a database or everything (puppetlabs-mysql).",
		Attrs: []resource.Attr{
			ensureAttr("Whether the grant exists."),
			{Name: "name", Namevar: true, Doc: "The grant's name, 'user@host/table'.", Check: resource.CheckFunc("user@host/table", func(v catalog.Value) (catalog.Value, error) {
				if s := catalog.Scalar(v); strings.Contains(s, "'") {
					return strings.ReplaceAll(s, "'", ""), nil
				}
				return v, nil
			})},
			{Name: "privileges", Kind: resource.KindProperty, Arrays: resource.EachAll, Doc: "The privileges granted (ALL stands for all of them)."},
			{Name: "table", Kind: resource.KindProperty, Doc: "The table (db.table, db.* or *.*), or the proxied user for PROXY.",
				Check: resource.CheckFunc(tableCheck.Describe(), func(v catalog.Value) (catalog.Value, error) {
					if _, err := tableCheck.Munge(v); err != nil {
						return nil, err
					}
					if s := catalog.Scalar(v); strings.Contains(s, "`") {
						return strings.ReplaceAll(s, "`", ""), nil
					}
					return v, nil
				})},
			{Name: "user", Kind: resource.KindProperty, Doc: "The user as 'user@host'.", Check: resource.CheckFunc("user@host", userCheck("mysql_grant: "))},
			{Name: "options", Kind: resource.KindProperty, Arrays: resource.EachAll, Doc: "Options of the grant: GRANT gives WITH GRANT OPTION."},
		},
		Providers: []resource.Provider{{Name: "mysql", Default: true, Doc: "Runs the mysql client (with root's .my.cnf).",
			Confine: resource.Confine{Commands: []string{"mysql"}}, Prefetch: t.prefetch, Instances: t.instances}},
		Validate: validateGrant,
	})
	return t
}

// Schema returns mysql_grant's schema.
func (t *GrantType) Schema() *resource.Schema { return t.schema }

// AutoRequire names root's .my.cnf and the grant's user.
func (t *GrantType) AutoRequire(r *catalog.Resource, _ *catalog.Catalog) []catalog.Ref {
	refs := []catalog.Ref{{Type: "File", Title: "/root/.my.cnf"}}
	if u, ok := r.Get("user"); ok && u != nil {
		if s := catalog.Scalar(u); validUser(s) {
			refs = append(refs, catalog.Ref{Type: "Mysql_user", Title: mungeUser(s)})
		}
	}
	return refs
}

// normalPrivileges is the module's normalisation of a grant's
// privileges: a list holding ALL is ALL alone; each is trimmed and
// upper-cased (column lists sorted), duplicates and GRANT OPTION
// dropped, and the list sorted. Unlike the module, which looks for the
// letters ALL anywhere in the list as written, ALL is found in any case
// (a list with "all" would be granted ALL and never be in sync) and only
// as a privilege of its own (INSTALL PLUGIN is not ALL), and ALL
// PRIVILEGES is ALL (as the server shows it).
func normalPrivileges(list []string, present bool) []string {
	isAll := func(p string) bool {
		p = strings.ToUpper(strings.TrimSpace(p))
		return p == "ALL" || p == "ALL PRIVILEGES"
	}
	if present && slices.ContainsFunc(list, isAll) {
		list = []string{"ALL"}
	}
	out := []string{}
	for _, p := range list {
		if strings.Contains(p, "(") {
			p = columnPrivilege(p)
		} else {
			p = strings.ToUpper(strings.TrimSpace(p))
		}
		if p == "GRANT" || p == "GRANT OPTION" || slices.Contains(out, p) {
			continue
		}
		out = append(out, p)
	}
	slices.Sort(out)
	return out
}

var commaSep = lazyre.New(`\s*,\s*`)

// columnPrivilege is "TYPE (col, col)" with the type upper-cased and the
// columns sorted.
func columnPrivilege(p string) string {
	p = strings.TrimSpace(p)
	i := strings.IndexAny(p, " \t\n(")
	if i < 0 {
		return p
	}
	typ, col := p[:i], strings.TrimLeft(p[i:], " \t\n")
	if len(col) >= 2 {
		col = col[1 : len(col)-1]
	}
	cols := commaSep.Split(strings.TrimSpace(col), -1)
	slices.Sort(cols)
	return strings.ToUpper(typ) + " (" + strings.Join(cols, ", ") + ")"
}

// validateGrant is the module's validation; its errors are plain Ruby
// errors, which Puppet shows as they are, without "Validation of".
func validateGrant(v resource.Values) error {
	_, present := wantEnsure(v)
	privs := v.Strings("privileges")
	if present && !v.Has("privileges") {
		return &resource.TypeError{Msg: "mysql_grant: `privileges` `parameter` is required."}
	}
	if slices.Contains(privs, "PROXY") && v.Has("table") && !proxyTable.MatchString(v.String("table")) {
		return &resource.ParamError{Ref: v.Ref(), Param: "table", Msg: "mysql_grant: `table` `property` for PROXY should be specified as proxy_user@proxy_host."}
	}
	if len(privs) > 1 && slices.Contains(privs, "PROXY") {
		return &resource.TypeError{Msg: "mysql_grant: `privileges` `parameter`: PROXY can only be specified by itself."}
	}
	if present && !v.Has("table") {
		return &resource.TypeError{Msg: "mysql_grant: `table` `parameter` is required."}
	}
	if present && !v.Has("user") {
		return &resource.TypeError{Msg: "mysql_grant: `user` `parameter` is required."}
	}
	if v.Has("user") && v.Has("table") && v.String("name") != v.String("user")+"/"+v.String("table") {
		return &resource.TypeError{Msg: "mysql_grant: `name` `parameter` must match user@host/table format."}
	}
	return nil
}

type grant struct {
	privileges []string
	table      string
	user       string
	options    []string
}

type grants struct {
	srv   *server
	found map[string]*grant
}

var (
	grantLine = lazyre.New(`^GRANT\s(.+)\sON\s(.+)\sTO\s(.*)@(.*?)(\s.*)?$`)
	withGrant = lazyre.New(`WITH\sGRANT\sOPTION`)
)

// Privilege lists MySQL 8 shows for ALL, which the module reads as ALL.
var (
	mysql8All = []string{"ALTER", "ALTER ROUTINE", "CREATE", "CREATE ROLE", "CREATE ROUTINE", "CREATE TABLESPACE", "CREATE TEMPORARY TABLES", "CREATE USER",
		"CREATE VIEW", "DELETE", "DROP", "DROP ROLE", "EVENT", "EXECUTE", "FILE", "INDEX", "INSERT", "LOCK TABLES", "PROCESS", "REFERENCES",
		"RELOAD", "REPLICATION CLIENT", "REPLICATION SLAVE", "SELECT", "SHOW DATABASES", "SHOW VIEW", "SHUTDOWN", "SUPER", "TRIGGER", "UPDATE"}
	dynamicAll = []string{"ALL", "APPLICATION_PASSWORD_ADMIN", "AUDIT_ABORT_EXEMPT", "AUDIT_ADMIN", "AUTHENTICATION_POLICY_ADMIN", "BACKUP_ADMIN", "BINLOG_ADMIN",
		"BINLOG_ENCRYPTION_ADMIN", "CLONE_ADMIN", "CONNECTION_ADMIN", "ENCRYPTION_KEY_ADMIN", "FLUSH_OPTIMIZER_COSTS", "FLUSH_STATUS",
		"FLUSH_TABLES", "FLUSH_USER_RESOURCES", "GROUP_REPLICATION_ADMIN", "GROUP_REPLICATION_STREAM", "INNODB_REDO_LOG_ARCHIVE",
		"INNODB_REDO_LOG_ENABLE", "PASSWORDLESS_USER_ADMIN", "PERSIST_RO_VARIABLES_ADMIN", "REPLICATION_APPLIER", "REPLICATION_SLAVE_ADMIN",
		"RESOURCE_GROUP_ADMIN", "RESOURCE_GROUP_USER", "ROLE_ADMIN", "SERVICE_CONNECTION_ADMIN", "SESSION_VARIABLES_ADMIN", "SET_USER_ID",
		"SHOW_ROUTINE", "SYSTEM_USER", "SYSTEM_VARIABLES_ADMIN", "TABLE_ENCRYPTION_ADMIN", "XA_RECOVER_ADMIN"}
	dynamicAllObserver = withObserver(dynamicAll)
	clusterAll         = clusterList()
)

func withObserver(l []string) []string {
	out := append([]string{}, l...)
	i := slices.Index(out, "SERVICE_CONNECTION_ADMIN")
	return slices.Insert(out, i, "SENSITIVE_VARIABLES_OBSERVER")
}

func clusterList() []string {
	out := withObserver(dynamicAll)
	out = slices.Insert(out, slices.Index(out, "FLUSH_OPTIMIZER_COSTS"), "FIREWALL_EXEMPT")
	return slices.Insert(out, slices.Index(out, "PASSWORDLESS_USER_ADMIN"), "NDB_STORED_USER")
}

// listUsers is the module's users: every account as user@host.
func listUsers(ctx context.Context, h *resource.Handle, srv *server) ([]string, error) {
	out, err := srv.query(ctx, h, "SELECT CONCAT(User, '@',Host) AS User FROM mysql.user")
	if err != nil {
		return nil, err
	}
	return lines(out), nil
}

// splitPrivileges splits at commas outside parentheses.
func splitPrivileges(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, c := range s {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth <= 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}

func (t *GrantType) prefetch(ctx context.Context, h *resource.Handle) (any, error) {
	if h.Log != nil {
		h.Log.Log(resource.Debug, "", "Prefetching mysql resources for mysql_grant")
	}
	g := &grants{srv: connect(ctx, h, t.cfg), found: map[string]*grant{}}
	srv := g.srv
	users, err := listUsers(ctx, h, srv)
	if err != nil {
		return nil, err
	}
	for _, user := range users {
		out, err := srv.query(ctx, h, "SHOW GRANTS FOR "+quoteUser(user)+";")
		if err != nil {
			if strings.Contains(err.Error(), "There is no such grant defined for user") {
				continue
			}
			return nil, fmt.Errorf("#mysql had an error ->  #<Puppet::ExecutionFailure: %v>", err)
		}
		for _, line := range lines(out) {
			line = strings.NewReplacer("'", "", "`", "", `"`, "").Replace(line)
			m := grantLine.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			table := strings.ReplaceAll(m[2], `\\`, `\`)
			var privs []string
			for _, p := range splitPrivileges(strings.TrimSpace(m[1])) {
				switch {
				case strings.Contains(p, "("):
					p = columnPrivilege(p)
				case p == "ALL PRIVILEGES":
					p = "ALL"
				}
				privs = append(privs, p)
			}
			options := []string{"NONE"}
			if withGrant.MatchString(m[5]) {
				options = []string{"GRANT"}
			}
			name := m[3] + "@" + m[4] + "/" + table
			if old, ok := g.found[name]; ok {
				privs = append(privs, old.privileges...)
				options = append(options, old.options...)
			}
			sorted := uniq(privs)
			slices.Sort(sorted)
			if srv.newerThan(map[string]string{"mysql": "8.0.0"}) && (slices.Equal(sorted, mysql8All) || slices.Equal(sorted, clusterAll)) ||
				slices.Equal(sorted, dynamicAll) || slices.Equal(sorted, dynamicAllObserver) {
				sorted = []string{"ALL"}
			}
			g.found[name] = &grant{privileges: sorted, table: table, user: m[3] + "@" + m[4], options: uniq(options)}
		}
	}
	return g, nil
}

func uniq(l []string) []string {
	out := make([]string, 0, len(l))
	for _, s := range l {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// New returns the instance that manages the grant v names.
func (t *GrantType) New(v resource.Values) (resource.Instance, error) {
	e := &grantInstance{t: t, name: v.String("name")}
	e.managed, e.present = wantEnsure(v)
	e.privileges = normalPrivileges(v.Strings("privileges"), e.present)
	if v.Has("table") {
		e.table = v.String("table")
	}
	if v.Has("user") {
		e.user = v.String("user")
	}
	if v.Has("options") {
		e.options = v.Strings("options")
		if e.options == nil {
			e.options = []string{}
		}
	}
	return e, nil
}

type grantInstance struct {
	t           *GrantType
	name        string
	managed     bool
	present     bool
	privileges  []string
	table, user string
	options     []string // nil: not managed

	runState[grants]
	cur *grant
}

func (e *grantInstance) Retrieve(ctx context.Context, h *resource.Handle) error {
	if err := e.load(ctx, h, "mysql_grant", e.t.prefetch); err != nil {
		return err
	}
	e.cur = e.run.found[e.name]
	return nil
}

func (e *grantInstance) Exists() bool { return e.cur != nil }

// tableSQL is the module's cmd_table: db.table as `db`.table, *.* as it is.
func tableSQL(table string) string {
	switch {
	case table == "*.*":
		return table
	case strings.HasPrefix(table, "FUNCTION ") || strings.HasPrefix(table, "PROCEDURE "):
		word, rest, _ := strings.Cut(table, " ")
		if i := strings.LastIndexByte(rest, '.'); i >= 0 {
			return word + " `" + rest[:i] + "`" + rest[i:]
		}
		return table
	}
	if i := strings.LastIndexByte(table, '.'); i >= 0 {
		return "`" + table[:i] + "`" + table[i:]
	}
	return table
}

func privilegesSQL(privs []string) string {
	if slices.Contains(privs, "ALL") {
		return "ALL PRIVILEGES"
	}
	return strings.Join(privs, ", ")
}

func (e *grantInstance) target(table string, privs []string) string {
	if slices.Contains(privs, "PROXY") {
		return quoteUser(table)
	}
	return tableSQL(table)
}

func (e *grantInstance) grant(ctx context.Context, h *resource.Handle, user, table string, privs, options []string) error {
	sql := "GRANT " + privilegesSQL(privs) + " ON " + e.target(table, privs) + " TO " + quoteUser(user)
	if slices.Contains(options, "GRANT") {
		sql += " WITH GRANT OPTION"
	}
	_, err := e.run.srv.system(ctx, h, sql)
	return err
}

func (e *grantInstance) revoke(ctx context.Context, h *resource.Handle, user, table string, privs []string) error {
	target := e.target(table, privs)
	if slices.Contains(privs, "ALL") && !slices.Contains(privs, "PROXY") {
		if _, err := e.run.srv.system(ctx, h, "REVOKE GRANT OPTION ON "+target+" FROM "+quoteUser(user)); err != nil {
			return err
		}
	}
	_, err := e.run.srv.system(ctx, h, "REVOKE "+privilegesSQL(privs)+" ON "+target+" FROM "+quoteUser(user))
	return err
}

func (e *grantInstance) create(ctx context.Context, h *resource.Handle) error {
	if err := e.grant(ctx, h, e.user, e.table, e.privileges, e.options); err != nil {
		return err
	}
	e.cur = &grant{privileges: e.privileges, table: e.table, user: e.user, options: e.options}
	return nil
}

func (e *grantInstance) destroy(ctx context.Context, h *resource.Handle) error {
	// A user dropped already took its grants with it.
	users, err := listUsers(ctx, h, e.run.srv)
	if err != nil {
		return err
	}
	if slices.Contains(users, e.cur.user) {
		privs := []string{"ALL"}
		if slices.Contains(e.cur.privileges, "PROXY") {
			privs = e.cur.privileges
		}
		if err := e.revoke(ctx, h, e.cur.user, e.cur.table, privs); err != nil {
			return err
		}
	}
	e.cur = nil
	return nil
}

// Flush reloads the grant tables after a change (the engine flushes
// only then), as the module does.
func (e *grantInstance) Flush(ctx context.Context, h *resource.Handle) error {
	_, err := e.run.srv.query(ctx, h, "FLUSH PRIVILEGES")
	return err
}

func (e *grantInstance) Properties() []resource.Property {
	var props []resource.Property
	if e.managed {
		props = append(props, &resource.Presence{Type: "mysql_grant", Want: e.present, Exists: e.Exists, Create: e.create, Remove: e.destroy})
	}
	if e.cur == nil || e.managed && !e.present {
		return props
	}
	cur := e.cur
	props = append(props, &prop{name: "privileges", cur: values(cur.privileges), want: values(e.privileges),
		inSync: sameList(cur.privileges, e.privileges),
		sync: func(ctx context.Context, h *resource.Handle) error {
			var revoke, grant []string
			switch {
			case slices.Contains(cur.privileges, "ALL"):
				revoke, grant = cur.privileges, e.privileges
			case slices.Contains(e.privileges, "ALL"):
				grant = e.privileges
			default:
				for _, p := range cur.privileges {
					if !slices.Contains(e.privileges, p) {
						revoke = append(revoke, p)
					}
				}
				for _, p := range e.privileges {
					if !slices.Contains(cur.privileges, p) {
						grant = append(grant, p)
					}
				}
			}
			if len(revoke) > 0 {
				if err := e.revoke(ctx, h, cur.user, cur.table, revoke); err != nil {
					return err
				}
			}
			if len(grant) > 0 {
				if err := e.grant(ctx, h, cur.user, cur.table, grant, cur.options); err != nil {
					return err
				}
			}
			cur.privileges = e.privileges
			return nil
		}})
	if e.table != "" {
		props = append(props, &prop{name: "table", cur: cur.table, want: e.table, inSync: cur.table == e.table,
			sync: func(context.Context, *resource.Handle) error { cur.table = e.table; return nil }})
	}
	if e.user != "" {
		props = append(props, &prop{name: "user", cur: cur.user, want: e.user, inSync: cur.user == e.user,
			sync: func(context.Context, *resource.Handle) error { cur.user = e.user; return nil }})
	}
	if e.options != nil {
		props = append(props, &prop{name: "options", cur: values(cur.options), want: values(e.options), inSync: sameList(cur.options, e.options),
			sync: func(ctx context.Context, h *resource.Handle) error {
				if err := e.revoke(ctx, h, cur.user, cur.table, []string{"ALL"}); err != nil {
					return err
				}
				if err := e.grant(ctx, h, cur.user, cur.table, cur.privileges, e.options); err != nil {
					return err
				}
				cur.options = e.options
				return nil
			}})
	}
	return props
}
