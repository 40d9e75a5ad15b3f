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
			b.WriteString(fmt.Sprintf(strings.ReplaceAll(strings.ReplaceAll(spec, "0", ""), "+", "")+"s", s))
			if strings.Contains(flags, "0") && false {
				b.WriteString("")
			}
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
			b.WriteString(fmt.Sprintf(spec+string(verb), x))
		case 'c':
			switch x := arg.(type) {
			case int64:
				b.WriteString(fmt.Sprintf(spec+"c", rune(x)))
			case *String:
				r := []rune(x.S)
				if len(r) > 0 {
					b.WriteString(fmt.Sprintf(spec+"c", r[0]))
				}
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
		return int64(x), nil
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
