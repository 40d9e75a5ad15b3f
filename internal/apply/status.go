package apply

import (
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/graph"
)

// Event statuses, as Puppet names them.
const (
	EventSuccess = "success"
	EventFailure = "failure"
	EventNoop    = "noop"
	// EventAudit is an audited property found changed since the last run.
	EventAudit = "audit"
)

// Event is one change (or attempted change) to a resource, or a refresh.
type Event struct {
	Name     string // file_created, content_changed, refresh, restarted, noop_restart, ...
	Status   string // success, failure, noop
	Property string // "" for refresh and container events
	Previous catalog.Value
	Desired  catalog.Value
	Message  string
	Time     time.Time
	// Redacted marks an event of a sensitive property: its values are
	// catalog.Sensitive and show as [redacted].
	Redacted bool
	// InvalidatesRefresh marks a change (or noop change) that drops the
	// refresh events queued for its own resource (resource.RefreshInvalidator).
	InvalidatesRefresh bool
}

// Status is what happened to one resource during the run. Its log
// source and containment path are made from the graph when asked (Path,
// Containment), not kept for each of a run's resources.
type Status struct {
	Resource *catalog.Resource
	// ContainmentPath is the containment path of a status made by hand,
	// as Containment returns it; a run's statuses leave it nil.
	ContainmentPath []string
	Provider        string

	Failed          bool
	FailedToRestart bool
	Changed         bool
	OutOfSync       bool
	Skipped         bool
	Restarted       bool
	// Pending marks a dry run that would change something: Salt's result
	// None, which a one-call resource reports in test mode.
	Pending bool
	// failedDeps: skipped for failed dependencies (transaction.failedBy
	// lists them).
	failedDeps bool
	// refreshSkipped: a source asked that the refresh it sends not be
	// done (CallOutput.SkipRequisites).
	refreshSkipped bool
	// shortPath: the resource's validation logged a warning, and Puppet
	// keeps the short path it logged under (/Type[title]) for the
	// resource's own lines.
	shortPath bool

	ChangeCount    int
	OutOfSyncCount int
	Events         []Event
	// FailedDependencies are the failed resources this one waited for.
	FailedDependencies []catalog.Ref
	// SkipReason says why a skipped resource was not run when no failure
	// is the cause but a condition of its edges (on-change, on-fail,
	// pre-check): Salt's comment for the state.
	SkipReason string
	// calls holds what a one-call resource (OneCall) said; nil for the
	// others, so that Puppet's statuses pay one pointer for it.
	calls *calls

	Time           time.Time
	EvaluationTime time.Duration // zero when skipped
	// Turn is the place the resource's evaluation had among the walk's
	// starts, from 1 (0 when it was not evaluated): under Salt's
	// parallel: True, the order Salt numbers its states in.
	Turn int

	graph  *graph.Graph
	vertex *graph.Vertex
}

// Path is the resource's log source: /Stage[main]/Main/File[/x], or for
// a container's sentinel the container (Class[Main]).
func (s *Status) Path() string {
	if s.graph == nil || s.shortPath {
		if s.Resource == nil {
			return ""
		}
		return "/" + s.Resource.Ref().String()
	}
	return s.graph.Path(s.vertex)
}

// Containment is the resource's containment path: ["Stage[main]",
// "Main", "File[/x]"]. Callers must not change it.
func (s *Status) Containment() []string {
	if s.ContainmentPath != nil || s.graph == nil {
		return s.ContainmentPath
	}
	return s.graph.ContainmentPath(s.vertex)
}

func (s *Status) addEvent(e Event) {
	s.Events = append(s.Events, e)
	switch e.Status {
	case EventFailure:
		s.Failed = true
	case EventSuccess:
		s.ChangeCount++
		s.Changed = true
	}
	if e.Status != EventAudit {
		s.OutOfSyncCount++
		s.OutOfSync = true
	}
}

// calls are a one-call resource's own accounts of its turn and of its
// dry run.
type calls struct {
	record, dry any
	// skipReq: the call asked that what depends on it not be triggered
	// by it (CallOutput.SkipRequisites).
	skipReq bool
}

// Record is a one-call resource's own account of its turn (OneCall's
// CallOutput.Record), or nil.
func (s *Status) Record() any {
	if s.calls == nil {
		return nil
	}
	return s.calls.record
}

// DryRecord is a one-call resource's account of the dry run a
// pre-checking resource asked for, or nil. A resource skipped because
// the one that pre-checked it failed has only this one.
func (s *Status) DryRecord() any {
	if s.calls == nil {
		return nil
	}
	return s.calls.dry
}

func (s *Status) hasNoopEvent() bool {
	for _, e := range s.Events {
		if e.Status == EventNoop {
			return true
		}
	}
	return false
}

// Result is the outcome of one run.
type Result struct {
	// Statuses lists every resource's status in evaluation order
	// (containers' internal sentinels excluded).
	Statuses []*Status
	// Completed is false when the run was aborted (cycles, interruption).
	Completed bool
	Noop      bool
	Start     time.Time
	Duration  time.Duration
	// Finished holds what the run's finishers kept (End.Keep), in the
	// order they kept it.
	Finished []any
}

// Counts sums the statuses the way Puppet's resource metrics do.
type Counts struct {
	Total, Skipped, Failed, FailedToRestart, Restarted, Changed, OutOfSync int
	Changes                                                                int
	Events, EventSuccess, EventFailure, EventNoop                          int
}

// Counts returns the run's summary counts.
func (r *Result) Counts() Counts {
	var c Counts
	for _, s := range r.Statuses {
		c.Total++
		if s.Skipped {
			c.Skipped++
		}
		if s.Failed {
			c.Failed++
		}
		if s.FailedToRestart {
			c.FailedToRestart++
		}
		if s.Restarted {
			c.Restarted++
		}
		if s.Changed {
			c.Changed++
		}
		if s.OutOfSync {
			c.OutOfSync++
		}
		c.Changes += s.ChangeCount
		for _, e := range s.Events {
			c.Events++
			switch e.Status {
			case EventSuccess:
				c.EventSuccess++
			case EventFailure:
				c.EventFailure++
			case EventNoop:
				c.EventNoop++
			}
		}
	}
	return c
}

// Status summarizes the run as Puppet's report does: "failed" if any
// resource failed or the run did not complete, else "changed" if anything
// changed, else "unchanged".
func (r *Result) Status() string {
	c := r.Counts()
	switch {
	case !r.Completed || c.Failed > 0 || c.FailedToRestart > 0:
		return "failed"
	case c.Changes > 0:
		return "changed"
	}
	return "unchanged"
}

// ExitCode is puppet apply's --detailed-exitcodes value: 2 when something
// changed, 4 when something failed, 6 for both, 0 otherwise.
func (r *Result) ExitCode() int {
	c := r.Counts()
	code := 0
	if c.Changes > 0 {
		code |= 2
	}
	if c.Failed > 0 || c.FailedToRestart > 0 || !r.Completed {
		code |= 4
	}
	return code
}

// NoopPending reports whether any resource has a noop event.
func (r *Result) NoopPending() bool {
	for _, s := range r.Statuses {
		for _, e := range s.Events {
			if e.Status == EventNoop {
				return true
			}
		}
	}
	return false
}
