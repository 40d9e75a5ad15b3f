package eval

import (
	"fmt"
	"math"
	"sort"
	"strings"
	"unicode/utf8"
)

// Type is a Puppet data type such as String, Integer[1, 10] or
// Optional[Array[String]]. Resource and class types are Ref values.
type Type struct {
	Name   string
	Params []Value
}

var dataTypeNames = map[string]bool{
	"Any": true, "Undef": true, "Default": true, "NotUndef": true, "Data": true, "RichData": true,
	"Scalar": true, "ScalarData": true, "String": true, "Integer": true, "Float": true, "Numeric": true,
	"Boolean": true, "Regexp": true, "Pattern": true, "Enum": true, "Array": true, "Hash": true,
	"Tuple": true, "Struct": true, "Optional": true, "Variant": true, "Collection": true, "Type": true,
	"Callable": true, "Iterable": true, "Iterator": true, "Sensitive": true, "Timestamp": true,
	"Timespan": true, "Binary": true, "Runtime": true, "Object": true, "Init": true, "SemVer": true,
	"SemVerRange": true, "Error": true, "Deferred": true, "CatalogEntry": true, "TypeSet": true,
	"URI": true, "Unit": true,
}

func (t *Type) String() string { return t.format(nil) }

// format writes the type as Puppet does; nested, when not nil, writes
// the types among its parameters.
func (t *Type) format(nested func(*Type) string) string {
	if len(t.Params) == 0 {
		return t.Name
	}
	params := t.Params
	if t.Name == "Enum" {
		params = append([]Value(nil), params...)
		sort.SliceStable(params, func(i, j int) bool {
			a, aok := params[i].(string)
			b, bok := params[j].(string)
			return aok && bok && a < b
		})
		// Puppet keeps an Enum's values once each.
		uniq := params[:0]
		for i, p := range params {
			if i > 0 && p == params[i-1] {
				continue
			}
			uniq = append(uniq, p)
		}
		params = uniq
	}
	parts := make([]string, len(params))
	for i, p := range params {
		switch x := p.(type) {
		case int64:
			if x == math.MinInt64 && i == 0 && t.Name == "Integer" {
				parts[i] = "default"
				continue
			}
			if x == math.MaxInt64 && (t.Name == "Integer" || t.Name == "String" || t.Name == "Array" || t.Name == "Hash" || t.Name == "Collection") {
				parts[i] = "default"
				continue
			}
		case Default:
			parts[i] = "default"
			continue
		case *Type:
			if nested != nil {
				parts[i] = nested(x)
				continue
			}
		case *Hash:
			if nested != nil && t.Name == "Struct" {
				// a Struct's keys and value types, aliases expanded
				entries := make([]string, len(x.keys))
				for j, k := range x.keys {
					ks := inspectQuoted(k)
					if kt, ok := k.(*Type); ok {
						ks = nested(kt)
					}
					vs := inspectQuoted(x.vals[j])
					if vt, ok := x.vals[j].(*Type); ok {
						vs = nested(vt)
					}
					entries[j] = ks + " => " + vs
				}
				parts[i] = "{" + strings.Join(entries, ", ") + "}"
				continue
			}
		case string:
			if t.Name == "Pattern" {
				// Puppet keeps a Pattern's strings as regexps
				parts[i] = "/" + strings.ReplaceAll(x, "/", `\/`) + "/"
				continue
			}
		}
		parts[i] = inspectQuoted(p)
	}
	return t.Name + "[" + strings.Join(parts, ", ") + "]"
}

// structural reports whether a mismatch of v against t is told by the
// entry or element that does not match, as Puppet tells it even through
// an alias: a hash against a Struct, an array against a Tuple.
func structural(t *Type, v Value) bool {
	switch t.Name {
	case "Struct":
		_, ok := v.(*Hash)
		return ok
	case "Tuple":
		_, ok := v.([]Value)
		return ok
	}
	return false
}

// expandedString writes t as Puppet writes a type alias's expansion in
// a type mismatch: every alias nested in it as "NAME = TYPE", once.
func (c *Compiler) expandedString(t *Type) string {
	// Each alias is expanded wherever it occurs, but not inside itself.
	open := map[*Type]bool{t: true}
	var nested func(*Type) string
	nested = func(x *Type) string {
		if name, ok := c.aliasNames[x]; ok && x != t {
			if open[x] {
				return name
			}
			open[x] = true
			defer delete(open, x)
			return name + " = " + aliasBody(x).format(nested)
		}
		if body := aliasBody(x); body != x {
			return nested(body)
		}
		return x.format(nested)
	}
	return aliasBody(t).format(nested)
}

// aliasBody is a type as Puppet normalizes an alias's: a Variant of one
// type is that type.
func aliasBody(t *Type) *Type {
	if t.Name == "Variant" && len(t.Params) == 1 {
		if inner, ok := t.Params[0].(*Type); ok {
			return inner
		}
	}
	return t
}

func article(s string) string {
	if s != "" && strings.ContainsRune("AEIOUaeiou", rune(s[0])) {
		return "an"
	}
	return "a"
}

// inferredTypeName names a value's type as Puppet's type mismatches do:
// the generalized type it infers, which is Tuple for an array with
// elements and Struct for a hash with string keys.
func inferredTypeName(v Value) string {
	switch x := v.(type) {
	case []Value:
		if len(x) > 0 {
			return "Tuple"
		}
	case *Hash:
		if x.Len() == 0 {
			break
		}
		for _, k := range x.keys {
			if _, ok := k.(string); !ok {
				return "Hash"
			}
		}
		return "Struct"
	}
	return typeName(v)
}

// typeName names the generalized type of v for messages: "Integer",
// "String", "Array", ...
func typeName(v Value) string {
	switch x := v.(type) {
	case nil:
		return "Undef"
	case Default:
		return "Default"
	case string:
		return "String"
	case int64:
		return "Integer"
	case float64:
		return "Float"
	case bool:
		return "Boolean"
	case []Value:
		return "Array"
	case *Hash:
		return "Hash"
	case *Regexp:
		return "Regexp"
	case *Type:
		return "Type"
	case Ref:
		if x.Type == "Class" {
			return "Class"
		}
		return "Type"
	case *Sensitive:
		// Puppet labels it with the type of what it wraps.
		return "Sensitive[" + typeName(x.V) + "]"
	case richValue:
		return x.typeName()
	}
	return "Any"
}

// detailedTypeName is the inferred type used where Puppet shows more than
// the name, e.g. Integer[20, 20] for a range mismatch.
func detailedTypeName(v Value) string {
	switch x := v.(type) {
	case int64:
		return fmt.Sprintf("Integer[%d, %d]", x, x)
	case float64:
		return "Float[" + formatFloat(x) + ", " + formatFloat(x) + "]"
	case *Hash:
		return inferHashType(x)
	case Ref:
		if x.Title != "" {
			return "Type[" + x.String() + "]"
		}
		return "Type[" + x.Type + "]"
	}
	return typeName(v)
}

// inferType is the detailed type of a value, as type() returns it.
func inferType(v Value) Value {
	switch x := v.(type) {
	case int64:
		return &Type{Name: "Integer", Params: []Value{x, x}}
	case float64:
		return &Type{Name: "Float", Params: []Value{x, x}}
	case string:
		return &Type{Name: "String", Params: []Value{x}}
	case Ref:
		return &Type{Name: "Type", Params: []Value{x}}
	case *SemVer:
		return &Type{Name: "SemVer", Params: []Value{x.String() + " - " + x.String()}}
	case *ErrorValue:
		var ps []Value
		if x.hasKind || x.hasIssue {
			ps = append(ps, x.Kind)
		}
		if x.hasIssue {
			ps = append(ps, x.IssueCode)
		}
		return &Type{Name: "Error", Params: ps}
	}
	return &Type{Name: typeName(v)}
}

// generalizedType is type($v, 'generalized'): the inferred type without
// values and ranges, keeping element types, and keeping the length range
// of strings that differ, as Puppet's common type of two strings has one
// (['a', 'bcd'] is Array[String[1, 3]]).
func generalizedType(v Value) *Type {
	return generalize(inferForCommon(v))
}

// inferForCommon infers v's type as Puppet does before it generalizes:
// a string is String['value'], a collection has the common type of its
// elements (Unit when empty).
func inferForCommon(v Value) *Type {
	common := func(vs []Value) *Type {
		var t *Type
		for _, e := range vs {
			if t == nil {
				t = inferForCommon(e)
			} else {
				t = commonOf(t, inferForCommon(e))
			}
		}
		if t == nil {
			return &Type{Name: "Unit"}
		}
		return t
	}
	switch x := v.(type) {
	case string:
		return &Type{Name: "String", Params: []Value{x}}
	case []Value:
		return &Type{Name: "Array", Params: []Value{common(x)}}
	case *Hash:
		return &Type{Name: "Hash", Params: []Value{common(x.keys), common(x.vals)}}
	}
	return &Type{Name: typeName(v)}
}

// stringLengths is the length range of a String type from inferForCommon.
func stringLengths(t *Type) (int64, int64, bool) {
	switch len(t.Params) {
	case 1:
		if s, ok := t.Params[0].(string); ok {
			n := int64(utf8.RuneCountInString(s))
			return n, n, true
		}
	case 2:
		lo, ok1 := t.Params[0].(int64)
		hi, ok2 := t.Params[1].(int64)
		return lo, hi, ok1 && ok2
	}
	return 0, 0, false
}

// commonOf is Puppet's common type of two inferred types, as far as
// type mismatch messages show it.
func commonOf(a, b *Type) *Type {
	if a.String() == b.String() {
		return a
	}
	switch {
	case a.Name == "String" && b.Name == "String":
		alo, ahi, ok1 := stringLengths(a)
		blo, bhi, ok2 := stringLengths(b)
		if !ok1 || !ok2 {
			return &Type{Name: "String"}
		}
		return &Type{Name: "String", Params: []Value{min(alo, blo), max(ahi, bhi)}}
	case a.Name == "Array" && b.Name == "Array" && len(a.Params) == 1 && len(b.Params) == 1:
		ae, _ := a.Params[0].(*Type)
		be, _ := b.Params[0].(*Type)
		if ae != nil && be != nil {
			return &Type{Name: "Array", Params: []Value{commonOf(ae, be)}}
		}
	case a.Name == "Hash" && b.Name == "Hash" && len(a.Params) == 2 && len(b.Params) == 2:
		ak, _ := a.Params[0].(*Type)
		av, _ := a.Params[1].(*Type)
		bk, _ := b.Params[0].(*Type)
		bv, _ := b.Params[1].(*Type)
		if ak != nil && av != nil && bk != nil && bv != nil {
			return &Type{Name: "Hash", Params: []Value{commonOf(ak, bk), commonOf(av, bv)}}
		}
	case a.Name == "Unit":
		return b
	case b.Name == "Unit":
		return a
	}
	scalarData := map[string]bool{"String": true, "Integer": true, "Float": true, "Boolean": true, "ScalarData": true}
	if scalarData[a.Name] && scalarData[b.Name] {
		return &Type{Name: "ScalarData"}
	}
	return &Type{Name: "Any"}
}

// generalize drops a type's values and ranges, keeping a String's range
// of lengths and the types of elements.
func generalize(t *Type) *Type {
	switch t.Name {
	case "String":
		if lo, hi, ok := stringLengths(t); ok && len(t.Params) == 2 {
			return &Type{Name: "String", Params: []Value{lo, hi}}
		}
		return &Type{Name: "String"}
	case "Array", "Hash":
		ps := make([]Value, len(t.Params))
		for i, p := range t.Params {
			if e, ok := p.(*Type); ok {
				ps[i] = generalize(e)
			} else {
				ps[i] = p
			}
		}
		return &Type{Name: t.Name, Params: ps}
	}
	return t
}

// inferHashType is the type Puppet infers for a hash in mismatch
// messages: Hash[KeyType, ValueType] with ranges for integers.
func inferHashType(h *Hash) string {
	if h.Len() == 0 {
		return "Hash"
	}
	return "Hash[" + commonType(h.keys) + ", " + commonType(h.vals) + "]"
}

func commonType(vs []Value) string {
	var lo, hi int64
	ints := true
	for i, v := range vs {
		n, ok := v.(int64)
		if !ok {
			ints = false
			break
		}
		if i == 0 || n < lo {
			lo = n
		}
		if i == 0 || n > hi {
			hi = n
		}
	}
	if ints {
		return fmt.Sprintf("Integer[%d, %d]", lo, hi)
	}
	name := typeName(vs[0])
	for _, v := range vs[1:] {
		if typeName(v) != name {
			return "Any"
		}
	}
	return name
}

// isInstance reports whether v is an instance of the type t (a *Type or a
// Ref).
func (c *Compiler) isInstance(t Value, v Value) bool {
	switch tt := t.(type) {
	case Ref:
		r, ok := v.(Ref)
		if !ok {
			return false
		}
		if tt.Type == "Resource" && tt.Title == "" {
			return r.Type != "Class" || true
		}
		if tt.Type != r.Type {
			return false
		}
		return tt.Title == "" || tt.Title == r.Title
	case *Type:
		return c.isInstanceType(tt, v)
	}
	return false
}

func intRange(params []Value, def int64) (lo, hi int64) {
	lo, hi = math.MinInt64, math.MaxInt64
	if def == 0 {
		lo = 0
	}
	if len(params) > 0 {
		if n, ok := params[0].(int64); ok {
			lo = n
		}
	}
	if len(params) > 1 {
		if n, ok := params[1].(int64); ok {
			hi = n
		}
	}
	return
}

func (c *Compiler) isInstanceType(t *Type, v Value) bool {
	p := t.Params
	switch t.Name {
	case "Any":
		return true
	case "Undef":
		return v == nil
	case "Default":
		_, ok := v.(Default)
		return ok
	case "NotUndef":
		if v == nil {
			return false
		}
		if len(p) > 0 {
			return c.isInstance(p[0], v)
		}
		return true
	case "Optional":
		if v == nil {
			return true
		}
		if len(p) == 0 {
			return true
		}
		if s, ok := p[0].(string); ok {
			return v == s
		}
		return c.isInstance(p[0], v)
	case "Variant":
		for _, e := range p {
			if c.isInstance(e, v) {
				return true
			}
		}
		return false
	case "String":
		s, ok := v.(string)
		if !ok {
			return false
		}
		lo, hi := intRange(p, 0)
		n := int64(len([]rune(s)))
		return n >= lo && n <= hi
	case "Integer":
		n, ok := v.(int64)
		if !ok {
			return false
		}
		lo, hi := intRange(p, -1)
		return n >= lo && n <= hi
	case "Float":
		f, ok := v.(float64)
		if !ok {
			return false
		}
		if len(p) > 0 {
			if lo, ok := toFloat(p[0]); ok && f < lo {
				return false
			}
		}
		if len(p) > 1 {
			if hi, ok := toFloat(p[1]); ok && f > hi {
				return false
			}
		}
		return true
	case "Numeric":
		switch v.(type) {
		case int64, float64:
			return true
		}
		return false
	case "Boolean":
		_, ok := v.(bool)
		return ok
	case "Regexp":
		_, ok := v.(*Regexp)
		return ok
	case "Scalar":
		switch v.(type) {
		case string, int64, float64, bool, *Regexp:
			return true
		}
		return false
	case "ScalarData":
		switch v.(type) {
		case string, int64, float64, bool:
			return true
		}
		return false
	case "Data", "RichData":
		return isData(v, t.Name == "RichData")
	case "Pattern":
		s, ok := v.(string)
		if !ok {
			return false
		}
		for _, e := range p {
			var re *rx
			switch x := e.(type) {
			case *Regexp:
				re = x.Re
			case string:
				re, _ = compileRegexp(x)
			case *Type:
				if len(x.Params) > 0 {
					if r, ok := x.Params[0].(*Regexp); ok {
						re = r.Re
					}
				}
			}
			if re != nil && re.MatchString(s) {
				return true
			}
		}
		return len(p) == 0
	case "Enum":
		s, ok := v.(string)
		if !ok {
			return false
		}
		ci := false
		if len(p) > 0 {
			if b, ok := p[len(p)-1].(bool); ok {
				ci = b
			}
		}
		for _, e := range p {
			if es, ok := e.(string); ok {
				if es == s || ci && strings.EqualFold(es, s) {
					return true
				}
			}
		}
		return len(p) == 0
	case "Array":
		arr, ok := v.([]Value)
		if !ok {
			return false
		}
		if len(p) > 0 {
			if _, isNum := p[0].(int64); isNum {
				lo, hi := intRange(p, 0)
				return int64(len(arr)) >= lo && int64(len(arr)) <= hi
			}
			for _, e := range arr {
				if !c.isInstance(p[0], e) {
					return false
				}
			}
			if len(p) > 1 {
				lo, hi := intRange(p[1:], 0)
				return int64(len(arr)) >= lo && int64(len(arr)) <= hi
			}
		}
		return true
	case "Tuple":
		arr, ok := v.([]Value)
		if !ok {
			return false
		}
		var types []Value
		lo, hi := int64(-1), int64(-1)
		for _, e := range p {
			if n, ok := e.(int64); ok {
				if lo < 0 {
					lo = n
				} else {
					hi = n
				}
				continue
			}
			if _, ok := e.(Default); ok {
				hi = math.MaxInt64
				continue
			}
			types = append(types, e)
		}
		if lo < 0 {
			lo, hi = int64(len(types)), int64(len(types))
		} else if hi < 0 {
			hi = lo
			if hi < int64(len(types)) {
				hi = int64(len(types))
			}
		}
		if int64(len(arr)) < lo || int64(len(arr)) > hi {
			return false
		}
		for i, e := range arr {
			ti := i
			if ti >= len(types) {
				ti = len(types) - 1
			}
			if ti < 0 || !c.isInstance(types[ti], e) {
				return false
			}
		}
		return true
	case "Hash":
		h, ok := v.(*Hash)
		if !ok {
			return false
		}
		if len(p) >= 2 {
			if _, isNum := p[0].(int64); !isNum {
				for i, k := range h.keys {
					if !c.isInstance(p[0], k) || !c.isInstance(p[1], h.vals[i]) {
						return false
					}
				}
				if len(p) > 2 {
					lo, hi := intRange(p[2:], 0)
					return int64(h.Len()) >= lo && int64(h.Len()) <= hi
				}
				return true
			}
			lo, hi := intRange(p, 0)
			return int64(h.Len()) >= lo && int64(h.Len()) <= hi
		}
		return true
	case "Struct":
		h, ok := v.(*Hash)
		if !ok || len(p) == 0 {
			return ok
		}
		sh, _ := p[0].(*Hash)
		if sh == nil {
			return true
		}
		seen := map[string]bool{}
		for i, k := range sh.keys {
			name, optional := structKey(k)
			seen[name] = true
			val, present := h.Get(name)
			if !present {
				if optional || c.isInstance(sh.vals[i], nil) {
					continue
				}
				return false
			}
			if !c.isInstance(sh.vals[i], val) {
				return false
			}
		}
		for _, k := range h.keys {
			if s, ok := k.(string); !ok || !seen[s] {
				return false
			}
		}
		return true
	case "Collection":
		switch v.(type) {
		case []Value, *Hash:
			return true
		}
		return false
	case "Iterator":
		_, ok := v.(*Iterator)
		return ok
	case "Iterable":
		switch v.(type) {
		case []Value, *Hash, string, *Type, *Iterator:
			return true
		case int64:
			return true
		}
		return false
	case "Type":
		switch v.(type) {
		case *Type, Ref:
			if len(p) == 0 {
				return true
			}
			return c.typeAssignable(p[0], v)
		}
		return false
	case "Sensitive":
		_, ok := v.(*Sensitive)
		return ok
	case "SemVer":
		return semverTypeIncludes(p, v)
	case "SemVerRange":
		_, ok := v.(*SemVerRange)
		return ok
	case "Binary":
		_, ok := v.(*Binary)
		return ok
	case "Deferred":
		_, ok := v.(*Deferred)
		return ok
	case "Error":
		return errorTypeIncludes(p, v)
	case "Timestamp", "Timespan":
		return timeTypeIncludes(t.Name, p, v)
	case "Callable":
		return false
	case "CatalogEntry":
		_, ok := v.(Ref)
		return ok
	}
	return false
}

// typeAssignable is a rough "is type u assignable to type t" used for
// Type[T] checks.
func (c *Compiler) typeAssignable(t Value, u Value) bool {
	switch tt := t.(type) {
	case Ref:
		ur, ok := u.(Ref)
		if !ok {
			return false
		}
		if tt.Type == "Resource" && tt.Title == "" {
			return true
		}
		return tt.Type == ur.Type && (tt.Title == "" || tt.Title == ur.Title)
	case *Type:
		if tt.Name == "Any" {
			return true
		}
		if ut, ok := u.(*Type); ok {
			if tt.Name == ut.Name {
				return c.paramsAssignable(tt, ut)
			}
			switch tt.Name {
			case "Optional", "Variant":
				for _, e := range tt.Params {
					if c.typeAssignable(e, u) {
						return true
					}
				}
			case "Numeric":
				return ut.Name == "Integer" || ut.Name == "Float"
			case "Scalar", "Data":
				switch ut.Name {
				case "String", "Integer", "Float", "Numeric", "Boolean", "Enum", "Pattern":
					return true
				}
			}
		}
		if _, ok := u.(Ref); ok {
			return tt.Name == "CatalogEntry"
		}
	}
	return false
}

// paramsAssignable reports whether type t accepts every value of u, a
// type of the same name: ranges and sizes within t's, element types
// assignable, Enum values among t's.
func (c *Compiler) paramsAssignable(t, u *Type) bool {
	if len(t.Params) == 0 {
		return true
	}
	within := func(tp, up []Value, lowest int64) bool {
		tlo, thi := intRange(tp, lowest)
		ulo, uhi := intRange(up, lowest)
		return ulo >= tlo && uhi <= thi
	}
	lowest := func(name string) int64 {
		if name == "Integer" {
			return -1
		}
		return 0
	}
	switch t.Name {
	case "Integer", "String", "Collection":
		return within(t.Params, u.Params, lowest(t.Name))
	case "Float":
		bounds := func(p []Value) (float64, float64) {
			lo, hi := math.Inf(-1), math.Inf(1)
			if len(p) > 0 {
				if f, ok := toFloat(p[0]); ok {
					lo = f
				}
			}
			if len(p) > 1 {
				if f, ok := toFloat(p[1]); ok {
					hi = f
				}
			}
			return lo, hi
		}
		tlo, thi := bounds(t.Params)
		ulo, uhi := bounds(u.Params)
		return ulo >= tlo && uhi <= thi
	case "Array":
		elem := func(x *Type) (Value, []Value) {
			if len(x.Params) > 0 {
				if _, isType := x.Params[0].(*Type); isType {
					return x.Params[0], x.Params[1:]
				}
			}
			return &Type{Name: "Any"}, x.Params
		}
		te, ts := elem(t)
		ue, us := elem(u)
		return c.typeAssignable(te, ue) && within(ts, us, 0)
	case "Enum":
		for _, v := range u.Params {
			found := false
			for _, w := range t.Params {
				if Equal(v, w) {
					found = true
					break
				}
			}
			if !found {
				return false
			}
		}
		return len(u.Params) > 0
	}
	return true
}

func structKey(k Value) (string, bool) {
	switch x := k.(type) {
	case string:
		return x, false
	case *Type:
		if (x.Name == "Optional" || x.Name == "NotUndef") && len(x.Params) > 0 {
			if s, ok := x.Params[0].(string); ok {
				return s, x.Name == "Optional"
			}
		}
	}
	return ToS(k), false
}

func isData(v Value, rich bool) bool {
	switch x := v.(type) {
	case nil, string, int64, float64, bool:
		return true
	case []Value:
		for _, e := range x {
			if !isData(e, rich) {
				return false
			}
		}
		return true
	case *Hash:
		for i, k := range x.keys {
			if _, ok := k.(string); !ok && !rich {
				return false
			}
			if !isData(x.vals[i], rich) {
				return false
			}
		}
		return true
	case Default, *Regexp, *Type, Ref, *Sensitive:
		return rich
	}
	return false
}

func toFloat(v Value) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

// mismatch explains why v is not an instance of t, in Puppet's words
// ("expects a String value, got Integer"), prefixed by what (e.g.
// "parameter 'x'").
func (c *Compiler) mismatch(what string, t Value, v Value) string {
	prefix := what
	if prefix != "" {
		prefix += " "
	}
	tt, _ := t.(*Type)
	if alias, ok := c.aliasNames[tt]; ok && tt != nil && !structural(tt, v) {
		got := inferredTypeName(v)
		if c.isInstanceKind(tt, v) {
			got = detailedTypeName(v)
		}
		if tt.Name == "Enum" || tt.Name == "Pattern" {
			got := inferredTypeName(v)
			if s, ok := v.(string); ok {
				got = quoteString(s)
			}
			return prefix + "expects a match for " + alias + " = " + c.expandedString(tt) + ", got " + got
		}
		return prefix + "expects " + article(alias) + " " + alias + " = " + c.expandedString(tt) + " value, got " + got
	}
	if tt != nil {
		switch tt.Name {
		case "Optional":
			if len(tt.Params) == 0 {
				break
			}
			if inner, ok := tt.Params[0].(*Type); ok && v != nil && inner.Name != "Enum" && inner.Name != "Pattern" {
				if _, named := c.aliasNames[inner]; named {
					// an alias is described as itself, without the undef
					return c.mismatch(what, inner, v)
				}
			}
			if inner, ok := tt.Params[0].(*Type); ok && v != nil && len(tt.Params) > 0 && (inner.Name == "Enum" || inner.Name == "Pattern") {
				if alias, named := c.aliasNames[inner]; named {
					// an alias is described as itself, without the undef
					if s, ok := v.(string); ok {
						return prefix + "expects a match for " + alias + " = " + c.expandedString(inner) + ", got " + quoteString(s)
					}
				}
				got := inferredTypeName(v)
				if s, ok := v.(string); ok {
					got = quoteString(s)
				}
				return prefix + "expects an undef value or a match for " + inner.String() + ", got " + got
			}
			if v != nil && len(tt.Params) > 0 {
				if inner, ok := tt.Params[0].(*Type); ok && !c.isInstanceKind(inner, v) {
					return prefix + c.puppetMismatch(tt, v)
				}
				return c.mismatch(what, tt.Params[0], v)
			}
		case "NotUndef":
			if v == nil {
				if len(tt.Params) > 0 {
					// Puppet names the type the value must have
					return prefix + "expects " + c.describeExpected(tt.Params[0]) + ", got Undef"
				}
				return prefix + "expects a NotUndef value, got Undef"
			}
		case "Tuple":
			if arr, ok := v.([]Value); ok {
				var types, size []Value
				for _, e := range tt.Params {
					switch e.(type) {
					case int64, Default:
						size = append(size, e)
					default:
						types = append(types, e)
					}
				}
				// Puppet checks the size before the elements.
				if len(size) == 0 {
					size = []Value{int64(len(types)), int64(len(types))}
				} else if len(size) == 1 {
					size = append(size, Default{})
				}
				if lo, hi := intRange(size, 0); int64(len(arr)) < lo || int64(len(arr)) > hi {
					return prefix + "expects size to be " + sizeRange(size) + ", got " + fmt.Sprint(len(arr))
				}
				for i, e := range arr {
					ti := i
					if ti >= len(types) {
						ti = len(types) - 1
					}
					if ti >= 0 && !c.isInstance(types[ti], e) {
						return c.mismatch(fmt.Sprintf("%sindex %d", prefix, i), types[ti], e)
					}
				}
			}
		case "Array":
			if arr, ok := v.([]Value); ok && len(tt.Params) > 0 {
				if _, isNum := tt.Params[0].(int64); !isNum {
					// Puppet reports every element that does not match,
					// a line each.
					var lines []string
					for i, e := range arr {
						if !c.isInstance(tt.Params[0], e) {
							lines = append(lines, c.mismatch(fmt.Sprintf("%sindex %d", prefix, i), tt.Params[0], e))
						}
					}
					if len(lines) > 0 {
						return strings.Join(lines, "\n")
					}
					return prefix + "expects size to be " + sizeRange(tt.Params[1:]) + ", got " + fmt.Sprint(len(arr))
				}
			}
		case "Hash":
			if h, ok := v.(*Hash); ok && len(tt.Params) >= 2 {
				if _, isNum := tt.Params[0].(int64); !isNum {
					var lines []string
					for i, k := range h.keys {
						if kt, ok := tt.Params[0].(*Type); ok && !c.isInstance(kt, k) && c.isInstanceKind(kt, k) {
							return c.mismatch(fmt.Sprintf("%skey of entry '%s'", prefix, ToS(k)), kt, k)
						}
						if !c.isInstance(tt.Params[0], k) {
							return prefix + "expects " + article(tt.Name) + " " + tt.String() + " value, got " + inferHashType(h)
						}
						if !c.isInstance(tt.Params[1], h.vals[i]) {
							// Puppet reports every entry, a line each
							lines = append(lines, c.mismatch(fmt.Sprintf("%sentry '%s'", prefix, ToS(k)), tt.Params[1], h.vals[i]))
						}
					}
					if len(lines) > 0 {
						return strings.Join(lines, "\n")
					}
					if size := tt.Params[2:]; len(size) > 0 {
						if lo, hi := intRange(size, 0); int64(len(h.keys)) < lo || int64(len(h.keys)) > hi {
							return prefix + "expects size to be " + sizeRange(size) + ", got " + fmt.Sprint(len(h.keys))
						}
					}
				}
			}
		case "Struct":
			if h, ok := v.(*Hash); ok && len(tt.Params) > 0 {
				if sh, ok := tt.Params[0].(*Hash); ok {
					if len(h.keys) == 0 {
						// Puppet sees an empty hash by its size
						required := 0
						for i, k := range sh.keys {
							if _, optional := structKey(k); !optional && !c.isInstance(sh.vals[i], nil) {
								required++
							}
						}
						if required > 0 {
							return prefix + "expects size to be " + sizeRange([]Value{int64(required), int64(len(sh.keys))}) + ", got 0"
						}
					}
					seen := map[string]bool{}
					// Puppet reports every missing, wrong and unknown
					// key, a line each.
					var lines []string
					for i, k := range sh.keys {
						name, optional := structKey(k)
						seen[name] = true
						val, present := h.Get(name)
						if !present {
							if optional || c.isInstance(sh.vals[i], nil) {
								continue
							}
							lines = append(lines, fmt.Sprintf("%sexpects a value for key '%s'", prefix, name))
							continue
						}
						if !c.isInstance(sh.vals[i], val) {
							lines = append(lines, c.mismatch(fmt.Sprintf("%sentry '%s'", prefix, name), sh.vals[i], val))
						}
					}
					for _, k := range h.keys {
						if s, ok := k.(string); !ok || !seen[s] {
							lines = append(lines, fmt.Sprintf("%sunrecognized key '%s'", prefix, ToS(k)))
						}
					}
					if len(lines) > 0 {
						return strings.Join(lines, "\n")
					}
				}
			}
		case "Enum", "Pattern":
			if s, ok := v.(string); ok {
				return prefix + "expects a match for " + tt.String() + ", got " + quoteString(s)
			}
			return prefix + "expects a match for " + tt.String() + ", got " + typeValueOrInferred(v)
		case "Integer", "Float", "String":
			if tt.Name == "String" && !isString(v) {
				// a value of another kind is told the general type
				return prefix + "expects a String value, got " + typeValueOrInferred(v)
			}
			if c.isInstanceKind(tt, v) && len(tt.Params) > 0 {
				if tt.Name == "String" {
					return prefix + "expects a String[" + sizeArgs(tt.Params) + "] value, got " + detailedTypeName(v)
				}
				return prefix + "expects " + article(tt.Name) + " " + tt.String() + " value, got " + detailedTypeName(v)
			}
		case "Variant":
			// A value of the right kind for exactly one member is
			// explained by that member.
			var match []Value
			for _, e := range tt.Params {
				if et, ok := e.(*Type); ok && c.isInstanceKind(et, v) {
					match = append(match, e)
				}
			}
			if len(match) == 1 {
				// A collection member explains the mismatch deeper in the
				// value: Puppet then reports each member's mismatch, a
				// line each; scalar members' mismatches merge into one.
				switch et := match[0].(*Type); et.Name {
				case "Array", "Hash", "Struct", "Tuple":
					if len(et.Params) > 0 {
						lines := make([]string, len(tt.Params))
						for i, e := range tt.Params {
							lines[i] = c.mismatch(fmt.Sprintf("%svariant %d", prefix, i), e, v)
						}
						return strings.Join(lines, "\n")
					}
				}
			}
			if len(match) > 0 && len(tt.Params) > 0 {
				names := make([]string, len(tt.Params))
				for i, e := range tt.Params {
					names[i] = Inspect(e)
					if et, ok := e.(*Type); ok {
						names[i] = et.String()
					}
				}
				if first, ok := tt.Params[0].(*Type); !ok || (first.Name != "Enum" && first.Name != "Pattern") || !isString(v) {
					return prefix + "expects a value of type " + joinOr(names) + ", got " + detailedTypeName(v)
				}
			}
			if len(tt.Params) == 0 {
				break
			}
			if first, ok := tt.Params[0].(*Type); ok && (first.Name == "Enum" || first.Name == "Pattern") {
				if str, isStr := v.(string); isStr {
					return prefix + "expects a match for " + tt.String() + ", got " + quoteString(str)
				}
			}
		}
	}
	if r, ok := t.(Ref); ok {
		return prefix + "expects " + c.describeExpected(r) + ", got " + detailedTypeName(v)
	}
	if tt != nil && (tt.Name == "Variant" || tt.Name == "Optional") {
		if _, isRef := v.(Ref); !isRef {
			return prefix + c.puppetMismatch(tt, v)
		}
	}
	got := mismatchGot(v)
	if r, ok := v.(Ref); ok {
		// Puppet names a reference by its general type
		got = "Type[Resource]"
		if r.Type == "Class" {
			got = "Type[Class]"
		}
	}
	return prefix + "expects " + c.describeExpected(t) + ", got " + got
}

// mismatchGot names a value that is not of the expected kind as Puppet
// does: by its inferred type made general (an Array is a Tuple, a Hash
// with String keys a Struct, a data type is Type[T]).
func mismatchGot(v Value) string {
	switch x := v.(type) {
	case []Value:
		if len(x) > 0 {
			return "Tuple"
		}
	case *Hash:
		if len(x.keys) == 0 {
			return "Hash"
		}
		for _, k := range x.keys {
			if _, ok := k.(string); !ok {
				return "Hash"
			}
		}
		return "Struct"
	case *Type:
		return "Type[" + x.String() + "]"
	}
	return typeName(v)
}

func sizeArgs(p []Value) string {
	parts := []string{}
	for _, e := range p {
		if n, ok := e.(int64); ok && n == math.MaxInt64 {
			parts = append(parts, "default")
			continue
		}
		parts = append(parts, Inspect(e))
	}
	return strings.Join(parts, ", ")
}

func sizeRange(p []Value) string {
	lo, hi := intRange(p, 0)
	if hi == math.MaxInt64 {
		return fmt.Sprintf("at least %d", lo)
	}
	if lo == hi {
		return fmt.Sprint(lo)
	}
	return fmt.Sprintf("between %d and %d", lo, hi)
}

// isInstanceKind reports whether v has t's basic kind, ignoring
// parameters.
func (c *Compiler) isInstanceKind(t *Type, v Value) bool {
	return c.isInstanceType(&Type{Name: t.Name}, v) || (t.Name == "Enum" || t.Name == "Pattern") && isString(v)
}

func isString(v Value) bool {
	_, ok := v.(string)
	return ok
}

// describeExpected renders the expected type as Puppet's mismatch
// describer does: "a String value", "an Array value", "a value of type
// Undef or String".
func (c *Compiler) describeExpected(t Value) string {
	names := c.variantNames(t)
	if len(names) == 1 {
		return article(names[0]) + " " + names[0] + " value"
	}
	return "a value of type " + joinOr(names)
}

// joinOr lists names as Puppet does: "A or B", "A, B, or C".
func joinOr(names []string) string {
	if len(names) <= 2 {
		return strings.Join(names, " or ")
	}
	return strings.Join(names[:len(names)-1], ", ") + ", or " + names[len(names)-1]
}

func (c *Compiler) variantNames(t Value) []string {
	switch tt := t.(type) {
	case *Type:
		switch tt.Name {
		case "Optional":
			out := []string{"Undef"}
			if len(tt.Params) > 0 {
				if s, ok := tt.Params[0].(string); ok {
					return append(out, "Enum["+quoteString(s)+"]")
				}
				out = append(out, c.variantNames(tt.Params[0])...)
			}
			return out
		case "Variant":
			var out []string
			for _, e := range tt.Params {
				out = append(out, c.variantNames(e)...)
			}
			return out
		case "Enum", "Pattern":
			return []string{tt.String()}
		case "Array", "Hash", "String", "Integer", "Float":
			if len(tt.Params) > 0 {
				if _, ok := tt.Params[0].(int64); ok || tt.Name == "Integer" || tt.Name == "Float" {
					return []string{tt.String()}
				}
			}
			return []string{tt.Name}
		case "Struct", "Tuple":
			return []string{tt.Name}
		}
		if alias, ok := c.aliasNames[tt]; ok {
			return []string{alias}
		}
		return []string{tt.String()}
	case Ref:
		return []string{tt.String()}
	}
	return []string{Inspect(t)}
}
