package ruby

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// sprintf is Kernel#format and String#%: the directives of C's printf
// with Ruby's conversions of the arguments, plus %<name>s and %{name}.
func (in *interp) sprintf(c *Call, f string, args []Value) (string, error) {
	var b strings.Builder
	argi := 0
	var named *Hash
	nextArg := func() (Value, error) {
		if argi >= len(args) {
			return nil, raise("ArgumentError", "too few arguments")
		}
		v := args[argi]
		argi++
		return v, nil
	}
	for i := 0; i < len(f); i++ {
		ch := f[i]
		if ch != '%' {
			b.WriteByte(ch)
			continue
		}
		i++
		if i >= len(f) {
			return "", raise("ArgumentError", "incomplete format specifier; use %%%% (double %%) instead")
		}
		if f[i] == '%' {
			b.WriteByte('%')
			continue
		}
		flags := ""
		for i < len(f) && strings.IndexByte("-+ 0#", f[i]) >= 0 {
			flags += string(f[i])
			i++
		}
		var arg Value
		haveArg := false
		if i < len(f) && (f[i] == '<' || f[i] == '{') {
			closeCh := byte('>')
			if f[i] == '{' {
				closeCh = '}'
			}
			end := strings.IndexByte(f[i:], closeCh)
			if end < 0 {
				return "", raise("ArgumentError", "malformed name - unmatched parenthesis")
			}
			key := f[i+1 : i+end]
			if named == nil {
				if len(args) != 1 {
					return "", raise("ArgumentError", "one hash required")
				}
				h, ok := args[0].(*Hash)
				if !ok {
					return "", raise("ArgumentError", "one hash required")
				}
				named = h
			}
			v, ok := named.Get(Symbol(key))
			if !ok {
				return "", raise("KeyError", "key<%s> not found", key)
			}
			arg, haveArg = v, true
			brace := f[i] == '{'
			i += end + 1
			if brace {
				s, err := in.toSCall(c.pos, arg)
				if err != nil {
					return "", err
				}
				b.WriteString(s)
				i--
				continue
			}
			for i < len(f) && strings.IndexByte("-+ 0#", f[i]) >= 0 {
				flags += string(f[i])
				i++
			}
		}
		width := ""
		if i < len(f) && f[i] == '*' {
			w, err := nextArg()
			if err != nil {
				return "", err
			}
			n, err := intArg(w)
			if err != nil {
				return "", err
			}
			if n < 0 {
				flags += "-"
				n = -n
			}
			width = strconv.FormatInt(n, 10)
			i++
		}
		for i < len(f) && f[i] >= '0' && f[i] <= '9' {
			width += string(f[i])
			i++
		}
		prec := ""
		hasPrec := false
		if i < len(f) && f[i] == '.' {
			hasPrec = true
			i++
			for i < len(f) && f[i] >= '0' && f[i] <= '9' {
				prec += string(f[i])
				i++
			}
			if prec == "" {
				prec = "0"
			}
		}
		if i >= len(f) {
			return "", raise("ArgumentError", "malformed format string - %%%s", f[len(f)-1:])
		}
		verb := f[i]
		if !haveArg {
			v, err := nextArg()
			if err != nil {
				return "", err
			}
			arg = v
		}
		spec := "%" + flags + width
		if hasPrec {
			spec += "." + prec
		}
		switch verb {
		case 's', 'p':
			var s string
			if verb == 'p' {
				s = Inspect(arg)
			} else {
				var err error
				if s, err = in.toSCall(c.pos, arg); err != nil {
					return "", err
				}
			}
			sflags := strings.NewReplacer("0", "", "+", "", " ", "", "#", "").Replace(flags)
			sspec := "%" + sflags + width
			if hasPrec {
				sspec += "." + prec
			}
			b.WriteString(fmt.Sprintf(sspec+"s", s))
		case 'd', 'i', 'u':
			n, err := fmtInt(arg)
			if err != nil {
				return "", err
			}
			b.WriteString(fmt.Sprintf(spec+"d", n))
		case 'x', 'X', 'o', 'b', 'B':
			n, err := fmtInt(arg)
			if err != nil {
				return "", err
			}
			v := verb
			if v == 'B' {
				v = 'b'
			}
			s := fmt.Sprintf(spec+string(v), n)
			if verb == 'B' {
				s = strings.Replace(s, "0b", "0B", 1)
			}
			b.WriteString(s)
		case 'f', 'e', 'E', 'g', 'G', 'a', 'A':
			x, err := fmtFloat(arg)
			if err != nil {
				return "", err
			}
			if math.IsInf(x, 0) || math.IsNaN(x) {
				s := "Inf"
				if math.IsNaN(x) {
					s = "NaN"
				} else if x < 0 {
					s = "-Inf"
				} else if strings.Contains(flags, "+") {
					s = "+Inf"
				}
				b.WriteString(fmt.Sprintf("%"+strings.ReplaceAll(flags, "0", "")+width+"s", s))
				continue
			}
			if verb == 'a' || verb == 'A' {
				return "", raise("NotImplementedError", "format %%a is not supported in templates")
			}
			p, _ := strconv.Atoi(prec)
			b.WriteString(formatFloatVerb(x, verb, flags, width, p, hasPrec))
		case 'c':
			switch x := arg.(type) {
			case int64:
				b.WriteString(fmt.Sprintf(spec+"c", rune(x)))
			case *String:
				r := []rune(x.S)
				if len(r) != 1 {
					return "", raise("ArgumentError", "%%c requires a character")
				}
				b.WriteString(fmt.Sprintf(spec+"c", r[0]))
			default:
				return "", raise("TypeError", "no implicit conversion of %s into Integer", ClassName(arg))
			}
		default:
			return "", raise("ArgumentError", "malformed format string - %%%c", verb)
		}
	}
	return b.String(), nil
}

func fmtInt(v Value) (int64, error) {
	switch x := v.(type) {
	case int64:
		return x, nil
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return 0, raise("FloatDomainError", "%s", FormatFloat(x))
		}
		return floatToInt(x)
	case *String:
		n, err := kernelInteger([]Value{x})
		if err != nil {
			return 0, err
		}
		return n.(int64), nil
	case nil:
		return 0, raise("TypeError", "can't convert nil into Integer")
	}
	return 0, raise("TypeError", "can't convert %s into Integer", ClassName(v))
}

func fmtFloat(v Value) (float64, error) {
	switch x := v.(type) {
	case int64:
		return float64(x), nil
	case float64:
		return x, nil
	case *String:
		f, err := kernelFloat(x)
		if err != nil {
			return 0, err
		}
		return f.(float64), nil
	case nil:
		return 0, raise("TypeError", "can't convert nil into Float")
	}
	return 0, raise("TypeError", "can't convert %s into Float", ClassName(v))
}

// quickMax is dtoa's Quick_max: up to this many digits Ruby's sprintf
// takes the floating-point fast path; beyond, it rounds the exact binary
// value.
const quickMax = 14

// digitAt returns the i-th digit of d, or '0' past its end.
func digitAt(d []byte, i int) byte {
	if i >= 0 && i < len(d) {
		return d[i]
	}
	return '0'
}

// fixedDigits renders 0.d × 10^e with prec decimals.
func fixedDigits(d []byte, e, prec int) string {
	var b strings.Builder
	if e <= 0 {
		b.WriteByte('0')
	} else {
		for i := 0; i < e; i++ {
			b.WriteByte(digitAt(d, i))
		}
	}
	if prec > 0 {
		b.WriteByte('.')
		for i := 0; i < prec; i++ {
			b.WriteByte(digitAt(d, e+i))
		}
	}
	return b.String()
}

func expDigits(d []byte, e, prec int, upper bool) string {
	var b strings.Builder
	b.WriteByte(digitAt(d, 0))
	if prec > 0 {
		b.WriteByte('.')
		for i := 1; i <= prec; i++ {
			b.WriteByte(digitAt(d, i))
		}
	}
	x := e - 1
	if len(d) == 0 {
		x = 0
	}
	if upper {
		b.WriteByte('E')
	} else {
		b.WriteByte('e')
	}
	if x < 0 {
		b.WriteByte('-')
		x = -x
	} else {
		b.WriteByte('+')
	}
	if x < 10 {
		b.WriteByte('0')
	}
	b.WriteString(strconv.Itoa(x))
	return b.String()
}

// formatFloatVerb is %f, %e and %g as Ruby's sprintf prints them.
func formatFloatVerb(x float64, verb byte, flags string, width string, prec int, hasPrec bool) string {
	if !hasPrec {
		prec = 6
	}
	neg := math.Signbit(x)
	ax := math.Abs(x)
	var body string
	switch verb {
	case 'f':
		var d []byte
		e := 1
		if ax != 0 {
			d, e = dtoa(ax, 3, prec)
		}
		body = fixedDigits(d, e, prec)
	case 'e', 'E':
		var d []byte
		e := 1
		if ax != 0 {
			d, e = dtoa(ax, 2, prec+1)
		}
		body = expDigits(d, e, prec, verb == 'E')
	default: // g, G
		p := prec
		if p == 0 {
			p = 1
		}
		var rd []byte
		re := 1
		if ax != 0 {
			rd, re = dtoa(ax, 2, p)
		}
		xe := re - 1
		alt := strings.Contains(flags, "#")
		if xe < -4 || xe >= p {
			body = expDigits(rd, re, p-1, verb == 'G')
			if !alt {
				mant, ex, _ := strings.Cut(body, string([]byte{verb - 'g' + 'e'}))
				if strings.Contains(mant, ".") {
					mant = strings.TrimRight(strings.TrimRight(mant, "0"), ".")
				}
				body = mant + string([]byte{verb - 'g' + 'e'}) + ex
			}
		} else {
			body = fixedDigits(rd, re, p-1-xe)
			if !alt && strings.Contains(body, ".") {
				body = strings.TrimRight(strings.TrimRight(body, "0"), ".")
			}
		}
	}
	sign := ""
	switch {
	case neg:
		sign = "-"
	case strings.Contains(flags, "+"):
		sign = "+"
	case strings.Contains(flags, " "):
		sign = " "
	}
	w, _ := strconv.Atoi(width)
	pad := w - len(sign) - len(body)
	switch {
	case pad <= 0:
		return sign + body
	case strings.Contains(flags, "-"):
		return sign + body + strings.Repeat(" ", pad)
	case strings.Contains(flags, "0"):
		return sign + strings.Repeat("0", pad) + body
	}
	return strings.Repeat(" ", pad) + sign + body
}

// roundFloat is Float#round(digits) for digits > 0, as Ruby's flo_round
// computes it: unchanged when the digits are beyond the float's
// precision, otherwise round_half_up(f × 10^digits) / 10^digits with its
// correction for products that fell just below a half.
func roundFloat(f float64, digits int) float64 {
	if f == 0 || math.IsNaN(f) || math.IsInf(f, 0) {
		return f
	}
	_, binexp := math.Frexp(f)
	lim := binexp/3 - 1
	if binexp > 0 {
		lim = binexp / 4
	}
	if digits >= 17-lim {
		return f
	}
	under := binexp / 4
	if binexp > 0 {
		under = binexp/3 + 1
	}
	if f > 0 && digits < -under {
		return 0
	}
	if digits > 14 {
		r, _ := strconv.ParseFloat(strconv.FormatFloat(f, 'f', digits, 64), 64)
		return r
	}
	s := math.Pow(10, float64(digits))
	x := math.Round(f * s)
	if f > 0 {
		if (x+0.5)/s <= f {
			x++
		}
	} else if (x-0.5)/s >= f {
		x--
	}
	return x / s
}
