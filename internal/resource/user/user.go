// Package user implements the user type with Puppet's useradd provider:
// accounts are read from the local databases and changed only through
// useradd, usermod, userdel, chage and chpasswd.
package user

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	ns "github.com/ordoproject/ordo/internal/resource/user/nameservice"
)

// Type is the user resource type. The zero value manages the machine's
// accounts; Files points it at other databases (for tests that only
// observe commands) and carries the lock it shares with the group type.
type Type struct {
	Files ns.Files
}

// Name returns "user".
func (Type) Name() string { return "user" }

// Attributes lists user's attributes in Puppet's definition order, which
// is also the order properties are synced in.
func (Type) Attributes() []resource.Attribute {
	return []resource.Attribute{
		{Name: "ensure", Property: true},
		{Name: "home", Property: true},
		{Name: "uid", Property: true},
		{Name: "gid", Property: true},
		{Name: "comment", Property: true},
		{Name: "shell", Property: true},
		{Name: "password", Property: true},
		{Name: "password_min_age", Property: true},
		{Name: "password_max_age", Property: true},
		{Name: "password_warn_days", Property: true},
		{Name: "groups", Property: true},
		{Name: "name", Namevar: true},
		{Name: "membership"},
		{Name: "system"},
		{Name: "allowdupe"},
		{Name: "managehome"},
		{Name: "expiry", Property: true},
		{Name: "roles", Property: true},
		{Name: "role_membership"},
		{Name: "auths", Property: true},
		{Name: "auth_membership"},
		{Name: "profiles", Property: true},
		{Name: "profile_membership"},
		{Name: "keys", Property: true},
		{Name: "key_membership"},
		{Name: "project", Property: true},
		{Name: "ia_load_module"},
		{Name: "attributes", Property: true},
		{Name: "attribute_membership"},
		{Name: "salt", Property: true},
		{Name: "iterations", Property: true},
		{Name: "forcelocal"},
		{Name: "purge_ssh_keys"},
		{Name: "loginclass", Property: true},
		{Name: "provider"},
	}
}

// unsupported are the attributes the useradd provider lacks the feature
// for: Puppet drops them with a debug line and manages nothing of them.
var unsupported = map[string]string{
	"roles":          "manages_roles",
	"auths":          "manages_solaris_rbac",
	"profiles":       "manages_solaris_rbac",
	"keys":           "manages_solaris_rbac",
	"project":        "manages_solaris_rbac",
	"ia_load_module": "manages_aix_lam",
	"attributes":     "manages_aix_lam",
	"salt":           "manages_password_salt",
	"iterations":     "manages_password_salt",
	"loginclass":     "manages_loginclass",
	"forcelocal":     "manages_local_users_and_groups",
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
	purgeKeys  bool

	// After Retrieve.
	cur    *ns.Account
	shadow *ns.Shadow
	curGrp []string
}

var (
	expiryRE = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}$`)
	numberRE = regexp.MustCompile(`^-?\d+$`)
	digitsRE = regexp.MustCompile(`^\d+$`)
)

// New validates r's attributes in Puppet's order and returns the instance.
func (t Type) New(r *catalog.Resource) (resource.Instance, error) {
	if err := resource.CheckParams(t, r); err != nil {
		return nil, err
	}
	u := &instance{files: t.Files, name: r.Title}
	ref := r.Ref()
	fail := func(param, format string, args ...any) error {
		return &resource.ParamError{Ref: ref, Param: param, Msg: fmt.Sprintf(format, args...)}
	}
	managed := false
	for _, a := range t.Attributes() {
		raw, ok := r.Get(a.Name)
		if !ok || raw == nil {
			continue
		}
		v, _ := ns.Unwrap(raw)
		if feature, ok := unsupported[a.Name]; ok {
			u.dropped = append(u.dropped, fmt.Sprintf("Provider useradd does not support features %s; not managing attribute %s", feature, a.Name))
			continue
		}
		if a.Property && a.Name != "ensure" {
			managed = true
		}
		s := catalog.Scalar(v)
		switch a.Name {
		case "name":
			u.name = s
		case "ensure":
			switch s {
			case "present", "absent":
				u.ensure = s
			case "role":
				return nil, fail("ensure", "Provider useradd must have features 'manages_solaris_rbac' to set 'ensure' to 'role'")
			default:
				return nil, fail("ensure", "Invalid value %s. Valid values are present, absent, role.", resource.Inspect(v))
			}
		case "home":
			u.home = &s
		case "uid":
			u.uid = ns.IntLike(first(v))
		case "gid":
			for _, g := range list(v) {
				u.gid = append(u.gid, ns.IntLike(g))
			}
		case "comment":
			u.comment = &s
		case "shell":
			u.shell = &s
		case "password":
			if strings.Contains(s, ":") {
				return nil, fail("password", "Passwords cannot include ':'")
			}
			u.password = &s
		case "password_min_age", "password_max_age", "password_warn_days":
			msg := map[string]string{
				"password_min_age":   "Password minimum age must be provided as a number.",
				"password_max_age":   "Password maximum age must be provided as a number.",
				"password_warn_days": "Password warning days must be provided as a number.",
			}[a.Name]
			n, ok := ns.IntLike(first(v)).(int64)
			if !ok || !numberRE.MatchString(catalog.Scalar(first(v))) {
				return nil, fail(a.Name, "%s", msg)
			}
			switch a.Name {
			case "password_min_age":
				u.minAge = &n
			case "password_max_age":
				u.maxAge = &n
			default:
				u.warnDays = &n
			}
		case "groups":
			u.hasGroups = true
			for _, g := range list(v) {
				gs := catalog.Scalar(g)
				switch {
				case digitsRE.MatchString(gs):
					return nil, fail("groups", "Group names must be provided, not GID numbers.")
				case strings.Contains(gs, ","):
					return nil, fail("groups", "Group names must be provided as an array, not a comma-separated list.")
				case gs == "":
					return nil, fail("groups", `Group names must not be empty. If you want to specify "no groups" pass an empty array`)
				}
				u.groups = append(u.groups, gs)
			}
		case "membership", "role_membership", "auth_membership", "profile_membership", "key_membership", "attribute_membership":
			if s != "inclusive" && s != "minimum" {
				return nil, fail(a.Name, "Invalid value %s. Valid values are inclusive, minimum.", resource.Inspect(v))
			}
			if a.Name == "membership" {
				u.inclusive = s == "inclusive"
			}
		case "system", "allowdupe":
			b, err := ns.BoolParam(ref, a.Name, v)
			if err != nil {
				return nil, err
			}
			if a.Name == "system" {
				u.system = b
			} else {
				u.allowdupe = b
			}
		case "managehome":
			b, ok := ns.Boolean(v)
			if !ok {
				return nil, fail("managehome", "Munging failed for value %s in class managehome: expected a boolean value", resource.Inspect(v))
			}
			u.managehome = b
		case "expiry":
			if s != "absent" && !expiryRE.MatchString(s) {
				return nil, fail("expiry", `Expiry dates must be YYYY-MM-DD or the string "absent"`)
			}
			u.expiry = &s
		case "purge_ssh_keys":
			purge, err := purgeKeys(ref, v)
			if err != nil {
				return nil, err
			}
			u.purgeKeys = purge
		case "provider":
			if s != "useradd" {
				return nil, fail("provider", "Invalid user provider '%s'", s)
			}
		}
	}
	if u.ensure == "" && managed {
		u.ensure = "present"
	}
	return u, nil
}

// purgeKeys validates purge_ssh_keys: true, false or absolute key file
// paths (~/ and %h/ stand for the home directory).
func purgeKeys(ref catalog.Ref, v catalog.Value) (bool, error) {
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
		return false, &resource.ParamError{Ref: ref, Param: "purge_ssh_keys", Msg: fmt.Sprintf("purge_ssh_keys must be true, false, or an array of file names, not %s", resource.Inspect(v))}
	}
	for _, e := range entries {
		s, ok := e.(string)
		if !ok {
			return false, &resource.ParamError{Ref: ref, Param: "purge_ssh_keys", Msg: fmt.Sprintf("Each entry for purge_ssh_keys must be a string, not a %s", resource.RubyClass(e))}
		}
		if !filepath.IsAbs(s) && !strings.HasPrefix(s, "~/") && !strings.HasPrefix(s, "%h/") {
			return false, &resource.ParamError{Ref: ref, Param: "purge_ssh_keys", Msg: fmt.Sprintf("Paths to keyfiles must be absolute, not %s", s)}
		}
	}
	return len(entries) > 0, nil
}

func list(v catalog.Value) []catalog.Value {
	v, _ = ns.Unwrap(v)
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
	if u.purgeKeys {
		h.Logf(resource.Warning, "Purging SSH keys is not supported; purge_ssh_keys is ignored")
	}
	acct, err := u.files.LookupUser(u.name)
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
		if u.allowdupe {
			cmd = u.run("uid", []string{ns.Program("usermod"), "-u", catalog.Scalar(want), "-o", u.name})
		}
		props = append(props, &ns.Prop{
			PropName: "uid", Cur: u.cur.UID, Want: want, Synced: want == catalog.Value(u.cur.UID), Ev: "uid_changed",
			Msg: ns.Change("uid", false, ns.Display(u.cur.UID), false, ns.Display(want)),
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
			Do:  u.run(name, []string{ns.Program("chage"), flag, fmt.Sprint(*want), u.name}),
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

// modify returns the sync of one property by usermod <flag> <value>.
func (u *instance) modify(param, flag, value string) func(context.Context, *resource.Handle) error {
	return u.run(param, []string{ns.Program("usermod"), flag, value, u.name})
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
	if len(u.gid) == 0 {
		if g, err := u.files.LookupGroup(u.name); err == nil && g != nil {
			argv = append(argv, "-g", u.name)
		}
	}
	// Puppet adds the options sorted by property name.
	if u.comment != nil && *u.comment != "" {
		argv = append(argv, "-c", *u.comment)
	}
	if u.expiry != nil {
		if *u.expiry == "absent" {
			argv = append(argv, "-e", "")
		} else {
			argv = append(argv, "-e", *u.expiry)
		}
	}
	if len(u.gid) > 0 {
		argv = append(argv, "-g", catalog.Scalar(u.gid[0]))
	}
	if u.hasGroups {
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
	if u.allowdupe {
		argv = append(argv, "-o")
	}
	if u.managehome {
		argv = append(argv, "-m")
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
	if err := u.files.Exec(ctx, h, u.createArgs(), nil, redact); err != nil {
		return fmt.Errorf("Could not create user %s: %w", u.name, err)
	}
	if u.minAge != nil || u.maxAge != nil || u.warnDays != nil {
		argv := []string{ns.Program("chage")}
		for _, a := range []struct {
			flag string
			v    *int64
		}{{"-m", u.minAge}, {"-M", u.maxAge}, {"-W", u.warnDays}} {
			if a.v != nil {
				argv = append(argv, a.flag, fmt.Sprint(*a.v))
			}
		}
		argv = append(argv, u.name)
		if err := u.files.Exec(ctx, h, argv, nil, redact); err != nil {
			return fmt.Errorf("Could not create user %s: %w", u.name, err)
		}
	}
	if u.password != nil {
		return u.setPassword(ctx, h)
	}
	return nil
}

func (u *instance) delete(ctx context.Context, h *resource.Handle) error {
	argv := []string{ns.Program("userdel")}
	if u.managehome {
		argv = append(argv, "-r")
	}
	argv = append(argv, u.name)
	if err := u.files.Exec(ctx, h, argv, nil, false); err != nil {
		return fmt.Errorf("Could not delete user %s: %w", u.name, err)
	}
	return nil
}

// checkShell is the provider's check that a shell exists and can run.
func checkShell(shell string) error {
	fi, err := os.Stat(shell)
	if err != nil {
		return fmt.Errorf("Shell %s must exist", shell)
	}
	if fi.IsDir() || fi.Mode()&0o111 == 0 {
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
