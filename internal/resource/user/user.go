// Package user implements the user type with Puppet's useradd provider:
// accounts are read from the local databases and changed only through
// useradd, usermod, userdel, chage and chpasswd.
package user

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
	ns "github.com/ordoproject/ordo/internal/resource/user/nameservice"
)

// Type is the user resource type. The zero value manages the machine's
// accounts; Files points it at other databases (for tests that only
// observe commands) and carries the lock it shares with the group type.
type Type struct {
	Files ns.Files
	// Libuser reports whether libuser's tools are installed, which
	// forcelocal needs; nil looks for them.
	Libuser func() bool
}

var (
	membership = resource.Enum("inclusive", "minimum")
	yesNo      = resource.YesNo()
)

func feature(name, feat, doc string, prop bool) resource.Attr {
	a := resource.Attr{Name: name, Feature: feat, Doc: doc}
	if prop {
		a.Kind = resource.KindProperty
	}
	return a
}

var schema = resource.NewSchema(resource.Schema{
	Name: "user",
	Doc:  "Local user accounts: their ids, home, shell, password, ageing and groups.",
	Attrs: []resource.Attr{
		{Name: "ensure", Kind: resource.KindProperty, Doc: "Whether the account exists.", Check: resource.CheckFunc("present, absent", checkEnsure)},
		{Name: "home", Kind: resource.KindProperty, Doc: "The home directory."},
		{Name: "uid", Kind: resource.KindProperty, Doc: "The user id.", Check: resource.CheckFunc("a user id", intLike)},
		{Name: "gid", Kind: resource.KindProperty, Arrays: resource.EachAll, Doc: "The primary group, by name or id.", Check: resource.CheckFunc("a group name or id", intLike)},
		{Name: "comment", Kind: resource.KindProperty, Doc: "The GECOS field, usually the full name."},
		{Name: "shell", Kind: resource.KindProperty, Doc: "The login shell; it must exist and be executable."},
		{Name: "password", Kind: resource.KindProperty, Doc: "The encrypted password, as in /etc/shadow.", Check: resource.CheckFunc("an encrypted password without ':'", checkPassword)},
		{Name: "password_min_age", Kind: resource.KindProperty, Doc: "Days before the password may be changed.", Check: age("Password minimum age must be provided as a number.")},
		{Name: "password_max_age", Kind: resource.KindProperty, Doc: "Days the password stays valid.", Check: age("Password maximum age must be provided as a number.")},
		{Name: "password_warn_days", Kind: resource.KindProperty, Doc: "Days of warning before the password expires.", Check: age("Password warning days must be provided as a number.")},
		{Name: "groups", Kind: resource.KindProperty, Arrays: resource.EachAll, Doc: "Secondary groups, by name.", Check: resource.CheckFunc("group names", checkGroup)},
		{Name: "name", Namevar: true, Doc: "The user's name."},
		{Name: "membership", Default: "minimum", Doc: "Whether groups not listed are left (inclusive) or kept (minimum).", Check: membership},
		{Name: "system", Default: false, Doc: "Create a system account (an id in the system range).", Check: yesNo},
		{Name: "allowdupe", Default: false, Doc: "Allow a uid another user has.", Check: yesNo},
		{Name: "managehome", Default: false, Doc: "Create the home directory with the account, and remove it with it.", Check: resource.CheckFunc("true, false, yes, no", checkManagehome)},
		{Name: "expiry", Kind: resource.KindProperty, Doc: "The date the account expires, YYYY-MM-DD, or absent.", Check: resource.CheckFunc("YYYY-MM-DD or absent", checkExpiry)},
		feature("roles", "manages_roles", "Solaris roles of the user.", true),
		{Name: "role_membership", Default: "minimum", Doc: "Whether roles not listed are removed (inclusive) or kept (minimum).", Check: membership},
		feature("auths", "manages_solaris_rbac", "Solaris authorizations of the user.", true),
		{Name: "auth_membership", Default: "minimum", Doc: "Whether authorizations not listed are removed (inclusive) or kept (minimum).", Check: membership},
		feature("profiles", "manages_solaris_rbac", "Solaris profiles of the user.", true),
		{Name: "profile_membership", Default: "minimum", Doc: "Whether profiles not listed are removed (inclusive) or kept (minimum).", Check: membership},
		feature("keys", "manages_solaris_rbac", "Solaris key=value settings of the user.", true),
		{Name: "key_membership", Default: "minimum", Doc: "Whether keys not listed are removed (inclusive) or kept (minimum).", Check: membership},
		feature("project", "manages_solaris_rbac", "The Solaris project of the user.", true),
		feature("ia_load_module", "manages_aix_lam", "The AIX loadable module used to manage the user.", false),
		feature("attributes", "manages_aix_lam", "AIX attributes of the user, as key=value.", true),
		{Name: "attribute_membership", Default: "minimum", Doc: "Whether attributes not listed are removed (inclusive) or kept (minimum).", Check: membership},
		feature("salt", "manages_password_salt", "The salt of a PBKDF2 password (macOS).", true),
		feature("iterations", "manages_password_salt", "The iterations of a PBKDF2 password (macOS).", true),
		{Name: "forcelocal", Default: false, Feature: "manages_local_users_and_groups", Doc: "Manage the account in the local files even where a name service holds another.", Check: yesNo},
		{Name: "purge_ssh_keys", Default: false, Doc: "Remove the keys of authorized_keys files (true: the home's) that the catalog does not manage as ssh_authorized_key.", Check: resource.CheckFunc("true, false, or absolute key file paths", checkPurgeKeys)},
		feature("loginclass", "manages_loginclass", "The BSD login class of the user.", true),
	},
	Features: []resource.Feature{
		{Name: "allows_duplicates", Doc: "Can give one uid to several users."},
		{Name: "manages_homedir", Doc: "Can create and remove home directories."},
		{Name: "manages_passwords", Doc: "Can set passwords."},
		{Name: "manages_password_age", Doc: "Can set password ageing."},
		{Name: "manages_expiry", Doc: "Can set an expiry date."},
		{Name: "system_users", Doc: "Can create system users."},
		{Name: "manages_roles", Doc: "Can manage Solaris roles."},
		{Name: "manages_solaris_rbac", Doc: "Can manage Solaris authorizations, profiles, keys and projects."},
		{Name: "manages_aix_lam", Doc: "Can manage AIX loadable modules and attributes."},
		{Name: "manages_password_salt", Doc: "Can manage PBKDF2 salts and iterations."},
		{Name: "manages_loginclass", Doc: "Can manage BSD login classes."},
		{Name: "manages_local_users_and_groups", Doc: "Can manage local users where a name service holds others."},
	},
	Providers: []resource.Provider{
		{Name: "useradd", Default: true, Doc: "useradd, usermod, userdel, chage and chpasswd.",
			Features:  []string{"allows_duplicates", "manages_homedir", "manages_passwords", "manages_password_age", "manages_expiry", "system_users"},
			Confine:   resource.Confine{Commands: []string{"useradd", "usermod", "userdel"}},
			Instances: Type{}.Instances},
		{Name: "aix", Unimplemented: true, Doc: "Puppet's aix provider, which ordo does not have."},
		{Name: "directoryservice", Unimplemented: true, Doc: "Puppet's directoryservice provider, which ordo does not have."},
		{Name: "hpuxuseradd", Unimplemented: true, Doc: "Puppet's hpuxuseradd provider, which ordo does not have."},
		{Name: "ldap", Unimplemented: true, Doc: "Puppet's ldap provider, which ordo does not have."},
		{Name: "openbsd", Unimplemented: true, Doc: "Puppet's openbsd provider, which ordo does not have."},
		{Name: "pw", Unimplemented: true, Doc: "Puppet's pw provider, which ordo does not have."},
		{Name: "user_role_add", Unimplemented: true, Doc: "Puppet's user_role_add provider, which ordo does not have."},
		{Name: "windows_adsi", Unimplemented: true, Doc: "Puppet's windows_adsi provider, which ordo does not have."},
	},
})

// Schema returns user's schema.
func (Type) Schema() *resource.Schema { return schema }

func checkEnsure(v catalog.Value) (catalog.Value, error) {
	switch v {
	case "present", "absent":
		return v, nil
	case "role":
		return nil, errors.New("Provider useradd must have features 'manages_solaris_rbac' to set 'ensure' to 'role'")
	}
	return nil, fmt.Errorf("Invalid value %s. Valid values are present, absent, role.", resource.Inspect(v))
}

func intLike(v catalog.Value) (catalog.Value, error) { return ns.IntLike(v), nil }

func checkPassword(v catalog.Value) (catalog.Value, error) {
	if s, ok := v.(string); ok && strings.Contains(s, ":") {
		return nil, errors.New("Passwords cannot include ':'")
	}
	if _, ok := v.(string); ok {
		return v, nil
	}
	return catalog.Scalar(v), nil
}

func age(msg string) resource.Check {
	return resource.CheckFunc("a number of days", func(v catalog.Value) (catalog.Value, error) {
		if _, ok := v.(int64); ok {
			return v, nil
		}
		n, ok := ns.IntLike(v).(int64)
		if !ok || !numberRE.MatchString(catalog.Scalar(v)) {
			return nil, errors.New(msg)
		}
		return n, nil
	})
}

func checkGroup(v catalog.Value) (catalog.Value, error) {
	gs := catalog.Scalar(v)
	switch {
	case digitsRE.MatchString(gs):
		return nil, errors.New("Group names must be provided, not GID numbers.")
	case strings.Contains(gs, ","):
		return nil, errors.New("Group names must be provided as an array, not a comma-separated list.")
	case gs == "":
		return nil, errors.New(`Group names must not be empty. If you want to specify "no groups" pass an empty array`)
	}
	if _, ok := v.(string); ok {
		return v, nil
	}
	return gs, nil
}

func checkManagehome(v catalog.Value) (catalog.Value, error) {
	b, ok := ns.Boolean(v)
	if !ok {
		return nil, &resource.MungeError{Msg: "expected a boolean value"}
	}
	return b, nil
}

func checkExpiry(v catalog.Value) (catalog.Value, error) {
	s := catalog.Scalar(v)
	if s != "absent" && !expiryRE.MatchString(s) {
		return nil, errors.New(`Expiry dates must be YYYY-MM-DD or the string "absent"`)
	}
	if _, ok := v.(string); ok {
		return v, nil
	}
	return s, nil
}

type instance struct {
	files ns.Files
	name  string

	ensure     string // "present", "absent", or "" when unmanaged
	home       *string
	uid        catalog.Value // int64, or a string useradd will refuse
	gid        []catalog.Value
	comment    *string
	shell      *string
	password   *string
	minAge     *int64
	maxAge     *int64
	warnDays   *int64
	groups     []string
	hasGroups  bool
	inclusive  bool
	expiry     *string // "absent" or YYYY-MM-DD
	system     bool
	allowdupe  bool
	managehome bool
	dropped    []string // unsupported attributes, for the debug lines
	forcelocal bool     // manage the account in the local files, through libuser
	purgeKeys  bool
	purge      catalog.Value   // purge_ssh_keys as given
	meta       []catalog.Param // the metaparameters the keys it purges take

	// After Retrieve.
	cur    *ns.Account
	curUID string // the uid as /etc/passwd has it, under forcelocal
	shadow *ns.Shadow
	curGrp []string
}

var (
	expiryRE = lazyre.New(`^\d{4}-\d{2}-\d{2}$`)
	numberRE = lazyre.New(`^-?\d+$`)
	digitsRE = lazyre.New(`^\d+$`)
)

// New returns the instance for v.
func (t Type) New(v resource.Values) (resource.Instance, error) {
	p := v.Provider()
	u := &instance{
		files:      t.Files,
		name:       v.String("name"),
		ensure:     v.String("ensure"),
		system:     v.Bool("system"),
		allowdupe:  v.Bool("allowdupe"),
		managehome: v.Bool("managehome"),
		inclusive:  v.String("membership") == "inclusive",
		dropped:    v.Dropped(p),
	}
	if v.Has("forcelocal") && t.libuser() {
		// The useradd provider has the feature where libuser is.
		u.dropped = withoutForcelocal(u.dropped)
		u.forcelocal = v.Bool("forcelocal")
	}
	str := func(name string) *string {
		if x, ok := v.Lookup(name); ok {
			s := catalog.Scalar(x)
			return &s
		}
		return nil
	}
	num := func(name string) *int64 {
		if x, ok := v.Lookup(name); ok {
			n := x.(int64)
			return &n
		}
		return nil
	}
	u.home, u.comment, u.shell, u.password, u.expiry = str("home"), str("comment"), str("shell"), str("password"), str("expiry")
	u.minAge, u.maxAge, u.warnDays = num("password_min_age"), num("password_max_age"), num("password_warn_days")
	if x, ok := v.Lookup("uid"); ok {
		u.uid = x
	}
	if x, ok := v.Lookup("gid"); ok {
		u.gid = list(x)
	}
	if x, ok := v.Lookup("groups"); ok {
		u.hasGroups = true
		for _, g := range list(x) {
			u.groups = append(u.groups, catalog.Scalar(g))
		}
	}
	if x, ok := v.Lookup("purge_ssh_keys"); ok {
		u.purgeKeys, _ = purgeKeys(x)
		u.purge = x
		for _, p := range v.Resource().Params {
			if a := v.Schema().Attr(p.Name); a != nil && a.Kind == resource.KindMeta && keptMeta[p.Name] {
				u.meta = append(u.meta, p)
			}
		}
	}
	if u.ensure == "" {
		for _, a := range v.Schema().Properties() {
			if a.Name != "ensure" && v.Managed(p, a.Name) {
				u.ensure = "present"
				break
			}
		}
	}
	return u, nil
}

func checkPurgeKeys(v catalog.Value) (catalog.Value, error) {
	if _, err := purgeKeys(v); err != nil {
		return nil, err
	}
	return v, nil
}

// purgeKeys validates purge_ssh_keys: true, false or absolute key file
// paths (~/ and %h/ stand for the home directory).
func purgeKeys(v catalog.Value) (bool, error) {
	if b, ok := ns.Boolean(v); ok {
		return b, nil
	}
	var entries []catalog.Value
	switch x := v.(type) {
	case string:
		entries = []catalog.Value{x}
	case []catalog.Value:
		entries = x
	default:
		return false, fmt.Errorf("purge_ssh_keys must be true, false, or an array of file names, not %s", resource.Inspect(v))
	}
	for _, e := range entries {
		s, ok := e.(string)
		if !ok {
			return false, fmt.Errorf("Each entry for purge_ssh_keys must be a string, not a %s", resource.RubyClass(e))
		}
		if !filepath.IsAbs(s) && !strings.HasPrefix(s, "~/") && !strings.HasPrefix(s, "%h/") {
			return false, fmt.Errorf("Paths to keyfiles must be absolute, not %s", s)
		}
	}
	return len(entries) > 0, nil
}

func list(v catalog.Value) []catalog.Value {
	v = resource.Unsensitive(v)
	if l, ok := v.([]catalog.Value); ok {
		var out []catalog.Value
		for _, e := range l {
			out = append(out, list(e)...)
		}
		return out
	}
	if v == nil {
		return nil
	}
	return []catalog.Value{v}
}

func first(v catalog.Value) catalog.Value {
	if l := list(v); len(l) > 0 {
		return l[0]
	}
	return nil
}

// Retrieve reads the account, its shadow entry and its groups.
func (u *instance) Retrieve(ctx context.Context, h *resource.Handle) error {
	for _, d := range u.dropped {
		h.Logf(resource.Debug, "%s", d)
	}
	var acct *ns.Account
	var err error
	if u.forcelocal {
		acct, u.curUID, err = u.files.LookupLocalUser(u.name)
	} else {
		acct, err = u.files.LookupUser(u.name)
	}
	if err != nil {
		return err
	}
	u.cur, u.shadow, u.curGrp = acct, nil, nil
	if acct == nil {
		return nil
	}
	if u.shadow, err = u.files.LookupShadow(u.name); err != nil {
		return err
	}
	u.curGrp, err = u.files.GroupsOf(u.name)
	return err
}

// Exists reports whether the account exists.
func (u *instance) Exists() bool { return u.cur != nil }

// Properties lists the managed properties in Puppet's order.
func (u *instance) Properties() []resource.Property {
	var props []resource.Property
	if u.ensure != "" {
		props = append(props, u.ensureProp())
	}
	if u.cur == nil {
		return props
	}
	str := func(name string, want *string, cur string, flag string) *ns.Prop {
		if want == nil {
			return nil
		}
		w := *want
		p := &ns.Prop{
			PropName: name, Cur: cur, Want: w, Synced: cur == w, Ev: name + "_changed",
			Msg: ns.Change(name, false, ns.Display(cur), false, ns.Display(w)),
			Do:  u.modify(name, flag, w),
		}
		props = append(props, p)
		return p
	}
	str("home", u.home, u.cur.Home, "-d")
	if u.uid != nil {
		want := u.uid
		cmd := u.modify("uid", "-u", catalog.Scalar(want))
		var cur catalog.Value = u.cur.UID
		synced := want == cur
		switch {
		case u.forcelocal:
			// Puppet reads the uid as /etc/passwd's text, equal to the
			// number it wants by its string.
			cur = u.curUID
			synced = catalog.Scalar(want) == u.curUID
			set := cmd
			cmd = func(ctx context.Context, h *resource.Handle) error {
				if err := u.checkLocalDupe(catalog.Scalar(want)); err != nil {
					return err
				}
				return set(ctx, h)
			}
		case u.allowdupe:
			cmd = u.run("uid", []string{ns.Program("usermod"), "-u", catalog.Scalar(want), "-o", u.name})
		}
		props = append(props, &ns.Prop{
			PropName: "uid", Cur: cur, Want: want, Synced: synced, Ev: "uid_changed",
			Msg: ns.Change("uid", false, ns.Display(cur), false, ns.Display(want)),
			Do:  cmd,
		})
	}
	if len(u.gid) > 0 {
		props = append(props, u.gidProp())
	}
	str("comment", u.comment, u.cur.Gecos, "-c")
	if sh := str("shell", u.shell, u.cur.Shell, "-s"); sh != nil {
		// Puppet checks the new shell before changing it, as on create.
		set := sh.Do
		sh.Do = func(ctx context.Context, h *resource.Handle) error {
			if err := checkShell(*u.shell); err != nil {
				return err
			}
			return set(ctx, h)
		}
	}
	if u.password != nil {
		cur := ns.Absent
		if u.shadow != nil {
			cur = u.shadow.Password
		}
		want := *u.password
		props = append(props, &ns.Prop{
			PropName: "password", Cur: cur, Want: want, Synced: cur == want, Ev: "password_changed", Secret: true,
			Msg: "changed [redacted] to [redacted]",
			Do:  u.setPassword,
		})
	}
	age := func(name string, want *int64, field func(*ns.Shadow) int64, flag string) {
		if want == nil {
			return
		}
		var cur catalog.Value = ns.Absent
		if u.shadow != nil {
			cur = field(u.shadow)
		}
		props = append(props, &ns.Prop{
			PropName: name, Cur: cur, Want: *want, Synced: cur == catalog.Value(*want), Ev: name + "_changed",
			Msg: ns.Change(name, cur == ns.Absent, ns.Display(cur), false, ns.Display(*want)),
			Do:  u.runTool(name, "chage", flag, fmt.Sprint(*want)),
		})
	}
	age("password_min_age", u.minAge, func(s *ns.Shadow) int64 { return s.Min }, "-m")
	age("password_max_age", u.maxAge, func(s *ns.Shadow) int64 { return s.Max }, "-M")
	age("password_warn_days", u.warnDays, func(s *ns.Shadow) int64 { return s.Warn }, "-W")
	if u.hasGroups {
		props = append(props, u.groupsProp())
	}
	if u.expiry != nil {
		cur := ns.Absent
		if u.shadow != nil && u.shadow.Expire >= 0 {
			cur = time.Unix(u.shadow.Expire*86400, 0).UTC().Format("2006-01-02")
		}
		want := *u.expiry
		arg := want
		if want == "absent" {
			arg = ""
		}
		props = append(props, &ns.Prop{
			PropName: "expiry", Cur: cur, Want: want, Synced: cur == want, Ev: "expiry_changed",
			Msg: ns.Change("expiry", cur == ns.Absent, ns.Display(cur), want == "absent", ns.Display(want)),
			Do:  u.modify("expiry", "-e", arg),
		})
	}
	return props
}

func (u *instance) ensureProp() *ns.Prop {
	cur := "absent"
	if u.cur != nil {
		cur = "present"
	}
	p := &ns.Prop{PropName: "ensure", Cur: cur, Want: u.ensure, Synced: cur == u.ensure}
	if u.ensure == "present" {
		p.Msg, p.Ev, p.Do = "created", "user_created", u.create
	} else {
		p.Msg, p.Ev, p.Do = "removed", "user_removed", u.delete
	}
	return p
}

// gidProp is the primary group: in sync when the account's gid is the
// number of any of the desired groups (named or numeric).
func (u *instance) gidProp() *ns.Prop {
	want := u.gid[0]
	synced := false
	for _, g := range u.gid {
		if n, ok := u.gidNumber(g); ok && n == u.cur.GID {
			synced = true
		}
	}
	return &ns.Prop{
		PropName: "gid", Cur: u.cur.GID, Want: want, Synced: synced, Ev: "gid_changed",
		Msg: ns.Change("gid", false, ns.Display(u.cur.GID), false, ns.Display(want)),
		Do: func(ctx context.Context, h *resource.Handle) error {
			for _, g := range u.gid {
				if n, ok := u.gidNumber(g); ok {
					return u.modify("gid", "-g", fmt.Sprint(n))(ctx, h)
				}
			}
			names := make([]string, len(u.gid))
			for i, g := range u.gid {
				names[i] = catalog.Scalar(g)
			}
			return fmt.Errorf("Could not find group(s) %s", strings.Join(names, ","))
		},
	}
}

// gidNumber resolves a group name or number to a gid, as Puppet::Util.gid.
func (u *instance) gidNumber(g catalog.Value) (int64, bool) {
	if n, ok := g.(int64); ok {
		return n, true
	}
	grp, err := u.files.LookupGroup(catalog.Scalar(g))
	if err != nil || grp == nil {
		return 0, false
	}
	return grp.GID, true
}

// wantGroups is the groups list property's should: the desired groups,
// plus the current ones unless membership is inclusive, sorted.
func (u *instance) wantGroups(current []string) []string {
	want := slices.Clone(u.groups)
	if !u.inclusive {
		want = append(want, current...)
	}
	sort.Strings(want)
	return slices.Compact(want)
}

func (u *instance) groupsProp() *ns.Prop {
	want := u.wantGroups(u.curGrp)
	cur := append([]string(nil), u.curGrp...)
	sortedCur := slices.Clone(cur)
	sort.Strings(sortedCur)
	joined := strings.Join(want, ",")
	return &ns.Prop{
		// Puppet retrieves the current groups as a list and wants them as
		// one comma-separated string.
		PropName: "groups", Cur: ns.List(cur), Want: joined,
		Synced: strings.Join(sortedCur, ",") == joined, Ev: "groups_changed",
		// The current list shows joined and unquoted, the new one as a list.
		Msg: ns.Change("groups", false, strings.Join(cur, ","), false, ns.Display(want)),
		Do:  u.modify("groups", "-G", joined),
	}
}

// modify returns the sync of one property by usermod <flag> <value>
// (lusermod under forcelocal, but for the groups and the expiry).
func (u *instance) modify(param, flag, value string) func(context.Context, *resource.Handle) error {
	return u.runTool(param, "usermod", flag, value)
}

func (u *instance) run(param string, argv []string) func(context.Context, *resource.Handle) error {
	return func(ctx context.Context, h *resource.Handle) error {
		if err := u.files.Exec(ctx, h, argv, nil, false); err != nil {
			return fmt.Errorf("Could not set %s on user[%s]: %w", param, u.name, err)
		}
		return nil
	}
}

// setPassword sets the password hash through chpasswd -e, which reads it
// on stdin, so that the hash never appears on a command line.
func (u *instance) setPassword(ctx context.Context, h *resource.Handle) error {
	argv := []string{ns.Program("chpasswd"), "-e"}
	stdin := []byte(u.name + ":" + *u.password + "\n")
	res, err := u.files.Run(ctx, h, argv, stdin, true)
	if err != nil {
		return fmt.Errorf("Could not set password on user[%s]: %w", u.name, err)
	}
	if out := strings.TrimSpace(string(res.Output)); out != "" || res.ExitCode != 0 {
		return fmt.Errorf("chpasswd said %s", out)
	}
	return nil
}

// createArgs is the useradd command line creating the account with every
// managed property at once (the password follows through chpasswd, the
// password ages through chage).
func (u *instance) createArgs() []string {
	argv := []string{ns.Program("useradd")}
	if u.forcelocal {
		argv[0] = ns.Program("luseradd")
	}
	if len(u.gid) == 0 {
		if g, err := u.files.LookupGroup(u.name); err == nil && g != nil {
			argv = append(argv, "-g", u.name)
		}
	}
	// Puppet adds the options sorted by property name.
	if u.comment != nil && *u.comment != "" {
		argv = append(argv, "-c", *u.comment)
	}
	// libuser sets neither the expiry nor the groups: usermod does, after.
	if u.expiry != nil && !u.forcelocal {
		if *u.expiry == "absent" {
			argv = append(argv, "-e", "")
		} else {
			argv = append(argv, "-e", *u.expiry)
		}
	}
	if len(u.gid) > 0 {
		argv = append(argv, "-g", catalog.Scalar(u.gid[0]))
	}
	if u.hasGroups && !u.forcelocal {
		if g := strings.Join(u.wantGroups(nil), ","); g != "" {
			argv = append(argv, "-G", g)
		}
	}
	if u.home != nil && *u.home != "" {
		argv = append(argv, "-d", *u.home)
	}
	if u.shell != nil && *u.shell != "" {
		argv = append(argv, "-s", *u.shell)
	}
	if u.uid != nil && catalog.Scalar(u.uid) != "" {
		argv = append(argv, "-u", catalog.Scalar(u.uid))
	}
	if u.allowdupe && !u.forcelocal {
		argv = append(argv, "-o")
	}
	if u.managehome {
		if !u.forcelocal { // luseradd has no -m
			argv = append(argv, "-m")
		}
	} else {
		argv = append(argv, "-M")
	}
	if u.system {
		argv = append(argv, "-r")
	}
	return append(argv, u.name)
}

func (u *instance) create(ctx context.Context, h *resource.Handle) error {
	if u.shell != nil {
		if err := checkShell(*u.shell); err != nil {
			return err
		}
	}
	redact := u.password != nil
	if u.uid != nil {
		if err := u.checkLocalDupe(catalog.Scalar(u.uid)); err != nil {
			return err
		}
	}
	if err := u.exec(ctx, h, u.createArgs(), redact); err != nil {
		return fmt.Errorf("Could not create user %s: %w", u.name, err)
	}
	if u.minAge != nil || u.maxAge != nil || u.warnDays != nil {
		argv := []string{ns.Program("chage")}
		if u.forcelocal {
			argv[0] = ns.Program("lchage")
		}
		for _, a := range []struct {
			flag string
			v    *int64
		}{{"-m", u.minAge}, {"-M", u.maxAge}, {"-W", u.warnDays}} {
			if a.v != nil {
				argv = append(argv, a.flag, fmt.Sprint(*a.v))
			}
		}
		argv = append(argv, u.name)
		if err := u.exec(ctx, h, argv, redact); err != nil {
			return fmt.Errorf("Could not create user %s: %w", u.name, err)
		}
	}
	if u.forcelocal {
		// What luseradd could not set.
		if u.hasGroups {
			if g := strings.Join(u.wantGroups(nil), ","); g != "" {
				if err := u.modify("groups", "-G", g)(ctx, h); err != nil {
					return err
				}
			}
		}
		if u.expiry != nil {
			arg := *u.expiry
			if arg == "absent" {
				arg = ""
			}
			if err := u.modify("expiry", "-e", arg)(ctx, h); err != nil {
				return err
			}
		}
	}
	if u.password != nil {
		return u.setPassword(ctx, h)
	}
	return nil
}

func (u *instance) delete(ctx context.Context, h *resource.Handle) error {
	argv := []string{ns.Program("userdel")}
	if u.forcelocal {
		argv[0] = ns.Program("luserdel")
	}
	if u.managehome {
		argv = append(argv, "-r")
	}
	argv = append(argv, u.name)
	if err := u.exec(ctx, h, argv, false); err != nil {
		return fmt.Errorf("Could not delete user %s: %w", u.name, err)
	}
	return nil
}

// exec runs an account command: one of libuser's with its configuration
// under forcelocal.
func (u *instance) exec(ctx context.Context, h *resource.Handle, argv []string, redact bool) error {
	if u.forcelocal {
		return u.execLocal(ctx, h, argv, redact)
	}
	return u.files.Exec(ctx, h, argv, nil, redact)
}

// checkShell is the provider's check that a shell exists and can run.
func checkShell(shell string) error {
	if _, err := os.Stat(shell); err != nil {
		return fmt.Errorf("Shell %s must exist", shell)
	}
	// Ruby's File.executable? asks access(2), for which a folder with an
	// x bit is executable: Puppet takes /etc as a shell, and so does ordo.
	if syscall.Access(shell, 1 /* X_OK */) != nil {
		return fmt.Errorf("Shell %s must be executable", shell)
	}
	return nil
}

// AutoRequire: the primary group (by name, or the Group resource whose gid
// is the number) and every supplementary group. Puppet's type would also
// require the users named in roles, but the useradd provider drops the
// roles attribute (it lacks manages_roles), so Puppet 7.23 on Linux adds
// no such edge, and neither does ordo.
func (Type) AutoRequire(r *catalog.Resource, c *catalog.Catalog) []catalog.Ref {
	var refs []catalog.Ref
	if v, ok := r.Get("gid"); ok {
		for _, g := range list(v) {
			g = ns.IntLike(g)
			n, numeric := g.(int64)
			if !numeric {
				refs = append(refs, catalog.Ref{Type: "Group", Title: catalog.Scalar(g)})
				continue
			}
			if n < 0 {
				continue
			}
			for _, other := range c.Resources {
				if other.Type != "Group" {
					continue
				}
				if gv, ok := other.Get("gid"); ok && ns.IntLike(first(gv)) == catalog.Value(n) {
					refs = append(refs, other.Ref())
					break
				}
			}
		}
	}
	if v, ok := r.Get("groups"); ok {
		for _, g := range list(v) {
			refs = append(refs, catalog.Ref{Type: "Group", Title: catalog.Scalar(g)})
		}
	}
	return refs
}
