package eval

import "github.com/ordoproject/ordo/internal/catalog"

// richValue is a value of one of Puppet's object types that the catalog
// carries as rich data or as a string: Deferred, Binary, SemVer,
// SemVerRange, Error.
type richValue interface {
	String() string
	typeName() string
	toCatalog() catalog.Value
}

func (d *Deferred) typeName() string         { return "Deferred" }
func (d *Deferred) toCatalog() catalog.Value { return d.toRich() }

// newRichValue makes a value of one of the object types (Deferred(...),
// SemVer(...), ...); ok is false for other types.
func (c *Compiler) newRichValue(k *call, t *Type) (v Value, ok bool, err error) {
	switch t.Name {
	case "Deferred":
		v, err = newDeferred(k)
		return v, true, err
	}
	return nil, false, nil
}
