// Package group implements the group type with Puppet's groupadd
// provider: groups are read from the local databases and changed only
// through groupadd, groupmod, groupdel and gpasswd.
//
// Members: Puppet's groupadd provider manages the members property only
// where libuser is installed (through lgroupmod -M); elsewhere it ignores
// it. ordo always manages it, with gpasswd -M, and words its changes as
// Puppet does where it is supported.
//
// forcelocal: where libuser is installed, as Puppet's groupadd provider
// does there, a group is read from /etc/group alone and created, changed
// and removed with libuser's lgroupadd, lgroupmod and lgroupdel (told to
// use the local files only), members included; a gid another local group
// has is refused without allowdupe. Without libuser the parameter is
// dropped, as in Puppet.
package group

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	ns "github.com/ordoproject/ordo/internal/resource/user/nameservice"
)

// Type is the group resource type. The zero value manages the machine's
// groups; Files points it at other databases.
type Type struct {
	Files ns.Files
	// Libuser reports whether libuser's tools are installed, which
	// forcelocal needs; nil looks for them.
	Libuser func() bool
}

var schema = resource.NewSchema(resource.Schema{
	Name: "group",
	Doc:  "Local groups, with their gid and members.",
	Attrs: []resource.Attr{
		{Name: "ensure", Kind: resource.KindProperty, Default: "present", Doc: "Whether the group exists.", Check: resource.Enum("present", "absent")},
		{Name: "gid", Kind: resource.KindProperty, Doc: "The group id.", Check: resource.CheckFunc("a group id", checkGID)},
		{Name: "members", Kind: resource.KindProperty, Arrays: resource.EachAll, Doc: "The group's members (user names); ordo manages them with gpasswd."},
		{Name: "auth_membership", Default: false, Doc: "Members not listed are removed (true) or kept (false).", Check: resource.YesNo()},
		{Name: "name", Namevar: true, Doc: "The group's name."},
		{Name: "allowdupe", Default: false, Doc: "Allow a gid another group has.", Check: resource.YesNo()},
		{Name: "ia_load_module", Feature: "manages_aix_lam", Doc: "The AIX loadable module used to manage the group."},
		{Name: "attributes", Kind: resource.KindProperty, Feature: "manages_aix_lam", Doc: "AIX attributes of the group, as key=value."},
		{Name: "attribute_membership", Default: "minimum", Doc: "Whether attributes not listed are removed (inclusive) or kept (minimum).", Check: resource.Enum("inclusive", "minimum")},
		{Name: "system", Default: false, Doc: "Create a system group (a gid in the system range).", Check: resource.YesNo()},
		{Name: "forcelocal", Default: false, Feature: "manages_local_users_and_groups", Doc: "Manage the group in the local files even where the name service holds another.", Check: resource.YesNo()},
	},
	Features: []resource.Feature{
		{Name: "manages_members", Doc: "Can manage the members of a group."},
		{Name: "manages_aix_lam", Doc: "Can manage AIX loadable modules and attributes."},
		{Name: "system_groups", Doc: "Can create system groups."},
		{Name: "manages_local_users_and_groups", Doc: "Can manage local groups where a name service holds others."},
	},
	Providers: []resource.Provider{
		{Name: "groupadd", Default: true, Features: []string{"manages_members", "system_groups"}, Doc: "groupadd, groupmod, groupdel, and gpasswd for members.",
			Confine:   resource.Confine{Commands: []string{"groupadd", "groupmod", "groupdel"}},
			Instances: Type{}.Instances},
		{Name: "aix", Unimplemented: true, Doc: "Puppet's aix provider, which ordo does not have."},
		{Name: "directoryservice", Unimplemented: true, Doc: "Puppet's directoryservice provider, which ordo does not have."},
		{Name: "ldap", Unimplemented: true, Doc: "Puppet's ldap provider, which ordo does not have."},
		{Name: "pw", Unimplemented: true, Doc: "Puppet's pw provider, which ordo does not have."},
		{Name: "windows_adsi", Unimplemented: true, Doc: "Puppet's windows_adsi provider, which ordo does not have."},
	},
})

// Schema returns group's schema.
func (Type) Schema() *resource.Schema { return schema }

// checkGID is Puppet's gid munge: a number, or a string of digits.
func checkGID(v catalog.Value) (catalog.Value, error) {
	if _, ok := v.(int64); ok {
		return v, nil
	}
	if n, ok := ns.IntLike(v).(int64); ok {
		return n, nil
	}
	return nil, fmt.Errorf("Invalid GID %s", catalog.Scalar(v))
}

type instance struct {
	files ns.Files
	name  string

	ensure     string
	gid        *int64
	members    []string
	hasMembers bool
	auth       bool
	allowdupe  bool
	system     bool
	forcelocal bool // read from /etc/group alone, changed with libuser's tools
	dropped    []string
	location   string // (file: F, line: L) of the declaration, for wrapped errors

	// After Retrieve.
	cur *ns.Group
}

// New returns the instance for v.
func (t Type) New(v resource.Values) (resource.Instance, error) {
	p := v.Provider()
	g := &instance{
		files:     t.Files,
		name:      v.String("name"),
		ensure:    v.String("ensure"),
		auth:      v.Bool("auth_membership"),
		allowdupe: v.Bool("allowdupe"),
		system:    v.Bool("system"),
		dropped:   v.Dropped(p),
		location:  v.Resource().Location(),
	}
	if v.Has("forcelocal") && t.libuser() {
		// The groupadd provider has the feature where libuser is.
		g.dropped = slices.DeleteFunc(g.dropped, func(d string) bool { return strings.HasSuffix(d, "not managing attribute forcelocal") })
		g.forcelocal = v.Bool("forcelocal")
	}
	if x, ok := v.Lookup("gid"); ok {
		n := x.(int64)
		g.gid = &n
	}
	if x, ok := v.Lookup("members"); ok {
		g.hasMembers = true
		for _, m := range catalog.Strings(x) {
			for _, part := range strings.Split(m, ",") {
				if part = strings.TrimSpace(part); part != "" {
					g.members = append(g.members, part)
				}
			}
		}
	}
	return g, nil
}

// Retrieve reads the group.
func (g *instance) Retrieve(ctx context.Context, h *resource.Handle) error {
	for _, d := range g.dropped {
		h.Logf(resource.Debug, "%s", d)
	}
	if g.forcelocal {
		cur, err := g.localGroup(func(x *ns.Group) bool { return x.Name == g.name })
		g.cur = cur
		return err
	}
	cur, err := g.files.LookupGroup(g.name)
	g.cur = cur
	return err
}

// libuser reports whether the type can force local groups here.
func (t Type) libuser() bool {
	if t.Libuser != nil {
		return t.Libuser()
	}
	return ns.HasLibuser()
}

// localGroup is the first group of the group file alone that match
// selects, or nil.
func (g *instance) localGroup(match func(*ns.Group) bool) (*ns.Group, error) {
	groups, err := g.files.Groups()
	if err != nil {
		return nil, err
	}
	for i := range groups {
		if match(&groups[i]) {
			return &groups[i], nil
		}
	}
	return nil, nil
}

// checkLocalDupe is Puppet's check before a forced local group gets gid:
// without allowdupe, one the group file holds already is refused.
func (g *instance) checkLocalDupe(gid int64) error {
	if !g.forcelocal || g.allowdupe {
		return nil
	}
	other, err := g.localGroup(func(x *ns.Group) bool { return x.GID == gid })
	if err != nil {
		return err
	}
	if other != nil {
		return fmt.Errorf("GID %d already exists, use allowdupe to force group creation", gid)
	}
	return nil
}

// program is tool, or libuser's counterpart under forcelocal.
func (g *instance) program(tool string) string {
	if g.forcelocal {
		return ns.Program("l" + tool)
	}
	return ns.Program(tool)
}

// exec runs an account command, with libuser's configuration under
// forcelocal.
func (g *instance) exec(ctx context.Context, h *resource.Handle, argv []string) error {
	if g.forcelocal {
		return g.files.ExecLocal(ctx, h, argv, false)
	}
	return g.files.Exec(ctx, h, argv, nil, false)
}

// Exists reports whether the group exists.
func (g *instance) Exists() bool { return g.cur != nil }

// Properties lists ensure, gid and members.
func (g *instance) Properties() []resource.Property {
	cur := "absent"
	if g.cur != nil {
		cur = "present"
	}
	ensure := &ns.Prop{PropName: "ensure", Cur: cur, Want: g.ensure, Synced: cur == g.ensure}
	if g.ensure == "present" {
		ensure.Msg, ensure.Ev, ensure.Do = "created", "group_created", g.create
	} else {
		ensure.Msg, ensure.Ev, ensure.Do = "removed", "group_removed", g.delete
	}
	props := []resource.Property{ensure}
	if g.cur == nil {
		return props
	}
	if g.gid != nil {
		want := *g.gid
		argv := []string{g.program("groupmod"), "-g", fmt.Sprint(want)}
		if g.allowdupe && !g.forcelocal {
			argv = append(argv, "-o")
		}
		argv = append(argv, g.name)
		set := g.run("gid", argv)
		// Under forcelocal Puppet reads the gid from the group file, as
		// text: its messages quote it.
		var cur catalog.Value = g.cur.GID
		if g.forcelocal {
			cur = fmt.Sprint(g.cur.GID)
		}
		props = append(props, &ns.Prop{
			PropName: "gid", Cur: cur, Want: want, Synced: g.cur.GID == want, Ev: "gid_changed",
			Msg: ns.Change("gid", false, ns.Display(cur), false, ns.Display(want)),
			Do: func(ctx context.Context, h *resource.Handle) error {
				if err := g.checkLocalDupe(want); err != nil {
					return err
				}
				return set(ctx, h)
			},
		})
	}
	if g.hasMembers {
		curList := slices.Clone(g.cur.Members)
		sortedCur := slices.Clone(curList)
		sort.Strings(sortedCur)
		sortedCur = slices.Compact(sortedCur)
		want := g.wantMembers(curList)
		joined := strings.Join(want, ",")
		props = append(props, &ns.Prop{
			PropName: "members", Cur: ns.List(curList), Want: ns.List(want),
			Synced: strings.Join(sortedCur, ",") == joined, Ev: "members_changed",
			Msg: ns.Change("members", false, strings.Join(curList, ","), false, joined),
			Do:  g.setMembers(want),
		})
	}
	return props
}

// wantMembers is what the member list must become: the desired members
// only with auth_membership, else the current ones too; sorted.
func (g *instance) wantMembers(current []string) []string {
	want := slices.Clone(g.members)
	if !g.auth {
		want = append(want, current...)
	}
	sort.Strings(want)
	return slices.Compact(want)
}

func (g *instance) setMembers(members []string) func(context.Context, *resource.Handle) error {
	return func(ctx context.Context, h *resource.Handle) error {
		for _, m := range members {
			acct, err := g.files.LookupUser(m)
			if err != nil {
				return err
			}
			if acct == nil {
				return &unknownMemberError{name: m}
			}
		}
		if g.forcelocal {
			// Puppet empties the group first when it is to hold only
			// these members.
			if g.auth && g.cur != nil && len(g.cur.Members) > 0 {
				if err := g.run("members", []string{g.program("groupmod"), "-m", strings.Join(g.cur.Members, ","), g.name})(ctx, h); err != nil {
					return err
				}
			}
			return g.run("members", []string{g.program("groupmod"), "-M", strings.Join(members, ","), g.name})(ctx, h)
		}
		return g.run("members", []string{ns.Program("gpasswd"), "-M", strings.Join(members, ","), g.name})(ctx, h)
	}
}

func (g *instance) run(param string, argv []string) func(context.Context, *resource.Handle) error {
	return func(ctx context.Context, h *resource.Handle) error {
		if err := g.exec(ctx, h, argv); err != nil {
			return fmt.Errorf("Could not set %s on group[%s]: %w", param, g.name, err)
		}
		return nil
	}
}

func (g *instance) createArgs() []string {
	argv := []string{g.program("groupadd")}
	if g.gid != nil {
		argv = append(argv, "-g", fmt.Sprint(*g.gid))
	}
	if g.allowdupe && !g.forcelocal { // libuser takes duplicates
		argv = append(argv, "-o")
	}
	if g.system {
		argv = append(argv, "-r")
	}
	return append(argv, g.name)
}

func (g *instance) create(ctx context.Context, h *resource.Handle) error {
	if g.gid != nil {
		if err := g.checkLocalDupe(*g.gid); err != nil {
			return err
		}
	}
	if err := g.exec(ctx, h, g.createArgs()); err != nil {
		return fmt.Errorf("Could not create group %s: %w", g.name, err)
	}
	if g.hasMembers && len(g.members) > 0 {
		if err := g.setMembers(g.wantMembers(nil))(ctx, h); err != nil {
			var unknown *unknownMemberError
			if errors.As(err, &unknown) {
				// Puppet's ensure wraps an error that is not its own:
				// the group stays created, the change fails.
				msg := "Could not set 'present' on ensure: " + err.Error()
				if g.location != "" {
					msg += " " + g.location
				}
				return &resource.WrappedError{Msg: msg, Cause: err}
			}
			return err
		}
	}
	return nil
}

// unknownMemberError is a member that is no user, worded as Ruby's
// Etc.getpwnam fails for it.
type unknownMemberError struct{ name string }

func (e *unknownMemberError) Error() string { return "can't find user for " + e.name }

func (g *instance) delete(ctx context.Context, h *resource.Handle) error {
	if err := g.exec(ctx, h, []string{g.program("groupdel"), g.name}); err != nil {
		return fmt.Errorf("Could not delete group %s: %w", g.name, err)
	}
	return nil
}
