package apply

import (
	"context"
	"fmt"
	"sync"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// batches runs each provider's batch prefetch (resource.Provider.Prefetch)
// at most once per run, the first time a resource of it is about to be
// retrieved, as Puppet's transaction prefetches a provider before its
// first resource.
type batches struct {
	mu   sync.Mutex
	runs map[*resource.Provider]*batch
}

type batch struct {
	once sync.Once
	data any
	ok   bool
	err  error
}

// feed hands inst the prefetched instances of its provider, reading them
// first if this is the provider's first resource. A failed prefetch is
// logged once, as Puppet logs it; the instances then read the machine
// themselves.
func (b *batches) feed(ctx context.Context, types *resource.Registry, r *catalog.Resource, inst resource.Prefetched, h *resource.Handle) {
	s := types.Schema(r.Type)
	if s == nil {
		return
	}
	p := resource.NewValues(s, r).Provider()
	if p == nil || p.Prefetch == nil {
		return
	}
	b.mu.Lock()
	if b.runs == nil {
		b.runs = map[*resource.Provider]*batch{}
	}
	run := b.runs[p]
	if run == nil {
		run = &batch{}
		b.runs[p] = run
	}
	b.mu.Unlock()
	run.once.Do(func() {
		data, err := p.Prefetch(ctx, h)
		if err != nil {
			if h.Log != nil {
				h.Log.Log(resource.Err, "", fmt.Sprintf("Could not prefetch %s provider '%s': %v", s.Name, p.Name, err))
			}
			run.err = err
			return
		}
		run.data, run.ok = data, true
	})
	if run.ok {
		inst.Prefetched(run.data)
	} else if f, ok := inst.(resource.PrefetchFailer); ok {
		f.PrefetchFailed(run.err)
	}
}
