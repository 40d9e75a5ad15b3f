// Temporary profiling harness; not committed.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"time"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/builtin"
)

type discard struct{}

func (discard) Log(resource.Level, string, string) {}
func (discard) Enabled(resource.Level) bool        { return false }

func heap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

func main() {
	cpu := flag.String("cpu", "", "")
	mem := flag.String("mem", "", "")
	gcp := flag.Int("gc", 400, "")
	live := flag.Bool("live", false, "measure live heap after each phase")
	flag.Parse()
	debug.SetGCPercent(*gcp)
	if *cpu != "" {
		f, _ := os.Create(*cpu)
		pprof.StartCPUProfile(f)
		defer pprof.StopCPUProfile()
	}
	t0 := time.Now()
	data, err := os.ReadFile(flag.Arg(0))
	if err != nil {
		panic(err)
	}
	t1 := time.Now()
	c, err := catalog.Decode(data, "x")
	if err != nil {
		panic(err)
	}
	data = nil
	t2 := time.Now()
	var hc uint64
	if *live {
		hc = heap()
	}
	t2 = time.Now()
	opts := apply.Options{Types: builtin.Registry(), Log: discard{}, Runner: command.Runner{}, BucketDir: "/dev/shm/ordomemory/bucket"}
	p, err := apply.Prepare(c, opts)
	if err != nil {
		panic(err)
	}
	t3 := time.Now()
	var hp uint64
	if *live {
		hp = heap()
	}
	t3 = time.Now()
	res, err := p.Apply(context.Background())
	if err != nil {
		panic(err)
	}
	t4 := time.Now()
	var hr uint64
	if *live {
		hr = heap()
	}
	if *mem != "" {
		runtime.GC()
		f, _ := os.Create(*mem)
		pprof.Lookup("heap").WriteTo(f, 0)
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	fmt.Printf("read %v decode %v prepare %v apply %v total %v statuses %d\n", t1.Sub(t0), t2.Sub(t1), t3.Sub(t2), t4.Sub(t3), t4.Sub(t0), len(res.Statuses))
	fmt.Printf("live after decode %d MB, after prepare %d MB, after apply %d MB; totalalloc %d MB, numgc %d, sys %d MB\n", hc>>20, hp>>20, hr>>20, m.TotalAlloc>>20, m.NumGC, m.Sys>>20)
	runtime.KeepAlive(p)
	runtime.KeepAlive(res)
}
