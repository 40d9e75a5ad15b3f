package mysql

import (
	"context"
	"slices"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// The listings of ordo resource, as the module's instances give them:
// every database, account, grant and plugin the server has, with the
// values the providers read.

func (t *DatabaseType) instances(ctx context.Context, h *resource.Handle) ([]*catalog.Resource, error) {
	d, err := t.prefetch(ctx, h)
	if err != nil {
		return nil, err
	}
	dbs := d.(*databases)
	var out []*catalog.Resource
	for _, name := range sortedKeys(dbs.found) {
		r := &catalog.Resource{Type: "Mysql_database", Title: name}
		r.Set("ensure", "present")
		r.Set("charset", dbs.found[name].charset)
		r.Set("collate", dbs.found[name].collate)
		out = append(out, r)
	}
	return out, nil
}

func (t *UserType) instances(ctx context.Context, h *resource.Handle) ([]*catalog.Resource, error) {
	a, err := t.prefetch(ctx, h)
	if err != nil {
		return nil, err
	}
	users := a.(*accounts)
	var out []*catalog.Resource
	for _, name := range sortedKeys(users.found) {
		u := users.found[name]
		r := &catalog.Resource{Type: "Mysql_user", Title: name}
		r.Set("ensure", "present")
		for _, f := range []struct {
			name string
			v    catalog.Value
		}{{"password_hash", u.password}, {"plugin", u.plugin}, {"max_user_connections", u.maxUser},
			{"max_connections_per_hour", u.maxConn}, {"max_queries_per_hour", u.maxQ}, {"max_updates_per_hour", u.maxUp}} {
			if f.v != nil {
				r.Set(f.name, f.v)
			}
		}
		r.Set("tls_options", values(u.tls))
		out = append(out, r)
	}
	return out, nil
}

func (t *GrantType) instances(ctx context.Context, h *resource.Handle) ([]*catalog.Resource, error) {
	g, err := t.prefetch(ctx, h)
	if err != nil {
		return nil, err
	}
	grants := g.(*grants)
	var out []*catalog.Resource
	for _, name := range sortedKeys(grants.found) {
		gr := grants.found[name]
		r := &catalog.Resource{Type: "Mysql_grant", Title: name}
		r.Set("ensure", "present")
		r.Set("privileges", values(gr.privileges))
		r.Set("table", gr.table)
		r.Set("user", gr.user)
		r.Set("options", values(gr.options))
		out = append(out, r)
	}
	return out, nil
}

func (t *PluginType) instances(ctx context.Context, h *resource.Handle) ([]*catalog.Resource, error) {
	p, err := t.prefetch(ctx, h)
	if err != nil {
		return nil, err
	}
	ps := p.(*plugins)
	var out []*catalog.Resource
	for _, name := range ps.names {
		r := &catalog.Resource{Type: "Mysql_plugin", Title: name}
		r.Set("ensure", "present")
		if so := ps.found[lower(name)]; so != nil {
			r.Set("soname", so)
		}
		out = append(out, r)
	}
	return out, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
