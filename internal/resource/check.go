package resource

import (
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
)

// Check munges and validates the values of one attribute, as a Puppet
// parameter's validate and munge blocks do.
type Check interface {
	// Munge checks one value (a Sensitive wrapper already removed) and
	// returns it in the form the type's constructor reads. The error's
	// text is Puppet's; return a *MungeError where Puppet's munge step
	// fails, so the message gets Puppet's "Munging failed" prefix. Good
	// values must not allocate.
	Munge(v catalog.Value) (catalog.Value, error)
	// Describe says which values are valid, for ordo describe.
	Describe() string
}

// MungeError is a value Puppet's munge step refuses: shown as "Munging
// failed for value <value> in class <attribute>: <Msg>".
type MungeError struct{ Msg string }

func (e *MungeError) Error() string { return e.Msg }

// TypeError is a value Puppet refuses with Ruby's TypeError ("no
// implicit conversion of Integer into String"), which its messages show
// without naming the parameter or where the resource was declared.
type TypeError struct{ Msg string }

func (e *TypeError) Error() string { return e.Msg }

// Unlocated marks errors Puppet shows without where the resource was
// declared; the engine adds no location to them.
func (e *TypeError) Unlocated() {}

// NilValueError is an attribute given as null in a catalog, which Puppet
// refuses ("Got nil value for content"); its compiler never writes one.
type NilValueError struct{ Param string }

func (e *NilValueError) Error() string { return "Got nil value for " + e.Param }

// Unlocated: Puppet's message has no location.
func (e *NilValueError) Unlocated() {}

// paramError words a failed check as Puppet does.
func paramError(ref catalog.Ref, name string, err error, v catalog.Value) error {
	var te *TypeError
	if errors.As(err, &te) {
		return err
	}
	var me *MungeError
	if errors.As(err, &me) {
		return &ParamError{Ref: ref, Param: name, Msg: fmt.Sprintf("Munging failed for value %s in class %s: %s", Inspect(v), name, me.Msg)}
	}
	return &ParamError{Ref: ref, Param: name, Msg: err.Error()}
}

type checkFunc struct {
	desc string
	fn   func(catalog.Value) (catalog.Value, error)
}

func (c checkFunc) Munge(v catalog.Value) (catalog.Value, error) { return c.fn(v) }
func (c checkFunc) Describe() string                             { return c.desc }

// CheckFunc makes a Check of a function, for a type's own rules; desc
// says which values are valid.
func CheckFunc(desc string, fn func(catalog.Value) (catalog.Value, error)) Check {
	return checkFunc{desc: desc, fn: fn}
}

type stringFunc struct {
	checkFunc
	str func(string) (string, error)
}

func (c stringFunc) MungeString(s string) (string, error) { return c.str(s) }

// CheckFuncString is CheckFunc with a second function for string values,
// for a namevar: the title gives it to every resource, and str checks it
// without boxing (see StringMunger). The two must agree on strings.
func CheckFuncString(desc string, fn func(catalog.Value) (catalog.Value, error), str func(string) (string, error)) Check {
	return stringFunc{checkFunc{desc: desc, fn: fn}, str}
}

// invalidValue is Puppet's error for a value outside a list of valid ones.
func invalidValue(v catalog.Value, valid []string, patterns []string) error {
	msg := "Invalid value " + Inspect(v) + "."
	if len(valid) > 0 {
		msg += " Valid values are " + strings.Join(valid, ", ") + "."
	}
	if len(patterns) > 0 {
		msg += " Valid values match " + strings.Join(patterns, ", ") + "."
	}
	return errors.New(msg)
}

// EnumCheck accepts the given names (as strings; true and false also as
// booleans) and the strings matching Patterns, as Puppet's newvalues does.
// Munge returns the canonical name: an alias gives the name it stands for.
type EnumCheck struct {
	Values   []string
	Aliases  map[string]string // alias to value
	Patterns []Pattern
}

// Pattern is a regular expression a value of an EnumCheck may match: a
// *regexp.Regexp, or a *lazyre.Regexp, compiled when a value is first
// checked rather than when ordo starts.
type Pattern interface {
	MatchString(s string) bool
	String() string
}

// Enum accepts exactly the given values.
func Enum(values ...string) *EnumCheck { return &EnumCheck{Values: values} }

func (c *EnumCheck) Munge(v catalog.Value) (catalog.Value, error) {
	var s string
	switch x := v.(type) {
	case string:
		s = x
	case bool:
		s = strconv.FormatBool(x)
	default:
		return nil, c.invalid(v)
	}
	for _, n := range c.Values {
		if n == s {
			if _, ok := v.(string); ok {
				return v, nil // no new interface value: good values allocate nothing
			}
			return n, nil
		}
	}
	if n, ok := c.Aliases[s]; ok {
		return n, nil
	}
	for _, p := range c.Patterns {
		if p.MatchString(s) {
			return v, nil
		}
	}
	return nil, c.invalid(v)
}

func (c *EnumCheck) invalid(v catalog.Value) error {
	var pats []string
	for _, p := range c.Patterns {
		pats = append(pats, "/"+p.String()+"/")
	}
	return invalidValue(v, c.Values, pats)
}

func (c *EnumCheck) Describe() string {
	parts := append([]string(nil), c.Values...)
	for _, p := range c.Patterns {
		parts = append(parts, "/"+p.String()+"/")
	}
	return strings.Join(parts, ", ")
}

// boolCheck is a boolean attribute; munged to a bool.
type boolCheck struct{ yesNo bool }

// Boolean accepts true and false (booleans or strings), as Puppet's
// newvalues(:true, :false) does.
func Boolean() Check { return boolCheck{} }

// YesNo accepts true, false, yes and no, as Puppet's Boolean parameter
// class does.
func YesNo() Check { return boolCheck{yesNo: true} }

func (c boolCheck) Munge(v catalog.Value) (catalog.Value, error) {
	switch v {
	case true, "true":
		return true, nil
	case false, "false":
		return false, nil
	case "yes":
		if c.yesNo {
			return true, nil
		}
	case "no":
		if c.yesNo {
			return false, nil
		}
	}
	return nil, invalidValue(v, strings.Split(c.Describe(), ", "), nil)
}

func (c boolCheck) Describe() string {
	if c.yesNo {
		return "true, false, yes, no"
	}
	return "true, false"
}

// IntegerCheck accepts whole numbers (integers or strings of digits) in
// [Min, Max]; munged to int64. Msg words both failures (not a number, out
// of range) unless OutOfRange is set for the second.
type IntegerCheck struct {
	Min, Max   int64
	Msg        string
	OutOfRange string
	// Munging marks Puppet's checks that fail in the munge step.
	Munging bool
}

func (c IntegerCheck) Munge(v catalog.Value) (catalog.Value, error) {
	var n int64
	switch x := v.(type) {
	case int64:
		n = x
	case int:
		n = int64(x)
	case string:
		i, err := strconv.ParseInt(strings.TrimSpace(x), 10, 64)
		if err != nil {
			return nil, c.fail(c.Msg)
		}
		n = i
	default:
		return nil, c.fail(c.Msg)
	}
	if n < c.Min || n > c.Max {
		msg := c.OutOfRange
		if msg == "" {
			msg = c.Msg
		}
		return nil, c.fail(msg)
	}
	return n, nil
}

func (c IntegerCheck) fail(msg string) error {
	if c.Munging {
		return &MungeError{Msg: msg}
	}
	return errors.New(msg)
}

func (c IntegerCheck) Describe() string {
	if c.Max == math.MaxInt64 {
		return fmt.Sprintf("an integer from %d", c.Min)
	}
	return fmt.Sprintf("an integer from %d to %d", c.Min, c.Max)
}

// MaxID is the largest user or group id: 2^32-2 (2^32-1 is the -1 that
// chown reads as "no change").
const MaxID = 4294967294

// NumberCheck accepts numbers (integers, floats, or strings of them) of at
// least Min. The value stays as given (converting it would allocate);
// read it with AsFloat.
type NumberCheck struct {
	Min      float64
	Msg      string // not a number
	Negative string // below Min
	Munging  bool
}

func (c NumberCheck) Munge(v catalog.Value) (catalog.Value, error) {
	var f float64
	switch x := v.(type) {
	case int64:
		f = float64(x)
	case int:
		f = float64(x)
	case float64:
		f = x
	case string:
		n, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err != nil {
			return nil, c.fail(c.Msg)
		}
		f = n
	default:
		return nil, c.fail(c.Msg)
	}
	if f < c.Min && c.Negative != "" {
		return nil, c.fail(c.Negative)
	}
	return v, nil
}

// AsFloat reads a number NumberCheck accepted: an integer, a float, or a
// string of one; 0 for anything else.
func AsFloat(v catalog.Value) float64 {
	switch x := v.(type) {
	case int64:
		return float64(x)
	case int:
		return float64(x)
	case float64:
		return x
	case string:
		f, _ := strconv.ParseFloat(strings.TrimSpace(x), 64)
		return f
	}
	return 0
}

func (c NumberCheck) fail(msg string) error {
	if c.Munging {
		return &MungeError{Msg: msg}
	}
	return errors.New(msg)
}

func (c NumberCheck) Describe() string { return "a number" }

// AbsPathCheck accepts an absolute path; Msg is the error, with %s for
// the value where it has one. Munged to the path cleaned (no trailing
// slash, no doubled slashes) when Clean is set.
type AbsPathCheck struct {
	Msg   string
	Clean bool
}

func (c AbsPathCheck) Munge(v catalog.Value) (catalog.Value, error) {
	s, ok := v.(string)
	if !ok || !filepath.IsAbs(s) {
		return nil, c.fail(v)
	}
	if strings.IndexByte(s, 0) >= 0 {
		return nil, &MungeError{Msg: "path name contains null byte"}
	}
	if c.Clean {
		if clean := cleanPath(s); clean != s {
			return clean, nil
		}
	}
	return v, nil
}

// MungeString checks a string path without boxing it.
func (c AbsPathCheck) MungeString(s string) (string, error) {
	if !filepath.IsAbs(s) {
		return "", c.fail(s)
	}
	if strings.IndexByte(s, 0) >= 0 {
		return "", &MungeError{Msg: "path name contains null byte"}
	}
	if c.Clean {
		return cleanPath(s), nil
	}
	return s, nil
}

func (c AbsPathCheck) fail(v catalog.Value) error {
	if strings.Contains(c.Msg, "%s") {
		s, ok := v.(string)
		if !ok {
			s = Inspect(v)
		}
		return fmt.Errorf(c.Msg, s)
	}
	return errors.New(c.Msg)
}

func (c AbsPathCheck) Describe() string { return "an absolute path" }

// cleanPath is filepath.Clean without its allocation when p is clean.
func cleanPath(p string) string {
	if p == "/" || (!strings.HasSuffix(p, "/") && !strings.Contains(p, "//") && !strings.Contains(p, "/./") && !strings.Contains(p, "/../") && !strings.HasSuffix(p, "/.") && !strings.HasSuffix(p, "/..")) {
		return p
	}
	return filepath.Clean(p)
}

// stringCheck accepts strings only.
type stringCheck struct{ munging bool }

// StringOnly accepts strings; anything else fails as Ruby's implicit
// conversion does ("no implicit conversion of Integer into String"), in
// Puppet's munge step.
func StringOnly() Check { return stringCheck{munging: true} }

func (c stringCheck) Munge(v catalog.Value) (catalog.Value, error) {
	if _, ok := v.(string); ok {
		return v, nil
	}
	if r, ok := v.(*catalog.Rich); ok && r.PType == "Binary" {
		return v, nil
	}
	cls := RubyClass(v)
	switch v {
	case true:
		cls = "true"
	case false:
		cls = "false"
	case nil:
		cls = "nil"
	}
	return nil, &MungeError{Msg: "no implicit conversion of " + cls + " into String"}
}

func (stringCheck) Describe() string { return "a string" }

// MungeString accepts every string.
func (stringCheck) MungeString(s string) (string, error) { return s, nil }

// arrayCheck checks each element of a list (a single value is a list of
// one); munged to the list.
type arrayCheck struct{ elem Check }

// ArrayOf checks each element of a list value with elem. The value stays
// a list; a single value is checked as it is.
func ArrayOf(elem Check) Check { return arrayCheck{elem: elem} }

func (c arrayCheck) Munge(v catalog.Value) (catalog.Value, error) {
	l, ok := v.([]catalog.Value)
	if !ok {
		return c.elem.Munge(v)
	}
	var out []catalog.Value
	for i, e := range l {
		m, err := c.elem.Munge(Unsensitive(e))
		if err != nil {
			return nil, err
		}
		if out == nil && !sameValue(m, e) {
			out = make([]catalog.Value, len(l))
			copy(out, l[:i])
		}
		if out != nil {
			out[i] = m
		}
	}
	if out != nil {
		return out, nil
	}
	return v, nil
}

func (c arrayCheck) Describe() string { return c.elem.Describe() + ", or a list of them" }

// ModeCheck accepts a file mode: a string of octal digits or a symbolic
// mode (u+rwx,g-w); munged to the string.
type ModeCheck struct{}

var symbolicMode = lazyre.New(`^([ugoa]*[-=+][-=+rstwxXugo]*)(,[ugoa]*[-=+][-=+rstwxXugo]*)*$`)

// isNumericMode reports whether s is an octal mode, /^0?[0-7]{1,4}$/: one
// to four octal digits, with a leading 0 before four. Every file of a
// catalog has its mode checked; this is the common case.
func isNumericMode(s string) bool {
	if len(s) == 0 || len(s) > 5 || (len(s) == 5 && s[0] != '0') {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '7' {
			return false
		}
	}
	return true
}

func (ModeCheck) Munge(v catalog.Value) (catalog.Value, error) {
	s, ok := v.(string)
	if !ok {
		return nil, fmt.Errorf("The file mode specification must be a string, not '%s'", RubyClass(v))
	}
	if !isNumericMode(s) && !symbolicMode.MatchString(s) {
		return nil, fmt.Errorf("The file mode specification is invalid: %s", Inspect(s))
	}
	return v, nil
}

func (ModeCheck) Describe() string { return "an octal (0644) or symbolic (u=rw,go=r) mode" }

// references checks the relationship metaparameters: each value a
// reference, Type[title].
var references = CheckFunc("references, Type[title]", checkReferences)

func checkReferences(v catalog.Value) (catalog.Value, error) {
	switch x := v.(type) {
	case string:
		if _, ok := catalog.ParseRef(x); !ok {
			return nil, fmt.Errorf("No title provided and %s is not a valid resource reference", Inspect(x))
		}
	case []catalog.Value:
		for _, e := range x {
			if _, err := checkReferences(e); err != nil {
				return nil, err
			}
		}
	}
	return v, nil
}

// tags checks the tag metaparameter: each tag, lowercased, a word
// character followed by word characters, '-', '.' or ':'.
var tags = CheckFunc("tags: letters, digits, _, then also - . :", func(v catalog.Value) (catalog.Value, error) {
	for _, t := range catalog.Strings(v) {
		if err := CheckTag(t); err != nil {
			return nil, &locatedError{err.Error()}
		}
	}
	return v, nil
})

var tagRE = lazyre.New(`^[\p{L}\p{M}\p{Nd}\p{Pc}][-.:\p{L}\p{M}\p{Nd}\p{Pc}]*$`)

// CheckTag returns Puppet's error for a tag it refuses ("Invalid tag
// 'odd tag'"), checked as Puppet does, lowercased.
func CheckTag(t string) error {
	t = strings.ToLower(t)
	if tagRE.MatchString(t) {
		return nil
	}
	return fmt.Errorf("Invalid tag '%s'", t)
}

// locatedError is a check error Puppet raises with the resource's
// location in it, before the parameter's wrapper adds the location again
// (Invalid tag 'x' (file: f, line: 1) (file: f, line: 1)).
type locatedError struct{ msg string }

func (e *locatedError) Error() string { return e.msg }

// Metaparams returns the metaparameters every type accepts.
func Metaparams() []Attr {
	any := func(name, doc string) Attr { return Attr{Name: name, Kind: KindMeta, Doc: doc} }
	return []Attr{
		any("alias", "Other titles the resource can be referred to by."),
		any("audit", "Properties whose values are recorded in the state file each run, with a notice when they changed since: all, or a list of property names."),
		{Name: "before", Kind: KindMeta, Doc: "Resources applied after this one.", Check: references},
		{Name: "loglevel", Kind: KindMeta, Doc: "The level the resource's messages are logged at.", Default: "notice",
			Check: &EnumCheck{Values: []string{"debug", "info", "notice", "warning", "err", "alert", "emerg", "crit", "verbose"}}},
		{Name: "noop", Kind: KindMeta, Doc: "Report what would change without changing it.", Check: Boolean()},
		{Name: "notify", Kind: KindMeta, Doc: "Resources applied after this one and refreshed when it changes.", Check: references},
		{Name: "require", Kind: KindMeta, Doc: "Resources applied before this one.", Check: references},
		any("schedule", "The schedule that limits when the resource is applied."),
		any("stage", "The run stage the resource belongs to."),
		{Name: "subscribe", Kind: KindMeta, Doc: "Resources applied before this one whose changes refresh it.", Check: references},
		{Name: "tag", Kind: KindMeta, Doc: "Extra tags for the resource.", Check: tags},
	}
}

var metaparams = func() map[string]bool {
	m := map[string]bool{}
	for _, a := range Metaparams() {
		m[a.Name] = true
	}
	return m
}()

// IsMetaparam reports whether name is a metaparameter.
func IsMetaparam(name string) bool { return metaparams[name] }
