package apply

import (
	"context"
	"fmt"

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
	case s.Failed || s.FailedToRestart || len(s.failedVertices) > 0:
		return Failed
	case s.Skipped:
		return NotRun
	case s.OutOfSync || s.Restarted:
		return Changed
	}
	return Unchanged
}

// Verdict is what the edges of one kind say about running their target.
type Verdict uint8

const (
	// Run: nothing stands in the way.
	Run Verdict = iota
	// NotTriggered: the kind's condition was not met; the target is
	// skipped without failing (Salt's result True, "not run").
	NotTriggered
	// DependencyFailed: a source failed; the target is skipped as failed.
	DependencyFailed
)

// DependencyResult sums up the sources of one edge kind into one target:
// how many ended each way. For a pre-check edge the sources are the
// resources tried in a dry run, and their outcomes those of the dry run.
type DependencyResult struct {
	Kind                               catalog.EdgeKind
	Unchanged, Changed, Failed, NotRun int
}

func (d *DependencyResult) add(o Outcome) {
	switch o {
	case Unchanged:
		d.Unchanged++
	case Changed:
		d.Changed++
	case Failed:
		d.Failed++
	case NotRun:
		d.NotRun++
	}
}

// kindRule is the one place that decides, for one edge kind, whether the
// target may run given its sources.
type kindRule struct {
	// decide gives the verdict; it is called only when there is at least
	// one source of the kind.
	decide func(DependencyResult) Verdict
	// blocksOnFailure says whether a failed source is a failed dependency
	// of the target (listed in "Dependency X has failures" and carried on
	// to the target's own dependents). It is what decide says of Failed.
	blocksOnFailure bool
	// notTriggered is the reason logged, and kept in the status, when the
	// rule says NotTriggered: Salt's comment for a state it did not run.
	notTriggered string
}

// rules holds the rule of each kind, indexed by catalog.EdgeKind.
var rules = [...]kindRule{
	catalog.Order: {
		decide:          runUnlessFailed,
		blocksOnFailure: true,
	},
	catalog.Refresh: {
		decide:          runUnlessFailed,
		blocksOnFailure: true,
	},
	catalog.OnChange: {
		decide: func(d DependencyResult) Verdict {
			switch {
			case d.Failed > 0:
				return DependencyFailed
			case d.Changed > 0:
				return Run
			}
			return NotTriggered
		},
		blocksOnFailure: true,
		notTriggered:    "State was not run because none of the onchanges reqs changed",
	},
	catalog.OnFail: {
		decide: func(d DependencyResult) Verdict {
			if d.Failed > 0 {
				return Run
			}
			return NotTriggered
		},
		notTriggered: "State was not run because onfail req did not change",
	},
	// A pre-check edge A -> B is an order edge for B (B is skipped if A
	// failed); for A it is decided by preCheck on B's dry run.
	catalog.PreCheck: {
		decide:          runUnlessFailed,
		blocksOnFailure: true,
	},
}

// preCheck is the rule of pre-check edges seen from the resource that runs
// first: it runs only if one of the resources it watches would change in
// a dry run, and fails if a dry run failed.
var preCheck = kindRule{
	decide: func(d DependencyResult) Verdict {
		switch {
		case d.Failed > 0:
			return DependencyFailed
		case d.Changed > 0:
			return Run
		}
		return NotTriggered
	},
	blocksOnFailure: true,
	notTriggered:    "No changes detected",
}

func runUnlessFailed(d DependencyResult) Verdict {
	if d.Failed > 0 {
		return DependencyFailed
	}
	return Run
}

func ruleOf(k catalog.EdgeKind) kindRule {
	if int(k) >= 0 && int(k) < len(rules) && rules[k].decide != nil {
		return rules[k]
	}
	return rules[catalog.Order]
}

// conditional reports whether edges of kind k can keep a target from
// running for a reason other than a failure.
func conditional(k catalog.EdgeKind) bool {
	return k == catalog.OnChange || k == catalog.OnFail
}

// triggered applies the conditional kinds to v once no failed dependency
// stands in its way: the on-change and on-fail edges into v, then the
// dry runs of the resources v pre-checks. It returns the verdict, the
// reason when v is not triggered, and the watched resources whose dry run
// failed.
func (t *transaction) triggered(ctx context.Context, v *graph.Vertex) (Verdict, string, []*graph.Vertex) {
	if !v.HasIn(catalog.OnChange) && !v.HasIn(catalog.OnFail) && !v.HasOut(catalog.PreCheck) {
		return Run, "", nil // every Puppet resource
	}
	if verdict, reason := t.conditions(v); verdict != Run {
		return verdict, reason, nil
	}
	if v.Whit != graph.NotWhit {
		return Run, "", nil
	}
	pre := DependencyResult{Kind: catalog.PreCheck}
	var failed []*graph.Vertex
	checked := false
	for e := range t.g.OutEdges(v) {
		if e.Kind != catalog.PreCheck {
			continue
		}
		checked = true
		o := t.dryRun(ctx, e.To)
		if o == Failed {
			failed = append(failed, e.To)
		}
		pre.add(o)
	}
	if !checked {
		return Run, "", nil
	}
	switch verdict := preCheck.decide(pre); verdict {
	case NotTriggered:
		return verdict, preCheck.notTriggered, nil
	case DependencyFailed:
		return verdict, "", failed
	}
	return Run, "", nil
}

// conditions applies the rules of the conditional kinds (on-change,
// on-fail) to the edges into v, each source counted once per kind. The
// first kind that is not triggered gives the reason.
func (t *transaction) conditions(v *graph.Vertex) (Verdict, string) {
	var results [len(rules)]DependencyResult
	var seen [len(rules)]map[*graph.Vertex]bool
	t.mu.Lock()
	for e := range t.g.InEdges(v) {
		if !conditional(e.Kind) {
			continue
		}
		if seen[e.Kind] == nil {
			seen[e.Kind] = map[*graph.Vertex]bool{}
		}
		if seen[e.Kind][e.From] {
			continue
		}
		seen[e.Kind][e.From] = true
		results[e.Kind].Kind = e.Kind
		results[e.Kind].add(outcome(t.statuses[e.From.ID()]))
	}
	t.mu.Unlock()
	for k := range results {
		if seen[k] == nil {
			continue
		}
		rule := ruleOf(catalog.EdgeKind(k))
		if verdict := rule.decide(results[k]); verdict != Run {
			return verdict, rule.notTriggered
		}
	}
	return Run, ""
}

// dryRun tries w as its own turn would, changing nothing and logging
// nothing, for a resource that pre-checks it (and whose turn comes
// first): Failed if w's own dependencies failed or it could not be read,
// NotRun if its own conditions are not met, else whether it would change.
func (t *transaction) dryRun(ctx context.Context, w *graph.Vertex) (o Outcome) {
	if w.Whit != graph.NotWhit || w.Skip || w.Resource.Virtual {
		return NotRun
	}
	if len(t.failedDependencies(w)) > 0 {
		return Failed
	}
	switch verdict, _ := t.conditions(w); verdict {
	case NotTriggered:
		return NotRun
	case DependencyFailed:
		return Failed
	}
	inst := t.plan.instance(w)
	if inst == nil {
		return Unchanged
	}
	defer func() {
		if p := recover(); p != nil {
			o = Failed
		}
	}()
	h := t.handle(w, t.g.Path(w))
	h.Noop = true
	h.Log = discard{}
	if err := inst.Retrieve(ctx, h); err != nil {
		return Failed
	}
	if props, _ := outOfSync(inst); len(props) > 0 {
		return Changed
	}
	return Unchanged
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
