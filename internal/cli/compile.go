package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/spf13/cobra"
	yaml "go.yaml.in/yaml/v4"

	"github.com/ordoproject/ordo/internal/catalog"
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
			f.explain = explain
			mode, err := parseColor(color, stdio)
			if err != nil {
				return err
			}
			f.snippets = mode != report.NoColor
			c, err := compileManifest(cmd.Context(), stdio, &f, args[0])
			if err != nil {
				return err
			}
			fmt.Fprintf(stdio.Err, "Notice: Compiled catalog for %s in environment %s in %0.2f seconds\n", c.Name, c.Environment, time.Since(start).Seconds())
			if len(explain) > 0 {
				// The explanations were the point; the catalog is not printed.
				return nil
			}
			// Puppet pretty-prints the catalog, one value a line.
			var compact, pretty bytes.Buffer
			if err := catalog.Encode(&compact, c); err != nil {
				return err
			}
			if err := json.Indent(&pretty, compact.Bytes(), "", "  "); err != nil {
				return err
			}
			pretty.WriteByte('\n')
			_, err = stdio.Out.Write(pretty.Bytes())
			return err
		},
	}
	f.register(cmd)
	cmd.Flags().StringArrayVar(&explain, "explain", nil, "show which declarations, defaults, amendments, collectors and arrows set each attribute of this resource (repeatable), instead of the catalog")
	cmd.Flags().StringVar(&color, "color", "auto", "decorate errors with the source line and a caret: true, false or auto (a terminal)")
	return cmd
}

// compileManifest compiles a manifest; a compilation error is printed in
// Puppet's shape and returned as exit status 1.
func compileManifest(ctx context.Context, stdio Stdio, f *compileFlags, manifest string) (*catalog.Catalog, error) {
	node := f.node
	if node == "" {
		node = defaultNodeName()
	}
	opts := eval.Options{
		Node:            node,
		StrictVariables: f.strictVariables,
		Explain:         f.explain,
		ExplainTo:       stdio.Out,
		Log: func(level, msg string) {
			fmt.Fprintf(stdio.Err, "%s: %s\n", logLevelLabel(level), msg)
		},
	}
	if f.modulePath != "" {
		for _, p := range filepath.SplitList(f.modulePath) {
			if p != "" {
				opts.ModulePath = append(opts.ModulePath, p)
			}
		}
	}
	if f.hieraConfig != "" {
		return nil, fmt.Errorf("--hiera_config: Hiera lookups are not available in this build of ordo")
	}
	facts, err := loadFacts(f.factsFile, node)
	if err != nil {
		return nil, err
	}
	opts.Facts = facts
	c, err := eval.Compile(ctx, manifest, opts)
	if err != nil {
		printCompileError(stdio.Err, err, node, f.snippets)
		return nil, &ExitError{Code: 1}
	}
	return c, nil
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

func defaultNodeName() string {
	h, err := os.Hostname()
	if err != nil || h == "" {
		return "localhost"
	}
	return strings.ToLower(h)
}

// loadFacts reads --facts, or gathers the few facts ordo knows about
// this machine.
func loadFacts(path, node string) (*catalog.Hash, error) {
	if path == "" {
		return machineFacts(node), nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var raw any
	if strings.HasSuffix(path, ".json") {
		err = json.Unmarshal(data, &raw)
	} else {
		err = yaml.Unmarshal(data, &raw)
	}
	if err != nil {
		return nil, fmt.Errorf("--facts %s: %v", path, err)
	}
	h, ok := toCatalogValue(raw).(*catalog.Hash)
	if !ok {
		return nil, fmt.Errorf("--facts %s: expected a mapping of fact names to values", path)
	}
	// A file written by 'puppet facts' holds the facts under "values".
	if v, ok := h.Get("values"); ok {
		if inner, ok := v.(*catalog.Hash); ok {
			return inner, nil
		}
	}
	return h, nil
}

func toCatalogValue(v any) catalog.Value {
	switch x := v.(type) {
	case map[string]any:
		h := catalog.NewHash()
		for _, k := range sortedMapKeys(x) {
			h.Set(k, toCatalogValue(x[k]))
		}
		return h
	case []any:
		out := make([]catalog.Value, len(x))
		for i, e := range x {
			out[i] = toCatalogValue(e)
		}
		return out
	case int:
		return int64(x)
	case float64:
		if x == float64(int64(x)) && !strings.ContainsAny(fmt.Sprint(x), ".e") {
			return int64(x)
		}
		return x
	}
	return v
}

func sortedMapKeys(m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	for i := 1; i < len(ks); i++ {
		for j := i; j > 0 && ks[j] < ks[j-1]; j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
	return ks
}

// machineFacts is the small set of facts ordo gathers itself: names,
// kernel and operating system from /etc/os-release.
func machineFacts(node string) *catalog.Hash {
	h := catalog.NewHash()
	host, _ := os.Hostname()
	short, domain, _ := strings.Cut(node, ".")
	h.Set("clientcert", node)
	h.Set("hostname", short)
	h.Set("fqdn", node)
	h.Set("domain", domain)
	h.Set("kernel", "Linux")
	osr := map[string]string{}
	if data, err := os.ReadFile("/etc/os-release"); err == nil {
		for _, l := range strings.Split(string(data), "\n") {
			if k, v, ok := strings.Cut(l, "="); ok {
				osr[k] = strings.Trim(v, `"`)
			}
		}
	}
	family := map[string]string{"debian": "Debian", "ubuntu": "Debian", "rhel": "RedHat", "centos": "RedHat", "fedora": "RedHat", "rocky": "RedHat", "almalinux": "RedHat", "sles": "Suse", "opensuse-leap": "Suse", "arch": "Archlinux", "alpine": "Alpine"}[osr["ID"]]
	name := map[string]string{"debian": "Debian", "ubuntu": "Ubuntu", "rhel": "RedHat", "centos": "CentOS", "fedora": "Fedora", "rocky": "Rocky", "almalinux": "AlmaLinux", "alpine": "Alpine"}[osr["ID"]]
	os := catalog.NewHash()
	os.Set("family", family)
	os.Set("name", name)
	rel := catalog.NewHash()
	full := osr["VERSION_ID"]
	major, minor, _ := strings.Cut(full, ".")
	rel.Set("full", full)
	rel.Set("major", major)
	if minor != "" {
		rel.Set("minor", minor)
	}
	os.Set("release", rel)
	h.Set("os", os)
	h.Set("osfamily", family)
	h.Set("operatingsystem", name)
	h.Set("operatingsystemrelease", full)
	h.Set("operatingsystemmajrelease", major)
	net := catalog.NewHash()
	net.Set("hostname", short)
	net.Set("fqdn", node)
	net.Set("domain", domain)
	h.Set("networking", net)
	_ = host
	return h
}
