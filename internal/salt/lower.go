package salt

import (
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// requisiteEdges says which edge kind and quantifier each requisite
// lowers to (see catalog.EdgeKind and catalog.Quantifier). Plain onfail
// is already satisfied by one failed target.
var requisiteEdges = map[string]struct {
	kind catalog.EdgeKind
	q    catalog.Quantifier
}{
	"require":       {catalog.Order, catalog.All},
	"require_any":   {catalog.Order, catalog.Any},
	"watch":         {catalog.Refresh, catalog.All},
	"watch_any":     {catalog.Refresh, catalog.Any},
	"onchanges":     {catalog.OnChange, catalog.All},
	"onchanges_any": {catalog.OnChange, catalog.Any},
	"onfail":        {catalog.OnFail, catalog.Any},
	"onfail_any":    {catalog.OnFail, catalog.Any},
	"onfail_all":    {catalog.OnFail, catalog.All},
	"prereq":        {catalog.PreCheck, catalog.All},
}

// Ref is the catalog reference of a chunk: type Salt::<Module>, titled
// by its ID when no other chunk of its module has that ID, else by its
// tag, which Salt keeps unique.
func (c *Chunk) Ref() catalog.Ref {
	title := c.title
	if title == "" {
		title = c.Tag()
	}
	return catalog.NewRef("salt::"+c.Module, title)
}

// title gives each chunk its resource title (see Chunk.Ref).
func (l *Low) title() {
	type key struct{ module, id string }
	count := make(map[key]int, len(l.Chunks))
	for _, c := range l.Chunks {
		count[key{c.Module, c.ID}]++
	}
	for _, c := range l.Chunks {
		if count[key{c.Module, c.ID}] == 1 && !strings.Contains(c.ID, "_|-") {
			c.title = c.ID
		} else {
			c.title = c.Tag()
		}
	}
}

// Lower builds the catalog of a compiled run, for node: one resource per
// chunk in run order, carrying Salt's name, function, ID, SLS and order
// (the other arguments stay with the chunk, which the state types read),
// and one relationship per resolved requisite with its edge kind,
// quantifier and the file:line it was written at. A prereq is a
// pre-check edge from the prerequiring state to the pre-required one
// (the way they run, as catalog.PreCheck says). listen makes no edge:
// Salt delivers it after the run, whatever the order.
func Lower(low *Low, node string) *catalog.Catalog {
	cat := catalog.New(node)
	AddTo(cat, low)
	return cat
}

// AddTo adds low's resources and relationships to cat, after what it
// holds.
func AddTo(cat *catalog.Catalog, low *Low) {
	for _, s := range low.Steps {
		if s.TestRun {
			continue
		}
		c := s.Chunk
		ref := c.Ref()
		r := &catalog.Resource{Type: ref.Type, Title: ref.Title, File: c.Pos.File, Line: c.Pos.Line, Kind: "compilable_type"}
		// The module and the SLS are its tags (--tags web selects the
		// states of web), where they are tags Puppet accepts: an SLS
		// file may be named as no tag can be.
		for _, t := range []string{c.Module, c.SLS} {
			if resource.CheckTag(t) == nil {
				r.Tags = append(r.Tags, strings.ToLower(t))
			}
		}
		r.Set("name", c.Name)
		r.Set("fun", c.Fun)
		r.Set("__id__", c.ID)
		r.Set("__sls__", c.SLS)
		r.Set("order", c.Order)
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
			edge := requisiteEdges[req.Type]
			for _, d := range req.Deps {
				from, to := d.Ref(), c.Ref()
				if req.Type == "prereq" {
					// A pre-check edge points the way the two run: from the
					// prerequiring state to the one it watches.
					from, to = to, from
				}
				cat.Relate(catalog.Relationship{Source: from, Target: to, Kind: edge.kind, Quantifier: edge.q,
					Origin: catalog.Provenance{Via: req.Type, File: pos.File, Line: pos.Line}})
			}
			for _, ref := range req.External {
				from, to := ref, c.Ref()
				if req.Type == "prereq" {
					from, to = to, from
				}
				cat.Relate(catalog.Relationship{Source: from, Target: to, Kind: edge.kind, Quantifier: edge.q,
					Origin: catalog.Provenance{Via: req.Type, File: pos.File, Line: pos.Line}})
			}
		}
		for _, req := range c.ExternalIn {
			pos := c.ArgPos[req.Type+"_in"]
			if pos.File == "" {
				pos = c.Pos
			}
			edge := requisiteEdges[req.Type]
			for _, ref := range req.External {
				// The other language's resource depends on c; for prereq_in
				// it is the prerequiring one, run first.
				from, to := c.Ref(), ref
				if req.Type == "prereq" {
					from, to = to, from
				}
				cat.Relate(catalog.Relationship{Source: from, Target: to, Kind: edge.kind, Quantifier: edge.q,
					Origin: catalog.Provenance{Via: req.Type + "_in", File: pos.File, Line: pos.Line}})
			}
		}
	}
}
