package group

import (
	"context"
	"os"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// Instances lists the machine's groups as puppet resource group shows
// them: ensure, gid, and the members where libuser is installed (Puppet's
// groupadd provider reads members only there; elsewhere puppet resource
// shows none, and neither does ordo).
func (t Type) Instances(_ context.Context, _ *resource.Handle) ([]*catalog.Resource, error) {
	withMembers := hasLibuser()
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

// hasLibuser reports whether libuser's tools are installed, Puppet's
// test for a groupadd provider that manages members.
func hasLibuser() bool {
	for _, p := range []string{"/usr/sbin/lgroupadd", "/usr/sbin/luseradd"} {
		if fi, err := os.Stat(p); err != nil || fi.Mode()&0o111 == 0 {
			return false
		}
	}
	return true
}
