package engine

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/graph"
	"github.com/ordoproject/ordo/internal/salt"
)

// PuppetKey is the requisite key an SLS file names a Puppet resource
// with, by its reference: `- require: [{puppet: File[/etc/motd]}]`
// (salt.Options.External).
const PuppetKey = "puppet"

// relationParams are Puppet's relationship metaparameters.
var relationParams = [...]string{"require", "subscribe", "before", "notify"}

// Names reports whether a Puppet reference Salt::<key>[target] names
// states of this run. The key is what an SLS requisite would say: a
// module (Salt::Cmd['make x']), Id for any module, or Sls for the
// states of an SLS and what it included; the target is an ID or name,
// an SLS name, or a glob, matched as Salt matches requisites.
func (s *States) Names(typ, title string) bool { return len(s.named(typ, title)) > 0 }

func (s *States) named(typ, title string) []*salt.Chunk {
	kind, ok := strings.CutPrefix(strings.ToLower(typ), "salt::")
	if !ok || kind == "" {
		return nil
	}
	return s.low.Find(kind, title)
}

// Join adds the states to a Puppet catalog for one run of both
// languages. A Puppet relationship metaparameter that names Salt states
// (see Names) is rewritten to name exactly those states, and every SLS
// requisite naming a Puppet resource must find it in cat. A reference
// that names nothing is an error with its position (a
// *graph.DependencyError for Puppet's side, salt.Errors for Salt's), and
// cat is left unchanged.
func (s *States) Join(cat *catalog.Catalog) error {
	var errs salt.Errors
	seen := map[string]bool{}
	for _, c := range s.low.Chunks {
		for _, req := range c.Requisites {
			for _, ref := range req.External {
				if cat.Resource(ref) != nil {
					continue
				}
				pos := c.ArgPos[req.Type]
				if pos.File == "" {
					pos = c.Pos
				}
				errs = append(errs, &salt.Error{Pos: pos, Msg: fmt.Sprintf("Referenced state does not exist for requisite [%s: (%s: %s)] in state [%s] in SLS [%s]", req.Type, PuppetKey, ref, c.Name, c.SLS)})
				break
			}
		}
		for _, req := range c.ExternalIn {
			for _, ref := range req.External {
				if cat.Resource(ref) != nil {
					continue
				}
				pos := c.ArgPos[req.Type+"_in"]
				if pos.File == "" {
					pos = c.Pos
				}
				if key := pos.String() + ref.String(); seen[key] {
					continue
				} else {
					seen[key] = true
				}
				errs = append(errs, &salt.Error{Pos: pos, Msg: fmt.Sprintf("Cannot extend ID '%s' in '%s:%s'. It is not part of the high state.\n"+
					"This is likely due to a missing include statement or an incorrectly typed ID.\n"+
					"Ensure that a state with an ID of '%s' is available\nin environment '%s' and to SLS '%s'", ref, salt.Env, c.SLS, ref, salt.Env, c.SLS)})
			}
		}
	}
	for _, c := range s.low.Chunks {
		if r := cat.Resource(c.Ref()); r != nil {
			msg := fmt.Sprintf("%s is declared by the catalog too", c.Ref())
			if loc := r.Location(); loc != "" {
				msg += " " + loc
			}
			errs = append(errs, &salt.Error{Pos: c.Pos, Msg: msg + "; the types Salt::<module> are the Salt states'"})
		}
	}
	if len(errs) > 0 {
		return errs
	}
	type rewrite struct {
		r     *catalog.Resource
		param string
		value catalog.Value
	}
	var rewrites []rewrite
	for _, r := range cat.Resources {
		for _, param := range relationParams {
			v, ok := r.Get(param)
			if !ok {
				continue
			}
			nv, changed, err := s.resolveRefs(r, param, v)
			if err != nil {
				return err
			}
			if changed {
				rewrites = append(rewrites, rewrite{r, param, nv})
			}
		}
	}
	// Arrows between two Salt states (Salt::Cmd['a'] -> Salt::File['b'])
	// are the catalog's own relationships: each end becomes the states
	// it names.
	var rels []catalog.Relationship
	for _, rel := range cat.Relationships {
		sources, targets := s.statesOf(rel.Source), s.statesOf(rel.Target)
		for _, src := range sources {
			for _, dst := range targets {
				r := rel
				r.Source, r.Target = src, dst
				rels = append(rels, r)
			}
		}
	}
	for _, rw := range rewrites {
		rw.r.Set(rw.param, rw.value)
	}
	cat.Relationships = rels
	s.AddTo(cat)
	s.joined = true
	return nil
}

// statesOf is ref itself, or when it names Salt states (Salt::<key>),
// the references of the states it names.
func (s *States) statesOf(ref catalog.Ref) []catalog.Ref {
	found := s.named(ref.Type, ref.Title)
	if len(found) == 0 {
		return []catalog.Ref{ref}
	}
	out := make([]catalog.Ref, len(found))
	for i, c := range found {
		out[i] = c.Ref()
	}
	return out
}

// resolveRefs replaces the references to Salt states in one
// metaparameter value by the references of the states they name.
func (s *States) resolveRefs(r *catalog.Resource, param string, v catalog.Value) (catalog.Value, bool, error) {
	var list []catalog.Value
	switch x := v.(type) {
	case string:
		list = []catalog.Value{x}
	case []catalog.Value:
		list = x
	default:
		return v, false, nil
	}
	out := make([]catalog.Value, 0, len(list))
	changed := false
	for _, e := range list {
		str, ok := e.(string)
		ref, isRef := catalog.ParseRef(str)
		if !ok || !isRef || !strings.HasPrefix(ref.Type, "Salt::") {
			out = append(out, e)
			continue
		}
		found := s.named(ref.Type, ref.Title)
		if len(found) == 0 {
			return nil, false, &graph.DependencyError{Resource: r, Param: param, Target: ref.String()}
		}
		changed = true
		for _, c := range found {
			out = append(out, c.Ref().String())
		}
	}
	return out, changed, nil
}

// managedBy maps Salt's modules that manage one named thing to the
// Puppet type that manages the same kind of thing, and the parameter
// that names it there.
var managedBy = map[string]struct{ typ, namevar string }{
	"file":    {"File", "path"},
	"pkg":     {"Package", "name"},
	"service": {"Service", "name"},
	"user":    {"User", "name"},
	"group":   {"Group", "name"},
	"host":    {"Host", "name"},
}

// Overlaps lists, as warnings, the things a Salt state and a Puppet
// resource of cat both manage (a file.managed and a file of one path):
// both are applied, in the graph's order, which may undo one with the
// other.
func (s *States) Overlaps(cat *catalog.Catalog) []string {
	type key struct{ typ, name string }
	puppet := map[key]*catalog.Resource{}
	for _, r := range cat.Resources {
		for _, m := range managedBy {
			if r.Type != m.typ || r.Virtual {
				continue
			}
			name := r.Title
			if v, ok := r.Get(m.namevar); ok {
				if str, ok := v.(string); ok && str != "" {
					name = str
				}
			}
			if m.typ == "File" {
				name = filepath.Clean(name)
			}
			if _, dup := puppet[key{m.typ, name}]; !dup {
				puppet[key{m.typ, name}] = r
			}
		}
	}
	var out []string
	for _, c := range s.low.Chunks {
		m, ok := managedBy[c.Module]
		if !ok {
			continue
		}
		name := c.Name
		if m.typ == "File" {
			name = filepath.Clean(name)
		}
		r := puppet[key{m.typ, name}]
		if r == nil {
			continue
		}
		where := ""
		if loc := r.Location(); loc != "" {
			where = " " + loc
		}
		out = append(out, fmt.Sprintf("%s (%s) and %s%s both manage %s; both are applied, in the order of the graph",
			c.Ref(), c.Pos, r.Ref(), where, name))
	}
	return out
}
