// Package group implements the group type with Puppet's groupadd
// provider: groups are read from the local databases and changed only
// through groupadd, groupmod, groupdel and gpasswd.
//
// Members: Puppet's groupadd provider manages the members property only
// where libuser is installed (through lgroupmod -M); elsewhere it ignores
// it. ordo always manages it, with gpasswd -M, and words its changes as
// Puppet does where it is supported.
package group

import (
	"context"
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
}

// Name returns "group".
func (Type) Name() string { return "group" }

// Attributes lists group's attributes in Puppet's definition order.
func (Type) Attributes() []resource.Attribute {
	return []resource.Attribute{
		{Name: "ensure", Property: true},
		{Name: "gid", Property: true},
		{Name: "members", Property: true},
		{Name: "auth_membership"},
		{Name: "name", Namevar: true},
		{Name: "allowdupe"},
		{Name: "ia_load_module"},
		{Name: "attributes", Property: true},
		{Name: "attribute_membership"},
		{Name: "system"},
		{Name: "forcelocal"},
		{Name: "provider"},
	}
}

var unsupported = map[string]string{
	"ia_load_module": "manages_aix_lam",
	"attributes":     "manages_aix_lam",
	"forcelocal":     "manages_local_users_and_groups",
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
	dropped    []string

	// After Retrieve.
	cur *ns.Group
}

// New validates r's attributes in Puppet's order and returns the instance.
func (t Type) New(r *catalog.Resource) (resource.Instance, error) {
	if err := resource.CheckParams(t, r); err != nil {
		return nil, err
	}
	g := &instance{files: t.Files, name: r.Title, ensure: "present"}
	ref := r.Ref()
	fail := func(param, format string, args ...any) error {
		return &resource.ParamError{Ref: ref, Param: param, Msg: fmt.Sprintf(format, args...)}
	}
	for _, a := range t.Attributes() {
		raw, ok := r.Get(a.Name)
		if !ok || raw == nil {
			continue
		}
		v, _ := ns.Unwrap(raw)
		if feature, ok := unsupported[a.Name]; ok {
			g.dropped = append(g.dropped, fmt.Sprintf("Provider groupadd does not support features %s; not managing attribute %s", feature, a.Name))
			continue
		}
		s := catalog.Scalar(v)
		switch a.Name {
		case "name":
			g.name = s
		case "ensure":
			if s != "present" && s != "absent" {
				return nil, fail("ensure", "Invalid value %s. Valid values are present, absent.", resource.Inspect(v))
			}
			g.ensure = s
		case "gid":
			if l, ok := v.([]catalog.Value); ok && len(l) > 0 {
				v = l[0]
			}
			n, ok := ns.IntLike(v).(int64)
			if !ok {
				return nil, fail("gid", "Invalid GID %s", catalog.Scalar(v))
			}
			g.gid = &n
		case "members":
			g.hasMembers = true
			for _, m := range catalog.Strings(v) {
				for _, part := range strings.Split(m, ",") {
					if part = strings.TrimSpace(part); part != "" {
						g.members = append(g.members, part)
					}
				}
			}
		case "auth_membership", "allowdupe", "system":
			b, err := ns.BoolParam(ref, a.Name, v)
			if err != nil {
				return nil, err
			}
			switch a.Name {
			case "auth_membership":
				g.auth = b
			case "allowdupe":
				g.allowdupe = b
			default:
				g.system = b
			}
		case "attribute_membership":
			if s != "inclusive" && s != "minimum" {
				return nil, fail(a.Name, "Invalid value %s. Valid values are inclusive, minimum.", resource.Inspect(v))
			}
		case "provider":
			if s != "groupadd" {
				return nil, fail("provider", "Invalid group provider '%s'", s)
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
	cur, err := g.files.LookupGroup(g.name)
	g.cur = cur
	return err
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
		argv := []string{ns.Program("groupmod"), "-g", fmt.Sprint(want)}
		if g.allowdupe {
			argv = append(argv, "-o")
		}
		argv = append(argv, g.name)
		props = append(props, &ns.Prop{
			PropName: "gid", Cur: g.cur.GID, Want: want, Synced: g.cur.GID == want, Ev: "gid_changed",
			Msg: ns.Change("gid", false, ns.Display(g.cur.GID), false, ns.Display(want)),
			Do:  g.run("gid", argv),
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
				return fmt.Errorf("can't find user for %s", m)
			}
		}
		return g.run("members", []string{ns.Program("gpasswd"), "-M", strings.Join(members, ","), g.name})(ctx, h)
	}
}

func (g *instance) run(param string, argv []string) func(context.Context, *resource.Handle) error {
	return func(ctx context.Context, h *resource.Handle) error {
		if err := g.files.Exec(ctx, h, argv, nil, false); err != nil {
			return fmt.Errorf("Could not set %s on group[%s]: %w", param, g.name, err)
		}
		return nil
	}
}

func (g *instance) createArgs() []string {
	argv := []string{ns.Program("groupadd")}
	if g.gid != nil {
		argv = append(argv, "-g", fmt.Sprint(*g.gid))
	}
	if g.allowdupe {
		argv = append(argv, "-o")
	}
	if g.system {
		argv = append(argv, "-r")
	}
	return append(argv, g.name)
}

func (g *instance) create(ctx context.Context, h *resource.Handle) error {
	if err := g.files.Exec(ctx, h, g.createArgs(), nil, false); err != nil {
		return fmt.Errorf("Could not create group %s: %w", g.name, err)
	}
	if g.hasMembers && len(g.members) > 0 {
		return g.setMembers(g.wantMembers(nil))(ctx, h)
	}
	return nil
}

func (g *instance) delete(ctx context.Context, h *resource.Handle) error {
	if err := g.files.Exec(ctx, h, []string{ns.Program("groupdel"), g.name}, nil, false); err != nil {
		return fmt.Errorf("Could not delete group %s: %w", g.name, err)
	}
	return nil
}
