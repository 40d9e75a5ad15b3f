package apply_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/report"
	"github.com/ordoproject/ordo/internal/resource"
)

// widgetType is a fake type with two properties, size and color, whose
// provider fails where its parameters say: retrieve_fails, sync_fails
// (the name of a property), flush_fails, refresh_fails.
type widgetType struct{ w *widgets }

type widgets struct {
	mu        sync.Mutex
	state     map[string]map[string]string
	flushed   map[string]int
	refreshed map[string]int
}

func newWidgets() *widgets {
	return &widgets{state: map[string]map[string]string{}, flushed: map[string]int{}, refreshed: map[string]int{}}
}

var widgetSchema = resource.NewSchema(resource.Schema{Name: "widget", Attrs: []resource.Attr{
	{Name: "name", Namevar: true}, {Name: "size", Kind: resource.KindProperty}, {Name: "color", Kind: resource.KindProperty},
	{Name: "retrieve_fails"}, {Name: "sync_fails"}, {Name: "flush_fails"}, {Name: "refresh_fails"},
}})

func (widgetType) Schema() *resource.Schema { return widgetSchema }
func (t widgetType) New(v resource.Values) (resource.Instance, error) {
	return &widget{w: t.w, r: v.Resource()}, nil
}

type widget struct {
	w       *widgets
	r       *catalog.Resource
	current map[string]string
}

func (x *widget) Retrieve(ctx context.Context, h *resource.Handle) error {
	if msg := x.r.String("retrieve_fails"); msg != "" {
		return errors.New(msg)
	}
	x.w.mu.Lock()
	defer x.w.mu.Unlock()
	x.current = map[string]string{}
	for k, v := range x.w.state[x.r.Title] {
		x.current[k] = v
	}
	return nil
}
func (x *widget) Exists() bool { return true }
func (x *widget) Properties() []resource.Property {
	var out []resource.Property
	for _, name := range []string{"size", "color"} {
		if _, ok := x.r.Get(name); ok {
			out = append(out, widgetProp{x, name})
		}
	}
	return out
}
func (x *widget) Flush(ctx context.Context, h *resource.Handle) error {
	x.w.mu.Lock()
	x.w.flushed[x.r.Title]++
	x.w.mu.Unlock()
	if msg := x.r.String("flush_fails"); msg != "" {
		return errors.New(msg)
	}
	return nil
}
func (x *widget) Refresh(ctx context.Context, h *resource.Handle) error {
	x.w.mu.Lock()
	x.w.refreshed[x.r.Title]++
	x.w.mu.Unlock()
	if msg := x.r.String("refresh_fails"); msg != "" {
		return errors.New(msg)
	}
	return nil
}

type widgetProp struct {
	x    *widget
	name string
}

func (p widgetProp) Name() string           { return p.name }
func (p widgetProp) Current() catalog.Value { return p.x.current[p.name] }
func (p widgetProp) Desired() catalog.Value { return p.x.r.String(p.name) }
func (p widgetProp) InSync() bool           { return p.x.current[p.name] == p.x.r.String(p.name) }
func (p widgetProp) Message() string {
	return fmt.Sprintf("%s changed %s to %s", p.name, catalog.Format(p.Current()), catalog.Format(p.Desired()))
}
func (p widgetProp) Event() string { return p.name + "_changed" }
func (p widgetProp) Sync(ctx context.Context, h *resource.Handle) error {
	if p.x.r.String("sync_fails") == p.name {
		return fmt.Errorf("cannot set %s", p.name)
	}
	p.x.w.mu.Lock()
	defer p.x.w.mu.Unlock()
	if p.x.w.state[p.x.r.Title] == nil {
		p.x.w.state[p.x.r.Title] = map[string]string{}
	}
	p.x.w.state[p.x.r.Title][p.name] = p.x.r.String(p.name)
	return nil
}

// applyWidgets applies Widget resources declared like buildThings' specs.
func applyWidgets(t *testing.T, w *widgets, opts apply.Options, specs ...string) (*apply.Result, string) {
	t.Helper()
	c := buildCatalog(t, "Widget", specs...)
	rec := report.NewRecorder(nil)
	opts.Types = resource.NewRegistry(widgetType{w}, noProps{"schedule"}, noProps{"filebucket"})
	opts.Log = rec
	res, err := apply.Apply(context.Background(), c, opts)
	if err != nil {
		t.Fatal(err)
	}
	return res, rec.String(resource.Info)
}

func statusOf(t *testing.T, res *apply.Result, ref string) *apply.Status {
	t.Helper()
	for _, s := range res.Statuses {
		if s.Resource.Ref().String() == ref {
			return s
		}
	}
	t.Fatalf("no status for %s", ref)
	return nil
}

func eventsOf(s *apply.Status) string {
	var out []string
	for _, e := range s.Events {
		out = append(out, fmt.Sprintf("%s %s %s: %s", e.Name, e.Status, e.Property, e.Message))
	}
	return strings.Join(out, "\n")
}

// wantEvents fails t unless s's events, as eventsOf lists them, are want.
func wantEvents(t *testing.T, s *apply.Status, want string) {
	t.Helper()
	if got := eventsOf(s); got != want {
		t.Errorf("events:\n%s\nwant:\n%s", got, want)
	}
}

// wantLines fails t for each of lines the log out lacks.
func wantLines(t *testing.T, out string, lines ...string) {
	t.Helper()
	for _, line := range lines {
		if !strings.Contains(out, line) {
			t.Errorf("log lacks %q:\n%s", line, out)
		}
	}
}

// A provider whose retrieve fails: "Could not evaluate", a resource_error
// failure event (Puppet's Status#failed_because), no events sent, and its
// dependents skipped.
func TestRetrieveFailure(t *testing.T) {
	w := newWidgets()
	res, out := applyWidgets(t, w, apply.Options{},
		"a size=1 retrieve_fails=unreadable notify=Widget[t]",
		"t",
	)
	s := statusOf(t, res, "Widget[a]")
	wantEvents(t, s, "resource_error failure : unreadable")
	if !s.Failed || !s.OutOfSync || s.OutOfSyncCount != 1 || s.Changed {
		t.Errorf("status %+v", s)
	}
	wantLines(t, out,
		"Error: /Stage[main]/Main/Widget[a]: Could not evaluate: unreadable\n",
		"Warning: /Stage[main]/Main/Widget[t]: Skipping because of failed dependencies\n",
	)
	if w.refreshed["t"] != 0 || strings.Contains(out, "Scheduling refresh") {
		t.Errorf("a failed resource sent events:\n%s", out)
	}
	c := res.Counts()
	if c.Failed != 1 || c.EventFailure != 1 || c.OutOfSync != 1 {
		t.Errorf("counts %+v", c)
	}
}

// One of two properties fails to sync: the other is still synced and
// flushed, the failure is logged as Puppet does, and the resource, failed,
// sends no events.
func TestOnePropertyFails(t *testing.T) {
	w := newWidgets()
	res, out := applyWidgets(t, w, apply.Options{},
		"a size=1 color=red sync_fails=size notify=Widget[t]",
		"t",
	)
	want := `Error: cannot set size
Error: /Stage[main]/Main/Widget[a]/size: change from '' to '1' failed: cannot set size
Notice: /Stage[main]/Main/Widget[a]/color: color changed '' to 'red'
`
	if !strings.HasPrefix(out, want) {
		t.Errorf("log:\n%s\nwant first:\n%s", out, want)
	}
	if w.state["a"]["color"] != "red" || w.state["a"]["size"] != "" || w.flushed["a"] != 1 {
		t.Errorf("state %v, flushed %d", w.state["a"], w.flushed["a"])
	}
	s := statusOf(t, res, "Widget[a]")
	wantEvents(t, s, "size_changed failure size: change from '' to '1' failed: cannot set size\ncolor_changed success color: color changed '' to 'red'")
	if !s.Failed || s.ChangeCount != 1 || s.OutOfSyncCount != 2 {
		t.Errorf("status %+v", s)
	}
	if w.refreshed["t"] != 0 || strings.Contains(out, "Scheduling refresh") {
		t.Errorf("a failed resource sent events:\n%s", out)
	}
}

// A flush that fails after a successful change fails the resource with
// a resource_error event, and no events go out.
func TestFlushFailure(t *testing.T) {
	w := newWidgets()
	res, out := applyWidgets(t, w, apply.Options{},
		"a size=1 flush_fails=disk-full notify=Widget[t]",
		"t",
	)
	s := statusOf(t, res, "Widget[a]")
	wantEvents(t, s, "size_changed success size: size changed '' to '1'\nresource_error failure : disk-full")
	if !s.Failed || !strings.Contains(out, "Error: /Stage[main]/Main/Widget[a]: Could not evaluate: disk-full\n") {
		t.Errorf("status %+v, log:\n%s", s, out)
	}
	if w.refreshed["t"] != 0 {
		t.Errorf("a failed resource sent events:\n%s", out)
	}
}

// A failed refresh: Puppet's two error lines, failed_to_restart with a
// resource_error event, no restarted event onward, dependents skipped.
func TestRefreshFailure(t *testing.T) {
	w := newWidgets()
	res, out := applyWidgets(t, w, apply.Options{},
		"a size=1 notify=Widget[t]",
		"t refresh_fails=no-restart notify=Widget[u]",
		"u",
	)
	wantLines(t, out,
		"Error: /Stage[main]/Main/Widget[t]: Failed to call refresh: no-restart\n"+
			"Error: /Stage[main]/Main/Widget[t]: no-restart\n",
		"Notice: /Stage[main]/Main/Widget[u]: Dependency Widget[t] has failures: true\n",
		"Warning: /Stage[main]/Main/Widget[u]: Skipping because of failed dependencies\n",
	)
	s := statusOf(t, res, "Widget[t]")
	wantEvents(t, s, "resource_error failure : Failed to call refresh: no-restart")
	if !s.Failed || !s.FailedToRestart || s.Restarted {
		t.Errorf("status %+v", s)
	}
	if w.refreshed["u"] != 0 || !statusOf(t, res, "Widget[u]").Skipped {
		t.Errorf("u refreshed %d times", w.refreshed["u"])
	}
}

// With --jobs, the outcome of a run with failures and refreshes is the
// serial one: the same statuses, the same counts, each target refreshed
// once from every event sent to it.
func TestJobsFailuresAndRefreshesMatchSerial(t *testing.T) {
	specs := []string{
		"bad size=1 sync_fails=size notify=Widget[t1]",
		"dep1 size=1 require=Widget[bad] notify=Widget[t1]",
		"dep2 size=1 require=Widget[dep1]",
		"s1 size=1 color=red notify=Widget[t2]",
		"s2 size=1 notify=Widget[t2]",
		"s3 size=1 notify=Widget[t2]",
		"t1",
		"t2 refresh_fails=x",
		"after2 require=Widget[t2] notify=Widget[t3]",
		"s4 size=1 notify=Widget[t3]",
		"t3",
		"s5 size=1 color=blue notify=Widget[t4]",
		"s6 size=1 notify=Widget[t4]",
		"t4",
	}
	summary := func(res *apply.Result, w *widgets) string {
		var lines []string
		for _, s := range res.Statuses {
			lines = append(lines, fmt.Sprintf("%s failed=%v ftr=%v skipped=%v restarted=%v changes=%d deps=%v events=[%s]",
				s.Resource.Ref(), s.Failed, s.FailedToRestart, s.Skipped, s.Restarted, s.ChangeCount, s.FailedDependencies, strings.ReplaceAll(eventsOf(s), "\n", "; ")))
		}
		lines = append(lines, fmt.Sprintf("%+v refreshed=%v", res.Counts(), w.refreshed))
		// Under --jobs the statuses are in the order they finished.
		sortStrings(lines[:len(lines)-1])
		return strings.Join(lines, "\n")
	}
	w := newWidgets()
	res, _ := applyWidgets(t, w, apply.Options{}, specs...)
	want := summary(res, w)
	// t3 waits on after2, which was skipped for t2's failure: t3 is
	// skipped too and drops the event s4 sent it.
	for _, name := range []string{"dep1", "dep2", "after2", "t3"} {
		if !statusOf(t, res, "Widget["+name+"]").Skipped {
			t.Errorf("%s not skipped", name)
		}
	}
	if w.refreshed["t1"] != 0 || w.refreshed["t2"] != 1 || w.refreshed["t3"] != 0 || w.refreshed["t4"] != 1 {
		t.Errorf("serial refreshes %v", w.refreshed)
	}
	for i := 0; i < 20; i++ {
		w := newWidgets()
		res, _ := applyWidgets(t, w, apply.Options{Jobs: 4}, specs...)
		if got := summary(res, w); got != want {
			t.Fatalf("--jobs 4 run %d:\n%s\nserial:\n%s", i, got, want)
		}
	}
}

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
