package salt

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/nikolalohinski/gonja/v2/builtins"
	"github.com/nikolalohinski/gonja/v2/config"
	"github.com/nikolalohinski/gonja/v2/exec"
	"github.com/nikolalohinski/gonja/v2/loaders"
	"github.com/nikolalohinski/gonja/v2/nodes"
	"github.com/nikolalohinski/gonja/v2/parser"
	"github.com/nikolalohinski/gonja/v2/tokens"
	"go.yaml.in/yaml/v4"

	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/salt/pyjson"
)

// CommandRunner runs a shell command for salt['cmd.run'] and returns its
// standard output, stripped of the trailing newline as Salt does.
type CommandRunner func(cmd string) (string, error)

// Context is what templates see: Salt's grains and pillar and the
// execution functions ordo offers to templates.
type Context struct {
	Grains map[string]any
	Pillar map[string]any
	// MinionID is the name top.sls targets match.
	MinionID string
	// RunCommand serves salt['cmd.run']; nil refuses it.
	RunCommand CommandRunner
}

// renderer renders SLS files and templates of one file root.
type renderer struct {
	root string
	ctx  Context
	env  *exec.Environment
	cfg  *config.Config
}

func newRenderer(root string, ctx Context) *renderer {
	ctx.Pillar, _ = forJinja(ctx.Pillar).(map[string]any)
	r := &renderer{root: root, ctx: ctx}
	cfg := config.New()
	cfg.KeepTrailingNewline = true
	// Salt renders with Jinja's StrictUndefined: using a variable that
	// is not defined is an error (testing it with "is defined" or giving
	// it a default is not).
	cfg.StrictUndefined = true
	r.cfg = cfg
	structures := exec.NewControlStructureSet(map[string]parser.ControlStructureParser{})
	structures.Update(builtins.ControlStructures)
	_ = structures.Replace("from", r.fromParser)
	for name, load := range map[string]func([]byte) (any, error){
		"import_yaml": decodeYAMLValue,
		"import_json": decodeJSONValue,
		"import_text": func(b []byte) (any, error) { return string(b), nil },
	} {
		_ = structures.Register(name, r.importDataParser(load))
	}
	filters := exec.NewFilterSet(map[string]exec.FilterFunction{})
	filters.Update(builtins.Filters)
	_ = filters.Register("json", jsonFilter)
	_ = filters.Register("yaml", yamlFilter)
	_ = filters.Register("yaml_encode", yamlFilter)
	_ = filters.Register("yaml_dquote", func(e *exec.Evaluator, in *exec.Value, params *exec.VarArgs) *exec.Value {
		b, _ := json.Marshal(in.String())
		return exec.AsSafeValue(string(b))
	})
	_ = filters.Register("to_bool", func(e *exec.Evaluator, in *exec.Value, params *exec.VarArgs) *exec.Value {
		switch v := in.Interface().(type) {
		case bool:
			return exec.AsValue(v)
		case string:
			switch strings.ToLower(v) {
			case "true", "yes", "1", "on", "y":
				return exec.AsValue(true)
			}
			return exec.AsValue(false)
		case int:
			return exec.AsValue(v > 0)
		}
		return exec.AsValue(in.IsTrue())
	})
	_ = filters.Register("regex_replace", func(e *exec.Evaluator, in *exec.Value, params *exec.VarArgs) *exec.Value {
		if len(params.Args) < 2 {
			return exec.AsValue(fmt.Errorf("regex_replace needs a pattern and a replacement"))
		}
		re, err := regexp.Compile(params.Args[0].String())
		if err != nil {
			return exec.AsValue(err)
		}
		return exec.AsValue(re.ReplaceAllString(in.String(), pythonReplacement(params.Args[1].String())))
	})
	_ = filters.Register("regex_match", func(e *exec.Evaluator, in *exec.Value, params *exec.VarArgs) *exec.Value {
		if len(params.Args) < 1 {
			return exec.AsValue(fmt.Errorf("regex_match needs a pattern"))
		}
		re, err := regexp.Compile(`\A(?:` + params.Args[0].String() + `)`)
		if err != nil {
			return exec.AsValue(err)
		}
		m := re.FindStringSubmatch(in.String())
		if m == nil {
			return exec.AsValue(nil)
		}
		groups := make([]any, len(m)-1)
		for i, g := range m[1:] {
			groups[i] = g
		}
		return exec.AsValue(groups)
	})
	_ = filters.Register("load_yaml", func(e *exec.Evaluator, in *exec.Value, params *exec.VarArgs) *exec.Value {
		v, err := decodeYAMLValue([]byte(in.String()))
		if err != nil {
			return exec.AsValue(err)
		}
		return exec.AsValue(v)
	})
	_ = filters.Register("load_json", func(e *exec.Evaluator, in *exec.Value, params *exec.VarArgs) *exec.Value {
		v, err := decodeJSONValue([]byte(in.String()))
		if err != nil {
			return exec.AsValue(err)
		}
		return exec.AsValue(v)
	})
	r.env = &exec.Environment{
		// none is Jinja's lowercase None, which gonja does not read.
		Context:           exec.EmptyContext().Update(builtins.GlobalFunctions).Update(builtins.GlobalVariables).Update(exec.NewContext(map[string]any{"none": nil})),
		Filters:           filters,
		Tests:             builtins.Tests,
		ControlStructures: structures,
		Methods:           builtins.Methods,
	}
	return r
}

// jsonFilter is Salt's json filter: json.dumps with keys sorted, on one
// line, items separated by ", ".
func jsonFilter(e *exec.Evaluator, in *exec.Value, params *exec.VarArgs) *exec.Value {
	return exec.AsSafeValue(pyjson.Dumps(toPlain(in.Interface()), -1, ", "))
}

func yamlFilter(e *exec.Evaluator, in *exec.Value, params *exec.VarArgs) *exec.Value {
	// Salt's yaml filter writes flow style on one line; JSON is valid
	// flow-style YAML.
	return jsonFilter(e, in, params)
}

// renderTemplate renders the Jinja template text of file rel (relative to
// the file root), with vars added to the template context.
func (r *renderer) renderTemplate(rel string, text []byte, vars map[string]any) (out string, err error) {
	// The template engine panics on some expressions it does not support
	// (Python's % string formatting); that is a render error, not a crash.
	defer func() {
		if p := recover(); p != nil {
			out, err = "", &Error{Pos: Pos{File: rel}, Msg: fmt.Sprintf("Jinja error: unsupported expression (%v)", p)}
		}
	}()
	loader, err := loaders.NewFileSystemLoader(r.root)
	if err != nil {
		return "", err
	}
	id := "__ordo_sls__/" + rel
	shifted, err := loaders.NewShiftedLoader(id, bytes.NewReader(text), loader)
	if err != nil {
		return "", err
	}
	env := *r.env
	env.Context = r.env.Context.Inherit()
	tpl, err := exec.NewTemplate(id, r.cfg, shifted, &env)
	if err != nil {
		return "", jinjaError(rel, text, err)
	}
	data := map[string]any{
		"grains":  r.ctx.Grains,
		"pillar":  r.ctx.Pillar,
		"salt":    r.saltFunctions(),
		"saltenv": "base",
		"opts":    map[string]any{"id": r.ctx.MinionID},
	}
	dir := path.Dir(rel)
	if dir == "." {
		dir = ""
	}
	data["tpldir"] = dir
	data["tplpath"] = rel
	data["tplfile"] = rel
	data["tpldot"] = strings.ReplaceAll(dir, "/", ".")
	for k, v := range vars {
		data[k] = v
	}
	out, err = tpl.ExecuteToString(exec.NewContext(data))
	if err != nil {
		return "", jinjaError(rel, text, err)
	}
	return out, nil
}

// templateSourceRe matches the template text gonja quotes in its parse
// errors; the position says where, so the text is dropped.
var (
	templateSourceRe = lazyre.New(`(?s)failed to parse template '.*': `)
	jinjaLineRe      = lazyre.New(`(?i)line[ =:]*(\d+)(?:[ ,]*col(?:umn)?[ =:]*(\d+))?`)
)

var controlStructureRe = lazyre.New(`controlStructure "(\w+)"`)

// jinjaError turns a gonja error into a positioned Error with Salt's
// text: "Jinja variable ..." for an undefined name, attribute or key,
// "Jinja syntax error: ..." otherwise (Jinja's own wording where ordo
// knows it: an unknown filter or test), then, where the line is known,
// the template's lines around it as Salt quotes them. Some parse errors
// name the control structure but not the line: the first tag of that
// name in text is then the position.
func jinjaError(rel string, text []byte, err error) error {
	msg := err.Error()
	msg = strings.ReplaceAll(msg, "__ordo_sls__/", "")
	msg = templateSourceRe.ReplaceAllString(msg, "")
	pos := Pos{File: rel}
	if m := jinjaLineRe.FindStringSubmatch(msg); m != nil {
		pos.Line, _ = strconv.Atoi(m[1])
		if m[2] != "" {
			pos.Col, _ = strconv.Atoi(m[2])
		}
	} else if m := controlStructureRe.FindStringSubmatch(msg); m != nil {
		tag := regexp.MustCompile(`\{%-?\s*` + m[1] + `\b`)
		if loc := tag.FindIndex(text); loc != nil {
			before := text[:loc[0]]
			pos.Line = bytes.Count(before, []byte("\n")) + 1
			pos.Col = loc[0] - (bytes.LastIndexByte(before, '\n') + 1) + 1
		}
	}
	out := "Jinja syntax error: " + msg
	switch {
	case undefinedNameRe.MatchString(msg):
		out = fmt.Sprintf("Jinja variable '%s' is undefined", undefinedNameRe.FindStringSubmatch(msg)[1])
	case notCallableRe.MatchString(msg):
		out = fmt.Sprintf("Jinja variable '%s' is undefined", notCallableRe.FindStringSubmatch(msg)[1])
	case missingAttrRe.MatchString(msg):
		out = fmt.Sprintf("Jinja variable 'dict object' has no attribute '%s'", missingAttrRe.FindStringSubmatch(msg)[1])
	case missingItemRe.MatchString(msg):
		out = fmt.Sprintf("Jinja variable 'dict object' has no attribute '%s'", missingItemRe.FindStringSubmatch(msg)[1])
	case missingFilterRe.MatchString(msg):
		out = fmt.Sprintf("Jinja syntax error: No filter named '%s'.", missingFilterRe.FindStringSubmatch(msg)[1])
	case missingTestRe.MatchString(msg):
		out = fmt.Sprintf("Jinja syntax error: No test named '%s'.", missingTestRe.FindStringSubmatch(msg)[1])
	case unclosedBlockRe.MatchString(msg) && jinjaEndTags[unclosedBlockRe.FindStringSubmatch(msg)[1]] != "":
		block := unclosedBlockRe.FindStringSubmatch(msg)[1]
		out = fmt.Sprintf("Jinja syntax error: Unexpected end of template. Jinja was looking for the following tags: %s. The innermost block that needs to be closed is '%s'.", jinjaEndTags[block], block)
		// Jinja places the end of the template on the line where the
		// text after the last tag starts.
		pos = Pos{File: rel, Line: lastTagEndLine(text)}
	case unknownTagRe.MatchString(msg):
		out = fmt.Sprintf("Jinja syntax error: Encountered unknown tag '%s'.", unknownTagRe.FindStringSubmatch(msg)[1])
	case missingControlExprRe.MatchString(msg):
		out = "Jinja syntax error: Expected an expression, got 'end of statement block'"
	case missingPrintExprRe.MatchString(msg):
		out = "Jinja syntax error: unexpected 'end of print statement'"
	}
	if pos.Line > 0 {
		out += fmt.Sprintf("; line %d\n\n%s", pos.Line, templateContext(string(text), pos.Line))
	}
	return &Error{Pos: pos, Msg: out}
}

var (
	undefinedNameRe = lazyre.New(`Unable to evaluate name "([^"]+)"`)
	notCallableRe   = lazyre.New(`: (\w+) is not callable`)
	missingAttrRe   = lazyre.New(`attribute '([^']*)' not found`)
	missingItemRe   = lazyre.New(`item ''([^']*)'' not found`)
	missingFilterRe = lazyre.New(`filter '([^']*)' not found`)
	missingTestRe   = lazyre.New(`test '([^']*)' not found`)

	unclosedBlockRe      = lazyre.New(`Unable to parse controlStructure "(\w+)": Unexpected EOF`)
	unknownTagRe         = lazyre.New(`ControlStructure '(\w+)' not found \(or beginning not provided\)`)
	missingControlExprRe = lazyre.New(`^Unable to parse controlStructure "\w+": expected either a number, string, keyword or identifier\.$`)
	missingPrintExprRe   = lazyre.New(`^expected either a number, string, keyword or identifier\. \(Line: \d+ Col: \d+, near "\}\}"\)$`)
)

// jinjaEndTags are the tags Jinja names when a block is not closed, in
// its order.
var jinjaEndTags = map[string]string{
	"if":     "'elif' or 'else' or 'endif'",
	"for":    "'endfor' or 'else'",
	"macro":  "'endmacro'",
	"call":   "'endcall'",
	"filter": "'endfilter'",
	"with":   "'endwith'",
	"block":  "'endblock'",
}

// lastTagEndLine is the line on which the template's last tag ends.
func lastTagEndLine(text []byte) int {
	end := 0
	for _, closer := range []string{"%}", "}}", "#}"} {
		if i := bytes.LastIndex(text, []byte(closer)); i+len(closer) > end && i >= 0 {
			end = i + len(closer)
		}
	}
	return bytes.Count(text[:end], []byte("\n")) + 1
}

// templateContext is the part of a template Salt's render errors quote:
// five lines either side of line, the line marked, "[...]" where lines
// are left out (salt.utils.stringutils.get_context).
func templateContext(text string, line int) string {
	lines := strings.Split(strings.TrimSuffix(strings.ReplaceAll(text, "\r\n", "\n"), "\n"), "\n")
	if line > len(lines) {
		return text
	}
	start := max(0, line-6)
	end := min(len(lines), line+5)
	at := line - start - 1
	var buf []string
	if start > 0 {
		buf = append(buf, "[...]")
		at++
	}
	buf = append(buf, lines[start:end]...)
	if end < len(lines) {
		buf = append(buf, "[...]")
	}
	buf[at] += "    <======================"
	return "---\n" + strings.Join(buf, "\n") + "\n---"
}

// saltFunctions is the salt mapping of templates: salt['pillar.get'],
// and the same functions as salt.pillar.get.
func (r *renderer) saltFunctions() map[string]any {
	funcs := r.saltFunctionTable()
	out := make(map[string]any, 2*len(funcs))
	for name, fn := range funcs {
		out[name] = fn
		mod, fun, _ := strings.Cut(name, ".")
		ns, _ := out[mod].(map[string]any)
		if ns == nil {
			ns = map[string]any{}
			out[mod] = ns
		}
		ns[fun] = fn
	}
	return out
}

func (r *renderer) saltFunctionTable() map[string]any {
	return map[string]any{
		"grains.get":   func(key string, def ...any) any { return lookupColon(r.ctx.Grains, key, def) },
		"pillar.get":   func(key string, def ...any) any { return lookupColon(r.ctx.Pillar, key, def) },
		"config.get":   func(key string, def ...any) any { return lookupColon(r.ctx.Pillar, key, def) },
		"grains.items": func() map[string]any { return r.ctx.Grains },
		"pillar.items": func() map[string]any { return r.ctx.Pillar },
		"cmd.run": func(cmd string) (string, error) {
			if r.ctx.RunCommand == nil {
				return "", fmt.Errorf("cmd.run is not available")
			}
			return r.ctx.RunCommand(cmd)
		},
		"test.ping": func() bool { return true },
		"cmd.shell": func(cmd string) (string, error) {
			if r.ctx.RunCommand == nil {
				return "", fmt.Errorf("cmd.shell is not available")
			}
			return r.ctx.RunCommand(cmd)
		},
		"cmd.retcode": func(cmd string) int {
			if r.ctx.RunCommand == nil {
				return 1
			}
			if _, err := r.ctx.RunCommand(cmd); err != nil {
				return 1
			}
			return 0
		},
		"file.file_exists": func(p string) bool {
			st, err := os.Stat(p)
			return err == nil && st.Mode().IsRegular()
		},
		"file.directory_exists": func(p string) bool {
			st, err := os.Stat(p)
			return err == nil && st.IsDir()
		},
		"file.exists":   func(p string) bool { _, err := os.Stat(p); return err == nil },
		"file.basename": func(p string) string { return filepath.Base(p) },
		"file.dirname":  func(p string) string { return filepath.Dir(p) },
		"file.join":     func(parts ...string) string { return filepath.Join(parts...) },
		"file.read": func(p string) (string, error) {
			b, err := os.ReadFile(p)
			return string(b), err
		},
		"grains.filter_by": r.filterBy,
	}
}

// filterBy is Salt's grains.filter_by(lookup_dict, grain='os_family',
// merge=None, default='default', base=None): the entry of lookup_dict
// for this minion's grain value (glob keys allowed), or the default
// entry, deep-merged over base and under merge.
func (r *renderer) filterBy(args *exec.VarArgs) (any, error) {
	arg := func(i int, name string) *exec.Value {
		if v, ok := args.KwArgs[name]; ok {
			return v
		}
		if i < len(args.Args) {
			return args.Args[i]
		}
		return nil
	}
	lookupV := arg(0, "lookup_dict")
	if lookupV == nil {
		return nil, fmt.Errorf("grains.filter_by needs a lookup_dict")
	}
	lookup, ok := toPlain(lookupV.Interface()).(map[string]any)
	if !ok {
		return nil, fmt.Errorf("grains.filter_by: lookup_dict is not a dictionary")
	}
	grain, def := "os_family", "default"
	if v := arg(1, "grain"); v != nil {
		grain = v.String()
	}
	if v := arg(3, "default"); v != nil {
		def = v.String()
	}
	val := fmt.Sprint(lookupColon(r.ctx.Grains, grain, []any{nil}))
	var entry any
	if e, ok := lookup[val]; ok {
		entry = e
	} else {
		globs := &globCache{}
		for _, k := range sortedKeys(lookup) {
			if isGlob(k) && globs.match(k, val) {
				entry = lookup[k]
				break
			}
		}
		if entry == nil {
			entry = lookup[def]
		}
	}
	out := map[string]any{}
	if b := arg(4, "base"); b != nil {
		if bm, ok := lookup[b.String()].(map[string]any); ok {
			mergeDeep(out, deepCopy(bm))
		}
	}
	em, isMap := entry.(map[string]any)
	if !isMap {
		return entry, nil
	}
	mergeDeep(out, deepCopy(em))
	if m := arg(2, "merge"); m != nil {
		if mm, ok := toPlain(m.Interface()).(map[string]any); ok {
			mergeDeep(out, deepCopy(mm))
		}
	}
	return out, nil
}

// toPlain turns the maps and lists templates build into map[string]any
// and []any.
func toPlain(v any) any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[k] = toPlain(x)
		}
		return out
	case map[any]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[fmt.Sprint(k)] = toPlain(x)
		}
		return out
	case []any:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = toPlain(x)
		}
		return out
	case *exec.Value:
		return toPlain(v.Interface())
	case *exec.Dict:
		out := make(map[string]any, len(v.Pairs))
		for _, p := range v.Pairs {
			out[p.Key.String()] = toPlain(p.Value.Interface())
		}
		return out
	case exec.ValuesList:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = toPlain(x.Interface())
		}
		return out
	}
	return v
}

func deepCopy(m map[string]any) map[string]any {
	out, _ := toPlain(m).(map[string]any)
	return out
}

// lookupColon walks a colon-delimited key through nested mappings, as
// Salt's grains.get and pillar.get do; def[0] (or "") when absent.
func lookupColon(data map[string]any, key string, def []any) any {
	var cur any = data
	for _, part := range strings.Split(key, ":") {
		m, ok := cur.(map[string]any)
		if !ok {
			cur = nil
			break
		}
		v, ok := m[part]
		if !ok {
			cur = nil
			break
		}
		cur = v
	}
	if cur == nil {
		if len(def) > 0 {
			return def[0]
		}
		return ""
	}
	return cur
}

// importDataParser builds the parser of Salt's {% import_yaml 'f' as v %}
// family: the file (relative to the file root, or to the template's
// folder when it starts with ./ or ../) is read, decoded by load and bound
// to v.
func (r *renderer) importDataParser(load func([]byte) (any, error)) parser.ControlStructureParser {
	return func(p *parser.Parser, args *parser.Parser) (nodes.ControlStructure, error) {
		cs := &importData{location: p.Current(), r: r, load: load}
		expr, err := args.ParseExpression()
		if err != nil {
			return nil, err
		}
		cs.file = expr
		if args.MatchName("as") == nil {
			return nil, args.Error(`Expected "as" keyword`, args.Current())
		}
		name := args.Match(tokens.Name)
		if name == nil {
			return nil, args.Error("Expected a variable name", args.Current())
		}
		cs.as = name.Val
		if !args.End() {
			return nil, args.Error("Malformed import tag", args.Current())
		}
		return cs, nil
	}
}

type importData struct {
	location *tokens.Token
	r        *renderer
	load     func([]byte) (any, error)
	file     nodes.Expression
	as       string
}

func (cs *importData) Position() *tokens.Token { return cs.location }
func (cs *importData) String() string {
	return fmt.Sprintf("importData(Line=%d Col=%d)", cs.location.Line, cs.location.Col)
}

func (cs *importData) Execute(r *exec.Renderer, tag *nodes.ControlStructureBlock) error {
	v := r.Eval(cs.file)
	if v.IsError() {
		return v
	}
	name := strings.TrimPrefix(v.String(), "salt://")
	if strings.HasPrefix(name, "./") || strings.HasPrefix(name, "../") {
		dir, _ := r.Environment.Context.Get("tpldir")
		d, _ := dir.(string)
		name = path.Join(d, name)
	}
	b, err := os.ReadFile(filepath.Join(cs.r.root, filepath.FromSlash(path.Clean("/"+name))))
	if err != nil {
		return fmt.Errorf("Unable to import %s: %w", v.String(), err)
	}
	if name != "" && strings.Contains(string(b), "{") {
		// Imported files are templates themselves.
		out, err := cs.r.renderTemplate(name, b, nil)
		if err != nil {
			return err
		}
		b = []byte(out)
	}
	data, err := cs.load(b)
	if err != nil {
		return fmt.Errorf("Unable to import %s: %w", v.String(), err)
	}
	r.Environment.Context.Set(cs.as, data)
	return nil
}

// decodeJSONValue reads import_json's data as Salt's json renderer does,
// for templates.
func decodeJSONValue(b []byte) (any, error) {
	v, err := pyjson.Decode(b)
	return forJinja(v), err
}

// decodeYAMLValue reads import_yaml's data as Salt's yaml renderer does,
// for templates.
func decodeYAMLValue(b []byte) (any, error) {
	var n yaml.Node
	if err := yaml.Unmarshal(b, &n); err != nil {
		return nil, err
	}
	if n.Kind == 0 {
		return map[string]any{}, nil
	}
	v, err := plainValue(&n)
	return forJinja(v), err
}

// pythonReplacement turns Python's \1 group references into Go's ${1}.
func pythonReplacement(s string) string {
	return regexp.MustCompile(`\\(\d+)`).ReplaceAllString(strings.ReplaceAll(s, "$", "$$"), "$${$1}")
}

// TemplateRenderer returns the Jinja renderer file.managed's template:
// jinja uses: the same context as SLS files, plus the state's defaults
// and context variables. Its errors are Salt's text alone (a state's
// comment quotes them as Salt does, without ordo's position).
func TemplateRenderer(root string, ctx Context) func(name string, text []byte, vars map[string]any) (string, error) {
	r := newRenderer(root, ctx)
	return func(name string, text []byte, vars map[string]any) (string, error) {
		out, err := r.renderTemplate(name, text, vars)
		var e *Error
		if errors.As(err, &e) {
			return "", errors.New(e.Msg)
		}
		return out, err
	}
}
