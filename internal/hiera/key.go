package hiera

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
)

// segment is one step of a dotted key: a hash key or an array index.
type segment struct {
	key   string
	index int
	isInt bool
}

func (s segment) String() string {
	if s.isInt {
		return strconv.Itoa(s.index)
	}
	return s.key
}

var (
	segmentRE = lazyre.New(`\s*"[^"]+"\s*|\s*'[^']+'\s*|[^'".]+`)
	intSegRE  = lazyre.New(`^[+-]?[0-9]+$`)
)

// splitKey splits a dotted key ("a.b.0", `a."x.y"`) into its segments.
// The first segment is always a string (the root key).
func splitKey(key string) ([]segment, error) {
	if !strings.ContainsAny(key, `'".`) {
		return []segment{{key: key}}, nil
	}
	if !strings.ContainsAny(key, `'"`) {
		return splitPlain(key)
	}
	// Tokens must alternate segment, '.', segment, ... covering the key.
	locs := segmentRE.FindAllStringIndex(key, -1)
	var segs []segment
	pos := 0
	for i, l := range locs {
		if i > 0 {
			if key[pos:l[0]] != "." {
				return nil, fmt.Errorf("Syntax error")
			}
		} else if l[0] != 0 {
			return nil, fmt.Errorf("Syntax error")
		}
		raw := strings.TrimSpace(key[l[0]:l[1]])
		switch {
		case strings.HasPrefix(raw, `"`) || strings.HasPrefix(raw, `'`):
			segs = append(segs, segment{key: raw[1 : len(raw)-1]})
		case intSegRE.MatchString(raw) && i > 0:
			n, _ := strconv.Atoi(raw)
			segs = append(segs, segment{index: n, isInt: true})
		default:
			segs = append(segs, segment{key: raw})
		}
		pos = l[1]
	}
	if len(segs) == 0 || pos != len(key) {
		return nil, fmt.Errorf("Syntax error")
	}
	return segs, nil
}

// splitPlain splits a dotted key without quotes.
func splitPlain(key string) ([]segment, error) {
	parts := strings.Split(key, ".")
	segs := make([]segment, len(parts))
	for i, p := range parts {
		raw := strings.TrimSpace(p)
		if raw == "" {
			return nil, fmt.Errorf("Syntax error")
		}
		if i > 0 && isInt(raw) {
			n, _ := strconv.Atoi(raw)
			segs[i] = segment{index: n, isInt: true}
			continue
		}
		segs[i] = segment{key: raw}
	}
	return segs, nil
}

func isInt(s string) bool {
	if s[0] == '+' || s[0] == '-' {
		s = s[1:]
	}
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// lookupKey is a parsed lookup key: its root (what data files are
// searched for), the segments dug into the found value, and the module
// whose namespace it is in.
type lookupKey struct {
	full     string
	root     string
	segments []segment
	module   string
}

func parseKey(key string) (lookupKey, error) {
	segs, err := splitKey(key)
	if err != nil {
		return lookupKey{}, errorf("%s in key: '%s'", err, key)
	}
	k := lookupKey{full: key, root: segs[0].key, segments: segs[1:]}
	if i := strings.Index(k.root, "::"); i >= 0 {
		k.module = k.root[:i]
	}
	return k, nil
}

// dig follows segments into v. found is false when a step is missing; a
// step into something that is not a hash (or an array, for an index) is
// Puppet's type mismatch error.
func dig(key string, segs []segment, v catalog.Value) (catalog.Value, bool, error) {
	for _, s := range segs {
		if v == nil {
			return nil, false, nil
		}
		if arr, ok := v.([]catalog.Value); ok && s.isInt {
			if s.index < 0 || s.index >= len(arr) {
				return nil, false, nil
			}
			v = arr[s.index]
			continue
		}
		h, ok := v.(*catalog.Hash)
		if !ok {
			return nil, false, errorf("Data Provider type mismatch: Got %s when a hash-like object was expected to access value using '%s' from key '%s'", rubyClass(v), s, key)
		}
		next, ok := h.Get(s.String())
		if !ok {
			return nil, false, nil
		}
		v = next
	}
	return v, true, nil
}

// rubyClass names a value's Ruby class, as Puppet's messages do.
func rubyClass(v catalog.Value) string {
	switch x := v.(type) {
	case string:
		return "String"
	case int64, int:
		return "Integer"
	case float64:
		return "Float"
	case bool:
		if x {
			return "TrueClass"
		}
		return "FalseClass"
	case []catalog.Value:
		return "Array"
	case *catalog.Hash:
		return "Hash"
	case nil:
		return "NilClass"
	}
	return fmt.Sprintf("%T", v)
}
