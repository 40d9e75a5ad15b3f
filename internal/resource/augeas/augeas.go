// Package augeas implements the augeas type of puppetlabs-augeas_core:
// changes to configuration files made through Augeas's tree of their
// content, applied only when they would change a file.
//
// ordo drives augtool (augeas-tools) rather than linking libaugeas: each
// evaluation loads the files, tests onlyif, and makes the changes with
// saving into .augnew files, which tell whether (and how) the files
// would change; a change then makes them again and saves in place.
package augeas

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// Type is the augeas resource type. Augtool names the augtool program
// (a path, or a name looked up on PATH); empty means "augtool".
type Type struct {
	Augtool string
	// stock caches the stock lenses' transforms for the run; nil reads
	// them in each session.
	stock *transformCache
}

// NewType returns the augeas type, which reads the stock lenses'
// transforms once.
func NewType() Type { return Type{stock: &transformCache{}} }

var schema = resource.NewSchema(resource.Schema{
	Name: "augeas",
	Doc:  "Changes to configuration files made through Augeas (puppetlabs-augeas_core), applied when they would change a file; needs augtool (augeas-tools).",
	Attrs: []resource.Attr{
		{Name: "name", Namevar: true, Doc: "The name of the resource."},
		{Name: "context", Default: "", Doc: "The path relative paths are taken under; /files followed by incl when incl is set and context is not."},
		{Name: "onlyif", Default: "", Doc: "A condition on the tree: get PATH COMPARATOR STRING, match PATH size COMPARATOR INT, match|values PATH include|not_include STRING, match|values PATH ==|!= ['a', 'b']."},
		{Name: "changes", Doc: "The changes, a string (one a line) or an array: set, setm, rm/remove, clear, clearm, touch, ins/insert, mv/move, rename, defvar, defnode."},
		{Name: "root", Default: "/", Doc: "The folder the files are read under."},
		{Name: "load_path", Default: "", Doc: "Folders to search for lenses: a colon-separated list or an array."},
		{Name: "force", Default: false, Doc: "Make the changes even when they would not change a file (onlyif still applies)."},
		{Name: "type_check", Default: "false", Doc: "Have Augeas type-check the lenses.", Check: resource.Enum("true", "false")},
		{Name: "lens", Doc: "The lens to load incl with, such as Hosts.lns; needs incl."},
		{Name: "incl", Doc: "The one file to load, with lens; needs lens."},
		{Name: "show_diff", Default: true, Doc: "Whether to show the changes to the files as a diff (with --show_diff).", Check: resource.YesNo()},
		{Name: "returns", Kind: resource.KindProperty, Default: int64(0), Doc: "0 once the changes were made; not to be set."},
	},
	Features: []resource.Feature{
		{Name: "parse_commands", Doc: "Parse the command string."},
		{Name: "need_to_run?", Doc: "If the command should run."},
		{Name: "execute_changes", Doc: "Actually make the changes."},
	},
	Providers: []resource.Provider{{
		Name: "augeas", Default: true, Doc: "Drives augtool (augeas-tools).",
		Features: []string{"parse_commands", "need_to_run?", "execute_changes"},
	}},
	Validate: func(v resource.Values) error {
		if v.Has("lens") != v.Has("incl") {
			return errors.New("You must specify both the lens and incl parameters, or neither.")
		}
		return nil
	},
})

// Schema returns augeas's schema.
func (Type) Schema() *resource.Schema { return schema }

// spec is an augeas resource's checked attributes.
type spec struct {
	title        string
	context      string // ends with a slash unless empty
	onlyif       string
	changes      catalog.Value
	hasChanges   bool
	root         string
	loadPath     []string // userLoadPath and the modules' lens folders
	userLoadPath []string
	force        bool
	typeCheck    bool
	lens, incl   string
	hasIncl      bool
	showDiff     bool
	returns      catalog.Value
	augtool      string
	stock        *transformCache
}

// New returns the instance for v.
func (t Type) New(v resource.Values) (resource.Instance, error) {
	s := spec{
		title:     v.Resource().Title,
		onlyif:    v.String("onlyif"),
		root:      v.String("root"),
		force:     forceValue(v.Get("force")),
		typeCheck: v.String("type_check") == "true",
		lens:      v.String("lens"),
		incl:      v.String("incl"),
		hasIncl:   v.Has("incl"),
		showDiff:  v.Bool("show_diff"),
		returns:   v.Get("returns"),
		augtool:   t.Augtool,
		stock:     t.stock,
	}
	if s.augtool == "" {
		s.augtool = "augtool"
	}
	s.changes, s.hasChanges = v.Lookup("changes")
	s.context = v.String("context")
	if s.context == "" && s.hasIncl {
		s.context = "/files" + s.incl
	}
	if s.context != "" && !strings.HasSuffix(s.context, "/") {
		s.context += "/"
	}
	lp := v.Get("load_path")
	switch x := lp.(type) {
	case string:
		s.userLoadPath = splitLoadPath(x)
	case []any:
		for _, e := range x {
			if str, ok := e.(string); ok {
				s.userLoadPath = append(s.userLoadPath, splitLoadPath(str)...)
			}
		}
	}
	return &instance{spec: s}, nil
}

func splitLoadPath(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ":") {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// forceValue is force as augeas_core reads it: anything but false (and
// unset) forces.
func forceValue(v catalog.Value) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	}
	return true
}

// describe names a value's type for errors.
func describe(v any) string {
	switch v.(type) {
	case *catalog.Hash:
		return "a Hash"
	case nil:
		return "undef"
	case bool:
		return "a Boolean"
	case int64, float64:
		return "a Number"
	}
	return fmt.Sprintf("%T", v)
}

// instance is one augeas resource being applied.
type instance struct {
	spec
	need bool // the changes would change a file (or are forced)
}

// providerSource is the log source of the provider's own lines, as
// Puppet names a provider.
func (i *instance) providerSource() string { return "Augeas[" + i.title + "](provider=augeas)" }

func (i *instance) debug(h *resource.Handle, format string, args ...any) {
	if h != nil && h.Log != nil {
		h.Log.Log(resource.Debug, i.providerSource(), fmt.Sprintf(format, args...))
	}
}

// ExclusiveKey puts every augeas resource under one key: their trial
// runs write .augnew files beside the files, and any two may load the
// same file, so under --jobs they are applied one at a time.
func (i *instance) ExclusiveKey() string { return "augeas" }

// Exists is true: an augeas resource has no ensure.
func (i *instance) Exists() bool { return true }

// Properties lists returns, the one property.
func (i *instance) Properties() []resource.Property { return []resource.Property{(*returnsProp)(i)} }

// commands parses the changes.
func (i *instance) commands() ([]command, error) {
	if !i.hasChanges {
		return nil, errors.New("changes is required: there is nothing to change")
	}
	lines, err := commandLines(i.changes)
	if err != nil {
		return nil, fmt.Errorf("changes: %v", err)
	}
	return parseCommands(lines, i.context)
}

// findAugtool returns augtool's path, or the error of a provider that
// cannot work here.
func (i *instance) findAugtool() (string, error) {
	p, err := exec.LookPath(i.augtool)
	if err != nil {
		return "", fmt.Errorf("Provider augeas is not functional on this host: %s was not found (it comes with augeas-tools)", i.augtool)
	}
	return p, nil
}

// moduleLenses lists the lens folders of the modules on the module path
// (MODULE/lib/augeas/lenses), which augeas_core adds to the load path.
func moduleLenses(modulePath []string) []string {
	var out []string
	for _, dir := range modulePath {
		entries, err := os.ReadDir(dir)
		if err != nil {
			continue
		}
		for _, e := range entries {
			p := filepath.Join(dir, e.Name(), "lib", "augeas", "lenses")
			if st, err := os.Stat(p); err == nil && st.IsDir() {
				out = append(out, p)
			}
		}
	}
	return out
}

// flags is the library's flags Puppet opens Augeas with, for its debug line.
func (i *instance) flags() int {
	f := 0
	if i.typeCheck {
		f = 4
	}
	if i.hasIncl {
		return f | 64
	}
	return f | 32
}

// open starts a session that loads the files as augeas_core does: incl
// alone with its lens, else every file the lenses know, or those under
// the context when it is a plain path under /files. It returns the
// session and the index of the command that narrowed the files to the
// context (-1 if none).
func (i *instance) open(ctx context.Context, h *resource.Handle, augtool string) (*session, int, error) {
	s := &session{argv: []string{augtool, "-r", i.root}}
	if i.typeCheck {
		s.argv = append(s.argv, "-c")
	}
	for _, d := range i.loadPath {
		s.argv = append(s.argv, "-I", d)
	}
	narrow := -1
	if i.hasIncl {
		s.argv = append(s.argv, "-A")
		lens, err := quoteString(i.lens)
		if err != nil {
			return nil, -1, err
		}
		incl, err := quoteString(i.incl)
		if err != nil {
			return nil, -1, err
		}
		s.add("set /augeas/load/Xfm/lens %s", lens)
		s.add("set /augeas/load/Xfm/incl %s", incl)
	} else {
		// With the stock lenses only, the session is given their
		// transforms and compiles just the modules of those it keeps.
		if table := i.stock.get(ctx, h, augtool); table != nil && len(i.loadPath) == 0 {
			s.argv = append(s.argv, "-A")
			if err := addTransforms(s, table); err != nil {
				return nil, -1, err
			}
		} else {
			s.argv = append(s.argv, "-L")
		}
		if ctx, ok := loadContext(i.spec); ok {
			// Drop the transforms none of whose files could be under the
			// context, unless that would drop them all.
			q := strings.ReplaceAll(ctx, "'", "")
			keep, err := quotePath(fmt.Sprintf("/augeas/load/*['%s' =~ glob(incl) + regexp('/.*')]", q))
			if err != nil {
				return nil, -1, err
			}
			// The transforms kept are counted once, not for each one.
			s.add("defvar ordo_keep %s", keep)
			p, err := quotePath(fmt.Sprintf("/augeas/load/*['%s' !~ glob(incl) + regexp('/.*')][count($ordo_keep) > 0]", q))
			if err != nil {
				return nil, -1, err
			}
			narrow = s.add("rm %s", p)
		}
	}
	s.add("load")
	return s, narrow, nil
}

// loadContext returns the folder path the context names under /files,
// with a trailing slash, when it is a plain path augeas_core narrows the
// loaded files to.
func loadContext(s spec) (string, bool) {
	c := strings.TrimSuffix(s.context, "/")
	if !strings.HasPrefix(c, "/files/") || strings.ContainsAny(c, "'\"[]") {
		return "", false
	}
	return strings.TrimPrefix(c, "/files") + "/", true
}

// Retrieve decides, as augeas_core's need_to_run? does, whether the
// changes are to be made: onlyif holds, and making them (saving into
// .augnew files, shown as a diff) would change a file, or force is set.
func (i *instance) Retrieve(ctx context.Context, h *resource.Handle) error {
	augtool, err := i.findAugtool()
	if err != nil {
		return err
	}
	if catalog.Scalar(i.returns) != "0" {
		return fmt.Errorf("returns must be 0 (it says the changes were made; it is not a setting), not %s", resource.Inspect(i.returns))
	}
	i.need = false
	i.loadPath = append(append([]string(nil), i.userLoadPath...), moduleLenses(h.ModulePath)...)
	i.debug(h, "Opening augeas with root %s, lens path %s, flags %d", i.root, strings.Join(i.loadPath, ":"), i.flags())
	s, narrow, err := i.open(ctx, h, augtool)
	if err != nil {
		return err
	}
	version := s.add("get /augeas/version")
	allErrs := s.add("match /augeas//error")
	subErrs := s.add("match /augeas//error/*")
	restricted := -1
	switch {
	case i.hasIncl:
		restricted = allErrs
	case narrow >= 0:
		ctxPath, _ := loadContext(i.spec)
		p, err := quotePath("/augeas/files" + ctxPath + "error")
		if err != nil {
			return err
		}
		restricted = s.add("match %s", p)
	}

	// What the files' loading said, once the session ran.
	loaded := func(res *result) {
		if v := parseGet("/augeas/version", res.out[version]); v != "" {
			i.debug(h, "Augeas version %s is installed", v)
		}
		if narrow >= 0 && strings.HasSuffix(strings.Join(res.out[narrow], ""), " 0") {
			i.debug(h, "Unable to optimize files loaded by context path, no glob matches")
		}
		i.loadErrors(h, res, allErrs, subErrs, restricted)
	}
	// A command that does not parse fails the resource once the files
	// are loaded, as in augeas_core.
	failAfter := func(err error) error {
		res, rerr := s.run(ctx, h)
		if rerr != nil {
			return rerr
		}
		loaded(res)
		i.debug(h, "Closed the augeas connection")
		return err
	}

	// onlyif: its first line, and the commands that read what it tests.
	var cond *command
	var condQuery int
	if i.onlyif != "" {
		cmds, err := parseCommands(strings.Split(i.onlyif, "\n"), i.context)
		if err != nil {
			return failAfter(err)
		}
		if len(cmds) > 0 {
			cond = &cmds[0]
			switch cond.name {
			case "get", "match", "values":
				p, err := quotePath(cond.args[0])
				if err != nil {
					return err
				}
				verb := "match"
				if cond.name == "get" {
					verb = "get"
				}
				condQuery = s.add("%s %s", verb, p)
			}
		}
	}
	var dry *dryRun
	if !i.force && cond == nil {
		if dry, err = i.addDryRun(h, s); err != nil {
			return failAfter(err)
		}
	}
	res, err := s.run(ctx, h)
	if err != nil {
		return err
	}
	loaded(res)

	run := true
	if cond != nil {
		if run, err = evalCondition(*cond, res, condQuery); err != nil {
			i.debug(h, "Closed the augeas connection")
			return err
		}
		if run && !i.force {
			s2, _, err := i.open(ctx, h, augtool)
			if err != nil {
				return err
			}
			if dry, err = i.addDryRun(h, s2); err != nil {
				i.debug(h, "Closed the augeas connection")
				return err
			}
			if res, err = s2.run(ctx, h); err != nil {
				return err
			}
		}
	}
	if dry != nil {
		if run, err = dry.finish(h, i, res, true); err != nil {
			i.debug(h, "Closed the augeas connection")
			return err
		}
	}
	i.need = run
	if !run || h.Noop {
		i.debug(h, "Closed the augeas connection")
	}
	return nil
}

// loadErrors logs what went wrong loading the files: a warning when it
// concerns the files the resource loads (incl, or those under the
// context), else a debug line, and the errors as debug lines.
func (i *instance) loadErrors(h *resource.Handle, res *result, all, sub, restricted int) {
	errs := parseMatch(res.out[all])
	if len(errs) == 0 {
		return
	}
	if restricted >= 0 && len(parseMatch(res.out[restricted])) > 0 {
		if h.Log != nil {
			h.Log.Log(resource.Warning, i.providerSource(), "Loading failed for one or more files, see debug for /augeas//error output")
		}
	} else {
		i.debug(h, "Loading failed for one or more files, output from /augeas//error:")
	}
	i.printErrors(h, errs, parseMatch(res.out[sub]))
}

func (i *instance) printErrors(h *resource.Handle, errs, sub []matchLine) {
	for _, e := range errs {
		if e.value != nil {
			i.debug(h, "%s = %s", e.path, *e.value)
		}
		for _, n := range sub {
			if strings.HasPrefix(n.path, e.path+"/") && !strings.Contains(n.path[len(e.path)+1:], "/") {
				v := ""
				if n.value != nil {
					v = *n.value
				}
				i.debug(h, "%s = %s", n.path, v)
			}
		}
	}
}

// Sync makes the changes and saves the files in place.
func (i *instance) sync(ctx context.Context, h *resource.Handle) error {
	augtool, err := i.findAugtool()
	if err != nil {
		return err
	}
	defer i.debug(h, "Closed the augeas connection")
	if i.force {
		// The changes were not tried: try them first, so that one that
		// fails leaves the files as they are.
		s, _, err := i.open(ctx, h, augtool)
		if err != nil {
			return err
		}
		dry, err := i.addDryRun(nil, s)
		if err != nil {
			return err
		}
		res, err := s.run(ctx, h)
		if err != nil {
			return err
		}
		if _, err := dry.finish(nil, i, res, false); err != nil {
			return err
		}
	}
	s, _, err := i.open(ctx, h, augtool)
	if err != nil {
		return err
	}
	s.add("set /augeas/save overwrite")
	cmds, err := i.commands()
	if err != nil {
		return err
	}
	steps, stop, err := addChanges(s, cmds)
	if err != nil {
		return err
	}
	save := -1
	var putErrs, putSub int
	if stop == nil {
		save = s.add("save")
		putErrs = s.add("match \"/augeas//error[. = 'put_failed']\"")
		putSub = s.add("match \"/augeas//error[. = 'put_failed']/*\"")
	}
	res, err := s.run(ctx, h)
	if err != nil {
		return err
	}
	if err := checkChanges(h, i, steps, res, stop); err != nil {
		return err
	}
	if res.failed(save) {
		i.putErrors(h, res, putErrs, putSub)
		return errors.New("Save failed, see debug output for details")
	}
	return nil
}

func (i *instance) putErrors(h *resource.Handle, res *result, all, sub int) {
	errs := parseMatch(res.out[all])
	if len(errs) > 0 {
		i.debug(h, "Put failed on one or more files, output from /augeas//error:")
	}
	i.printErrors(h, errs, parseMatch(res.out[sub]))
}

// returnsProp is augeas's one property: need_to_run until the changes
// are made, 0 after.
type returnsProp instance

func (r *returnsProp) Name() string { return "returns" }
func (r *returnsProp) Current() catalog.Value {
	if r.need {
		return "need_to_run"
	}
	return int64(0)
}
func (r *returnsProp) Desired() catalog.Value { return r.returns }
func (r *returnsProp) InSync() bool           { return !r.need }
func (r *returnsProp) Message() string        { return "executed successfully" }
func (r *returnsProp) Event() string          { return "returns_changed" }
func (r *returnsProp) Sync(ctx context.Context, h *resource.Handle) error {
	return (*instance)(r).sync(ctx, h)
}
