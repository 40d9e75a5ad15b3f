package resourcetest

import "github.com/ordoproject/ordo/internal/catalog"

// Params is a resource's parameters by name, the inverse of Resource: the
// form a test compares with reflect.DeepEqual.
func Params(r *catalog.Resource) map[string]catalog.Value {
	m := make(map[string]catalog.Value, len(r.Params))
	for _, p := range r.Params {
		m[p.Name] = p.Value
	}
	return m
}
