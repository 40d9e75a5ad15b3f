package user

import (
	"context"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	ns "github.com/ordoproject/ordo/internal/resource/user/nameservice"
)

// Instances lists the machine's accounts with every property the useradd
// provider reads, as puppet resource user shows them: a property the
// account does not have (no shadow entry, no expiry) is absent.
func (t Type) Instances(_ context.Context, _ *resource.Handle) ([]*catalog.Resource, error) {
	accts, err := t.Files.Accounts()
	if err != nil {
		return nil, err
	}
	shadows, err := t.Files.Shadows()
	if err != nil {
		return nil, err
	}
	groups, err := t.Files.Groups()
	if err != nil {
		return nil, err
	}
	member := map[string][]catalog.Value{}
	for _, g := range groups {
		for _, m := range g.Members {
			member[m] = append(member[m], g.Name)
		}
	}
	out := make([]*catalog.Resource, 0, len(accts))
	for _, a := range accts {
		r := &catalog.Resource{Type: "User", Title: a.Name}
		r.Set("ensure", "present")
		r.Set("home", a.Home)
		r.Set("uid", a.UID)
		r.Set("gid", a.GID)
		r.Set("comment", a.Gecos)
		r.Set("shell", a.Shell)
		sh := shadows[a.Name]
		r.Set("password", shadowField(sh, func(s *ns.Shadow) catalog.Value { return s.Password }))
		r.Set("password_min_age", shadowField(sh, func(s *ns.Shadow) catalog.Value { return s.Min }))
		r.Set("password_max_age", shadowField(sh, func(s *ns.Shadow) catalog.Value { return s.Max }))
		r.Set("password_warn_days", shadowField(sh, func(s *ns.Shadow) catalog.Value { return s.Warn }))
		r.Set("groups", member[a.Name])
		r.Set("expiry", shadowField(sh, func(s *ns.Shadow) catalog.Value {
			if s.Expire < 0 {
				return ns.Absent
			}
			return time.Unix(s.Expire*86400, 0).UTC().Format("2006-01-02")
		}))
		out = append(out, r)
	}
	return out, nil
}

func shadowField(s *ns.Shadow, field func(*ns.Shadow) catalog.Value) catalog.Value {
	if s == nil {
		return ns.Absent
	}
	return field(s)
}
