package eval

import (
	"strconv"
	"strings"
)

// The signatures of lookup as Puppet prints them when a call matches
// none of them.
const (
	lookupNameType   = "NameType = Variant[String, Array[String]]"
	lookupMergeType  = "MergeType = Variant[String[1], Hash[String, Scalar]]"
	lookupOptsFields = "'value_type' => Optional[ValueType = Type], 'default_value' => DefaultValueType = Any, 'override' => Optional[Hash[String, Any]], 'default_values_hash' => Optional[Hash[String, Any]], 'merge' => Optional[" + lookupMergeType + "]"
	lookupWithName   = "OptionsWithName = Struct[{'name' => " + lookupNameType + ", " + lookupOptsFields + "}]"
	lookupNoName     = "OptionsWithoutName = Struct[{" + lookupOptsFields + "}]"
	lookupBlock      = "BlockType = Callable[" + lookupNameType + "] block?"
)

var lookupSignatures = [5]string{
	lookupNameType + " name, ValueType = Type value_type?, " + lookupMergeType + " merge?",
	lookupNameType + " name, Optional[ValueType] value_type, Optional[MergeType] merge, DefaultValueType = Any default_value",
	lookupNameType + " name, ValueType = Type value_type?, " + lookupMergeType + " merge?",
	lookupWithName + " options_hash, " + lookupBlock,
	"Variant[String, Array[String]] name, " + lookupNoName + " options_hash, " + lookupBlock,
}

// lookupMismatch returns Puppet's error for a call of lookup with args
// (and a block when block) that none of its signatures accepts, or ""
// when one does. Like Puppet's dispatch, it weighs the arguments of every
// signature first and the block only when some signature took the
// arguments.
func lookupMismatch(args []Value, block *lambda) string {
	n := len(args)
	var reasons [5][]string
	count := func(lo, hi int) []string {
		if n >= lo && n <= hi {
			return nil
		}
		switch {
		case lo == hi && lo == 1:
			return []string{"expects 1 argument, got " + itoa(n)}
		case lo == hi:
			return []string{"expects " + itoa(lo) + " arguments, got " + itoa(n)}
		}
		return []string{"expects between " + itoa(lo) + " and " + itoa(hi) + " arguments, got " + itoa(n)}
	}
	positional := func(optional bool) []string {
		if !lookupName(args[0]) {
			return nameReasons("parameter 'name'", "a "+lookupNameType+" value", args[0])
		}
		if n >= 2 {
			if _, ok := args[1].(*Type); !ok && !(optional && args[1] == nil) {
				return []string{"parameter 'value_type' expects a ValueType = Type value, got " + inferredTypeName(args[1])}
			}
		}
		if n >= 3 && !(optional && args[2] == nil) && !lookupMerge(args[2]) {
			return []string{"parameter 'merge' expects a " + lookupMergeType + " value, got " + inferredTypeName(args[2])}
		}
		return nil
	}
	if reasons[0] = count(1, 3); reasons[0] == nil {
		reasons[0] = positional(false)
	}
	if reasons[1] = count(4, 4); reasons[1] == nil {
		reasons[1] = positional(true)
	}
	reasons[2] = reasons[0]
	if reasons[3] = count(1, 1); reasons[3] == nil {
		reasons[3] = lookupOptions(args[0], true)
	}
	if reasons[4] = count(2, 2); reasons[4] == nil {
		if !lookupName(args[0]) {
			reasons[4] = nameReasons("parameter 'name'", "a value of type String or Array", args[0])
		} else {
			reasons[4] = lookupOptions(args[1], false)
		}
	}
	allRefused := true
	for i, r := range reasons {
		if r == nil {
			allRefused = false
			// The signature takes the arguments; it takes the call when
			// it also takes the block (an untyped block parameter is
			// accepted in a call, only the description calls it Any).
			if (i < 2 && block == nil) || (i == 2 && block != nil) || i > 2 {
				return ""
			}
		}
	}
	if !allRefused {
		var blocks [5][]string
		refused := 0
		for i := range blocks {
			switch {
			case block != nil && i < 2:
				blocks[i] = []string{"does not expect a block"}
			case block != nil && untypedBlock(block):
				// Puppet takes an untyped parameter for Any, which
				// BlockType = Callable[NameType] does not accept.
				blocks[i] = []string{"block index 0 expects a " + lookupNameType + " value, got Any"}
			case block == nil && i == 2:
				blocks[i] = []string{"expects a block"}
			}
			if blocks[i] != nil {
				refused++
			}
		}
		switch {
		case refused == len(blocks):
			reasons = blocks
		case refused > 0:
			for i := range reasons {
				if reasons[i] == nil {
					reasons[i] = blocks[i]
				}
			}
		}
		for _, r := range reasons {
			if r == nil {
				return ""
			}
		}
	}
	var b strings.Builder
	b.WriteString("The function 'lookup' was called with arguments it does not accept. It expects one of:")
	for i, sig := range lookupSignatures {
		b.WriteString("\n  (" + sig + ")")
		for _, r := range reasons[i] {
			b.WriteString("\n    rejected: " + r)
		}
	}
	return b.String()
}

func itoa(n int) string {
	return strconv.Itoa(n)
}

// lookupName tells whether v is a NameType: a String or an Array of
// Strings.
func lookupName(v Value) bool {
	switch n := v.(type) {
	case string:
		return true
	case []Value:
		for _, e := range n {
			if _, ok := e.(string); !ok {
				return false
			}
		}
		return true
	}
	return false
}

// lookupMerge tells whether v is a MergeType: a non-empty String or a
// Hash of String keys and Scalar values.
func lookupMerge(v Value) bool {
	switch m := v.(type) {
	case string:
		return m != ""
	case *Hash:
		for _, key := range m.keys {
			if _, ok := key.(string); !ok {
				return false
			}
			val, _ := m.Get(key)
			switch val.(type) {
			case string, int64, float64, bool, *Regexp:
			default:
				return false
			}
		}
		return true
	}
	return false
}

// lookupOptions returns why v is not an options hash of lookup (with
// its name when withName), Puppet's reasons in Puppet's order.
func lookupOptions(v Value, withName bool) []string {
	h, ok := v.(*Hash)
	if !ok {
		t := lookupNoName
		if withName {
			t = lookupWithName
		}
		return []string{"parameter 'options_hash' expects an " + t + " value, got " + inferredTypeName(v)}
	}
	var reasons []string
	known := map[string]bool{"value_type": true, "default_value": true, "override": true, "default_values_hash": true, "merge": true}
	if withName {
		known["name"] = true
		if _, ok := h.Get("name"); !ok {
			reasons = append(reasons, "parameter 'options_hash' expects a value for key 'name'")
		}
	}
	entry := func(key, want string, ok func(Value) bool) {
		if v, found := h.Get(key); found && v != nil && !ok(v) {
			reasons = append(reasons, "parameter 'options_hash' entry '"+key+"' expects a "+want+" value, got "+inferredTypeName(v))
		}
	}
	if v, found := h.Get("name"); withName && found && !lookupName(v) {
		reasons = append(reasons, nameReasons("parameter 'options_hash' entry 'name'", "a "+lookupNameType+" value", v)...)
	}
	entry("value_type", "ValueType = Type", func(v Value) bool { _, ok := v.(*Type); return ok })
	entry("merge", lookupMergeType, lookupMerge)
	for _, key := range h.keys {
		if s, ok := key.(string); !ok || !known[s] {
			reasons = append(reasons, "parameter 'options_hash' unrecognized key '"+ToS(key)+"'")
		}
	}
	return reasons
}

// untypedBlock tells whether the block's first parameter has no type.
func untypedBlock(l *lambda) bool {
	return len(l.def.Params) > 0 && l.def.Params[0].Type == nil
}

// nameReasons says why v, at path, is not a name of lookup. An Array
// with other elements than Strings fails both variants, which Puppet
// names one by one.
func nameReasons(path, want string, v Value) []string {
	a, ok := v.([]Value)
	if !ok {
		return []string{path + " expects " + want + ", got " + inferredTypeName(v)}
	}
	reasons := []string{path + " variant 0 expects a String value, got " + inferredTypeName(v)}
	for i, e := range a {
		if _, ok := e.(string); !ok {
			reasons = append(reasons, path+" variant 1 index "+strconv.Itoa(i)+" expects a String value, got "+inferredTypeName(e))
		}
	}
	return reasons
}
