package apply_test

import (
	"context"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/resource"
)

// finisher refreshes the Things it names once the walk is over, and
// keeps what it saw.
type finisher struct {
	refresh map[string]int // title: events
	noop    bool
	seen    int
	done    []bool
}

func (f *finisher) Finish(ctx context.Context, end *apply.End) {
	f.seen = len(end.Statuses())
	for _, s := range end.Statuses() {
		if n, ok := f.refresh[s.Resource.Title]; ok {
			f.done = append(f.done, end.Refresh(ctx, s.Resource, n, f.noop))
		}
	}
	end.Keep("kept")
}

// Work left for the end of the walk: a finisher sees every status,
// refreshes a resource as its turn would have (once, with the events
// it gives, after every other resource), in noop says it would have,
// and leaves a failed or skipped resource alone.
func TestFinisher(t *testing.T) {
	m := newMachine()
	f := &finisher{refresh: map[string]int{"late": 2, "broken": 1}}
	res, out := applyThings(t, m, apply.Options{Finish: []apply.Finisher{f}},
		"late", "other value=1", "broken value=1 fail=true")
	if f.seen != len(res.Statuses) || m.refresh["late"] != 1 || m.refresh["broken"] != 0 {
		t.Errorf("saw %d statuses, refreshed %v", f.seen, m.refresh)
	}
	if len(f.done) != 2 || !f.done[0] || f.done[1] {
		t.Errorf("Refresh answered %v", f.done)
	}
	if !strings.HasSuffix(out, "Notice: /Stage[main]/Main/Thing[late]: Triggered 'refresh' from 2 events\n") {
		t.Errorf("the refresh is not the run's last line:\n%s", out)
	}
	if len(res.Finished) != 1 || res.Finished[0] != "kept" {
		t.Errorf("Finished: %v", res.Finished)
	}
	for _, s := range res.Statuses {
		if s.Resource.Title == "late" && !s.Restarted {
			t.Errorf("late's status does not say it was refreshed")
		}
	}

	m = newMachine()
	f = &finisher{refresh: map[string]int{"late": 1}, noop: true}
	_, out = applyThings(t, m, apply.Options{Finish: []apply.Finisher{f}}, "late")
	if m.refresh["late"] != 0 || !strings.Contains(out, "Thing[late]: Would have triggered 'refresh' from 1 event\n") {
		t.Errorf("noop refresh: %v\n%s", m.refresh, out)
	}

	// An interrupted run leaves the work undone.
	m = newMachine()
	f = &finisher{refresh: map[string]int{"late": 1}}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	c := buildThings(t, "late")
	res2, err := apply.Apply(ctx, c, apply.Options{Types: resource.NewRegistry(thingType{m}, noProps{"schedule"}, noProps{"filebucket"}), Finish: []apply.Finisher{f}})
	if err != nil {
		t.Fatal(err)
	}
	if f.seen != 0 || len(res2.Finished) != 0 {
		t.Errorf("an interrupted run finished: saw %d, kept %v", f.seen, res2.Finished)
	}
}
