package resource

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
)

// Kind says what an attribute is: state on the machine, a setting that
// steers the provider, or a metaparameter every type accepts.
type Kind uint8

const (
	KindParam Kind = iota
	KindProperty
	KindMeta
)

func (k Kind) String() string {
	switch k {
	case KindProperty:
		return "property"
	case KindMeta:
		return "metaparameter"
	}
	return "parameter"
}

// Arrays says how an attribute reads a list value.
type Arrays uint8

const (
	// ByKind is Puppet's default: a parameter checks a list as one value
	// (most refuse it), a property checks each element and uses the first.
	ByKind Arrays = iota
	// Whole checks and uses the value as it is, list or not.
	Whole
	// EachFirst checks each element of a list and uses the first.
	EachFirst
	// EachAll checks each element and uses the whole list (Puppet's
	// array_matching => all).
	EachAll
	// EachLast checks each element and uses the last (a file's content).
	EachLast
)

// Attr describes one attribute of a type.
type Attr struct {
	Name string
	Kind Kind
	// Namevar marks the attribute that names the resource on the machine;
	// unset, it comes from the title through the type's title patterns.
	Namevar bool
	// Default is the value a parameter has when the resource does not set
	// it; nil for none. A property without a value is not managed.
	Default catalog.Value
	// Listed, when set, is the value puppet resource shows for the
	// parameter asked for with --param and not set, where Puppet's own
	// default differs from Default (which says how ordo behaves unset):
	// a Ruby boolean shows bare (false), a symbol quoted ("false").
	Listed catalog.Value
	// DefaultFrom, when set, names the attributes whose value the
	// parameter takes when it is not set: the first of them that is (a
	// service's pattern is its binary, else its name). puppet resource
	// shows that value for the parameter asked for with --param.
	DefaultFrom []string
	// Doc is one line for ordo describe.
	Doc string
	// Check munges and validates each value; nil accepts any value.
	Check Check
	// Arrays says how a list value is read; ByKind unless set.
	Arrays Arrays
	// Feature names the provider feature the attribute needs. A provider
	// without it does not manage the attribute: Puppet drops it with a
	// debug line, and so do the types (see Values.Dropped).
	Feature string
	// Unsupported, when set, is why ordo refuses the attribute: a resource
	// that sets it fails with a ParamError naming it.
	Unsupported string
	// Shown marks a parameter puppet resource shows as it shows
	// properties (the type's parameters_to_include, as sshkey's name and
	// type).
	Shown bool
}

// arrays resolves ByKind.
func (a *Attr) arrays() Arrays {
	if a.Arrays != ByKind {
		return a.Arrays
	}
	if a.Kind == KindProperty {
		return EachFirst
	}
	return Whole
}

// TitlePattern maps a title onto attributes: each capture group of
// Pattern gives the value of the attribute at the same position in Attrs.
type TitlePattern struct {
	Pattern *regexp.Regexp
	Attrs   []string
	// Split, when set, does what Pattern does without running it: it
	// returns the value the title gives Attrs[i], and false when the title
	// does not match. Title lookups run for every resource of a catalog.
	Split func(title string, i int) (string, bool)
}

// wholeTitle is the default title pattern's Split: the title is the namevar.
func wholeTitle(title string, _ int) (string, bool) { return title, true }

// Feature is an ability some providers of a type have.
type Feature struct {
	Name string
	Doc  string
}

// Confine says where a provider can work. All of its conditions must hold.
type Confine struct {
	// Commands must all be found (absolute paths, or names on PATH).
	Commands []string
	// Facts maps a fact name to the values it may have (compared without
	// regard to case).
	Facts map[string][]string
}

// Host answers a confine's questions about the machine.
type Host interface {
	// HasCommand reports whether the command exists and can be run.
	HasCommand(name string) bool
	// Fact returns the value of a fact, "" when unknown.
	Fact(name string) string
}

// Holds reports whether every condition of c holds on h.
func (c Confine) Holds(h Host) bool {
	for _, cmd := range c.Commands {
		if !h.HasCommand(cmd) {
			return false
		}
	}
	for fact, allowed := range c.Facts {
		v := h.Fact(fact)
		ok := false
		for _, a := range allowed {
			if strings.EqualFold(v, a) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	return true
}

// Provider is one way of managing a type's resources (useradd for user,
// posix and shell for exec).
type Provider struct {
	Name string
	Doc  string
	// Default marks the provider chosen, among the suitable ones, when a
	// resource names none.
	Default  bool
	Features []string
	Confine  Confine
	// Unimplemented marks a provider Puppet has and ordo does not: a
	// resource that names it fails as one whose provider is not
	// functional on the host, and it is never a default.
	Unimplemented bool
	// Prefetch, when set, reads every instance the provider manages once
	// per run, just before the first of its resources is retrieved; the
	// result is handed to each instance that implements Prefetched.
	Prefetch func(ctx context.Context, h *Handle) (any, error)
	// Instances, when set, lists the resources of the type present on the
	// machine, as catalog resources (ordo resource TYPE).
	Instances func(ctx context.Context, h *Handle) ([]*catalog.Resource, error)
	// Find, when set, reads the one resource called name as Instances
	// would list it, present or not: for types whose resources cannot all
	// be listed (file) or whose missing resources still have a state
	// (a service that is not installed is stopped).
	Find func(ctx context.Context, h *Handle, name string) (*catalog.Resource, error)
	// Unlisted, for a provider without Instances or Find, is the error
	// puppet resource gives because it cannot list the type's resources,
	// when the provider says it itself; "" is Puppet::Provider's.
	Unlisted string
}

// Has reports whether the provider has feature f.
func (p *Provider) Has(f string) bool {
	for _, x := range p.Features {
		if x == f {
			return true
		}
	}
	return false
}

// Prefetched is implemented by instances that take their provider's batch
// prefetch (Provider.Prefetch) instead of reading the machine themselves.
type Prefetched interface {
	Prefetched(data any)
}

// Schema is what a type is: its attributes, how titles name resources,
// what makes two resources the same, its features and providers, and the
// checks over several attributes. It is the one source of truth for a
// type: the engine, the graph, ordo describe and the front ends read it.
//
// A Schema is built once, with NewSchema, and never changed after.
type Schema struct {
	Name string
	Doc  string
	// Attrs are the type's own attributes in definition order, which is
	// the order properties are synced in (ensure first). Metaparameters are
	// added by NewSchema.
	Attrs []Attr
	// TitlePatterns map a title onto the namevar(s); the first that matches
	// wins. NewSchema adds the default, the whole title as the namevar,
	// when there are none.
	TitlePatterns []TitlePattern
	// NonIsomorphic marks types whose resources are told apart by title
	// alone (exec, tidy): two of them may name the same thing, and the
	// namevar is no alias.
	NonIsomorphic bool
	// Features and Providers: every provider's features must be declared
	// here.
	Features  []Feature
	Providers []Provider
	// Redacts lists the parameters (not properties) the type itself keeps
	// out of its messages when they are sensitive (exec's command, unless
	// and onlyif; file's source); Puppet warns about the others.
	Redacts []string
	// Validate checks the attributes together after each was checked on
	// its own; its error reads "Validation of Type[title] failed: <error>",
	// unless it is a *ParamError (a check of one attribute that needs
	// others), which is returned as it is.
	Validate func(v Values) error
	// Warn returns the warnings Puppet's validation logs about values that
	// are accepted but will have no effect; nil for none.
	Warn func(v Values) []Note

	index    nameTable // attribute name to position in Attrs
	namevar  int       // position of the (first) namevar, -1 if none
	order    []int     // Puppet's checking order: namevar, provider, properties, parameters, metaparameters
	names    []string  // attribute names, for suggestions
	provider int       // position of the provider attribute, -1 if none
}

// NewSchema completes s: it adds the metaparameters, the provider
// parameter when s declares providers, the default title pattern, and the
// indexes the checks use. It panics on a malformed schema (a programming
// error, caught by any test that builds the type).
func NewSchema(s Schema) *Schema {
	out := s
	out.Attrs = append([]Attr(nil), s.Attrs...)
	if len(s.Providers) > 0 {
		if _, ok := out.attrIndex("provider"); !ok {
			out.Attrs = append(out.Attrs, providerAttr(&out))
		}
	}
	out.Attrs = append(out.Attrs, Metaparams()...)
	out.namevar, out.provider = -1, -1
	seen := make(map[string]bool, len(out.Attrs))
	for i, a := range out.Attrs {
		if seen[a.Name] {
			panic("resource: attribute " + a.Name + " declared twice on " + s.Name)
		}
		seen[a.Name] = true
		out.names = append(out.names, a.Name)
		if a.Namevar && out.namevar < 0 {
			out.namevar = i
		}
		if a.Name == "provider" {
			out.provider = i
		}
	}
	out.index = newNameTable(out.names)
	features := map[string]bool{}
	for _, f := range s.Features {
		features[f.Name] = true
	}
	for _, a := range s.Attrs {
		if a.Feature != "" && !features[a.Feature] {
			panic("resource: attribute " + a.Name + " of " + s.Name + " needs undeclared feature " + a.Feature)
		}
	}
	for _, p := range s.Providers {
		for _, f := range p.Features {
			if !features[f] {
				panic("resource: provider " + p.Name + " of " + s.Name + " has undeclared feature " + f)
			}
		}
	}
	if len(out.TitlePatterns) == 0 && out.namevar >= 0 {
		out.TitlePatterns = []TitlePattern{{Pattern: regexp.MustCompile(`(?s)^(.*)$`), Attrs: []string{out.Attrs[out.namevar].Name}, Split: wholeTitle}}
	}
	add := func(keep func(i int, a *Attr) bool) {
		for i := range out.Attrs {
			if keep(i, &out.Attrs[i]) {
				out.order = append(out.order, i)
			}
		}
	}
	add(func(_ int, a *Attr) bool { return a.Namevar })
	add(func(i int, a *Attr) bool { return i == out.provider && !a.Namevar })
	add(func(_ int, a *Attr) bool { return a.Kind == KindProperty && !a.Namevar })
	add(func(i int, a *Attr) bool { return a.Kind == KindParam && !a.Namevar && i != out.provider })
	add(func(_ int, a *Attr) bool { return a.Kind == KindMeta })
	return &out
}

func (s *Schema) attrIndex(name string) (int, bool) {
	if s.index.slots == nil {
		for i, a := range s.Attrs {
			if a.Name == name {
				return i, true
			}
		}
		return 0, false
	}
	return s.index.find(name)
}

// Attr returns the attribute called name (metaparameters included), or
// nil. "name" stands for the namevar, as in Puppet.
func (s *Schema) Attr(name string) *Attr {
	i, ok := s.attrIndex(name)
	if !ok {
		if name == "name" && s.namevar >= 0 {
			return &s.Attrs[s.namevar]
		}
		return nil
	}
	return &s.Attrs[i]
}

// Namevar returns the namevar, or nil for a type without one.
func (s *Schema) Namevar() *Attr {
	if s.namevar < 0 {
		return nil
	}
	return &s.Attrs[s.namevar]
}

// Properties lists the property attributes in sync order.
func (s *Schema) Properties() []*Attr {
	var out []*Attr
	for i := range s.Attrs {
		if s.Attrs[i].Kind == KindProperty {
			out = append(out, &s.Attrs[i])
		}
	}
	return out
}

// Provider returns the provider called name, or nil.
func (s *Schema) Provider(name string) *Provider {
	for i := range s.Providers {
		if s.Providers[i].Name == name {
			return &s.Providers[i]
		}
	}
	return nil
}

// DefaultProvider returns the provider a resource that names none gets:
// the suitable provider marked Default, else the first suitable one, else
// nil. A nil host takes every provider as suitable.
func (s *Schema) DefaultProvider(h Host) *Provider {
	var first *Provider
	for i := range s.Providers {
		p := &s.Providers[i]
		if p.Unimplemented || (h != nil && !p.Confine.Holds(h)) {
			continue
		}
		if p.Default {
			return p
		}
		if first == nil {
			first = p
		}
	}
	return first
}

// TitleValue returns the value the title gives attribute name through
// the title patterns, and whether it gives one.
func (s *Schema) TitleValue(title, name string) (string, bool) {
	for _, tp := range s.TitlePatterns {
		if tp.Split != nil {
			for i, a := range tp.Attrs {
				if a == name {
					if v, ok := tp.Split(title, i); ok {
						return v, true
					}
				}
			}
			continue
		}
		m := tp.Pattern.FindStringSubmatchIndex(title)
		if m == nil {
			continue
		}
		for i, a := range tp.Attrs {
			if a == name && 2*i+3 < len(m) && m[2*i+2] >= 0 {
				return title[m[2*i+2]:m[2*i+3]], true
			}
		}
		return "", false
	}
	return "", false
}

// NameOf returns the namevar's value for r: the namevar (or "name")
// parameter when set, else what the title patterns give, munged by the
// namevar's check. It is "" for a type without a namevar.
func (s *Schema) NameOf(r *catalog.Resource) string {
	nv := s.Namevar()
	if nv == nil {
		return ""
	}
	v := Values{s: s, r: r}
	if x, ok := v.Lookup(nv.Name); ok {
		if str, ok := x.(string); ok {
			return str
		}
		return catalog.Scalar(x)
	}
	return ""
}

// UniquenessKey returns what identifies r on the machine when that is
// not its title: the namevar's value for isomorphic types. Two resources
// of one type with the same key are one resource declared twice (Puppet's
// "Cannot alias" error). ok is false for non-isomorphic types and types
// without a namevar.
func (s *Schema) UniquenessKey(r *catalog.Resource) (key string, ok bool) {
	if s.NonIsomorphic || s.namevar < 0 {
		return "", false
	}
	if t, ok, err := s.namevarFromTitle(r); ok || err != nil {
		return t, err == nil && ok
	}
	v, ok := Values{s: s, r: r}.Lookup(s.Attrs[s.namevar].Name)
	if !ok {
		return "", false
	}
	key, ok = v.(string)
	return key, ok
}

// KeyOfTitle returns the uniqueness key a resource titled title has when
// no parameter sets its namevar, such as /tmp/x for File[/tmp/x/]; ok is
// false when there is none or the title gives no valid namevar.
func (s *Schema) KeyOfTitle(title string) (key string, ok bool) {
	if s.NonIsomorphic || s.namevar < 0 {
		return "", false
	}
	return s.UniquenessKey(&catalog.Resource{Type: s.Name, Title: title})
}

// Check checks every attribute r sets, in Puppet's order (namevar,
// provider, properties, parameters, metaparameters, then attributes the
// type does not know), and then the checks over several attributes. The
// error is an *UnknownParamError, a *ParamError or a *ValidationError.
// Good values allocate nothing.
func (s *Schema) Check(r *catalog.Resource) error {
	// The attributes r gives (a null included), found from its few
	// parameters rather than by looking for each of the type's many
	// attributes among them; and the first parameter the type does not
	// know.
	var given [maxCheckedAttrs]bool
	unknown := -1
	fast := len(s.Attrs) <= maxCheckedAttrs
	if fast {
		for j, p := range r.Params {
			if i, ok := s.attrIndex(p.Name); ok {
				given[i] = true
			} else if p.Name == "name" && s.namevar >= 0 {
				given[s.namevar] = true
			} else if unknown < 0 {
				unknown = j
			}
		}
	}
	for _, i := range s.order {
		if fast && !given[i] && i != s.namevar {
			continue
		}
		a := &s.Attrs[i]
		if isNil(r, a.Name) {
			return &NilValueError{Param: a.Name}
		}
		if i == s.namevar {
			if _, ok, err := s.namevarFromTitle(r); ok || err != nil {
				if err != nil {
					return err
				}
				continue
			}
		}
		raw, ok := s.raw(r, i)
		if !ok {
			continue
		}
		if a.Feature != "" {
			// Puppet drops an attribute the provider lacks the feature
			// for before it looks at its value.
			if p := (Values{s: s, r: r}).Provider(); p != nil && !p.Has(a.Feature) {
				continue
			}
		}
		if _, err := s.munge(r, a, raw); err != nil {
			return err
		}
	}
	if fast {
		if unknown >= 0 {
			p := r.Params[unknown].Name
			return &UnknownParamError{Ref: r.Ref(), Param: p, Suggestion: Suggest(p, s.names)}
		}
	} else {
		for _, p := range r.Params {
			if _, ok := s.attrIndex(p.Name); ok || (p.Name == "name" && s.namevar >= 0) {
				continue
			}
			return &UnknownParamError{Ref: r.Ref(), Param: p.Name, Suggestion: Suggest(p.Name, s.names)}
		}
	}
	if s.Validate != nil {
		if err := s.Validate(Values{s: s, r: r}); err != nil {
			var pe *ParamError
			var te *TypeError
			if errors.As(err, &pe) || errors.As(err, &te) {
				return err
			}
			return &ValidationError{Ref: r.Ref(), Err: err}
		}
	}
	return nil
}

// maxCheckedAttrs is the most attributes (metaparameters included) a type
// may have for Check to find those a resource gives in one pass over its
// parameters; a type with more is checked attribute by attribute.
const maxCheckedAttrs = 128

// isNil reports whether r gives attribute name as null.
func isNil(r *catalog.Resource, name string) bool {
	for _, p := range r.Params {
		if p.Name == name && p.Value == nil {
			return true
		}
	}
	return false
}

// raw returns the value r gives attribute i (nil values count as unset);
// "name" stands for the namevar.
func (s *Schema) raw(r *catalog.Resource, i int) (catalog.Value, bool) {
	if v, ok := s.param(r, i); ok {
		return v, true
	}
	if i == s.namevar {
		if v, ok := s.TitleValue(r.Title, s.Attrs[i].Name); ok {
			return v, true
		}
	}
	return nil, false
}

// param returns the value a parameter of r gives attribute i, without
// the title.
func (s *Schema) param(r *catalog.Resource, i int) (catalog.Value, bool) {
	name := s.Attrs[i].Name
	for _, p := range r.Params {
		if p.Name == name && p.Value != nil {
			return p.Value, true
		}
	}
	if i == s.namevar {
		for _, p := range r.Params {
			if p.Name == "name" && p.Value != nil {
				return p.Value, true
			}
		}
	}
	return nil, false
}

// StringMunger is implemented by checks that can check a string without
// it being boxed in a catalog.Value: namevars taken from titles are
// checked for every resource of a catalog, and boxing each would
// allocate.
type StringMunger interface {
	MungeString(s string) (string, error)
}

// namevarFromTitle checks the namevar's value when the title gives it;
// ok is false when a parameter sets it or no title pattern matches.
func (s *Schema) namevarFromTitle(r *catalog.Resource) (v string, ok bool, err error) {
	if _, set := s.param(r, s.namevar); set {
		return "", false, nil
	}
	a := &s.Attrs[s.namevar]
	t, ok := s.TitleValue(r.Title, a.Name)
	if !ok {
		return "", false, nil
	}
	if a.Check == nil {
		return t, true, nil
	}
	if sm, isStr := a.Check.(StringMunger); isStr {
		m, err := sm.MungeString(t)
		if err != nil {
			return "", true, paramError(r.Ref(), a.Name, err, t)
		}
		return m, true, nil
	}
	m, err := s.munge(r, a, t)
	if err != nil {
		return "", true, err
	}
	str, isStr := m.(string)
	return str, isStr, nil
}

// munge checks one raw value of attribute a and returns it munged.
func (s *Schema) munge(r *catalog.Resource, a *Attr, raw catalog.Value) (catalog.Value, error) {
	if a.Unsupported != "" {
		return nil, &ParamError{Ref: r.Ref(), Param: a.Name, Msg: a.Unsupported}
	}
	v := Unsensitive(raw)
	if pt := unknownRichType(v); pt != "" {
		return nil, &RichTypeError{PType: pt}
	}
	if isDeferred(v) {
		// Puppet's agent calls the function a Deferred value names before
		// it applies the catalog; ordo cannot, and says so.
		return nil, &ParamError{Ref: r.Ref(), Param: a.Name, Msg: "Deferred values are not supported by ordo"}
	}
	check := a.Check
	if check == nil {
		check = anyValue{}
	}
	fail := func(err error, v catalog.Value) error {
		var le *locatedError
		if errors.As(err, &le) {
			if loc := r.Location(); loc != "" {
				err = errors.New(le.msg + " " + loc + " " + loc)
			}
		}
		return paramError(r.Ref(), a.Name, err, v)
	}
	list, isList := v.([]catalog.Value)
	switch mode := a.arrays(); {
	case mode == Whole || !isList:
		m, err := check.Munge(v)
		if err != nil {
			return nil, fail(err, v)
		}
		return m, nil
	default:
		if len(list) == 0 {
			if mode == EachAll {
				return v, nil
			}
			return nil, nil
		}
		var out []catalog.Value // only when an element changes
		for j, e := range list {
			m, err := check.Munge(Unsensitive(e))
			if err != nil {
				return nil, fail(err, Unsensitive(e))
			}
			if mode == EachAll && out == nil && !sameValue(m, e) {
				out = make([]catalog.Value, len(list))
				copy(out, list[:j])
			}
			if out != nil {
				out[j] = m
			}
		}
		switch mode {
		case EachFirst:
			return check.Munge(Unsensitive(list[0]))
		case EachLast:
			return check.Munge(Unsensitive(list[len(list)-1]))
		}
		if out != nil {
			return out, nil
		}
		return v, nil // the list as given: no new interface value
	}
}

// sameValue reports whether a munged value is the value it came from,
// for the scalars checks return.
func sameValue(m, v catalog.Value) bool {
	switch x := m.(type) {
	case string:
		y, ok := v.(string)
		return ok && x == y
	case bool:
		y, ok := v.(bool)
		return ok && x == y
	case int64:
		y, ok := v.(int64)
		return ok && x == y
	}
	return false
}

// Unsensitive returns the value a Sensitive wrapper holds, or v itself.
func Unsensitive(v catalog.Value) catalog.Value {
	if s, ok := v.(catalog.Sensitive); ok {
		return s.Value
	}
	return v
}

func isDeferred(v catalog.Value) bool {
	r, ok := v.(*catalog.Rich)
	return ok && r.PType == "Deferred"
}

// Note is a message about a resource that does not stop it, such as
// Puppet's complaints about its sensitive_parameters.
type Note struct {
	Level Level
	Msg   string
	// Unattached: the note is logged without the resource's path, as
	// Puppet logs a deprecation (its text names the file and line).
	Unattached bool
}

// ValidationNotes returns the warnings the type's validation logs about
// r, whose values are already checked.
func (s *Schema) ValidationNotes(r *catalog.Resource) []Note {
	if s == nil || s.Warn == nil {
		return nil
	}
	return s.Warn(NewValues(s, r))
}

// SensitiveNotes returns what Puppet says of r's sensitive_parameters
// that it cannot honour: a name the type does not know (an error), a
// parameter rather than a property, or a property r does not set
// (warnings). The resource is applied all the same.
func (s *Schema) SensitiveNotes(r *catalog.Resource) []Note {
	var out []Note
	for _, name := range r.Sensitive {
		a := s.Attr(name)
		switch {
		case a == nil:
			out = append(out, Note{Level: Err, Msg: fmt.Sprintf("Unable to mark '%s' as sensitive: the property itself is not defined on %s.", name, s.Name)})
		case a.Kind != KindProperty && hasParam(r, name) && !slices.Contains(s.Redacts, name):
			out = append(out, Note{Level: Warning, Msg: fmt.Sprintf("Unable to mark '%s' as sensitive: %s is a parameter and not a property, and cannot be automatically redacted.", name, name)})
		case a.Kind == KindProperty && !hasParam(r, name):
			out = append(out, Note{Level: Warning, Msg: fmt.Sprintf("Unable to mark '%s' as sensitive: the property itself was not assigned a value.", name)})
		}
	}
	return out
}

func hasParam(r *catalog.Resource, name string) bool {
	for _, p := range r.Params {
		if p.Name == name {
			return true
		}
	}
	return false
}

// ValidationError is a resource whose attributes are each valid but do
// not fit together, worded as Puppet words it.
type ValidationError struct {
	Ref catalog.Ref
	Err error
}

func (e *ValidationError) Error() string {
	return fmt.Sprintf("Validation of %s failed: %v", e.Ref, e.Err)
}

func (e *ValidationError) Unwrap() error { return e.Err }

// Values are a resource's attribute values after Schema.Check: munged,
// Sensitive wrappers removed, defaults filled in. A type's constructor
// reads them; it never sees a value its schema refuses. Values is small
// and passed by value; reading a value munges it again rather than
// keeping a copy of every value per resource.
type Values struct {
	s *Schema
	r *catalog.Resource
}

// NewValues returns r's values under s. Call s.Check(r) first: Values
// assumes every value is good.
func NewValues(s *Schema, r *catalog.Resource) Values { return Values{s: s, r: r} }

// Resource returns the catalog resource.
func (v Values) Resource() *catalog.Resource { return v.r }

// Ref returns the resource's reference.
func (v Values) Ref() catalog.Ref { return v.r.Ref() }

// Schema returns the schema the values were checked against.
func (v Values) Schema() *Schema { return v.s }

// Lookup returns the munged value the resource sets for name (the
// namevar also from the title), and whether it sets one. Values of
// unknown attributes are not set.
func (v Values) Lookup(name string) (catalog.Value, bool) {
	i, ok := v.s.attrIndex(name)
	if !ok {
		return nil, false
	}
	return v.lookupAt(i)
}

// lookupAt is Lookup of the attribute at position i.
func (v Values) lookupAt(i int) (catalog.Value, bool) {
	raw, ok := v.s.raw(v.r, i)
	if !ok {
		return nil, false
	}
	m, err := v.s.munge(v.r, &v.s.Attrs[i], raw)
	if err != nil || m == nil {
		return nil, false
	}
	return m, true
}

// Has reports whether the resource sets name.
func (v Values) Has(name string) bool {
	_, ok := v.Lookup(name)
	return ok
}

// Get returns the munged value of name, or its default when unset.
func (v Values) Get(name string) catalog.Value {
	if i, ok := v.s.attrIndex(name); ok {
		if x, ok := v.lookupAt(i); ok {
			return x
		}
		return v.s.Attrs[i].Default
	}
	if a := v.s.Attr(name); a != nil {
		return a.Default
	}
	return nil
}

// String returns the value of name as a string (Puppet's string form for
// numbers and booleans), "" when unset without a default.
func (v Values) String(name string) string {
	var x catalog.Value
	if i, ok := v.s.attrIndex(name); ok {
		if i == v.s.namevar {
			if t, ok, err := v.s.namevarFromTitle(v.r); ok && err == nil {
				return t
			}
		}
		var set bool
		if x, set = v.lookupAt(i); !set {
			x = v.s.Attrs[i].Default
		}
	} else {
		x = v.Get(name)
	}
	if s, ok := x.(string); ok {
		return s
	}
	return catalog.Scalar(x)
}

// Bool returns the value of name as a boolean: true, "true" or "yes".
func (v Values) Bool(name string) bool { return catalog.Truthy(v.Get(name)) }

// Strings returns the value of name as a list of strings.
func (v Values) Strings(name string) []string { return catalog.Strings(v.Get(name)) }

// Sensitive reports whether the value of name must not be shown.
func (v Values) Sensitive(name string) bool { return v.r.IsSensitive(name) }

// Level returns the loglevel metaparameter, Notice by default.
func (v Values) Level() Level {
	if x, ok := v.Lookup("loglevel"); ok {
		l, _ := ParseLevel(catalog.Scalar(x))
		return l
	}
	return Notice
}

// Provider returns the provider the resource names, or the default one
// (with every confine taken as holding), nil for a type without providers.
func (v Values) Provider() *Provider {
	if x, ok := v.Lookup("provider"); ok {
		if p := v.s.Provider(catalog.Scalar(x)); p != nil {
			return p
		}
	}
	return v.s.DefaultProvider(nil)
}

// Dropped lists the attributes the resource sets that p lacks the feature
// for, each with Puppet's debug line ("Provider useradd does not support
// features manages_roles; not managing attribute roles"). Constructors
// leave these attributes unmanaged.
func (v Values) Dropped(p *Provider) []string {
	if p == nil {
		return nil
	}
	var out []string
	for _, i := range v.s.order {
		a := &v.s.Attrs[i]
		if a.Feature == "" || p.Has(a.Feature) {
			continue
		}
		if _, ok := v.s.raw(v.r, i); ok {
			out = append(out, fmt.Sprintf("Provider %s does not support features %s; not managing attribute %s", p.Name, a.Feature, a.Name))
		}
	}
	return out
}

// Managed reports whether attribute name is set and p (nil for any) has
// the feature it needs.
func (v Values) Managed(p *Provider, name string) bool {
	a := v.s.Attr(name)
	if a == nil || (p != nil && a.Feature != "" && !p.Has(a.Feature)) {
		return false
	}
	return v.Has(name)
}

// providerAttr is the provider parameter of a type with providers.
func providerAttr(s *Schema) Attr {
	names := make([]string, len(s.Providers))
	for i, p := range s.Providers {
		names[i] = p.Name
	}
	typ := s.Name
	return Attr{
		Name: "provider",
		Doc:  "The provider that manages the resource: " + strings.Join(names, ", ") + ".",
		Check: CheckFunc("one of "+strings.Join(names, ", "), func(v catalog.Value) (catalog.Value, error) {
			if str, ok := v.(string); ok {
				for _, n := range names {
					if n == str {
						return str, nil
					}
				}
			}
			return nil, fmt.Errorf("Invalid %s provider '%s'", typ, catalog.Scalar(v))
		}),
	}
}

// anyValue is the check of an attribute that accepts every value.
type anyValue struct{}

func (anyValue) Munge(v catalog.Value) (catalog.Value, error) { return v, nil }
func (anyValue) Describe() string                             { return "any value" }

// richTypes are the rich-data types (__ptype) Puppet's catalogs carry
// that Puppet knows without a module.
var richTypes = map[string]bool{"Binary": true, "Default": true, "Deferred": true, "Hash": true, "Regexp": true,
	"SemVer": true, "SemVerRange": true, "Sensitive": true, "Symbol": true, "Timespan": true, "Timestamp": true,
	"Type": true, "URI": true, "Error": true}

// unknownRichType returns the first rich-data type in v that Puppet
// cannot map, or "".
func unknownRichType(v catalog.Value) string {
	switch x := v.(type) {
	case *catalog.Rich:
		if !richTypes[x.PType] {
			return x.PType
		}
	case []catalog.Value:
		for _, e := range x {
			if pt := unknownRichType(e); pt != "" {
				return pt
			}
		}
	case *catalog.Hash:
		for _, k := range x.Keys() {
			e, _ := x.Get(k)
			if pt := unknownRichType(e); pt != "" {
				return pt
			}
		}
	}
	return ""
}

// RichTypeError is a rich-data value of a type Puppet cannot map, which
// it refuses while reading the catalog.
type RichTypeError struct{ PType string }

func (e *RichTypeError) Error() string {
	return "No implementation mapping found for Puppet Type " + e.PType
}

// Unlocated: Puppet's message names no place.
func (*RichTypeError) Unlocated() {}
