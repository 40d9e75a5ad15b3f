package postgresql

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
)

// ConfType is postgresql_conf.
type ConfType struct {
	schema *resource.Schema
	now    func() time.Time
}

var (
	confKey    = lazyre.New(`^[\w.]+$`)
	confTarget = lazyre.New(`^/\S+[a-z0-9(/)-]*\w+.conf$`)
	confValue  = lazyre.New(`^(\S.*)?$`)
	// setting is a line that sets a parameter, as the module reads it:
	// the key, an optional =, the value, an optional # comment.
	setting      = lazyre.New(`^\s*([\w.]+)\s*=?\s*(.*?)(?:\s*#\s*(.*))?\s*$`)
	header       = lazyre.New(`^# HEADER:`)
	noQuote      = lazyre.New(`^(\d+.?\d+|\w+)$`)
	includeKey   = lazyre.New(`(?i)^(include|include_if_exists)$`)
	rubyInteger  = lazyre.New(`^(0|-?[1-9][0-9]*)$`)
	rubyDecimal  = lazyre.New(`^-?(0|[1-9][0-9]*)\.[0-9]+$`)
	errManyItems = errors.New("found multiple config items")
)

func matching(re *lazyre.Regexp, pattern string) resource.Check {
	return resource.CheckFunc("a value matching /"+pattern+"/", func(v catalog.Value) (catalog.Value, error) {
		if !re.MatchString(catalog.Scalar(v)) {
			// Shown as Ruby shows a regular expression: slashes escaped.
			return nil, fmt.Errorf("Invalid value %s. Valid values match /%s/.", resource.Inspect(v), strings.ReplaceAll(pattern, "/", `\/`))
		}
		return v, nil
	})
}

// NewConfType returns postgresql_conf; now gives the time written in the
// header (time.Now when nil).
func NewConfType(now func() time.Time) *ConfType {
	if now == nil {
		now = time.Now
	}
	return &ConfType{now: now, schema: resource.NewSchema(resource.Schema{
		Name: "postgresql_conf",
		Doc:  "One parameter of a postgresql.conf file: its value and comment, or its absence (puppetlabs-postgresql).",
		Attrs: []resource.Attr{
			{Name: "ensure", Kind: resource.KindProperty, Doc: "Whether the parameter is set in the file.", Check: resource.Enum("present", "absent")},
			{Name: "name", Namevar: true, Doc: "A unique title.", Check: matching(confKey, `^[\w.]+$`)},
			{Name: "key", DefaultFrom: []string{"name"}, Doc: "The parameter (the name when not set).", Check: matching(confKey, `^[\w.]+$`)},
			{Name: "value", Kind: resource.KindProperty, Doc: "The parameter's value.", Check: resource.CheckFunc("a value", mungeValue)},
			{Name: "comment", Kind: resource.KindProperty, Doc: "The comment after the value.", Check: matching(lazyre.New(`^[\w\W]+$`), `^[\w\W]+$`)},
			{Name: "target", Doc: "The postgresql.conf file.", Check: matching(confTarget, `^/\S+[a-z0-9(/)-]*\w+.conf$`)},
		},
		Providers: []resource.Provider{{Name: "ruby", Default: true, Doc: "Rewrites the file line by line."}},
	})}
}

// mungeValue checks a value and makes a string that reads as an integer
// or a decimal number that number, as the module's type does.
func mungeValue(v catalog.Value) (catalog.Value, error) {
	s := catalog.Scalar(v)
	if !confValue.MatchString(s) {
		return nil, fmt.Errorf("Invalid value %s. Valid values match /^(\\S.*)?$/.", resource.Inspect(v))
	}
	if str, ok := v.(string); ok {
		return number(str), nil
	}
	return v, nil
}

// number is s as an integer or a float when Ruby's to_i or to_f gives it
// back unchanged, else s.
func number(s string) catalog.Value {
	if rubyInteger.MatchString(s) {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil {
			return n
		}
	}
	if rubyDecimal.MatchString(s) {
		if f, err := strconv.ParseFloat(s, 64); err == nil && rubyFloat(f) == s {
			return f
		}
	}
	return s
}

// rubyFloat is how Ruby shows a float between 1e-4 and 1e16 (the only
// ones a plain decimal string gives back): its shortest digits, and at
// least one after the point.
func rubyFloat(f float64) string {
	abs := f
	if abs < 0 {
		abs = -abs
	}
	if abs != 0 && (abs < 1e-4 || abs >= 1e16) {
		return strconv.FormatFloat(f, 'e', -1, 64)
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

// Schema returns postgresql_conf's schema.
func (t *ConfType) Schema() *resource.Schema { return t.schema }

// New returns the instance that manages v's parameter.
func (t *ConfType) New(v resource.Values) (resource.Instance, error) {
	e := &conf{t: t, key: v.String("key"), target: v.String("target")}
	if e.key == "" {
		e.key = v.String("name")
	}
	if e.target == "" {
		return nil, errors.New("target is required: the postgresql.conf file to change")
	}
	if x, ok := v.Lookup("value"); ok {
		e.value = x
	}
	if x, ok := v.Lookup("comment"); ok {
		s := catalog.Scalar(x)
		e.comment = &s
	}
	e.managed = v.Has("ensure") || v.Has("value") || v.Has("comment")
	e.present = !v.Has("ensure") || v.String("ensure") == "present"
	return e, nil
}

type conf struct {
	t                *ConfType
	key, target      string
	value            catalog.Value // nil when not managed
	comment          *string
	managed, present bool

	found *entry
}

// entry is a line that sets the parameter.
type entry struct {
	value   catalog.Value
	comment *string
}

// ExclusiveKey makes resources of one file apply one at a time.
func (e *conf) ExclusiveKey() string { return "postgresql_conf:" + e.target }

// parse splits a line as the module does; ok is false for a line that
// sets nothing (blank, or a comment).
func parse(line string) (key, value string, comment *string, ok bool) {
	m := setting.FindStringSubmatchIndex(strings.TrimSuffix(line, "\n"))
	if m == nil {
		return "", "", nil, false
	}
	line = strings.TrimSuffix(line, "\n")
	key, value = line[m[2]:m[3]], line[m[4]:m[5]]
	if m[6] >= 0 {
		c := line[m[6]:m[7]]
		comment = &c
	}
	return key, value, comment, true
}

// sameKey reports whether a key in the file is the parameter's: the
// server reads parameter names in any case, and the lines written are
// in lower case.
func sameKey(a, b string) bool { return strings.EqualFold(a, b) }

func (e *conf) readLines() ([]string, error) {
	data, err := os.ReadFile(e.target)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) && errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("No such file or directory @ rb_sysopen - %s", e.target)
		}
		return nil, err
	}
	return strings.SplitAfter(string(data), "\n"), nil
}

func (e *conf) Retrieve(_ context.Context, _ *resource.Handle) error {
	e.found = nil
	lines, err := e.readLines()
	if err != nil {
		return err
	}
	var found []entry
	for _, line := range lines {
		key, value, comment, ok := parse(line)
		if !ok || !sameKey(key, e.key) {
			continue
		}
		var v catalog.Value = strings.ReplaceAll(value, "'", "")
		if n := number(value); n != catalog.Value(value) {
			v = n
		}
		found = append(found, entry{value: v, comment: comment})
	}
	if len(found) > 1 {
		return fmt.Errorf("%w of %s, please fix this", errManyItems, e.key)
	}
	if len(found) == 1 {
		e.found = &found[0]
	}
	return nil
}

func (e *conf) Exists() bool { return e.found != nil }

func (e *conf) Properties() []resource.Property {
	var props []resource.Property
	if e.managed {
		props = append(props, &ensure{typ: "postgresql_conf", want: e.present, exists: e.Exists, create: e.create, destroy: e.destroy})
	}
	if e.found == nil || !e.present {
		return props
	}
	if e.value != nil {
		props = append(props, &prop{name: "value", cur: e.found.value, want: e.value,
			inSync: sameValue(e.found.value, e.value), sync: e.setValue})
	}
	if e.comment != nil {
		var cur catalog.Value
		if e.found.comment != nil {
			cur = *e.found.comment
		}
		props = append(props, &prop{name: "comment", cur: cur, want: *e.comment,
			inSync: cur != nil && cur == catalog.Value(*e.comment), sync: e.setComment})
	}
	return props
}

// line is the line that sets the parameter: the key in lower case, " =
// " (a space alone for include and include_if_exists), the value, in
// single quotes unless it is a number or a word, and " # comment".
func (e *conf) line() string {
	value := ""
	if e.value != nil {
		value = catalog.Scalar(e.value)
		if f, ok := e.value.(float64); ok {
			value = rubyFloat(f)
		}
	}
	include := includeKey.MatchString(e.key)
	var b strings.Builder
	b.WriteString(strings.ToLower(e.key))
	if include {
		b.WriteString(" ")
	} else {
		b.WriteString(" = ")
	}
	quote := !noQuote.MatchString(value) || include
	if quote {
		b.WriteString("'")
	}
	b.WriteString(value)
	if quote {
		b.WriteString("'")
	}
	if e.comment != nil {
		b.WriteString(" # " + *e.comment)
	}
	b.WriteString("\n")
	return b.String()
}

// write writes lines back under the header the module writes, any
// earlier header taken out.
func (e *conf) write(lines []string) error {
	stamp := e.t.now().Format("2006-01-02 15:04:05 -0700")
	out := []string{
		"# HEADER: This file was autogenerated at " + stamp + "\n",
		"# HEADER: by puppet.  While it can still be managed manually, it\n",
		"# HEADER: is definitely not recommended.\n",
	}
	for _, l := range lines {
		if !header.MatchString(l) && l != "" {
			out = append(out, l)
		}
	}
	// As Ruby's File.write: an existing file keeps its mode.
	return os.WriteFile(e.target, []byte(strings.Join(out, "")), 0o644)
}

// create adds the line at the end of the file (after a line break when
// the file does not end with one).
func (e *conf) create(_ context.Context, _ *resource.Handle) error {
	if e.value == nil {
		return errors.New("value is required to add a parameter")
	}
	lines, err := e.readLines()
	if err != nil {
		return err
	}
	if n := len(lines); n > 0 && lines[n-1] != "" {
		lines[n-1] += "\n"
	}
	if err := e.write(append(lines, e.line())); err != nil {
		return err
	}
	e.found = &entry{value: e.value, comment: e.comment}
	return nil
}

// destroy takes out every line that sets the parameter with an =.
func (e *conf) destroy(_ context.Context, _ *resource.Handle) error {
	lines, err := e.readLines()
	if err != nil {
		return err
	}
	re, err := regexp.Compile(`(?i)^\s*` + regexp.QuoteMeta(e.key) + `\s*=`)
	if err != nil {
		return err
	}
	var kept []string
	for _, l := range lines {
		if !re.MatchString(l) {
			kept = append(kept, l)
		}
	}
	if err := e.write(kept); err != nil {
		return err
	}
	e.found = nil
	return nil
}

// replace rewrites the lines that set the parameter and whose part
// differs (differ says so), as the module's value= and comment= do.
func (e *conf) replace(differ func(value string, comment *string) bool) error {
	lines, err := e.readLines()
	if err != nil {
		return err
	}
	for i, l := range lines {
		key, value, comment, ok := parse(l)
		if !ok || !sameKey(key, e.key) || !differ(value, comment) {
			continue
		}
		if e.value == nil {
			// Only the comment is managed: the value stays as written.
			lines[i] = strings.ToLower(e.key) + " = " + value + " # " + *e.comment + "\n"
			continue
		}
		lines[i] = e.line()
	}
	return e.write(lines)
}

func (e *conf) setValue(_ context.Context, _ *resource.Handle) error {
	return e.replace(func(value string, _ *string) bool { return e.value != catalog.Value(value) })
}

func (e *conf) setComment(_ context.Context, _ *resource.Handle) error {
	return e.replace(func(_ string, comment *string) bool { return comment == nil || *comment != *e.comment })
}
