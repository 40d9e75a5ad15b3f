package host

import (
	"context"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// instances lists the entries of the default hosts file, as puppet
// resource host shows them.
func instances(_ context.Context, _ *resource.Handle) ([]*catalog.Resource, error) {
	return instancesOf(DefaultTarget)
}

// instancesOf lists the entries of the hosts file at path: ip, aliases
// as a list, comment and target; the first entry of a name wins.
func instancesOf(path string) ([]*catalog.Resource, error) {
	f, err := readHosts(path)
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	var out []*catalog.Resource
	for _, rec := range f.records {
		if !rec.entry || seen[rec.name] {
			continue
		}
		seen[rec.name] = true
		r := &catalog.Resource{Type: "Host", Title: rec.name}
		r.Set("ensure", "present")
		r.Set("ip", rec.ip)
		var aliases []catalog.Value
		for _, a := range strings.Fields(rec.aliases) {
			aliases = append(aliases, a)
		}
		r.Set("host_aliases", aliases)
		r.Set("comment", rec.comment)
		r.Set("target", path)
		out = append(out, r)
	}
	return out, nil
}
