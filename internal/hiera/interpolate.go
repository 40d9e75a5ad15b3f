package hiera

import (
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
)

var (
	methodRE = lazyre.New(`^(\w+)\((?:"([^"]+)"|'([^']+)')\)$`)
)

// emptyInterpolations are the expressions that interpolate to nothing
// (Hiera's way to write a literal "%{}").
var emptyInterpolations = map[string]bool{
	"": true, "::": true, `""`: true, "''": true, `"::"`: true, "'::'": true,
}

// interpolate replaces %{...} expressions in strings inside v. Methods
// (lookup, hiera, alias, literal, scope) are allowed in data values, not
// in hiera.yaml paths.
func (inv *invocation) interpolate(v catalog.Value, allowMethods bool) (catalog.Value, error) {
	switch x := v.(type) {
	case string:
		if !strings.Contains(x, "%{") {
			return x, nil
		}
		return inv.interpolateValue(x, allowMethods)
	case []catalog.Value:
		out := make([]catalog.Value, len(x))
		for i, e := range x {
			r, err := inv.interpolate(e, allowMethods)
			if err != nil {
				return nil, err
			}
			out[i] = r
		}
		return out, nil
	case *catalog.Hash:
		out := catalog.NewHash()
		for _, k := range x.Keys() {
			e, _ := x.Get(k)
			nk, err := inv.interpolate(k, allowMethods)
			if err != nil {
				return nil, err
			}
			r, err := inv.interpolate(e, allowMethods)
			if err != nil {
				return nil, err
			}
			out.Set(catalog.Scalar(nk), r)
		}
		return out, nil
	}
	return v, nil
}

// interpolateString interpolates s and renders the result as a string.
func (inv *invocation) interpolateString(s string, allowMethods bool) (string, error) {
	if !strings.Contains(s, "%{") {
		return s, nil
	}
	v, err := inv.interpolateValue(s, allowMethods)
	if err != nil {
		return "", err
	}
	return rubyString(v), nil
}

// interpolateValue interpolates one string; an alias() that is the whole
// string returns the aliased value itself, of any type.
func (inv *invocation) interpolateValue(subject string, allowMethods bool) (catalog.Value, error) {
	defer inv.pushNode(nodeInterpolate, subject)()
	var b strings.Builder
	last := 0
	for {
		open := strings.Index(subject[last:], "%{")
		if open < 0 {
			break
		}
		open += last
		closing := strings.IndexByte(subject[open+2:], '}')
		if closing < 0 {
			break
		}
		end := open + 2 + closing + 1
		b.WriteString(subject[last:open])
		last = end
		whole := subject[open:end]
		expr := strings.TrimSpace(subject[open+2 : end-1])
		if emptyInterpolations[expr] {
			continue
		}
		method, key := "scope", expr
		if strings.HasSuffix(expr, ")") {
			if mm := methodRE.FindStringSubmatch(expr); mm != nil {
				if !allowMethods {
					return nil, issuef("HIERA_INTERPOLATION_METHOD_SYNTAX_NOT_ALLOWED", "Interpolation using method syntax is not allowed in this context")
				}
				method, key = mm[1], mm[2]+mm[3]
			}
		}
		isAlias := method == "alias"
		if isAlias && whole != subject {
			return nil, issuef("HIERA_INTERPOLATION_ALIAS_NOT_ENTIRE_STRING", "'alias' interpolation is only permitted if the expression is equal to the entire string")
		}
		var (
			value catalog.Value
			err   error
		)
		switch method {
		case "lookup", "hiera", "alias":
			value, err = inv.globalLookup(key)
		case "scope":
			value, err = inv.explainedScopeValue(key)
			if e, ok := err.(*Error); ok && strings.HasSuffix(e.Msg, " in string: "+key) {
				// Puppet names the whole string interpolated
				e.Msg = strings.TrimSuffix(e.Msg, key) + subject
			}
		case "literal":
			value = key
		default:
			return nil, issuef("HIERA_INTERPOLATION_UNKNOWN_INTERPOLATION_METHOD", "Unknown interpolation method '%s'", method)
		}
		if err != nil {
			return nil, err
		}
		if isAlias {
			return value, nil
		}
		checkName := key
		if method == "scope" {
			checkName = "scope:" + key
		}
		value, _, err = inv.check(checkName, func() (catalog.Value, bool, error) {
			v, err := inv.interpolate(value, allowMethods)
			return v, true, err
		})
		if err != nil {
			return nil, err
		}
		b.WriteString(rubyString(value))
	}
	b.WriteString(subject[last:])
	return b.String(), nil
}

// globalLookup is %{lookup('k')}: a full lookup of k whose absence is
// the empty string.
func (inv *invocation) globalLookup(key string) (catalog.Value, error) {
	if inv.override != nil {
		if v, ok := inv.override.Get(key); ok {
			return v, nil
		}
	}
	v, ok, err := inv.lookup(key, nil)
	if err == nil && !ok && inv.defaults != nil {
		v, ok = inv.defaults.Get(key)
	}
	if err != nil {
		return nil, err
	}
	if !ok {
		return "", nil
	}
	return v, nil
}

// scopeValue is %{var} and %{scope('var')}: a variable, dug into by
// dotted segments (%{facts.os.family}); undefined is nil.
func (inv *invocation) scopeValue(key string) (catalog.Value, error) {
	segs, err := splitKey(key)
	if err != nil {
		return nil, errorf("%s in string: %s", err, key)
	}
	v, err := inv.scopeSegments(key, segs)
	if err == nil && inv.deps != nil {
		*inv.deps = append(*inv.deps, scopeDep{expr: key, value: v})
	}
	return v, err
}

func (inv *invocation) scopeSegments(key string, segs []segment) (catalog.Value, error) {
	root := segs[0].key
	var (
		v  catalog.Value
		ok bool
	)
	if inv.override != nil {
		v, ok = inv.override.Get(root)
	}
	if !ok && inv.scope != nil {
		v, ok = inv.scope.Var(root)
		if u, report := inv.scope.(UndefinedReporter); !ok && report {
			u.Undefined(root)
		}
	}
	if !ok && inv.defaults != nil {
		v, ok = inv.defaults.Get(root)
	}
	if !ok || v == nil || len(segs) == 1 {
		return v, nil
	}
	found, ok, err := dig(key, segs[1:], v)
	if err != nil || !ok {
		return nil, err
	}
	return found, nil
}

// explainedScopeValue is scopeValue shown in an explanation as Puppet
// shows it: the variable in the global scope, then the sub key.
func (inv *invocation) explainedScopeValue(key string) (catalog.Value, error) {
	if inv.ex == nil {
		return inv.scopeValue(key)
	}
	segs, err := splitKey(key)
	if err != nil {
		return nil, errorf("%s in string: %s", err, key)
	}
	root := segs[0].key
	popScope := inv.push(&explainNode{kind: nodeScope, text: "Global Scope"})
	v, err := inv.scopeSegments(root, segs[:1])
	if err == nil && v != nil {
		inv.reportFound(root, v)
	}
	popScope()
	if err != nil || v == nil || len(segs) == 1 {
		return v, err
	}
	inv.explainDig(segs[1:], v)
	found, ok, err := dig(key, segs[1:], v)
	if err != nil || !ok {
		return nil, err
	}
	return found, nil
}

// rubyString renders a value as Ruby's to_s does when Hiera interpolates
// it into a string.
func rubyString(v catalog.Value) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case float64:
		return catalog.Scalar(x)
	case []catalog.Value, *catalog.Hash:
		var b strings.Builder
		rubyInspect(&b, v)
		return b.String()
	}
	return catalog.Scalar(v)
}

// rubyInspect writes Ruby 3.1's inspect form of a value.
func rubyInspect(b *strings.Builder, v catalog.Value) {
	switch x := v.(type) {
	case nil:
		b.WriteString("nil")
	case string:
		b.WriteString(strconv.Quote(x))
	case []catalog.Value:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			rubyInspect(b, e)
		}
		b.WriteByte(']')
	case *catalog.Hash:
		b.WriteByte('{')
		for i, k := range x.Keys() {
			if i > 0 {
				b.WriteString(", ")
			}
			e, _ := x.Get(k)
			b.WriteString(strconv.Quote(k))
			b.WriteString("=>")
			rubyInspect(b, e)
		}
		b.WriteByte('}')
	default:
		b.WriteString(catalog.Scalar(v))
	}
}
