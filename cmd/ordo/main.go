// Command ordo is a configuration-management engine: it applies Puppet's
// JSON catalogs, ordering their resources by their relationships and making
// the machine match, and applies Salt states (Puppet manifests are coming).
package main

import (
	"context"
	"os"
	"runtime/debug"

	"github.com/ordoproject/ordo/internal/cli"
)

func main() {
	// Most of the heap is the catalog and its graph, which live until the
	// run ends; collecting less often saves a quarter of the CPU on large
	// catalogs for a modest rise in peak memory. GOGC still overrides.
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(400)
	}
	ctx, stop := cli.SignalContext(context.Background())
	code := cli.Run(ctx, os.Args[1:], cli.Stdio{In: os.Stdin, Out: os.Stdout, Err: os.Stderr})
	stop()
	os.Exit(code)
}
