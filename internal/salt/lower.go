package salt

import (
	"sort"

	"github.com/ordoproject/ordo/internal/catalog"
)

// requisiteKinds says which edge kind each requisite lowers to (see
// catalog.EdgeKind).
var requisiteKinds = map[string]catalog.EdgeKind{
	"require":       catalog.Order,
	"require_any":   catalog.Order,
	"watch":         catalog.Refresh,
	"watch_any":     catalog.Refresh,
	"onchanges":     catalog.OnChange,
	"onchanges_any": catalog.OnChange,
	"onfail":        catalog.OnFail,
	"onfail_any":    catalog.OnFail,
	"onfail_all":    catalog.OnFail,
	"prereq":        catalog.PreCheck,
}

// Ref is the catalog reference of a chunk: type Salt::<Module>, titled by
// its tag, which Salt keeps unique.
func (c *Chunk) Ref() catalog.Ref {
	return catalog.NewRef("salt::"+c.Module, c.Tag())
}

// Lower builds the catalog of a compiled run, for node: one resource per
// chunk in run order, carrying Salt's name, function, ID, SLS and order
// and every argument, and one relationship per resolved requisite with
// its edge kind and the file:line it was written at. A prereq is a
// pre-check edge from the prerequiring state to the pre-required one (the
// way they run, as catalog.PreCheck says); listen is a refresh edge whose provenance says "listen" (Salt
// delivers it at the end of the run).
func Lower(low *Low, node string) *catalog.Catalog {
	cat := catalog.New(node)
	for _, s := range low.Steps {
		if s.TestRun {
			continue
		}
		c := s.Chunk
		r := &catalog.Resource{Type: c.Ref().Type, Title: c.Tag(), File: c.Pos.File, Line: c.Pos.Line, Kind: "compilable_type",
			Tags: []string{c.Module, c.SLS}}
		r.Set("name", c.Name)
		r.Set("fun", c.Fun)
		r.Set("__id__", c.ID)
		r.Set("__sls__", c.SLS)
		r.Set("order", c.Order)
		for _, k := range sortedKeys(c.Args) {
			if k == "name" || k == "order" {
				continue
			}
			r.Set(k, catalogValue(c.Args[k]))
		}
		_ = cat.Add(r)
	}
	for _, s := range low.Steps {
		if s.TestRun {
			continue
		}
		c := s.Chunk
		for _, req := range c.Requisites {
			pos := c.ArgPos[req.Type]
			if pos.File == "" {
				pos = c.Pos
			}
			for _, d := range req.Deps {
				from, to := d.Ref(), c.Ref()
				if req.Type == "prereq" {
					// A pre-check edge points the way the two run: from the
					// prerequiring state to the one it watches.
					from, to = to, from
				}
				cat.Relate(catalog.Relationship{Source: from, Target: to, Kind: requisiteKinds[req.Type],
					Origin: catalog.Provenance{Via: req.Type, File: pos.File, Line: pos.Line}})
			}
		}
		for _, d := range listened(low, c) {
			pos := c.ArgPos["listen"]
			cat.Relate(catalog.Relationship{Source: d.Ref(), Target: c.Ref(), Kind: catalog.Refresh,
				Origin: catalog.Provenance{Via: "listen", File: pos.File, Line: pos.Line}})
		}
	}
	return cat
}

// listened returns the chunks c's listen list names, as the run resolves
// them.
func listened(low *Low, c *Chunk) []*Chunk {
	list, _ := c.Args["listen"].([]any)
	var out []*Chunk
	for _, item := range list {
		switch item := item.(type) {
		case string:
			for _, d := range low.Chunks {
				if d.ID == item || d.Name == item {
					out = append(out, d)
				}
			}
		case map[string]any:
			for mod, t := range item {
				for _, d := range low.Chunks {
					if d.Module == mod && (d.ID == t || d.Name == t) {
						out = append(out, d)
					}
				}
			}
		}
	}
	return out
}

// catalogValue converts a decoded YAML value into a catalog value.
func catalogValue(v any) catalog.Value {
	switch v := v.(type) {
	case int:
		return int64(v)
	case uint64:
		return int64(v)
	case []any:
		out := make([]catalog.Value, len(v))
		for i, x := range v {
			out[i] = catalogValue(x)
		}
		return out
	case map[string]any:
		h := catalog.NewHash()
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			h.Set(k, catalogValue(v[k]))
		}
		return h
	}
	return v
}
