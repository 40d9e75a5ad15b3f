package graph

import (
	"fmt"
	"path"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// fakeType stands in for a built-in type: it only has a name and,
// optionally, auto-relationships.
type fakeType struct {
	name    string
	namevar string
}

func (t fakeType) Schema() *resource.Schema {
	s := resource.Schema{Name: t.name}
	if t.namevar != "" {
		s.Attrs = []resource.Attr{{Name: t.namevar, Namevar: true}}
	}
	return resource.NewSchema(s)
}
func (t fakeType) New(resource.Values) (resource.Instance, error) { return nil, nil }

// Schema gives the fake file the file type's identity: its path, without
// trailing slashes.
func (fakeFile) Schema() *resource.Schema {
	return resource.NewSchema(resource.Schema{
		Name: "file",
		Attrs: []resource.Attr{{Name: "path", Namevar: true, Check: resource.CheckFunc("a path", func(v catalog.Value) (catalog.Value, error) {
			return cleanPath(v.(string)), nil
		})}},
		TitlePatterns: []resource.TitlePattern{{Attrs: []string{"path"}, Split: func(title string, _ int) (string, bool) { return cleanPath(title), true }}},
	})
}

// Schema makes the fake exec's resources known by title alone.
func (fakeExec) Schema() *resource.Schema {
	return resource.NewSchema(resource.Schema{Name: "exec", Attrs: []resource.Attr{{Name: "command", Namevar: true}}, NonIsomorphic: true})
}

// cleanPath strips trailing slashes as the file type's title pattern does.
func cleanPath(p string) string {
	for len(p) > 1 && strings.HasSuffix(p, "/") {
		p = p[:len(p)-1]
	}
	return p
}

// fakeFile autorequires the nearest managed ancestor directory, like the
// file type.
type fakeFile struct{ fakeType }

func (fakeFile) AutoRequire(r *catalog.Resource, c *catalog.Catalog) []catalog.Ref {
	p := r.Title
	if s, ok := r.Get("path"); ok {
		p = s.(string)
	}
	p = cleanPath(p)
	for p != "/" && p != "." && p != "" {
		p = path.Dir(p)
		if c.Resource(catalog.Ref{Type: "File", Title: p}) != nil {
			return []catalog.Ref{{Type: "File", Title: p}}
		}
	}
	return nil
}

// fakeExec autorequires its cwd and the leading absolute path of its
// command, like the exec type.
type fakeExec struct{ fakeType }

func (fakeExec) AutoRequire(r *catalog.Resource, _ *catalog.Catalog) []catalog.Ref {
	var out []catalog.Ref
	if cwd := r.String("cwd"); cwd != "" {
		out = append(out, catalog.Ref{Type: "File", Title: cwd})
	}
	cmd := r.String("command")
	if cmd == "" {
		cmd = r.Title
	}
	if strings.HasPrefix(cmd, "/") {
		out = append(out, catalog.Ref{Type: "File", Title: strings.Fields(cmd)[0]})
	}
	return out
}

// fakeAuto relates to whatever its "autoreq" and "autobefore" parameters name.
type fakeAuto struct{ fakeType }

func (fakeAuto) AutoRequire(r *catalog.Resource, _ *catalog.Catalog) []catalog.Ref {
	return refsOf(r, "autoreq")
}
func (fakeAuto) AutoBefore(r *catalog.Resource, _ *catalog.Catalog) []catalog.Ref {
	return refsOf(r, "autobefore")
}

func refsOf(r *catalog.Resource, param string) []catalog.Ref {
	v, _ := r.Get(param)
	var out []catalog.Ref
	for _, s := range catalog.Strings(v) {
		ref, _ := catalog.ParseRef(s)
		out = append(out, ref)
	}
	return out
}

func testTypes() *resource.Registry {
	return resource.NewRegistry(
		fakeType{name: "notify"},
		fakeFile{fakeType{name: "file", namevar: "path"}},
		fakeExec{fakeType{name: "exec"}},
		fakeType{name: "schedule"},
		fakeType{name: "filebucket"},
		fakeType{name: "package", namevar: "name"},
		fakeType{name: "user", namevar: "name"},
		fakeType{name: "group", namevar: "name"},
		fakeType{name: "resources", namevar: "name"},
		fakeType{name: "tidy", namevar: "path"},
		fakeAuto{fakeType{name: "auto"}},
	)
}

// appendDefaults adds the resources the agent appends to every catalog.
func appendDefaults(t testing.TB, c *catalog.Catalog) {
	for _, s := range []string{"puppet", "hourly", "daily", "weekly", "monthly", "never"} {
		add(t, c, &catalog.Resource{Type: "Schedule", Title: s, Params: []catalog.Param{{Name: "name", Value: s}}})
	}
	add(t, c, &catalog.Resource{Type: "Filebucket", Title: "puppet", Params: []catalog.Param{{Name: "name", Value: "puppet"}}})
}

func add(t testing.TB, c *catalog.Catalog, r *catalog.Resource) {
	t.Helper()
	if err := c.Add(r); err != nil {
		t.Fatal(err)
	}
}

// parseCatalog reads the compact catalog notation of the txtar cases.
// One resource a line:
//
//	Type[title] [< Container[a] ...] [param=value[,value...] ...] [@virtual] [@exported]
//
// Containers are listed in the order their containment edges are added.
// A value of the form [a,b] is an array, ~ is undef; "defaults" appends
// the agent's default schedules and filebucket; "rel A -> B" and
// "rel A ~> B" add front-end relationships. Stage[main], Class[Settings]
// and Class[main] are not implicit.
func parseCatalog(t testing.TB, text string) *catalog.Catalog {
	t.Helper()
	c := catalog.New("node")
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if line == "defaults" {
			appendDefaults(t, c)
			continue
		}
		toks := splitTokens(line)
		if toks[0] == "rel" {
			src, _ := catalog.ParseRef(toks[1])
			dst, _ := catalog.ParseRef(toks[3])
			kind := catalog.Order
			switch toks[2] {
			case "~>":
				kind = catalog.Refresh
			case "on-change":
				kind = catalog.OnChange
			case "on-fail":
				kind = catalog.OnFail
			case "pre-check":
				kind = catalog.PreCheck
			}
			c.Relate(catalog.Relationship{Source: src, Target: dst, Kind: kind, Origin: catalog.Provenance{Via: toks[2]}})
			continue
		}
		ref, ok := catalog.ParseRef(toks[0])
		if !ok {
			t.Fatalf("line %d: bad ref %q", n+1, toks[0])
		}
		r := &catalog.Resource{Type: ref.Type, Title: ref.Title, File: "/m.pp", Line: n + 1}
		for i := 1; i < len(toks); i++ {
			tok := toks[i]
			switch {
			case tok == "<":
				for i+1 < len(toks) && strings.HasSuffix(toks[i+1], "]") && !strings.Contains(toks[i+1], "=") {
					i++
					cref, _ := catalog.ParseRef(toks[i])
					c.Contain(cref, ref)
				}
			case tok == "@virtual":
				r.Virtual = true
			case tok == "@exported":
				r.Exported = true
			case strings.Contains(tok, "="):
				k, v, _ := strings.Cut(tok, "=")
				r.Params = append(r.Params, catalog.Param{Name: k, Value: parseValue(v)})
			default:
				t.Fatalf("line %d: bad token %q", n+1, tok)
			}
		}
		add(t, c, r)
	}
	return c
}

func parseValue(v string) catalog.Value {
	if v == "~" {
		return nil
	}
	if strings.HasPrefix(v, "{") && strings.HasSuffix(v, "}") {
		var out []catalog.Value
		for _, e := range splitTop(v[1 : len(v)-1]) {
			out = append(out, parseValue(e))
		}
		return out
	}
	return v
}

// splitTop splits on commas outside brackets and braces.
func splitTop(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, c := range s {
		switch c {
		case '[', '{':
			depth++
		case ']', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, s[start:i])
				start = i + 1
			}
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// splitTokens splits on spaces outside brackets.
func splitTokens(s string) []string {
	var out []string
	depth, start := 0, -1
	for i, c := range s {
		switch {
		case c == ' ' && depth == 0:
			if start >= 0 {
				out = append(out, s[start:i])
				start = -1
			}
			continue
		case c == '[' || c == '{':
			depth++
		case c == ']' || c == '}':
			depth--
		}
		if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		out = append(out, s[start:])
	}
	return out
}

func orderLines(g *Graph) string {
	var b strings.Builder
	for _, v := range g.Order() {
		fmt.Fprintln(&b, g.Path(v))
	}
	return b.String()
}

func edgeLines(g *Graph) string {
	var b strings.Builder
	for _, e := range g.Edges() {
		arrow := "->"
		if e.Refresh() {
			arrow = "~>"
		}
		fmt.Fprintf(&b, "%s %s %s\n", e.From.DotName(), arrow, e.To.DotName())
	}
	return b.String()
}
