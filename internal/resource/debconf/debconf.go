// Package debconf implements stm-debconf's debconf type: one question of
// the debconf database, its value and its seen flag set with
// debconf-set-selections, read and removed with debconf-communicate, as
// the module's debian provider does.
package debconf

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
)

// The debconf tools the provider runs, by the paths the module names.
const (
	communicate   = "/usr/bin/debconf-communicate"
	setSelections = "/usr/bin/debconf-set-selections"
)

// Type is the debconf resource type.
type Type struct{}

var (
	itemPattern    = lazyre.New(`^[a-z0-9][a-z0-9:.+-]+/[a-zA-Z0-9/_.+-]+$`)
	packagePattern = lazyre.New(`^[a-z0-9][a-z0-9:.+-]+$`)
)

var schema = resource.NewSchema(resource.Schema{
	Name: "debconf",
	Doc:  "A question of the debconf database: its value and seen flag, or its absence (stm-debconf).",
	Attrs: []resource.Attr{
		{Name: "ensure", Kind: resource.KindProperty, Default: "present", Doc: "Whether the question is in the database.", Check: resource.Enum("present", "absent")},
		{Name: "name", Namevar: true, Doc: "The resource's name; the item unless item is set."},
		{Name: "item", DefaultFrom: []string{"name"}, Doc: "The question: the package, a slash and its name (tzdata/Areas).", Check: &resource.EnumCheck{Patterns: []resource.Pattern{itemPattern}}},
		{Name: "package", Doc: "The package the question belongs to (default: the item up to its first slash).", Check: &resource.EnumCheck{Patterns: []resource.Pattern{packagePattern}}},
		{Name: "type", Doc: "The question's type.", Check: resource.Enum("string", "boolean", "select", "multiselect", "note", "text", "password", "title")},
		{Name: "value", Kind: resource.KindProperty, Doc: "The answer (white space around it is removed).", Check: resource.CheckFunc("a string", mungeValue)},
		{Name: "seen", Kind: resource.KindProperty, Doc: "The seen flag: true or false.", Check: resource.CheckFunc("true or false", mungeSeen)},
	},
	Providers: []resource.Provider{{Name: "debian", Default: true, Doc: "Runs debconf-communicate and debconf-set-selections.", Confine: resource.Confine{Commands: []string{communicate, setSelections}},
		Unlisted: "Listing debconf instances is not supported."}},
	Validate: func(v resource.Values) error {
		if !v.Has("item") && !itemPattern.MatchString(v.String("name")) {
			// The item defaults to the name, and the default is checked
			// too; Puppet's message then names neither.
			msg := fmt.Sprintf("Invalid value %s. Valid values match /%s/.", resource.Inspect(v.String("name")), strings.ReplaceAll(itemPattern.String(), "/", `\/`))
			return resource.BareParamError(v.Ref(), "item", msg)
		}
		if !v.Has("type") && v.String("ensure") != "absent" {
			return errors.New("type is a required attribute")
		}
		return nil
	},
})

// mungeValue strips the white space around a value. The module's munge
// calls String#strip, which a boolean or a number does not have: the
// catalog is refused with Ruby's message.
func mungeValue(v catalog.Value) (catalog.Value, error) {
	s, ok := v.(string)
	if !ok {
		class := "Integer"
		switch v.(type) {
		case bool:
			class = fmt.Sprintf("%sClass", strings.ToUpper(catalog.Scalar(v)[:1])+catalog.Scalar(v)[1:])
		case float64:
			class = "Float"
		case []catalog.Value:
			class = "Array"
		case *catalog.Hash:
			class = "Hash"
		}
		return nil, &resource.MungeError{Msg: fmt.Sprintf("undefined method `strip' for %s:%s", resource.Inspect(v), class)}
	}
	return strings.TrimSpace(s), nil
}

func mungeSeen(v catalog.Value) (catalog.Value, error) {
	switch v {
	case true, "true":
		return "true", nil
	case false, "false":
		return "false", nil
	}
	return nil, errors.New("munge_boolean only takes booleans")
}

// Schema returns debconf's schema.
func (Type) Schema() *resource.Schema { return schema }

// New returns the instance that manages the question v describes.
func (Type) New(v resource.Values) (resource.Instance, error) {
	d := &instance{present: v.String("ensure") != "absent", typ: v.String("type")}
	d.item = v.String("name")
	if v.Has("item") {
		d.item = v.String("item")
	}
	d.pkg, _, _ = strings.Cut(d.item, "/")
	if v.Has("package") {
		d.pkg = v.String("package")
	}
	d.value, d.hasValue = v.String("value"), v.Has("value")
	d.seen, d.hasSeen = v.String("seen"), v.Has("seen")
	return d, nil
}

// instance manages one question.
type instance struct {
	present         bool
	item, pkg, typ  string
	value, seen     string
	hasValue        bool
	hasSeen         bool
	exists          bool
	curValue        string
	curSeen         bool
	valueSet        bool // the value changes: the new one is written
	removed, create bool
}

// response is one line debconf-communicate answers: a code and a text.
var response = lazyre.New(`^([0-9]+)\s*(.*?)\s*$`)

// talk sends commands to debconf-communicate for the question's package
// and returns its answers, one per command.
func (d *instance) talk(ctx context.Context, h *resource.Handle, commands ...string) ([][2]string, error) {
	var in strings.Builder
	for _, c := range commands {
		in.WriteString(c + "\n")
	}
	res, err := h.Runner.Run(ctx, resource.Command{Argv: []string{communicate, d.pkg}, Stdin: []byte(in.String()), SplitStderr: true})
	if err != nil {
		return nil, err
	}
	var out [][2]string
	sc := bufio.NewScanner(strings.NewReader(string(res.Output)))
	for sc.Scan() && len(out) < len(commands) {
		m := response.FindStringSubmatch(sc.Text())
		if m == nil {
			return nil, fmt.Errorf("Debconf: debconf-communicate returned (%s\n)", sc.Text())
		}
		out = append(out, [2]string{m[1], m[2]})
	}
	if len(out) < len(commands) {
		return nil, errors.New("Debconf: debconf-communicate unexpectedly closed pipe")
	}
	return out, nil
}

// Retrieve reads the question's value and seen flag, as the module's
// fetch does.
func (d *instance) Retrieve(ctx context.Context, h *resource.Handle) error {
	got, err := d.talk(ctx, h, "GET "+d.item, "FGET "+d.item+" seen")
	if err != nil {
		return err
	}
	switch code, _ := strconv.Atoi(got[0][0]); code {
	case 0:
		d.exists, d.curValue = true, got[0][1]
	case 10:
		d.exists = false
		return nil
	default:
		return fmt.Errorf("Debconf: 'GET %s' returned %d: %s", d.item, code, got[0][1])
	}
	switch code, _ := strconv.Atoi(got[1][0]); code {
	case 0:
		d.curSeen = got[1][1] == "true"
	case 10:
		d.curSeen = false
	default:
		return fmt.Errorf("Debconf: 'FGET %s seen' returned %d: %s", d.item, code, got[1][1])
	}
	return nil
}

// Exists reports whether the question is in the database.
func (d *instance) Exists() bool { return d.exists }

// Properties lists ensure, value and seen.
func (d *instance) Properties() []resource.Property {
	ps := []resource.Property{d.ensure()}
	if d.hasValue {
		ps = append(ps, (*valueProp)(d))
	}
	if d.hasSeen {
		ps = append(ps, (*seenProp)(d))
	}
	return ps
}

// Flush writes a changed value or seen flag with debconf-set-selections.
func (d *instance) Flush(ctx context.Context, h *resource.Handle) error {
	if h.Noop || d.create || d.removed {
		return nil // ensure's change has written everything
	}
	return d.write(ctx, h)
}

// write stores the value (with the type) and the seen flag with
// debconf-set-selections, as the module's flush does. A question that
// exists keeps its value when the resource does not manage it (the
// module would write it empty).
func (d *instance) write(ctx context.Context, h *resource.Handle) error {
	var in strings.Builder
	value, hasValue := d.curValue, d.exists
	if d.create || d.valueSet {
		value, hasValue = d.value, d.hasValue
	}
	if hasValue {
		fmt.Fprintf(&in, "%s %s %s %s\n", d.pkg, d.item, d.typ, value)
	}
	if d.hasSeen {
		fmt.Fprintf(&in, "%s %s seen %s\n", d.pkg, d.item, d.seen)
	}
	if in.Len() == 0 {
		return nil
	}
	res, err := h.Runner.Run(ctx, resource.Command{Argv: []string{setSelections}, Stdin: []byte(in.String())})
	if err != nil {
		return err
	}
	if res.ExitCode != 0 {
		return fmt.Errorf("Debconf: debconf-set-selections returned %d: %s", res.ExitCode, strings.TrimSpace(string(res.Output)))
	}
	return nil
}

// unregister removes the question with debconf-communicate.
func (d *instance) unregister(ctx context.Context, h *resource.Handle) error {
	got, err := d.talk(ctx, h, "UNREGISTER "+d.item)
	if err != nil {
		return err
	}
	if got[0][0] != "0" {
		return fmt.Errorf("Debconf: 'UNREGISTER %s' returned %s: %s", d.item, got[0][0], got[0][1])
	}
	return nil
}

// ensure is the question's ensure property: present writes it with
// debconf-set-selections, absent unregisters it.
func (d *instance) ensure() *resource.Presence {
	return &resource.Presence{
		Type:   "debconf",
		Want:   d.present,
		Exists: d.Exists,
		Create: func(ctx context.Context, h *resource.Handle) error {
			d.create = true
			return d.write(ctx, h)
		},
		Remove: func(ctx context.Context, h *resource.Handle) error {
			d.removed = true
			return d.unregister(ctx, h)
		},
	}
}

type valueProp instance

func (p *valueProp) Name() string           { return "value" }
func (p *valueProp) Current() catalog.Value { return p.curValue }
func (p *valueProp) Desired() catalog.Value { return p.value }
func (p *valueProp) InSync() bool           { return p.curValue == p.value }
func (p *valueProp) Sync(ctx context.Context, h *resource.Handle) error {
	p.valueSet = true
	return nil
}
func (p *valueProp) Message() string {
	return fmt.Sprintf("value changed %s to %s", catalog.Format(p.curValue), catalog.Format(p.value))
}
func (p *valueProp) Event() string { return "value_changed" }

type seenProp instance

func (p *seenProp) Name() string { return "seen" }
func (p *seenProp) Current() catalog.Value {
	return strconv.FormatBool(p.curSeen)
}
func (p *seenProp) Desired() catalog.Value { return p.seen }
func (p *seenProp) InSync() bool           { return strconv.FormatBool(p.curSeen) == p.seen }
func (p *seenProp) Sync(ctx context.Context, h *resource.Handle) error {
	return nil
}
func (p *seenProp) Message() string {
	return fmt.Sprintf("seen changed %s to %s", catalog.Format(p.Current()), catalog.Format(p.seen))
}
func (p *seenProp) Event() string { return "seen_changed" }
