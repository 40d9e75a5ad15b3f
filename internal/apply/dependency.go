package apply

import (
	"context"
	"fmt"
	"sync"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/graph"
	"github.com/ordoproject/ordo/internal/resource"
)

// Outcome is what became of a resource, as the resources after it see it.
type Outcome uint8

const (
	// Unchanged: evaluated, and nothing was (or in noop would be) changed.
	Unchanged Outcome = iota
	// Changed: something was changed, or would be in noop, or a refresh
	// ran (a container's sentinel is changed when a change passed through).
	Changed
	// Failed: it failed, or was skipped because something it waits for
	// failed.
	Failed
	// NotRun: not evaluated, for a reason that is not a failure: tags,
	// a virtual resource, a condition of its edges not met, an
	// interrupted run.
	NotRun
)

func (o Outcome) String() string {
	switch o {
	case Unchanged:
		return "unchanged"
	case Changed:
		return "changed"
	case Failed:
		return "failed"
	case NotRun:
		return "not run"
	}
	return fmt.Sprintf("Outcome(%d)", int(o))
}

// outcome reads a finished vertex's status.
func outcome(s *Status) Outcome {
	switch {
	case s == nil:
		return NotRun
	case s.Failed || s.FailedToRestart || s.failedDeps:
		return Failed
	case s.Skipped:
		return NotRun
	case s.OutOfSync || s.Restarted:
		return Changed
	}
	return Unchanged
}

// Verdict is what the edges into a resource say about running it.
type Verdict uint8

const (
	// Run: nothing stands in the way.
	Run Verdict = iota
	// NotTriggered: a condition of the edges was not met; the target is
	// skipped without failing (Salt's result True, "not run").
	NotTriggered
	// DependencyFailed: a source failed; the target is skipped as failed.
	DependencyFailed
	// RunWithoutRefresh: a refresh is due, but a source asked that it
	// not be done (Salt's skip_req); the target runs without it.
	RunWithoutRefresh
)

// The reasons a resource is not triggered, Salt's comments for a state
// it did not run.
const (
	notChanged    = "State was not run because none of the onchanges reqs changed"
	reqSkipped    = "State was not run because requisites were skipped by another state"
	notFailed     = "State was not run because onfail req did not change"
	noPreChanges  = "No changes detected"
	groupsOfKinds = 5 // catalog.EdgeKind values
)

// blocksOnFailure says whether a failed source is a failed dependency
// of the target on its own (listed in "Dependency X has failures" and
// carried on to the target's own dependents): on every edge that wants
// all its sources in line. An on-fail edge waits for a failure, and an
// edge quantified Any is decided with the other sources of its group.
func blocksOnFailure(e *graph.Edge) bool {
	return e.Kind != catalog.OnFail && e.Quantifier == catalog.All
}

// sourceView is a finished source as the edges' conditions read it, in
// the terms of Salt's state records: its result (None: a dry run that
// would change), whether it changed, and whether it ran at all.
type sourceView struct {
	result       CallResult
	changed, ran bool
	skipReq      bool // the source asked not to trigger (CallOutput.SkipRequisites)
}

func viewOf(s *Status) sourceView {
	switch o := outcome(s); {
	case s == nil:
		return sourceView{result: CallTrue}
	case o == Failed:
		return sourceView{result: CallFalse, changed: s.OutOfSync, ran: !s.Skipped}
	}
	v := sourceView{result: CallTrue, changed: s.OutOfSync || s.Restarted, ran: !s.Skipped, skipReq: s.calls != nil && s.calls.skipReq}
	if s.Pending || s.hasNoopEvent() {
		v.result = CallNone
	}
	return v
}

// flags are the facts the sources of one target give, named after Salt's
// requisite flags: which conditions hold and which do not.
type flags uint16

const (
	flagFail         flags = 1 << iota // a source failed
	flagOnFail                         // an on-fail source did not fail
	flagOnChanges                      // an on-change source did not change
	flagOnChangesMet                   // an on-change source changed
	flagChange                         // a refresh source changed
	flagPre                            // a pre-checked resource would not change
	flagPreMet                         // a pre-checked resource would change
	flagMet                            // a source ran and is in line
	flagSkipReq                        // a source asked not to trigger
)

// sourceFlags is what one source says through an edge of kind k; a
// source that asked not to trigger says so besides.
func sourceFlags(k catalog.EdgeKind, v sourceView) flags {
	if v.skipReq {
		return flagSkipReq | sourceFlags(k, sourceView{result: v.result, changed: v.changed, ran: v.ran})
	}
	switch {
	case k == catalog.OnFail:
		if v.result == CallTrue {
			return flagOnFail
		}
	case v.result == CallFalse:
		return flagFail
	case k == catalog.OnChange:
		if v.changed {
			return flagOnChangesMet
		}
		return flagOnChanges
	case k == catalog.Refresh && v.changed:
		return flagChange
	}
	if v.ran {
		return flagMet
	}
	return 0
}

// reduce sums up the flags of one group of sources (one kind, one
// quantifier): one source in line is enough for an Any group, and an
// on-fail group quantified All needs every source to have failed.
func reduce(k catalog.EdgeKind, q catalog.Quantifier, f flags) flags {
	switch {
	case q == catalog.Any:
		if f&(flagMet|flagChange) != 0 {
			f &^= flagFail
		}
		if f&flagOnChangesMet != 0 {
			f &^= flagOnChanges | flagFail
		}
		if f&flagOnFail != 0 && f&flagMet != 0 {
			f &^= flagOnFail
		}
	case k == catalog.OnFail:
		if f&flagOnFail != 0 {
			f &^= flagMet
		}
	}
	return f
}

// verdictOf turns the union of the groups' flags into the verdict, with
// Salt's precedence: a failure, then an unmet pre-check, an on-fail that
// did not fail, an on-change that did not change, and a refresh that is
// due before an on-fail met only through changes.
func verdictOf(f flags) (Verdict, string) {
	switch {
	case f&flagFail != 0:
		return DependencyFailed, ""
	case f&flagSkipReq != 0 && f&(flagOnChangesMet|flagPreMet) != 0:
		return NotTriggered, reqSkipped
	case f&flagSkipReq != 0 && f&flagChange != 0:
		return RunWithoutRefresh, ""
	case f&flagPre != 0 && f&flagPreMet == 0:
		return NotTriggered, noPreChanges
	case f&flagOnFail != 0 && f&flagOnChangesMet == 0:
		return NotTriggered, notFailed
	case f&flagOnChanges != 0 && f&flagOnChangesMet == 0:
		return NotTriggered, notChanged
	case f&flagChange != 0:
		return Run, ""
	case f&flagOnFail != 0:
		return NotTriggered, notFailed
	}
	return Run, ""
}

// conditional reports whether v's edges need the groups' decision:
// Puppet's resources have only order and refresh edges that want every
// source, decided by failedDependencies alone.
func conditional(v *graph.Vertex) bool {
	return v.HasIn(catalog.OnChange) || v.HasIn(catalog.OnFail) || v.HasOut(catalog.PreCheck) || v.HasInAny()
}

// refreshedState reports whether v is a one-call resource with refresh
// edges into it, whose refresh a source may ask to skip.
func (t *transaction) refreshedState(v *graph.Vertex) bool {
	if v.Whit != graph.NotWhit || !v.HasIn(catalog.Refresh) {
		return false
	}
	_, ok := t.instanceOf(v).(OneCall)
	return ok
}

// triggered applies the groups of v's edges once no failed dependency
// stands in its way: the edges into v by kind and quantifier, and the dry
// runs of the resources v pre-checks. It returns the verdict, the reason
// when v is not triggered, and the sources whose failure decided it.
func (t *transaction) triggered(ctx context.Context, v *graph.Vertex) (Verdict, string, []*graph.Vertex) {
	if !conditional(v) && !t.refreshedState(v) {
		return Run, "", nil // every Puppet resource
	}
	f, failed := t.inFlags(v)
	if v.Whit == graph.NotWhit {
		for e := range t.g.OutEdges(v) {
			if e.Kind != catalog.PreCheck {
				continue
			}
			d := t.dryRun(ctx, e.To)
			if d.skipReq {
				f |= flagSkipReq
			}
			switch {
			case d.result == CallFalse:
				f |= flagFail
				failed = appendNew(failed, e.To)
			case d.result == CallNone:
				f |= flagPreMet
			default:
				f |= flagPre
			}
		}
	}
	verdict, reason := verdictOf(f)
	if verdict != DependencyFailed {
		failed = nil
	}
	return verdict, reason, failed
}

// inFlags reads the edges into v, grouped by kind and quantifier, and
// returns the union of the groups' reduced flags and the failed sources
// of groups whose failure stands.
func (t *transaction) inFlags(v *graph.Vertex) (flags, []*graph.Vertex) {
	var groups [groupsOfKinds * 2]flags
	var present [groupsOfKinds * 2]bool
	var buf [16]*graph.Edge
	in := t.g.AppendIn(buf[:0], v)
	t.mu.Lock()
	views := make([]sourceView, len(in))
	for i, e := range in {
		views[i] = viewOf(t.statusOf(e.From))
	}
	t.mu.Unlock()
	for i, e := range in {
		if e.Kind == catalog.PreCheck || int(e.Kind) >= groupsOfKinds {
			continue // decided at the pre-checking resource's turn
		}
		g := int(e.Kind)*2 + int(e.Quantifier&1)
		present[g] = true
		groups[g] |= sourceFlags(e.Kind, views[i])
	}
	var all flags
	var failed []*graph.Vertex
	for g, f := range groups {
		if !present[g] {
			continue
		}
		k, q := catalog.EdgeKind(g/2), catalog.Quantifier(g%2)
		f = reduce(k, q, f)
		all |= f
		if f&flagFail == 0 {
			continue
		}
		for i, e := range in {
			if e.Kind == k && e.Quantifier == q && views[i].result == CallFalse {
				failed = appendNew(failed, e.From)
			}
		}
	}
	return all, failed
}

// dryRun tries w as its own turn would, changing nothing and logging
// nothing, for a resource that pre-checks it (and whose turn comes
// first), once per run: failed if w's own dependencies failed or it
// could not be read, not run if its own conditions are not met, else
// whether it would change.
func (t *transaction) dryRun(ctx context.Context, w *graph.Vertex) sourceView {
	t.mu.Lock()
	d := t.dry[w]
	if d == nil {
		d = &dryRun{}
		t.dry[w] = d
	}
	t.mu.Unlock()
	d.once.Do(func() { d.view = t.tryDry(ctx, w, d) })
	return d.view
}

// dryRun is the pre-check try of one resource.
type dryRun struct {
	once sync.Once
	view sourceView
	// out is a one-call resource's answer, when it was asked.
	out *CallOutput
}

func (t *transaction) tryDry(ctx context.Context, w *graph.Vertex, d *dryRun) (view sourceView) {
	if w.Whit != graph.NotWhit || w.Skip || w.Resource.Virtual {
		return sourceView{result: CallTrue}
	}
	if len(t.failedDependencies(w)) > 0 {
		return sourceView{result: CallFalse}
	}
	if conditional(w) {
		f, _ := t.inFlags(w)
		switch verdict, _ := verdictOf(f); verdict {
		case NotTriggered:
			return sourceView{result: CallTrue}
		case DependencyFailed:
			return sourceView{result: CallFalse}
		}
	}
	inst := t.instanceOf(w)
	if inst == nil {
		return sourceView{result: CallTrue, ran: true}
	}
	defer func() {
		if p := recover(); p != nil {
			view = sourceView{result: CallFalse}
		}
	}()
	h := t.handle(w, t.g.Path(w))
	h.Noop = true
	h.Log = discard{}
	if oc, ok := inst.(OneCall); ok {
		out := oc.Call(ctx, h, CallInput{DryRun: true})
		d.out = &out
		return sourceView{result: out.Result, changed: out.Changed, ran: true, skipReq: out.SkipRequisites}
	}
	if err := inst.Retrieve(ctx, h); err != nil {
		return sourceView{result: CallFalse}
	}
	if props, _ := outOfSync(inst); len(props) > 0 {
		return sourceView{result: CallNone, changed: true, ran: true}
	}
	return sourceView{result: CallTrue, ran: true}
}

// outOfSync is Puppet's harness choice of what to sync: an out-of-sync
// ensure alone; otherwise, for a resource that exists, every property
// not in sync. exists is false when a resource that does not exist has
// nothing to manage.
func outOfSync(inst resource.Instance) (props []resource.Property, exists bool) {
	all := inst.Properties()
	switch {
	case len(all) > 0 && all[0].Name() == "ensure" && !all[0].InSync():
		return all[:1], true
	case !inst.Exists():
		return nil, false
	}
	for _, p := range all {
		if !p.InSync() {
			props = append(props, p)
		}
	}
	return props, true
}
