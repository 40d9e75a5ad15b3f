package apply_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/report"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/state"
)

// A resource on the daily schedule runs once a day, counted from when
// the state store last saw it checked; the clock is injected.
func TestScheduleCountsFromTheStateStore(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	run := func(at time.Time) string {
		t.Helper()
		store, complaint, err := state.Open(dir)
		if err != nil || complaint != nil {
			t.Fatalf("state.Open: %v %+v", err, complaint)
		}
		m := newMachine() // a fresh machine: the value is always out of sync
		_, out := applyThings(t, m, apply.Options{State: store, Now: func() time.Time { return at }},
			"a value=1 schedule=daily", "b value=1 schedule=never", "c value=1")
		if err := store.Save(at); err != nil {
			t.Fatal(err)
		}
		return out
	}
	cases := []struct {
		at   time.Time
		want []string
	}{
		{now, []string{"Thing[a]/value", "Thing[c]/value"}},
		{now.Add(time.Hour), []string{"Thing[c]/value"}},
		{now.Add(25 * time.Hour), []string{"Thing[a]/value", "Thing[c]/value"}},
	}
	for i, c := range cases {
		out := run(c.at)
		if strings.Contains(out, "Thing[b]") {
			t.Errorf("run %d: the never schedule let b run:\n%s", i+1, out)
		}
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("run %d: no %s in:\n%s", i+1, w, out)
			}
		}
		if i == 1 && strings.Contains(out, "Thing[a]") {
			t.Errorf("run 2: a ran again within the day:\n%s", out)
		}
	}
}

// brokenType's provider cannot work on this machine.
type brokenType struct{}

func (brokenType) Schema() *resource.Schema {
	return resource.NewSchema(resource.Schema{Name: "broken", Attrs: []resource.Attr{{Name: "name", Namevar: true}}})
}
func (brokenType) New(resource.Values) (resource.Instance, error) { return broken{}, nil }

type broken struct{ empty }

func (broken) NotFunctional() error {
	return errors.New("Provider nowhere is not functional on this host")
}

// A resource whose provider is not functional waits until nothing else can
// run, then fails; what requires it is skipped, the rest applied first.
func TestUnsuitableProviderIsDeferred(t *testing.T) {
	for _, jobs := range []int{1, 4} {
		c := buildThings(t, "b value=1", "d value=1 require=Broken[x]")
		x := &catalog.Resource{Type: "Broken", Title: "x"}
		if err := c.Add(x); err != nil {
			t.Fatal(err)
		}
		c.Contain(catalog.Ref{Type: "Class", Title: "main"}, x.Ref())
		rec := report.NewRecorder(nil)
		m := newMachine()
		opts := apply.Options{Types: resource.NewRegistry(thingType{m}, brokenType{}, noProps{"schedule"}, noProps{"filebucket"}),
			Log: rec, Jobs: jobs}
		res, err := apply.Apply(context.Background(), c, opts)
		if err != nil {
			t.Fatal(err)
		}
		want := `Notice: /Stage[main]/Main/Thing[b]/value: value changed '' to '1'
Error: /Stage[main]/Main/Broken[x]: Provider nowhere is not functional on this host
Notice: /Stage[main]/Main/Thing[d]: Dependency Broken[x] has failures: true
Warning: /Stage[main]/Main/Thing[d]: Skipping because of failed dependencies
`
		if out := rec.String(resource.Notice); out != want {
			t.Errorf("--jobs %d: log:\n%s\nwant:\n%s", jobs, out, want)
		}
		if c := res.Counts(); c.Failed != 1 || c.Skipped != 1 || c.Changed != 1 {
			t.Errorf("--jobs %d: counts %+v", jobs, c)
		}
	}
}
