package apply

import (
	"context"
	"fmt"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
)

// relationParams are the relationship metaparameters, whose references
// tell whether a generated resource is related to its generator already.
var relationParams = []string{"before", "require", "notify", "subscribe"}

// pregenerate is Puppet's generate, run on the catalog before the graph
// is built (Puppet's transaction does it before it orders anything): each
// resource whose type makes further resources gets them right after it in
// the catalog, in its container, with its tags, and a before edge to each
// unless a relationship metaparameter of either already names the other.
// A resource the catalog holds already (by name or alias) is used in place
// of the new one and only gets the edge.
//
// A type that reads the machine to generate (resource.MachinePreGenerator:
// the resources metatype, tidy) is given ctx and a handle with runner; its
// failure is logged on the resource as Puppet logs it, and the run goes
// on without what it would have made. A depth-first type's resources go
// right before it, each with a before edge to it.
func pregenerate(ctx context.Context, c *catalog.Catalog, types *resource.Registry, log resource.Logger, runner resource.Runner) {
	if types == nil {
		return
	}
	if log == nil {
		log = discard{}
	}
	var containerOf map[catalog.Ref]catalog.Ref
	var more, less map[*catalog.Resource][]*catalog.Resource
	added := map[catalog.Ref]*catalog.Resource{}
	for _, r := range c.Resources {
		if r.Virtual {
			continue
		}
		t := types.Lookup(r.Type)
		var made []*catalog.Resource
		depthfirst := false
		if mg, ok := t.(resource.MachinePreGenerator); ok {
			if containerOf == nil {
				containerOf = containers(c)
			}
			if runner == nil {
				runner = command.Runner{}
			}
			h := &resource.Handle{Path: pathOf(r, c, containerOf), Log: log, Level: resource.Notice, Runner: runner}
			var err error
			if made, err = safePreGenerate(ctx, mg, h, r, c); err != nil {
				log.Log(resource.Err, h.Path, "Failed to generate additional resources using 'generate': "+err.Error())
				continue
			}
			if d, ok := t.(resource.Depthfirst); ok {
				depthfirst = d.Depthfirst()
			}
		} else if pg, ok := t.(resource.PreGenerator); ok {
			made = pg.PreGenerate(r, c, log)
		} else {
			continue
		}
		for _, m := range made {
			ref := m.Ref()
			if old := c.Resource(ref); old != nil {
				m = old
			} else if old := added[ref]; old != nil {
				continue // made already by another resource: the first wins
			} else {
				m.Tags = mergeTags(m.Tags, r.Tags)
				if depthfirst {
					if less == nil {
						less = map[*catalog.Resource][]*catalog.Resource{}
					}
					less[r] = append(less[r], m)
				} else {
					if more == nil {
						more = map[*catalog.Resource][]*catalog.Resource{}
					}
					more[r] = append(more[r], m)
				}
				added[ref] = m
				if containerOf == nil {
					containerOf = containers(c)
				}
				if container, ok := containerOf[r.Ref()]; ok {
					c.Contain(container, ref)
				}
			}
			if !names(r, m) && !names(m, r) {
				if depthfirst {
					addBefore(m, r)
				} else {
					addBefore(r, m)
				}
			}
		}
	}
	// Every reference was checked: nothing can be refused here.
	if more != nil {
		_ = c.InsertAfter(more)
	}
	if less != nil {
		_ = c.InsertBefore(less)
	}
}

// safePreGenerate is mg's PreGenerateFrom with a panic turned into an
// error, as every provider call is.
func safePreGenerate(ctx context.Context, mg resource.MachinePreGenerator, h *resource.Handle, r *catalog.Resource, c *catalog.Catalog) (made []*catalog.Resource, err error) {
	defer func() {
		if p := recover(); p != nil {
			made, err = nil, fmt.Errorf("%v", p)
		}
	}()
	return mg.PreGenerateFrom(ctx, h, r, c)
}

// containers maps each contained resource to its container.
func containers(c *catalog.Catalog) map[catalog.Ref]catalog.Ref {
	out := make(map[catalog.Ref]catalog.Ref, len(c.Containment))
	for _, e := range c.Containment {
		out[e.Member] = e.Container
	}
	return out
}

// pathOf is r's log source before the graph is built, as Puppet's path
// of a resource in its catalog: its containers from the stage down (a
// class by its name), then r.
func pathOf(r *catalog.Resource, c *catalog.Catalog, containerOf map[catalog.Ref]catalog.Ref) string {
	segments := []string{r.Ref().String()}
	seen := map[catalog.Ref]bool{}
	for ref, ok := containerOf[r.Ref()]; ok && !seen[ref]; ref, ok = containerOf[ref] {
		seen[ref] = true
		if strings.EqualFold(ref.Type, "Class") {
			segments = append(segments, classSegment(ref.Title))
		} else {
			segments = append(segments, ref.String())
		}
	}
	var b strings.Builder
	for i := len(segments) - 1; i >= 0; i-- {
		b.WriteString("/" + segments[i])
	}
	return b.String()
}

// classSegment is a class's name as its resources' paths show it: each
// segment capitalized (Main, Apache::Mod).
func classSegment(title string) string {
	parts := strings.Split(title, "::")
	for i, p := range parts {
		if p != "" {
			parts[i] = strings.ToUpper(p[:1]) + p[1:]
		}
	}
	return strings.Join(parts, "::")
}

// retitle gives the resources of types that show them under another
// title (resource.Retitler) that title.
func retitle(c *catalog.Catalog, types *resource.Registry) {
	if types == nil {
		return
	}
	for _, r := range c.Resources {
		if rt, ok := types.Lookup(r.Type).(resource.Retitler); ok {
			if title, ok := rt.Retitle(r); ok {
				c.Retitle(r, title)
			}
		}
	}
}

// mergeTags adds to tags those of more it lacks.
func mergeTags(tags, more []string) []string {
	out := append([]string(nil), tags...)
	for _, t := range more {
		found := false
		for _, have := range out {
			if have == t {
				found = true
				break
			}
		}
		if !found {
			out = append(out, t)
		}
	}
	return out
}

// names reports whether a relationship metaparameter of r names other.
func names(r, other *catalog.Resource) bool {
	want := other.Ref()
	for _, p := range relationParams {
		v, ok := r.Get(p)
		if !ok {
			continue
		}
		for _, s := range catalog.Strings(v) {
			if ref, ok := catalog.ParseRef(s); ok && catalog.NewRef(ref.Type, ref.Title) == want {
				return true
			}
		}
	}
	return false
}

// addBefore appends a reference to m to r's before metaparameter, as
// Puppet's generate does, recording where the edge came from.
func addBefore(r, m *catalog.Resource) {
	ref := m.Ref().String()
	v, _ := r.Get("before")
	var list []catalog.Value
	switch x := v.(type) {
	case nil:
	case []catalog.Value:
		list = append(list, x...)
	default:
		list = append(list, x)
	}
	n := len(list)
	r.Set("before", append(list, ref))
	for i := range r.Origins {
		o := &r.Origins[i]
		if o.Param == "before" && len(o.Entries) == n {
			o.Entries = append(o.Entries, catalog.Provenance{Via: "generated by " + r.Ref().String(), File: r.File, Line: r.Line})
		}
	}
}
