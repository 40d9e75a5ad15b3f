package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/graph"
	"github.com/ordoproject/ordo/internal/report"
	"github.com/ordoproject/ordo/internal/resource"
)

// newGraphCmd builds `ordo graph`: the order a catalog would be applied
// in, its graph as JSON or DOT files, and why one resource comes before
// another — without changing anything.
func newGraphCmd(stdio Stdio) *cobra.Command {
	var (
		catalogFile, format, ordering, graphDir string
		seed                                    int64
		why                                     []string
		compile                                 compileFlags
		saltSide                                applySaltFlags
	)
	cmd := &cobra.Command{
		Use:   "graph --catalog FILE | site.pp",
		Short: "Show the order and the relationship graph of a catalog",
		Long: `Graph builds the relationship graph of a catalog as 'ordo apply' would and
prints the order its resources would be applied in, without changing anything.

  --format json       the expanded graph: vertices, edges with their kind and
                      the declaration each came from, and cycles
  --graphdir DIR      also write resources.dot, relationships.dot and
                      expanded_relationships.dot (and cycles.dot) to DIR
  --why A --why B     the chain of relationships that puts A before B

Given a manifest instead of --catalog, it compiles it first (with the flags
of 'ordo compile'), so that every edge names the manifest line it came from.
With --salt-sls, the Salt states join the graph as 'ordo apply' joins them.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if catalogFile == "" && len(args) == 0 {
				return errors.New("nothing to show: give --catalog FILE or a manifest")
			}
			if catalogFile != "" && len(args) == 1 {
				return errors.New("give either --catalog FILE or a manifest, not both")
			}
			ord, err := parseOrdering(ordering)
			if err != nil {
				return err
			}
			states, err := compileSaltSide(cmd.Context(), stdio, &saltSide, false, 1)
			if err != nil {
				return err
			}
			if states != nil {
				compile.external = states.Names
			}
			var c *catalog.Catalog
			if len(args) == 1 {
				c, _, err = compileManifest(cmd.Context(), stdio, &compile, args[0])
				if err != nil {
					return err
				}
			} else {
				data, err := readInput(cmd.Context(), stdio, catalogFile, "catalog")
				if err != nil {
					return err
				}
				c, err = catalog.Decode(data, catalogFile)
				if err != nil {
					return err
				}
			}
			console := &report.Console{Out: stdio.Out, Err: stdio.Err, Min: resource.Warning}
			if states != nil {
				if err := joinSaltSide(stdio, console, states, c); err != nil {
					return err
				}
			}
			plan, err := apply.Prepare(c, apply.Options{Types: typesFor(states), Log: console, Ordering: ord, Seed: seed})
			if err != nil {
				for _, e := range apply.Errors(err) {
					console.Log(resource.Err, "", e.Error())
				}
				return &ExitError{Code: 1}
			}
			plan.LogGenerated()
			g := plan.Graph()
			if graphDir != "" {
				if err := os.MkdirAll(graphDir, 0o755); err != nil {
					return err
				}
				if err := g.WriteDOT(graphDir); err != nil {
					return err
				}
			}
			if len(g.Cycles()) > 0 {
				console.Log(resource.Err, "", g.CycleMessage(""))
				if len(args) == 1 {
					printCycleOrigins(stdio.Err, g, c)
				}
				return &ExitError{Code: 1}
			}
			switch {
			case len(why) > 0:
				return printWhy(stdio.Out, g, c, why)
			case format == "json":
				return g.WriteJSON(stdio.Out)
			case format == "order":
				n := 0
				for _, v := range g.Order() {
					if v.Whit == graph.NotWhit {
						n++
						fmt.Fprintf(stdio.Out, "%d %s\n", n, g.Path(v))
					}
				}
				return nil
			}
			return fmt.Errorf("invalid --format '%s': use order or json", format)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&catalogFile, "catalog", "", "the JSON catalog (catalog_format 2), required; - reads standard input")
	fl.StringVar(&format, "format", "order", "what to print: order or json")
	fl.StringVar(&ordering, "ordering", "manifest", "order of unrelated resources: manifest, title-hash or random")
	fl.Int64Var(&seed, "seed", 0, "seed for --ordering random")
	fl.StringVar(&graphDir, "graphdir", "", "write the .dot files to this folder")
	fl.StringArrayVar(&why, "why", nil, "twice: explain why the first resource is applied before the second")
	compile.register(cmd)
	saltSide.register(cmd)
	return cmd
}

func printWhy(w io.Writer, g *graph.Graph, c *catalog.Catalog, refs []string) error {
	if len(refs) != 2 {
		return fmt.Errorf("--why takes two resources, as --why 'File[/a]' --why 'Exec[b]'")
	}
	var ends [2]*graph.Vertex
	for i, s := range refs {
		ref, ok := catalog.ParseRef(s)
		if !ok {
			return fmt.Errorf("--why '%s': not a resource reference like Type[title]", s)
		}
		r := c.Resource(ref)
		if r == nil {
			return fmt.Errorf("--why '%s': no such resource in the catalog", s)
		}
		v := g.Vertex(r)
		if v == nil {
			adm, comp := g.Sentinels(r)
			v = comp
			if i == 1 {
				v = adm
			}
		}
		if v == nil {
			return fmt.Errorf("--why '%s': not applied (virtual)", s)
		}
		ends[i] = v
	}
	edges := g.Why(ends[0], ends[1])
	if edges == nil {
		fmt.Fprintf(w, "%s is not ordered before %s\n", refs[0], refs[1])
		return nil
	}
	for _, e := range edges {
		fmt.Fprintf(w, "%s -> %s: %s (%s)\n", e.From, e.To, graph.DescribeEdge(c, e, relativeFile), e.Kind)
	}
	return nil
}

// printCycleOrigins prints, under Puppet's cycle message, the
// declaration that made each edge of each cycle path and where it was
// written. Only a compiled manifest has these positions.
func printCycleOrigins(w io.Writer, g *graph.Graph, c *catalog.Catalog) {
	lines := g.CycleOrigins(c, relativeFile)
	if len(lines) == 0 {
		return
	}
	fmt.Fprintln(w, "The edges of the cycles, and where each was declared:")
	for _, l := range lines {
		fmt.Fprintln(w, "  "+l)
	}
}

// relativeFile shortens a file name to one relative to the current
// folder when the file is under it.
func relativeFile(name string) string {
	wd, err := os.Getwd()
	if err != nil || !filepath.IsAbs(name) {
		return name
	}
	rel, err := filepath.Rel(wd, name)
	if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return name
	}
	return rel
}
