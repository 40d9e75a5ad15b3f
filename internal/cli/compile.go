package cli

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/puppet/compiler"
	"github.com/ordoproject/ordo/internal/puppet/eval"
	"github.com/ordoproject/ordo/internal/report"
)

// compileFlags are the flags of `ordo compile` that `ordo apply FILE.pp`
// shares.
type compileFlags struct {
	node            string
	modulePath      string
	hieraConfig     string
	factsFile       string
	strictVariables bool
	explain         []string
	// snippets adds the source line and a caret under an error, for
	// people reading a terminal (--color).
	snippets bool
	// external reports whether a reference names a resource of another
	// language in the run (eval.Options.External).
	external func(typ, title string) bool
	// conversionWarnings receives the warnings of writing the catalog
	// (eval.Options.ConversionWarnings); nil when no catalog is written.
	conversionWarnings func(msg string)
	// parsed, when set, is called once the manifest is parsed, before
	// it is evaluated.
	parsed func()
	// noOrigins: the catalog is only written (eval.Options.NoOrigins).
	noOrigins bool
	// serverFacts compiles as puppet catalog find does, with this
	// machine's server facts (compiler.Setup.ServerFacts).
	serverFacts bool
}

func (f *compileFlags) register(cmd *cobra.Command) {
	fl := cmd.Flags()
	fl.StringVar(&f.node, "node", "", "compile for this node name (default: this machine's fully qualified name)")
	fl.StringVar(&f.modulePath, "modulepath", "", "folders holding modules, separated by ':'")
	fl.StringVar(&f.hieraConfig, "hiera_config", "", "Hiera 5 configuration file")
	fl.StringVar(&f.factsFile, "facts", "", "YAML or JSON file of facts that replace this machine's")
	fl.BoolVar(&f.strictVariables, "strict_variables", false, "make a reference to an unknown variable an error")
}

// newCompileCmd builds `ordo compile`.
func newCompileCmd(stdio Stdio) *cobra.Command {
	var f compileFlags
	var color string
	var explain []string
	cmd := &cobra.Command{
		Use:   "compile [flags] site.pp",
		Short: "Compile a Puppet manifest into a catalog",
		Long: `Compile evaluates a Puppet manifest, with the classes, defined types,
functions and type aliases of the modules on --modulepath, and prints the
catalog in Puppet's JSON format (catalog_format 2), as
'puppet catalog find --terminus compiler' does.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			start := time.Now()
			// A compile is a short process that keeps most of what it
			// allocates until the end: garbage is collected only when the
			// heap nears a limit (GOGC and GOMEMLIMIT override), which
			// saves a sixth of its time on a catalog of 10,000 resources.
			if os.Getenv("GOGC") == "" {
				debug.SetGCPercent(-1)
				if os.Getenv("GOMEMLIMIT") == "" {
					debug.SetMemoryLimit(1 << 30)
				}
				f.parsed = prepareHeap(args[0])
			}
			f.explain = explain
			mode, err := parseColor(color, stdio)
			if err != nil {
				return err
			}
			f.snippets = mode != report.NoColor
			// The catalog is written as JSON, which does not say where
			// each relationship was declared.
			f.noOrigins = true
			// As puppet catalog find: $server_facts and $serverversion,
			// $servername, $serverip are this machine's.
			f.serverFacts = true
			// Writing the catalog turns values that are not data into
			// strings, with Puppet's warnings, after the compilation.
			var conversions []string
			f.conversionWarnings = func(msg string) { conversions = append(conversions, msg) }
			c, _, err := compileManifest(cmd.Context(), stdio, &f, args[0])
			if err != nil {
				return err
			}
			fmt.Fprintf(stdio.Err, "Notice: Compiled catalog for %s in environment %s in %0.2f seconds\n", c.Name, c.Environment, time.Since(start).Seconds())
			for _, msg := range conversions {
				fmt.Fprintf(stdio.Err, "Warning: %s\n", msg)
			}
			if len(explain) > 0 {
				// The explanations were the point; the catalog is not printed.
				return nil
			}
			// Without rich data, as puppet catalog find writes it, a
			// Deferred or Binary value becomes a string, with a warning.
			eval.StringifyRich(c, func(msg string) { fmt.Fprintf(stdio.Err, "Warning: %s\n", msg) })
			// Puppet pretty-prints the catalog, one value a line.
			return catalog.WritePretty(stdio.Out, c)
		},
	}
	f.register(cmd)
	cmd.Flags().StringArrayVar(&explain, "explain", nil, "show which declarations, defaults, amendments, collectors and arrows set each attribute of this resource (repeatable), instead of the catalog")
	cmd.Flags().StringVar(&color, "color", "auto", "decorate errors with the source line and a caret: true, false or auto (a terminal)")
	return cmd
}

// compileManifest compiles a manifest and returns the catalog and the
// options it was compiled with (facts, node, modules); a compilation
// error is printed in Puppet's shape and returned as exit status 1.
func compileManifest(ctx context.Context, stdio Stdio, f *compileFlags, manifest string) (*catalog.Catalog, eval.Options, error) {
	warn := func(msg string) { fmt.Fprintf(stdio.Err, "Warning: %s\n", msg) }
	var modulePath []string
	for _, p := range filepath.SplitList(f.modulePath) {
		if p != "" {
			modulePath = append(modulePath, p)
		}
	}
	// The manifest is read and parsed while the facts are gathered; its
	// errors come after theirs, as when one follows the other.
	parsed := make(chan *eval.Manifest, 1)
	go func() { parsed <- eval.ReadManifest(manifest) }()
	opts, err := compiler.Options(ctx, manifest, compiler.Setup{
		Node: f.node, ModulePath: modulePath, HieraConfig: f.hieraConfig, FactsFile: f.factsFile, Warn: warn,
		ServerFacts: f.serverFacts,
	})
	if err != nil {
		return nil, eval.Options{}, err
	}
	node := opts.Node
	opts.StrictVariables = f.strictVariables
	opts.Explain = f.explain
	opts.ExplainTo = stdio.Out
	opts.External = f.external
	opts.ConversionWarnings = f.conversionWarnings
	opts.NoOrigins = f.noOrigins
	opts.Log = func(level, msg string) {
		fmt.Fprintf(stdio.Err, "%s: %s\n", logLevelLabel(level), msg)
	}
	m := <-parsed
	if f.parsed != nil {
		f.parsed()
	}
	c, err := eval.CompileManifest(ctx, m, opts)
	if err != nil {
		printCompileError(stdio.Err, err, node, f.snippets)
		return nil, eval.Options{}, &ExitError{Code: 1}
	}
	// As Puppet's compiler: the time of compilation as the configuration
	// version, and a fresh catalog UUID.
	c.Version = strconv.FormatInt(time.Now().Unix(), 10)
	var id [16]byte
	if _, err := rand.Read(id[:]); err == nil {
		id[6] = id[6]&0x0f | 0x40
		id[8] = id[8]&0x3f | 0x80
		c.CatalogUUID = fmt.Sprintf("%x-%x-%x-%x-%x", id[0:4], id[4:6], id[6:8], id[8:10], id[10:])
	}
	return c, opts, nil
}

func logLevelLabel(level string) string {
	switch level {
	case "notice":
		return "Notice"
	case "info":
		return "Info"
	case "debug":
		return "Debug"
	case "warning":
		return "Warning"
	}
	return "Error"
}

// printCompileError prints err as Puppet does, followed by the source
// line and a caret when the error has a position.
func printCompileError(w io.Writer, err error, node string, snippets bool) {
	var e *eval.Error
	if errors.As(err, &e) {
		if e.Bare {
			// As Puppet prints a lookup that found nothing.
			fmt.Fprintf(w, "Error: %s\n", e.Error())
			return
		}
		fmt.Fprintf(w, "Error: %s on node %s\n", e.Error(), node)
		if snip := e.Snippet(); snip != "" && snippets {
			fmt.Fprint(w, indent(snip))
		}
		return
	}
	var pe *eval.ParseError
	if errors.As(err, &pe) {
		fmt.Fprintf(w, "Error: %s on node %s\n", pe.Error(), node)
		if snip := pe.Diags[0].Subject.Snippet(); snip != "" && snippets {
			fmt.Fprint(w, indent(snip))
		}
		return
	}
	fmt.Fprintf(w, "Error: %v on node %s\n", err, node)
}

func indent(s string) string {
	var b strings.Builder
	for _, l := range strings.SplitAfter(s, "\n") {
		if l != "" {
			b.WriteString("  " + l)
		}
	}
	return b.String()
}
