package graph

import (
	"encoding/json"
	"io"

	"github.com/ordoproject/ordo/internal/catalog"
)

type jsonVertex struct {
	Ref       string   `json:"ref"`
	Name      string   `json:"name"`
	Path      string   `json:"path"`
	Whit      string   `json:"whit,omitempty"`
	Priority  int      `json:"priority"`
	Skip      bool     `json:"skip,omitempty"`
	Container []string `json:"containment_path"`
}

type jsonEdge struct {
	Source  string `json:"source"`
	Target  string `json:"target"`
	Kind    string `json:"kind"`
	Refresh bool   `json:"refresh"`
	Any     bool   `json:"any,omitempty"`
	Via     string `json:"via,omitempty"`
	File    string `json:"file,omitempty"`
	Line    int    `json:"line,omitempty"`
	Column  int    `json:"column,omitempty"`
}

type jsonGraph struct {
	Vertices []jsonVertex `json:"vertices"`
	Edges    []jsonEdge   `json:"edges"`
	Cycles   [][]string   `json:"cycles,omitempty"`
}

// WriteJSON writes the expanded graph as JSON: vertices in insertion
// order (with log path, priority and containment path), edges in
// Puppet's order with their kind, refresh label and provenance, and the
// cycles' vertex names. Vertices and edges name vertices by DotName.
func (g *Graph) WriteJSON(w io.Writer) error {
	out := jsonGraph{Vertices: make([]jsonVertex, 0, len(g.verts)), Edges: []jsonEdge{}}
	for _, v := range g.verts {
		jv := jsonVertex{Ref: v.String(), Name: v.DotName(), Path: g.Path(v), Priority: int(v.prio), Skip: v.Skip, Container: g.ContainmentPath(v)}
		switch v.Whit {
		case Admissible:
			jv.Whit = "admissible"
		case Completed:
			jv.Whit = "completed"
		}
		out.Vertices = append(out.Vertices, jv)
	}
	for _, e := range g.Edges() {
		out.Edges = append(out.Edges, jsonEdge{
			Source: e.From.DotName(), Target: e.To.DotName(), Kind: e.Kind.String(), Refresh: e.Refresh(), Any: e.Quantifier == catalog.Any,
			Via: e.Origin.Via, File: e.Origin.File, Line: e.Origin.Line, Column: e.Origin.Column,
		})
	}
	for _, c := range g.Cycles() {
		names := make([]string, len(c))
		for i, v := range c {
			names[i] = v.DotName()
		}
		out.Cycles = append(out.Cycles, names)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
