package eval

import "strings"

// Go stand-ins for the Ruby functions of puppetlabs-puppet_agent.

func puppetAgentFunctions() map[string]builtin {
	return map[string]builtin{"any_resources_of_type": fnAnyResourcesOfType}
}

// fnAnyResourcesOfType is puppet_agent's any_resources_of_type(type,
// params): whether the catalog so far holds a resource of that type
// (compared case-insensitively), and, with params, one whose parameters
// equal each given value as Ruby's == does (an unset one is undef).
func fnAnyResourcesOfType(k *call) (Value, error) {
	if err := k.argc(1, 2); err != nil {
		return nil, err
	}
	typ, ok := k.args[0].(string)
	if !ok {
		return nil, failf("'any_resources_of_type' parameter 'resource_type' expects a String value, got %s", inferredTypeName(k.args[0]))
	}
	var want *Hash
	if len(k.args) > 1 && k.args[1] != nil {
		h, ok := k.args[1].(*Hash)
		if !ok {
			return nil, failf("'any_resources_of_type' parameter 'parameters' expects a value of type Undef or Hash, got %s", inferredTypeName(k.args[1]))
		}
		want = h
	}
	for _, r := range k.c.resources {
		if !strings.EqualFold(r.ref.Type, typ) {
			continue
		}
		match := true
		if want != nil {
			for i, key := range want.Keys() {
				name := ToS(key)
				got, set := r.get(name)
				if !set && name == "name" {
					got = r.ref.Title
				}
				if !rubyEqual(got, want.Values()[i]) {
					match = false
					break
				}
			}
		}
		if match {
			return true, nil
		}
	}
	return false, nil
}

// rubyEqual is Ruby's == on Puppet values: strings compare exactly,
// numbers by value, arrays element by element.
func rubyEqual(a, b Value) bool {
	switch x := a.(type) {
	case string:
		y, ok := b.(string)
		return ok && x == y
	case []Value:
		y, ok := b.([]Value)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !rubyEqual(x[i], y[i]) {
				return false
			}
		}
		return true
	}
	if _, ok := b.(string); ok {
		return false
	}
	return Equal(a, b)
}
