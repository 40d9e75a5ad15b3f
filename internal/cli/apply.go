package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/graph"
	"github.com/ordoproject/ordo/internal/puppet/eval"
	"github.com/ordoproject/ordo/internal/report"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/state"
)

type applyFlags struct {
	catalogFile  string
	noop         bool
	verbose      bool
	debug        bool
	evaltrace    bool
	color        string
	detailedExit bool
	graph        bool
	graphDir     string
	ordering     string
	seed         int64
	jobs         int
	reportFile   string
	bucketDir    string
	lockFile     string
	stateDir     string
	showDiff     bool
	tags         []string
	skipTags     []string
	// manifest, when set, is compiled instead of reading --catalog.
	manifest string
	compile  compileFlags
	// salt adds SLS files to the run.
	salt applySaltFlags
}

// newApplyCmd builds `ordo apply`.
func newApplyCmd(stdio Stdio) *cobra.Command {
	var f applyFlags
	cmd := &cobra.Command{
		Use:   "apply --catalog FILE | site.pp",
		Short: "Apply a catalog to this machine",
		Long: `Apply makes this machine match a catalog: it orders the catalog's resources
by their relationships, changes only what differs and says what it did, with
the same log lines as puppet apply.

With --catalog it applies a catalog in Puppet's JSON format (catalog_format 2),
such as one printed by 'puppet catalog find NODE --terminus compiler' or by
'ordo compile'; - reads standard input. Given a manifest instead, it
compiles it first (with the flags of 'ordo compile') and changes nothing
when compilation fails.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.catalogFile == "" {
				if len(args) == 0 {
					return errors.New("nothing to apply: give --catalog FILE or a manifest")
				}
				f.manifest = args[0]
			} else if len(args) == 1 {
				return errors.New("give either --catalog FILE or a manifest, not both")
			}
			return runApply(cmd, stdio, &f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.catalogFile, "catalog", "", "the JSON catalog to apply (catalog_format 2), required unless a manifest is given; - reads standard input")
	fl.BoolVar(&f.noop, "noop", false, "report what would change without changing anything")
	fl.BoolVarP(&f.verbose, "verbose", "v", false, "log info lines too")
	fl.BoolVarP(&f.debug, "debug", "d", false, "log debug lines too")
	fl.BoolVar(&f.evaltrace, "evaltrace", false, "log when each resource starts and how long it took")
	fl.StringVar(&f.color, "color", "auto", "colour the log: ansi (or true), html, false, or auto (ansi on a terminal)")
	fl.BoolVar(&f.detailedExit, "detailed-exitcodes", false, "exit 2 when something changed, 4 when something failed, 6 for both")
	fl.BoolVar(&f.graph, "graph", false, "write the graph as .dot files to --graphdir")
	fl.StringVar(&f.graphDir, "graphdir", filepath.Join(os.TempDir(), "ordo-graphs"), "folder for --graph")
	fl.StringVar(&f.ordering, "ordering", "manifest", "order of unrelated resources: manifest, title-hash or random")
	fl.Int64Var(&f.seed, "seed", 0, "seed for --ordering random (0: a new one each run)")
	fl.IntVar(&f.jobs, "jobs", 1, "apply up to N ready resources at once")
	fl.StringVar(&f.reportFile, "report", "", "write a JSON report of the run to FILE (docs/report.md)")
	fl.BoolVar(&f.showDiff, "show_diff", false, "print a unified diff of each file content change")
	fl.StringSliceVar(&f.tags, "tags", nil, "apply only resources with one of these tags (comma-separated)")
	fl.StringSliceVar(&f.skipTags, "skip_tags", nil, "skip resources with any of these tags (comma-separated)")
	fl.StringVar(&f.bucketDir, "bucketdir", "/var/lib/ordo/clientbucket", "local file bucket for file backups")
	fl.StringVar(&f.stateDir, "statedir", defaultStateDir(), "folder of the state file, where runs record when scheduled resources were last checked and audited values (default from $ORDO_STATEDIR)")
	f.salt.register(cmd)
	fl.StringVar(&f.lockFile, "lockfile", defaultLockFile(), "lock held while applying, so that two applies never run at once (empty: none; default from $ORDO_LOCKFILE)")
	f.compile.register(cmd)
	return cmd
}

// defaultStateDir is $ORDO_STATEDIR, or the machine's state folder.
func defaultStateDir() string {
	if p := os.Getenv("ORDO_STATEDIR"); p != "" {
		return p
	}
	return "/var/lib/ordo/state"
}

// defaultLockFile is $ORDO_LOCKFILE, or the machine-wide lock.
func defaultLockFile() string {
	if p := os.Getenv("ORDO_LOCKFILE"); p != "" {
		return p
	}
	return "/run/lock/ordo-apply.lock"
}

func parseOrdering(s string) (graph.Ordering, error) {
	switch s {
	case "manifest":
		return graph.Manifest, nil
	case "title-hash":
		return graph.TitleHash, nil
	case "random":
		return graph.Random, nil
	}
	return 0, fmt.Errorf("invalid --ordering '%s': use manifest, title-hash or random", s)
}

func runApply(cmd *cobra.Command, stdio Stdio, f *applyFlags) error {
	ordering, err := parseOrdering(f.ordering)
	if err != nil {
		return err
	}
	if f.jobs < 1 {
		return fmt.Errorf("invalid --jobs %d: must be at least 1", f.jobs)
	}
	seed := f.seed
	if ordering == graph.Random && seed == 0 {
		seed = time.Now().UnixNano()
	}
	color, err := parseColor(f.color, stdio)
	if err != nil {
		return err
	}
	console := &report.Console{Out: stdio.Out, Err: stdio.Err, Min: resource.Notice, Color: color}
	switch {
	case f.debug:
		console.Min = resource.Debug
	case f.verbose:
		console.Min = resource.Info
	}
	rec := report.NewRecorder(console)
	var log resource.Logger = console
	if f.reportFile != "" {
		log = rec
	}

	var reportOut *reportFile
	if f.reportFile != "" {
		if reportOut, err = createReport(f.reportFile); err != nil {
			return err
		}
		defer func() {
			if reportOut != nil {
				reportOut.discard()
			}
		}()
	}

	states, err := compileSaltSide(cmd.Context(), stdio, &f.salt, f.noop, f.jobs)
	if err != nil {
		return err
	}
	// Before the run and its report, as Puppet gathers facts first.
	logFactDirs(console, filepath.SplitList(f.compile.modulePath))
	var c *catalog.Catalog
	var compiled eval.Options
	if f.manifest != "" {
		f.compile.snippets = color != report.NoColor
		if states != nil {
			f.compile.external = states.Names
		}
		compileStart := time.Now()
		c, compiled, err = compileManifest(cmd.Context(), stdio, &f.compile, f.manifest)
		if err != nil {
			return err
		}
		log.Log(resource.Notice, "", fmt.Sprintf("Compiled catalog for %s in environment %s in %0.2f seconds", c.Name, c.Environment, time.Since(compileStart).Seconds()))
	} else {
		if c, err = loadCatalog(cmd.Context(), stdio, f.catalogFile); err != nil {
			return err
		}
	}
	if states != nil {
		if err := joinSaltSide(stdio, log, states, c); err != nil {
			return err
		}
	}
	// As Puppet's agent, Deferred values are resolved before anything
	// is applied; a compiled manifest's functions see its facts.
	// A catalog's Deferred calls may name a module's functions
	// (mysql::db's mysql::password), found on --modulepath as Puppet's
	// agent finds those it synced.
	resolve := eval.Options{Node: c.Name, Environment: c.Environment, ModulePath: filepath.SplitList(f.compile.modulePath)}
	if f.manifest != "" {
		resolve = compiled
	}
	resolve.Noop = f.noop
	if err := eval.ResolveDeferred(cmd.Context(), c, resolve); err != nil {
		log.Log(resource.Err, "", err.Error())
		return &ExitError{Code: 1}
	}
	if ordering == graph.Random {
		log.Log(resource.Info, "", fmt.Sprintf("Using random ordering with seed %d", seed))
	}
	opts := apply.Options{
		Types:     typesFor(states),
		Log:       log,
		Runner:    command.Runner{},
		Noop:      f.noop,
		Jobs:      f.jobs,
		EvalTrace: f.evaltrace,
		Ordering:  ordering,
		Seed:      seed,
		BucketDir: f.bucketDir,
		ShowDiff:  f.showDiff,
		Tags:      lowerAll(f.tags),
		SkipTags:  lowerAll(f.skipTags),
	}
	if states != nil {
		// listen's watchers run at the end of the walk.
		opts.Finish = []apply.Finisher{states}
	}
	for _, p := range filepath.SplitList(f.compile.modulePath) {
		if p != "" {
			opts.ModulePath = append(opts.ModulePath, p) // puppet:///modules/ file sources
		}
	}
	if f.graph {
		opts.GraphDir = f.graphDir
	}
	if !f.noop {
		lock, err := lockRun(cmd.Context(), f.lockFile, log)
		if err != nil {
			return err
		}
		defer lock.release()
	}
	// The state file is read and written only for catalogs that have a
	// use for it: resources with a schedule or audit.
	var store *state.Store
	if needsState(c) {
		var complaint *state.Complaint
		if store, complaint, err = state.Open(f.stateDir); err != nil {
			log.Log(resource.Err, "", err.Error())
			return &ExitError{Code: 1}
		}
		if complaint != nil {
			level := resource.Err
			if complaint.Warning {
				level = resource.Warning
			}
			log.Log(level, "", complaint.Msg)
		}
		opts.State = store
	}
	plan, err := apply.PrepareContext(cmd.Context(), c, opts)
	walkGC()
	// Puppet's agent refuses a catalog it cannot read before it says
	// anything; a catalog it reads but cannot apply (a relationship to a
	// resource that is not there, a schedule that does not exist) fails
	// once the run has started, after the environment lines.
	runFailure := runFailureText(err)
	if err != nil && runFailure == "" {
		for _, e := range apply.Errors(err) {
			log.Log(resource.Err, "", e.Error())
		}
		return &ExitError{Code: 1}
	}
	// The environment the run starts in is Puppet's local one:
	// production, or for a manifest the one it was compiled in. A catalog
	// from elsewhere names its own, and the agent switches to it.
	localEnv := "production"
	if f.manifest != "" {
		localEnv = c.Environment
	}
	log.Log(resource.Info, "", fmt.Sprintf("Using environment '%s'", localEnv))
	if c.Environment != localEnv {
		env := c.Environment
		if env == "" {
			env = "none"
		}
		log.Log(resource.Notice, "", fmt.Sprintf("Local environment: '%s' doesn't match server specified environment '%s', restarting agent run with environment '%s'", localEnv, env, env))
	}
	if plan != nil {
		plan.LogGenerated()
	}
	if c.Version != "" {
		log.Log(resource.Info, "", fmt.Sprintf("Applying configuration version '%s'", c.Version))
	}
	if runFailure != "" {
		log.Log(resource.Err, "", runFailure)
		return &ExitError{Code: 1}
	}
	start := time.Now()
	res, err := plan.Apply(cmd.Context())
	code := 0
	switch {
	case err != nil:
		if errors.Is(err, apply.ErrCycles) && f.manifest != "" {
			printCycleOrigins(stdio.Err, plan.Graph(), c)
		}
		log.Log(resource.Err, "", "Failed to apply catalog: "+err.Error())
		code = 1
	case !res.Completed:
		// Interrupted: what was left is skipped, and the run failed.
		sig := interruption(cmd.Context())
		if sig == "" {
			sig = "cancellation"
		}
		log.Log(resource.Notice, "", fmt.Sprintf("Caught %s; exiting", sig))
		code = 1
	default:
		log.Log(resource.Notice, "", fmt.Sprintf("Applied catalog in %0.2f seconds", time.Since(start).Seconds()))
		if f.detailedExit {
			code = res.ExitCode()
		}
	}
	if store != nil && res != nil {
		if err := store.Save(time.Now()); err != nil {
			log.Log(resource.Err, "", err.Error())
			if code == 0 {
				code = 1
			}
		}
	}
	if reportOut != nil && res != nil {
		doc := report.Build(res, report.Meta{Host: c.Name, Environment: c.Environment, ConfigurationVersion: c.Version, Version: Version}, rec.Lines())
		werr := reportOut.write(doc)
		reportOut = nil
		if werr != nil {
			log.Log(resource.Err, "", werr.Error())
			if code == 0 {
				code = 1
			}
		}
	}
	if code != 0 {
		return &ExitError{Code: code}
	}
	return nil
}

// runFailureText is the message of an error from apply.Prepare that
// Puppet's agent reports as a failed run ("Failed to apply catalog: ..."),
// or "" for one it reports as a catalog it cannot read.
//
// A relationship to a resource that is not in the catalog stays a
// catalog ordo cannot read, in the words puppet apply uses for a
// manifest ("Could not find dependency X for Y"), for a catalog too, as
// the differential tests (Puppet's compiled catalogs against puppet apply
// of the manifest) hold ordo to; puppet apply --catalog says "Failed to
// apply catalog: Could not retrieve dependency 'X' of Y" after the
// environment lines (testdata/malformed/meta-require-missing).
func runFailureText(err error) string {
	if err == nil {
		return ""
	}
	var sched *apply.ScheduleError
	if errors.As(err, &sched) {
		return sched.Error()
	}
	var unmatchable *apply.ScheduleRunError
	if errors.As(err, &unmatchable) {
		return unmatchable.Error()
	}
	return ""
}

// needsState reports whether a resource of c has a schedule or audits
// properties.
func needsState(c *catalog.Catalog) bool {
	for _, r := range c.Resources {
		if v, ok := r.Get("schedule"); ok && v != nil {
			return true
		}
		if v, ok := r.Get("audit"); ok && v != nil {
			return true
		}
	}
	return false
}

func lowerAll(tags []string) []string {
	var out []string
	for _, t := range tags {
		if t = strings.ToLower(strings.TrimSpace(t)); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// parseColor reads --color: Puppet's values (ansi or true, html, false)
// or auto, ordo's default: ansi when standard error is a terminal.
func parseColor(setting string, stdio Stdio) (report.Color, error) {
	if setting == "auto" {
		if fh, ok := stdio.Err.(*os.File); ok {
			if st, err := fh.Stat(); err == nil && st.Mode()&os.ModeCharDevice != 0 {
				return report.ANSIColor, nil
			}
		}
		return report.NoColor, nil
	}
	c, ok := report.ParseColor(setting)
	if !ok {
		return 0, fmt.Errorf("invalid --color '%s': use ansi (or true), html, false or auto", setting)
	}
	return c, nil
}
