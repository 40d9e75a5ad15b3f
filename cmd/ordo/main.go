// Command ordo is a configuration-management engine: it reads Puppet
// manifests, Salt states or Puppet JSON catalogs, orders their resources by
// their relationships and makes the machine match.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/ordoproject/ordo/internal/cli"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := cli.Run(ctx, os.Args[1:], cli.Stdio{In: os.Stdin, Out: os.Stdout, Err: os.Stderr})
	stop()
	os.Exit(code)
}
