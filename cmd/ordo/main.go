// Command ordo is a configuration-management engine: it applies Puppet's
// JSON catalogs, ordering their resources by their relationships and making
// the machine match, and applies Salt states (Puppet manifests are coming).
package main

import (
	"context"
	"os"

	"github.com/ordoproject/ordo/internal/cli"
)

func main() {
	ctx, stop := cli.SignalContext(context.Background())
	code := cli.Run(ctx, os.Args[1:], cli.Stdio{In: os.Stdin, Out: os.Stdout, Err: os.Stderr})
	stop()
	os.Exit(code)
}
