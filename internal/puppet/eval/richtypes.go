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

// richScalar is the rich-data form of a value Puppet writes as a string:
// {"__ptype": ptype, "__pvalue": text}.
func richScalar(ptype, text string) *catalog.Rich {
	h := catalog.NewHash()
	h.Set("__ptype", ptype)
	h.Set("__pvalue", text)
	return &catalog.Rich{PType: ptype, Data: h}
}

// newRichValue makes a value of one of the object types (Deferred(...),
// SemVer(...), ...); ok is false for other types.
func (c *Compiler) newRichValue(k *call, t *Type) (v Value, ok bool, err error) {
	switch t.Name {
	case "Deferred":
		v, err = newDeferred(k)
		return v, true, err
	case "SemVer":
		v, err = newSemVer(k)
		return v, true, err
	case "SemVerRange":
		v, err = newSemVerRange(k)
		return v, true, err
	case "Binary":
		v, err = newBinary(k)
		return v, true, err
	case "Error":
		v, err = newError(k)
		return v, true, err
	case "Timestamp":
		v, err = newTimestamp(k)
		return v, true, err
	case "Timespan":
		v, err = newTimespan(k)
		return v, true, err
	case "Integer", "Float", "Numeric":
		var ns int64
		switch x := k.args[0].(type) {
		case *Timestamp:
			ns = x.T.UnixNano()
		case *Timespan:
			ns = x.D
		default:
			return nil, false, nil
		}
		if t.Name == "Integer" {
			return ns / 1e9, true, nil
		}
		return float64(ns) / 1e9, true, nil
	case "String":
		b, isBinary := k.args[0].(*Binary)
		if !isBinary {
			return nil, false, nil
		}
		format := "%B"
		if len(k.args) > 1 {
			format = ToS(k.args[1])
		}
		s, known := formatBinary(b, format)
		if !known {
			return nil, true, failf("'new_String' Unsupported format '%s' for Binary", format)
		}
		return s, true, nil
	}
	return nil, false, nil
}
