package ruby

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

func frozenErr(s *String) error {
	return raise("FrozenError", "can't modify frozen String: %s", inspectString(s.S))
}

func (in *interp) stringMethod(c *Call, s *String, name string, args []Value, blk *Block) (Value, error) {
	none := func() error { return arity(args, 0, 0) }
	mutate := func(ns string, bang bool) (Value, error) {
		if s.Frozen {
			return nil, frozenErr(s)
		}
		changed := ns != s.S
		s.S = ns
		if bang && !changed {
			return nil, nil
		}
		return s, nil
	}
	switch name {
	case "to_s", "to_str":
		return s, none()
	case "inspect", "dump":
		return Str(inspectString(s.S)), none()
	case "to_sym", "intern":
		return Symbol(s.S), none()
	case "to_i":
		base := int64(10)
		if len(args) == 1 {
			var err error
			if base, err = intArg(args[0]); err != nil {
				return nil, err
			}
		}
		return strToI(s.S, int(base)), nil
	case "to_f":
		return strToF(s.S), none()
	case "hex":
		return strToI(strings.TrimPrefix(strings.TrimPrefix(strings.TrimSpace(s.S), "0x"), "0X"), 16), nil
	case "oct":
		return strToI(s.S, 8), nil
	case "length", "size":
		return int64(utf8.RuneCountInString(s.S)), none()
	case "bytesize":
		return int64(len(s.S)), none()
	case "empty?":
		return s.S == "", none()
	case "upcase", "downcase", "capitalize", "swapcase", "strip", "lstrip", "rstrip", "chomp", "chop", "squeeze", "reverse", "succ", "next":
		ns, err := strTransform(s.S, name, args)
		if err != nil {
			return nil, err
		}
		return Str(ns), nil
	case "upcase!", "downcase!", "capitalize!", "swapcase!", "strip!", "lstrip!", "rstrip!", "chomp!", "chop!", "squeeze!", "reverse!":
		ns, err := strTransform(s.S, strings.TrimSuffix(name, "!"), args)
		if err != nil {
			return nil, err
		}
		return mutate(ns, true)
	case "+":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		o, err := strArg(args[0])
		if err != nil {
			return nil, err
		}
		return Str(s.S + o), nil
	case "*":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		n, err := intArg(args[0])
		if err != nil {
			return nil, err
		}
		if n < 0 {
			return nil, raise("ArgumentError", "negative argument")
		}
		if int64(len(s.S))*n > 1<<28 {
			return nil, raise("ArgumentError", "argument too big")
		}
		return Str(strings.Repeat(s.S, int(n))), nil
	case "%":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		fa := []Value{args[0]}
		if a, ok := args[0].(*Array); ok {
			fa = a.Elems
		}
		out, err := in.sprintf(c, s.S, fa)
		return Str(out), err
	case "<<", "concat":
		if s.Frozen {
			return nil, frozenErr(s)
		}
		for _, a := range args {
			switch x := a.(type) {
			case int64:
				s.S += string(rune(x))
			default:
				o, err := strArg(a)
				if err != nil {
					return nil, err
				}
				s.S += o
			}
		}
		return s, nil
	case "prepend":
		var pre string
		for _, a := range args {
			o, err := strArg(a)
			if err != nil {
				return nil, err
			}
			pre += o
		}
		return mutate(pre+s.S, false)
	case "insert":
		if err := arity(args, 2, 2); err != nil {
			return nil, err
		}
		i, err := intArg(args[0])
		if err != nil {
			return nil, err
		}
		o, err := strArg(args[1])
		if err != nil {
			return nil, err
		}
		rs := []rune(s.S)
		n := int64(len(rs))
		if i < 0 {
			i += n + 1
		}
		if i < 0 || i > n {
			return nil, raise("IndexError", "index %d out of string", i)
		}
		return mutate(string(rs[:i])+o+string(rs[i:]), false)
	case "partition", "rpartition":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		var at, end int
		switch x := args[0].(type) {
		case *Regexp:
			ms := x.matchAll(s.S)
			if len(ms) == 0 {
				at = -1
			} else {
				m := ms[0]
				if name == "rpartition" {
					m = ms[len(ms)-1]
				}
				at, end = m.groups[0], m.groups[1]
			}
		default:
			sep, err := strArg(x)
			if err != nil {
				return nil, err
			}
			if name == "partition" {
				at = strings.Index(s.S, sep)
			} else {
				at = strings.LastIndex(s.S, sep)
			}
			end = at + len(sep)
		}
		if at < 0 {
			if name == "partition" {
				return NewArray(Str(s.S), Str(""), Str("")), nil
			}
			return NewArray(Str(""), Str(""), Str(s.S)), nil
		}
		return NewArray(Str(s.S[:at]), Str(s.S[at:end]), Str(s.S[end:])), nil
	case "replace":
		o, err := strArg(args[0])
		if err != nil {
			return nil, err
		}
		return mutate(o, false)
	case "==", "eql?", "===":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		o, ok := args[0].(*String)
		return ok && o.S == s.S, nil
	case "<=>":
		o, ok := args[0].(*String)
		if !ok {
			return nil, nil
		}
		return int64(strings.Compare(s.S, o.S)), nil
	case "<", "<=", ">", ">=":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		o, ok := args[0].(*String)
		if !ok {
			return nil, comparisonFailed(s, args[0])
		}
		return cmpOp(name, strings.Compare(s.S, o.S)), nil
	case "casecmp", "casecmp?":
		o, err := strArg(args[0])
		if err != nil {
			return nil, err
		}
		if name == "casecmp?" {
			return strings.EqualFold(s.S, o), nil
		}
		return int64(strings.Compare(strings.ToLower(s.S), strings.ToLower(o))), nil
	case "include?":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		o, err := strArg(args[0])
		if err != nil {
			return nil, err
		}
		return strings.Contains(s.S, o), nil
	case "start_with?", "end_with?":
		for _, a := range args {
			if re, ok := a.(*Regexp); ok && name == "start_with?" {
				if m := re.match(s.S, 0); m != nil && m.groups[0] == 0 {
					return true, nil
				}
				continue
			}
			o, err := strArg(a)
			if err != nil {
				return nil, err
			}
			if name == "start_with?" && strings.HasPrefix(s.S, o) || name == "end_with?" && strings.HasSuffix(s.S, o) {
				return true, nil
			}
		}
		return false, nil
	case "index", "rindex":
		if err := arity(args, 1, 2); err != nil {
			return nil, err
		}
		var i int
		switch x := args[0].(type) {
		case *Regexp:
			if name == "rindex" {
				return nil, unsupportedMethod(s, "rindex with a regexp")
			}
			m := x.match(s.S, 0)
			if m == nil {
				return nil, nil
			}
			i = m.groups[0]
		default:
			o, err := strArg(x)
			if err != nil {
				return nil, err
			}
			if name == "index" {
				i = strings.Index(s.S, o)
			} else {
				i = strings.LastIndex(s.S, o)
			}
		}
		if i < 0 {
			return nil, nil
		}
		return int64(utf8.RuneCountInString(s.S[:i])), nil
	case "split":
		return in.strSplit(s, args)
	case "lines", "each_line":
		lines := splitLines(s.S)
		out := make([]Value, len(lines))
		for i, l := range lines {
			out[i] = Str(l)
		}
		if name == "each_line" && blk != nil {
			for _, l := range out {
				if _, err := blk.call([]Value{l}); err != nil {
					return nil, err
				}
			}
			return s, nil
		}
		return NewArray(out...), nil
	case "chars", "each_char":
		var out []Value
		for _, r := range s.S {
			out = append(out, Str(string(r)))
		}
		if name == "each_char" && blk != nil {
			for _, ch := range out {
				if _, err := blk.call([]Value{ch}); err != nil {
					return nil, err
				}
			}
			return s, nil
		}
		return NewArray(out...), nil
	case "bytes":
		var out []Value
		for _, b := range []byte(s.S) {
			out = append(out, int64(b))
		}
		return NewArray(out...), nil
	case "ord":
		if s.S == "" {
			return nil, raise("ArgumentError", "empty string")
		}
		r, _ := utf8.DecodeRuneInString(s.S)
		return int64(r), nil
	case "sub", "gsub", "sub!", "gsub!":
		ns, err := in.strSub(c, s.S, strings.HasPrefix(name, "g"), args, blk)
		if err != nil {
			return nil, err
		}
		if strings.HasSuffix(name, "!") {
			return mutate(ns, true)
		}
		return Str(ns), nil
	case "tr", "tr_s", "delete", "count":
		return strTr(s.S, name, args)
	case "=~":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		re, ok := args[0].(*Regexp)
		if !ok {
			if _, isStr := args[0].(*String); isStr {
				return nil, raise("TypeError", "wrong argument type String (expected Regexp)")
			}
			return nil, nil
		}
		return in.regexpMatchOp(re, s.S), nil
	case "match", "match?":
		if err := arity(args, 1, 2); err != nil {
			return nil, err
		}
		// A string pattern is a regexp here (Regexp.new), unlike scan's.
		var re *Regexp
		var err error
		if str, ok := args[0].(*String); ok {
			re, err = NewRegexp(str.S, "")
		} else {
			re, err = toRegexp(args[0])
		}
		if err != nil {
			return nil, err
		}
		m := re.match(s.S, 0)
		if name == "match?" {
			return m != nil, nil
		}
		return in.setMatch(m), nil
	case "scan":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		re, err := toRegexp(args[0])
		if err != nil {
			return nil, err
		}
		var out []Value
		for _, m := range re.matchAll(s.S) {
			var item Value
			if m.ngroups() == 1 {
				item = m.groupValue(0)
			} else {
				var gs []Value
				for i := 1; i < m.ngroups(); i++ {
					gs = append(gs, m.groupValue(i))
				}
				item = NewArray(gs...)
			}
			if blk != nil {
				if _, err := blk.call([]Value{item}); err != nil {
					return nil, err
				}
				continue
			}
			out = append(out, item)
		}
		if blk != nil {
			return s, nil
		}
		return NewArray(out...), nil
	case "[]", "slice":
		return strIndex(s.S, args)
	case "[]=":
		if s.Frozen {
			return nil, frozenErr(s)
		}
		if len(args) != 2 {
			return nil, unsupportedMethod(s, name+" with these arguments")
		}
		if k, ok := args[0].(*String); ok && !strings.Contains(s.S, k.S) {
			// Ruby looks the substring up before it converts the value
			return nil, raise("IndexError", "string not matched")
		}
		repl, err := strArg(args[1])
		if err != nil {
			return nil, err
		}
		switch k := args[0].(type) {
		case int64:
			rs := []rune(s.S)
			i := k
			if i < 0 {
				i += int64(len(rs))
			}
			if i < 0 || i >= int64(len(rs)) {
				return nil, raise("IndexError", "index %d out of string", k)
			}
			s.S = string(rs[:i]) + repl + string(rs[i+1:])
		case *String:
			at := strings.Index(s.S, k.S)
			if at < 0 {
				return nil, raise("IndexError", "string not matched")
			}
			s.S = s.S[:at] + repl + s.S[at+len(k.S):]
		default:
			return nil, unsupportedMethod(s, name+" with a "+ClassName(k))
		}
		return args[1], nil
	case "ljust", "rjust", "center":
		if err := arity(args, 1, 2); err != nil {
			return nil, err
		}
		w, err := intArg(args[0])
		if err != nil {
			return nil, err
		}
		pad := " "
		if len(args) == 2 {
			if pad, err = strArg(args[1]); err != nil {
				return nil, err
			}
			if pad == "" {
				return nil, raise("ArgumentError", "zero width padding")
			}
		}
		return Str(justify(s.S, name, int(w), pad)), nil
	case "freeze":
		s.Frozen = true
		return s, nil
	case "+@":
		if s.Frozen {
			return Str(s.S), nil
		}
		return s, nil
	case "-@", "dedup":
		return &String{S: s.S, Frozen: true}, nil
	case "encoding":
		return Str("UTF-8"), nil
	case "force_encoding", "encode", "unicode_normalize", "scrub", "b":
		return Str(s.S), nil
	case "valid_encoding?", "ascii_only?":
		if name == "ascii_only?" {
			for i := 0; i < len(s.S); i++ {
				if s.S[i] >= 0x80 {
					return false, nil
				}
			}
			return true, nil
		}
		return utf8.ValidString(s.S), nil
	case "hash":
		return int64(len(hashKey(s))), nil
	case "between?":
		if err := arity(args, 2, 2); err != nil {
			return nil, err
		}
		lo, err := strArg(args[0])
		if err != nil {
			return nil, err
		}
		hi, err := strArg(args[1])
		if err != nil {
			return nil, err
		}
		return s.S >= lo && s.S <= hi, nil
	case "delete_prefix", "delete_suffix":
		o, err := strArg(args[0])
		if err != nil {
			return nil, err
		}
		if name == "delete_prefix" {
			return Str(strings.TrimPrefix(s.S, o)), nil
		}
		return Str(strings.TrimSuffix(s.S, o)), nil
	case "upto":
		return nil, unsupportedMethod(s, name)
	case "unpack", "unpack1", "crypt", "sum", "each_byte", "each_grapheme_cluster", "encode!", "unpack!":
		return nil, unsupportedMethod(s, name)
	}
	return nil, ErrNoMethod
}

func cmpOp(op string, c int) bool {
	switch op {
	case "<":
		return c < 0
	case "<=":
		return c <= 0
	case ">":
		return c > 0
	}
	return c >= 0
}

func toRegexp(v Value) (*Regexp, error) {
	switch x := v.(type) {
	case *Regexp:
		return x, nil
	case *String:
		return NewRegexp(QuoteRegexp(x.S), "")
	}
	return nil, raise("TypeError", "wrong argument type %s (expected Regexp)", ClassName(v))
}

// regexpMatchOp is =~: the character index of the match or nil, setting $~.
func (in *interp) regexpMatchOp(re *Regexp, s string) Value {
	m := re.match(s, 0)
	in.setMatch(m)
	if m == nil {
		return nil
	}
	return int64(utf8.RuneCountInString(s[:m.groups[0]]))
}

func (in *interp) setMatch(m *MatchData) Value {
	if m == nil {
		in.globals["~"] = nil
		return nil
	}
	in.globals["~"] = m
	return m
}

func strToI(s string, base int) int64 {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	neg := false
	if strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+") {
		neg = s[0] == '-'
		s = s[1:]
	}
	if base == 16 {
		s = strings.TrimPrefix(strings.TrimPrefix(s, "0x"), "0X")
	}
	var n int64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' && i > 0 && i+1 < len(s) && s[i+1] != '_' {
			continue
		}
		d := -1
		switch {
		case c >= '0' && c <= '9':
			d = int(c - '0')
		case c >= 'a' && c <= 'z':
			d = int(c-'a') + 10
		case c >= 'A' && c <= 'Z':
			d = int(c-'A') + 10
		}
		if d < 0 || d >= base {
			break
		}
		n = n*int64(base) + int64(d)
	}
	if neg {
		n = -n
	}
	return n
}

func strToF(s string) float64 {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	end := 0
	seenDot, seenExp, seenDigit := false, false, false
	for end < len(s) {
		c := s[end]
		switch {
		case c >= '0' && c <= '9':
			seenDigit = true
		case c == '_' && seenDigit:
		case (c == '-' || c == '+') && (end == 0 || s[end-1] == 'e' || s[end-1] == 'E'):
		case c == '.' && !seenDot && !seenExp && end+1 < len(s) && s[end+1] >= '0' && s[end+1] <= '9':
			seenDot = true
		case (c == 'e' || c == 'E') && seenDigit && !seenExp:
			seenExp = true
		default:
			goto done
		}
		end++
	}
done:
	for end > 0 {
		f, err := strconv.ParseFloat(strings.ReplaceAll(s[:end], "_", ""), 64)
		if err == nil {
			return f
		}
		end--
	}
	return 0
}

func strTransform(s, name string, args []Value) (string, error) {
	switch name {
	case "upcase":
		return strings.ToUpper(s), nil
	case "downcase":
		return strings.ToLower(s), nil
	case "capitalize":
		if s == "" {
			return s, nil
		}
		r, size := utf8.DecodeRuneInString(s)
		return string(unicode.ToUpper(r)) + strings.ToLower(s[size:]), nil
	case "swapcase":
		return strings.Map(func(r rune) rune {
			if unicode.IsUpper(r) {
				return unicode.ToLower(r)
			}
			return unicode.ToUpper(r)
		}, s), nil
	case "strip":
		return strings.Trim(s, " \t\n\v\f\r\x00"), nil
	case "lstrip":
		return strings.TrimLeft(s, " \t\n\v\f\r\x00"), nil
	case "rstrip":
		return strings.TrimRight(s, " \t\n\v\f\r\x00"), nil
	case "chomp":
		if len(args) == 1 {
			suf, err := strArg(args[0])
			if err != nil {
				return "", err
			}
			return strings.TrimSuffix(s, suf), nil
		}
		if strings.HasSuffix(s, "\r\n") {
			return s[:len(s)-2], nil
		}
		return strings.TrimSuffix(strings.TrimSuffix(s, "\n"), "\r"), nil
	case "chop":
		if strings.HasSuffix(s, "\r\n") {
			return s[:len(s)-2], nil
		}
		if s == "" {
			return s, nil
		}
		_, size := utf8.DecodeLastRuneInString(s)
		return s[:len(s)-size], nil
	case "squeeze":
		var b strings.Builder
		var last rune = -1
		for _, r := range s {
			if r == last && (len(args) == 0 || strings.ContainsRune(ToS(args[0]), r)) {
				continue
			}
			b.WriteRune(r)
			last = r
		}
		return b.String(), nil
	case "reverse":
		rs := []rune(s)
		for i, j := 0, len(rs)-1; i < j; i, j = i+1, j-1 {
			rs[i], rs[j] = rs[j], rs[i]
		}
		return string(rs), nil
	case "succ", "next":
		return strSucc(s), nil
	}
	return s, nil
}

// strSucc is String#succ for the alphanumeric strings ranges use.
func strSucc(s string) string {
	if s == "" {
		return ""
	}
	b := []byte(s)
	i := len(b) - 1
	for i >= 0 {
		c := b[i]
		switch {
		case c == 'z':
			b[i] = 'a'
		case c == 'Z':
			b[i] = 'A'
		case c == '9':
			b[i] = '0'
		case c >= 'a' && c < 'z' || c >= 'A' && c < 'Z' || c >= '0' && c < '9':
			b[i]++
			return string(b)
		default:
			b[i]++
			return string(b)
		}
		i--
	}
	first := s[0]
	var pre byte = '1'
	switch {
	case first >= 'a' && first <= 'z':
		pre = 'a'
	case first >= 'A' && first <= 'Z':
		pre = 'A'
	}
	return string(pre) + string(b)
}

func splitLines(s string) []string {
	var out []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			out = append(out, s)
			break
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
	return out
}

var asciiSpace = " \t\n\v\f\r"

func (in *interp) strSplit(s *String, args []Value) (Value, error) {
	if err := arity(args, 0, 2); err != nil {
		return nil, err
	}
	limit := int64(0)
	if len(args) == 2 {
		var err error
		if limit, err = intArg(args[1]); err != nil {
			return nil, err
		}
	}
	var parts []string
	var sep Value
	if len(args) > 0 {
		sep = args[0]
	}
	switch x := sep.(type) {
	case nil:
		parts = awkSplit(s.S, int(limit))
	case *String:
		if x.S == " " {
			parts = awkSplit(s.S, int(limit))
		} else if x.S == "" {
			for _, r := range s.S {
				parts = append(parts, string(r))
			}
			if limit > 0 && int64(len(parts)) > limit {
				parts = append(parts[:limit-1], strings.Join(parts[limit-1:], ""))
			}
		} else {
			n := -1
			if limit > 0 {
				n = int(limit)
			}
			parts = strings.SplitN(s.S, x.S, n)
		}
	case *Regexp:
		parts = regexpSplit(x, s.S, int(limit))
	default:
		return nil, raise("TypeError", "wrong argument type %s (expected Regexp)", ClassName(sep))
	}
	if limit == 0 {
		for len(parts) > 0 && parts[len(parts)-1] == "" {
			parts = parts[:len(parts)-1]
		}
	}
	out := make([]Value, len(parts))
	for i, p := range parts {
		out[i] = Str(p)
	}
	return NewArray(out...), nil
}

func awkSplit(s string, limit int) []string {
	var parts []string
	i := 0
	for {
		for i < len(s) && strings.IndexByte(asciiSpace, s[i]) >= 0 {
			i++
		}
		if i >= len(s) {
			return parts
		}
		if limit > 0 && len(parts) == limit-1 {
			return append(parts, s[i:])
		}
		j := i
		for j < len(s) && strings.IndexByte(asciiSpace, s[j]) < 0 {
			j++
		}
		parts = append(parts, s[i:j])
		i = j
	}
}

func regexpSplit(re *Regexp, s string, limit int) []string {
	var parts []string
	start := 0
	for _, m := range re.matchAll(s) {
		if limit > 0 && len(parts) == limit-1 {
			break
		}
		ms, me := m.groups[0], m.groups[1]
		if me == ms {
			// an empty match splits between characters, never at the ends
			if ms == 0 || ms >= len(s) || ms == start && start == 0 && len(parts) == 0 && ms == 0 {
				continue
			}
		}
		parts = append(parts, s[start:ms])
		for i := 1; i < m.ngroups(); i++ {
			if m.groups[2*i] >= 0 {
				parts = append(parts, m.group(i))
			}
		}
		start = me
	}
	return append(parts, s[start:])
}

func strIndex(s string, args []Value) (Value, error) {
	if len(args) == 1 {
		switch x := args[0].(type) {
		case *String:
			if strings.Contains(s, x.S) {
				return Str(x.S), nil
			}
			return nil, nil
		case *Regexp:
			m := x.match(s, 0)
			if m == nil {
				return nil, nil
			}
			return m.groupValue(0), nil
		}
	}
	if len(args) == 2 {
		if re, ok := args[0].(*Regexp); ok {
			m := re.match(s, 0)
			if m == nil {
				return nil, nil
			}
			switch g := args[1].(type) {
			case int64:
				return m.groupValue(int(g)), nil
			case *String:
				v, _ := m.named(g.S)
				return v, nil
			}
			return nil, nil
		}
	}
	rs := []rune(s)
	elems := make([]Value, len(rs))
	for i, r := range rs {
		elems[i] = Str(string(r))
	}
	v, err := index(elems, args, func(e []Value) Value {
		var b strings.Builder
		for _, x := range e {
			b.WriteString(x.(*String).S)
		}
		return Str(b.String())
	})
	return v, err
}

func justify(s, how string, width int, pad string) string {
	n := utf8.RuneCountInString(s)
	if width <= n {
		return s
	}
	fill := func(k int) string {
		var b strings.Builder
		pr := []rune(pad)
		for i := 0; i < k; i++ {
			b.WriteRune(pr[i%len(pr)])
		}
		return b.String()
	}
	total := width - n
	switch how {
	case "ljust":
		return s + fill(total)
	case "rjust":
		return fill(total) + s
	}
	left := total / 2
	return fill(left) + s + fill(total-left)
}

// trSet expands a tr character specification (a-z ranges, leading ^).
func trSet(spec string) ([]rune, bool) {
	rs := []rune(spec)
	neg := false
	if len(rs) > 1 && rs[0] == '^' {
		neg = true
		rs = rs[1:]
	}
	var out []rune
	for i := 0; i < len(rs); i++ {
		if rs[i] == '\\' && i+1 < len(rs) {
			i++
			out = append(out, rs[i])
			continue
		}
		if i+2 < len(rs) && rs[i+1] == '-' {
			for r := rs[i]; r <= rs[i+2]; r++ {
				out = append(out, r)
			}
			i += 2
			continue
		}
		out = append(out, rs[i])
	}
	return out, neg
}

func strTr(s, name string, args []Value) (Value, error) {
	want := 2
	if name == "delete" || name == "count" {
		want = 1
	}
	if err := arity(args, want, want); err != nil {
		return nil, err
	}
	from, err := strArg(args[0])
	if err != nil {
		return nil, err
	}
	set, neg := trSet(from)
	in := func(r rune) int {
		for i, x := range set {
			if x == r {
				return i
			}
		}
		return -1
	}
	switch name {
	case "delete", "count":
		var b strings.Builder
		n := 0
		for _, r := range s {
			hit := in(r) >= 0
			if neg {
				hit = !hit
			}
			if hit {
				n++
				continue
			}
			b.WriteRune(r)
		}
		if name == "count" {
			return int64(n), nil
		}
		return Str(b.String()), nil
	}
	to, err := strArg(args[1])
	if err != nil {
		return nil, err
	}
	toSet, _ := trSet(to)
	var b strings.Builder
	var last rune = -1
	for _, r := range s {
		i := in(r)
		hit := i >= 0
		if neg {
			hit = !hit
			i = len(toSet) - 1
		}
		if !hit {
			b.WriteRune(r)
			last = -1
			continue
		}
		if len(toSet) == 0 {
			continue
		}
		rep := toSet[min(i, len(toSet)-1)]
		if name == "tr_s" && rep == last {
			continue
		}
		b.WriteRune(rep)
		last = rep
	}
	return Str(b.String()), nil
}

// strSub is sub and gsub: a string or regexp pattern, replaced by a
// string with \1 and \k<name> references, a hash, or a block's value.
func (in *interp) strSub(c *Call, s string, global bool, args []Value, blk *Block) (string, error) {
	if len(args) == 0 || len(args) > 2 || len(args) == 1 && blk == nil {
		if len(args) == 1 {
			return "", raise("NotImplementedError", "gsub without a replacement or block (an Enumerator) is not supported in templates")
		}
		return "", arity(args, 1, 2)
	}
	re, err := toRegexp(args[0])
	if err != nil {
		return "", err
	}
	var matches []*MatchData
	if global {
		matches = re.matchAll(s)
	} else if m := re.match(s, 0); m != nil {
		matches = []*MatchData{m}
	}
	var b strings.Builder
	pos := 0
	for _, m := range matches {
		ms, me := m.groups[0], m.groups[1]
		b.WriteString(s[pos:ms])
		switch {
		case len(args) == 2:
			switch r := args[1].(type) {
			case *String:
				b.WriteString(expandReplacement(r.S, m))
			case *Hash:
				v, _ := r.Get(Str(m.group(0)))
				b.WriteString(ToS(v))
			default:
				return "", raise("TypeError", "no implicit conversion of %s into String", ClassName(args[1]))
			}
		default:
			in.setMatch(m)
			v, err := blk.call([]Value{Str(m.group(0))})
			if err != nil {
				return "", err
			}
			str, err := in.toSCall(c.pos, v)
			if err != nil {
				return "", err
			}
			b.WriteString(str)
		}
		pos = me
	}
	if pos < len(s) {
		b.WriteString(s[pos:])
	}
	return b.String(), nil
}

func expandReplacement(rep string, m *MatchData) string {
	if !strings.Contains(rep, `\`) {
		return rep
	}
	var b strings.Builder
	for i := 0; i < len(rep); i++ {
		c := rep[i]
		if c != '\\' || i+1 >= len(rep) {
			b.WriteByte(c)
			continue
		}
		n := rep[i+1]
		switch {
		case n >= '0' && n <= '9':
			b.WriteString(m.group(int(n - '0')))
			i++
		case n == '&':
			b.WriteString(m.group(0))
			i++
		case n == '`':
			b.WriteString(m.subj[:m.groups[0]])
			i++
		case n == '\'':
			b.WriteString(m.subj[m.groups[1]:])
			i++
		case n == '\\':
			b.WriteByte('\\')
			i++
		case n == 'k' && i+2 < len(rep) && rep[i+2] == '<':
			end := strings.IndexByte(rep[i+3:], '>')
			if end >= 0 {
				v, _ := m.named(rep[i+3 : i+3+end])
				b.WriteString(ToS(v))
				i += 3 + end
				continue
			}
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func (in *interp) symbolMethod(c *Call, s Symbol, name string, args []Value, blk *Block) (Value, error) {
	switch name {
	case "to_s", "id2name", "name":
		return Str(string(s)), nil
	case "to_sym":
		return s, nil
	case "to_proc":
		b, err := in.toBlock(c.pos, s)
		if err != nil {
			return nil, err
		}
		return &Proc{blk: b}, nil
	case "inspect":
		return Str(inspectSymbol(string(s))), nil
	case "length", "size", "upcase", "downcase", "capitalize", "empty?", "start_with?", "end_with?", "[]", "=~", "match", "match?", "succ", "swapcase":
		v, err := in.stringMethod(c, Str(string(s)), name, args, blk)
		if err != nil {
			return nil, err
		}
		if str, ok := v.(*String); ok && (name == "upcase" || name == "downcase" || name == "capitalize" || name == "succ" || name == "swapcase") {
			return Symbol(str.S), nil
		}
		return v, nil
	case "<=>":
		o, ok := args[0].(Symbol)
		if !ok {
			return nil, nil
		}
		return int64(strings.Compare(string(s), string(o))), nil
	case "==", "===":
		o, ok := args[0].(Symbol)
		return ok && o == s, nil
	}
	return nil, ErrNoMethod
}

func (in *interp) regexpMethod(c *Call, re *Regexp, name string, args []Value, blk *Block) (Value, error) {
	switch name {
	case "=~", "match", "match?", "===":
		if err := arity(args, 1, 2); err != nil {
			return nil, err
		}
		var subj string
		switch x := args[0].(type) {
		case *String:
			subj = x.S
		case Symbol:
			subj = string(x)
		case nil:
			if name == "=~" || name == "match" {
				in.setMatch(nil)
			}
			if name == "===" || name == "match?" {
				return false, nil
			}
			return nil, nil
		default:
			if name == "===" {
				return false, nil
			}
			return nil, raise("TypeError", "no implicit conversion of %s into String", ClassName(args[0]))
		}
		switch name {
		case "=~":
			return in.regexpMatchOp(re, subj), nil
		case "match":
			return in.setMatch(re.match(subj, 0)), nil
		case "===":
			m := re.match(subj, 0)
			in.setMatch(m)
			return m != nil, nil
		}
		return re.match(subj, 0) != nil, nil
	case "source":
		return Str(re.Source), nil
	case "to_s":
		return Str(re.toS()), nil
	case "inspect":
		return Str(Inspect(re)), nil
	case "options":
		var n int64
		if strings.Contains(re.Flags, "i") {
			n |= 1
		}
		if strings.Contains(re.Flags, "x") {
			n |= 2
		}
		if strings.Contains(re.Flags, "m") {
			n |= 4
		}
		return n, nil
	case "casefold?":
		return strings.Contains(re.Flags, "i"), nil
	case "names":
		var out []Value
		for _, n := range re.eng.names() {
			if n != "" {
				out = append(out, Str(n))
			}
		}
		return NewArray(out...), nil
	}
	return nil, ErrNoMethod
}

func (in *interp) matchMethod(c *Call, m *MatchData, name string, args []Value, blk *Block) (Value, error) {
	switch name {
	case "[]":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		switch k := args[0].(type) {
		case int64:
			if k < 0 {
				k += int64(m.ngroups())
			}
			return m.groupValue(int(k)), nil
		case *Range:
			var all []Value
			for i := 0; i < m.ngroups(); i++ {
				all = append(all, m.groupValue(i))
			}
			return index(all, args, func(e []Value) Value { return NewArray(append([]Value(nil), e...)...) })
		case *String, Symbol:
			v, ok := m.named(ToS(k))
			if !ok {
				return nil, raise("IndexError", "undefined group name reference: %s", ToS(k))
			}
			return v, nil
		}
		return nil, raise("TypeError", "no implicit conversion of %s into Integer", ClassName(args[0]))
	case "captures":
		var out []Value
		for i := 1; i < m.ngroups(); i++ {
			out = append(out, m.groupValue(i))
		}
		return NewArray(out...), nil
	case "to_a":
		var out []Value
		for i := 0; i < m.ngroups(); i++ {
			out = append(out, m.groupValue(i))
		}
		return NewArray(out...), nil
	case "named_captures":
		h := NewHash()
		for i, n := range m.re.eng.names() {
			if n != "" {
				h.Set(Str(n), m.groupValue(i))
			}
		}
		return h, nil
	case "pre_match":
		return Str(m.subj[:m.groups[0]]), nil
	case "post_match":
		return Str(m.subj[m.groups[1]:]), nil
	case "to_s":
		return Str(m.group(0)), nil
	case "begin":
		return int64(utf8.RuneCountInString(m.subj[:m.groups[0]])), nil
	case "size", "length":
		return int64(m.ngroups()), nil
	}
	return nil, ErrNoMethod
}
