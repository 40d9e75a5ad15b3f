package ruby

import (
	"errors"
)

func (in *interp) arrayMethod(c *Call, a *Array, name string, args []Value, blk *Block) (Value, error) {
	switch name {
	case "[]", "slice":
		return index(a.Elems, args, func(e []Value) Value { return NewArray(append([]Value(nil), e...)...) })
	case "[]=":
		if err := arity(args, 2, 2); err != nil {
			return nil, err
		}
		i, err := intArg(args[0])
		if err != nil {
			return nil, err
		}
		if i < 0 {
			i += int64(len(a.Elems))
			if i < 0 {
				return nil, raise("IndexError", "index %d too small for array; minimum: -%d", i-int64(len(a.Elems)), len(a.Elems))
			}
		}
		for int64(len(a.Elems)) <= i {
			a.Elems = append(a.Elems, nil)
		}
		a.Elems[i] = args[1]
		return args[1], nil
	case "at":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		return index(a.Elems, args, nil)
	case "dig":
		return dig(c, a, args)
	case "fetch":
		if err := arity(args, 1, 2); err != nil {
			return nil, err
		}
		i, err := intArg(args[0])
		if err != nil {
			return nil, err
		}
		j := i
		if j < 0 {
			j += int64(len(a.Elems))
		}
		if j >= 0 && j < int64(len(a.Elems)) {
			return a.Elems[j], nil
		}
		if blk != nil {
			return blk.call([]Value{args[0]})
		}
		if len(args) == 2 {
			return args[1], nil
		}
		return nil, raise("IndexError", "index %d outside of array bounds: %d...%d", i, -len(a.Elems), len(a.Elems))
	case "length", "size":
		return int64(len(a.Elems)), arity(args, 0, 0)
	case "empty?":
		return len(a.Elems) == 0, arity(args, 0, 0)
	case "any?":
		if blk == nil && len(args) == 0 {
			for _, e := range a.Elems {
				if Truthy(e) {
					return true, nil
				}
			}
			return false, nil
		}
	case "last":
		if len(args) == 0 {
			if len(a.Elems) == 0 {
				return nil, nil
			}
			return a.Elems[len(a.Elems)-1], nil
		}
		n, err := intArg(args[0])
		if err != nil {
			return nil, err
		}
		if n < 0 {
			return nil, raise("ArgumentError", "negative array size")
		}
		k := max(0, len(a.Elems)-int(n))
		return NewArray(append([]Value(nil), a.Elems[k:]...)...), nil
	case "join":
		if err := arity(args, 0, 1); err != nil {
			return nil, err
		}
		sep := ""
		if len(args) == 1 && args[0] != nil {
			s, err := strArg(args[0])
			if err != nil {
				return nil, err
			}
			sep = s
		}
		s, err := joinValues(a.Elems, sep, map[*Array]bool{a: true})
		return Str(s), err
	case "to_s", "inspect":
		return Str(Inspect(a)), nil
	case "to_a", "to_ary", "entries":
		return a, nil
	case "flatten":
		depth := -1
		if len(args) == 1 && args[0] != nil {
			n, err := intArg(args[0])
			if err != nil {
				return nil, err
			}
			depth = int(n)
		}
		out, err := flatten(a.Elems, depth, map[*Array]bool{a: true})
		return NewArray(out...), err
	case "flatten!":
		out, err := flatten(a.Elems, -1, map[*Array]bool{a: true})
		if err != nil {
			return nil, err
		}
		changed := len(out) != len(a.Elems)
		a.Elems = out
		if !changed {
			return nil, nil
		}
		return a, nil
	case "compact":
		var out []Value
		for _, e := range a.Elems {
			if e != nil {
				out = append(out, e)
			}
		}
		return NewArray(out...), nil
	case "compact!":
		var out []Value
		for _, e := range a.Elems {
			if e != nil {
				out = append(out, e)
			}
		}
		changed := len(out) != len(a.Elems)
		a.Elems = out
		if !changed {
			return nil, nil
		}
		return a, nil
	case "uniq", "uniq!":
		var keys []Value
		if blk != nil {
			keys = make([]Value, len(a.Elems))
			for i, e := range a.Elems {
				k, err := blk.call([]Value{e})
				if err != nil {
					return nil, err
				}
				keys[i] = k
			}
		}
		out := uniq(a.Elems, keys)
		if name == "uniq!" {
			changed := len(out) != len(a.Elems)
			a.Elems = out
			if !changed {
				return nil, nil
			}
			return a, nil
		}
		return NewArray(out...), nil
	case "sort!", "sort_by!", "map!", "collect!", "select!", "reject!", "filter!", "keep_if", "delete_if":
		base := map[string]string{"sort!": "sort", "sort_by!": "sort_by", "map!": "map", "collect!": "map", "select!": "select", "filter!": "select", "keep_if": "select", "reject!": "reject", "delete_if": "reject"}[name]
		r, err := in.enumMethod(c, a, a.Elems, base, args, blk)
		if err != nil {
			return nil, err
		}
		a.Elems = r.(*Array).Elems
		return a, nil
	case "reverse":
		out := make([]Value, len(a.Elems))
		for i, e := range a.Elems {
			out[len(out)-1-i] = e
		}
		return NewArray(out...), nil
	case "reverse!":
		for i, j := 0, len(a.Elems)-1; i < j; i, j = i+1, j-1 {
			a.Elems[i], a.Elems[j] = a.Elems[j], a.Elems[i]
		}
		return a, nil
	case "push", "append", "<<":
		if name == "<<" {
			if err := arity(args, 1, 1); err != nil {
				return nil, err
			}
		}
		a.Elems = append(a.Elems, args...)
		return a, nil
	case "unshift", "prepend":
		a.Elems = append(append([]Value(nil), args...), a.Elems...)
		return a, nil
	case "insert":
		if len(args) < 1 {
			return nil, arity(args, 1, -1)
		}
		i, err := intArg(args[0])
		if err != nil {
			return nil, err
		}
		if i < 0 {
			i += int64(len(a.Elems)) + 1
		}
		for int64(len(a.Elems)) < i {
			a.Elems = append(a.Elems, nil)
		}
		rest := append([]Value(nil), a.Elems[i:]...)
		a.Elems = append(append(a.Elems[:i], args[1:]...), rest...)
		return a, nil
	case "pop", "shift":
		if len(a.Elems) == 0 {
			return nil, nil
		}
		if name == "pop" {
			v := a.Elems[len(a.Elems)-1]
			a.Elems = a.Elems[:len(a.Elems)-1]
			return v, nil
		}
		v := a.Elems[0]
		a.Elems = a.Elems[1:]
		return v, nil
	case "concat":
		for _, x := range args {
			o, ok := x.(*Array)
			if !ok {
				return nil, raise("TypeError", "no implicit conversion of %s into Array", ClassName(x))
			}
			a.Elems = append(a.Elems, o.Elems...)
		}
		return a, nil
	case "delete":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		var out []Value
		var found Value
		hit := false
		for _, e := range a.Elems {
			if equal(e, args[0]) {
				found, hit = e, true
				continue
			}
			out = append(out, e)
		}
		a.Elems = out
		if !hit {
			return nil, nil
		}
		return found, nil
	case "delete_at":
		i, err := intArg(args[0])
		if err != nil {
			return nil, err
		}
		if i < 0 {
			i += int64(len(a.Elems))
		}
		if i < 0 || i >= int64(len(a.Elems)) {
			return nil, nil
		}
		v := a.Elems[i]
		a.Elems = append(a.Elems[:i:i], a.Elems[i+1:]...)
		return v, nil
	case "clear":
		a.Elems = nil
		return a, nil
	case "replace":
		o, ok := args[0].(*Array)
		if !ok {
			return nil, raise("TypeError", "no implicit conversion of %s into Array", ClassName(args[0]))
		}
		a.Elems = append([]Value(nil), o.Elems...)
		return a, nil
	case "index", "find_index", "rindex":
		if blk == nil && len(args) == 1 {
			if name == "rindex" {
				for i := len(a.Elems) - 1; i >= 0; i-- {
					if equal(a.Elems[i], args[0]) {
						return int64(i), nil
					}
				}
				return nil, nil
			}
			for i, e := range a.Elems {
				if equal(e, args[0]) {
					return int64(i), nil
				}
			}
			return nil, nil
		}
		return in.enumMethod(c, a, a.Elems, "find_index", args, blk)
	case "+":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		o, ok := args[0].(*Array)
		if !ok {
			return nil, raise("TypeError", "no implicit conversion of %s into Array", ClassName(args[0]))
		}
		return NewArray(append(append([]Value(nil), a.Elems...), o.Elems...)...), nil
	case "-", "difference":
		remove := map[string]bool{}
		for _, x := range args {
			o, ok := x.(*Array)
			if !ok {
				return nil, raise("TypeError", "no implicit conversion of %s into Array", ClassName(x))
			}
			for _, e := range o.Elems {
				remove[hashKey(e)] = true
			}
		}
		var out []Value
		for _, e := range a.Elems {
			if !remove[hashKey(e)] {
				out = append(out, e)
			}
		}
		return NewArray(out...), nil
	case "&", "intersection":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		o, ok := args[0].(*Array)
		if !ok {
			return nil, raise("TypeError", "no implicit conversion of %s into Array", ClassName(args[0]))
		}
		keep := map[string]bool{}
		for _, e := range o.Elems {
			keep[hashKey(e)] = true
		}
		var out []Value
		for _, e := range uniq(a.Elems, nil) {
			if keep[hashKey(e)] {
				out = append(out, e)
			}
		}
		return NewArray(out...), nil
	case "|", "union":
		all := append([]Value(nil), a.Elems...)
		for _, x := range args {
			o, ok := x.(*Array)
			if !ok {
				return nil, raise("TypeError", "no implicit conversion of %s into Array", ClassName(x))
			}
			all = append(all, o.Elems...)
		}
		return NewArray(uniq(all, nil)...), nil
	case "*":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		switch x := args[0].(type) {
		case *String:
			s, err := joinValues(a.Elems, x.S, map[*Array]bool{a: true})
			return Str(s), err
		case int64:
			if x < 0 {
				return nil, raise("ArgumentError", "negative argument")
			}
			var out []Value
			for i := int64(0); i < x; i++ {
				out = append(out, a.Elems...)
			}
			return NewArray(out...), nil
		}
		return nil, raise("TypeError", "no implicit conversion of %s into Integer", ClassName(args[0]))
	case "<=>":
		n, ok := compare(a, args[0])
		if !ok {
			return nil, nil
		}
		return int64(n), nil
	case "product":
		rows := [][]Value{{}}
		for _, lst := range append([]Value{a}, args...) {
			o, ok := lst.(*Array)
			if !ok {
				return nil, raise("TypeError", "no implicit conversion of %s into Array", ClassName(lst))
			}
			var next [][]Value
			for _, r := range rows {
				for _, e := range o.Elems {
					next = append(next, append(append([]Value(nil), r...), e))
				}
			}
			if len(next) > 1_000_000 {
				return nil, raise("RangeError", "too big to product")
			}
			rows = next
		}
		out := make([]Value, len(rows))
		for i, r := range rows {
			out[i] = NewArray(r...)
		}
		return NewArray(out...), nil
	case "take":
		n, err := intArg(args[0])
		if err != nil {
			return nil, err
		}
		if n < 0 {
			return nil, raise("ArgumentError", "attempt to take negative size")
		}
		return NewArray(append([]Value(nil), a.Elems[:min(int(n), len(a.Elems))]...)...), nil
	case "drop":
		n, err := intArg(args[0])
		if err != nil {
			return nil, err
		}
		if n < 0 {
			return nil, raise("ArgumentError", "attempt to drop negative size")
		}
		return NewArray(append([]Value(nil), a.Elems[min(int(n), len(a.Elems)):]...)...), nil
	case "values_at":
		var out []Value
		for _, x := range args {
			v, err := index(a.Elems, []Value{x}, nil)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return NewArray(out...), nil
	case "assoc":
		for _, e := range a.Elems {
			if p, ok := e.(*Array); ok && len(p.Elems) > 0 && equal(p.Elems[0], args[0]) {
				return p, nil
			}
		}
		return nil, nil
	case "transpose":
		if len(a.Elems) == 0 {
			return NewArray(), nil
		}
		rows := make([]*Array, len(a.Elems))
		for i, e := range a.Elems {
			r, ok := e.(*Array)
			if !ok {
				return nil, raise("TypeError", "no implicit conversion of %s into Array", ClassName(e))
			}
			if i > 0 && len(r.Elems) != len(rows[0].Elems) {
				return nil, raise("IndexError", "element size differs (%d should be %d)", len(r.Elems), len(rows[0].Elems))
			}
			rows[i] = r
		}
		out := make([]Value, len(rows[0].Elems))
		for j := range out {
			col := make([]Value, len(rows))
			for i := range rows {
				col[i] = rows[i].Elems[j]
			}
			out[j] = NewArray(col...)
		}
		return NewArray(out...), nil
	case "rotate":
		n := int64(1)
		if len(args) == 1 {
			var err error
			if n, err = intArg(args[0]); err != nil {
				return nil, err
			}
		}
		if len(a.Elems) == 0 {
			return NewArray(), nil
		}
		k := int(((n % int64(len(a.Elems))) + int64(len(a.Elems))) % int64(len(a.Elems)))
		return NewArray(append(append([]Value(nil), a.Elems[k:]...), a.Elems[:k]...)...), nil
	case "each_index":
		if blk == nil {
			break
		}
		for i := range a.Elems {
			if _, err := blk.call([]Value{int64(i)}); err != nil {
				return nil, err
			}
		}
		return a, nil
	case "hash":
		return int64(len(hashKey(a))), nil
	case "sample", "shuffle", "shuffle!":
		return nil, unsupportedMethod(a, name)
	case "pack":
		return nil, unsupportedMethod(a, name)
	case "==", "eql?":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		return equal(a, args[0]), nil
	case "fill":
		if len(args) == 1 && blk == nil {
			for i := range a.Elems {
				a.Elems[i] = args[0]
			}
			return a, nil
		}
		return nil, unsupportedMethod(a, name)
	}
	return in.enumMethod(c, a, a.Elems, name, args, blk)
}

// index is Array#[] and String#[] over elements: an integer, a start and
// length, or a range. slice makes the result of a sub-range.
func index(elems []Value, args []Value, slice func([]Value) Value) (Value, error) {
	n := int64(len(elems))
	if len(args) == 2 && slice != nil {
		start, err := intArg(args[0])
		if err != nil {
			return nil, err
		}
		length, err := intArg(args[1])
		if err != nil {
			return nil, err
		}
		if start < 0 {
			start += n
		}
		if start < 0 || start > n || length < 0 {
			return nil, nil
		}
		end := min(start+length, n)
		return slice(elems[start:end]), nil
	}
	if err := arity(args, 1, 1); err != nil {
		return nil, err
	}
	if r, ok := args[0].(*Range); ok && slice != nil {
		start, end, ok, err := rangeBounds(r, n)
		if err != nil || !ok {
			return nil, err
		}
		return slice(elems[start:end]), nil
	}
	i, err := intArg(args[0])
	if err != nil {
		return nil, err
	}
	if i < 0 {
		i += n
	}
	if i < 0 || i >= n {
		return nil, nil
	}
	return elems[i], nil
}

// rangeBounds turns a range into slice bounds over n elements.
func rangeBounds(r *Range, n int64) (int64, int64, bool, error) {
	var start, end int64
	var err error
	if r.Lo == nil {
		start = 0
	} else if start, err = intArg(r.Lo); err != nil {
		return 0, 0, false, err
	}
	if r.Hi == nil {
		end = n
	} else {
		if end, err = intArg(r.Hi); err != nil {
			return 0, 0, false, err
		}
		if end < 0 {
			end += n
		}
		if !r.Excl {
			end++
		}
	}
	if start < 0 {
		start += n
	}
	if start < 0 || start > n {
		return 0, 0, false, nil
	}
	end = min(end, n)
	if end < start {
		end = start
	}
	return start, end, true, nil
}

func dig(c *Call, recv Value, args []Value) (Value, error) {
	cur := recv
	for i, k := range args {
		if cur == nil {
			return nil, nil
		}
		var err error
		switch x := cur.(type) {
		case *Hash:
			v, ok := x.Get(k)
			if !ok {
				v = x.Default
			}
			cur = v
		case *Array:
			cur, err = index(x.Elems, []Value{k}, nil)
		default:
			if i == 0 {
				return nil, ErrNoMethod
			}
			return nil, raise("TypeError", "%s does not have #dig method", ClassName(cur))
		}
		if err != nil {
			return nil, err
		}
	}
	return cur, nil
}

func (in *interp) hashMethod(c *Call, h *Hash, name string, args []Value, blk *Block) (Value, error) {
	switch name {
	case "[]":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		v, ok := h.Get(args[0])
		if !ok {
			if h.defaultProc != nil {
				return h.defaultProc.call([]Value{h, args[0]})
			}
			return h.Default, nil
		}
		return v, nil
	case "[]=", "store":
		if err := arity(args, 2, 2); err != nil {
			return nil, err
		}
		h.Set(args[0], args[1])
		return args[1], nil
	case "fetch":
		if err := arity(args, 1, 2); err != nil {
			return nil, err
		}
		if v, ok := h.Get(args[0]); ok {
			return v, nil
		}
		if blk != nil {
			return blk.call([]Value{args[0]})
		}
		if len(args) == 2 {
			return args[1], nil
		}
		return nil, raise("KeyError", "key not found: %s", Inspect(args[0]))
	case "dig":
		return dig(c, h, args)
	case "key?", "has_key?", "include?", "member?":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		_, ok := h.Get(args[0])
		return ok, nil
	case "value?", "has_value?":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		for _, v := range h.vals {
			if equal(v, args[0]) {
				return true, nil
			}
		}
		return false, nil
	case "key":
		for i, v := range h.vals {
			if equal(v, args[0]) {
				return h.keys[i], nil
			}
		}
		return nil, nil
	case "keys":
		return NewArray(append([]Value(nil), h.keys...)...), arity(args, 0, 0)
	case "values":
		return NewArray(append([]Value(nil), h.vals...)...), arity(args, 0, 0)
	case "values_at":
		out := make([]Value, len(args))
		for i, k := range args {
			v, ok := h.Get(k)
			if !ok {
				v = h.Default
			}
			out[i] = v
		}
		return NewArray(out...), nil
	case "length", "size":
		return int64(h.Len()), arity(args, 0, 0)
	case "empty?":
		return h.Len() == 0, arity(args, 0, 0)
	case "to_h":
		if blk == nil {
			return h, nil
		}
	case "to_a", "entries":
		return NewArray(h.pairs()...), nil
	case "to_s", "inspect":
		return Str(Inspect(h)), nil
	case "each_key", "each_value":
		list := h.keys
		if name == "each_value" {
			list = h.vals
		}
		if blk == nil {
			return &enumerator{recv: h, method: name, elems: append([]Value(nil), list...)}, nil
		}
		for _, k := range append([]Value(nil), list...) {
			if _, err := blk.call([]Value{k}); err != nil {
				return nil, err
			}
		}
		return h, nil
	case "merge", "update", "merge!":
		out := h
		if name == "merge" {
			out = h.dup()
		}
		for _, x := range args {
			o, ok := x.(*Hash)
			if !ok {
				return nil, raise("TypeError", "no implicit conversion of %s into Hash", ClassName(x))
			}
			for i, k := range o.keys {
				v := o.vals[i]
				if old, exists := out.Get(k); exists && blk != nil {
					nv, err := blk.call([]Value{k, old, v})
					if err != nil {
						return nil, err
					}
					v = nv
				}
				out.Set(k, v)
			}
		}
		return out, nil
	case "delete":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		v, ok := h.Delete(args[0])
		if !ok && blk != nil {
			return blk.call([]Value{args[0]})
		}
		return v, nil
	case "delete_if", "reject!", "keep_if", "select!", "filter!":
		if blk == nil {
			break
		}
		keep := name == "keep_if" || name == "select!" || name == "filter!"
		for _, k := range append([]Value(nil), h.keys...) {
			v, _ := h.Get(k)
			r, err := blk.call([]Value{k, v})
			if err != nil {
				return nil, err
			}
			if Truthy(r) != keep {
				h.Delete(k)
			}
		}
		return h, nil
	case "transform_values", "transform_keys":
		if blk == nil {
			break
		}
		out := NewHash()
		for i, k := range h.keys {
			if name == "transform_values" {
				v, err := blk.call([]Value{h.vals[i]})
				if err != nil {
					return nil, err
				}
				out.Set(k, v)
			} else {
				nk, err := blk.call([]Value{k})
				if err != nil {
					return nil, err
				}
				out.Set(nk, h.vals[i])
			}
		}
		return out, nil
	case "invert":
		out := NewHash()
		for i, k := range h.keys {
			out.Set(h.vals[i], k)
		}
		return out, nil
	case "sort":
		sorted, err := in.sortValues(h.pairs(), blk)
		if err != nil {
			return nil, err
		}
		return NewArray(sorted...), nil
	case "clear":
		*h = *NewHash()
		return h, nil
	case "compact":
		out := NewHash()
		for i, k := range h.keys {
			if h.vals[i] != nil {
				out.Set(k, h.vals[i])
			}
		}
		return out, nil
	case "slice":
		out := NewHash()
		for _, k := range args {
			if v, ok := h.Get(k); ok {
				out.Set(k, v)
			}
		}
		return out, nil
	case "except":
		out := h.dup()
		for _, k := range args {
			out.Delete(k)
		}
		return out, nil
	case "any?":
		if blk == nil && len(args) == 0 {
			return h.Len() > 0, nil
		}
	case "default":
		return h.Default, nil
	case "default=":
		h.Default = args[0]
		return args[0], nil
	case "==", "eql?":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		return equal(h, args[0]), nil
	case "each", "each_pair":
		if blk == nil {
			break
		}
		// each yields the pair; a block with two parameters spreads it
		for _, p := range h.pairs() {
			if _, err := blk.call([]Value{p}); err != nil {
				return nil, err
			}
		}
		return h, nil
	}
	return in.enumMethod(c, h, h.pairs(), name, args, blk)
}

func (in *interp) rangeMethod(c *Call, r *Range, name string, args []Value, blk *Block) (Value, error) {
	switch name {
	case "first", "take":
		if lo, ok := r.Lo.(int64); ok && r.Hi == nil && len(args) == 1 {
			// an endless range gives its first n elements
			n, err := intArg(args[0])
			if err != nil {
				return nil, err
			}
			if n < 0 || n > 10_000_000 {
				return nil, raise("ArgumentError", "negative array size (or size too big)")
			}
			out := make([]Value, n)
			for i := range out {
				out[i] = lo + int64(i)
			}
			return NewArray(out...), nil
		}
		if name == "take" {
			break
		}
		fallthrough
	case "begin", "min":
		if name == "begin" || len(args) == 0 && name == "first" && r.Lo != nil {
			if name == "first" {
				if _, ok := r.Lo.(int64); ok {
					return r.Lo, nil
				}
			} else {
				return r.Lo, nil
			}
		}
	case "last", "end", "max":
		if name == "end" || len(args) == 0 && name == "last" {
			return r.Hi, nil
		}
	case "include?", "member?", "===", "cover?":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		v := args[0]
		if r.Lo != nil {
			c1, ok := compare(r.Lo, v)
			if !ok || c1 > 0 {
				return false, nil
			}
		}
		if r.Hi != nil {
			c2, ok := compare(v, r.Hi)
			if !ok || c2 > 0 || r.Excl && c2 == 0 {
				return false, nil
			}
		}
		return true, nil
	case "to_s":
		return Str(ToS(r.Lo) + map[bool]string{true: "...", false: ".."}[r.Excl] + ToS(r.Hi)), nil
	case "inspect":
		return Str(Inspect(r)), nil
	case "exclude_end?":
		return r.Excl, nil
	case "step", "%":
		if len(args) != 1 {
			break
		}
		st, err := intArg(args[0])
		if err != nil {
			return nil, err
		}
		elems, err := rangeElems(r, c.pos)
		if err != nil {
			return nil, err
		}
		if st <= 0 {
			return nil, raise("ArgumentError", "step can't be negative")
		}
		var picked []Value
		for i := 0; i < len(elems); i += int(st) {
			picked = append(picked, elems[i])
		}
		if blk == nil {
			// an arithmetic sequence; its elements are what templates use
			return NewArray(picked...), nil
		}
		for _, e := range picked {
			if _, err := blk.call([]Value{e}); err != nil {
				return nil, err
			}
		}
		return r, nil
	case "size", "count", "length":
		if name != "count" || blk == nil && len(args) == 0 {
			lo, ok1 := r.Lo.(int64)
			hi, ok2 := r.Hi.(int64)
			if ok1 && ok2 {
				n := hi - lo + 1
				if r.Excl {
					n--
				}
				return max(n, 0), nil
			}
			if name == "length" {
				return nil, ErrNoMethod
			}
		}
	case "==", "eql?":
		return equal(r, args[0]), nil
	}
	elems, err := rangeElems(r, c.pos)
	if err != nil {
		var e *Error
		if errors.As(err, &e) {
			e.Offset = c.pos
		}
		return nil, err
	}
	return in.arrayMethod(c, NewArray(elems...), name, args, blk)
}
