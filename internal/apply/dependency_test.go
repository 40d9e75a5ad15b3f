package apply_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/report"
	"github.com/ordoproject/ordo/internal/resource"
)

// The kinds Salt's requisites lower into (on-change, on-fail, pre-check)
// on synthetic catalogs of Things: each case declares its things, the
// edges between them (source kind target), what the machine holds
// before the run, and what must have been changed, skipped and logged.
func TestEdgeKinds(t *testing.T) {
	for _, tc := range []struct {
		name    string
		before  map[string]string // the machine before the run
		specs   []string
		edges   []string // "a on-change b": a is the source
		changed []string // in the order they were changed
		skipped map[string]string
		log     []string // lines the log must hold
	}{
		{
			name:    "on-change runs the target when the source changed",
			specs:   []string{"a value=1", "b value=1"},
			edges:   []string{"a on-change b"},
			changed: []string{"a", "b"},
		},
		{
			name:    "on-change skips the target when the source was in sync",
			before:  map[string]string{"a": "1"},
			specs:   []string{"a value=1", "b value=1"},
			edges:   []string{"a on-change b"},
			skipped: map[string]string{"b": "State was not run because none of the onchanges reqs changed"},
			log:     []string{"Info: /Stage[main]/Main/Thing[b]: State was not run because none of the onchanges reqs changed"},
		},
		{
			name:    "on-change with one of two sources changed runs the target",
			before:  map[string]string{"a": "1"},
			specs:   []string{"a value=1", "c value=1", "b value=1"},
			edges:   []string{"a on-change b", "c on-change b"},
			changed: []string{"c", "b"},
		},
		{
			name:    "on-change with a failed source fails the target",
			specs:   []string{"a value=1 fail=true", "c value=1", "b value=1"},
			edges:   []string{"a on-change b", "c on-change b"},
			changed: []string{"c"},
			skipped: map[string]string{"b": ""},
			log: []string{
				"Notice: /Stage[main]/Main/Thing[b]: Dependency Thing[a] has failures: true",
				"Warning: /Stage[main]/Main/Thing[b]: Skipping because of failed dependencies",
			},
		},
		{
			name:    "on-fail runs the target when the source failed, and the failure does not block it",
			specs:   []string{"a value=1 fail=true", "b value=1"},
			edges:   []string{"a on-fail b"},
			changed: []string{"b"},
		},
		{
			name:    "on-fail skips the target when the source succeeded",
			specs:   []string{"a value=1", "b value=1"},
			edges:   []string{"a on-fail b"},
			changed: []string{"a"},
			skipped: map[string]string{"b": "State was not run because onfail req did not change"},
		},
		{
			name:    "on-fail with an order edge too: the failure blocks",
			specs:   []string{"a value=1 fail=true", "b value=1"},
			edges:   []string{"a on-fail b", "a order b"},
			skipped: map[string]string{"b": ""},
		},
		{
			name:    "a resource not triggered neither blocks nor triggers what follows it",
			before:  map[string]string{"a": "1"},
			specs:   []string{"a value=1", "b value=1", "c value=1"},
			edges:   []string{"a on-change b", "b order c"},
			changed: []string{"c"},
			skipped: map[string]string{"b": "State was not run because none of the onchanges reqs changed"},
		},
		{
			name:    "order, any: one source in line is enough",
			specs:   []string{"a value=1 fail=true", "c value=1", "b value=1"},
			edges:   []string{"a order-any b", "c order-any b"},
			changed: []string{"c", "b"},
		},
		{
			name:    "order, any: every source failed skips the target",
			specs:   []string{"a value=1 fail=true", "c value=1 fail=true", "b value=1"},
			edges:   []string{"a order-any b", "c order-any b"},
			skipped: map[string]string{"b": ""},
			log:     []string{"Warning: /Stage[main]/Main/Thing[b]: Skipping because of failed dependencies"},
		},
		{
			name:    "on-change, any: a changed source wins over a failed one",
			specs:   []string{"a value=1 fail=true", "c value=1", "b value=1"},
			edges:   []string{"a on-change-any b", "c on-change-any b"},
			changed: []string{"c", "b"},
		},
		{
			name:    "on-change, any: a failure with nothing changed fails the target",
			before:  map[string]string{"c": "1"},
			specs:   []string{"a value=1 fail=true", "c value=1", "b value=1"},
			edges:   []string{"a on-change-any b", "c on-change-any b"},
			skipped: map[string]string{"b": ""},
		},
		{
			name:    "on-fail, all: one source in line keeps the target from running",
			specs:   []string{"a value=1 fail=true", "c value=1", "b value=1"},
			edges:   []string{"a on-fail b", "c on-fail b"},
			changed: []string{"c"},
			skipped: map[string]string{"b": "State was not run because onfail req did not change"},
		},
		{
			name:    "on-fail, any: one failed source runs the target",
			specs:   []string{"a value=1 fail=true", "c value=1", "b value=1"},
			edges:   []string{"a on-fail-any b", "c on-fail-any b"},
			changed: []string{"c", "b"},
		},
		{
			name:    "on-fail, all: every source failed runs the target",
			specs:   []string{"a value=1 fail=true", "c value=1 fail=true", "b value=1"},
			edges:   []string{"a on-fail b", "c on-fail b"},
			changed: []string{"b"},
		},
		{
			name:    "pre-check runs the first resource before the watched one when it would change",
			specs:   []string{"b value=1", "a value=1"},
			edges:   []string{"a pre-check b"},
			changed: []string{"a", "b"},
		},
		{
			name:    "pre-check skips the first resource when the watched one is in sync",
			before:  map[string]string{"b": "1"},
			specs:   []string{"b value=1", "a value=1"},
			edges:   []string{"a pre-check b"},
			skipped: map[string]string{"a": "No changes detected"},
		},
		{
			name:    "pre-check: a failed first resource skips the watched one",
			specs:   []string{"b value=1", "a value=1 fail=true"},
			edges:   []string{"a pre-check b"},
			skipped: map[string]string{"b": ""},
			log:     []string{"Warning: /Stage[main]/Main/Thing[b]: Skipping because of failed dependencies"},
		},
		{
			name:    "pre-check: the first resource waits for what the watched one needs",
			specs:   []string{"b value=1", "a value=1", "c value=1"},
			edges:   []string{"a pre-check b", "c order b"},
			changed: []string{"c", "a", "b"},
		},
		{
			name:    "pre-check: a failure the watched one waits for skips both",
			specs:   []string{"b value=1", "a value=1", "c value=1 fail=true"},
			edges:   []string{"a pre-check b", "c order b"},
			skipped: map[string]string{"a": "", "b": ""},
		},
		{
			name:    "pre-check: a watched resource not triggered does not run the first one",
			before:  map[string]string{"c": "1"},
			specs:   []string{"c value=1", "b value=1", "a value=1"},
			edges:   []string{"a pre-check b", "c on-change b"},
			skipped: map[string]string{"a": "No changes detected", "b": "State was not run because none of the onchanges reqs changed"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := newMachine()
			for k, v := range tc.before {
				m.state[k] = v
			}
			c := buildThings(t, tc.specs...)
			for _, e := range tc.edges {
				f := strings.Fields(e)
				name, any := strings.CutSuffix(f[1], "-any")
				kind := map[string]catalog.EdgeKind{"order": catalog.Order, "refresh": catalog.Refresh,
					"on-change": catalog.OnChange, "on-fail": catalog.OnFail, "pre-check": catalog.PreCheck}[name]
				q := catalog.All
				if any {
					q = catalog.Any
				}
				c.Relate(catalog.Relationship{Source: catalog.Ref{Type: "Thing", Title: f[0]}, Target: catalog.Ref{Type: "Thing", Title: f[2]},
					Kind: kind, Quantifier: q, Origin: catalog.Provenance{Via: f[1]}})
			}
			for _, jobs := range []int{1, 4} {
				m.state = map[string]string{}
				for k, v := range tc.before {
					m.state[k] = v
				}
				m.order = nil
				rec := report.NewRecorder(nil)
				opts := apply.Options{Jobs: jobs, Log: rec, Types: resource.NewRegistry(thingType{m}, noProps{"schedule"}, noProps{"filebucket"})}
				res, err := apply.Apply(context.Background(), c, opts)
				if err != nil {
					t.Fatal(err)
				}
				var changed []string
				for _, title := range m.order {
					if m.state[title] != "" {
						changed = append(changed, title)
					}
				}
				if jobs == 1 && !slices.Equal(changed, tc.changed) || jobs > 1 && !sameSet(changed, tc.changed) {
					t.Errorf("jobs %d: changed %v, want %v", jobs, changed, tc.changed)
				}
				skipped := map[string]string{}
				for _, s := range res.Statuses {
					if s.Skipped && s.Resource.Type == "Thing" {
						skipped[s.Resource.Title] = s.SkipReason
					}
				}
				if len(skipped) != len(tc.skipped) {
					t.Errorf("jobs %d: skipped %v, want %v", jobs, skipped, tc.skipped)
				}
				for k, v := range tc.skipped {
					if got, ok := skipped[k]; !ok || got != v {
						t.Errorf("jobs %d: %s skipped %v with reason %q, want %q", jobs, k, ok, got, v)
					}
				}
				out := rec.String(resource.Info)
				for _, line := range tc.log {
					if !strings.Contains(out, line+"\n") {
						t.Errorf("jobs %d: no %q in:\n%s", jobs, line, out)
					}
				}
			}
		})
	}
}

func sameSet(a, b []string) bool {
	a, b = slices.Clone(a), slices.Clone(b)
	slices.Sort(a)
	slices.Sort(b)
	return slices.Equal(a, b)
}
