package graph

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// WriteDOT writes Puppet's graph files into dir: resources.dot (the
// catalog's resources and containment), relationships.dot (relationship
// edges before container expansion), expanded_relationships.dot (the
// graph that is walked) and, when there are cycles, cycles.dot.
func (g *Graph) WriteDOT(dir string) error {
	if err := writeFile(filepath.Join(dir, "resources.dot"), g.writeResourcesDOT); err != nil {
		return err
	}
	if err := writeFile(filepath.Join(dir, "relationships.dot"), func(w io.Writer) error {
		return writeDOT(w, "Relationships", g.relVerts, g.relEdges)
	}); err != nil {
		return err
	}
	if err := writeFile(filepath.Join(dir, "expanded_relationships.dot"), g.WriteExpandedDOT); err != nil {
		return err
	}
	if len(g.Cycles()) > 0 {
		return writeFile(filepath.Join(dir, "cycles.dot"), g.WriteCyclesDOT)
	}
	return nil
}

func writeFile(name string, write func(io.Writer) error) error {
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(f)
	if err := write(bw); err != nil {
		f.Close()
		return err
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// WriteExpandedDOT writes expanded_relationships.dot.
func (g *Graph) WriteExpandedDOT(w io.Writer) error {
	return writeDOT(w, "Expanded_relationships", g.verts, g.Edges())
}

// WriteRelationshipsDOT writes relationships.dot.
func (g *Graph) WriteRelationshipsDOT(w io.Writer) error {
	return writeDOT(w, "Relationships", g.relVerts, g.relEdges)
}

func quoteDOT(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }

func writeDOT(w io.Writer, name string, verts []*Vertex, edges []*Edge) error {
	names := make([]string, len(verts))
	for i, v := range verts {
		names[i] = v.DotName()
	}
	var pairs [][2]string
	for _, e := range edges {
		pairs = append(pairs, [2]string{e.From.DotName(), e.To.DotName()})
	}
	return writeDOTNames(w, name, names, pairs)
}

func writeDOTNames(w io.Writer, name string, verts []string, edges [][2]string) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "digraph %s {\n    label = %q\n", name, name)
	for _, v := range verts {
		q := quoteDOT(v)
		fmt.Fprintf(bw, "    %s [\n        fontsize = 8,\n        label = %s\n    ]\n\n", q, q)
	}
	for _, e := range edges {
		fmt.Fprintf(bw, "    %s -> %s [\n        fontsize = 8\n    ]\n\n", quoteDOT(e[0]), quoteDOT(e[1]))
	}
	bw.WriteString("}\n")
	return bw.Flush()
}

// WriteResourcesDOT writes resources.dot: every resource the agent kept,
// containers included, and the containment edges grouped by member.
func (g *Graph) writeResourcesDOT(w io.Writer) error {
	names := make([]string, len(g.res))
	for i, r := range g.res {
		names[i] = displayRef(r)
	}
	var pairs [][2]string
	for i, r := range g.res {
		if p := g.parent[i]; p >= 0 {
			pairs = append(pairs, [2]string{displayRef(g.res[p]), displayRef(r)})
		}
		for _, p := range g.moreContainers[int32(i)] {
			pairs = append(pairs, [2]string{displayRef(g.res[p]), displayRef(r)})
		}
	}
	return writeDOTNames(w, "Resources", names, pairs)
}

// WriteResourcesDOT writes resources.dot.
func (g *Graph) WriteResourcesDOT(w io.Writer) error { return g.writeResourcesDOT(w) }

// WriteCyclesDOT writes cycles.dot: up to ten paths per cycle.
func (g *Graph) WriteCyclesDOT(w io.Writer) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("digraph Resource_Cycles {\n  label = \"Resource Cycles\"\n")
	for _, c := range g.Cycles() {
		for _, p := range g.CyclePaths(c, 10) {
			s := make([]string, len(p))
			for i, v := range p {
				s[i] = quoteDOT(v.String())
			}
			bw.WriteString(strings.Join(s, " -> ") + "\n")
		}
	}
	bw.WriteString("}\n")
	return bw.Flush()
}
