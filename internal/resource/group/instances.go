package group

import (
	"context"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	ns "github.com/ordoproject/ordo/internal/resource/user/nameservice"
)

// Instances lists the machine's groups as puppet resource group shows
// them: ensure, gid, and the members where libuser is installed (Puppet's
// groupadd provider reads members only there; elsewhere puppet resource
// shows none, and neither does ordo).
func (t Type) Instances(_ context.Context, _ *resource.Handle) ([]*catalog.Resource, error) {
	withMembers := ns.HasLibuser()
	groups, err := t.Files.Groups()
	if err != nil {
		return nil, err
	}
	out := make([]*catalog.Resource, 0, len(groups))
	for _, g := range groups {
		r := &catalog.Resource{Type: "Group", Title: g.Name}
		r.Set("ensure", "present")
		r.Set("gid", g.GID)
		if withMembers {
			var members []catalog.Value
			for _, m := range g.Members {
				members = append(members, m)
			}
			r.Set("members", members)
		}
		out = append(out, r)
	}
	return out, nil
}
