package mysql

import (
	"context"

	"github.com/ordoproject/ordo/internal/resource"
)

// runState, embedded in an instance, holds what its type's prefetch read
// from the server for the run (databases, accounts, grants, plugins), or
// why that failed.
type runState[S any] struct {
	run    *S
	failed error
}

// Prefetched takes the run's state.
func (r *runState[S]) Prefetched(data any) {
	if s, ok := data.(*S); ok {
		r.run = s
	}
}

// PrefetchFailed keeps the prefetch's failure, which Retrieve reports.
func (r *runState[S]) PrefetchFailed(err error) { r.failed = err }

// load makes run the run's state: the prefetched one, or read now with
// prefetch when the resource was not prefetched. A failure is the
// provider "mysql" of typ failing its prefetch, as Puppet reports it.
func (r *runState[S]) load(ctx context.Context, h *resource.Handle, typ string, prefetch func(context.Context, *resource.Handle) (any, error)) error {
	if r.failed != nil {
		return &resource.PrefetchError{Type: typ, Provider: "mysql", Err: r.failed, Logged: true}
	}
	if r.run == nil {
		s, err := prefetch(ctx, h)
		if err != nil {
			return &resource.PrefetchError{Type: typ, Provider: "mysql", Err: err}
		}
		r.run = s.(*S)
	}
	return nil
}
