package ruby

import (
	"math"
	"math/bits"
	"strconv"
	"strings"
)

func coerceErr(v Value, into string) error {
	switch v.(type) {
	case nil:
		return raise("TypeError", "nil can't be coerced into %s", into)
	case bool, *String, *Array, *Hash, Symbol:
		return raise("TypeError", "%s can't be coerced into %s", ClassName(v), into)
	}
	return raise("TypeError", "%s can't be coerced into %s", ClassName(v), into)
}

func overflow(op string) error {
	return raise("NotImplementedError", "integer arithmetic beyond 64 bits (%s) is not supported in templates", op)
}

func (in *interp) intMethod(c *Call, n int64, name string, args []Value, blk *Block) (Value, error) {
	if len(args) == 1 {
		if _, ok := args[0].(float64); ok && isFloatPromoting(name) {
			return in.floatMethod(c, float64(n), name, args, blk)
		}
	}
	binary := func() (int64, error) {
		if err := arity(args, 1, 1); err != nil {
			return 0, err
		}
		m, ok := args[0].(int64)
		if !ok {
			return 0, coerceErr(args[0], "Integer")
		}
		return m, nil
	}
	switch name {
	case "+", "-", "*":
		m, err := binary()
		if err != nil {
			return nil, err
		}
		switch name {
		case "+":
			r := n + m
			if (r > n) != (m > 0) {
				return nil, overflow(name)
			}
			return r, nil
		case "-":
			r := n - m
			if (r < n) != (m > 0) {
				return nil, overflow(name)
			}
			return r, nil
		}
		hi, lo := bits.Mul64(uint64(abs64(n)), uint64(abs64(m)))
		if hi != 0 || lo > math.MaxInt64 {
			return nil, overflow(name)
		}
		return n * m, nil
	case "/", "div", "%", "modulo", "divmod":
		m, err := binary()
		if err != nil {
			return nil, err
		}
		if m == 0 {
			return nil, raise("ZeroDivisionError", "divided by 0")
		}
		q, r := n/m, n%m
		if r != 0 && (r < 0) != (m < 0) {
			q--
			r += m
		}
		switch name {
		case "/", "div":
			return q, nil
		case "divmod":
			return NewArray(q, r), nil
		}
		return r, nil
	case "**", "pow":
		m, err := binary()
		if err != nil {
			return nil, err
		}
		if m < 0 {
			return nil, unsupportedMethod(n, "** with a negative exponent (a Rational)")
		}
		r := int64(1)
		for i := int64(0); i < m; i++ {
			hi, lo := bits.Mul64(uint64(abs64(r)), uint64(abs64(n)))
			if hi != 0 || lo > math.MaxInt64 {
				return nil, overflow(name)
			}
			r *= n
		}
		return r, nil
	case "fdiv":
		m, err := binary()
		if err != nil {
			return nil, err
		}
		return float64(n) / float64(m), nil
	case "&", "|", "^", "<<", ">>":
		m, err := binary()
		if err != nil {
			return nil, err
		}
		switch name {
		case "&":
			return n & m, nil
		case "|":
			return n | m, nil
		case "^":
			return n ^ m, nil
		case "<<":
			if m > 62 {
				return nil, overflow(name)
			}
			return n << m, nil
		}
		return n >> m, nil
	case "<", "<=", ">", ">=":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		cm, ok := compare(n, args[0])
		if !ok {
			return nil, comparisonFailed(n, args[0])
		}
		return cmpOp(name, cm), nil
	case "<=>":
		cm, ok := compare(n, args[0])
		if !ok {
			return nil, nil
		}
		return int64(cm), nil
	case "==", "===":
		return equal(n, args[0]), nil
	case "-@":
		return -n, nil
	case "+@":
		return n, nil
	case "~":
		return ^n, nil
	case "abs", "magnitude":
		return abs64(n), nil
	case "to_i", "to_int", "floor", "ceil", "round", "truncate", "ord":
		if len(args) == 1 && (name == "round" || name == "floor" || name == "ceil") {
			d, err := intArg(args[0])
			if err != nil {
				return nil, err
			}
			if d < 0 {
				p := int64(math.Pow10(int(-d)))
				switch name {
				case "floor":
					return n - ((n%p)+p)%p, nil
				case "ceil":
					r := ((n % p) + p) % p
					if r == 0 {
						return n, nil
					}
					return n - r + p, nil
				}
				return int64(math.Round(float64(n)/float64(p))) * p, nil
			}
		}
		return n, nil
	case "to_f":
		return float64(n), nil
	case "to_s", "inspect":
		base := int64(10)
		if len(args) == 1 {
			var err error
			if base, err = intArg(args[0]); err != nil {
				return nil, err
			}
			if base < 2 || base > 36 {
				return nil, raise("ArgumentError", "invalid radix %d", base)
			}
		}
		return Str(strconv.FormatInt(n, int(base))), nil
	case "chr":
		if n < 0 || n > 255 {
			return nil, raise("RangeError", "%d out of char range", n)
		}
		return Str(string([]byte{byte(n)})), nil
	case "even?":
		return n%2 == 0, nil
	case "odd?":
		return n%2 != 0, nil
	case "zero?":
		return n == 0, nil
	case "positive?":
		return n > 0, nil
	case "negative?":
		return n < 0, nil
	case "nonzero?":
		if n == 0 {
			return nil, nil
		}
		return n, nil
	case "succ", "next":
		return n + 1, nil
	case "pred":
		return n - 1, nil
	case "integer?", "finite?":
		return true, nil
	case "infinite?":
		return nil, nil
	case "step":
		if len(args) < 1 || len(args) > 2 {
			return nil, arity(args, 1, 2)
		}
		limit, err := intArg(args[0])
		if err != nil {
			return nil, err
		}
		by := int64(1)
		if len(args) == 2 {
			if by, err = intArg(args[1]); err != nil {
				return nil, err
			}
		}
		if by == 0 {
			return nil, raise("ArgumentError", "step can't be 0")
		}
		var seq []Value
		for i := n; (by > 0 && i <= limit || by < 0 && i >= limit) && len(seq) < 10_000_000; i += by {
			seq = append(seq, i)
		}
		if blk == nil {
			return &enumerator{recv: n, method: "step", elems: seq}, nil
		}
		for _, v := range seq {
			if _, err := blk.call([]Value{v}); err != nil {
				return nil, err
			}
		}
		return n, nil
	case "times":
		if blk == nil {
			var seq []Value
			for i := int64(0); i < n && i < 10_000_000; i++ {
				seq = append(seq, i)
			}
			return &enumerator{recv: n, method: "times", elems: seq}, nil
		}
		for i := int64(0); i < n; i++ {
			if _, err := blk.call([]Value{i}); err != nil {
				return nil, err
			}
		}
		return n, nil
	case "upto", "downto":
		m, err := binary()
		if err != nil {
			return nil, err
		}
		if blk == nil {
			var seq []Value
			if name == "upto" {
				for i := n; i <= m && len(seq) < 10_000_000; i++ {
					seq = append(seq, i)
				}
			} else {
				for i := n; i >= m && len(seq) < 10_000_000; i-- {
					seq = append(seq, i)
				}
			}
			return &enumerator{recv: n, method: name, elems: seq}, nil
		}
		if name == "upto" {
			for i := n; i <= m; i++ {
				if _, err := blk.call([]Value{i}); err != nil {
					return nil, err
				}
			}
		} else {
			for i := n; i >= m; i-- {
				if _, err := blk.call([]Value{i}); err != nil {
					return nil, err
				}
			}
		}
		return n, nil
	case "between?":
		if err := arity(args, 2, 2); err != nil {
			return nil, err
		}
		c1, ok1 := compare(n, args[0])
		c2, ok2 := compare(n, args[1])
		if !ok1 || !ok2 {
			return nil, comparisonFailed(n, args[0])
		}
		return c1 >= 0 && c2 <= 0, nil
	case "clamp":
		if err := arity(args, 2, 2); err != nil {
			return nil, err
		}
		if c1, _ := compare(n, args[0]); c1 < 0 {
			return args[0], nil
		}
		if c2, _ := compare(n, args[1]); c2 > 0 {
			return args[1], nil
		}
		return n, nil
	case "size":
		return int64(8), nil
	case "hash":
		return n, nil
	case "digits":
		var out []Value
		m := abs64(n)
		for {
			out = append(out, m%10)
			m /= 10
			if m == 0 {
				break
			}
		}
		return NewArray(out...), nil
	}
	return nil, ErrNoMethod
}

func abs64(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

func (in *interp) floatMethod(c *Call, f float64, name string, args []Value, blk *Block) (Value, error) {
	num := func() (float64, error) {
		if err := arity(args, 1, 1); err != nil {
			return 0, err
		}
		switch x := args[0].(type) {
		case int64:
			return float64(x), nil
		case float64:
			return x, nil
		}
		return 0, coerceErr(args[0], "Float")
	}
	switch name {
	case "+", "-", "*", "/", "**", "%", "modulo", "fdiv", "quo":
		g, err := num()
		if err != nil {
			return nil, err
		}
		switch name {
		case "+":
			return f + g, nil
		case "-":
			return f - g, nil
		case "*":
			return f * g, nil
		case "/", "fdiv", "quo":
			return f / g, nil
		case "**":
			if f < 0 && g != math.Trunc(g) {
				return nil, raise("NotImplementedError", "a negative Float to a fractional power (a Complex) is not supported in templates")
			}
			return powFloat(f, g), nil
		}
		_, mod, err := floatDivmod(f, g)
		return mod, err
	case "divmod", "div":
		g, err := num()
		if err != nil {
			return nil, err
		}
		if name == "div" {
			if g == 0 {
				return nil, raise("ZeroDivisionError", "divided by 0")
			}
			return floatToInt(math.Floor(f / g))
		}
		div, mod, err := floatDivmod(f, g)
		if err != nil {
			return nil, err
		}
		q, err := floatToInt(div)
		if err != nil {
			return nil, err
		}
		return NewArray(q, mod), nil
	case "<", "<=", ">", ">=":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		cm, ok := compare(f, args[0])
		if !ok {
			if _, isNum := args[0].(int64); isNum {
				return false, nil
			}
			if _, isNum := args[0].(float64); isNum {
				return false, nil
			}
			return nil, comparisonFailed(f, args[0])
		}
		return cmpOp(name, cm), nil
	case "<=>":
		cm, ok := compare(f, args[0])
		if !ok {
			return nil, nil
		}
		return int64(cm), nil
	case "==", "===":
		return equal(f, args[0]), nil
	case "-@":
		return -f, nil
	case "+@":
		return f, nil
	case "abs", "magnitude":
		return math.Abs(f), nil
	case "to_f":
		return f, nil
	case "to_i", "to_int", "truncate":
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, raise("FloatDomainError", "%s", FormatFloat(f))
		}
		if len(args) == 1 && name == "truncate" {
			return roundDigits(f, args[0], math.Trunc, false)
		}
		return floatToInt(f)
	case "floor", "ceil", "round":
		fn := map[string]func(float64) float64{"floor": math.Floor, "ceil": math.Ceil, "round": roundHalfAway}[name]
		if len(args) == 1 {
			if h, ok := args[0].(*Hash); ok {
				_ = h
				return nil, unsupportedMethod(f, name+" with options")
			}
			return roundDigits(f, args[0], fn, name == "round")
		}
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, raise("FloatDomainError", "%s", FormatFloat(f))
		}
		return floatToInt(fn(f))
	case "to_s", "inspect":
		return Str(FormatFloat(f)), nil
	case "nan?":
		return math.IsNaN(f), nil
	case "infinite?":
		if math.IsInf(f, 1) {
			return int64(1), nil
		}
		if math.IsInf(f, -1) {
			return int64(-1), nil
		}
		return nil, nil
	case "finite?":
		return !math.IsInf(f, 0) && !math.IsNaN(f), nil
	case "zero?":
		return f == 0, nil
	case "positive?":
		return f > 0, nil
	case "negative?":
		return f < 0, nil
	case "integer?":
		return false, nil
	case "between?":
		if err := arity(args, 2, 2); err != nil {
			return nil, err
		}
		c1, ok1 := compare(f, args[0])
		c2, ok2 := compare(f, args[1])
		if !ok1 || !ok2 {
			return nil, comparisonFailed(f, args[0])
		}
		return c1 >= 0 && c2 <= 0, nil
	case "hash":
		return int64(math.Float64bits(f)), nil
	}
	return nil, ErrNoMethod
}

func roundHalfAway(f float64) float64 { return math.Round(f) }

// roundDigits rounds to a number of decimal digits: a Float for positive
// digits, an Integer otherwise.
func roundDigits(f float64, digits Value, fn func(float64) float64, isRound bool) (Value, error) {
	d, err := intArg(digits)
	if err != nil {
		return nil, err
	}
	if d > 0 {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			return f, nil
		}
		if d >= 16 {
			return f, nil
		}
		if isRound {
			// decimal rounding of the shortest representation, as Ruby's
			// round does for ties such as 2.675
			return roundFloat(f, int(d)), nil
		}
		p := math.Pow10(int(d))
		s := strconv.FormatFloat(f, 'f', -1, 64)
		if dot := strings.IndexByte(s, '.'); dot < 0 || len(s)-dot-1 <= int(d) {
			return f, nil
		}
		return fn(f*p) / p, nil
	}
	p := math.Pow10(int(-d))
	return floatToInt(fn(f/p) * p)
}

func (in *interp) classMethod(c *Call, cl *Class, name string, args []Value, blk *Block) (Value, error) {
	switch name {
	case "name", "to_s", "inspect":
		return Str(cl.Name), nil
	case "===":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		return isA(args[0], cl), nil
	case "==":
		return equal(cl, args[0]), nil
	case "new":
		switch cl {
		case ClassArray:
			if len(args) == 0 {
				return NewArray(), nil
			}
			n, err := intArg(args[0])
			if err != nil {
				return nil, err
			}
			out := make([]Value, n)
			for i := range out {
				if blk != nil {
					v, err := blk.call([]Value{int64(i)})
					if err != nil {
						return nil, err
					}
					out[i] = v
				} else if len(args) > 1 {
					out[i] = args[1]
				}
			}
			return NewArray(out...), nil
		case ClassHash:
			h := NewHash()
			if len(args) == 1 {
				h.Default = args[0]
			}
			h.defaultProc = blk
			return h, nil
		case ClassString:
			if len(args) == 0 {
				return Str(""), nil
			}
			s, err := strArg(args[0])
			return Str(s), err
		}
	case "escape", "quote":
		if cl == ClassRegexp {
			s, err := strArg(args[0])
			return Str(QuoteRegexp(s)), err
		}
	case "union":
		if cl == ClassRegexp {
			var parts []string
			list := args
			if len(args) == 1 {
				if a, ok := args[0].(*Array); ok {
					list = a.Elems
				}
			}
			for _, x := range list {
				switch v := x.(type) {
				case *Regexp:
					parts = append(parts, v.toS())
				default:
					s, err := strArg(x)
					if err != nil {
						return nil, err
					}
					parts = append(parts, QuoteRegexp(s))
				}
			}
			return NewRegexp(strings.Join(parts, "|"), "")
		}
	case "last_match":
		if cl == ClassRegexp {
			m, _ := in.globals["~"].(*MatchData)
			if m == nil {
				return nil, nil
			}
			if len(args) == 1 {
				n, err := intArg(args[0])
				if err != nil {
					return nil, err
				}
				return m.groupValue(int(n)), nil
			}
			return m, nil
		}
	case "[]":
		if cl == ClassArray {
			return NewArray(args...), nil
		}
		if cl == ClassHash && len(args) == 1 {
			if h, ok := args[0].(*Hash); ok {
				return h.dup(), nil
			}
			if a, ok := args[0].(*Array); ok {
				return in.enumMethod(c, a, a.Elems, "to_h", nil, nil)
			}
		}
	case "superclass":
		if cl.Parent == nil {
			return nil, nil
		}
		return cl.Parent, nil
	}
	return nil, ErrNoMethod
}

// isFloatPromoting reports whether Integer#name with a Float argument
// computes in Float.
func isFloatPromoting(name string) bool {
	switch name {
	case "+", "-", "*", "/", "%", "**", "<", "<=", ">", ">=", "<=>", "==", "fdiv", "divmod", "modulo", "div":
		return true
	}
	return false
}

// floatToInt truncates f to an Integer; one beyond 64 bits would be a
// Bignum, which this interpreter does not have.
func floatToInt(f float64) (int64, error) {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return 0, raise("FloatDomainError", "%s", FormatFloat(f))
	}
	if f >= 9223372036854775807 || f < -9223372036854775808 {
		return 0, overflow("Float to Integer")
	}
	return int64(f), nil
}

// floatDivmod is Ruby's flodivmod: the remainder from fmod, the quotient
// rounded from (x - mod) / y, both corrected to the sign of y.
func floatDivmod(x, y float64) (float64, float64, error) {
	if y == 0 {
		return 0, 0, raise("ZeroDivisionError", "divided by 0")
	}
	var mod float64
	if x == 0 || math.IsInf(y, 0) && !math.IsInf(x, 0) {
		mod = x
	} else {
		mod = math.Mod(x, y)
	}
	var div float64
	if math.IsInf(x, 0) && !math.IsInf(y, 0) {
		div = x
	} else {
		div = math.Round((x - mod) / y)
	}
	if y*mod < 0 {
		mod += y
		div--
	}
	return div, mod, nil
}
