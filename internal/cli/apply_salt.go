package cli

import (
	"context"
	"errors"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/salt"
	"github.com/ordoproject/ordo/internal/salt/engine"
	"github.com/ordoproject/ordo/internal/salt/state"
)

// applySaltFlags are the flags of `ordo apply` that add an SLS tree to
// the run: one catalog, one graph, one transaction for both languages.
type applySaltFlags struct {
	root       string
	pillarRoot string
	sls        []string
}

func (f *applySaltFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&f.root, "salt-root", "", "folder of SLS files whose states (--salt-sls) are applied in the same run")
	fl.StringSliceVar(&f.sls, "salt-sls", nil, "the SLS files to apply with the catalog (comma-separated, as web,db.server)")
	fl.StringVar(&f.pillarRoot, "salt-pillar-root", "/srv/pillar", "folder of the pillar SLS files and their top.sls, for --salt-sls")
}

// compileSaltSide compiles the SLS files of a run of both languages; a
// compile error is printed with its position and nothing is applied.
// It returns nil when the run has no Salt side.
func compileSaltSide(ctx context.Context, stdio Stdio, f *applySaltFlags, noop bool, jobs int) (*engine.States, error) {
	if len(f.sls) == 0 && f.root == "" {
		return nil, nil
	}
	if len(f.sls) == 0 {
		return nil, errors.New("--salt-root needs --salt-sls: the SLS files to apply")
	}
	root := f.root
	if root == "" {
		root = "/srv/salt"
	}
	sf := &saltFlags{fileRoot: root, pillarRoot: f.pillarRoot, autoOrder: true, external: engine.PuppetKey}
	mods := make([]string, len(f.sls))
	for i, m := range f.sls {
		mods[i] = saltModName(m)
	}
	low, sctx, err := compileSalt(ctx, sf, mods, false)
	if err != nil {
		printSaltErrors(stdio, err)
		return nil, &ExitError{Code: 1}
	}
	env := &state.Env{FileRoot: root, Render: salt.TemplateRenderer(root, sctx), Pillar: sctx.Pillar, Grains: sctx.Grains}
	return engine.New(low, engine.Options{Test: noop, Jobs: jobs, Functions: state.Default(), Env: env}), nil
}

// joinSaltSide adds the states to the catalog, with the requisites
// between the two languages checked; an unknown reference either way is
// printed with its position and nothing is applied. A thing both
// languages manage is warned about.
func joinSaltSide(stdio Stdio, log resource.Logger, states *engine.States, c *catalog.Catalog) error {
	for _, w := range states.Overlaps(c) {
		log.Log(resource.Warning, "", w)
	}
	if err := states.Join(c); err != nil {
		printSaltErrors(stdio, err)
		return &ExitError{Code: 1}
	}
	return nil
}

func printSaltErrors(stdio Stdio, err error) {
	var errs salt.Errors
	if errors.As(err, &errs) {
		for _, e := range errs {
			fmt.Fprintf(stdio.Err, "Error: %s\n", e.Error())
		}
		return
	}
	fmt.Fprintf(stdio.Err, "Error: %s\n", err.Error())
}

// typesFor is the registry of a run: the built-in types, and the Salt
// state types when the run has a Salt side.
func typesFor(states *engine.States) *resource.Registry {
	if states == nil {
		return builtin.Registry()
	}
	return resource.NewRegistry(append(builtin.Types(), states.Types()...)...)
}
