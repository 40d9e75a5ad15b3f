package resource

import (
	"context"
	"sort"

	"github.com/ordoproject/ordo/internal/catalog"
)

// ProviderChooser is implemented by types that know better than their
// providers' confines which providers work on this machine and which is
// the default, as the service type asks what PID 1 is (Puppet confines
// its systemd provider to hosts where systemd is PID 1, and its debian
// provider to the others).
type ProviderChooser interface {
	// DefaultProviderName is the provider a resource without one gets.
	DefaultProviderName() string
	// Functional reports whether provider name can work here.
	Functional(name string) bool
}

// ListProviders are t's providers that can list or find its resources
// on h: the default first, then the others that work there, as Puppet's
// providers_by_source orders them.
func ListProviders(t Type, h Host) []*Provider {
	s := t.Schema()
	chooser, _ := t.(ProviderChooser)
	works := func(p *Provider) bool {
		if p.Unimplemented || !p.Confine.Holds(h) {
			return false
		}
		return chooser == nil || chooser.Functional(p.Name)
	}
	def := s.DefaultProvider(h)
	if chooser != nil {
		def = s.Provider(chooser.DefaultProviderName())
	}
	var out []*Provider
	if def != nil && (def.Instances != nil || def.Find != nil) && works(def) {
		out = append(out, def)
	}
	for i := range s.Providers {
		p := &s.Providers[i]
		if p == def || (p.Instances == nil && p.Find == nil) || !works(p) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// List returns every resource of t on the machine, sorted by title, as
// puppet resource lists them: when two providers list one title, the
// first provider's wins; each names its provider.
func List(ctx context.Context, t Type, h *Handle, host Host) ([]*catalog.Resource, error) {
	seen := map[string]bool{}
	var out []*catalog.Resource
	for _, p := range ListProviders(t, host) {
		if p.Instances == nil {
			continue
		}
		rs, err := p.Instances(ctx, h)
		if err != nil {
			return nil, err
		}
		for _, r := range rs {
			if seen[r.Title] {
				continue
			}
			seen[r.Title] = true
			if _, ok := r.Get("provider"); !ok {
				r.Set("provider", p.Name)
			}
			out = append(out, r)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Title < out[j].Title })
	return out, nil
}
