package salt

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/nikolalohinski/gonja/v2/exec"
	"github.com/nikolalohinski/gonja/v2/loaders"
	"github.com/nikolalohinski/gonja/v2/nodes"
	"github.com/nikolalohinski/gonja/v2/parser"
	"github.com/nikolalohinski/gonja/v2/tokens"
)

// fromImport is Jinja's {% from 'file' import a, b as c [with context] %}
// as Salt's templates use it: the names may be macros or variables the
// file sets at its top level (Salt's map.jinja pattern), and the file is
// found from the file root (or from the template's folder for ./ and ../).
type fromImport struct {
	location *tokens.Token
	r        *renderer
	file     nodes.Expression
	names    [][2]string // name, alias
}

func (cs *fromImport) Position() *tokens.Token { return cs.location }
func (cs *fromImport) String() string {
	return fmt.Sprintf("fromImport(Line=%d Col=%d)", cs.location.Line, cs.location.Col)
}

func (r *renderer) fromParser(p *parser.Parser, args *parser.Parser) (nodes.ControlStructure, error) {
	cs := &fromImport{location: p.Current(), r: r}
	expr, err := args.ParseExpression()
	if err != nil {
		return nil, err
	}
	cs.file = expr
	if args.MatchName("import") == nil {
		return nil, args.Error("Expected import keyword", args.Current())
	}
	for !args.End() {
		name := args.Match(tokens.Name)
		if name == nil {
			return nil, args.Error("Expected a name to import", args.Current())
		}
		alias := name.Val
		if args.MatchName("as") != nil {
			a := args.Match(tokens.Name)
			if a == nil {
				return nil, args.Error("Expected an alias name", args.Current())
			}
			alias = a.Val
		}
		cs.names = append(cs.names, [2]string{name.Val, alias})
		if tok := args.MatchName("with", "without"); tok != nil {
			if args.MatchName("context") == nil {
				return nil, args.Error("Expected context", args.Current())
			}
			break
		}
		if args.End() {
			break
		}
		if args.Match(tokens.Comma) == nil {
			return nil, args.Error("Expected ','", args.Current())
		}
	}
	return cs, nil
}

// templateName resolves a template name as Salt does: salt:// and plain
// names from the file root, ./ and ../ from the current template's folder.
func templateName(r *exec.Renderer, name string) string {
	name = strings.TrimPrefix(name, "salt://")
	if strings.HasPrefix(name, "./") || strings.HasPrefix(name, "../") {
		dir, _ := r.Environment.Context.Get("tpldir")
		d, _ := dir.(string)
		name = path.Join(d, name)
	}
	return strings.TrimPrefix(path.Clean("/"+name), "/")
}

func (cs *fromImport) Execute(r *exec.Renderer, tag *nodes.ControlStructureBlock) error {
	v := r.Eval(cs.file)
	if v.IsError() {
		return v
	}
	name := templateName(r, v.String())
	text, err := os.ReadFile(filepath.Join(cs.r.root, filepath.FromSlash(name)))
	if err != nil {
		return fmt.Errorf("Unable to import %s: %w", v.String(), err)
	}
	loader, err := loaders.NewFileSystemLoader(cs.r.root)
	if err != nil {
		return err
	}
	id := "__ordo_sls__/" + name
	shifted, err := loaders.NewShiftedLoader(id, bytes.NewReader(text), loader)
	if err != nil {
		return err
	}
	tpl, err := exec.NewTemplate(id, r.Config, shifted, r.Environment)
	if err != nil {
		return fmt.Errorf("unable to load template '%s': %w", name, err)
	}
	// The imported file runs in the importing template's context (Salt
	// imports with context), in a child context whose top-level sets are
	// what it exports.
	env := *r.Environment
	env.Context = r.Environment.Context.Inherit()
	dir := path.Dir(name)
	if dir == "." {
		dir = ""
	}
	env.Context.Set("tpldir", dir)
	env.Context.Set("tplpath", name)
	sub := exec.NewRenderer(&env, io.Discard, r.Config, shifted, tpl)
	if err := sub.Execute(); err != nil {
		return fmt.Errorf("Unable to import %s: %w", v.String(), err)
	}
	macros := tpl.Macros()
	for _, n := range cs.names {
		if m, ok := macros[n[0]]; ok {
			fn, err := exec.MacroNodeToFunc(m, sub)
			if err != nil {
				return err
			}
			r.Environment.Context.Set(n[1], fn)
			continue
		}
		val, ok := env.Context.Get(n[0])
		if !ok {
			return fmt.Errorf("the template %s does not export %s", name, n[0])
		}
		r.Environment.Context.Set(n[1], val)
	}
	return nil
}
