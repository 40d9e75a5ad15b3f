// Package apply is the transaction: it walks the ordered graph, brings
// each resource in line through its provider, delivers refresh events once
// per target, honours noop, and skips what depends on a failure while the
// rest goes on, logging each step the way Puppet 7 does.
package apply

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/durable"
	"github.com/ordoproject/ordo/internal/graph"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/schedule"
	"github.com/ordoproject/ordo/internal/state"
)

// Options steer one run.
type Options struct {
	Types  *resource.Registry
	Log    resource.Logger
	Runner resource.Runner
	// Noop reports changes without making them (a resource's own noop
	// parameter wins over this).
	Noop bool
	// Jobs is how many resources may be applied at once; 0 or 1 is serial.
	Jobs int
	// EvalTrace logs "Starting to evaluate the resource" and "Evaluated in"
	// lines around every vertex, as puppet --evaltrace does.
	EvalTrace bool
	Ordering  graph.Ordering
	Seed      int64
	// GraphDir, when set, receives resources.dot, relationships.dot and
	// expanded_relationships.dot (and cycles.dot when there are cycles).
	GraphDir string
	// BucketDir is where file backups go.
	BucketDir string
	// ShowDiff prints a unified diff of every file content change (the
	// file's own show_diff parameter can turn it off).
	ShowDiff bool
	// ModulePath lists the folders holding modules, where file sources
	// puppet:///modules/... are found.
	ModulePath []string
	// Tags, when not empty, limits the run to resources with one of these
	// tags (a container's sentinels carry the container's tags); the others
	// are skipped and drop the refresh events queued for them.
	Tags []string
	// SkipTags skips the resources with any of these tags.
	SkipTags []string
	// FailHard stops the run at the first resource that fails (Salt's
	// failhard): nothing after it is evaluated, and it has no status.
	FailHard bool
	// Now is the clock; time.Now when nil.
	Now func() time.Time
	// State, when set, is where the run reads and records when resources
	// with a schedule were last checked and their audited values; the
	// caller saves it. Without it every schedule counts from the epoch
	// and every audited value is newly recorded.
	State *state.Store
	// Finish is the work left for the end of the walk (Salt's listen),
	// done in this order once every resource was evaluated.
	Finish []Finisher
}

// maxInvalid caps how many invalid resources one run reports.
const maxInvalid = 20

// ErrCycles is returned when the graph has dependency cycles; nothing was applied.
var ErrCycles = errors.New("One or more resource dependency cycles detected in graph")

// DefaultResources are added at the end of every catalog that lacks them,
// as Puppet's agent does: the default schedules and the local filebucket.
var defaultResources = []catalog.Ref{
	{Type: "Schedule", Title: "puppet"},
	{Type: "Schedule", Title: "hourly"},
	{Type: "Schedule", Title: "daily"},
	{Type: "Schedule", Title: "weekly"},
	{Type: "Schedule", Title: "monthly"},
	{Type: "Schedule", Title: "never"},
	{Type: "Filebucket", Title: "puppet"},
}

// Finalize adds the default resources Puppet's agent appends to every
// catalog (schedules and the filebucket) unless they are already there.
func Finalize(c *catalog.Catalog) {
	for _, ref := range defaultResources {
		if c.Resource(ref) != nil {
			continue
		}
		r := &catalog.Resource{Type: ref.Type, Title: ref.Title, Tags: []string{strings.ToLower(ref.Type), ref.Title}}
		r.Set("name", ref.Title)
		if ref.Type == "Schedule" {
			switch ref.Title {
			case "puppet":
				r.Set("period", "hourly")
				r.Set("repeat", int64(2))
			default:
				// never too: its period is never, which never matches.
				r.Set("period", ref.Title)
			}
		}
		_ = c.Add(r)
	}
}

// Prepare validates the catalog and builds the instance of every resource
// and the relationship graph, without touching the machine. Invalid
// resources and unknown types are all reported, joined in one error (see
// Errors); an unresolvable relationship stops at the first.
func Prepare(c *catalog.Catalog, opts Options) (*Plan, error) {
	return PrepareContext(context.Background(), c, opts)
}

// PrepareContext is Prepare with a context for what the resources that
// generate others before the run read from the machine.
func PrepareContext(ctx context.Context, c *catalog.Catalog, opts Options) (*Plan, error) {
	Finalize(c)
	retitle(c, opts.Types)
	held := &heldLog{to: opts.Log}
	pregenerate(ctx, c, opts.Types, held, opts.Runner)
	p := &Plan{opts: opts, catalog: c, instances: make([]resource.Instance, 0, len(c.Resources)), held: held}
	holds := map[catalog.Ref]bool{}
	for i, e := range c.Containment {
		// Consecutive edges mostly share their container.
		if i == 0 || e.Container != c.Containment[i-1].Container {
			holds[e.Container] = true
		}
	}
	// The graph does not need the instances: it is built on another core
	// while they are made and checked.
	type built struct {
		g   *graph.Graph
		err error
	}
	graphDone := make(chan built, 1)
	// The graph's debug lines wait for the instances' notes: Puppet
	// builds its relationship graph after it made every resource.
	var graphDebug [][2]string
	gopts := graph.Options{Ordering: opts.Ordering, Seed: opts.Seed, Types: opts.Types}
	if opts.Log != nil && enabled(opts.Log, resource.Debug) {
		// Lines the log would drop are not made.
		gopts.Debug = func(source, msg string) { graphDebug = append(graphDebug, [2]string{source, msg}) }
	}
	go func() {
		g, err := graph.Build(c, gopts)
		graphDone <- built{g, err}
	}()
	// Puppet reads the resources' tags with the catalog, and refuses it at
	// the first bad one.
	var checked []string // the last list of tags checked: decoded catalogs share equal lists
	for _, r := range c.Resources {
		if len(r.Tags) > 0 && len(checked) == len(r.Tags) && &checked[0] == &r.Tags[0] {
			continue
		}
		for _, t := range r.Tags {
			if err := resource.CheckTag(t); err != nil {
				<-graphDone
				return nil, err
			}
		}
		checked = r.Tags
	}
	// Every invalid resource is reported, not just the first, up to a cap.
	var invalid []error
	for _, r := range c.Resources {
		if len(invalid) == maxInvalid {
			break
		}
		if !graph.Kept(r) {
			continue
		}
		// The instance's place is its resource's number in the graph.
		p.instances = append(p.instances, nil)
		if opts.Types.IsContainer(r) {
			if err := checkContainer(r, holds[r.Ref()], opts.Types); err != nil {
				invalid = append(invalid, err)
			}
			continue
		}
		if r.Virtual {
			continue
		}
		if len(r.Sensitive) > 0 && opts.Log != nil {
			// Puppet says this while it makes the resource, before the
			// run, under the resource's short path.
			for _, n := range opts.Types.Schema(r.Type).SensitiveNotes(r) {
				opts.Log.Log(n.Level, "/"+r.Ref().String(), n.Msg)
			}
		}
		inst, err := opts.Types.Instantiate(r)
		if err != nil {
			invalid = append(invalid, &ResourceError{Resource: r, Err: err})
			continue
		}
		if notes := opts.Types.Schema(r.Type).ValidationNotes(r); len(notes) > 0 {
			attached := false
			for _, n := range notes {
				if opts.Log != nil && n.Unattached {
					opts.Log.Log(n.Level, "", n.Msg)
				} else if opts.Log != nil {
					opts.Log.Log(n.Level, "/"+r.Ref().String(), n.Msg)
				}
				attached = attached || !n.Unattached
			}
			// Puppet keeps the path it logged under for the resource's own
			// lines from then on; its properties still log under the full path.
			if attached && p.shortPath == nil {
				p.shortPath = map[*catalog.Resource]bool{}
			}
			if attached {
				p.shortPath[r] = true
			}
		}
		p.instances[len(p.instances)-1] = inst
		if d, ok := inst.(Detacher); ok && d.Detached() {
			p.detached = true
		}
	}
	b := <-graphDone
	if len(invalid) > 0 {
		return nil, errors.Join(invalid...)
	}
	if b.err != nil {
		return nil, b.err
	}
	// Puppet builds its relationship graph once the run has started,
	// after it generated resources: these lines wait with theirs.
	for _, d := range graphDebug {
		held.Log(resource.Debug, d[0], d[1])
	}
	schedules, err := checkSchedules(c)
	if err != nil {
		p.LogGenerated()
		return nil, err
	}
	p.graph = b.g
	p.schedules = schedules
	return p, nil
}

// ScheduleError is a resource whose schedule metaparameter names a
// schedule the catalog does not hold. Puppet fails the whole run when its
// walk reaches such a resource, after applying what came before; ordo
// refuses the catalog before changing anything, with Puppet's message.
type ScheduleError struct {
	Resource *catalog.Resource
	Schedule string
}

func (e *ScheduleError) Error() string {
	return "Failed to apply catalog: Could not find schedule " + e.Schedule
}

// checkSchedules finds the first resource, in catalog order, whose
// schedule does not exist, or cannot be matched (ScheduleRunError).
// It returns the catalog's schedules, by title and name, when a resource
// names one.
func checkSchedules(c *catalog.Catalog) (map[string]*schedule.Window, error) {
	var windows map[string]*schedule.Window
	for _, r := range c.Resources {
		v, ok := r.Get("schedule")
		if !ok || v == nil || r.Virtual {
			continue
		}
		if windows == nil {
			windows = scheduleWindows(c)
		}
		name, isString := v.(string)
		if !isString {
			// Ruby's interpolation of an array shows its inspect form.
			name = resource.Inspect(v)
		}
		w := windows[name]
		if w == nil {
			return nil, &ScheduleError{Resource: r, Schedule: name}
		}
		if why := w.Failure(); why != "" {
			return nil, &ScheduleRunError{Resource: r, Reason: why}
		}
	}
	return windows, nil
}

// checkContainer rejects a resource of a type ordo does not know unless it
// is a container. Puppet's compiler marks defined-type instances with the
// kind "defined_type" and classes with "class"; without a kind, a resource
// that holds others is taken for a defined-type instance.
func checkContainer(r *catalog.Resource, holdsOthers bool, types *resource.Registry) error {
	if catalog.IsContainerType(r.Type) {
		return nil
	}
	switch r.Kind {
	case "defined_type", "class":
		return nil
	case "":
		if holdsOthers {
			return nil
		}
	}
	return &ResourceError{Resource: r, Err: unknownTypeError{typ: r.Type, hint: resource.Suggest(strings.ToLower(r.Type), types.Names())}}
}

// unknownTypeError is Puppet's refusal of a resource of a type it does
// not know, with ordo's suggestion of a close one.
type unknownTypeError struct{ typ, hint string }

func (e unknownTypeError) Error() string {
	msg := "Resource type '" + e.typ + "' was not found"
	if e.hint != "" {
		msg += "; did you mean '" + e.hint + "'?"
	}
	return msg
}

// Unlocated: Puppet's message names no place.
func (unknownTypeError) Unlocated() {}

// Errors splits an error from Prepare into the single problems it reports.
func Errors(err error) []error {
	if j, ok := err.(interface{ Unwrap() []error }); ok {
		return j.Unwrap()
	}
	return []error{err}
}

// ResourceError is an invalid resource, with where it was declared.
type ResourceError struct {
	Resource *catalog.Resource
	Err      error
}

func (e *ResourceError) Error() string {
	msg := e.Err.Error()
	loc := e.Resource.Location()
	var unlocated interface{ Unlocated() }
	if loc == "" || strings.Contains(msg, "(file:") || errors.As(e.Err, &unlocated) {
		return msg
	}
	// The location belongs to the statement, before any hint.
	if head, hint, ok := strings.Cut(msg, "; did you mean"); ok {
		return head + " " + loc + "; did you mean" + hint
	}
	return msg + " " + loc
}

func (e *ResourceError) Unwrap() error { return e.Err }

// Plan is a validated catalog with its graph, ready to apply.
type Plan struct {
	opts      Options
	catalog   *catalog.Catalog
	graph     *graph.Graph
	instances []resource.Instance         // by the graph's resource index (Vertex.ResourceIndex); nil for containers and virtual resources
	schedules map[string]*schedule.Window // by title and name
	detached  bool                        // some instance runs on its own (Detacher)
	// shortPath holds the resources whose validation logged a warning:
	// their own log lines keep the short path /Type[title].
	shortPath map[*catalog.Resource]bool
	// held are the lines the resources that generated others logged,
	// shown when the run starts (LogGenerated).
	held *heldLog
}

// LogGenerated logs what the resources that generated others said while
// the plan was made, once: Puppet generates them after it said which
// environment it uses. Apply does it when nobody did before.
func (p *Plan) LogGenerated() {
	if p.held == nil || p.held.to == nil {
		return
	}
	for _, l := range p.held.lines {
		p.held.to.Log(l.level, l.source, l.msg)
	}
	p.held.lines = nil
}

// heldLog keeps log lines for later.
type heldLog struct {
	to    resource.Logger
	lines []heldLine
}

type heldLine struct {
	level       resource.Level
	source, msg string
}

func (h *heldLog) Log(level resource.Level, source, msg string) {
	if h.to != nil && enabled(h.to, level) {
		h.lines = append(h.lines, heldLine{level, source, msg})
	}
}

func (h *heldLog) Enabled(level resource.Level) bool { return h.to != nil && enabled(h.to, level) }

// Graph returns the plan's relationship graph.
func (p *Plan) Graph() *graph.Graph { return p.graph }

// Apply prepares and applies c in one step.
func Apply(ctx context.Context, c *catalog.Catalog, opts Options) (*Result, error) {
	p, err := PrepareContext(ctx, c, opts)
	if err != nil {
		return nil, err
	}
	return p.Apply(ctx)
}

// Apply runs the transaction. It returns ErrCycles (after logging them)
// when the graph has cycles; failures of single resources are in the
// result, not the error.
func (p *Plan) Apply(ctx context.Context) (*Result, error) {
	p.LogGenerated()
	now := p.opts.Now
	if now == nil {
		now = time.Now
	}
	t := &transaction{
		plan:      p,
		g:         p.graph,
		now:       now,
		log:       p.opts.Log,
		statuses:  make([]*Status, p.graph.Len()),
		queues:    map[*graph.Vertex][]Event{},
		announced: map[*graph.Vertex]bool{},
		dry:       map[*graph.Vertex]*dryRun{},
		result:    &Result{Noop: p.opts.Noop, Start: now()},
	}
	if t.log == nil {
		t.log = discard{}
	}
	var graphFile string
	if p.opts.GraphDir != "" {
		if err := os.MkdirAll(p.opts.GraphDir, 0o755); err != nil {
			return nil, err
		}
		if err := p.graph.WriteDOT(p.opts.GraphDir); err != nil {
			return nil, err
		}
		graphFile = filepath.Join(p.opts.GraphDir, "cycles.dot")
	}
	t.graphWarnings()
	if cycles := p.graph.Cycles(); len(cycles) > 0 {
		t.log.Log(resource.Err, "", p.graph.CycleMessage(graphFile))
		for _, cycle := range cycles {
			for _, v := range cycle {
				if v.Whit != graph.NotWhit {
					continue
				}
				s := t.newStatus(v)
				s.addEvent(Event{Name: "resource_error", Status: EventFailure, Message: "resource is part of a dependency cycle", Time: now()})
				t.result.Statuses = append(t.result.Statuses, s)
			}
		}
		t.result.Duration = now().Sub(t.result.Start)
		return t.result, ErrCycles
	}
	if p.opts.Jobs > 1 {
		t.walkParallel(ctx, p.opts.Jobs)
	} else {
		stop := t.prefetch()
		t.walkSerial(ctx)
		stop()
	}
	t.finish(ctx)
	if err := t.durable.Sync(); err != nil {
		for _, e := range Errors(err) {
			t.log.Log(resource.Err, "", e.Error())
		}
	}
	t.result.Completed = ctx.Err() == nil
	t.result.Duration = now().Sub(t.result.Start)
	return t.result, nil
}

// enabled reports whether log shows lines of level l: a logger that says
// (as report.Console does) is asked, so that lines it would drop are
// not made; any other is taken to show them all.
func enabled(log resource.Logger, l resource.Level) bool {
	if e, ok := log.(interface{ Enabled(resource.Level) bool }); ok {
		return e.Enabled(l)
	}
	return true
}

type discard struct{}

func (discard) Log(resource.Level, string, string) {}
func (discard) Enabled(resource.Level) bool        { return false }

// transaction is the state of one run.
type transaction struct {
	plan *Plan
	g    *graph.Graph
	now  func() time.Time
	log  resource.Logger

	mu       sync.Mutex // guards the maps and result below under --jobs
	statuses []*Status  // by vertex ID (statusOf, setStatus), nil until the vertex is done
	// failedBy holds, for a vertex skipped for failed dependencies, the
	// failures it was skipped for: its dependents are skipped for them too.
	failedBy map[*graph.Vertex][]*graph.Vertex
	// anyFailed: some status set so far failed, or was skipped for
	// failures; until then no resource has failed dependencies.
	anyFailed bool
	slab      []Status                  // room for new statuses
	queues    map[*graph.Vertex][]Event // pending refresh events per target
	announced map[*graph.Vertex]bool    // failed dependencies already reported
	dry       map[*graph.Vertex]*dryRun // pre-check tries, once each
	result    *Result
	stopped   atomic.Bool // a fail-hard resource failed
	progress  int
	// touches counts the evaluations that may have changed the machine
	// (resource.Prefetcher): a state read ahead at the count a
	// resource's evaluation begins with is still the machine's.
	touches atomic.Uint64

	durable durable.Batch // new files to sync before the run ends
	// serialHandle is the handle a serial walk lends each resource's
	// harness in turn.
	serialHandle resource.Handle
	batches      batches // providers' batch prefetches, once each

	genMu     sync.RWMutex // guards generated
	generated map[*catalog.Resource]resource.Instance

	// failedPrefetches are the providers whose prefetch failed, by
	// "type/provider" (guarded by mu).
	failedPrefetches map[string]bool
	// deferred holds, in the order the walk reached them, the resources
	// whose provider cannot work on this machine (walk goroutine only).
	deferred []*graph.Vertex
}

// prefetch lets the instances that can read ahead do so on a spare core
// while the serial walk runs. It goes through the graph's vertices from
// the last, against the walk, whose order is close to the graph's: the
// two meet about half way and each file is read once, by one of them.
// Going the walk's way, the prefetch and the walk reached the same files
// at about the same time and both read most of them. The returned
// function stops it and waits for it.
func (t *transaction) prefetch() (stop func()) {
	if runtime.GOMAXPROCS(0) < 2 {
		return func() {}
	}
	var done atomic.Bool
	finished := make(chan struct{})
	// The catalog's vertices, taken here: the walk adds generated ones.
	verts := t.g.Vertices()
	go func() {
		defer close(finished)
		for i := len(verts) - 1; i >= 0; i-- {
			if done.Load() {
				return
			}
			if p, ok := t.instanceOf(verts[i]).(resource.Prefetcher); ok {
				safePrefetch(p, t.touches.Load())
			}
		}
	}()
	return func() {
		done.Store(true)
		<-finished
	}
}

// safePrefetch runs one prefetch; a panic only loses the hint.
func safePrefetch(p resource.Prefetcher, touches uint64) {
	defer func() { recover() }()
	p.Prefetch(touches)
}

// untouched reports whether v's evaluation, which gave s, left the
// machine as it was: a sentinel, or a resource that reads ahead
// (resource.Prefetcher: a file) and was in sync, with no event, no
// failure and nothing it pre-checks. Anything else (a command, a
// provider's own reading, a change, a refresh) counts as a touch.
func (t *transaction) untouched(v *graph.Vertex, s *Status) bool {
	if v.Whit != graph.NotWhit {
		return true
	}
	if _, ok := t.instanceOf(v).(resource.Prefetcher); !ok {
		return false
	}
	return !s.Failed && !s.FailedToRestart && len(s.Events) == 0 && !v.HasOut(catalog.PreCheck)
}

func (t *transaction) walkSerial(ctx context.Context) {
	if t.plan.detached {
		t.walkDetaching(ctx)
		return
	}
	w := t.g.NewWalk()
	for v := t.next(ctx, w, true); v != nil && !t.stopped.Load(); v = t.next(ctx, w, true) {
		if ctx.Err() != nil {
			t.cancel(v)
		} else {
			t.generate(ctx, v, w)
			t.progress++
			t.evaluate(ctx, v, t.progress, t.g.Len())
		}
		w.Done(v)
	}
}

// generator returns v's instance if it makes resources when reached.
func (t *transaction) generator(v *graph.Vertex) resource.Generator {
	if v.Whit != graph.NotWhit {
		return nil
	}
	g, _ := t.instanceOf(v).(resource.Generator)
	return g
}

// generate is Puppet's eval_generate, run as the walk takes v and before
// v is evaluated: the resources v makes join the catalog, their
// instances the plan, and their vertices the graph and the walk. A
// failure is logged and leaves v to be evaluated as it is. Nothing else
// may be running.
func (t *transaction) generate(ctx context.Context, v *graph.Vertex, w *graph.Walk) {
	gen := t.generator(v)
	if gen == nil {
		return
	}
	path := t.g.Path(v)
	made, err := safeGenerate(ctx, gen, t.handle(v, path), t.plan.catalog)
	if err != nil {
		t.log.Log(resource.Err, path, "Failed to generate additional resources using 'eval_generate': "+err.Error())
		return
	}
	var res []*catalog.Resource
	var after []int
	index := make([]int, len(made)) // position in res of each made resource, -1 if left out
	t.genMu.Lock()
	if t.generated == nil {
		t.generated = map[*catalog.Resource]resource.Instance{}
	}
	for i, m := range made {
		index[i] = -1
		if m.Instance == nil {
			// Made before the run: it has its vertex and instance.
			if t.g.Vertex(m.Resource) == nil {
				continue
			}
		} else if err := t.plan.catalog.Add(m.Resource); err != nil {
			continue // the catalog's own resource of that name wins
		}
		index[i] = len(res)
		a := -1
		if m.After >= 0 && m.After < i {
			a = index[m.After]
		}
		res = append(res, m.Resource)
		after = append(after, a)
		if m.Instance != nil {
			t.generated[m.Resource] = m.Instance
		}
	}
	t.genMu.Unlock()
	if len(res) == 0 {
		return
	}
	t.g.Generate(v, res, after)
	w.Regenerate()
}

// safeGenerate calls Generate, turning a provider panic into an error.
func safeGenerate(ctx context.Context, g resource.Generator, h *resource.Handle, c *catalog.Catalog) (made []resource.Generated, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error: %v", p)
		}
	}()
	return g.Generate(ctx, h, c)
}

// instanceOf returns the instance of r, from the plan or generated
// during the run.
func (t *transaction) instanceOf(v *graph.Vertex) resource.Instance {
	if i := v.ResourceIndex(); i < len(t.plan.instances) {
		return t.plan.instances[i]
	}
	t.genMu.RLock()
	defer t.genMu.RUnlock()
	return t.generated[v.Resource]
}

// walkDetaching is the serial walk when some resources run on their
// own (Salt's parallel: True). It goes through the serial order as
// Salt's loop goes through its chunks: a detached resource whose
// turn comes is started when what it depends on is done, and else is
// put aside (Salt's pending states); what was put aside is started at
// the first turn after what it waits for is done, before that turn's
// resource. Any other resource runs at its turn, once what it depends on
// (a detached resource still running, or one put aside) is done. So
// the resources start in the order Salt starts its states, which gives
// their run numbers.
func (t *transaction) walkDetaching(ctx context.Context) {
	for _, v := range t.g.Vertices() {
		if t.generator(v) != nil || t.unsuitable(v) {
			t.walkDetachingReady(ctx)
			return
		}
	}
	order := t.g.Order()
	n := t.g.Len()
	done := make([]bool, n)
	started := make([]bool, n)
	finished := make(chan *graph.Vertex)
	running := 0
	var pending []*graph.Vertex
	detached := func(v *graph.Vertex) bool {
		d, ok := t.instanceOf(v).(Detacher)
		return ok && v.Whit == graph.NotWhit && d.Detached()
	}
	ready := func(v *graph.Vertex) bool {
		for _, e := range t.g.In(v) {
			if !done[e.From.ID()] {
				return false
			}
		}
		return true
	}
	wait := func() {
		v := <-finished
		done[v.ID()] = true
		running--
	}
	start := func(v *graph.Vertex) {
		started[v.ID()] = true
		t.progress++
		if ctx.Err() != nil || t.stopped.Load() {
			if ctx.Err() != nil {
				t.cancel(v)
			}
			done[v.ID()] = true
			return
		}
		if detached(v) {
			running++
			go func(v *graph.Vertex, n, total int) {
				t.evaluate(ctx, v, n, total)
				finished <- v
			}(v, t.progress, n)
			return
		}
		t.evaluate(ctx, v, t.progress, n)
		done[v.ID()] = true
	}
	// waitsOnPending: something v depends on was put aside and has not
	// started.
	waitsOnPending := func(v *graph.Vertex) bool {
		for _, e := range t.g.In(v) {
			if !started[e.From.ID()] {
				return true
			}
		}
		return false
	}
	// runAt runs a resource that is not detached at its turn: it waits
	// for what it depends on that still runs, as Salt's state waits for
	// a parallel requisite.
	runAt := func(v *graph.Vertex) {
		for !ready(v) && running > 0 {
			wait()
		}
		start(v)
	}
	// retry goes once through what was put aside, in order, and starts
	// what can start now.
	retry := func() {
		kept := make([]*graph.Vertex, 0, len(pending))
		for _, p := range pending {
			switch {
			case detached(p) && ready(p):
				start(p)
			case !detached(p) && !waitsOnPending(p):
				runAt(p)
			default:
				kept = append(kept, p)
			}
		}
		pending = kept
	}
	for _, v := range order {
		retry()
		if started[v.ID()] {
			continue
		}
		switch {
		case waitsOnPending(v), detached(v) && !ready(v):
			pending = append(pending, v)
		case detached(v):
			start(v)
		default:
			runAt(v)
		}
	}
	for len(pending) > 0 || running > 0 {
		retry()
		if running == 0 {
			if len(pending) > 0 {
				// Nothing can make them ready any more.
				for _, p := range pending {
					start(p)
				}
				pending = nil
			}
			continue
		}
		wait()
	}
}

// walkDetachingReady is walkDetaching for a graph whose resources make
// further resources when reached (a recursive file), or whose provider
// cannot work here and waits for the end of the walk: a detached
// resource is started once it is ready, and the walk goes on with what
// does not depend on it.
func (t *transaction) walkDetachingReady(ctx context.Context) {
	w := t.g.NewWalk()
	done := make(chan *graph.Vertex)
	running := 0
	for {
		v := t.next(ctx, w, running == 0)
		if v == nil || t.stopped.Load() {
			if running == 0 {
				return
			}
			w.Done(<-done)
			running--
			continue
		}
		if ctx.Err() != nil {
			t.cancel(v)
			w.Done(v)
			continue
		}
		if t.generator(v) != nil {
			// Generating changes the graph: nothing may run meanwhile.
			for ; running > 0; running-- {
				w.Done(<-done)
			}
			t.generate(ctx, v, w)
		}
		t.progress++
		if d, ok := t.instanceOf(v).(Detacher); ok && d.Detached() {
			running++
			go func(v *graph.Vertex, n, total int) {
				t.evaluate(ctx, v, n, total)
				done <- v
			}(v, t.progress, t.g.Len())
			continue
		}
		t.evaluate(ctx, v, t.progress, t.g.Len())
		w.Done(v)
	}
}

// walkParallel applies up to jobs ready resources at once. Picking is
// still by priority; a resource starts only after all it depends on has
// finished. Resources with the same exclusive key (resource.Exclusive)
// run one at a time, in the order they were picked.
func (t *transaction) walkParallel(ctx context.Context, jobs int) {
	w := t.g.NewWalk()
	done := make(chan *graph.Vertex)
	running := 0
	// held: for each exclusive key a resource of which is running, the
	// ones picked meanwhile, waiting their turn.
	held := map[string][]*graph.Vertex{}
	var start func(v *graph.Vertex)
	// finish releases the next resource held on v's key, if any.
	finish := func(v *graph.Vertex) {
		key := t.exclusiveKey(v)
		if key == "" {
			return
		}
		q := held[key]
		if len(q) == 0 || t.stopped.Load() {
			// After a fail-hard failure nothing more starts.
			delete(held, key)
			return
		}
		held[key] = q[1:]
		start(q[0])
	}
	start = func(v *graph.Vertex) {
		if ctx.Err() != nil {
			t.cancel(v)
			w.Done(v)
			finish(v)
			return
		}
		var drained []*graph.Vertex
		if t.generator(v) != nil {
			// Generating changes the graph: nothing may run meanwhile.
			for ; running > 0; running-- {
				d := <-done
				w.Done(d)
				drained = append(drained, d)
			}
			t.generate(ctx, v, w)
		}
		t.progress++
		running++
		go func(v *graph.Vertex, n, total int) {
			t.evaluate(ctx, v, n, total)
			done <- v
		}(v, t.progress, t.g.Len())
		for _, d := range drained {
			finish(d)
		}
	}
	for {
		for running < jobs && !t.stopped.Load() {
			v := t.next(ctx, w, running == 0 && len(held) == 0)
			if v == nil {
				break
			}
			if key := t.exclusiveKey(v); key != "" {
				if q, busy := held[key]; busy {
					held[key] = append(q, v)
					continue
				}
				held[key] = nil
			}
			start(v)
		}
		if running == 0 {
			return
		}
		v := <-done
		running--
		w.Done(v)
		finish(v)
	}
}

// exclusiveKey is the key of v's instance if it is resource.Exclusive.
func (t *transaction) exclusiveKey(v *graph.Vertex) string {
	if v.Whit != graph.NotWhit {
		return ""
	}
	if x, ok := t.instanceOf(v).(resource.Exclusive); ok {
		return x.ExclusiveKey()
	}
	return ""
}

// cancel marks a vertex that was not evaluated because the run was interrupted.
func (t *transaction) cancel(v *graph.Vertex) {
	if v.Whit != graph.NotWhit {
		return
	}
	s := t.newStatus(v)
	s.Skipped = true
	t.log.Log(resource.Debug, s.Path(), "Transaction canceled, skipping")
	t.mu.Lock()
	t.setStatus(v, s)
	t.result.Statuses = append(t.result.Statuses, s)
	t.mu.Unlock()
}

// newStatus returns a status for v, carved from a block: a run makes one
// for every resource.
func (t *transaction) newStatus(v *graph.Vertex) *Status {
	now := t.now()
	t.mu.Lock()
	if len(t.slab) == 0 {
		t.slab = make([]Status, min(256, max(1, len(t.statuses))))
	}
	s := &t.slab[0]
	t.slab = t.slab[1:]
	t.mu.Unlock()
	*s = Status{Resource: v.Resource, Time: now, graph: t.g, vertex: v,
		shortPath: v.Whit == graph.NotWhit && t.plan.shortPath[v.Resource]}
	return s
}

// statusOf is v's status once it is done, else nil; t.mu is held.
func (t *transaction) statusOf(v *graph.Vertex) *Status {
	if id := v.ID(); id < len(t.statuses) {
		return t.statuses[id]
	}
	return nil
}

// setStatus records v's status; t.mu is held. Vertices generated during
// the run have IDs past the first ones.
func (t *transaction) setStatus(v *graph.Vertex, s *Status) {
	id := v.ID()
	if id >= len(t.statuses) {
		t.statuses = append(t.statuses, make([]*Status, id+1-len(t.statuses))...)
	}
	t.statuses[id] = s
	if s.Failed || s.FailedToRestart || s.failedDeps {
		t.anyFailed = true
	}
}

// evaluate is Puppet's eval_resource for one vertex.
func (t *transaction) evaluate(ctx context.Context, v *graph.Vertex, n, total int) {
	start := t.now()
	s := t.newStatus(v)
	s.Turn = n
	src := s.Path() // the log source: a resource's path, a sentinel's container
	if t.plan.opts.EvalTrace {
		t.log.Log(resource.Info, src, fmt.Sprintf("Starting to evaluate the resource (%d of %d)", n, total))
	}
	if v.Whit == graph.NotWhit && v.HasOut(catalog.PreCheck) {
		// The resources v pre-checks are tried first, whatever becomes
		// of v, as Salt tries them at their own place in the order.
		for e := range t.g.OutEdges(v) {
			if e.Kind == catalog.PreCheck {
				t.dryRun(ctx, e.To)
			}
		}
	}
	failed := t.failedDependencies(v)
	s.FailedDependencies = refs(failed)
	switch {
	case len(failed) > 0 && t.keepsDryRun(v, s):
	case hasAnyTag(v.Resource, t.plan.opts.SkipTags):
		t.log.Log(resource.Debug, src, "Skipping with skip tags "+strings.Join(t.plan.opts.SkipTags, ", "))
		t.skip(v, s)
	case len(t.plan.opts.Tags) > 0 && !hasAnyTag(v.Resource, t.plan.opts.Tags):
		t.log.Log(resource.Debug, src, "Not tagged with "+strings.Join(t.plan.opts.Tags, ", "))
		t.skip(v, s)
	case !t.scheduled(v):
		t.log.Log(resource.Debug, src, "Not scheduled")
		t.skip(v, s)
	case len(failed) > 0:
		t.prefetchSkipped(ctx, v, src)
		t.skipForFailures(v, s, failed)
	case v.Whit == graph.NotWhit && (v.Skip || v.Resource.Virtual):
		t.log.Log(resource.Debug, src, "Skipping because virtual")
		t.skip(v, s)
	case !t.mayRun(ctx, v, s):
	default:
		if oc, ok := t.instanceOf(v).(OneCall); ok && v.Whit == graph.NotWhit {
			t.callOne(ctx, v, oc, s)
			if !s.Failed {
				t.queueEvents(v, src, s.Events)
			}
			s.EvaluationTime = t.now().Sub(start)
			break
		}
		if v.Whit == graph.NotWhit {
			s = t.harness(ctx, v, s, src)
			if !s.Failed && !s.FailedToRestart {
				t.queueEvents(v, src, s.Events)
			}
			t.invalidateRefreshes(v, s)
		}
		t.processEvents(ctx, v, s)
		if v.Whit == graph.NotWhit {
			s.EvaluationTime = t.now().Sub(start)
		}
	}
	if !t.untouched(v, s) {
		t.touches.Add(1)
	}
	t.mu.Lock()
	t.setStatus(v, s)
	if v.Whit == graph.NotWhit {
		t.result.Statuses = append(t.result.Statuses, s)
	}
	t.mu.Unlock()
	if v.Whit == graph.NotWhit && outcome(s) == Failed && t.failsHard(v) {
		t.stopped.Store(true)
	}
	if t.plan.opts.EvalTrace {
		t.log.Log(resource.Info, src, fmt.Sprintf("Evaluated in %0.2f seconds", t.now().Sub(start).Seconds()))
	}
}

// invalidateRefreshes drops the refresh events queued for v when one of
// its changes (real or noop) makes them pointless, as Puppet's event
// manager does.
func (t *transaction) invalidateRefreshes(v *graph.Vertex, s *Status) {
	for _, e := range s.Events {
		if !e.InvalidatesRefresh || e.Status == EventFailure {
			continue
		}
		t.log.Log(resource.Info, s.Path(), "Unscheduling refresh on "+v.String())
		t.mu.Lock()
		delete(t.queues, v)
		t.mu.Unlock()
		return
	}
}

// prefetchSkipped runs the batch prefetch of the provider of v, about to
// be skipped for failed dependencies, if it has not run yet: Puppet
// prefetches a resource's provider before it decides to skip it, so a
// failed prefetch is logged then too.
func (t *transaction) prefetchSkipped(ctx context.Context, v *graph.Vertex, path string) {
	if v.Whit != graph.NotWhit {
		return
	}
	if pf, ok := t.instanceOf(v).(resource.Prefetched); ok {
		t.batches.feed(ctx, t.plan.opts.Types, v.Resource, pf, t.handle(v, path))
	}
}

// mayRun applies the conditional edge kinds (on-change, on-fail,
// pre-check) to v and, when they keep it from running, marks it skipped
// and says why. Puppet's catalogs have none of these edges.
func (t *transaction) mayRun(ctx context.Context, v *graph.Vertex, s *Status) bool {
	verdict, reason, failed := t.triggered(ctx, v)
	switch verdict {
	case NotTriggered:
		s.SkipReason = reason
		if v.Whit == graph.NotWhit {
			t.log.Log(resource.Info, s.Path(), reason)
		}
		t.skip(v, s)
		return false
	case DependencyFailed:
		s.FailedDependencies = refs(failed)
		t.skipForFailures(v, s, failed)
		return false
	case RunWithoutRefresh:
		s.refreshSkipped = true
	}
	return true
}

// hasAnyTag reports whether r carries one of tags (compared without case).
func hasAnyTag(r *catalog.Resource, tags []string) bool {
	for _, want := range tags {
		for _, have := range r.Tags {
			if strings.EqualFold(have, want) {
				return true
			}
		}
	}
	return false
}

func refs(vs []*graph.Vertex) []catalog.Ref {
	var out []catalog.Ref
	for _, v := range vs {
		out = append(out, v.Ref())
	}
	return out
}

// failedDependencies is Puppet's propagate_failure: the direct
// predecessors that failed, plus the failures they were skipped for. A
// source whose every edge to v is of a kind a failure does not block
// (on-fail) is left out.
func (t *transaction) failedDependencies(v *graph.Vertex) []*graph.Vertex {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.anyFailed {
		return nil // nothing done so far failed: no edge need be read
	}
	var out []*graph.Vertex
	for e := range t.g.InEdges(v) {
		if !blocksOnFailure(e) {
			continue
		}
		s := t.statusOf(e.From)
		if s == nil {
			continue
		}
		if s.Failed || s.FailedToRestart {
			out = appendNew(out, e.From)
		}
		for _, f := range t.failedBy[e.From] {
			if f != v {
				out = appendNew(out, f)
			}
		}
	}
	return out
}

// appendNew appends v to list unless it is there; failure lists are short.
func appendNew(list []*graph.Vertex, v *graph.Vertex) []*graph.Vertex {
	if slices.Contains(list, v) {
		return list
	}
	return append(list, v)
}

func (t *transaction) skipForFailures(v *graph.Vertex, s *Status, failed []*graph.Vertex) {
	if len(failed) > 0 {
		s.failedDeps = true
		t.mu.Lock()
		if t.failedBy == nil {
			t.failedBy = map[*graph.Vertex][]*graph.Vertex{}
		}
		t.failedBy[v] = failed
		t.mu.Unlock()
	}
	if v.Whit == graph.NotWhit {
		src := s.Path()
		for _, d := range failed {
			t.mu.Lock()
			first := !t.announced[d]
			t.announced[d] = true
			t.mu.Unlock()
			if first {
				t.log.Log(resource.Notice, src, fmt.Sprintf("Dependency %s has failures: true", d))
			}
		}
		t.log.Log(resource.Warning, src, "Skipping because of failed dependencies")
	}
	t.skip(v, s)
}

// skip marks v skipped and drops the events queued for it.
func (t *transaction) skip(v *graph.Vertex, s *Status) {
	s.Skipped = true
	t.log.Log(resource.Debug, s.Path(), "Resource is being skipped, unscheduling all events")
	t.mu.Lock()
	queued := len(t.queues[v]) > 0
	delete(t.queues, v)
	t.mu.Unlock()
	if queued {
		t.log.Log(resource.Info, s.Path(), "Unscheduling all events on "+v.String())
	}
}

// noop reports whether v runs in noop: its own noop parameter when set,
// else the run's setting. Sentinels follow the run.
func (t *transaction) noop(v *graph.Vertex) bool {
	if v.Whit == graph.NotWhit {
		if val, ok := v.Resource.Get("noop"); ok && val != nil {
			return catalog.Truthy(val)
		}
	}
	return t.plan.opts.Noop
}

func (t *transaction) handle(v *graph.Vertex, path string) *resource.Handle {
	h := t.handleValue(v, path)
	return &h
}

func (t *transaction) handleValue(v *graph.Vertex, path string) resource.Handle {
	level := resource.Notice
	if l, ok := v.Resource.Get("loglevel"); ok {
		level, _ = resource.ParseLevel(catalog.Scalar(l))
	}
	return resource.Handle{
		Path:       path,
		Log:        t.log,
		Level:      level,
		Noop:       t.noop(v),
		BucketDir:  t.plan.opts.BucketDir,
		Runner:     t.plan.opts.Runner,
		ShowDiff:   t.plan.opts.ShowDiff,
		Durable:    &t.durable,
		ModulePath: t.plan.opts.ModulePath,
		Touches:    t.touches.Load(),
	}
}

// harness brings one resource in line: Puppet's ResourceHarness#evaluate.
func (t *transaction) harness(ctx context.Context, v *graph.Vertex, s *Status, path string) (result *Status) {
	inst := t.instanceOf(v)
	if inst == nil {
		return s
	}
	var h *resource.Handle
	if t.plan.opts.Jobs <= 1 {
		// A serial walk harnesses one resource at a time: the handle is
		// reused rather than made for each. Providers do not keep it.
		t.serialHandle = t.handleValue(v, path)
		h = &t.serialHandle
	} else {
		h = t.handle(v, path)
	}
	// A provider bug must fail its resource, not the run.
	defer func() {
		if p := recover(); p != nil {
			t.failedBecause(s, fmt.Errorf("internal error: %v", p))
			result = s
		}
	}()
	if nf, ok := inst.(resource.NotFunctional); ok {
		// Puppet does not evaluate a resource whose provider cannot work
		// here: one error line, and the resource counts as failed.
		t.log.Log(resource.Err, h.Path, nf.NotFunctional().Error())
		s.Failed = true
		return s
	}
	if pf, ok := inst.(resource.Prefetched); ok {
		t.batches.feed(ctx, t.plan.opts.Types, v.Resource, pf, h)
	}
	if err := inst.Retrieve(ctx, h); err != nil {
		var pe *resource.PrefetchError
		if errors.As(err, &pe) {
			t.prefetchFailed(s, pe)
			return s
		}
		t.failedBecause(s, err)
		return s
	}
	if st := t.plan.opts.State; st != nil && remembers(v.Resource) {
		st.SetChecked(v.Ref().String(), t.now())
	}
	audited := t.startAudit(ctx, v.Resource, inst, h)
	toSync, exists := outOfSync(inst)
	if !exists {
		t.log.Log(resource.Debug, h.Path, "Nothing to manage: no ensure and the resource doesn't exist")
	}
	changed := false
	for _, p := range toSync {
		ev := Event{Name: p.Event(), Property: p.Name(), Previous: p.Current(), Desired: p.Desired(), Time: t.now()}
		if ri, ok := p.(resource.RefreshInvalidator); ok && ri.InvalidatesRefresh() {
			ev.InvalidatesRefresh = true
		}
		if sensitive(v.Resource, p) {
			ev.Previous, ev.Desired, ev.Redacted = catalog.Sensitive{Value: ev.Previous}, catalog.Sensitive{Value: ev.Desired}, true
		}
		propPath := h.Path + "/" + p.Name()
		if t.plan.shortPath[v.Resource] {
			propPath = t.g.Path(v) + "/" + p.Name()
		}
		if h.Noop {
			ev.Status = EventNoop
			ev.Message = fmt.Sprintf("current_value %s, should be %s (noop)", formatValue(p, ev.Previous), formatValue(p, ev.Desired)) + audited.changeNote(p.Name())
			t.log.Log(h.Level, propPath, ev.Message)
		} else if err := p.Sync(ctx, h); err != nil {
			ev.Status = EventFailure
			ev.Message = fmt.Sprintf("change from %s to %s failed: %v", formatValue(p, ev.Previous), formatValue(p, ev.Desired), err)
			t.log.Log(resource.Err, "", err.Error())
			var wrapped *resource.WrappedError
			if errors.As(err, &wrapped) && wrapped.Cause != nil {
				t.log.Log(resource.Err, "", err.Error()+"\nWrapped exception:\n"+wrapped.Cause.Error())
			}
			t.log.Log(resource.Err, propPath, ev.Message)
		} else if msg := p.Message(); !utf8.ValidString(msg) {
			// Puppet made the change but cannot make its message: the
			// property's event fails, and so does the resource, at once.
			const invalid = "invalid byte sequence in UTF-8"
			t.log.Log(resource.Err, "", fmt.Sprintf("Could not convert change '%s' to string: %s", p.Name(), invalid))
			t.log.Log(resource.Err, "", fmt.Sprintf("Could not convert change '%s' to string: %s", p.Name(), invalid))
			ev.Status = EventFailure
			ev.Message = "could not create change error message for " + p.Name()
			t.log.Log(resource.Err, propPath, ev.Message)
			s.addEvent(ev)
			t.failedBecause(s, errors.New(invalid))
			return s
		} else {
			ev.Status = EventSuccess
			ev.Message = msg + audited.changeNote(p.Name())
			t.log.Log(h.Level, propPath, ev.Message)
			changed = true
		}
		s.addEvent(ev)
		if audited != nil {
			audited.synced[p.Name()] = true
		}
	}
	t.finishAudit(audited, s, h.Path, h.Level)
	if changed && !h.Noop {
		if st := t.plan.opts.State; st != nil && remembers(v.Resource) {
			st.SetSynced(v.Ref().String(), t.now())
		}
	}
	if changed {
		if f, ok := inst.(resource.Flusher); ok {
			if err := f.Flush(ctx, h); err != nil {
				t.failedBecause(s, err)
			}
		}
	}
	return s
}

// failedBecause is Puppet's Status#failed_because, for an error outside
// the sync of one property: the resource could not be evaluated, and a
// failure event named resource_error carries the reason, so that a failed
// status always has an event saying why.
func (t *transaction) failedBecause(s *Status, err error) {
	t.log.Log(resource.Err, s.Path(), "Could not evaluate: "+err.Error())
	s.addEvent(Event{Name: "resource_error", Status: EventFailure, Message: err.Error(), Time: t.now()})
}

// formatValue shows a property value in a message: the property's own
// way if it has one, else Puppet's generic format. Sensitive values are
// always redacted.
func formatValue(p resource.Property, v catalog.Value) string {
	if _, ok := v.(catalog.Sensitive); ok {
		return catalog.Redacted
	}
	if f, ok := p.(resource.ValueFormatter); ok {
		return f.FormatValue(v)
	}
	return catalog.Format(v)
}

// sensitive reports whether a property's values must be hidden.
func sensitive(r *catalog.Resource, p resource.Property) bool {
	if sp, ok := p.(resource.SensitiveProperty); ok && sp.Sensitive() {
		return true
	}
	return r.IsSensitive(p.Name())
}

// queueEvents is Puppet's queue_events: each group of same-named events
// goes along every refresh edge out of v whose target can refresh.
func (t *transaction) queueEvents(v *graph.Vertex, src string, events []Event) {
	if len(events) == 0 {
		return
	}
	var groups [][]Event
	index := map[string]int{}
	for _, e := range events {
		i, ok := index[e.Name]
		if !ok {
			i = len(groups)
			index[e.Name] = i
			groups = append(groups, nil)
		}
		groups[i] = append(groups[i], e)
	}
	for _, group := range groups {
		for _, e := range t.g.Out(v) {
			if !e.Refresh() || !t.canRefresh(e.To) {
				continue
			}
			t.mu.Lock()
			t.queues[e.To] = append(t.queues[e.To], group...)
			t.mu.Unlock()
			if e.To.Whit == graph.Completed {
				t.log.Log(resource.Debug, src, fmt.Sprintf("The container %s will propagate my refresh event", e.To))
			} else {
				t.log.Log(resource.Info, src, "Scheduling refresh of "+e.To.String())
			}
		}
		// A type that refreshes itself after a change (mount remounts)
		// gets the group's first event too.
		if sr, ok := t.instanceOf(v).(resource.SelfRefresher); ok && v.Whit == graph.NotWhit && sr.SelfRefresh() {
			t.mu.Lock()
			t.queues[v] = append(t.queues[v], group[0])
			t.mu.Unlock()
			t.log.Log(resource.Info, src, "Scheduling refresh of "+v.String())
		}
	}
}

func (t *transaction) canRefresh(v *graph.Vertex) bool {
	if v.Whit != graph.NotWhit {
		return true
	}
	switch t.instanceOf(v).(type) {
	case resource.Refresher, OneCall:
		return true
	}
	return false
}

// failsHard reports whether v's failure stops the run.
func (t *transaction) failsHard(v *graph.Vertex) bool {
	if t.plan.opts.FailHard {
		return true
	}
	f, ok := t.instanceOf(v).(FailHarder)
	return ok && f.FailHard()
}

// keepsDryRun is Salt's answer for a pre-checked resource whose
// pre-checking resource failed: it is not run, and keeps what its dry
// run said, without the changes. It reports false (and leaves s alone)
// unless v was tried in a dry run and a resource that pre-checks it
// failed.
func (t *transaction) keepsDryRun(v *graph.Vertex, s *Status) bool {
	if v.Whit != graph.NotWhit || !v.HasIn(catalog.PreCheck) {
		return false
	}
	d := t.dryOf(v)
	if d == nil || d.out == nil {
		return false
	}
	preFailed := false
	t.mu.Lock()
	for e := range t.g.InEdges(v) {
		if e.Kind == catalog.PreCheck && outcome(t.statusOf(e.From)) == Failed {
			preFailed = true
		}
	}
	t.mu.Unlock()
	if !preFailed {
		return false
	}
	s.Skipped = true
	s.calls = &calls{dry: d.out.Record}
	s.FailedDependencies = nil
	switch d.out.Result {
	case CallFalse:
		s.Failed = true
	case CallNone:
		s.Pending = true
	}
	t.log.Log(resource.Warning, s.Path(), "Skipping because of failed dependencies")
	t.skip(v, s)
	return true
}

// processEvents is Puppet's process_events: the refresh events queued for
// v, from every source, trigger one refresh.
func (t *transaction) processEvents(ctx context.Context, v *graph.Vertex, s *Status) {
	t.mu.Lock()
	queued := t.queues[v]
	delete(t.queues, v)
	t.mu.Unlock()
	if len(queued) == 0 {
		return
	}
	src := s.Path()
	allNoop := true
	for _, e := range queued {
		if e.Status != EventNoop {
			allNoop = false
			break
		}
	}
	count := pluralEvents(len(queued))
	if allNoop || t.noop(v) {
		t.log.Log(resource.Notice, src, "Would have triggered 'refresh' from "+count)
		t.queueEvents(v, src, []Event{{Name: "noop_restart", Status: EventNoop, Time: t.now()}})
		return
	}
	if v.Whit == graph.NotWhit {
		r := t.instanceOf(v).(resource.Refresher)
		if err := safeRefresh(ctx, r, t.handle(v, src)); err != nil {
			msg := "Failed to call refresh: " + err.Error()
			t.log.Log(resource.Err, src, msg)
			t.log.Log(resource.Err, src, err.Error())
			s.FailedToRestart = true
			s.addEvent(Event{Name: "resource_error", Status: EventFailure, Message: msg, Time: t.now()})
			return
		}
		msg := "Triggered 'refresh' from " + count
		t.log.Log(resource.Notice, src, msg)
		s.addEvent(Event{Name: "refresh", Status: EventSuccess, Message: msg, Time: t.now()})
	}
	s.Restarted = true
	t.queueEvents(v, src, []Event{{Name: "restarted", Status: EventSuccess, Time: t.now()}})
}

// safeRefresh calls Refresh, turning a provider panic into an error.
func safeRefresh(ctx context.Context, r resource.Refresher, h *resource.Handle) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error: %v", p)
		}
	}()
	return r.Refresh(ctx, h)
}

func pluralEvents(n int) string {
	if n == 1 {
		return "1 event"
	}
	return fmt.Sprintf("%d events", n)
}
