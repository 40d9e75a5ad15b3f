package eval

import (
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/puppet/ast"
)

// numericString is Puppet's pattern of a string that arithmetic takes as
// a number: blanks around it and after its sign, hex, octal (a leading
// 0), decimal, and floats with a fraction or an exponent.
var numericString = lazyre.New(`\A[ \t]*([-+]?)[ \t]*((0[xX][0-9A-Fa-f]+)|(0?[0-9]+)((?:\.[0-9]+)?(?:[eE]-?[0-9]+)?))[ \t]*\z`)

// coerceNumeric is Puppet's coerce_numeric: a number as it is, a string
// that reads as one converted (Utils.to_n), anything else not a number.
func coerceNumeric(v Value) (Value, bool) {
	switch x := v.(type) {
	case int64, float64:
		return v, true
	case string:
		m := numericString.FindStringSubmatch(strings.TrimPrefix(x, "::"))
		if m == nil {
			return nil, false
		}
		neg := m[1] == "-"
		if m[5] != "" {
			f, err := strconv.ParseFloat(m[2], 64)
			if err != nil {
				return nil, false
			}
			if neg {
				f = -f
			}
			return f, true
		}
		base, digits := 10, m[2]
		switch {
		case m[3] != "":
			base, digits = 16, m[2][2:]
		case len(m[4]) > 1 && m[4][0] == '0':
			base = 8
		}
		n, err := strconv.ParseInt(digits, base, 64)
		if err != nil {
			return nil, false // Ruby's Integer() refuses 09, and Puppet with it
		}
		if neg {
			n = -n
		}
		return n, true
	}
	return nil, false
}

// notNumeric is Puppet's error for an operand that is not a number,
// showing it as Ruby's to_s does.
func notNumeric(v Value, at sourceRange) error {
	return errAt(at, "The value '%s' cannot be converted to Numeric.", rubyString(v))
}

// unfold is what the splat operator makes of a value: undef nothing, an
// array itself, a hash its pairs, anything else itself alone.
func unfold(v Value) []Value {
	switch x := v.(type) {
	case nil:
		return []Value{}
	case []Value:
		return x
	case *Hash:
		out := make([]Value, len(x.keys))
		for i, k := range x.keys {
			out[i] = []Value{k, x.vals[i]}
		}
		return out
	}
	return []Value{v}
}

// numericArith applies a numeric operator to two numbers as Ruby does,
// with Puppet's checks: integer results within 64 bits, no infinite
// float results, no float modulo.
func numericArith(op ast.BinaryOp, l, r Value, rng, lrng, rrng sourceRange) (Value, error) {
	li, lint := l.(int64)
	ri, rint := r.(int64)
	lf, _ := toFloat(l)
	rf, _ := toFloat(r)
	if op == ast.Mod && (!lint || !rint) {
		if !lint {
			return nil, errAt(lrng, "Operator '%%' is not applicable to a Float.")
		}
		return nil, errAt(lrng, "Operator '%%' is not applicable to an Integer when right side is a Float.")
	}
	if op == ast.LShift || op == ast.RShift {
		if !lint {
			return nil, errAt(lrng, "Operator '%s' is not applicable to a Float.", op)
		}
		if !rint {
			ri = int64(rf) // Integer#<< takes a Float's integer part
		}
		if op == ast.RShift {
			ri = -ri
		}
		return shiftLeft(li, ri, rng, op)
	}
	if lint && rint {
		switch op {
		case ast.Add:
			return checkedInt(new(big.Int).Add(big.NewInt(li), big.NewInt(ri)), rng, op)
		case ast.Sub:
			return checkedInt(new(big.Int).Sub(big.NewInt(li), big.NewInt(ri)), rng, op)
		case ast.Mul:
			return checkedInt(new(big.Int).Mul(big.NewInt(li), big.NewInt(ri)), rng, op)
		case ast.Div, ast.Mod:
			if ri == 0 {
				return nil, errAt(rrng, "Division by 0")
			}
			// Ruby's division floors, and its modulo takes the divisor's sign.
			q, m := new(big.Int).DivMod(big.NewInt(li), big.NewInt(ri), new(big.Int))
			if m.Sign() != 0 && ri < 0 {
				q.Sub(q, big.NewInt(1))
				m.Add(m, big.NewInt(ri))
			}
			if op == ast.Mod {
				return m.Int64(), nil
			}
			return checkedInt(q, rng, op)
		}
	}
	var f float64
	switch op {
	case ast.Add:
		f = lf + rf
	case ast.Sub:
		f = lf - rf
	case ast.Mul:
		f = lf * rf
	case ast.Div:
		if rf == 0 && lf == 0 {
			return nil, errAt(rrng, "Division by 0")
		}
		f = lf / rf
	}
	if math.IsInf(f, 0) {
		return nil, errAt(lrng, "The result of the %s expression is Infinity", op)
	}
	return f, nil
}

// shiftLeft is Ruby's Integer#<< (a negative count shifts right).
func shiftLeft(n, count int64, rng sourceRange, op ast.BinaryOp) (Value, error) {
	if count <= 0 {
		if count <= -64 {
			if n < 0 {
				return int64(-1), nil
			}
			return int64(0), nil
		}
		return n >> uint(-count), nil
	}
	if n == 0 {
		return int64(0), nil
	}
	if count > 1<<16 {
		count = 1 << 16 // far out of range already; Ruby would make the number
	}
	return checkedInt(new(big.Int).Lsh(big.NewInt(n), uint(count)), rng, op)
}

// checkedInt returns x as an Integer, or Puppet's error when it is out
// of the 64-bit range.
func checkedInt(x *big.Int, rng sourceRange, op ast.BinaryOp) (Value, error) {
	if x.IsInt64() {
		return x.Int64(), nil
	}
	if x.Sign() > 0 {
		return nil, errAt(rng, "A '%s' expression resulted in a value outside of Puppet Integer max range, got '+0x%s'", op, x.Text(16))
	}
	return nil, errAt(rng, "A '%s' expression resulted in a value outside of Puppet Integer min range, got '-0x%s'", op, new(big.Int).Neg(x).Text(16))
}

// rubyString is Ruby's to_s of a value as Puppet's evaluator holds it:
// strings bare, collections in their inspect form.
func rubyString(v Value) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case *Regexp:
		return "(?-mix:" + x.Src + ")"
	case *Sensitive:
		return "Sensitive [value redacted]"
	case []Value, *Hash:
		return rubyInspectValue(v)
	}
	return Inspect(v)
}
