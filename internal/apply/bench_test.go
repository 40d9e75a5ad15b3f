package apply_test

// Benchmarks of whole runs on real files, with the real providers and a
// logger that drops every line. What is timed is one run of the engine:
// apply.Prepare (validation, instances, the relationship graph) and
// Plan.Apply (retrieving and syncing every resource). Generating the
// catalog, making or removing the target folder and checking the result
// are done with the timer stopped. Reading the catalog's JSON is not part
// of these; bench/vs-puppet times the whole binary.
//
//	go test -run '^$' -bench . -benchmem ./internal/apply/
//
// Besides ns/op, each benchmark reports ns/resource: the time per managed
// resource (files and directories); the converged ones also report the
// bytes a run allocates per resource (B/resource) and the bytes its
// catalog, plan and result hold per resource (live-B/resource).

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/catalog/gen"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/builtin"
)

type discardLog struct{}

func (discardLog) Log(resource.Level, string, string) {}
func (discardLog) Enabled(resource.Level) bool        { return false }

func benchOptions(b *testing.B) apply.Options {
	return apply.Options{
		Types:     builtin.Registry(),
		Log:       discardLog{},
		Runner:    command.Runner{},
		BucketDir: filepath.Join(b.TempDir(), "bucket"),
	}
}

// managed is the number of resources of c that the run manages: all but
// the stage and the classes.
func managed(c *catalog.Catalog) int {
	n := 0
	for _, r := range c.Resources {
		if !catalog.IsContainerType(r.Type) {
			n++
		}
	}
	return n
}

// run prepares and applies c; the caller decides what is timed.
func run(b *testing.B, c *catalog.Catalog, opts apply.Options) *apply.Result {
	_, res := runPlan(b, c, opts)
	return res
}

// runPlan is run that also returns the plan, for a caller that measures
// what the plan holds.
func runPlan(b *testing.B, c *catalog.Catalog, opts apply.Options) (*apply.Plan, *apply.Result) {
	plan, err := apply.Prepare(c, opts)
	if err != nil {
		b.Fatalf("prepare: %v", err)
	}
	res, err := plan.Apply(context.Background())
	if err != nil {
		b.Fatalf("apply: %v", err)
	}
	return plan, res
}

// check fails the benchmark unless the run changed exactly changed
// resources and nothing failed.
func check(b *testing.B, res *apply.Result, changed int) {
	b.Helper()
	cnt := res.Counts()
	if cnt.Failed != 0 || cnt.Skipped != 0 || cnt.Changed != changed {
		for _, s := range res.Statuses {
			if s.Failed {
				for _, e := range s.Events {
					b.Logf("%s: %s", s.Path(), e.Message)
				}
				break
			}
		}
		b.Fatalf("run changed %d resources (want %d), %d failed, %d skipped", cnt.Changed, changed, cnt.Failed, cnt.Skipped)
	}
}

func reportPerResource(b *testing.B, resources int) {
	if b.N > 0 && resources > 0 {
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(resources), "ns/resource")
	}
}

// BenchmarkApplyFiles2000Chained applies 2,000 files (content, mode
// 0644) in 4 directories, each file requiring the previous one.
//
//   - fresh: every iteration starts from a folder that does not exist,
//     so the run creates 5 directories and 2,000 files. The trees are
//     removed only at the end: on ext4 without a journal, creating files
//     right after thousands were deleted costs up to a millisecond each
//     (bench/README.md), which would time the cleanup;
//   - converged: the folder is made once; every iteration finds all
//     2,005 resources in sync and changes nothing.
func BenchmarkApplyFiles2000Chained(b *testing.B) {
	const n = 2000
	b.Run("fresh", func(b *testing.B) {
		base := b.TempDir()
		benchFresh(b, benchOptions(b), func(i int) *catalog.Catalog {
			return gen.Files(filepath.Join(base, fmt.Sprintf("run%d", i)), n, true)
		})
	})
	b.Run("converged", func(b *testing.B) {
		opts := benchOptions(b)
		root := filepath.Join(b.TempDir(), "root")
		c := gen.Files(root, n, true)
		total := managed(c)
		check(b, run(b, c, opts), total)
		benchConverged(b, opts, total, func() *catalog.Catalog { return gen.Files(root, n, true) })
	})
}

// materialize writes the directories and files of a generated catalog
// directly, without fsync: a converged tree made in seconds rather than
// the minutes 100,000 synced writes take. The first timed run checks that
// the engine agrees nothing is left to change.
func materialize(b *testing.B, c *catalog.Catalog) {
	for _, r := range c.Resources {
		if r.Type != "File" {
			continue
		}
		var err error
		switch r.String("ensure") {
		case "directory":
			err = os.MkdirAll(r.Title, 0o755)
			if err == nil {
				err = os.Chmod(r.Title, 0o755)
			}
		case "file":
			err = os.WriteFile(r.Title, []byte(r.String("content")), 0o644)
			if err == nil {
				err = os.Chmod(r.Title, 0o644)
			}
		default:
			b.Fatalf("materialize: %s has ensure %q", r.Ref(), r.String("ensure"))
		}
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkApply100kConverged applies 100,000 resources that are all in
// sync: 100,000 files (about 256 bytes of content each, mode 0644, no
// relationships) in 200 directories of 500, plus the 201 directories
// (mode 0755), so 100,201 managed resources. The tree is made once before
// the timer starts; every iteration reads every file's metadata and
// content and changes nothing.
func BenchmarkApply100kConverged(b *testing.B) {
	const n = 100000
	opts := benchOptions(b)
	root := filepath.Join(b.TempDir(), "root")
	c := gen.Files(root, n, false)
	total := managed(c)
	materialize(b, c)
	benchConverged(b, opts, total, func() *catalog.Catalog { return gen.Files(root, n, false) })
}

// BenchmarkApply100kConvergedJSON is BenchmarkApply100kConverged with the
// catalog read as `ordo apply --catalog` reads it: the JSON that
// `go run ./bench/gencatalog -kind files -n 100000` writes is decoded in
// the timed region, so the time and the bytes per resource are the
// binary's, but for reading the file and starting up.
func BenchmarkApply100kConvergedJSON(b *testing.B) {
	const n = 100000
	opts := benchOptions(b)
	root := filepath.Join(b.TempDir(), "root")
	c := gen.Files(root, n, false)
	total := managed(c)
	materialize(b, c)
	var js bytes.Buffer
	if err := catalog.Encode(&js, c); err != nil {
		b.Fatal(err)
	}
	c = nil
	b.ReportAllocs()
	var mem runMemory
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		mem.begin(nil)
		b.StartTimer()

		dc, err := catalog.Decode(js.Bytes(), "catalog.json")
		if err != nil {
			b.Fatal(err)
		}
		plan, res := runPlan(b, dc, opts)

		b.StopTimer()
		mem.end(plan, dc)
		check(b, res, 0)
		b.StartTimer()
	}
	reportPerResource(b, total)
	mem.report(b, total)
}

// benchFresh times applying, in each run i, the catalog next(i) makes
// out of the timer, to a machine where every resource it manages is to
// change.
func benchFresh(b *testing.B, opts apply.Options, next func(i int) *catalog.Catalog) {
	var total int
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		c := next(i)
		total = managed(c)
		b.StartTimer()

		res := run(b, c, opts)

		b.StopTimer()
		check(b, res, total)
		b.StartTimer()
	}
	reportPerResource(b, total)
}

// benchConverged times applying a fresh copy of a catalog (made by next,
// out of the timer) to a tree that already matches it: nothing changes.
//
// Besides time, it reports memory per managed resource: B/resource, what
// one run allocates, and live-B/resource, what the catalog, its plan and
// the result hold at the end of the run (the heap after a collection,
// less the heap before the catalog was made), which is what a run's peak
// memory grows with.
func benchConverged(b *testing.B, opts apply.Options, total int, next func() *catalog.Catalog) {
	b.ReportAllocs()
	var mem runMemory
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		var c *catalog.Catalog
		mem.begin(func() { c = next() })
		b.StartTimer()

		plan, res := runPlan(b, c, opts)

		b.StopTimer()
		mem.end(plan, c)
		check(b, res, 0)
		b.StartTimer()
	}
	reportPerResource(b, total)
	mem.report(b, total)
}

// runMemory adds up, over the runs of a benchmark, what each run
// allocates and what it leaves live on the heap. Both begin and end are
// called with the timer stopped.
type runMemory struct {
	allocated, live uint64
	base            uint64
	before          runtime.MemStats
}

// begin starts a run: it notes the heap, calls setup (nil for none), which
// makes what the run works on, and then notes the bytes allocated so far.
// So what setup allocates is not counted as the run's allocations, but
// what it makes and the run keeps counts as live.
func (m *runMemory) begin(setup func()) {
	m.base = heapAfterGC()
	if setup != nil {
		setup()
	}
	runtime.ReadMemStats(&m.before)
}

// end closes a run; keep is what the run made and must still be
// reachable when the live heap is measured (its catalog, plan, result).
func (m *runMemory) end(keep ...any) {
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	m.allocated += after.TotalAlloc - m.before.TotalAlloc
	if held := heapAfterGC(); held > m.base {
		m.live += held - m.base
	}
	runtime.KeepAlive(keep)
}

// report reports the bytes allocated (B/resource) and held
// (live-B/resource) per run and per managed resource.
func (m *runMemory) report(b *testing.B, total int) {
	if b.N > 0 && total > 0 {
		b.ReportMetric(float64(m.allocated)/float64(b.N)/float64(total), "B/resource")
		b.ReportMetric(float64(m.live)/float64(b.N)/float64(total), "live-B/resource")
	}
}

// heapAfterGC is the heap in use once everything unreachable is freed.
func heapAfterGC() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// BenchmarkApplyNotifies2000 applies 2,000 notify resources: no file
// system work, so it measures the engine itself (graph, transaction,
// events, log lines formatted then dropped). Every run changes all of them.
func BenchmarkApplyNotifies2000(b *testing.B) {
	benchFresh(b, benchOptions(b), func(int) *catalog.Catalog { return gen.Notifies(2000) })
}
