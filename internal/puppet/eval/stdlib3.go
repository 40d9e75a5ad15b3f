package eval

import (
	"net/netip"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/puppet/erb/ruby"
)

// More of stdlib's functions, in Go: squeeze, enclose_ipv6, glob and
// getparam.

// fnSqueeze is stdlib's squeeze: Ruby's String#squeeze on a string or on
// each string of an array, runs of a character (of the given set, when
// one is given) made one.
func fnSqueeze(k *call) (Value, error) {
	if len(k.args) != 1 && len(k.args) != 2 {
		return nil, failf("squeeze(): Wrong number of arguments given %d for 2 or 1", len(k.args))
	}
	var set func(rune) bool
	if len(k.args) == 2 && rubyTruthy(k.args[1]) {
		spec, ok := k.args[1].(string)
		if !ok {
			return nil, failf("no implicit conversion of %s into String", rubyClassOf(k.args[1]))
		}
		set = rubyCharSet(spec)
	}
	squeeze := func(v Value) (Value, error) {
		s, ok := v.(string)
		if !ok {
			return nil, failf("undefined method `squeeze' for %s", rubyInspectValue(v))
		}
		var b strings.Builder
		var last rune = -1
		for _, r := range s {
			if r == last && (set == nil || set(r)) {
				continue
			}
			b.WriteRune(r)
			last = r
		}
		return b.String(), nil
	}
	if arr, ok := k.args[0].([]Value); ok {
		out := make([]Value, len(arr))
		for i, e := range arr {
			v, err := squeeze(e)
			if err != nil {
				return nil, err
			}
			out[i] = v
		}
		return out, nil
	}
	return squeeze(k.args[0])
}

// rubyCharSet is a character set as Ruby's String#squeeze, count and
// delete take it: characters and ranges (a-z), negated by a leading ^,
// with \ escaping the next character.
func rubyCharSet(spec string) func(rune) bool {
	rs := []rune(spec)
	negate := len(rs) > 1 && rs[0] == '^'
	if negate {
		rs = rs[1:]
	}
	type span struct{ lo, hi rune }
	var spans []span
	for i := 0; i < len(rs); i++ {
		c := rs[i]
		if c == '\\' && i+1 < len(rs) {
			i++
			c = rs[i]
		}
		if i+2 < len(rs) && rs[i+1] == '-' {
			hi := rs[i+2]
			i += 2
			if hi == '\\' && i+1 < len(rs) {
				i++
				hi = rs[i]
			}
			spans = append(spans, span{c, hi})
			continue
		}
		spans = append(spans, span{c, c})
	}
	return func(r rune) bool {
		in := false
		for _, s := range spans {
			if r >= s.lo && r <= s.hi {
				in = true
				break
			}
		}
		return in != negate
	}
}

// fnEncloseIPv6 is stdlib's enclose_ipv6: IPv6 addresses in square
// brackets (as Ruby's IPAddr writes them), others as they are, "*" kept;
// duplicates dropped.
func fnEncloseIPv6(k *call) (Value, error) {
	if len(k.args) != 1 {
		return nil, failf("enclose_ipv6(): Wrong number of arguments given %d for 1", len(k.args))
	}
	var in []Value
	switch x := k.args[0].(type) {
	case string:
		in = []Value{x}
	case []Value:
		for _, e := range flatten(x) {
			if e != nil {
				in = append(in, e)
			}
		}
	default:
		return nil, failf("enclose_ipv6(): Wrong argument type given %s expected String or Array", rubyClassOf(k.args[0]))
	}
	out := []Value{}
	seen := map[string]bool{}
	for _, v := range in {
		s := rubyToS(v)
		if s != "*" {
			a, ok := rubyIPAddr(s)
			if !ok {
				return nil, failf("enclose_ipv6(): Wrong argument given %s is not an ip address.", s)
			}
			if a.Is6() {
				s = "[" + a.String() + "]"
			}
		}
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out, nil
}

// rubyIPAddr parses an address as Ruby's IPAddr.new does: an IPv4 or
// IPv6 address, in brackets or not, with a prefix length that masks it.
func rubyIPAddr(s string) (netip.Addr, bool) {
	addr, bits, hasBits := strings.Cut(s, "/")
	addr = strings.TrimSuffix(strings.TrimPrefix(addr, "["), "]")
	a, err := netip.ParseAddr(addr)
	if err != nil || a.Zone() != "" {
		return netip.Addr{}, false
	}
	if hasBits {
		p, err := netip.ParsePrefix(addr + "/" + bits)
		if err != nil {
			return netip.Addr{}, false
		}
		a = p.Masked().Addr()
	}
	return a, true
}

// fnGlob is stdlib's glob: the paths on this machine that match the
// pattern (or any of the patterns), as Ruby's Dir.glob finds them: * and
// ? do not match a leading dot, {a,b} is either, results in order.
func fnGlob(k *call) (Value, error) {
	if len(k.args) != 1 {
		return nil, failf("glob(): Wrong number of arguments given (%d for 1)", len(k.args))
	}
	var patterns []string
	switch x := k.args[0].(type) {
	case string:
		patterns = []string{x}
	case []Value:
		for _, e := range x {
			patterns = append(patterns, rubyToS(e))
		}
	default:
		return nil, failf("glob(): Requires either array or string to work")
	}
	out := []Value{}
	for _, p := range patterns {
		if strings.Contains(p, "**") {
			return nil, failf("glob(): ** in %s is not supported by ordo", p)
		}
		// Each alternative of a brace is sorted on its own, as Ruby's.
		for _, q := range expandBraces(p) {
			found := globPath(q)
			sort.Strings(found)
			for _, f := range found {
				out = append(out, f)
			}
		}
	}
	return out, nil
}

// expandBraces expands the first {a,b} of a pattern, recursively.
func expandBraces(p string) []string {
	open := strings.IndexByte(p, '{')
	if open < 0 {
		return []string{p}
	}
	depth := 0
	for i := open; i < len(p); i++ {
		switch p[i] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				var out []string
				inner := p[open+1 : i]
				var parts []string
				d, start := 0, 0
				for j := 0; j < len(inner); j++ {
					switch inner[j] {
					case '{':
						d++
					case '}':
						d--
					case ',':
						if d == 0 {
							parts = append(parts, inner[start:j])
							start = j + 1
						}
					}
				}
				parts = append(parts, inner[start:])
				for _, part := range parts {
					out = append(out, expandBraces(p[:open]+part+p[i+1:])...)
				}
				return out
			}
		}
	}
	return []string{p}
}

// globPath matches a pattern without braces against the file system,
// one path component at a time.
func globPath(pattern string) []string {
	abs := strings.HasPrefix(pattern, "/")
	comps := strings.Split(strings.Trim(pattern, "/"), "/")
	bases := []string{"."}
	if abs {
		bases = []string{"/"}
	}
	for _, c := range comps {
		var next []string
		for _, b := range bases {
			if !strings.ContainsAny(c, "*?[") {
				p := filepath.Join(b, c)
				if _, err := os.Lstat(p); err == nil {
					next = append(next, p)
				}
				continue
			}
			entries, err := os.ReadDir(b)
			if err != nil {
				continue
			}
			for _, e := range entries {
				name := e.Name()
				if strings.HasPrefix(name, ".") && !strings.HasPrefix(c, ".") {
					continue
				}
				if ok, _ := path.Match(c, name); ok {
					next = append(next, filepath.Join(b, name))
				}
			}
		}
		bases = next
	}
	if !abs {
		for i, b := range bases {
			bases[i] = strings.TrimPrefix(b, "./")
		}
	}
	return bases
}

// refString is Puppet::Resource's reading of a reference written as a
// string: Type[title].
var refString = lazyre.New(`(?ms)^([^\[\]]+)\[(.+)\]$`)

// fnGetparam is stdlib's getparam: the value a resource in the catalog
// so far was given for a parameter, or the empty string where there is
// no such resource or value (or the name is empty).
func fnGetparam(k *call) (Value, error) {
	// As a 3.x function it receives an undef argument as the empty
	// string, which Ruby takes as true.
	if len(k.args) < 1 || k.args[0] == false {
		return nil, failf("Must specify a reference")
	}
	var name string
	if len(k.args) > 1 && k.args[1] != nil {
		s, ok := k.args[1].(string)
		if !ok {
			return nil, failf("Must specify name of a parameter")
		}
		name = s
	} else if len(k.args) < 2 {
		return nil, failf("Must specify name of a parameter")
	}
	if name == "" {
		return "", nil
	}
	ref, ok := k.args[0].(Ref)
	if !ok {
		text := rubyToS(k.args[0])
		m := refString.FindStringSubmatch(text)
		if m == nil {
			return nil, failf("No title provided and %s is not a valid resource reference", ruby.Inspect(ruby.Str(text)))
		}
		ref = Ref{Type: catalog.CanonicalType(m[1]), Title: m[2]}
		if ref.Type == "Class" {
			ref.Title = catalog.CanonicalType(strings.TrimPrefix(ref.Title, "::"))
		}
	}
	r := k.c.findResource(ref)
	if r == nil {
		return "", nil
	}
	if p := r.getParam(name); p != nil && p.value != nil {
		return p.value, nil
	}
	return "", nil
}

// fnGetModulePath is stdlib's get_module_path: the folder of a module
// on the environment's module path (the first that holds it).
func fnGetModulePath(k *call) (Value, error) {
	if len(k.args) != 1 {
		return nil, failf("get_module_path(): Wrong number of arguments, expects one")
	}
	name := rubyToS(k.args[0])
	if validModuleName.MatchString(name) {
		for _, mp := range k.c.opts.ModulePath {
			dir := filepath.Join(mp, name)
			if st, err := os.Stat(dir); err == nil && st.IsDir() {
				return dir, nil
			}
		}
	}
	return nil, failf("Could not find module %s in environment %s", name, k.c.opts.Environment)
}

// validModuleName is the module names Puppet::Module.find looks up.
var validModuleName = regexp.MustCompile(`^[a-z][a-z0-9_]*$`)
