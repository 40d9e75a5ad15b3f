package apply

import (
	"context"
	"fmt"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/graph"
	"github.com/ordoproject/ordo/internal/resource"
)

// CallResult is what a resource applied in one call says of its turn,
// as Salt's state records do.
type CallResult uint8

const (
	// CallTrue: in line, whether or not it had to change.
	CallTrue CallResult = iota
	// CallFalse: it failed.
	CallFalse
	// CallNone: a dry run that would change something.
	CallNone
)

func (r CallResult) String() string {
	switch r {
	case CallTrue:
		return "True"
	case CallFalse:
		return "False"
	}
	return "None"
}

// OneCall is implemented by an instance that is checked and brought in
// line in a single call rather than property by property: a Salt state,
// whose function both looks and acts. The transaction still decides
// whether it runs, from its edges; the call gets what those edges say.
type OneCall interface {
	Call(ctx context.Context, h *resource.Handle, in CallInput) CallOutput
}

// CallInput is what the transaction tells a one-call instance.
type CallInput struct {
	// DryRun marks the try a pre-checking resource asks for before its
	// own turn: nothing may change and nothing is logged (h.Noop is set
	// too).
	DryRun bool
	// Refreshed lists the sources of the refresh edges into the resource
	// that changed, in edge order: a refresh is due (Salt's mod_watch).
	Refreshed []Source
	// RefreshSkipped: a refresh was due, but a source that changed asked
	// that it not be (CallOutput.SkipRequisites); the resource runs
	// without it, and says so (Salt's "mod_watch was not run because
	// requisites were skipped by another state").
	RefreshSkipped bool
}

// Source is one source of an edge into a resource.
type Source struct {
	Resource *catalog.Resource
	// Via is the declaration the edge came from (catalog.Provenance.Via).
	Via string
}

// CallOutput is a one-call instance's answer.
type CallOutput struct {
	Result  CallResult
	Changed bool
	// Message says what happened, for the log and the report.
	Message string
	// Record is the instance's own account of the call (Salt's state
	// record), kept in the status for the front end that reads it.
	Record any
	// SkipRequisites asks that the resources depending on this one not
	// be triggered by it (Salt's skip_req): an on-change or pre-check it
	// meets leaves them not run, and a refresh it sends is not done.
	SkipRequisites bool
}

// FailHarder is implemented by an instance whose failure stops the run,
// as Salt's failhard option does: nothing after it is evaluated.
type FailHarder interface {
	FailHard() bool
}

// Detacher is implemented by an instance that may run on its own while
// the serial walk goes on (Salt's parallel: True); what depends on it
// still waits for it.
type Detacher interface {
	Detached() bool
}

// callOne applies a one-call instance: the refresh events queued for it
// become the sources it is told changed, and its answer becomes the
// status' result, events and record.
func (t *transaction) callOne(ctx context.Context, v *graph.Vertex, oc OneCall, s *Status) {
	t.mu.Lock()
	queued := len(t.queues[v]) > 0
	delete(t.queues, v)
	t.mu.Unlock()
	var refreshed []Source
	if queued {
		t.mu.Lock()
		for e := range t.g.InEdges(v) {
			if !e.Refresh() {
				continue
			}
			if st := t.statusOf(e.From); st != nil && !st.Failed && (st.OutOfSync || st.Restarted) {
				refreshed = append(refreshed, Source{Resource: e.From.Resource, Via: e.Origin.Via})
			}
		}
		t.mu.Unlock()
	}
	in := CallInput{Refreshed: refreshed}
	if s.refreshSkipped {
		in = CallInput{RefreshSkipped: len(refreshed) > 0}
	}
	h := t.handle(v, s.Path())
	out := safeOneCall(ctx, oc, h, in)
	s.calls = &calls{record: out.Record, skipReq: out.SkipRequisites}
	if d := t.dryOf(v); d != nil && d.out != nil {
		s.calls.dry = d.out.Record
	}
	ev := Event{Name: "state_changed", Status: EventSuccess, Message: out.Message, Time: t.now()}
	switch {
	case out.Result == CallFalse:
		ev.Status = EventFailure
		if !out.Changed {
			ev.Name = "resource_error"
		}
		t.log.Log(resource.Err, s.Path(), out.Message)
	case !out.Changed:
		if out.Result == CallNone {
			s.Pending = true
		}
		t.log.Log(resource.Debug, s.Path(), out.Message)
		return
	case h.Noop || out.Result == CallNone:
		ev.Status = EventNoop
		s.Pending = out.Result == CallNone
		t.log.Log(h.Level, s.Path(), out.Message+" (noop)")
	default:
		t.log.Log(h.Level, s.Path(), out.Message)
	}
	s.addEvent(ev)
}

// safeOneCall makes a panic in a one-call instance its failure.
func safeOneCall(ctx context.Context, oc OneCall, h *resource.Handle, in CallInput) (out CallOutput) {
	defer func() {
		if p := recover(); p != nil {
			out = CallOutput{Result: CallFalse, Message: fmt.Sprintf("internal error: %v", p)}
		}
	}()
	return oc.Call(ctx, h, in)
}

// dryOf returns v's pre-check try, if one was made.
func (t *transaction) dryOf(v *graph.Vertex) *dryRun {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.dry[v]
}
