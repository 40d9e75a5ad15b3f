package group

import (
	"context"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// Instances lists the machine's groups as puppet resource group shows
// them: ensure and gid. Puppet's groupadd provider reads members only
// where libuser is installed, and puppet resource then shows none, so the
// listing leaves them out too.
func (t Type) Instances(_ context.Context, _ *resource.Handle) ([]*catalog.Resource, error) {
	groups, err := t.Files.Groups()
	if err != nil {
		return nil, err
	}
	out := make([]*catalog.Resource, 0, len(groups))
	for _, g := range groups {
		r := &catalog.Resource{Type: "Group", Title: g.Name}
		r.Set("ensure", "present")
		r.Set("gid", g.GID)
		out = append(out, r)
	}
	return out, nil
}
