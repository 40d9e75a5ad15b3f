package apply_test

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/report"
	"github.com/ordoproject/ordo/internal/resource"
)

// batchType's provider reads all its instances at once; its instances
// record what they were handed.
type batchType struct {
	schema *resource.Schema
	got    map[string]any
}

func newBatchType(calls *atomic.Int32, fail bool) *batchType {
	t := &batchType{got: map[string]any{}}
	t.schema = resource.NewSchema(resource.Schema{
		Name:  "batch",
		Attrs: []resource.Attr{{Name: "name", Namevar: true}},
		Providers: []resource.Provider{{Name: "all", Default: true, Prefetch: func(context.Context, *resource.Handle) (any, error) {
			calls.Add(1)
			if fail {
				return nil, errors.New("database locked")
			}
			return "everything", nil
		}}},
	})
	return t
}

func (t *batchType) Schema() *resource.Schema { return t.schema }
func (t *batchType) New(v resource.Values) (resource.Instance, error) {
	return &batchInst{t: t, name: v.String("name")}, nil
}

type batchInst struct {
	empty
	t    *batchType
	name string
}

func (b *batchInst) Prefetched(data any) { b.t.got[b.name] = data }

func TestBatchPrefetchOncePerRun(t *testing.T) {
	for _, fail := range []bool{false, true} {
		var calls atomic.Int32
		typ := newBatchType(&calls, fail)
		rec := report.NewRecorder(nil)
		_, err := apply.Apply(context.Background(), buildCatalog(t, "Batch", "a", "b", "c"), apply.Options{
			Log:   rec,
			Types: resource.NewRegistry(typ, noProps{"schedule"}, noProps{"filebucket"}),
		})
		if err != nil {
			t.Fatal(err)
		}
		if calls.Load() != 1 {
			t.Errorf("fail=%v: prefetch ran %d times, want once", fail, calls.Load())
		}
		errs := rec.String(resource.Err)
		if fail {
			if len(typ.got) != 0 || strings.Count(errs, "Could not prefetch batch provider 'all': database locked") != 1 {
				t.Errorf("failed prefetch: got %v, log %q", typ.got, errs)
			}
			continue
		}
		if len(typ.got) != 3 || typ.got["b"] != "everything" || errs != "" {
			t.Errorf("got %v, log %q", typ.got, errs)
		}
	}
}

// failerType is batchType whose instances are told when the prefetch
// failed, and then say so without logging it again.
type failerType struct{ *batchType }

func (t failerType) New(v resource.Values) (resource.Instance, error) {
	return &failerInst{batchInst: batchInst{t: t.batchType, name: v.String("name")}}, nil
}

type failerInst struct {
	batchInst
	failed error
}

func (f *failerInst) PrefetchFailed(err error) { f.failed = err }

func (f *failerInst) Retrieve(context.Context, *resource.Handle) error {
	if f.failed != nil {
		return &resource.PrefetchError{Type: "batch", Provider: "all", Err: f.failed, Logged: true}
	}
	return nil
}

// A failed prefetch is logged once, when it ran; each resource of the
// provider is then skipped, and one that waits for a failed resource is
// prefetched (it already was here) before it is skipped for it.
func TestFailedPrefetchLoggedOnce(t *testing.T) {
	var calls atomic.Int32
	typ := failerType{newBatchType(&calls, true)}
	rec := report.NewRecorder(nil)
	_, err := apply.Apply(context.Background(), buildCatalog(t, "Batch", "a", "b", "c require=Batch[a]"), apply.Options{
		Log:   rec,
		Types: resource.NewRegistry(typ, noProps{"schedule"}, noProps{"filebucket"}),
	})
	if err != nil {
		t.Fatal(err)
	}
	log := rec.String(resource.Debug)
	if calls.Load() != 1 || strings.Count(log, "Could not prefetch batch provider 'all': database locked") != 1 ||
		strings.Count(log, "database locked") != 1 || strings.Count(log, "Skipping because provider prefetch failed") != 2 ||
		!strings.Contains(log, "Batch[c]: Skipping because of failed dependencies") {
		t.Errorf("prefetch ran %d times; log:\n%s", calls.Load(), log)
	}
}
