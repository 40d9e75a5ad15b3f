package ruby

import (
	"encoding/json"
	"fmt"
	"github.com/ordoproject/ordo/internal/rubyyaml"
	"math"
	"math/big"
	"net/netip"
	"net/url"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/rubyjson"
)

// The parts of Ruby's standard library that templates require: IPAddr,
// JSON and URI.parse.

// requirable are the libraries `require` accepts; Puppet has them loaded.
var requirable = map[string]bool{"ipaddr": true, "json": true, "erb": true, "yaml": true, "uri": true}

// stdModule is a standard library class or module used as a constant.
type stdModule struct{ name string }

func (m *stdModule) ClassName() string { return "Class" }

func (m *stdModule) ToS() string { return m.name }

func (m *stdModule) Call(c *Call, name string, args []Value, blk *Block) (Value, error) {
	if m.name == "File" {
		return fileMethod(name, args)
	}
	switch m.name + "." + name {
	case "IPAddr.new":
		if len(args) < 1 || len(args) > 2 {
			return nil, arity(args, 1, 2)
		}
		s, err := strArg(args[0])
		if err != nil {
			return nil, err
		}
		return parseIPAddr(s)
	case "URI.parse":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		s, err := strArg(args[0])
		if err != nil {
			return nil, err
		}
		return parseURI(s)
	case "JSON.parse":
		if len(args) < 1 {
			return nil, arity(args, 1, 2)
		}
		s, err := strArg(args[0])
		if err != nil {
			return nil, err
		}
		return jsonParse(s)
	case "JSON.generate", "JSON.dump":
		if len(args) < 1 {
			return nil, arity(args, 1, 2)
		}
		s, err := jsonGenerate(args[0], jsonStyle{})
		return Str(s), err
	case "JSON.pretty_generate":
		if len(args) < 1 || len(args) > 2 {
			return nil, arity(args, 1, 2)
		}
		st := jsonStyle{indent: "  ", space: " ", objectNL: "\n", arrayNL: "\n"}
		if len(args) == 2 {
			opts, ok := args[1].(*Hash)
			if !ok {
				return nil, raise("TypeError", "can't convert %s into Hash", ClassName(args[1]))
			}
			for i, k := range opts.keys {
				v := ToS(opts.vals[i])
				switch ToS(k) {
				case "indent":
					st.indent = v
				case "space":
					st.space = v
				case "space_before":
					st.spaceBefore = v
				case "object_nl":
					st.objectNL = v
				case "array_nl":
					st.arrayNL = v
				default:
					return nil, raise("NotImplementedError", "JSON option %s is not supported in templates", ToS(k))
				}
			}
		}
		s, err := jsonGenerate(args[0], st)
		return Str(s), err
	}
	return nil, ErrNoMethod
}

// ipAddr is an IPAddr: an address and its prefix (the address masked).
type ipAddr struct{ prefix netip.Prefix }

func (a *ipAddr) ClassName() string { return "IPAddr" }

func (a *ipAddr) ToS() string { return a.prefix.Addr().String() }

func (a *ipAddr) Inspect() string {
	fam := "IPv4"
	if a.prefix.Addr().Is6() {
		fam = "IPv6"
	}
	return fmt.Sprintf("#<IPAddr: %s:%s/%s>", fam, a.prefix.Addr(), maskString(a.prefix))
}

func (a *ipAddr) Equal(v Value) bool {
	o, ok := v.(*ipAddr)
	return ok && o.prefix == a.prefix
}

func maskString(p netip.Prefix) string {
	bits := p.Addr().BitLen()
	mask := make([]byte, bits/8)
	for i := 0; i < p.Bits(); i++ {
		mask[i/8] |= 0x80 >> (i % 8)
	}
	addr, _ := netip.AddrFromSlice(mask)
	return addr.String()
}

func parseIPAddr(s string) (Value, error) {
	invalid := func() error {
		return raise("IPAddr::InvalidAddressError", "invalid address: %s", s)
	}
	addrPart, maskPart, hasMask := strings.Cut(s, "/")
	addrPart = strings.TrimSuffix(strings.TrimPrefix(addrPart, "["), "]")
	addr, err := netip.ParseAddr(addrPart)
	if err != nil || addr.Zone() != "" {
		return nil, invalid()
	}
	bits := addr.BitLen()
	if hasMask {
		if n, err := strconv.Atoi(maskPart); err == nil {
			if n < 0 || n > addr.BitLen() {
				return nil, raise("IPAddr::InvalidPrefixError", "invalid length")
			}
			bits = n
		} else {
			m, err := netip.ParseAddr(maskPart)
			if err != nil || m.BitLen() != addr.BitLen() {
				return nil, raise("IPAddr::InvalidPrefixError", "invalid mask %s", maskPart)
			}
			bits = 0
			for _, b := range m.AsSlice() {
				for i := 7; i >= 0; i-- {
					if b&(1<<i) != 0 {
						bits++
					}
				}
			}
		}
	}
	p, err := addr.Prefix(bits)
	if err != nil {
		return nil, invalid()
	}
	return &ipAddr{prefix: p}, nil
}

func (a *ipAddr) Call(c *Call, name string, args []Value, blk *Block) (Value, error) {
	addr := a.prefix.Addr()
	switch name {
	case "to_s":
		return Str(a.ToS()), nil
	case "to_string":
		if addr.Is6() {
			return Str(addr.StringExpanded()), nil
		}
		return Str(addr.String()), nil
	case "inspect":
		return Str(a.Inspect()), nil
	case "to_i", "hash":
		return ipInt(addr)
	case "ipv4?":
		return addr.Is4(), nil
	case "ipv6?":
		return addr.Is6(), nil
	case "prefix":
		return int64(a.prefix.Bits()), nil
	case "include?", "===":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		var other netip.Addr
		switch o := args[0].(type) {
		case *ipAddr:
			other = o.prefix.Addr()
		case *String:
			v, err := parseIPAddr(o.S)
			if err != nil {
				return false, nil
			}
			other = v.(*ipAddr).prefix.Addr()
		default:
			return false, nil
		}
		return a.prefix.Contains(other), nil
	case "==":
		return a.Equal(args[0]), nil
	case "<=>":
		o, ok := args[0].(*ipAddr)
		if !ok {
			return nil, nil
		}
		return int64(addr.Compare(o.prefix.Addr())), nil
	case "mask":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		n, err := intArg(args[0])
		if err != nil {
			return nil, err
		}
		p, perr := addr.Prefix(int(n))
		if perr != nil {
			return nil, raise("IPAddr::InvalidPrefixError", "invalid length")
		}
		return &ipAddr{prefix: p}, nil
	case "private?", "loopback?", "link_local?":
		switch name {
		case "private?":
			return addr.IsPrivate(), nil
		case "loopback?":
			return addr.IsLoopback(), nil
		}
		return addr.IsLinkLocalUnicast(), nil
	}
	return nil, ErrNoMethod
}

func ipInt(addr netip.Addr) (Value, error) {
	n := new(big.Int).SetBytes(addr.AsSlice())
	if !n.IsInt64() {
		return nil, raise("NotImplementedError", "integer arithmetic beyond 64 bits (IPv6 to_i) is not supported in templates")
	}
	return n.Int64(), nil
}

// jsonParse is JSON.parse: objects become hashes with string keys.
func jsonParse(s string) (Value, error) {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	v, err := jsonValue(dec)
	if err == nil {
		if _, terr := dec.Token(); terr == nil {
			err = fmt.Errorf("trailing data")
		}
	}
	if err != nil {
		return nil, raise("JSON::ParserError", "unexpected token at '%s'", s)
	}
	return v, nil
}

func jsonValue(dec *json.Decoder) (Value, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch x := tok.(type) {
	case json.Delim:
		switch x {
		case '{':
			h := NewHash()
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := jsonValue(dec)
				if err != nil {
					return nil, err
				}
				h.Set(Str(kt.(string)), v)
			}
			_, err := dec.Token()
			return h, err
		case '[':
			a := NewArray()
			for dec.More() {
				v, err := jsonValue(dec)
				if err != nil {
					return nil, err
				}
				a.Elems = append(a.Elems, v)
			}
			_, err := dec.Token()
			return a, err
		}
	case json.Number:
		if strings.ContainsAny(string(x), ".eE") {
			f, err := x.Float64()
			return f, err
		}
		n, err := x.Int64()
		if err != nil {
			return nil, raise("NotImplementedError", "integers beyond 64 bits are not supported in templates")
		}
		return n, nil
	case string:
		return Str(x), nil
	case bool:
		return x, nil
	case nil:
		return nil, nil
	}
	return nil, fmt.Errorf("unexpected %v", tok)
}

// jsonStyle is the layout of JSON.generate's options.
type jsonStyle struct {
	indent, space, spaceBefore, objectNL, arrayNL string
}

func jsonGenerate(v Value, st jsonStyle) (string, error) {
	var b strings.Builder
	if err := jsonWrite(&b, v, st, 0); err != nil {
		return "", err
	}
	return b.String(), nil
}

// jsonWrite writes v, an element of depth arrays and hashes, to b. As
// Ruby's generator, it refuses the 101st array or hash one inside the
// other (an array that holds itself ends there too).
func jsonWrite(b *strings.Builder, v Value, st jsonStyle, depth int) error {
	switch v.(type) {
	case *Array, *Hash:
		if depth >= 100 {
			return raise("JSON::NestingError", "nesting of %d is too deep", depth)
		}
	}
	ind := func(d int) {
		for i := 0; i < d; i++ {
			b.WriteString(st.indent)
		}
	}
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return raise("JSON::GeneratorError", "%s not allowed in JSON", FormatFloat(x))
		}
		b.WriteString(FormatFloat(x))
	case *String:
		b.WriteString(rubyjson.Quote(x.S))
	case Symbol:
		b.WriteString(rubyjson.Quote(string(x)))
	case *Array:
		if len(x.Elems) == 0 {
			// the generator of Ruby 3.1's json writes both line breaks
			b.WriteString("[" + st.arrayNL + st.arrayNL)
			ind(depth)
			b.WriteString("]")
			return nil
		}
		b.WriteString("[" + st.arrayNL)
		for i, e := range x.Elems {
			if i > 0 {
				b.WriteString("," + st.arrayNL)
			}
			ind(depth + 1)
			if err := jsonWrite(b, e, st, depth+1); err != nil {
				return err
			}
		}
		b.WriteString(st.arrayNL)
		ind(depth)
		b.WriteString("]")
	case *Hash:
		if x.Len() == 0 {
			b.WriteString("{" + st.objectNL)
			ind(depth)
			b.WriteString("}")
			return nil
		}
		b.WriteString("{" + st.objectNL)
		for i, k := range x.keys {
			if i > 0 {
				b.WriteString("," + st.objectNL)
			}
			ind(depth + 1)
			b.WriteString(rubyjson.Quote(ToS(k)))
			b.WriteString(st.spaceBefore + ":" + st.space)
			if err := jsonWrite(b, x.vals[i], st, depth+1); err != nil {
				return err
			}
		}
		b.WriteString(st.objectNL)
		ind(depth)
		b.WriteString("}")
	default:
		b.WriteString(rubyjson.Quote(ToS(v)))
	}
	return nil
}

// yamlTree turns a value into what rubyyaml writes, as Psych walks it.
func yamlTree(v Value) (any, error) { return yamlTreeIn(v, nil) }

// yamlTreeIn is yamlTree inside the arrays and hashes of path. Psych
// writes an array or hash that holds itself with an anchor and an alias;
// templates do not get that.
func yamlTreeIn(v Value, path []Value) (any, error) {
	switch v.(type) {
	case *Array, *Hash:
		if onPath(path, v) {
			return nil, raise("NotImplementedError", "to_yaml of a value that holds itself is not supported in templates")
		}
		path = append(path, v)
	}
	switch x := v.(type) {
	case nil, bool, int64, float64:
		return x, nil
	case *String:
		return x.S, nil
	case Symbol:
		if x == "" {
			return nil, raise("NotImplementedError", "to_yaml of the empty symbol is not supported in templates")
		}
		return rubyyaml.Symbol(x), nil
	case *Array:
		out := make([]any, len(x.Elems))
		for i, e := range x.Elems {
			t, err := yamlTreeIn(e, path)
			if err != nil {
				return nil, err
			}
			out[i] = t
		}
		return out, nil
	case *Hash:
		out := make(rubyyaml.Mapping, 0, x.Len())
		for i, k := range x.keys {
			kt, err := yamlTreeIn(k, path)
			if err != nil {
				return nil, err
			}
			vt, err := yamlTreeIn(x.vals[i], path)
			if err != nil {
				return nil, err
			}
			out = append(out, rubyyaml.Pair{Key: kt, Value: vt})
		}
		return out, nil
	}
	return nil, raise("NotImplementedError", "to_yaml of %s is not supported in templates", ClassName(v))
}

// uriValue is what Ruby's URI.parse returns: the parts of a URI, with
// the default port of its scheme.
type uriValue struct{ u *url.URL }

// defaultPorts are the schemes Ruby's URI knows, with their ports.
var defaultPorts = map[string]int64{"http": 80, "https": 443, "ftp": 21, "ldap": 389, "ldaps": 636, "ws": 80, "wss": 443}

func parseURI(s string) (Value, error) {
	u, err := url.Parse(s)
	if err != nil || strings.ContainsAny(s, " <>\"^`{|}") {
		return nil, raise("URI::InvalidURIError", "bad URI(is not URI?): %s", Inspect(Str(s)))
	}
	return &uriValue{u: u}, nil
}

func (v *uriValue) ClassName() string {
	switch strings.ToLower(v.u.Scheme) {
	case "http":
		return "URI::HTTP"
	case "https":
		return "URI::HTTPS"
	case "ftp":
		return "URI::FTP"
	}
	return "URI::Generic"
}

func (v *uriValue) ToS() string { return v.u.String() }

func (v *uriValue) Call(c *Call, name string, args []Value, blk *Block) (Value, error) {
	opt := func(s string) Value {
		if s == "" {
			return nil
		}
		return Str(s)
	}
	u := v.u
	switch name {
	case "to_s":
		return Str(u.String()), nil
	case "scheme":
		return opt(u.Scheme), nil
	case "host":
		if u.Host == "" {
			return nil, nil
		}
		h := u.Hostname()
		if strings.Contains(h, ":") {
			h = "[" + h + "]" // Ruby keeps an IPv6 host's brackets
		}
		return Str(h), nil
	case "hostname":
		return opt(u.Hostname()), nil
	case "port":
		if p := u.Port(); p != "" {
			n, err := strconv.ParseInt(p, 10, 64)
			if err == nil {
				return n, nil
			}
		}
		if n, ok := defaultPorts[strings.ToLower(u.Scheme)]; ok {
			return n, nil
		}
		return nil, nil
	case "path":
		if u.Opaque != "" {
			return nil, nil
		}
		return Str(u.EscapedPath()), nil
	case "query":
		if !u.ForceQuery && u.RawQuery == "" {
			return nil, nil
		}
		return Str(u.RawQuery), nil
	case "fragment":
		return opt(u.EscapedFragment()), nil
	case "opaque":
		return opt(u.Opaque), nil
	case "user":
		if u.User == nil {
			return nil, nil
		}
		return Str(u.User.Username()), nil
	case "password":
		if u.User == nil {
			return nil, nil
		}
		p, ok := u.User.Password()
		if !ok {
			return nil, nil
		}
		return Str(p), nil
	case "userinfo":
		if u.User == nil {
			return nil, nil
		}
		return Str(u.User.String()), nil
	case "request_uri":
		if u.Opaque != "" {
			return nil, nil
		}
		r := u.EscapedPath()
		if r == "" {
			r = "/"
		}
		if u.RawQuery != "" {
			r += "?" + u.RawQuery
		}
		return Str(r), nil
	case "absolute?", "absolute":
		return u.Scheme != "", nil
	case "relative?":
		return u.Scheme == "", nil
	case "==":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		o, ok := args[0].(*uriValue)
		return ok && o.u.String() == u.String(), nil
	}
	return nil, ErrNoMethod
}
