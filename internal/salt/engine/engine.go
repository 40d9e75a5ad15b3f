// Package engine runs compiled Salt states on ordo's transaction
// (internal/apply), the one engine Puppet's catalogs run on: every low
// chunk becomes a resource of a Salt state type (Salt::<module>) whose
// instance calls the state function, every requisite an edge with its
// kind and quantifier, and the transaction decides, per state, whether
// it runs, is skipped or fails. The statuses the run leaves are then
// read back into Salt's records: run numbers in Salt's order (with
// mod_watch's gap), not-run and failed-requisite comments, the dry-run
// record a failed prereq leaves, and listen's watchers, called after
// the run.
package engine

import (
	"context"
	"sort"
	"strings"
	"time"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/salt"
	"github.com/ordoproject/ordo/internal/salt/state"
)

// Options steer one run.
type Options struct {
	// Test is Salt's test=True: every state function runs as a dry run.
	Test bool
	// Failhard stops the run at the first state that fails.
	Failhard bool
	// Jobs is how many states may run at once; 0 or 1 runs them one by
	// one in Salt's order. A parallel run starts a state once its
	// requisites are done, so parallel: True adds nothing to it; run
	// numbers are those of Salt's order of the states (a serial run
	// numbers a parallel: True state put aside later, when it starts, as
	// Salt does). Failhard runs are serial.
	Jobs      int
	Functions state.Functions
	Env       *state.Env
	// Aggregate is Salt's state_aggregate option: True, or a list of the
	// modules whose states are aggregated (pkg); a state's own aggregate
	// option wins over it.
	Aggregate any
	// Now is the clock; time.Now when nil.
	Now func() time.Time
}

// States are the Salt states of one run, as resources of the
// transaction: they add themselves to a catalog, give the types their
// resources are instances of, and read the run's statuses back into
// Salt's records.
type States struct {
	low    *salt.Low
	opts   Options
	call   *caller
	chunks map[catalog.Ref]*salt.Chunk
	// joined is set once the states joined a Puppet catalog: listen may
	// then name its resources.
	joined bool
	// agg aggregates pkg states (nil when none may be).
	agg *aggregator
}

// New prepares low's states for a run with opts.
func New(low *salt.Low, opts Options) *States {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	lowstate := make([]state.LowChunk, len(low.Chunks))
	for i, c := range low.Chunks {
		lowstate[i] = state.LowChunk{ID: c.ID, Name: c.Name, Module: c.Module, Fun: c.Fun, Args: c.Args}
	}
	s := &States{low: low, opts: opts, call: &caller{functions: opts.Functions, env: opts.Env, now: opts.Now, lowstate: lowstate},
		chunks: make(map[catalog.Ref]*salt.Chunk, len(low.Chunks)), agg: newAggregator(low, opts.Aggregate)}
	for _, c := range low.Chunks {
		// A later chunk with the tag of an earlier one is never run.
		if _, ok := s.chunks[c.Ref()]; !ok {
			s.chunks[c.Ref()] = c
		}
	}
	return s
}

// AddTo adds the states and their requisites to cat.
func (s *States) AddTo(cat *catalog.Catalog) { salt.AddTo(cat, s.low) }

// Types returns the state types of the run, one per module.
func (s *States) Types() []resource.Type {
	seen := map[string]bool{}
	var out []resource.Type
	for _, c := range s.low.Chunks {
		if seen[c.Module] {
			continue
		}
		seen[c.Module] = true
		out = append(out, &stateType{s: s, schema: schemaOf(c.Module)})
	}
	return out
}

// parallel reports whether some state runs with parallel: True.
func (s *States) parallel() bool {
	for _, c := range s.low.Chunks {
		if truthy(c.Args["parallel"]) {
			return true
		}
	}
	return false
}

// Serial reports whether the run must be serial whatever the jobs:
// failhard stops at the first failure, in Salt's order.
func (s *States) Serial() bool {
	if s.opts.Failhard && !s.opts.Test {
		return true
	}
	for _, c := range s.low.Chunks {
		if !s.opts.Test && truthy(c.Args["failhard"]) {
			return true
		}
	}
	return false
}

// detaching reports whether the run walks serially with parallel: True
// states running on their own beside it.
func (s *States) detaching() bool {
	return s.parallel() && (s.opts.Jobs <= 1 || s.Serial())
}

// Run applies low on the transaction and returns Salt's records in run
// order. An error means the run could not start (the compile already
// refuses cycles and missing targets): nothing was applied.
func Run(ctx context.Context, low *salt.Low, opts Options) ([]*Record, error) {
	s := New(low, opts)
	cat := catalog.New("local")
	s.AddTo(cat)
	types := append(builtin.Types(), s.Types()...)
	jobs := opts.Jobs
	if s.Serial() {
		jobs = 1
	}
	res, err := apply.Apply(ctx, cat, apply.Options{
		Finish:   []apply.Finisher{s},
		Types:    resource.NewRegistry(types...),
		Noop:     opts.Test,
		Jobs:     jobs,
		FailHard: opts.Failhard && !opts.Test,
		Now:      opts.Now,
	})
	if err != nil {
		return nil, err
	}
	return s.Records(ctx, res), nil
}

// schemaOf is the schema of the state type of one module. The state's
// arguments stay with its chunk; the resource carries what names it.
func schemaOf(module string) *resource.Schema {
	return resource.NewSchema(resource.Schema{
		Name: "salt::" + module,
		Doc:  "Salt's " + module + " states.",
		Attrs: []resource.Attr{
			{Name: "name", Namevar: true, Kind: resource.KindParam},
			{Name: "fun", Kind: resource.KindParam},
			{Name: "__id__", Kind: resource.KindParam},
			{Name: "__sls__", Kind: resource.KindParam},
			{Name: "order", Kind: resource.KindParam},
		},
		NonIsomorphic: true,
	})
}

// stateType is the type of one module's states.
type stateType struct {
	s      *States
	schema *resource.Schema
}

func (t *stateType) Schema() *resource.Schema { return t.schema }

func (t *stateType) New(v resource.Values) (resource.Instance, error) {
	r := v.Resource()
	c := t.s.chunks[r.Ref()]
	if c == nil {
		return nil, &unknownState{ref: r.Ref()}
	}
	return &instance{s: t.s, c: c}, nil
}

type unknownState struct{ ref catalog.Ref }

func (e *unknownState) Error() string {
	return e.ref.String() + " is not a Salt state of this run; the types Salt::<module> are the Salt states'"
}

// instance is one state: a one-call resource of the transaction.
type instance struct {
	s *States
	c *salt.Chunk
}

func (i *instance) Retrieve(context.Context, *resource.Handle) error { return nil }
func (i *instance) Exists() bool                                     { return true }
func (i *instance) Properties() []resource.Property                  { return nil }

// FailHard is the state's own failhard option (not in a dry run).
func (i *instance) FailHard() bool { return !i.s.opts.Test && truthy(i.c.Args["failhard"]) }

// Detached is parallel: True.
func (i *instance) Detached() bool { return truthy(i.c.Args["parallel"]) }

// Call runs the state function; when a watched state changed and the
// call itself changed nothing, mod_watch runs and its record replaces
// the first, one run number later.
func (i *instance) Call(ctx context.Context, h *resource.Handle, in apply.CallInput) apply.CallOutput {
	c := i.s.agg.chunk(i.c)
	test := h.Noop
	if in.DryRun {
		return output(i.s.call.call(ctx, c, true, "", nil))
	}
	if in.RefreshSkipped {
		rec := i.s.call.call(ctx, c, test, "", nil)
		rec.Comment += " mod_watch was not run because requisites were skipped by another state"
		return output(rec)
	}
	if len(in.Refreshed) == 0 {
		return output(i.s.call.call(ctx, c, test, "", nil))
	}
	rec := i.s.call.call(ctx, c, test, "", nil)
	if len(rec.Changes) > 0 || rec.SkipWatch {
		return output(rec)
	}
	changed := make(map[catalog.Ref]bool, len(in.Refreshed))
	for _, src := range in.Refreshed {
		changed[src.Resource.Ref()] = true
	}
	watched := []string{}
	for _, req := range c.Requisites {
		if req.Type != "watch" {
			continue
		}
		for _, d := range req.Deps {
			if changed[d.Ref()] {
				watched = append(watched, d.Module+": "+d.ID)
			}
		}
		for _, ref := range req.External {
			if changed[ref] {
				watched = append(watched, strings.ToLower(ref.Type)+": "+ref.Title)
			}
		}
	}
	mw := i.s.call.call(ctx, c, test, "mod_watch", watched)
	mw.gap = 1
	return output(mw)
}

func output(rec *Record) apply.CallOutput {
	out := apply.CallOutput{Changed: len(rec.Changes) > 0, Message: rec.Comment, Record: rec, SkipRequisites: rec.SkipReq}
	switch rec.Result {
	case state.False:
		out.Result = apply.CallFalse
	case state.None:
		out.Result = apply.CallNone
	}
	return out
}

// Records reads a run's statuses back into Salt's records, numbered in
// Salt's order, then the records of listen's watchers, which the run
// called at its end (Finish). States the run did not reach (failhard,
// an interrupted run) have no record.
func (s *States) Records(ctx context.Context, res *apply.Result) []*Record {
	out, _, b := s.mainRecords(res.Statuses)
	if s.detaching() {
		// Salt numbers a state when it starts: a parallel state put
		// aside until what it waits for is done (and what waits on it)
		// takes a later number than the states that started before it.
		sort.SliceStable(out, func(i, j int) bool { return b.started[out[i]] < b.started[out[j]] })
	}
	num := 0
	for _, rec := range out {
		num += rec.gap
		rec.RunNum = num
		num++
	}
	for _, f := range res.Finished {
		if rec, ok := f.(*Record); ok {
			num += rec.gap
			rec.RunNum = num
			num++
			out = append(out, rec)
		}
	}
	return out
}

// mainRecords builds the records of the states the walk reached, in
// Salt's order, without run numbers; results holds them by tag.
func (s *States) mainRecords(statuses []*apply.Status) (out []*Record, results map[string]*Record, b *records) {
	b = &records{s: s, statuses: map[*salt.Chunk]*apply.Status{}, external: map[catalog.Ref]*apply.Status{}, memo: map[*salt.Chunk]*Record{},
		started: map[*Record]int{}}
	for _, st := range statuses {
		ref := st.Resource.Ref()
		if c := s.chunks[ref]; c != nil {
			b.statuses[c] = st
		} else {
			b.external[ref] = st
		}
	}
	results = map[string]*Record{}
	for _, step := range s.low.Steps {
		c := step.Chunk
		if results[c.Tag()] != nil {
			continue
		}
		st := b.statuses[c]
		if st == nil {
			continue
		}
		// A pre-required state whose own requisites failed at its dry
		// run has its final record there, before the state that
		// pre-requires it.
		if step.TestRun && !(st.Skipped && len(st.FailedDependencies) > 0 && st.DryRecord() == nil) {
			continue
		}
		rec := b.record(c)
		if rec == nil {
			continue
		}
		results[c.Tag()] = rec
		b.started[rec] = st.Turn
		out = append(out, rec)
	}
	return out, results, b
}

// Finish runs listen's watchers once the walk is over, as Salt calls
// them after its last state: a listening state's mod_watch, a Puppet
// resource named by listen_in refreshed, Salt's Listen_Error record for
// a listener that is not there. Their records are kept in the result
// (Records numbers them after the others) and logged, each under its
// state's log source.
func (s *States) Finish(ctx context.Context, end *apply.End) {
	_, results, b := s.mainRecords(end.Statuses())
	var external func(string) (bool, bool)
	var refresh func(target string, events int) bool
	if s.joined {
		external = func(target string) (changed, ok bool) {
			ref, isRef := catalog.ParseRef(target)
			st := b.external[ref]
			if !isRef || st == nil {
				return false, false
			}
			changed = st.Changed || st.Restarted
			for _, e := range st.Events {
				changed = changed || e.Status == apply.EventNoop
			}
			return changed, true
		}
		refresh = func(target string, events int) bool {
			ref, isRef := catalog.ParseRef(target)
			st := b.external[ref]
			if !isRef || st == nil {
				return false
			}
			end.Refresh(ctx, st.Resource, events, s.opts.Test)
			return true
		}
	}
	log := end.Log()
	keep := func(rec *Record) {
		end.Keep(rec)
		// As a state's own call logs: a failure as an error, a change
		// as a notice, nothing changed at debug level.
		src := "/" + catalog.NewRef("salt::"+rec.Module, rec.ID).String()
		switch {
		case strings.HasPrefix(rec.Tag, "Listen_Error"):
			log.Log(resource.Err, "", rec.Comment)
		case rec.Result == state.False:
			log.Log(resource.Err, src, rec.Comment)
		case len(rec.Changes) == 0:
			log.Log(resource.Debug, src, rec.Comment)
		case s.opts.Test || rec.Result == state.None:
			log.Log(resource.Notice, src, rec.Comment+" (noop)")
		default:
			log.Log(resource.Notice, src, rec.Comment)
		}
	}
	s.call.listen(ctx, s.low, s.opts.Test, results, keep, external, refresh)
}

// records builds each state's record from its status, once.
type records struct {
	s        *States
	statuses map[*salt.Chunk]*apply.Status
	external map[catalog.Ref]*apply.Status
	memo     map[*salt.Chunk]*Record
	// started is the turn each record's state had (apply.Status.Turn).
	started map[*Record]int
}

func (b *records) record(c *salt.Chunk) *Record {
	if rec, ok := b.memo[c]; ok {
		return rec
	}
	b.memo[c] = nil // a state's record never depends on itself
	rec := b.build(c)
	b.memo[c] = rec
	return rec
}

func (b *records) build(c *salt.Chunk) *Record {
	st := b.statuses[c]
	if st == nil {
		return nil
	}
	notRun := func(result state.Result, comment string) *Record {
		rec := base(c)
		rec.Result, rec.Comment, rec.Changes, rec.NotRun = result, comment, state.Changes{}, true
		rec.StartTime = startTime(st.Time)
		rec.Duration = float64(st.EvaluationTime.Microseconds()) / 1000
		return rec
	}
	switch {
	case st.Record() != nil:
		rec := st.Record().(*Record)
		rec.Parallel = truthy(c.Args["parallel"])
		return rec
	case st.Skipped && st.DryRecord() != nil:
		// The state that pre-required it failed: it keeps its dry run's
		// record, without the changes.
		rec := *st.DryRecord().(*Record)
		rec.Changes = state.Changes{}
		return &rec
	case st.Skipped && len(st.FailedDependencies) > 0:
		return notRun(state.False, "One or more requisite failed: "+strings.Join(b.failedRequisites(c), ", "))
	case st.Skipped && st.SkipReason != "":
		return notRun(state.True, st.SkipReason)
	}
	return nil
}

// failedRequisites lists, as Salt does, each requisite of c whose result
// is False: <sls>.<id>, reading a state's dry-run record first; a
// resource of another language by its reference.
func (b *records) failedRequisites(c *salt.Chunk) []string {
	var out []string
	seen := map[string]bool{}
	add := func(key string) {
		if !seen[key] {
			seen[key] = true
			out = append(out, key)
		}
	}
	for _, req := range c.Requisites {
		for _, d := range req.Deps {
			st := b.statuses[d]
			if st == nil {
				continue
			}
			result := state.True
			if st.DryRecord() != nil {
				result = st.DryRecord().(*Record).Result
			} else if rec := b.record(d); rec != nil {
				result = rec.Result
			}
			if result == state.False {
				add(d.SLS + "." + d.ID)
			}
		}
		for _, ref := range req.External {
			if st := b.external[ref]; st != nil && (st.Failed || st.FailedToRestart || st.Skipped && len(st.FailedDependencies) > 0) {
				add(ref.String())
			}
		}
	}
	return out
}
