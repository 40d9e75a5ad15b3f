package eval

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
)

// Value is a Puppet value during evaluation: nil (undef), Default, string,
// int64, float64, bool, []Value, *Hash, *Regexp, *Type (a data type),
// Ref (a resource or class reference, or a resource type when Title is
// empty) and *Sensitive.
type Value = any

// Default is the value of the keyword default.
type Default struct{}

// Regexp is a regular expression value: /src/.
type Regexp struct {
	Src string
	Re  *rx
}

// Sensitive wraps a value that must not be shown.
type Sensitive struct{ V Value }

// Ref is a resource reference such as Notify[x] or Class[Foo], or with an
// empty Title a resource type (Notify, Class).
type Ref struct {
	Type  string // canonical: Notify, Foo::Bar, Class
	Title string
	// EmptyTitle marks a reference with the title '' (Foo['']), which
	// names no resource, unlike the type reference Foo.
	EmptyTitle bool
}

func (r Ref) String() string {
	if r.Title == "" {
		return r.Type
	}
	return r.Type + "[" + r.Title + "]"
}

// Iterator is what reverse_each and step return without a block: the
// values they would walk, which functions receive as an array, and which
// Puppet shows as "Iterator[T]-Value".
type Iterator struct {
	Elems []Value
	// Elem is the type Puppet infers for the elements from what the
	// iterator walks (Integer[0, 2] for 3.reverse_each); nil when only
	// the elements tell.
	Elem *Type
}

// generalElem is the generalized type of the iterator's elements.
func (x *Iterator) generalElem() *Type {
	elem := generalizedType(x.Elems).Params[0].(*Type)
	switch elem.Name {
	case "Unit":
		elem = &Type{Name: "Any"}
	case "String":
		elem = &Type{Name: "String"} // without the lengths
	}
	return elem
}

// inferred is the type Puppet's type() gives the iterator.
func (x *Iterator) inferred() *Type {
	if x.Elem != nil {
		return &Type{Name: "Iterator", Params: []Value{x.Elem}}
	}
	return &Type{Name: "Iterator", Params: []Value{x.generalElem()}}
}

// iteratorElem is the element type Puppet infers for an iterator over
// src, or nil when ordo leaves it to the elements.
func iteratorElem(src Value) *Type {
	variant := func(vs []Value) *Type {
		var types []Value
		seen := map[string]bool{}
		for _, v := range vs {
			t, _ := inferType(v).(*Type)
			if !seen[t.String()] {
				seen[t.String()] = true
				types = append(types, t)
			}
		}
		if len(types) == 1 {
			return types[0].(*Type)
		}
		return &Type{Name: "Variant", Params: types}
	}
	switch x := src.(type) {
	case []Value:
		if len(x) > 0 {
			return variant(x)
		}
	case int64:
		if x > 0 {
			return &Type{Name: "Integer", Params: []Value{int64(0), x - 1}}
		}
	case *Type:
		if x.Name == "Integer" && len(x.Params) == 2 {
			return x
		}
	case *Hash:
		if x.Len() == 0 {
			return nil
		}
		for _, k := range x.keys {
			if _, ok := k.(string); !ok {
				return nil
			}
		}
		return &Type{Name: "Tuple", Params: []Value{&Type{Name: "String"}, variant(x.vals), int64(2), int64(2)}}
	}
	return nil
}

// Hash is an insertion-ordered map from values to values.
type Hash struct {
	keys []Value
	vals []Value
	idx  map[string]int
}

// NewHash returns an empty hash.
func NewHash() *Hash { return &Hash{idx: map[string]int{}} }

// Set sets k to v, keeping k's first position.
func (h *Hash) Set(k, v Value) {
	ks := hashKey(k)
	if i, ok := h.idx[ks]; ok {
		h.vals[i] = v
		return
	}
	h.idx[ks] = len(h.keys)
	h.keys = append(h.keys, k)
	h.vals = append(h.vals, v)
}

// Get returns the value at k.
func (h *Hash) Get(k Value) (Value, bool) {
	if i, ok := h.idx[hashKey(k)]; ok {
		return h.vals[i], true
	}
	return nil, false
}

// Delete removes k.
func (h *Hash) Delete(k Value) {
	ks := hashKey(k)
	i, ok := h.idx[ks]
	if !ok {
		return
	}
	h.keys = append(h.keys[:i:i], h.keys[i+1:]...)
	h.vals = append(h.vals[:i:i], h.vals[i+1:]...)
	h.idx = map[string]int{}
	for j, k := range h.keys {
		h.idx[hashKey(k)] = j
	}
}

// Len is the number of entries.
func (h *Hash) Len() int { return len(h.keys) }

// Keys returns the keys in order.
func (h *Hash) Keys() []Value { return h.keys }

// Values returns the values in order.
func (h *Hash) Values() []Value { return h.vals }

// Copy returns a shallow copy.
func (h *Hash) Copy() *Hash {
	n := NewHash()
	for i, k := range h.keys {
		n.Set(k, h.vals[i])
	}
	return n
}

func hashKey(k Value) string {
	switch x := k.(type) {
	case string:
		return "s" + x
	case int64:
		return "i" + strconv.FormatInt(x, 10)
	}
	return fmt.Sprintf("%T:%s", k, Inspect(k))
}

// IsTruthy is Puppet's truth: undef and false are false, all else true.
func IsTruthy(v Value) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	}
	return true
}

// ToS renders v as string interpolation does.
func ToS(v Value) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	}
	return Inspect(v)
}

// Inspect renders v as Puppet's string conversion does: strings bare,
// also inside collections, undef as empty.
func Inspect(v Value) string {
	var b strings.Builder
	inspect(&b, v, false)
	return b.String()
}

// inspectQuoted is Inspect with strings quoted, as inside collections.
func inspectQuoted(v Value) string {
	var b strings.Builder
	inspect(&b, v, true)
	return b.String()
}

func inspect(b *strings.Builder, v Value, quoted bool) {
	switch x := v.(type) {
	case nil:
		if quoted {
			b.WriteString("undef")
		}
	case Default:
		b.WriteString("default")
	case string:
		if quoted {
			b.WriteString(quoteString(x))
		} else {
			b.WriteString(x)
		}
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case float64:
		b.WriteString(formatFloat(x))
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case []Value:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			inspect(b, e, quoted)
		}
		b.WriteByte(']')
	case *Hash:
		b.WriteByte('{')
		for i, k := range x.keys {
			if i > 0 {
				b.WriteString(", ")
			}
			inspect(b, k, quoted)
			b.WriteString(" => ")
			inspect(b, x.vals[i], quoted)
		}
		b.WriteByte('}')
	case *Regexp:
		b.WriteString("/" + x.Src + "/")
	case *Iterator:
		b.WriteString("Iterator[" + x.generalElem().String() + "]-Value")
	case Ref:
		if x.Title == "" && !x.EmptyTitle {
			b.WriteString(x.Type)
		} else {
			b.WriteString(x.Type + "[" + quoteString(x.Title) + "]")
		}
	case *Type:
		b.WriteString(x.String())
	case *Sensitive:
		b.WriteString("Sensitive [value redacted]")
	case richValue:
		b.WriteString(x.String())
	default:
		fmt.Fprint(b, v)
	}
}

func quoteString(s string) string { return catalog.PuppetQuote(s) }

// formatFloat writes a Float as Puppet (Ruby's Float#to_s) does: the
// shortest digits that read back the same, in plain notation from 0.0001
// up to below 1e15, else as d.ddde+XX.
// asciiFold lowers ASCII letters only, as Ruby's casecmp compares
// (so 'é' == 'É' is false in Puppet).
func asciiFold(s string) string {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= 'A' && c <= 'Z' {
			b := []byte(s)
			for j := i; j < len(b); j++ {
				if b[j] >= 'A' && b[j] <= 'Z' {
					b[j] += 'a' - 'A'
				}
			}
			return string(b)
		}
	}
	return s
}

func formatFloat(f float64) string {
	if f != 0 && !math.IsInf(f, 0) && !math.IsNaN(f) {
		// the decimal exponent of the first digit
		e := strconv.FormatFloat(f, 'e', -1, 64)
		i := strings.LastIndexByte(e, 'e')
		exp, _ := strconv.Atoi(e[i+1:])
		if exp >= 15 || exp < -4 {
			mant := e[:i]
			if !strings.Contains(mant, ".") {
				mant += ".0"
			}
			sign := "+"
			if exp < 0 {
				sign, exp = "-", -exp
			}
			return fmt.Sprintf("%se%s%02d", mant, sign, exp)
		}
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	return s
}

// Equal is Puppet's ==: strings compare case-insensitively, numbers by
// value, collections element-wise.
func Equal(a, b Value) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case string:
		y, ok := b.(string)
		return ok && asciiFold(x) == asciiFold(y)
	case int64:
		switch y := b.(type) {
		case int64:
			return x == y
		case float64:
			return float64(x) == y
		}
		return false
	case float64:
		switch y := b.(type) {
		case int64:
			return x == float64(y)
		case float64:
			return x == y
		}
		return false
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case Default:
		_, ok := b.(Default)
		return ok
	case []Value:
		y, ok := b.([]Value)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !Equal(x[i], y[i]) {
				return false
			}
		}
		return true
	case *Hash:
		y, ok := b.(*Hash)
		if !ok || x.Len() != y.Len() {
			return false
		}
		for i, k := range x.keys {
			w, ok := y.Get(k)
			if !ok || !Equal(x.vals[i], w) {
				return false
			}
		}
		return true
	case *Regexp:
		y, ok := b.(*Regexp)
		return ok && x.Src == y.Src
	case Ref:
		y, ok := b.(Ref)
		return ok && x == y
	case *Type:
		y, ok := b.(*Type)
		return ok && x.String() == y.String()
	case *SemVer:
		y, ok := b.(*SemVer)
		return ok && compareSemVer(x, y) == 0 && x.Build == y.Build
	case *SemVerRange:
		y, ok := b.(*SemVerRange)
		return ok && x.Text == y.Text
	case *Binary:
		y, ok := b.(*Binary)
		return ok && binaryEqual(x, y)
	case *ErrorValue:
		return a == b
	case *Timestamp, *Timespan:
		c, ok := compareTime(a, b)
		return ok && c == 0
	}
	return false
}

// ToCatalog converts v into the data the catalog holds: references and
// types become their strings, undef stays nil.
func ToCatalog(v Value) catalog.Value {
	switch x := v.(type) {
	case nil, string, int64, float64, bool:
		return x
	case Default:
		return "default"
	case Ref:
		return x.String()
	case *Iterator:
		return ToCatalog(x.Elems)
	case []Value:
		out := make([]catalog.Value, len(x))
		for i, e := range x {
			out[i] = ToCatalog(e)
		}
		return out
	case *Hash:
		h := catalog.NewHash()
		for i, k := range x.keys {
			h.Set(ToS(k), ToCatalog(x.vals[i]))
		}
		return h
	case *Sensitive:
		return catalog.Sensitive{Value: ToCatalog(x.V)}
	case richValue:
		return x.toCatalog()
	case *Regexp:
		return "/" + x.Src + "/"
	case opaque:
		return x.v
	}
	return Inspect(v)
}

// FromCatalog converts catalog data (from Hiera, templates, facts) into a
// value.
func FromCatalog(v catalog.Value) Value {
	switch x := v.(type) {
	case nil, string, int64, float64, bool:
		return x
	case int:
		return int64(x)
	case []catalog.Value:
		out := make([]Value, len(x))
		for i, e := range x {
			out[i] = FromCatalog(e)
		}
		return out
	case *catalog.Hash:
		h := NewHash()
		for _, k := range x.Keys() {
			e, _ := x.Get(k)
			h.Set(k, FromCatalog(e))
		}
		return h
	case catalog.Sensitive:
		return &Sensitive{V: FromCatalog(x.Value)}
	case *catalog.Rich:
		return opaque{x}
	case converted:
		return x.v
	case map[string]any:
		h := NewHash()
		ks := make([]string, 0, len(x))
		for k := range x {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		for _, k := range ks {
			h.Set(k, FromCatalog(x[k]))
		}
		return h
	}
	return opaque{v}
}

// flatten flattens nested arrays into one.
// flattenTo is flatten, but a value that is not an array comes back in
// buf (a caller's array of one, on its stack) instead of a new slice.
func flattenTo(buf []Value, v Value) []Value {
	if _, ok := v.([]Value); !ok {
		return append(buf, v)
	}
	return flatten(v)
}

func flatten(v Value) []Value {
	arr, ok := v.([]Value)
	if !ok {
		return []Value{v}
	}
	nested := false
	for _, e := range arr {
		if _, ok := e.([]Value); ok {
			nested = true
			break
		}
	}
	if !nested {
		// Values never change; the capacity limit makes an append by
		// the caller copy rather than write into arr.
		return arr[:len(arr):len(arr)]
	}
	var out []Value
	for _, e := range arr {
		if sub, ok := e.([]Value); ok {
			out = append(out, flatten(sub)...)
		} else {
			out = append(out, e)
		}
	}
	return out
}

func (r Ref) catalogRef() catalog.Ref { return catalog.Ref{Type: r.Type, Title: r.Title} }
