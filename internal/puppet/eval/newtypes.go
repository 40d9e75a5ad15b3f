package eval

import (
	"math"
	"math/big"
	"regexp"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource/rubyregexp"
)

// Puppet's new for the numeric, boolean and collection types: Float,
// Numeric, Boolean, Array (and Tuple), Hash (and Struct) and Regexp, each
// with the signatures of Puppet 7's new_float, new_numeric, new_boolean,
// new_array and new_hash and their errors.

// floatPattern is the Pattern of the strings Float.new and Numeric.new
// convert (Puppet's FLOAT_PATTERN), as Puppet prints it.
const floatPattern = `\A[+-]?\s*(?:(?:(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE]-?\d+)?)|(?:0[xX][0-9A-Fa-f]+)|(?:0[0-7]+)|(?:0[bB][01]+))\z`

var floatRe = regexp.MustCompile(`^[+-]?[ \t\r\n\f\v]*(?:(?:(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE]-?[0-9]+)?)|(?:0[xX][0-9A-Fa-f]+)|(?:0[0-7]+)|(?:0[bB][01]+))$`)

// newConversion converts k's arguments to an instance of t for the types
// this file knows; ok is false for the others.
func (c *Compiler) newConversion(k *call, t *Type) (v Value, ok bool, err error) {
	switch t.Name {
	case "Float", "Numeric":
		v, err = c.newNumber(k, t.Name)
	case "Boolean":
		v, err = newBoolean(k)
	case "Array", "Tuple":
		v, err = c.newArray(k)
	case "Hash", "Struct":
		v, err = c.newHash(k)
	case "Regexp":
		v, err = c.newRegexp(k)
	case "Timespan":
		if len(k.args) == 0 {
			return nil, true, failf("'new_timespan' expects between 1 and 7 arguments, got none")
		}
		return nil, false, nil
	case "Sensitive":
		if len(k.args) != 1 {
			return nil, true, failf("'new_Sensitive' expects 1 argument, got %s", countText(len(k.args)))
		}
		return nil, false, nil
	case "String":
		if len(k.args) < 1 || len(k.args) > 2 {
			return nil, true, failf("'new_string' expects between 1 and 2 arguments, got %s", countText(len(k.args)))
		}
		return nil, false, stringFormatsError(k.args)
	default:
		return nil, false, nil
	}
	return v, true, err
}

// numberConvertible reports whether Float.new and Numeric.new take v.
func numberConvertible(v Value) bool {
	switch x := v.(type) {
	case int64, float64, bool, *Timespan, *Timestamp:
		return true
	case string:
		return floatRe.MatchString(x)
	}
	return false
}

func (c *Compiler) newNumber(k *call, typ string) (Value, error) {
	fn := "new_" + strings.ToLower(typ)
	if len(k.args) < 1 || len(k.args) > 2 {
		return nil, failf("'%s' expects between 1 and 2 arguments, got %s", fn, countText(len(k.args)))
	}
	from, abs := k.args[0], false
	okArgs := numberConvertible(from)
	if len(k.args) == 2 {
		b, isBool := k.args[1].(bool)
		okArgs, abs = okArgs && isBool, b
		if !isBool {
			convertible := "Variant[Numeric, Boolean, Pattern[/" + floatPattern + "/], Timespan, Timestamp]"
			if typ == "Numeric" {
				convertible = "Variant[Integer, Float, Boolean, Pattern[/" + floatPattern + "/], Timespan, Timestamp]"
			}
			return nil, failf("The function '%s' was called with arguments it does not accept. It expects one of:\n"+
				"  (Convertible = %[2]s from, Boolean abs?)\n    rejected: parameter 'abs' expects a Boolean value, got %[3]s\n"+
				"  (NamedArgs = Struct[{'from' => Convertible = %[2]s, Optional['abs'] => Boolean}] hash_args)\n    rejected: expects 1 argument, got 2",
				fn, convertible, inferredTypeName(k.args[1]))
		}
	} else if h, isHash := from.(*Hash); isHash {
		// NamedArgs: {from => Convertible, Optional[abs] => Boolean}
		f, hasFrom := h.Get("from")
		a, hasAbs := h.Get("abs")
		_, absBool := a.(bool)
		if hasFrom && numberConvertible(f) && (!hasAbs || absBool) && h.Len() == map[bool]int{true: 2, false: 1}[hasAbs] {
			from, okArgs = f, true
			abs, _ = a.(bool)
		}
	}
	if !okArgs {
		if s, isStr := from.(string); isStr {
			return nil, failf("'%s' The string '%s' cannot be converted to %s", fn, s, typ)
		}
		return nil, failf("'%s' Value of type %s cannot be converted to %s", fn, generalizedType(from), typ)
	}
	var n Value
	switch x := from.(type) {
	case int64:
		n = x
		if typ == "Float" {
			n = float64(x)
		}
	case float64:
		n = x
	case bool:
		n = int64(0)
		if x {
			n = int64(1)
		}
		if typ == "Float" {
			n = float64(n.(int64))
		}
	case *Timespan:
		n = float64(x.D) / 1e9
	case *Timestamp:
		n = float64(x.T.UnixNano()) / 1e9
	case string:
		var err error
		if n, err = parseConvertible(x, typ); err != nil {
			return nil, err
		}
	}
	if abs {
		switch x := n.(type) {
		case int64:
			if x < 0 {
				n = -x
			}
		case float64:
			n = math.Abs(x)
		}
	}
	return n, nil
}

// parseConvertible is a string matching floatPattern as Float.new (a
// float: hex, binary and decimal digits, a leading zero not octal) or
// Numeric.new (an integer unless it has a fraction or an exponent; a
// leading zero octal) reads it.
func parseConvertible(s, typ string) (Value, error) {
	neg := false
	body := s
	if body != "" && (body[0] == '+' || body[0] == '-') {
		neg = body[0] == '-'
		body = body[1:]
	}
	body = strings.TrimLeft(body, " \t\r\n\f\v")
	var n Value
	lower := strings.ToLower(body)
	switch {
	case strings.HasPrefix(lower, "0x"), strings.HasPrefix(lower, "0b"):
		base := 16
		if lower[1] == 'b' {
			base = 2
		}
		i, ok := new(big.Int).SetString(body[2:], base)
		if !ok {
			return nil, failf("invalid value for Integer(): %q", s)
		}
		if typ == "Float" {
			f, _ := new(big.Float).SetInt(i).Float64()
			n = f
		} else {
			n = i.Int64()
		}
	case strings.ContainsAny(body, ".eE"):
		f, err := strconv.ParseFloat(body, 64)
		if err != nil {
			return nil, failf("invalid value for Float(): %q", s)
		}
		n = f
	default:
		base := 10
		if typ == "Numeric" && len(body) > 1 && body[0] == '0' {
			base = 8
		}
		i, ok := new(big.Int).SetString(body, base)
		if !ok {
			return nil, failf("invalid value for Integer(): %q", s)
		}
		if typ == "Float" {
			f, _ := new(big.Float).SetInt(i).Float64()
			n = f
		} else {
			n = i.Int64()
		}
	}
	if neg {
		switch x := n.(type) {
		case int64:
			n = -x
		case float64:
			n = -x
		}
	}
	return n, nil
}

// newBoolean is Boolean.new: numbers are true but for zero; the strings
// true, yes, y, false, no and n in any case.
func newBoolean(k *call) (Value, error) {
	if len(k.args) != 1 {
		return nil, failf("'new_boolean' expects 1 argument, got %s", countText(len(k.args)))
	}
	switch x := k.args[0].(type) {
	case bool:
		return x, nil
	case int64:
		return x != 0, nil
	case float64:
		return x != 0, nil
	case string:
		switch strings.ToLower(x) {
		case "true", "yes", "y":
			return true, nil
		case "false", "no", "n":
			return false, nil
		}
		return nil, failf("'new_boolean' The string '%s' cannot be converted to Boolean", x)
	}
	return nil, failf("'new_boolean' Value of type %s cannot be converted to Boolean", generalizedType(k.args[0]))
}

// newArray is Array.new (and Tuple.new): an array as it is, a hash's
// [key, value] pairs, a Binary's bytes, what an iterable yields; with
// wrap true, any value not an array in an array of its own.
func (c *Compiler) newArray(k *call) (Value, error) {
	if len(k.args) < 1 || len(k.args) > 2 {
		return nil, failf("'new_array' expects between 1 and 2 arguments, got %s", countText(len(k.args)))
	}
	from := k.args[0]
	if len(k.args) == 2 {
		wrap, isBool := k.args[1].(bool)
		if !isBool {
			return nil, failf("'new_array' parameter 'wrap' expects a Boolean value, got %s", inferredTypeName(k.args[1]))
		}
		if wrap {
			if arr, ok := from.([]Value); ok {
				return arr, nil
			}
			return []Value{from}, nil
		}
	}
	switch x := from.(type) {
	case []Value:
		return x, nil
	case *Hash:
		out := make([]Value, len(x.keys))
		for i, key := range x.keys {
			out[i] = []Value{key, x.vals[i]}
		}
		return out, nil
	case *Binary:
		out := make([]Value, len(x.B))
		for i, b := range x.B {
			out[i] = int64(b)
		}
		return out, nil
	}
	if _, vals, _, err := pairs(from); err == nil && iterableValue(from) {
		if vals == nil {
			vals = []Value{}
		}
		return vals, nil
	}
	return nil, failf("'new_array' Value of type %s cannot be converted to Array", generalizedType(from))
}

// iterableValue reports whether v is Iterable besides arrays and hashes:
// a string, a non-negative integer, a bounded Integer range or an Enum.
func iterableValue(v Value) bool {
	switch x := v.(type) {
	case string, *Iterator:
		return true
	case int64:
		return x >= 0
	case *Type:
		_, _, _, err := pairs(x)
		return err == nil
	}
	return false
}

// newHash is Hash.new (and Struct.new): a hash as it is, an array of
// [key, value] pairs, or an array of keys and values one after the
// other.
func (c *Compiler) newHash(k *call) (Value, error) {
	if len(k.args) < 1 || len(k.args) > 2 {
		return nil, failf("'new_hash' expects between 1 and 2 arguments, got %s", countText(len(k.args)))
	}
	from := k.args[0]
	if arr, ok := from.([]Value); ok && len(arr) > 0 && len(k.args) == 1 {
		tuples := true
		for _, e := range arr {
			if p, ok := e.([]Value); !ok || len(p) != 2 {
				tuples = false
				break
			}
		}
		if tuples {
			h := NewHash()
			for _, e := range arr {
				p := e.([]Value)
				h.Set(p[0], p[1])
			}
			return h, nil
		}
	}
	if len(k.args) == 2 {
		return c.newHashTree(k.args[0], k.args[1])
	}
	var flat []Value
	switch x := from.(type) {
	case *Hash:
		return x, nil
	case []Value:
		if len(x)%2 != 0 {
			return nil, failf("odd number of arguments for Hash")
		}
		flat = x
	default:
		if !iterableValue(from) {
			return nil, failf("Value of type %s cannot be converted to Hash", generalizedType(from))
		}
		_, flat, _, _ = pairs(from)
		if len(flat)%2 != 0 {
			return nil, failf("odd number of arguments for Hash")
		}
	}
	h := NewHash()
	for i := 0; i+1 < len(flat); i += 2 {
		h.Set(flat[i], flat[i+1])
	}
	return h, nil
}

// newRegexp is Regexp.new: a pattern, escaped first when escape is true.
func (c *Compiler) newRegexp(k *call) (Value, error) {
	if len(k.args) < 1 || len(k.args) > 2 {
		return nil, failf("'new_float' expects between 1 and 2 arguments, got %s", countText(len(k.args)))
	}
	src, ok := k.args[0].(string)
	if !ok {
		return nil, failf("'new_float' parameter 'pattern' expects a String value, got %s", inferredTypeName(k.args[0]))
	}
	if len(k.args) == 2 {
		escape, ok := k.args[1].(bool)
		if !ok {
			return nil, failf("'new_float' parameter 'escape' expects a Boolean value, got %s", inferredTypeName(k.args[1]))
		}
		if escape {
			src = rubyRegexpEscape(src)
		}
	}
	if _, err := rubyregexp.Compile(src); err != nil {
		// Ruby's message, as Puppet gives it.
		return nil, err
	}
	re, err := c.regexp(src)
	if err != nil {
		return nil, err
	}
	return &Regexp{Src: src, Re: re}, nil
}

// rubyRegexpEscape is Ruby's Regexp.escape.
func rubyRegexpEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch r {
		case '.', '*', '?', '+', '^', '$', '|', '(', ')', '[', ']', '{', '}', '\\', '-', ' ', '#':
			if r == ' ' {
				b.WriteString(`\ `)
				continue
			}
			b.WriteByte('\\')
			b.WriteRune(r)
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
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// stringFormat is the Pattern of String.new's formats, as Puppet prints
// it, and the same as a Go regular expression.
const stringFormat = `/^%([\s\[+#0{<(|-]*)([1-9][0-9]*)?(?:\.([0-9]+))?([a-zA-Z])$/`

// stringFormatRe reads a format: %[flags][width][.precision]conversion.
var stringFormatRe = lazyre.New(`^%([\s\[+#0{<(|-]*)([1-9][0-9]*)?(?:\.([0-9]+))?([a-zA-Z])$`)

// stringFormatsError is Puppet's error for String.new's second argument
// when it is not a format, a map of formats by type, or default; nil
// when it is one.
func stringFormatsError(args []Value) error {
	if len(args) < 2 {
		return nil
	}
	got := ""
	switch x := args[1].(type) {
	case Default:
		return nil
	case string:
		if x == "" {
			got = "String"
		} else if !stringFormatRe.MatchString(x) {
			return failf("The format '%s' is not a valid format on the form '%%<flags><width>.<prec><format>'", x)
		}
	case *Hash:
		for i, key := range x.keys {
			f, isStr := x.vals[i].(string)
			if _, isType := key.(*Type); !isType || !isStr || !stringFormatRe.MatchString(f) {
				got = "Hash"
				break
			}
		}
	default:
		got = inferredTypeName(x)
	}
	if got == "" {
		return nil
	}
	format := "Format = Pattern[" + stringFormat + "]"
	return failf("'new_string' parameter 'string_formats' expects a Formats = Variant[Default, String[1], TypeMap = Hash[Type, Variant[%s, "+
		"ContainerFormat = Struct[{Optional['format'] => %s, Optional['separator'] => String, Optional['separator2'] => String, "+
		"Optional['string_formats'] => Hash[Type, %s]}]]]] value, got %s", format, format, format, got)
}

// integerFormatError is Puppet's error for a format String.new cannot
// apply to an integer, or nil.
func integerFormatError(format string) error {
	m := stringFormatRe.FindStringSubmatch(format)
	if m == nil || strings.Contains("dxXobBeEfgGaAspc", m[4]) {
		return nil
	}
	return failf("Illegal format '%s' specified for value of Integer type - expected one of the characters 'dxXobBeEfgGaAspc'", m[4])
}

// booleanFormat is a Boolean as String.new writes it with the format
// character verb: yes/no (y), Yes/No (Y), true/false (t), True/False (T).
func booleanFormat(b bool, verb byte) (string, bool) {
	words := map[byte][2]string{'y': {"yes", "no"}, 'Y': {"Yes", "No"}, 't': {"true", "false"}, 'T': {"True", "False"},
		's': {"true", "false"}, 'p': {"true", "false"}}
	w, ok := words[verb]
	if !ok {
		return "", false
	}
	if b {
		return w[0], true
	}
	return w[1], true
}

// newHashTree is Hash.new(from, build_option): from an array of [path,
// value] pairs, a tree of hashes by path ('tree'), arrays made hashes
// too ('hash_tree').
func (c *Compiler) newHashTree(from, option Value) (Value, error) {
	arr, _ := from.([]Value)
	reason := ""
	for i, e := range arr {
		p, ok := e.([]Value)
		if !ok || len(p) != 2 {
			reason = "parameter 'from' index " + strconv.Itoa(i) + " expects a Tuple value, got " + inferredTypeName(e)
			break
		}
		if _, isArr := p[0].([]Value); !isArr {
			reason = "parameter 'from' index " + strconv.Itoa(i) + " index 0 expects an Array value, got " + inferredTypeName(p[0])
			break
		}
	}
	if len(arr) == 0 {
		reason = "parameter 'from' expects an Array[Tuple[Array, Any], 1] value, got " + inferredTypeName(from)
	}
	opt, _ := option.(string)
	if reason == "" && opt != "tree" && opt != "hash_tree" {
		reason = "parameter 'build_option' expects a match for NewHashOption = Enum['hash_tree', 'tree'], got " + Inspect(option)
	}
	if reason != "" {
		return nil, failf("The function 'new_hash' was called with arguments it does not accept. It expects one of:\n"+
			"  (TreeArray = Array[Tuple[Array, Any], 1] from, NewHashOption = Enum['hash_tree', 'tree'] build_option?)\n    rejected: %s\n"+
			"  (KeyValueArray = Array[Tuple[Any, Any], 1] from)\n    rejected: expects 1 argument, got 2\n"+
			"  (Any from)\n    rejected: expects 1 argument, got 2", reason)
	}
	asHash := func(v Value) Value {
		a, ok := v.([]Value)
		if !ok || opt != "hash_tree" {
			return v
		}
		h := NewHash()
		for i, e := range a {
			h.Set(int64(i), e)
		}
		return h
	}
	result := NewHash()
	for _, e := range arr {
		p := e.([]Value)
		path, value := p[0].([]Value), p[1]
		if len(path) == 0 {
			switch x := value.(type) {
			case []Value:
				for i, v := range x {
					result.Set(int64(i), v)
				}
			case *Hash:
				for i, key := range x.keys {
					result.Set(key, x.vals[i])
				}
			}
			continue
		}
		var node Value = result
		for _, idx := range path[:len(path)-1] {
			switch n := node.(type) {
			case *Hash:
				next, ok := n.Get(idx)
				if !ok {
					next = NewHash()
					n.Set(idx, next)
				}
				node = next
			case []Value:
				i, _ := idx.(int64)
				if i >= 0 && int(i) < len(n) {
					node = n[i]
				} else {
					node = nil
				}
			}
		}
		switch n := node.(type) {
		case *Hash:
			n.Set(path[len(path)-1], asHash(value))
		case []Value:
			if i, ok := path[len(path)-1].(int64); ok && i >= 0 && int(i) < len(n) {
				n[i] = asHash(value)
			}
		}
	}
	return result, nil
}
