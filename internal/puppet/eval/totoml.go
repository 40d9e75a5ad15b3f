package eval

import (
	"sort"
	"strings"

	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/puppet/erb/ruby"
)

// fnToTOML is stdlib's to_toml: a hash as TOML, written as stdlib's
// TomlDumper writes it: at each level the keys sorted, plain values
// first, then tables, then arrays of tables; values as Ruby inspects
// them. A hash holding Sensitive values gives a Sensitive string.
func fnToTOML(k *call) (Value, error) {
	if err := k.argc(1, 1); err != nil {
		return nil, err
	}
	sensitive := false
	data := unwrapSensitiveDeep(k.args[0], &sensitive)
	h, ok := data.(*Hash)
	if !ok {
		return nil, failf("'%s' parameter 'data' expects a Hash value, got %s", k.name, inferredTypeName(k.args[0]))
	}
	var b strings.Builder
	if err := tomlVisit(&b, h, nil, false); err != nil {
		return nil, err
	}
	if sensitive {
		return &Sensitive{V: b.String()}, nil
	}
	return b.String(), nil
}

func unwrapSensitiveDeep(v Value, found *bool) Value {
	switch x := v.(type) {
	case *Sensitive:
		*found = true
		return unwrapSensitiveDeep(x.V, found)
	case []Value:
		out := make([]Value, len(x))
		for i, e := range x {
			out[i] = unwrapSensitiveDeep(e, found)
		}
		return out
	case *Hash:
		out := NewHash()
		for i, key := range x.keys {
			out.Set(key, unwrapSensitiveDeep(x.vals[i], found))
		}
		return out
	}
	return v
}

type tomlPair struct {
	key string
	val Value
}

func tomlSort(h *Hash) (simple, nested, tables []tomlPair, err error) {
	keys := make([]string, 0, h.Len())
	vals := map[string]Value{}
	for i, key := range h.keys {
		s, ok := key.(string)
		if !ok {
			return nil, nil, nil, failf("comparison of String with %s failed", rubyClassOf(key))
		}
		keys = append(keys, s)
		vals[s] = h.vals[i]
	}
	sort.Strings(keys)
	for _, key := range keys {
		p := tomlPair{key, vals[key]}
		switch x := p.val.(type) {
		case *Hash:
			nested = append(nested, p)
		case []Value:
			if len(x) > 0 {
				if _, ok := x[0].(*Hash); ok {
					tables = append(tables, p)
					continue
				}
			}
			simple = append(simple, p)
		default:
			simple = append(simple, p)
		}
	}
	return simple, nested, tables, nil
}

var tomlBareKey = lazyre.New(`(?m)^[a-zA-Z0-9_-]*$`)

func tomlKey(k string) string {
	if tomlBareKey.MatchString(k) {
		return k
	}
	return `"` + strings.ReplaceAll(k, `"`, `\"`) + `"`
}

func tomlVisit(b *strings.Builder, h *Hash, prefix []string, extra bool) error {
	simple, nested, tables, err := tomlSort(h)
	if err != nil {
		return err
	}
	if len(prefix) > 0 && (len(simple) > 0 || h.Len() == 0) {
		tomlPrefix(b, prefix, extra)
	}
	return tomlPairs(b, simple, nested, tables, prefix)
}

func tomlPrefix(b *strings.Builder, prefix []string, extra bool) {
	p := strings.Join(prefix, ".")
	if extra {
		p = "[" + p + "]"
	}
	b.WriteString("[" + p + "]\n")
}

func tomlPairs(b *strings.Builder, simple, nested, tables []tomlPair, prefix []string) error {
	for _, p := range simple {
		v, err := tomlValue(p.val)
		if err != nil {
			return err
		}
		b.WriteString(tomlKey(p.key) + " = " + v + "\n")
	}
	for _, p := range nested {
		if err := tomlVisit(b, p.val.(*Hash), append(append([]string(nil), prefix...), tomlKey(p.key)), false); err != nil {
			return err
		}
	}
	for _, p := range tables {
		sub := append(append([]string(nil), prefix...), tomlKey(p.key))
		for _, child := range p.val.([]Value) {
			tomlPrefix(b, sub, true)
			ch, ok := child.(*Hash)
			if !ok {
				return failf("undefined method `keys' for %s", rubyInspectValue(child))
			}
			s, n, t, err := tomlSort(ch)
			if err != nil {
				return err
			}
			if err := tomlPairs(b, s, n, t, sub); err != nil {
				return err
			}
		}
	}
	return nil
}

var tomlUnescape = lazyre.New(`\\(#[$@{])`)

// tomlValue is Ruby's inspect of a value, with a string's escaped "#{",
// "#$" and "#@" unescaped again.
func tomlValue(v Value) (string, error) {
	if s, ok := v.(string); ok {
		return tomlUnescape.ReplaceAllString(ruby.Inspect(ruby.Str(s)), "$1"), nil
	}
	return rubyInspectValue(v), nil
}

// rubyInspectValue is Ruby 3.1's inspect of a Puppet value.
func rubyInspectValue(v Value) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case string:
		return ruby.Inspect(ruby.Str(x))
	case int64, float64, bool:
		return rubyNumberToS(x)
	case []Value:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = rubyInspectValue(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case *Hash:
		parts := make([]string, len(x.keys))
		for i, key := range x.keys {
			parts[i] = rubyInspectValue(key) + "=>" + rubyInspectValue(x.vals[i])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case Default:
		return ":default"
	case *Regexp:
		return "/" + x.Src + "/"
	case *Sensitive:
		return "#<Sensitive [value redacted]>"
	}
	return ToS(v)
}
