package pkg

import (
	"context"
	"sort"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// instances lists every package dpkg knows, with one dpkg-query, as
// puppet resource package shows those of the apt provider: ensure (the
// version, or absent or purged) and mark.
func instances(ctx context.Context, h *resource.Handle) ([]*catalog.Resource, error) {
	l := &listing{provider: "apt"}
	if err := l.load(ctx, h, NewInventory()); err != nil {
		return nil, err
	}
	names := make([]string, 0, len(l.pkgs))
	for n := range l.pkgs {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]*catalog.Resource, 0, len(names))
	for _, n := range names {
		out = append(out, listed(l.pkgs[n], true))
	}
	return out, nil
}

// find reads one package: as listed, or, for one dpkg does not list,
// from its own dpkg-query (purged when dpkg does not know it).
func find(ctx context.Context, h *resource.Handle, name string) (*catalog.Resource, error) {
	inv := NewInventory()
	l := &listing{provider: "apt"}
	if err := l.load(ctx, h, inv); err != nil {
		return nil, err
	}
	if e, ok := l.pkgs[name]; ok {
		return listed(e, true), nil
	}
	e, found, err := inv.query(ctx, h, name)
	if err != nil {
		return nil, err
	}
	if !found {
		return listed(entry{name: name, status: "not-installed"}, false), nil
	}
	return listed(e, true), nil
}

func listed(e entry, withMark bool) *catalog.Resource {
	r := &catalog.Resource{Type: "Package", Title: e.name}
	r.Set("ensure", e.ensure())
	// Puppet reads every other property of an absent resource as absent:
	// a package with only its configuration files left shows no mark.
	if withMark && e.ensure() != absent {
		r.Set("mark", e.mark())
	}
	return r
}
