package apply

import (
	"context"
	"fmt"

	"github.com/ordoproject/ordo/internal/graph"
	"github.com/ordoproject/ordo/internal/resource"
)

// next is the walk's next vertex, as Puppet's relationship graph traversal
// gives it: a resource whose provider is not functional on this machine is
// put aside, and the walk goes on with what does not depend on it. Once
// nothing else is ready and nothing runs (idle), the resources put aside
// fail, one after the other, and what depends on them becomes ready (to
// be skipped for their failure).
func (t *transaction) next(ctx context.Context, w *graph.Walk, idle bool) *graph.Vertex {
	for {
		v := w.Next()
		if v == nil {
			if !idle || len(t.deferred) == 0 {
				return nil
			}
			deferred := t.deferred
			t.deferred = nil
			for _, d := range deferred {
				t.failDeferred(ctx, d)
				w.Done(d)
			}
			continue
		}
		if t.unsuitable(v) {
			t.deferred = append(t.deferred, v)
			continue
		}
		return v
	}
}

// unsuitable reports whether v's provider cannot work here.
func (t *transaction) unsuitable(v *graph.Vertex) bool {
	if v.Whit != graph.NotWhit {
		return false
	}
	_, ok := t.instanceOf(v).(resource.NotFunctional)
	return ok
}

// failDeferred is Puppet's handling of an overly deferred resource: it is
// not evaluated; unless --tags leave it out, it fails with its provider's
// error ("Provider X is not functional on this host").
func (t *transaction) failDeferred(ctx context.Context, v *graph.Vertex) {
	if ctx.Err() != nil {
		t.cancel(v)
		return
	}
	s := t.newStatus(v)
	if len(t.plan.opts.Tags) > 0 && !hasAnyTag(v.Resource, t.plan.opts.Tags) {
		s.Skipped = true
	} else {
		nf := t.instanceOf(v).(resource.NotFunctional)
		t.log.Log(resource.Err, s.Path(), nf.NotFunctional().Error())
		s.Failed = true
	}
	t.mu.Lock()
	t.setStatus(v, s)
	t.result.Statuses = append(t.result.Statuses, s)
	t.mu.Unlock()
}

// prefetchFailed is Puppet's handling of a provider whose prefetch
// failed: the error is logged once per type and provider, and every
// resource of it is skipped, counted as failed.
func (t *transaction) prefetchFailed(s *Status, pe *resource.PrefetchError) {
	key := pe.Type + "/" + pe.Provider
	t.mu.Lock()
	first := !t.failedPrefetches[key]
	if t.failedPrefetches == nil {
		t.failedPrefetches = map[string]bool{}
	}
	t.failedPrefetches[key] = true
	t.mu.Unlock()
	if first && !pe.Logged {
		if !pe.Parse {
			t.log.Log(resource.Err, "", pe.Err.Error())
		}
		t.log.Log(resource.Err, "", fmt.Sprintf("Could not prefetch %s provider '%s': %s", pe.Type, pe.Provider, pe.Err))
	}
	t.log.Log(resource.Warning, s.Path(), "Skipping because provider prefetch failed")
	s.Failed = true
	s.Skipped = true
}

// graphWarnings logs, in catalog order, what instances found to warn
// about while the graph was built, as Puppet logs its autorequire
// warnings once the run has started.
func (t *transaction) graphWarnings() {
	kept := 0
	for _, r := range t.plan.catalog.Resources {
		if !graph.Kept(r) {
			continue
		}
		kept++
		gw, ok := t.plan.instances[kept-1].(resource.GraphWarner)
		if !ok {
			continue
		}
		if w := gw.GraphWarning(); w != "" {
			src := "/" + r.Ref().String()
			if v := t.g.Vertex(r); v != nil {
				src = t.g.Path(v)
			}
			t.log.Log(resource.Warning, src, w)
		}
	}
}
