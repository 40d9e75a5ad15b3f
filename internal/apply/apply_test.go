package apply_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/report"
	"github.com/ordoproject/ordo/internal/resource"
)

// machine is the in-memory state the fake type manages: a value per title.
type machine struct {
	mu      sync.Mutex
	state   map[string]string
	refresh map[string]int
	running atomic.Int32
	peak    atomic.Int32
	order   []string
}

func newMachine() *machine {
	return &machine{state: map[string]string{}, refresh: map[string]int{}}
}

// thingType is a fake resource type: property "value" is compared with
// the machine; "fail => true" makes the change fail; "slow" sleeps.
type thingType struct{ m *machine }

var thingSchema = resource.NewSchema(resource.Schema{Name: "thing", Attrs: []resource.Attr{
	{Name: "name", Namevar: true}, {Name: "value", Kind: resource.KindProperty}, {Name: "fail"}, {Name: "slow"}, {Name: "key"},
}})

func (thingType) Schema() *resource.Schema { return thingSchema }
func (t thingType) New(v resource.Values) (resource.Instance, error) {
	return &thing{m: t.m, r: v.Resource()}, nil
}

type thing struct {
	m       *machine
	r       *catalog.Resource
	current string
}

func (x *thing) Retrieve(ctx context.Context, h *resource.Handle) error {
	x.m.mu.Lock()
	x.current = x.m.state[x.r.Title]
	x.m.mu.Unlock()
	return nil
}
func (x *thing) Exists() bool { return true }

// ExclusiveKey is the thing's key parameter (resource.Exclusive).
func (x *thing) ExclusiveKey() string { return x.r.String("key") }
func (x *thing) Properties() []resource.Property {
	if _, ok := x.r.Get("value"); !ok {
		return nil
	}
	return []resource.Property{valueProp{x}}
}
func (x *thing) Refresh(ctx context.Context, h *resource.Handle) error {
	x.m.mu.Lock()
	x.m.refresh[x.r.Title]++
	x.m.mu.Unlock()
	return nil
}

type valueProp struct{ x *thing }

func (p valueProp) Name() string           { return "value" }
func (p valueProp) Current() catalog.Value { return p.x.current }
func (p valueProp) Desired() catalog.Value { return p.x.r.String("value") }
func (p valueProp) InSync() bool           { return p.x.current == p.x.r.String("value") }
func (p valueProp) Message() string {
	return fmt.Sprintf("value changed %s to %s", catalog.Format(p.Current()), catalog.Format(p.Desired()))
}
func (p valueProp) Event() string { return "value_changed" }
func (p valueProp) Sync(ctx context.Context, h *resource.Handle) error {
	m := p.x.m
	n := m.running.Add(1)
	defer m.running.Add(-1)
	for {
		peak := m.peak.Load()
		if n <= peak || m.peak.CompareAndSwap(peak, n) {
			break
		}
	}
	if p.x.r.String("slow") != "" {
		time.Sleep(20 * time.Millisecond)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.order = append(m.order, p.x.r.Title)
	if catalog.Truthy(mustGet(p.x.r, "fail")) {
		return errors.New("it broke")
	}
	m.state[p.x.r.Title] = p.x.r.String("value")
	return nil
}

func mustGet(r *catalog.Resource, name string) catalog.Value {
	v, _ := r.Get(name)
	return v
}

// buildThings makes a catalog of Thing resources: Stage[main] >
// Class[main] > things, declared by lines like
// "a value=1 fail=true require=Thing[b] notify=Thing[c]".
func buildThings(t *testing.T, specs ...string) *catalog.Catalog {
	t.Helper()
	return buildCatalog(t, "Thing", specs...)
}

// buildCatalog makes a catalog of resources of type typ in Class[main],
// one a spec: the title, then name=value parameters ("true" is a boolean).
func buildCatalog(t *testing.T, typ string, specs ...string) *catalog.Catalog {
	t.Helper()
	c := catalog.New("node")
	must := func(err error) {
		if err != nil {
			t.Fatal(err)
		}
	}
	must(c.Add(&catalog.Resource{Type: "Stage", Title: "main"}))
	must(c.Add(&catalog.Resource{Type: "Class", Title: "main"}))
	c.Contain(catalog.Ref{Type: "Stage", Title: "main"}, catalog.Ref{Type: "Class", Title: "main"})
	for _, spec := range specs {
		fields := strings.Fields(spec)
		r := &catalog.Resource{Type: typ, Title: fields[0]}
		for _, f := range fields[1:] {
			k, v, _ := strings.Cut(f, "=")
			if v == "true" {
				r.Set(k, true)
				continue
			}
			r.Set(k, v)
		}
		must(c.Add(r))
		c.Contain(catalog.Ref{Type: "Class", Title: "main"}, r.Ref())
	}
	return c
}

func applyThings(t *testing.T, m *machine, opts apply.Options, specs ...string) (*apply.Result, string) {
	t.Helper()
	rec := report.NewRecorder(nil)
	opts.Types = resource.NewRegistry(thingType{m}, noProps{"schedule"}, noProps{"filebucket"})
	opts.Log = rec
	res, err := apply.Apply(context.Background(), buildThings(t, specs...), opts)
	if err != nil {
		t.Fatal(err)
	}
	return res, rec.String(resource.Notice)
}

// noProps is a type with nothing to manage (schedules, the filebucket).
type noProps struct{ name string }

func (n noProps) Schema() *resource.Schema {
	return resource.NewSchema(resource.Schema{Name: n.name, Attrs: []resource.Attr{{Name: "name", Namevar: true}, {Name: "period"}, {Name: "repeat"}}})
}
func (noProps) New(resource.Values) (resource.Instance, error) { return empty{}, nil }

type empty struct{}

func (empty) Retrieve(context.Context, *resource.Handle) error { return nil }
func (empty) Exists() bool                                     { return true }
func (empty) Properties() []resource.Property                  { return nil }

func TestFailureSkipsDependentsAndKeepsGoing(t *testing.T) {
	m := newMachine()
	res, out := applyThings(t, m, apply.Options{},
		"a value=1 fail=true",
		"b value=1 require=Thing[a]",
		"c value=1 require=Thing[b]",
		"d value=1",
	)
	want := `Error: it broke
Error: /Stage[main]/Main/Thing[a]/value: change from '' to '1' failed: it broke
Notice: /Stage[main]/Main/Thing[b]: Dependency Thing[a] has failures: true
Warning: /Stage[main]/Main/Thing[b]: Skipping because of failed dependencies
Warning: /Stage[main]/Main/Thing[c]: Skipping because of failed dependencies
Notice: /Stage[main]/Main/Thing[d]/value: value changed '' to '1'
`
	if out != want {
		t.Errorf("log:\n%s\nwant:\n%s", out, want)
	}
	if got := res.ExitCode(); got != 6 {
		t.Errorf("exit code %d, want 6", got)
	}
	if m.state["d"] != "1" || m.state["b"] != "" {
		t.Errorf("machine %v: want d applied and b untouched", m.state)
	}
	c := res.Counts()
	if c.Failed != 1 || c.Skipped != 2 || c.Changed != 1 {
		t.Errorf("counts %+v", c)
	}
}

func TestRefreshOncePerRunFromEverySource(t *testing.T) {
	m := newMachine()
	_, out := applyThings(t, m, apply.Options{},
		"a value=1 notify=Thing[t]",
		"b value=1 notify=Thing[t]",
		"t",
	)
	if m.refresh["t"] != 1 {
		t.Errorf("refreshed %d times, want 1", m.refresh["t"])
	}
	if !strings.Contains(out, "Notice: /Stage[main]/Main/Thing[t]: Triggered 'refresh' from 2 events\n") {
		t.Errorf("no single refresh from 2 events in:\n%s", out)
	}
}

func TestNoopChangesNothingAndSaysWhatWouldHappen(t *testing.T) {
	m := newMachine()
	res, out := applyThings(t, m, apply.Options{Noop: true}, "a value=1 notify=Thing[t]", "t")
	if len(m.state) != 0 || m.refresh["t"] != 0 {
		t.Errorf("noop run changed the machine: %v %v", m.state, m.refresh)
	}
	for _, line := range []string{
		"Notice: /Stage[main]/Main/Thing[a]/value: current_value '', should be '1' (noop)\n",
		"Notice: /Stage[main]/Main/Thing[t]: Would have triggered 'refresh' from 1 event\n",
	} {
		if !strings.Contains(out, line) {
			t.Errorf("missing %q in:\n%s", line, out)
		}
	}
	if !res.NoopPending() || res.ExitCode() != 0 {
		t.Errorf("noop pending %v, exit %d", res.NoopPending(), res.ExitCode())
	}
}

func TestPerResourceNoopWinsOverRun(t *testing.T) {
	m := newMachine()
	applyThings(t, m, apply.Options{Noop: true}, "a value=1 noop=false", "b value=1")
	if m.state["a"] != "1" || m.state["b"] != "" {
		t.Errorf("machine %v: want only a applied", m.state)
	}
}

func TestConvergedRunChangesNothing(t *testing.T) {
	m := newMachine()
	applyThings(t, m, apply.Options{}, "a value=1", "b value=2")
	res, out := applyThings(t, m, apply.Options{}, "a value=1", "b value=2")
	if res.ExitCode() != 0 || out != "" {
		t.Errorf("second run: exit %d, log:\n%s", res.ExitCode(), out)
	}
}

// With --jobs, independent resources run at once, but no resource starts
// before what it depends on has finished.
func TestJobsRunInParallelAndHonourEdges(t *testing.T) {
	m := newMachine()
	specs := []string{"last value=1 slow=1 require=[Thing[p1],Thing[p2],Thing[p3],Thing[p4]]"}
	for i := 1; i <= 4; i++ {
		specs = append(specs, fmt.Sprintf("p%d value=1 slow=1", i))
	}
	c := buildThings(t, specs...)
	last := c.Resource(catalog.Ref{Type: "Thing", Title: "last"})
	last.Set("require", []catalog.Value{"Thing[p1]", "Thing[p2]", "Thing[p3]", "Thing[p4]"})
	opts := apply.Options{Jobs: 4, Types: resource.NewRegistry(thingType{m}, noProps{"schedule"}, noProps{"filebucket"})}
	res, err := apply.Apply(context.Background(), c, opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.Counts().Changed != 5 {
		t.Fatalf("changed %d, want 5", res.Counts().Changed)
	}
	if m.order[len(m.order)-1] != "last" {
		t.Errorf("order %v: last ran before its dependencies finished", m.order)
	}
	if m.peak.Load() < 2 {
		t.Errorf("peak concurrency %d, want at least 2 with --jobs 4", m.peak.Load())
	}
}

// TestJobsExclusiveKeyInSerialOrder: under --jobs, resources sharing an
// exclusive key never run at once and run in the serial order, while the
// others run beside them.
func TestJobsExclusiveKeyInSerialOrder(t *testing.T) {
	m := newMachine()
	var specs []string
	for i := 1; i <= 4; i++ {
		specs = append(specs, fmt.Sprintf("k%d value=1 slow=1 key=file", i), fmt.Sprintf("free%d value=1 slow=1", i))
	}
	c := buildThings(t, specs...)
	opts := apply.Options{Jobs: 4, Types: resource.NewRegistry(thingType{m}, noProps{"schedule"}, noProps{"filebucket"})}
	res, err := apply.Apply(context.Background(), c, opts)
	if err != nil {
		t.Fatal(err)
	}
	if res.Counts().Changed != 8 {
		t.Fatalf("changed %d, want 8", res.Counts().Changed)
	}
	var keyed []string
	for _, title := range m.order {
		if strings.HasPrefix(title, "k") {
			keyed = append(keyed, title)
		}
	}
	if got := strings.Join(keyed, " "); got != "k1 k2 k3 k4" {
		t.Errorf("resources of one key ran in the order %s, want k1 k2 k3 k4", got)
	}
	if m.peak.Load() < 2 {
		t.Errorf("peak concurrency %d, want at least 2 with --jobs 4", m.peak.Load())
	}
}

func TestInvalidResourceStopsBeforeAnyChange(t *testing.T) {
	m := newMachine()
	c := buildThings(t, "a value=1", "b value=1 bogus=x")
	c.Resource(catalog.Ref{Type: "Thing", Title: "b"}).File = "/site.pp"
	c.Resource(catalog.Ref{Type: "Thing", Title: "b"}).Line = 7
	_, err := apply.Apply(context.Background(), c, apply.Options{Types: resource.NewRegistry(thingType{m}, noProps{"schedule"}, noProps{"filebucket"})})
	if err == nil || err.Error() != "no parameter named 'bogus' on Thing[b] (file: /site.pp, line: 7)" {
		t.Errorf("error %v", err)
	}
	if len(m.state) != 0 {
		t.Errorf("machine changed: %v", m.state)
	}
}

func TestTagsSelectAndSkipTagsExclude(t *testing.T) {
	m := newMachine()
	c := buildThings(t, "a value=1", "b value=1", "c value=1")
	c.Resource(catalog.Ref{Type: "Thing", Title: "a"}).Tags = []string{"thing", "a", "web"}
	c.Resource(catalog.Ref{Type: "Thing", Title: "b"}).Tags = []string{"thing", "b", "web", "slow"}
	c.Resource(catalog.Ref{Type: "Thing", Title: "c"}).Tags = []string{"thing", "c"}
	opts := apply.Options{Tags: []string{"web"}, SkipTags: []string{"slow"},
		Types: resource.NewRegistry(thingType{m}, noProps{"schedule"}, noProps{"filebucket"})}
	res, err := apply.Apply(context.Background(), c, opts)
	if err != nil {
		t.Fatal(err)
	}
	if m.state["a"] != "1" || m.state["b"] != "" || m.state["c"] != "" {
		t.Errorf("machine %v: want only a applied", m.state)
	}
	if res.Counts().Skipped < 2 {
		t.Errorf("skipped %d, want b and c among them", res.Counts().Skipped)
	}
}

// panicType's provider panics; the run must go on without it.
type panicType struct{}

var boomSchema = resource.NewSchema(resource.Schema{Name: "boom", Attrs: []resource.Attr{{Name: "name", Namevar: true}}})

func (panicType) Schema() *resource.Schema { return boomSchema }
func (p panicType) New(resource.Values) (resource.Instance, error) {
	return panicking{}, nil
}

type panicking struct{ empty }

func (panicking) Retrieve(context.Context, *resource.Handle) error { panic("provider bug") }

func TestProviderPanicFailsOnlyItsResource(t *testing.T) {
	m := newMachine()
	c := buildThings(t, "a value=1")
	if err := c.Add(&catalog.Resource{Type: "Boom", Title: "x"}); err != nil {
		t.Fatal(err)
	}
	c.Contain(catalog.Ref{Type: "Class", Title: "main"}, catalog.Ref{Type: "Boom", Title: "x"})
	rec := report.NewRecorder(nil)
	res, err := apply.Apply(context.Background(), c, apply.Options{Log: rec,
		Types: resource.NewRegistry(thingType{m}, panicType{}, noProps{"schedule"}, noProps{"filebucket"})})
	if err != nil {
		t.Fatal(err)
	}
	if res.Counts().Failed != 1 || m.state["a"] != "1" {
		t.Errorf("failed %d, machine %v", res.Counts().Failed, m.state)
	}
	if !strings.Contains(rec.String(resource.Err), "Error: /Stage[main]/Main/Boom[x]: Could not evaluate: internal error: provider bug\n") {
		t.Errorf("log:\n%s", rec.String(resource.Debug))
	}
}
