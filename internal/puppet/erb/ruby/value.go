package ruby

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/rubyjson"
)

// Value is a Ruby value: nil, bool, int64 (Integer), float64 (Float),
// *String, Symbol, *Array, *Hash, *Range, *Regexp, *MatchData, *Class,
// *Proc, or an Object the host defines.
type Value = any

// String is a mutable Ruby string: `<<` changes it in place, and every
// variable holding it sees the change.
type String struct {
	S      string
	Frozen bool
}

// Str makes a new, unfrozen string.
func Str(s string) *String { return &String{S: s} }

// Symbol is a Ruby symbol, :name.
type Symbol string

// Array is a Ruby array.
type Array struct{ Elems []Value }

// NewArray makes an array holding elems.
func NewArray(elems ...Value) *Array { return &Array{Elems: elems} }

// Range is a Ruby range, lo..hi or lo...hi (Excl).
type Range struct {
	Lo, Hi Value
	Excl   bool
}

// Regexp is a Ruby regular expression, compiled to Go's syntax.
type Regexp struct {
	Source string
	Flags  string // the letters among "mix" that were given
	eng    engine
}

// MatchData is the result of a successful match.
type MatchData struct {
	re     *Regexp
	subj   string
	groups []int // submatch byte offsets, as regexp.FindStringSubmatchIndex
}

// Class is a Ruby class used as a value: Array, String, Integer, ...
type Class struct {
	Name   string
	Parent *Class
}

// Proc is a block made into a value.
type Proc struct{ blk *Block }

// Object is a value the host defines, such as Puppet's scope. The
// interpreter calls its methods by name; an Object that does not know a
// method returns ErrNoMethod.
type Object interface {
	// ClassName is the Ruby class name shown in messages.
	ClassName() string
	// Call runs a method. blk is nil when no block was given.
	Call(c *Call, name string, args []Value, blk *Block) (Value, error)
}

// The classes of built-in values.
var (
	ClassBasicObject = &Class{Name: "BasicObject"}
	ClassObject      = &Class{Name: "Object", Parent: ClassBasicObject}
	ClassNumeric     = &Class{Name: "Numeric", Parent: ClassObject}
	ClassInteger     = &Class{Name: "Integer", Parent: ClassNumeric}
	ClassFloat       = &Class{Name: "Float", Parent: ClassNumeric}
	ClassString      = &Class{Name: "String", Parent: ClassObject}
	ClassSymbol      = &Class{Name: "Symbol", Parent: ClassObject}
	ClassArray       = &Class{Name: "Array", Parent: ClassObject}
	ClassHash        = &Class{Name: "Hash", Parent: ClassObject}
	ClassRange       = &Class{Name: "Range", Parent: ClassObject}
	ClassRegexp      = &Class{Name: "Regexp", Parent: ClassObject}
	ClassMatchData   = &Class{Name: "MatchData", Parent: ClassObject}
	ClassNil         = &Class{Name: "NilClass", Parent: ClassObject}
	ClassTrue        = &Class{Name: "TrueClass", Parent: ClassObject}
	ClassFalse       = &Class{Name: "FalseClass", Parent: ClassObject}
	ClassProc        = &Class{Name: "Proc", Parent: ClassObject}
	ClassClass       = &Class{Name: "Class", Parent: ClassObject}

	ModuleEnumerable = &Class{Name: "Enumerable"}
	ModuleComparable = &Class{Name: "Comparable"}
	ModuleKernel     = &Class{Name: "Kernel"}
)

// includes lists the modules the built-in classes include.
var includes = map[*Class][]*Class{
	ClassArray:   {ModuleEnumerable},
	ClassHash:    {ModuleEnumerable},
	ClassRange:   {ModuleEnumerable},
	ClassString:  {ModuleComparable},
	ClassNumeric: {ModuleComparable},
	ClassObject:  {ModuleKernel},
}

// The exception classes a template may raise and rescue.
var (
	ClassException     = &Class{Name: "Exception", Parent: ClassObject}
	ClassStandardError = &Class{Name: "StandardError", Parent: ClassException}
	exceptionClasses   = func() map[string]*Class {
		m := map[string]*Class{"Exception": ClassException, "StandardError": ClassStandardError}
		for _, n := range []string{"RuntimeError", "ArgumentError", "TypeError", "NameError", "IndexError", "RangeError", "ZeroDivisionError", "RegexpError", "StopIteration", "NotImplementedError"} {
			m[n] = &Class{Name: n, Parent: ClassStandardError}
		}
		m["NoMethodError"] = &Class{Name: "NoMethodError", Parent: m["NameError"]}
		m["KeyError"] = &Class{Name: "KeyError", Parent: m["IndexError"]}
		m["FrozenError"] = &Class{Name: "FrozenError", Parent: m["RuntimeError"]}
		m["FloatDomainError"] = &Class{Name: "FloatDomainError", Parent: m["RangeError"]}
		return m
	}()
)

// constants maps the constant names a template may use to their values.
var constants = map[string]*Class{
	"BasicObject": ClassBasicObject, "Object": ClassObject, "Numeric": ClassNumeric,
	"Integer": ClassInteger, "Fixnum": ClassInteger, "Bignum": ClassInteger,
	"Float": ClassFloat, "String": ClassString, "Symbol": ClassSymbol,
	"Array": ClassArray, "Hash": ClassHash, "Range": ClassRange,
	"Regexp": ClassRegexp, "MatchData": ClassMatchData, "NilClass": ClassNil,
	"TrueClass": ClassTrue, "FalseClass": ClassFalse, "Proc": ClassProc,
	"Class": ClassClass, "Enumerable": ModuleEnumerable, "Comparable": ModuleComparable,
	"Kernel": ModuleKernel,
}

// classOf returns the Ruby class of v.
func classOf(v Value) *Class {
	switch x := v.(type) {
	case nil:
		return ClassNil
	case bool:
		if x {
			return ClassTrue
		}
		return ClassFalse
	case int64:
		return ClassInteger
	case float64:
		return ClassFloat
	case *String:
		return ClassString
	case Symbol:
		return ClassSymbol
	case *Array:
		return ClassArray
	case *Hash:
		return ClassHash
	case *Range:
		return ClassRange
	case *Regexp:
		return ClassRegexp
	case *MatchData:
		return ClassMatchData
	case *Class:
		return ClassClass
	case *Proc:
		return ClassProc
	case Object:
		return &Class{Name: x.ClassName(), Parent: ClassObject}
	}
	return ClassObject
}

// ClassName is the Ruby class name of v, as messages show it.
func ClassName(v Value) string { return classOf(v).Name }

// isA reports whether v is an instance of c or of a subclass.
func isA(v Value, c *Class) bool {
	if c == ClassObject || c == ClassBasicObject {
		return true
	}
	if o, ok := v.(Object); ok {
		return o.ClassName() == c.Name
	}
	for k := classOf(v); k != nil; k = k.Parent {
		if k == c {
			return true
		}
		for _, m := range includes[k] {
			if m == c {
				return true
			}
		}
	}
	return false
}

// Truthy is Ruby's truth: only nil and false are false.
func Truthy(v Value) bool {
	switch x := v.(type) {
	case nil:
		return false
	case bool:
		return x
	}
	return true
}

// ToS is Ruby's to_s of v, which `<%= %>` prints.
func ToS(v Value) string {
	switch x := v.(type) {
	case nil:
		return ""
	case *String:
		return x.S
	case Symbol:
		return string(x)
	case *Regexp:
		return x.toS()
	case *Class:
		return x.Name
	case *MatchData:
		return x.group(0)
	case Object:
		if s, ok := x.(interface{ ToS() string }); ok {
			return s.ToS()
		}
	}
	return Inspect(v)
}

// Inspect is Ruby's inspect of v: what p prints and what arrays and
// hashes show of their elements.
func Inspect(v Value) string {
	var b strings.Builder
	inspect(&b, v, nil)
	return b.String()
}

// inspect writes v's inspect to b. path holds the arrays and hashes whose
// inspect is being written: one that holds itself shows there as [...]
// or {...}, as in Ruby.
func inspect(b *strings.Builder, v Value, path []Value) {
	switch v.(type) {
	case *Array, *Hash:
		if onPath(path, v) {
			if _, ok := v.(*Array); ok {
				b.WriteString("[...]")
			} else {
				b.WriteString("{...}")
			}
			return
		}
		path = append(path, v)
	}
	switch x := v.(type) {
	case nil:
		b.WriteString("nil")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case float64:
		b.WriteString(FormatFloat(x))
	case *String:
		b.WriteString(inspectString(x.S))
	case Symbol:
		b.WriteString(inspectSymbol(string(x)))
	case *Array:
		b.WriteByte('[')
		for i, e := range x.Elems {
			if i > 0 {
				b.WriteString(", ")
			}
			inspect(b, e, path)
		}
		b.WriteByte(']')
	case *Hash:
		b.WriteByte('{')
		for i, k := range x.keys {
			if i > 0 {
				b.WriteString(", ")
			}
			inspect(b, k, path)
			b.WriteString("=>")
			inspect(b, x.vals[i], path)
		}
		b.WriteByte('}')
	case *Range:
		inspect(b, x.Lo, path)
		if x.Excl {
			b.WriteString("...")
		} else {
			b.WriteString("..")
		}
		inspect(b, x.Hi, path)
	case *Regexp:
		b.WriteString("/" + x.Source + "/" + x.flagLetters())
	case *MatchData:
		b.WriteString("#<MatchData " + inspectString(x.group(0)) + ">")
	case *Class:
		b.WriteString(x.Name)
	case *Proc:
		b.WriteString("#<Proc>")
	case Object:
		if s, ok := x.(interface{ Inspect() string }); ok {
			b.WriteString(s.Inspect())
		} else if s, ok := x.(interface{ ToS() string }); ok {
			b.WriteString(s.ToS())
		} else {
			b.WriteString("#<" + x.ClassName() + ">")
		}
	default:
		fmt.Fprintf(b, "#<%T>", v)
	}
}

// FormatFloat renders f as Ruby's Float#to_s does (rubyjson.Float).
func FormatFloat(f float64) string { return rubyjson.Float(f) }

// inspectString quotes s as String#inspect does.
func inspectString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			fmt.Fprintf(&b, "\\x%02X", s[i])
			i++
			continue
		}
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		case '\f':
			b.WriteString(`\f`)
		case '\v':
			b.WriteString(`\v`)
		case '\a':
			b.WriteString(`\a`)
		case '\b':
			b.WriteString(`\b`)
		case 0x1b:
			b.WriteString(`\e`)
		case '#':
			if i+1 < len(s) && (s[i+1] == '{' || s[i+1] == '$' || s[i+1] == '@') {
				b.WriteString(`\#`)
			} else {
				b.WriteByte('#')
			}
		default:
			if isPrintRune(r) {
				b.WriteRune(r)
			} else if r > 0xffff {
				fmt.Fprintf(&b, "\\u{%X}", r)
			} else {
				fmt.Fprintf(&b, "\\u%04X", r)
			}
		}
		i += size
	}
	b.WriteByte('"')
	return b.String()
}

// isPrintRune is Onigmo's print class, which String#inspect shows as is:
// everything assigned but controls, surrogates and line and paragraph
// separators.
func isPrintRune(r rune) bool {
	if unicode.In(r, unicode.Cc, unicode.Zl, unicode.Zp, unicode.Cs) {
		return false
	}
	return unicode.In(r, unicode.L, unicode.M, unicode.N, unicode.P, unicode.S, unicode.Zs, unicode.Cf, unicode.Co)
}

var plainSymbol = lazyre.New(`^(?:[A-Za-z_][A-Za-z0-9_]*[?!=]?|\[\]=?|[-+*/%<>!~^&|]|\*\*|==|===|=~|!=|!~|<=>|<=|>=|<<|>>|[+-]@|@{1,2}[A-Za-z_][A-Za-z0-9_]*|\$[A-Za-z_][A-Za-z0-9_]*)$`)

func inspectSymbol(s string) string {
	if plainSymbol.MatchString(s) {
		return ":" + s
	}
	return ":" + inspectString(s)
}

// onPath reports whether the array or hash v is one of path's.
func onPath(path []Value, v Value) bool {
	for _, p := range path {
		if p == v {
			return true
		}
	}
	return false
}

// hashKey identifies a value as a hash key: values that are eql? have
// the same key.
func hashKey(v Value) string { return hashKeyIn(v, nil) }

// hashKeyIn is hashKey of v inside the arrays of path: an array holding
// itself gets the same key wherever it recurs, as Ruby's Array#hash.
func hashKeyIn(v Value, path []Value) string {
	switch x := v.(type) {
	case nil:
		return "n"
	case bool:
		if x {
			return "t"
		}
		return "f"
	case int64:
		return "i" + strconv.FormatInt(x, 10)
	case float64:
		return "d" + strconv.FormatFloat(x, 'g', -1, 64)
	case *String:
		return "s" + x.S
	case Symbol:
		return "y" + string(x)
	case *Array:
		if onPath(path, x) {
			return "a[...]"
		}
		path = append(path, x)
		var b strings.Builder
		b.WriteString("a[")
		for _, e := range x.Elems {
			k := hashKeyIn(e, path)
			b.WriteString(strconv.Itoa(len(k)))
			b.WriteByte(':')
			b.WriteString(k)
		}
		b.WriteByte(']')
		return b.String()
	case *Class:
		return "c" + x.Name
	}
	return fmt.Sprintf("p%p", v)
}

// Hash is an insertion-ordered Ruby hash.
type Hash struct {
	keys  []Value
	vals  []Value
	index map[string]int
	// Default is returned for a missing key.
	Default Value
	// defaultProc, from Hash.new { |hash, key| ... }, computes it.
	defaultProc *Block
}

// NewHash returns an empty hash.
func NewHash() *Hash { return &Hash{index: map[string]int{}} }

// Len is the number of entries.
func (h *Hash) Len() int { return len(h.keys) }

// Get returns the value at key k.
func (h *Hash) Get(k Value) (Value, bool) {
	i, ok := h.index[hashKey(k)]
	if !ok {
		return nil, false
	}
	return h.vals[i], true
}

// Set sets key k to v, keeping the key's first position. A string key is
// copied and frozen, as Ruby does.
func (h *Hash) Set(k, v Value) {
	hk := hashKey(k)
	if i, ok := h.index[hk]; ok {
		h.vals[i] = v
		return
	}
	if s, ok := k.(*String); ok && !s.Frozen {
		k = &String{S: s.S, Frozen: true}
	}
	h.index[hk] = len(h.keys)
	h.keys = append(h.keys, k)
	h.vals = append(h.vals, v)
}

// Delete removes key k and returns its value.
func (h *Hash) Delete(k Value) (Value, bool) {
	hk := hashKey(k)
	i, ok := h.index[hk]
	if !ok {
		return nil, false
	}
	v := h.vals[i]
	h.keys = append(h.keys[:i:i], h.keys[i+1:]...)
	h.vals = append(h.vals[:i:i], h.vals[i+1:]...)
	delete(h.index, hk)
	for j := i; j < len(h.keys); j++ {
		h.index[hashKey(h.keys[j])] = j
	}
	return v, true
}

// Keys returns the keys in order.
func (h *Hash) Keys() []Value { return h.keys }

// Values returns the values in key order.
func (h *Hash) Values() []Value { return h.vals }

func (h *Hash) dup() *Hash {
	n := NewHash()
	for i, k := range h.keys {
		n.Set(k, h.vals[i])
	}
	n.Default = h.Default
	return n
}

func (h *Hash) pairs() []Value {
	out := make([]Value, len(h.keys))
	for i, k := range h.keys {
		out[i] = NewArray(k, h.vals[i])
	}
	return out
}
