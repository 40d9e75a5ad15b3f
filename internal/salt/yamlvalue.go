package salt

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v4"

	"github.com/ordoproject/ordo/internal/lazyre"
)

// plainValue turns a YAML node into Go values: string, int, float64, bool,
// nil, []any and map[string]any (keys printed as strings).
func plainValue(n *yaml.Node) (any, error) {
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return plainValue(n.Content[0])
	case yaml.AliasNode:
		return plainValue(n.Alias)
	case yaml.ScalarNode:
		if v, ok := fastScalar(n); ok {
			return v, nil
		}
		var v any
		if err := n.Decode(&v); err != nil {
			return nil, err
		}
		return v, nil
	case yaml.SequenceNode:
		out := make([]any, 0, len(n.Content))
		for _, c := range n.Content {
			v, err := plainValue(c)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case yaml.MappingNode:
		out := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].ShortTag() == "!!merge" {
				// A << merge key: the aliased mapping(s) fill in what the
				// mapping does not set itself.
				v, err := plainValue(n.Content[i+1])
				if err != nil {
					return nil, err
				}
				merged := []any{v}
				if list, ok := v.([]any); ok {
					merged = list
				}
				for _, m := range merged {
					if mm, ok := m.(map[string]any); ok {
						for k, x := range mm {
							if _, set := out[k]; !set {
								out[k] = x
							}
						}
					}
				}
				continue
			}
			k, err := plainValue(n.Content[i])
			if err != nil {
				return nil, err
			}
			v, err := plainValue(n.Content[i+1])
			if err != nil {
				return nil, err
			}
			out[keyString(k)] = v
		}
		return out, nil
	}
	return nil, nil
}

// keyString prints a mapping key the way Salt uses keys: as text.
func keyString(k any) string {
	switch k := k.(type) {
	case string:
		return k
	case nil:
		return "None"
	case bool:
		if k {
			return "True"
		}
		return "False"
	}
	return fmt.Sprint(k)
}

// resolve follows aliases and documents to the node holding the data.
func resolve(n *yaml.Node) *yaml.Node {
	for n != nil {
		switch n.Kind {
		case yaml.AliasNode:
			n = n.Alias
		case yaml.DocumentNode:
			if len(n.Content) == 0 {
				return nil
			}
			n = n.Content[0]
		default:
			return n
		}
	}
	return nil
}

// fastScalar decodes the common scalars without reflection: strings,
// decimal integers, booleans (with YAML 1.1's yes, no, on and off) and
// null. Anything else goes through the YAML library's own decoding.
func fastScalar(n *yaml.Node) (any, bool) {
	switch n.ShortTag() {
	case "!!str":
		if n.Style == 0 {
			// Salt's YAML (PyYAML, YAML 1.1) reads these plain words as
			// booleans.
			switch n.Value {
			case "yes", "Yes", "YES", "on", "On", "ON":
				return true, true
			case "no", "No", "NO", "off", "Off", "OFF":
				return false, true
			}
			// YAML 1.1's integers with underscores and in base 60
			// (12:30 is 750).
			if pyYAMLInt.MatchString(n.Value) {
				return pyYAMLIntValue(n.Value), true
			}
		}
		return n.Value, true
	case "!!timestamp":
		// Salt's loader gives dates and times as the text written.
		return n.Value, true
	case "!!null":
		return nil, true
	case "!!bool":
		switch n.Value {
		case "true", "True", "TRUE":
			return true, true
		case "false", "False", "FALSE":
			return false, true
		}
	case "!!int", "!!float":
		if i, err := strconv.Atoi(n.Value); err == nil && n.ShortTag() == "!!int" {
			return i, true
		}
		// Python's integers have no size limit.
		// (The decoder tags a decimal integer too large for 64 bits a
		// float.)
		if b, ok := new(big.Int).SetString(strings.ReplaceAll(n.Value, "_", ""), 10); ok && n.Style == 0 {
			return b, true
		}
		// YAML 1.1 (PyYAML) reads some of YAML 1.2's numbers as text: a
		// float needs a dot (1e5 is text) and a signed exponent, and 0o
		// is not an octal prefix.
		if n.ShortTag() == "!!float" && !pyYAMLFloat.MatchString(n.Value) {
			return n.Value, true
		}
		if n.ShortTag() == "!!int" && strings.Contains(n.Value, "0o") {
			return n.Value, true
		}
	}
	return nil, false
}

// pyYAMLFloat is PyYAML's (YAML 1.1) implicit float.
var pyYAMLFloat = lazyre.New(`^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$`)

// pyYAMLInt matches the YAML 1.1 integers YAML 1.2 reads as text:
// decimal with underscores, and base 60.
var pyYAMLInt = lazyre.New(`^[-+]?(?:[1-9][0-9_]*(?::[0-5]?[0-9])+|(?:0|[1-9][0-9_]*))$`)

// pyYAMLIntValue is the value of a pyYAMLInt match.
func pyYAMLIntValue(s string) any {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimLeft(strings.ReplaceAll(s, "_", ""), "+-")
	v := new(big.Int)
	for _, part := range strings.Split(s, ":") {
		d, _ := new(big.Int).SetString(part, 10)
		v.Mul(v, big.NewInt(60)).Add(v, d)
	}
	if neg {
		v.Neg(v)
	}
	if v.IsInt64() {
		return int(v.Int64())
	}
	return v
}
