package eval

import "github.com/ordoproject/ordo/internal/rubyyaml"

// fnToYAML is stdlib's to_yaml: the value as Ruby's to_yaml writes it.
// A value holding Sensitive values is written with them unwrapped and
// comes back Sensitive, as stdlib's rewrap_sensitive_data does.
func fnToYAML(k *call) (Value, error) {
	if err := k.argc(1, 2); err != nil {
		return nil, err
	}
	if len(k.args) > 1 {
		opts, ok := k.args[1].(*Hash)
		if !ok {
			return nil, failf("'%s' parameter 'options' expects a Hash value, got %s", k.name, inferredTypeName(k.args[1]))
		}
		if opts.Len() > 0 {
			return nil, failf("%s(): options are not supported by ordo", k.name)
		}
	}
	sensitive := false
	tree, err := yamlTree(k.args[0], &sensitive)
	if err != nil {
		return nil, err
	}
	out := rubyyaml.Dump(tree)
	if sensitive {
		return &Sensitive{V: out}, nil
	}
	return out, nil
}

func yamlTree(v Value, sensitive *bool) (any, error) {
	switch x := v.(type) {
	case nil, bool, int64, float64, string:
		return x, nil
	case *Sensitive:
		*sensitive = true
		return yamlTree(x.V, sensitive)
	case []Value:
		out := make([]any, len(x))
		for i, e := range x {
			t, err := yamlTree(e, sensitive)
			if err != nil {
				return nil, err
			}
			out[i] = t
		}
		return out, nil
	case *Hash:
		out := make(rubyyaml.Mapping, 0, x.Len())
		for i, key := range x.keys {
			kt, err := yamlTree(key, sensitive)
			if err != nil {
				return nil, err
			}
			vt, err := yamlTree(x.vals[i], sensitive)
			if err != nil {
				return nil, err
			}
			out = append(out, rubyyaml.Pair{Key: kt, Value: vt})
		}
		return out, nil
	}
	return nil, failf("to_yaml(): a %s value is not supported by ordo", typeName(v))
}
