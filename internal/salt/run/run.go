// Package run applies compiled Salt chunks for ordo salt. The run itself
// is ordo's transaction (internal/apply), which Puppet's catalogs run on
// too; internal/salt/engine turns the chunks into its resources and its
// statuses back into Salt's records. This package keeps the names the
// commands and the outputs use.
package run

import (
	"context"

	"github.com/ordoproject/ordo/internal/salt"
	"github.com/ordoproject/ordo/internal/salt/engine"
)

// Options steer one run (see engine.Options).
type Options = engine.Options

// Record is one entry of Salt's result mapping (see engine.Record).
type Record = engine.Record

// Run executes low and returns the records in run order; an error means
// nothing was applied.
func Run(ctx context.Context, low *salt.Low, opts Options) ([]*Record, error) {
	return engine.Run(ctx, low, opts)
}
