package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ordoproject/ordo/internal/graph"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/salt"
	"github.com/ordoproject/ordo/internal/salt/output"
	"github.com/ordoproject/ordo/internal/salt/run"
	"github.com/ordoproject/ordo/internal/salt/state"
)

// saltFlags are the flags of the ordo salt commands.
type saltFlags struct {
	fileRoot   string
	pillarRoot string
	test       bool
	failhard   bool
	aggregate  bool
	autoOrder  bool
	out        string
	id         string
	lockFile   string
	jobs       int
	format     string
	graphDir   string
	stateOut   string
	why        []string
	// external is the requisite key naming resources of another
	// language in the run (engine.PuppetKey), or "".
	external string
}

func (f *saltFlags) register(cmd *cobra.Command, applying bool) {
	fl := cmd.Flags()
	fl.StringVar(&f.fileRoot, "file-root", "/srv/salt", "folder of the SLS files (Salt's file_roots base)")
	fl.StringVar(&f.pillarRoot, "pillar-root", "/srv/pillar", "folder of the pillar SLS files and their top.sls")
	fl.BoolVar(&f.autoOrder, "state-auto-order", true, "order states as written (false: by module, name and function)")
	fl.StringVar(&f.id, "id", "", "minion id that top files match (default: this machine's fqdn)")
	if applying {
		fl.BoolVar(&f.test, "test", false, "dry run: report what would change without changing anything")
		fl.BoolVar(&f.failhard, "failhard", false, "stop at the first state that fails")
		fl.BoolVar(&f.aggregate, "state-aggregate", false, "aggregate the pkg states that can run together into one call (Salt's state_aggregate)")
		fl.StringVar(&f.out, "out", "highstate", "output: highstate, json or yaml")
		fl.StringVar(&f.stateOut, "state-output", "full", "how the highstate output shows each state: full, terse, changes or mixed")
		fl.StringVar(&f.lockFile, "lockfile", defaultLockFile(), "lock held while applying, so that two applies never run at once")
		fl.IntVar(&f.jobs, "jobs", 1, "run up to N states at once, each once its requisites are done (run numbers stay Salt's)")
	}
}

// saltModName reads an SLS named with dots (web.config) or slashes
// (web/config.sls).
func saltModName(a string) string {
	return strings.ReplaceAll(strings.TrimSuffix(a, ".sls"), "/", ".")
}

// newSaltCmd builds `ordo salt` and its subcommands.
func newSaltCmd(stdio Stdio) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "salt",
		Short: "Apply Salt states (SLS files)",
		Long: `ordo salt applies Salt states as salt-call --local state.apply does: the same
order, results, comments and errors, on ordo's own providers.`,
	}
	cmd.AddCommand(newSaltApplyCmd(stdio), newSaltHighstateCmd(stdio), newSaltGraphCmd(stdio), newSaltShowCmd(stdio))
	return cmd
}

func newSaltApplyCmd(stdio Stdio) *cobra.Command {
	var f saltFlags
	cmd := &cobra.Command{
		Use:   "apply [flags] [SLS...]",
		Short: "Apply the named SLS files and what they include",
		Long: `Apply renders the named SLS files (Jinja, then YAML) with what they include,
orders their states as Salt does and applies them; without SLS names it
applies what top.sls assigns to this minion, as highstate does. An SLS is
named with dots (web.config) or slashes (web/config). Exit status: 0 when
every state succeeded, 1 when the states did not compile (nothing was
applied), 2 when a state failed.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			mods := make([]string, len(args))
			for i, a := range args {
				mods[i] = saltModName(a)
			}
			return runSaltApply(cmd, stdio, &f, mods, len(mods) == 0)
		},
	}
	f.register(cmd, true)
	return cmd
}

func newSaltHighstateCmd(stdio Stdio) *cobra.Command {
	var f saltFlags
	cmd := &cobra.Command{
		Use:   "highstate [flags]",
		Short: "Apply the SLS files top.sls assigns to this minion",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runSaltApply(cmd, stdio, &f, nil, true)
		},
	}
	f.register(cmd, true)
	return cmd
}

func newSaltGraphCmd(stdio Stdio) *cobra.Command {
	var f saltFlags
	cmd := &cobra.Command{
		Use:   "graph [flags] SLS...",
		Short: "Show the order the states would run in, and why",
		Long: `Graph compiles the SLS files and prints every state in run order with the
requisites that place it there and where they were written. Nothing is
applied.

  --format order      the run order, with each state's requisites (default)
  --format json       the states lowered to ordo's graph: vertices, and edges
                      with their kind (order, refresh, on-change, on-fail,
                      pre-check) and the requisite and file:line they came from
  --graphdir DIR      also write the graph as .dot files`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			low, err := compileSaltToPrint(cmd.Context(), stdio, &f, args)
			if err != nil {
				return err
			}
			if len(f.why) > 0 {
				if len(f.why) != 2 {
					return fmt.Errorf("--why takes two states, as --why A --why B (IDs, names or tags)")
				}
				return salt.WriteWhy(stdio.Out, low, f.why[0], f.why[1])
			}
			var g *graph.Graph
			if f.format == "json" || f.graphDir != "" {
				g, err = graph.Build(salt.Lower(low, "local"), graph.Options{})
				if err != nil {
					return err
				}
			}
			if f.graphDir != "" {
				if err := os.MkdirAll(f.graphDir, 0o755); err != nil {
					return err
				}
				if err := g.WriteDOT(f.graphDir); err != nil {
					return err
				}
			}
			switch f.format {
			case "order":
				return salt.WriteOrder(stdio.Out, low)
			case "json":
				return g.WriteJSON(stdio.Out)
			}
			return fmt.Errorf("invalid --format '%s': use order or json", f.format)
		},
	}
	f.register(cmd, false)
	cmd.Flags().StringVar(&f.format, "format", "order", "what to print: order or json")
	cmd.Flags().StringVar(&f.graphDir, "graphdir", "", "write the .dot files to this folder")
	cmd.Flags().StringArrayVar(&f.why, "why", nil, "twice: explain why the first state runs before the second")
	return cmd
}

func newSaltShowCmd(stdio Stdio) *cobra.Command {
	var f saltFlags
	cmd := &cobra.Command{
		Use:   "show [flags] SLS...",
		Short: "Print the compiled low data, as state.show_low_sls does",
		Long: `Show compiles the SLS files and prints their low chunks in run order as JSON:
each state's arguments with state, fun, name, __id__, __sls__, __env__ and
its order. Nothing is applied.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			low, err := compileSaltToPrint(cmd.Context(), stdio, &f, args)
			if err != nil {
				return err
			}
			enc := json.NewEncoder(stdio.Out)
			enc.SetEscapeHTML(false)
			enc.SetIndent("", "    ")
			return enc.Encode(salt.LowData(low))
		},
	}
	f.register(cmd, false)
	return cmd
}

// saltContext builds what templates see: this machine's grains, the
// pillar compiled from the pillar root, and salt['cmd.run'].
func saltContext(ctx context.Context, f *saltFlags) (salt.Context, error) {
	grains, err := salt.LocalGrains(ctx)
	if err != nil {
		return salt.Context{}, err
	}
	id := f.id
	if id == "" {
		id, _ = grains["id"].(string)
	} else {
		grains["id"] = id
	}
	sctx := salt.Context{
		Grains:   grains,
		MinionID: id,
		RunCommand: func(cmd string) (string, error) {
			out, err := exec.CommandContext(ctx, "/bin/sh", "-c", cmd).Output()
			return strings.TrimRight(string(out), "\n"), err
		},
	}
	pillar := map[string]any{}
	if st, err := os.Stat(f.pillarRoot); err == nil && st.IsDir() {
		p, err := salt.LoadPillar(f.pillarRoot, sctx)
		if err != nil {
			// Salt lists pillar errors after this line.
			errs := salt.Errors{{Msg: "Pillar failed to render with the following messages:"}}
			return sctx, append(errs, asErrors(err).(salt.Errors)...)
		}
		pillar = p
	}
	sctx.Pillar = pillar
	return sctx, nil
}

// compileSalt compiles mods (or the top file's SLS for this minion).
func compileSalt(cctx context.Context, f *saltFlags, mods []string, highstate bool) (*salt.Low, salt.Context, error) {
	ctx, err := saltContext(cctx, f)
	if err != nil {
		return nil, ctx, asErrors(err)
	}
	if highstate {
		mods, err = salt.Top(f.fileRoot, ctx.MinionID, ctx)
		if err != nil {
			return nil, ctx, asErrors(err)
		}
		if len(mods) == 0 {
			return nil, ctx, salt.Errors{{Pos: salt.Pos{File: "top.sls"}, Msg: "No Top file or master_tops data matches found. Please see master log for details."}}
		}
	}
	low, err := salt.Compile(salt.Options{FileRoot: f.fileRoot, Context: ctx, NoAutoOrder: !f.autoOrder, Functions: state.Default(), External: f.external}, mods)
	return low, ctx, err
}

// compileSaltToPrint compiles mods for a command that prints what was
// compiled (graph, show): a failed compile's errors go to standard error,
// one a line, and the command exits 1.
func compileSaltToPrint(ctx context.Context, stdio Stdio, f *saltFlags, mods []string) (*salt.Low, error) {
	low, _, err := compileSalt(ctx, f, mods, false)
	var errs salt.Errors
	if errors.As(err, &errs) {
		for _, e := range errs {
			fmt.Fprintln(stdio.Err, e.Error())
		}
		return nil, &ExitError{Code: 1}
	}
	return low, err
}

// asErrors wraps a single positioned error as Errors.
func asErrors(err error) error {
	var errs salt.Errors
	if errors.As(err, &errs) {
		return errs
	}
	var e *salt.Error
	if errors.As(err, &e) {
		return salt.Errors{e}
	}
	return salt.Errors{{Msg: err.Error()}}
}

func runSaltApply(cmd *cobra.Command, stdio Stdio, f *saltFlags, mods []string, highstate bool) error {
	switch f.out {
	case "highstate", "json", "yaml":
	default:
		return fmt.Errorf("unknown --out %q: use highstate, json or yaml", f.out)
	}
	switch output.StateOutput(f.stateOut) {
	case output.Full, output.Terse, output.Changes, output.Mixed:
	default:
		return fmt.Errorf("unknown --state-output %q: use full, terse, changes or mixed", f.stateOut)
	}
	low, ctx, err := compileSalt(cmd.Context(), f, mods, highstate)
	if err != nil {
		var errs salt.Errors
		if !errors.As(err, &errs) {
			return err
		}
		if werr := writeSaltErrors(stdio, f.out, errs); werr != nil {
			return werr
		}
		return &ExitError{Code: 1}
	}
	if !f.test {
		lock, err := lockRun(cmd.Context(), f.lockFile, stderrLogger{stdio.Err})
		if err != nil {
			return err
		}
		defer lock.release()
	}
	env := &state.Env{FileRoot: f.fileRoot, Render: salt.TemplateRenderer(f.fileRoot, ctx), Pillar: ctx.Pillar, Grains: ctx.Grains}
	recs, err := run.Run(cmd.Context(), low, run.Options{Test: f.test, Failhard: f.failhard, Aggregate: f.aggregate, Jobs: f.jobs, Functions: state.Default(), Env: env})
	if err != nil {
		return err
	}
	switch f.out {
	case "json":
		err = output.JSON(stdio.Out, recs)
	case "yaml":
		err = output.YAML(stdio.Out, recs)
	default:
		err = output.HighstateAs(stdio.Out, recs, output.StateOutput(f.stateOut))
	}
	if err != nil {
		return err
	}
	if cmd.Context().Err() != nil {
		// Interrupted: the states not yet run were not applied.
		return &ExitError{Code: 1}
	}
	for _, r := range recs {
		if r.Result == state.False {
			return &ExitError{Code: 2}
		}
	}
	return nil
}

// writeSaltErrors prints a failed compile: Salt's strings in JSON and
// YAML, positioned errors in the highstate text.
func writeSaltErrors(stdio Stdio, out string, errs salt.Errors) error {
	switch out {
	case "json":
		return output.JSONErrors(stdio.Out, errs.Messages())
	case "yaml":
		return output.YAMLErrors(stdio.Out, errs.Messages())
	}
	lines := make([]string, len(errs))
	for i, e := range errs {
		lines[i] = e.Error()
	}
	return output.HighstateErrors(stdio.Out, lines)
}

// stderrLogger writes the run lock's messages to standard error.
type stderrLogger struct{ w io.Writer }

func (l stderrLogger) Log(level resource.Level, source, message string) {
	fmt.Fprintf(l.w, "%s\n", message)
}
