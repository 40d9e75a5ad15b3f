package apply

import (
	"context"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/graph"
	"github.com/ordoproject/ordo/internal/resource"
)

// Finisher is work a front end leaves for the end of the walk: Salt's
// listen, whose listeners' mod_watch run once every state has run, on
// what changed during the run. Finish is called once, after the walk
// and before the run's files are synced, unless the run was
// interrupted; a fail-hard stop still reaches it, as Salt still calls
// its listeners then.
type Finisher interface {
	Finish(ctx context.Context, end *End)
}

// End is the run as the walk left it, handed to a Finisher.
type End struct{ t *transaction }

// Statuses lists every resource's status so far, in evaluation order.
func (e *End) Statuses() []*Status { return e.t.result.Statuses }

// Log is the run's logger.
func (e *End) Log() resource.Logger { return e.t.log }

// Keep adds v to Result.Finished, for the caller to read back.
func (e *End) Keep(v any) { e.t.result.Finished = append(e.t.result.Finished, v) }

// Refresh delivers events refresh events to r after the walk, as its
// turn would have: a resource that can refresh (a service, an exec)
// refreshes once, with Puppet's log line ("Triggered 'refresh' from 2
// events", or "Would have triggered" in noop or when every event is a
// noop one), and its status records it. A resource that was not
// evaluated, was skipped, failed or cannot refresh drops the events, as
// Puppet drops the events of a resource it skips. It reports whether r
// was refreshed (or would have been).
func (e *End) Refresh(ctx context.Context, r *catalog.Resource, events int, noop bool) bool {
	t := e.t
	v := t.g.Vertex(r)
	if v == nil || v.Whit != graph.NotWhit || events <= 0 {
		return false
	}
	s := t.statusOf(v)
	if s == nil || s.Skipped || s.Failed || s.FailedToRestart {
		return false
	}
	if _, ok := t.instanceOf(v).(resource.Refresher); !ok {
		return false
	}
	status := EventSuccess
	if noop {
		status = EventNoop
	}
	queued := make([]Event, events)
	for i := range queued {
		queued[i] = Event{Name: "listened", Status: status, Time: t.now()}
	}
	t.mu.Lock()
	t.queues[v] = append(t.queues[v], queued...)
	t.mu.Unlock()
	t.processEvents(ctx, v, s)
	return !s.FailedToRestart
}

// finish calls the run's finishers.
func (t *transaction) finish(ctx context.Context) {
	if ctx.Err() != nil {
		return
	}
	for _, f := range t.plan.opts.Finish {
		f.Finish(ctx, &End{t: t})
	}
}
