package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/report"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/builtin"
)

type resourceFlags struct {
	params   []string
	yaml     bool
	types    bool
	noop     bool
	verbose  bool
	debug    bool
	color    string
	lockFile string
}

// newResourceCmd builds `ordo resource`, puppet resource's counterpart.
func newResourceCmd(stdio Stdio) *cobra.Command {
	var f resourceFlags
	cmd := &cobra.Command{
		Use:   "resource TYPE [NAME] [ATTRIBUTE=VALUE ...]",
		Short: "Show resources of this machine as manifest code, or change one",
		Long: `Resource prints the current state of every resource of a type on this machine
(ordo resource user), or of one (ordo resource user root), as Puppet manifest
code, the way puppet resource prints it. Given attributes (ordo resource user
alice ensure=present shell=/bin/sh), it changes the resource through the same
transaction as 'ordo apply', prints what changed, then the resource.

  --param NAME   also print parameter NAME (the provider is always printed)
  --to_yaml      print the resources as YAML, for Hiera and create_resources
  --noop         say what would change without changing it
  --types        list the types ordo knows`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if f.types {
				for _, n := range builtin.Registry().Names() {
					fmt.Fprintln(stdio.Out, n)
				}
				return nil
			}
			if len(args) == 0 {
				return errors.New("Could not run: You must specify the type to display")
			}
			return runResource(cmd.Context(), stdio, &f, args)
		},
	}
	fl := cmd.Flags()
	fl.StringArrayVarP(&f.params, "param", "p", nil, "also print this parameter (repeatable)")
	fl.BoolVarP(&f.yaml, "to_yaml", "y", false, "print YAML instead of manifest code")
	fl.BoolVarP(&f.types, "types", "t", false, "list the types ordo knows")
	fl.BoolVar(&f.noop, "noop", false, "report what would change without changing anything")
	fl.BoolVarP(&f.verbose, "verbose", "v", false, "log info lines too")
	fl.BoolVarP(&f.debug, "debug", "d", false, "log debug lines too")
	fl.StringVar(&f.color, "color", "auto", "colour the log: ansi (or true), html, false, or auto (ansi on a terminal)")
	fl.StringVar(&f.lockFile, "lockfile", defaultLockFile(), "lock held while changing a resource (empty: none; default from $ORDO_LOCKFILE)")
	return cmd
}

// settingRE is an attribute=value argument, as puppet resource reads it.
var settingRE = lazyre.New(`^(\w+)=((?s).+)$`)

// setting is one attribute=value argument.
type setting struct{ name, value string }

func runResource(ctx context.Context, stdio Stdio, f *resourceFlags, args []string) error {
	for _, a := range args {
		if !utf8.ValidString(a) {
			// Puppet reads its command line as UTF-8 before anything else.
			return errors.New("Could not initialize global default settings: invalid byte sequence in UTF-8")
		}
	}
	color, err := parseColor(f.color, stdio)
	if err != nil {
		return err
	}
	console := &report.Console{Out: stdio.Out, Err: stdio.Err, Min: resource.Notice, Color: color}
	switch {
	case f.debug:
		console.Min = resource.Debug
	case f.verbose:
		console.Min = resource.Info
	}
	reg := builtin.Registry()
	schema := reg.Schema(args[0])
	if schema == nil {
		return fmt.Errorf("Could not run: Could not find type %s", args[0])
	}
	var name *string
	if len(args) > 1 {
		name = &args[1]
	}
	var sets []setting
	for _, a := range args[min(len(args), 2):] {
		m := settingRE.FindStringSubmatch(a)
		if m == nil {
			return fmt.Errorf("Could not run: Invalid parameter setting %s", a)
		}
		sets = append(sets, setting{m[1], m[2]})
	}
	if len(schema.Providers) == 0 && !listsWithoutProviders[schema.Name] && len(sets) == 0 {
		return fmt.Errorf("Could not run: %s has no providers and has not overridden 'instances'", schema.Name)
	}
	l := &lister{schema: schema, typ: reg.Lookup(args[0]), h: &resource.Handle{Log: console, Runner: command.Runner{}, Level: resource.Notice}, extra: f.params}
	if len(sets) == 0 && len(schema.Providers) > 0 && len(l.providers()) == 0 {
		// Puppet lists the instances to find one too, and no provider
		// here can list them.
		if p := schema.DefaultProvider(resource.LocalHost{}); p != nil {
			if p.Unlisted != "" {
				return errors.New("Could not run: " + p.Unlisted)
			}
			return fmt.Errorf("Could not run: To support listing resources of this type the '%s' provider needs to implement an 'instances' class method returning the current set of resources. We recommend porting your module to the simpler Resource API instead: https://puppet.com/search/docs?keys=resource+api", p.Name)
		}
	}
	var out []*catalog.Resource
	switch {
	case name == nil:
		if l.schema.Name == "file" {
			return errors.New("Could not run: Listing all file instances is not supported.  Please specify a file or directory, e.g. puppet resource file /etc")
		}
		all, err := l.list(ctx)
		if err != nil {
			return fmt.Errorf("Could not run: %w", err)
		}
		for _, r := range all {
			out = append(out, l.prune(r, resource.Values{}))
		}
	case *name == "":
		return errors.New("Could not run: Title or name must be provided")
	case len(sets) == 0:
		r, err := l.find(ctx, *name)
		if err != nil {
			return fmt.Errorf("Could not run: %w", err)
		}
		out = append(out, l.prune(r, resource.Values{}))
	default:
		r, err := l.save(ctx, reg, console, f, *name, sets)
		if err != nil {
			return err
		}
		out = append(out, r)
	}
	if f.yaml {
		writeYAML(stdio.Out, schema.Name, out)
		return nil
	}
	texts := make([]string, len(out))
	for i, r := range out {
		texts[i] = manifestOf(schema.Name, r)
	}
	fmt.Fprintln(stdio.Out, strings.Join(texts, "\n"))
	return nil
}

// listsWithoutProviders are the types without providers whose Puppet
// type lists its instances itself (none): puppet resource reads them,
// where it refuses the other types without providers (notify).
var listsWithoutProviders = map[string]bool{"schedule": true, "tidy": true}

// lister reads the resources of one type as puppet resource shows them.
type lister struct {
	schema *resource.Schema
	typ    resource.Type
	h      *resource.Handle
	extra  []string // --param names
}

// providers are the type's providers that can list or find, the default
// first, then the others that work on this machine.
func (l *lister) providers() []*resource.Provider {
	return resource.ListProviders(l.typ, resource.LocalHost{})
}

// list returns every instance, sorted by title; when two providers list
// one title, the first provider's wins.
func (l *lister) list(ctx context.Context) ([]*catalog.Resource, error) {
	return resource.List(ctx, l.typ, l.h, resource.LocalHost{})
}

// find returns the instance called name: the one a provider finds or
// lists, or else the resource as absent.
func (l *lister) find(ctx context.Context, name string) (*catalog.Resource, error) {
	probe := &catalog.Resource{Type: catalog.CanonicalType(l.schema.Name), Title: name}
	if err := l.schema.Check(probe); err != nil {
		return nil, err
	}
	ps := l.providers()
	for _, p := range ps {
		if p.Find == nil {
			continue
		}
		r, err := p.Find(ctx, l.h, name)
		if err != nil {
			return nil, err
		}
		if r != nil {
			if _, ok := r.Get("provider"); !ok {
				r.Set("provider", p.Name)
			}
			return r, nil
		}
	}
	all, err := l.list(ctx)
	if err != nil {
		return nil, err
	}
	for _, r := range all {
		if r.Title == name {
			return r, nil
		}
	}
	r := &catalog.Resource{Type: catalog.CanonicalType(l.schema.Name), Title: name}
	if l.schema.Attr("ensure") != nil {
		r.Set("ensure", "absent")
	}
	switch chooser, ok := l.typ.(resource.ProviderChooser); {
	case len(ps) > 0:
		r.Set("provider", ps[0].Name)
	case ok:
		r.Set("provider", chooser.DefaultProviderName())
	default:
		if p := l.schema.DefaultProvider(resource.LocalHost{}); p != nil {
			r.Set("provider", p.Name)
		}
	}
	return r, nil
}

// prune keeps what puppet resource prints of r: the properties with a
// value other than absent (ensure even when absent), the provider, and
// the parameters asked for with --param, from given or else from their
// defaults. keep, when not nil, limits the properties to those named
// (and ensure): a resource just changed shows only what was set.
func (l *lister) prune(r *catalog.Resource, given resource.Values) *catalog.Resource {
	out := &catalog.Resource{Type: r.Type, Title: r.Title}
	wanted := func(name string) bool {
		a := l.schema.Attr(name)
		if name == "provider" {
			return true
		}
		if a == nil {
			return false
		}
		if a.Shown {
			return true
		}
		if a.Kind == resource.KindProperty {
			// A resource just changed shows the properties it manages:
			// those given, and those with a default (an exec's returns;
			// a parsed file's target always has one in Puppet).
			return given.Resource() == nil || name == "ensure" || given.Has(name) || a.Default != nil || name == "target"
		}
		for _, x := range l.extra {
			if x == name {
				return true
			}
		}
		return false
	}
	for _, p := range r.Params {
		if !wanted(p.Name) || emptyValue(p.Value) || (p.Name != "ensure" && catalog.Scalar(p.Value) == "absent") {
			continue
		}
		out.Set(p.Name, p.Value)
	}
	// Parameters asked for that the listing does not carry: the value
	// given, or the default Puppet sets (Listed where the schema says
	// how Puppet shows it; otherwise none that is false, and true as
	// the symbol).
	for _, name := range l.extra {
		a := l.schema.Attr(name)
		if a == nil || a.Kind == resource.KindProperty || a.Namevar {
			continue
		}
		if _, ok := out.Get(a.Name); ok {
			continue
		}
		var v catalog.Value
		switch {
		case given.Resource() != nil:
			v = given.Get(a.Name)
			if v == nil && len(a.DefaultFrom) > 0 {
				v = l.defaultFrom(a, given.Get, r.Title)
			}
		case a.Listed != nil:
			out.Set(a.Name, a.Listed)
			continue
		case len(a.DefaultFrom) > 0:
			v = l.defaultFrom(a, func(name string) catalog.Value { x, _ := r.Get(name); return x }, r.Title)
		default:
			v = a.Default
		}
		if v == nil || v == false || emptyValue(v) || (catalog.Scalar(v) == "absent") {
			continue
		}
		if v == true {
			// Puppet's true defaults are the symbol :true, shown quoted.
			v = "true"
		}
		out.Set(a.Name, v)
	}
	return out
}

// defaultFrom is the value of a parameter that defaults to others
// (Attr.DefaultFrom) in a resource whose values get gives: the first of
// them it sets, its namevar being its title.
func (l *lister) defaultFrom(a *resource.Attr, get func(string) catalog.Value, title string) catalog.Value {
	for _, from := range a.DefaultFrom {
		if v := get(from); v != nil && !emptyValue(v) {
			return v
		}
		if fa := l.schema.Attr(from); fa != nil && fa.Namevar {
			return title
		}
	}
	return nil
}

// emptyValue is Puppet's test for a value puppet resource leaves out:
// an empty string or an empty list.
func emptyValue(v catalog.Value) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case []catalog.Value:
		return len(x) == 0
	}
	return false
}

// save changes the resource called name to match sets through an apply
// transaction, and returns it as it is afterwards.
func (l *lister) save(ctx context.Context, reg *resource.Registry, log resource.Logger, f *resourceFlags, name string, sets []setting) (*catalog.Resource, error) {
	res := &catalog.Resource{Type: catalog.CanonicalType(l.schema.Name), Title: name}
	for _, s := range sets {
		res.Set(s.name, s.value)
	}
	if err := l.schema.Check(res); err != nil {
		var unknown *resource.UnknownParamError
		if errors.As(err, &unknown) {
			return nil, fmt.Errorf("Could not run: no parameter named '%s'", unknown.Param)
		}
		return nil, fmt.Errorf("Could not run: %w", err)
	}
	c := catalog.New("")
	if err := c.Add(res); err != nil {
		return nil, fmt.Errorf("Could not run: %w", err)
	}
	if !f.noop {
		lock, err := lockRun(ctx, f.lockFile, log)
		if err != nil {
			return nil, err
		}
		defer lock.release()
	}
	plan, err := apply.Prepare(c, apply.Options{Types: reg, Log: log, Runner: command.Runner{}, Noop: f.noop, BucketDir: "/var/lib/ordo/clientbucket"})
	if err != nil {
		errs := apply.Errors(err)
		if len(errs) > 0 {
			err = errs[0]
		}
		return nil, fmt.Errorf("Could not run: %w", err)
	}
	if _, err := plan.Apply(ctx); err != nil {
		return nil, fmt.Errorf("Could not run: %w", err)
	}
	now, err := l.current(ctx, reg, res)
	if err != nil {
		return nil, fmt.Errorf("Could not run: %w", err)
	}
	return l.prune(now, resource.NewValues(l.schema, res)), nil
}

// current reads res's managed properties afresh, as Puppet's to_resource
// retrieves its resource after the change: through a new instance, so
// that a parsed file's own target is read.
func (l *lister) current(ctx context.Context, reg *resource.Registry, res *catalog.Resource) (*catalog.Resource, error) {
	inst, err := reg.Instantiate(res)
	if err != nil {
		return nil, err
	}
	if err := inst.Retrieve(ctx, l.h); err != nil {
		return nil, err
	}
	out := &catalog.Resource{Type: res.Type, Title: res.Title}
	v := resource.NewValues(l.schema, res)
	for _, p := range inst.Properties() {
		cur := p.Current()
		if a := l.schema.Attr(p.Name()); a != nil && a.Arrays == resource.EachAll && v.Has(a.Name) {
			// A list property given reads back as a list (host_aliases
			// are kept space-separated in the file).
			if str, ok := cur.(string); ok && str != "absent" {
				var list []catalog.Value
				for _, f := range strings.Fields(str) {
					list = append(list, f)
				}
				cur = list
			}
		}
		out.Set(p.Name(), cur)
	}
	// What a listing finds of the resource, for what the instance does
	// not say; nothing when the name alone is no valid resource (an
	// ssh_authorized_key needs its user).
	found, err := l.find(ctx, l.schema.NameOf(res))
	if err != nil {
		found = &catalog.Resource{}
	}
	if _, ok := out.Get("ensure"); !ok && l.schema.Attr("ensure") != nil && !ensureNotRetrieved[l.schema.Name] {
		// Puppet retrieves ensure even when it is not managed.
		if v, ok := found.Get("ensure"); ok {
			out.Params = append([]catalog.Param{{Name: "ensure", Value: v}}, out.Params...)
		}
	}
	// Properties a provider keeps in where it writes rather than as state
	// (a parsed file's target, a cron job's user) are what was asked for
	// once the resource exists.
	if e, _ := out.Get("ensure"); e != nil && e != "absent" {
		for _, a := range l.schema.Properties() {
			if _, ok := out.Get(a.Name); ok || a.Name == "ensure" {
				continue
			}
			if x := v.Get(a.Name); x != nil && (v.Has(a.Name) || a.Default != nil) {
				out.Set(a.Name, x)
			} else if x, ok := found.Get(a.Name); ok && a.Name == "target" {
				// Puppet's parsed-file types default target from other
				// attributes (a cron job's user): the file it was found in.
				out.Set(a.Name, x)
			}
		}
	}
	switch ps := l.providers(); {
	case v.Has("provider"):
		out.Set("provider", v.String("provider"))
	case len(ps) > 0:
		out.Set("provider", ps[0].Name)
	default:
		if p := l.schema.DefaultProvider(resource.LocalHost{}); p != nil {
			out.Set("provider", p.Name)
		}
	}
	return out, nil
}

// ensureNotRetrieved are the types whose ensure Puppet reads back only
// when it is managed (its service type's needs_ensure_retrieved).
var ensureNotRetrieved = map[string]bool{"service": true}

// manifestOf renders r as puppet resource does (Puppet::Resource#to_manifest):
// the attributes sorted by name with ensure first, their => aligned.
func manifestOf(typ string, r *catalog.Resource) string {
	names := make([]string, 0, len(r.Params))
	width := 0
	for _, p := range r.Params {
		names = append(names, p.Name)
		width = max(width, len(p.Name))
	}
	sort.Strings(names)
	for i, n := range names {
		if n == "ensure" && i > 0 {
			copy(names[1:i+1], names[:i])
			names[0] = "ensure"
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s { '%s':\n", strings.ToLower(typ), strings.ReplaceAll(r.Title, "'", `\'`))
	for _, n := range names {
		v, _ := r.Get(n)
		fmt.Fprintf(&b, "  %-*s => %s,\n", width, n, catalog.Format(v))
	}
	b.WriteString("}")
	return b.String()
}

// writeYAML prints the resources as puppet resource --to_yaml does: one
// map from the type to the titles, each to its attributes, ensure first.
func writeYAML(w io.Writer, typ string, rs []*catalog.Resource) {
	var b strings.Builder
	b.WriteString("---\n")
	// No resources: Psych writes the type's nil value as nothing.
	b.WriteString(yamlScalar(strings.ToLower(typ)) + ":\n")
	for _, r := range rs {
		b.WriteString("  " + yamlScalar(r.Title) + ":")
		names := make([]string, 0, len(r.Params))
		for _, p := range r.Params {
			if p.Name != "ensure" {
				names = append(names, p.Name)
			}
		}
		sort.Strings(names)
		if _, ok := r.Get("ensure"); ok {
			names = append([]string{"ensure"}, names...)
		}
		if len(names) == 0 {
			b.WriteString(" {}\n")
			continue
		}
		b.WriteString("\n")
		for _, n := range names {
			v, _ := r.Get(n)
			b.WriteString("    " + yamlScalar(n) + ":")
			writeYAMLValue(&b, v, "    ")
		}
	}
	io.WriteString(w, b.String())
}

// writeYAMLValue writes v after a key: a scalar on the same line, a list
// as a block sequence below it.
func writeYAMLValue(b *strings.Builder, v catalog.Value, indent string) {
	switch x := v.(type) {
	case []catalog.Value:
		if len(x) == 0 {
			b.WriteString(" []\n")
			return
		}
		b.WriteString("\n")
		for _, e := range x {
			b.WriteString(indent + "-")
			writeYAMLValue(b, e, indent+"  ")
		}
	case *catalog.Hash:
		if x.Len() == 0 {
			b.WriteString(" {}\n")
			return
		}
		b.WriteString("\n")
		for _, k := range x.Keys() {
			e, _ := x.Get(k)
			b.WriteString(indent + "  " + yamlScalar(k) + ":")
			writeYAMLValue(b, e, indent+"  ")
		}
	case string:
		b.WriteString(" " + yamlScalar(x) + "\n")
	case nil:
		b.WriteString("\n")
	default:
		b.WriteString(" " + catalog.Scalar(x) + "\n")
	}
}

var (
	// yamlNonString are the plain scalars Psych would read back as
	// something other than a string: numbers, booleans, null, dates.
	yamlNonString = lazyre.New(`^(?:[-+]?(?:0|[1-9][0-9_,]*)|[-+]?0[0-7_,]+|[-+]?0x[0-9a-fA-F_,]+|[-+]?0b[01_,]+|[-+]?(?:\d[\d_,]*)?\.\d*(?:[eE][-+]?\d+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)|~|null|Null|NULL|true|True|TRUE|false|False|FALSE|yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF|\d{4}-\d{1,2}-\d{1,2}(?:[Tt ].*)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?)$`)
	yamlWordStart = lazyre.New(`^[\p{L}\p{N}_]`)
	// yamlOctalLike is what Psych quotes for looking like a bad octal.
	yamlOctalLike = lazyre.New(`^0[0-7]*[89]`)
)

// yamlScalar quotes a string as Ruby's YAML.dump (Psych over libyaml)
// does: double quotes for one that starts with a non-word character,
// single quotes for one that would read back as another type or that
// plain style cannot hold, else as it is.
func yamlScalar(s string) string {
	switch {
	case s == "":
		return "''"
	case s == "y" || s == "Y" || s == "n" || s == "N":
		return `"` + s + `"`
	case !yamlWordStart.MatchString(s) && !strings.Contains(s, `"`) && !strings.ContainsAny(s, "\n"):
		return yamlDoubleQuoted(s)
	case strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r == 0x7f }):
		return yamlDoubleQuoted(s)
	case yamlNonString.MatchString(s), yamlOctalLike.MatchString(s), needsQuotes(s):
		return "'" + strings.ReplaceAll(s, "'", "''") + "'"
	}
	return s
}

// needsQuotes reports what libyaml refuses to write plain.
func needsQuotes(s string) bool {
	if strings.Contains(s, ": ") || strings.Contains(s, " #") || strings.HasSuffix(s, ":") ||
		strings.HasPrefix(s, " ") || strings.HasSuffix(s, " ") || strings.ContainsAny(s, "\t\n\r") {
		return true
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f {
			return true
		}
	}
	return strings.ContainsAny(s[:1], "-?:,[]{}#&*!|>'\"%@`")
}

func yamlDoubleQuoted(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\n':
			b.WriteString(`\n`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, "\\x%02X", r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
