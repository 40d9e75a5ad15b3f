package ruby

import (
	"errors"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/rubyyaml"
)

var (
	posInf = math.Inf(1)
	nan    = math.NaN()
)

// kernelNames are the Kernel functions a template can call bare.
var kernelNames = map[string]bool{
	"Array": true, "String": true, "Integer": true, "Float": true, "Hash": true,
	"format": true, "sprintf": true, "raise": true, "fail": true, "lambda": true,
	"proc": true, "loop": true, "require": true, "block_given?": true,
	"puts": true, "print": true, "p": true, "pp": true, "printf": true,
	"putc": true, "warn": true, "gets": true, "system": true, "exec": true,
	"exit": true, "abort": true, "sleep": true, "rand": true, "srand": true,
	"eval": true, "binding": true, "open": true, "catch": true, "throw": true,
}

// kernel runs a Kernel function called without a receiver.
func (in *interp) kernel(pos int, name string, args []Value, blk *Block) (Value, bool, error) {
	if !kernelNames[name] {
		return nil, false, nil
	}
	c := &Call{in: in, pos: pos}
	wrap := func(v Value, err error) (Value, bool, error) {
		if err != nil {
			var e *Error
			if errors.As(err, &e) && e.Offset < 0 {
				e.Offset = pos
			}
		}
		return v, true, err
	}
	switch name {
	case "Array":
		if err := arity(args, 1, 1); err != nil {
			return wrap(nil, err)
		}
		return wrap(toArrayKernel(args[0]), nil)
	case "String":
		if err := arity(args, 1, 1); err != nil {
			return wrap(nil, err)
		}
		s, err := in.toSCall(pos, args[0])
		return wrap(Str(s), err)
	case "Integer":
		if err := arity(args, 1, 2); err != nil {
			return wrap(nil, err)
		}
		return wrap(kernelInteger(args))
	case "Float":
		if err := arity(args, 1, 1); err != nil {
			return wrap(nil, err)
		}
		return wrap(kernelFloat(args[0]))
	case "Hash":
		if err := arity(args, 1, 1); err != nil {
			return wrap(nil, err)
		}
		switch h := args[0].(type) {
		case *Hash:
			return wrap(h, nil)
		case nil:
			return wrap(NewHash(), nil)
		case *Array:
			if len(h.Elems) == 0 {
				return wrap(NewHash(), nil)
			}
		}
		return wrap(nil, raise("TypeError", "can't convert %s into Hash", ClassName(args[0])))
	case "format", "sprintf":
		if len(args) == 0 {
			return wrap(nil, raise("ArgumentError", "too few arguments"))
		}
		fs, ok := args[0].(*String)
		if !ok {
			return wrap(nil, raise("TypeError", "no implicit conversion of %s into String", ClassName(args[0])))
		}
		s, err := in.sprintf(c, fs.S, args[1:])
		return wrap(Str(s), err)
	case "raise", "fail":
		if len(args) == 0 {
			return wrap(nil, raise("RuntimeError", "unhandled exception"))
		}
		if len(args) == 1 {
			if s, ok := args[0].(*String); ok {
				return wrap(nil, raise("RuntimeError", "%s", s.S))
			}
		}
		if cl, ok := args[0].(*Class); ok {
			msg := cl.Name
			if len(args) > 1 {
				msg = ToS(args[1])
			}
			return wrap(nil, raise(cl.Name, "%s", msg))
		}
		return wrap(nil, raise("TypeError", "exception class/object expected"))
	case "lambda", "proc":
		if blk == nil {
			return wrap(nil, raise("ArgumentError", "tried to create Proc object without a block"))
		}
		nb := *blk
		nb.lambda = name == "lambda"
		return wrap(&Proc{blk: &nb}, nil)
	case "loop":
		if blk == nil {
			return wrap(nil, unsupportedMethod(nil, "loop without a block"))
		}
		for {
			if _, err := blk.call(nil); err != nil {
				var j *jump
				if errors.As(err, &j) && j.kind == "break" && j.block == blk {
					return wrap(j.val, nil)
				}
				var e *Error
				if errors.As(err, &e) && e.Class == "StopIteration" {
					return wrap(nil, nil)
				}
				return wrap(nil, err)
			}
		}
	case "require":
		if err := arity(args, 1, 1); err != nil {
			return wrap(nil, err)
		}
		lib := ToS(args[0])
		if !requirable[lib] && !moduleLibraries[lib] {
			return wrap(nil, raise("NotImplementedError", "require '%s' is not supported in templates", lib))
		}
		// Puppet has these loaded already
		return wrap(false, nil)
	case "block_given?":
		return wrap(false, nil)
	case "puts", "print", "p", "pp", "printf", "putc", "warn":
		return wrap(nil, raise("NotImplementedError", "%s writes to Puppet's standard output, not the template; it is not supported in templates", name))
	default:
		return wrap(nil, raise("NotImplementedError", "Kernel#%s is not supported in templates", name))
	}
}

func arity(args []Value, lo, hi int) error {
	if len(args) < lo || hi >= 0 && len(args) > hi {
		want := strconv.Itoa(lo)
		if hi < 0 {
			want += "+"
		} else if hi != lo {
			want += ".." + strconv.Itoa(hi)
		}
		return raise("ArgumentError", "wrong number of arguments (given %d, expected %s)", len(args), want)
	}
	return nil
}

func toArrayKernel(v Value) Value {
	switch x := v.(type) {
	case nil:
		return NewArray()
	case *Array:
		return x
	case *Hash:
		return NewArray(x.pairs()...)
	case *Range:
		elems, err := rangeElems(x, -1)
		if err == nil {
			return NewArray(elems...)
		}
	}
	return NewArray(v)
}

func kernelInteger(args []Value) (Value, error) {
	switch x := args[0].(type) {
	case int64:
		return x, nil
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, raise("FloatDomainError", "%s", FormatFloat(x))
		}
		return floatToInt(x)
	case *String:
		base := 10
		if len(args) > 1 {
			b, ok := args[1].(int64)
			if !ok {
				return nil, raise("TypeError", "no implicit conversion into Integer")
			}
			base = int(b)
		}
		s := strings.ReplaceAll(strings.TrimSpace(x.S), "_", "")
		neg := false
		if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
			neg = s[0] == '-'
			s = s[1:]
		}
		if len(args) == 1 {
			switch {
			case strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X"):
				base, s = 16, s[2:]
			case strings.HasPrefix(s, "0b") || strings.HasPrefix(s, "0B"):
				base, s = 2, s[2:]
			case strings.HasPrefix(s, "0o") || strings.HasPrefix(s, "0O"):
				base, s = 8, s[2:]
			case len(s) > 1 && s[0] == '0':
				base, s = 8, s[1:]
			}
		}
		n, err := strconv.ParseInt(s, base, 64)
		if err != nil || s == "" {
			return nil, raise("ArgumentError", "invalid value for Integer(): %s", inspectString(x.S))
		}
		if neg {
			n = -n
		}
		return n, nil
	case nil:
		return nil, raise("TypeError", "can't convert nil into Integer")
	}
	return nil, raise("TypeError", "can't convert %s into Integer", ClassName(args[0]))
}

func kernelFloat(v Value) (Value, error) {
	switch x := v.(type) {
	case int64:
		return float64(x), nil
	case float64:
		return x, nil
	case *String:
		s := strings.ReplaceAll(strings.TrimSpace(x.S), "_", "")
		f, err := strconv.ParseFloat(s, 64)
		if err != nil || strings.ContainsAny(s, "xXpP") || strings.EqualFold(s, "inf") || strings.EqualFold(s, "nan") || strings.HasSuffix(s, ".") || strings.HasPrefix(s, ".") {
			return nil, raise("ArgumentError", "invalid value for Float(): %s", inspectString(x.S))
		}
		return f, nil
	case nil:
		return nil, raise("TypeError", "can't convert nil into Float")
	}
	return nil, raise("TypeError", "can't convert %s into Float", ClassName(v))
}

// dispatch finds and runs a method of recv.
func (in *interp) dispatch(c *Call, recv Value, name string, args []Value, blk *Block) (Value, error) {
	var v Value
	var err error
	switch r := recv.(type) {
	case *String:
		v, err = in.stringMethod(c, r, name, args, blk)
	case int64:
		v, err = in.intMethod(c, r, name, args, blk)
	case float64:
		v, err = in.floatMethod(c, r, name, args, blk)
	case *Array:
		v, err = in.arrayMethod(c, r, name, args, blk)
	case *Hash:
		v, err = in.hashMethod(c, r, name, args, blk)
	case Symbol:
		v, err = in.symbolMethod(c, r, name, args, blk)
	case *Range:
		v, err = in.rangeMethod(c, r, name, args, blk)
	case *Regexp:
		v, err = in.regexpMethod(c, r, name, args, blk)
	case *MatchData:
		v, err = in.matchMethod(c, r, name, args, blk)
	case *Class:
		v, err = in.classMethod(c, r, name, args, blk)
	case *Proc:
		switch name {
		case "call", "()", "yield", "[]", "===":
			v, err = r.blk.call(args)
			var j *jump
			if errors.As(err, &j) && j.kind == "return" && r.blk.lambda {
				return j.val, nil
			}
		case "to_proc":
			v = r
		case "arity", "lambda?":
			if name == "arity" {
				v = int64(r.blk.Arity())
			} else {
				v = r.blk.lambda
			}
		default:
			err = ErrNoMethod
		}
	case nil:
		v, err = nilMethod(name, args)
	case bool:
		v, err = boolMethod(r, name, args)
	case Object:
		v, err = r.Call(c, name, args, blk)
	default:
		err = ErrNoMethod
	}
	if errors.Is(err, ErrNoMethod) {
		return in.objectMethod(c, recv, name, args, blk)
	}
	return v, err
}

func nilMethod(name string, args []Value) (Value, error) {
	switch name {
	case "to_a":
		return NewArray(), nil
	case "to_s":
		return Str(""), nil
	case "to_i":
		return int64(0), nil
	case "to_f":
		return 0.0, nil
	case "to_h":
		return NewHash(), nil
	case "&":
		return false, nil
	case "|":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		return Truthy(args[0]), nil
	}
	return nil, ErrNoMethod
}

func boolMethod(b bool, name string, args []Value) (Value, error) {
	switch name {
	case "&":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		return b && Truthy(args[0]), nil
	case "|":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		return b || Truthy(args[0]), nil
	case "^":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		return b != Truthy(args[0]), nil
	}
	return nil, ErrNoMethod
}

// objectMethod runs the methods every object has.
func (in *interp) objectMethod(c *Call, recv Value, name string, args []Value, blk *Block) (Value, error) {
	one := func() error { return arity(args, 1, 1) }
	none := func() error { return arity(args, 0, 0) }
	switch name {
	case "nil?":
		return recv == nil, none()
	case "to_s":
		if err := none(); err != nil {
			return nil, err
		}
		return Str(ToS(recv)), nil
	case "inspect":
		return Str(Inspect(recv)), none()
	case "==", "eql?", "equal?":
		if err := one(); err != nil {
			return nil, err
		}
		if name == "eql?" {
			return hashKey(recv) == hashKey(args[0]), nil
		}
		return equal(recv, args[0]), nil
	case "!=":
		if err := one(); err != nil {
			return nil, err
		}
		eq, err := in.send(c.pos, recv, "==", args, nil)
		if err != nil {
			return nil, err
		}
		return !Truthy(eq), nil
	case "!":
		return !Truthy(recv), none()
	case "===":
		if err := one(); err != nil {
			return nil, err
		}
		return equal(recv, args[0]), nil
	case "=~":
		return nil, one()
	case "is_a?", "kind_of?", "instance_of?":
		if err := one(); err != nil {
			return nil, err
		}
		cl, ok := args[0].(*Class)
		if !ok {
			return nil, raise("TypeError", "class or module required")
		}
		if name == "instance_of?" {
			return classOf(recv).Name == cl.Name, nil
		}
		return isA(recv, cl), nil
	case "class":
		return classOf(recv), none()
	case "respond_to?":
		if err := arity(args, 1, 2); err != nil {
			return nil, err
		}
		m := ToS(args[0])
		return in.respondTo(c, recv, m), nil
	case "frozen?":
		switch r := recv.(type) {
		case *String:
			return r.Frozen, nil
		case *Array, *Hash:
			return false, nil
		}
		return true, nil
	case "freeze":
		if s, ok := recv.(*String); ok {
			s.Frozen = true
		}
		return recv, nil
	case "dup", "clone":
		switch r := recv.(type) {
		case *String:
			return Str(r.S), nil
		case *Array:
			return NewArray(append([]Value(nil), r.Elems...)...), nil
		case *Hash:
			return r.dup(), nil
		}
		return recv, nil
	case "itself":
		return recv, none()
	case "then", "yield_self":
		if blk == nil {
			return recv, nil
		}
		return blk.call([]Value{recv})
	case "tap":
		if blk == nil {
			return nil, raise("LocalJumpError", "no block given (yield)")
		}
		_, err := blk.call([]Value{recv})
		return recv, err
	case "send", "public_send", "__send__":
		if len(args) == 0 {
			return nil, raise("ArgumentError", "no method name given")
		}
		return in.send(c.pos, recv, ToS(args[0]), args[1:], blk)
	case "instance_variables":
		if recv == in.host.Self && len(args) == 0 {
			return in.instanceVariables(), nil
		}
		return nil, unsupportedMethod(recv, name)
	case "instance_variable_get":
		if err := one(); err != nil {
			return nil, err
		}
		if recv == in.host.Self {
			return in.ivar(strings.TrimPrefix(ToS(args[0]), "@")), nil
		}
	case "hash":
		return int64(len(hashKey(recv))), nil
	case "to_json":
		js, err := jsonGenerate(recv, jsonStyle{})
		return Str(js), err
	case "to_yaml":
		if len(args) > 0 {
			return nil, raise("NotImplementedError", "to_yaml with options is not supported in templates")
		}
		tree, err := yamlTree(recv)
		if err != nil {
			return nil, err
		}
		return Str(rubyyaml.Dump(tree)), nil
	case "<=>":
		if err := one(); err != nil {
			return nil, err
		}
		if equal(recv, args[0]) {
			return int64(0), nil
		}
		return nil, nil
	case "extend":
		return in.extendStandIn(recv, args)
	case "method", "instance_variable_set", "instance_eval", "instance_exec", "define_singleton_method", "eval":
		return nil, unsupportedMethod(recv, name)
	}
	return nil, ErrNoMethod
}

// respondTo reports whether recv has method m; for built-in values it tries
// the method's dispatch with no arguments where that is harmless.
func (in *interp) respondTo(c *Call, recv Value, m string) bool {
	switch m {
	case "nil?", "to_s", "inspect", "==", "!=", "is_a?", "kind_of?", "class", "respond_to?", "frozen?", "dup", "send", "tap", "then":
		return true
	}
	if o, ok := recv.(interface{ RespondTo(string) bool }); ok {
		return o.RespondTo(m)
	}
	cls := classOf(recv)
	for k := cls; k != nil; k = k.Parent {
		if methodTable[k.Name][m] {
			return true
		}
	}
	return false
}

// methodTable lists the methods of the built-in classes, for respond_to?.
var methodTable = buildMethodTable()

func buildMethodTable() map[string]map[string]bool {
	methodTable := map[string]map[string]bool{}
	add := func(class, names string) {
		set := map[string]bool{}
		for _, n := range strings.Fields(names) {
			set[n] = true
		}
		methodTable[class] = set
	}
	add("String", "+ * % == =~ [] << <=> =~ capitalize center chars chomp chop concat count delete downcase each_char each_line empty? end_with? gsub include? index length lines ljust lstrip match match? ord prepend replace reverse rjust rstrip scan size slice split squeeze start_with? strip sub succ swapcase to_f to_i to_s to_str to_sym tr upcase unpack encoding force_encoding bytes bytesize hex oct")
	add("Integer", "+ - * / % ** abs ceil chr div divmod downto even? fdiv floor modulo next odd? pred round succ times to_f to_i to_int to_s upto zero? integer? between? clamp")
	add("Float", "+ - * / % ** abs ceil divmod floor nan? infinite? finite? round to_f to_i to_int to_s truncate zero? between? clamp")
	add("Array", "+ - * & | << <=> == [] []= all? any? assoc at clear collect compact compact! concat count cycle delete delete_at delete_if detect drop each each_index each_slice each_with_index each_with_object empty? fetch fill filter find find_all find_index first flat_map flatten group_by include? index inject insert join keep_if last length map map! max max_by min min_by minmax none? one? partition pop push reduce reject reverse reverse_each rindex rotate sample select shift shuffle size slice sort sort! sort_by sum take take_while to_a to_ary to_h transpose uniq uniq! unshift values_at zip")
	add("Hash", "[] []= any? all? count delete delete_if dig each each_key each_pair each_value each_with_index empty? fetch filter find has_key? has_value? include? inject invert keep_if key key? keys length map member? merge merge! min_by max_by reject reduce select size sort sort_by store sum to_a to_h transform_keys transform_values update value? values values_at")
	add("Symbol", "<=> == [] capitalize downcase empty? length size to_proc to_s to_sym upcase")
	add("Range", "== === each first last begin end include? member? cover? min max size count step to_a to_s inspect map select reject sum exclude_end?")
	add("NilClass", "to_a to_s to_i to_f to_h & |")
	return methodTable
}

// equal is Ruby's ==.
func equal(a, b Value) bool { return equalIn(a, b, nil) }

// pair is two arrays or hashes being compared.
type pair struct{ a, b Value }

// onPairPath reports whether a and b are being compared already, further
// out: Ruby then takes them as equal, or compares only their lengths.
func onPairPath(path []pair, a, b Value) bool {
	for _, p := range path {
		if p.a == a && p.b == b {
			return true
		}
	}
	return false
}

// equalIn is equal inside the comparisons of path, so that arrays and
// hashes holding themselves compare as in Ruby instead of without end.
func equalIn(a, b Value, path []pair) bool {
	switch a.(type) {
	case *Array, *Hash:
		if a == b || onPairPath(path, a, b) {
			return true
		}
		path = append(path, pair{a, b})
	}
	switch x := a.(type) {
	case nil:
		return b == nil
	case bool:
		y, ok := b.(bool)
		return ok && x == y
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
	case *String:
		y, ok := b.(*String)
		return ok && x.S == y.S
	case Symbol:
		y, ok := b.(Symbol)
		return ok && x == y
	case *Array:
		y, ok := b.(*Array)
		if !ok || len(x.Elems) != len(y.Elems) {
			return false
		}
		for i := range x.Elems {
			if !equalIn(x.Elems[i], y.Elems[i], path) {
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
			v, ok := y.Get(k)
			if !ok || !equalIn(x.vals[i], v, path) {
				return false
			}
		}
		return true
	case *Range:
		y, ok := b.(*Range)
		return ok && x.Excl == y.Excl && equal(x.Lo, y.Lo) && equal(x.Hi, y.Hi)
	case *Regexp:
		y, ok := b.(*Regexp)
		return ok && x.Source == y.Source && x.Flags == y.Flags
	case *Class:
		y, ok := b.(*Class)
		return ok && x.Name == y.Name
	}
	if e, ok := a.(interface{ Equal(Value) bool }); ok {
		return e.Equal(b)
	}
	return a == b
}

// compare is Ruby's <=> for sorting; ok is false when the values do not
// compare (Ruby raises "comparison of X with Y failed").
func compare(a, b Value) (int, bool) { return compareIn(a, b, nil) }

// compareIn is compare inside the comparisons of path: two arrays met
// again further in compare by their lengths alone, as in Ruby.
func compareIn(a, b Value, path []pair) (int, bool) {
	switch x := a.(type) {
	case int64:
		switch y := b.(type) {
		case int64:
			return cmp3(x < y, x > y), true
		case float64:
			if math.IsNaN(y) {
				return 0, false
			}
			return cmp3(float64(x) < y, float64(x) > y), true
		}
	case float64:
		if math.IsNaN(x) {
			return 0, false
		}
		switch y := b.(type) {
		case int64:
			return cmp3(x < float64(y), x > float64(y)), true
		case float64:
			if math.IsNaN(y) {
				return 0, false
			}
			return cmp3(x < y, x > y), true
		}
	case *String:
		if y, ok := b.(*String); ok {
			return strings.Compare(x.S, y.S), true
		}
	case Symbol:
		if y, ok := b.(Symbol); ok {
			return strings.Compare(string(x), string(y)), true
		}
	case *Array:
		y, ok := b.(*Array)
		if !ok {
			return 0, false
		}
		if x == y {
			return 0, true
		}
		if onPairPath(path, x, y) {
			return cmp3(len(x.Elems) < len(y.Elems), len(x.Elems) > len(y.Elems)), true
		}
		path = append(path, pair{x, y})
		for i := 0; i < len(x.Elems) && i < len(y.Elems); i++ {
			c, ok := compareIn(x.Elems[i], y.Elems[i], path)
			if !ok {
				return 0, false
			}
			if c != 0 {
				return c, true
			}
		}
		return cmp3(len(x.Elems) < len(y.Elems), len(x.Elems) > len(y.Elems)), true
	case nil:
		if b == nil {
			return 0, true
		}
	case bool:
		if y, ok := b.(bool); ok && x == y {
			return 0, true
		}
	}
	return 0, false
}

func cmp3(less, greater bool) int {
	switch {
	case less:
		return -1
	case greater:
		return 1
	}
	return 0
}

func comparisonFailed(a, b Value) error {
	bd := ClassName(b)
	switch b.(type) {
	case nil, bool, int64, float64:
		bd = Inspect(b)
	}
	return raise("ArgumentError", "comparison of %s with %s failed", ClassName(a), bd)
}

// sortValues sorts with <=>, or with a block returning -1, 0 or 1.
func (in *interp) sortValues(elems []Value, blk *Block) ([]Value, error) {
	out := append([]Value(nil), elems...)
	var err error
	sort.SliceStable(out, func(i, j int) bool {
		if err != nil {
			return false
		}
		if i > j {
			// compare in the order of the array, as Ruby's messages show
			c, ok := compare(out[j], out[i])
			if !ok && blk == nil {
				err = comparisonFailed(out[j], out[i])
				return false
			}
			if blk == nil {
				return c > 0
			}
		}
		if blk != nil {
			r, e := blk.call([]Value{out[i], out[j]})
			if e != nil {
				err = e
				return false
			}
			n, ok := r.(int64)
			if !ok {
				err = raise("ArgumentError", "comparison of %s with %s failed", ClassName(out[i]), ClassName(out[j]))
				return false
			}
			return n < 0
		}
		c, ok := compare(out[i], out[j])
		if !ok {
			err = comparisonFailed(out[i], out[j])
			return false
		}
		return c < 0
	})
	return out, err
}

func rangeElems(r *Range, pos int) ([]Value, error) {
	switch lo := r.Lo.(type) {
	case int64:
		var hi int64
		switch h := r.Hi.(type) {
		case int64:
			hi = h
		case float64:
			hi = int64(math.Floor(h))
			if r.Excl && float64(hi) == h {
				hi--
			}
			r = &Range{Lo: lo, Hi: hi}
		default:
			return nil, &Error{Offset: pos, Class: "RangeError", Msg: "cannot convert endless range to an array"}
		}
		if r.Excl {
			hi--
		}
		if hi-lo > 10_000_000 {
			return nil, &Error{Offset: pos, Class: "RangeError", Msg: "range too large"}
		}
		var out []Value
		for i := lo; i <= hi; i++ {
			out = append(out, i)
		}
		return out, nil
	case *String:
		hi, ok := r.Hi.(*String)
		if !ok {
			return nil, &Error{Offset: pos, Class: "TypeError", Msg: "can't iterate from String"}
		}
		var out []Value
		s := lo.S
		for n := 0; n < 100000; n++ {
			if r.Excl && s == hi.S {
				break
			}
			if len(s) > len(hi.S) {
				break
			}
			out = append(out, Str(s))
			if s == hi.S {
				break
			}
			s = strSucc(s)
		}
		return out, nil
	}
	return nil, &Error{Offset: pos, Class: "TypeError", Msg: "can't iterate from " + ClassName(r.Lo)}
}
