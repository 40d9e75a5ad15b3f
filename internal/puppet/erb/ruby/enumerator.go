package ruby

// enumerator is what an iteration method returns without a block
// (`list.each_with_index`, `list.map`): it remembers the elements and
// the method, so that with_index, each_with_index, to_a and the other
// Enumerable methods can run it later.
type enumerator struct {
	recv   Value
	method string
	elems  []Value // what the method yields, one value per iteration
}

func (e *enumerator) ClassName() string { return "Enumerator" }

func (e *enumerator) Inspect() string {
	return "#<Enumerator: " + Inspect(e.recv) + ":" + e.method + ">"
}

func (e *enumerator) Call(c *Call, name string, args []Value, blk *Block) (Value, error) {
	in := c.in
	switch name {
	case "with_index", "each_with_index", "with_object", "each_with_object":
		var offset int64
		var memo Value
		switch name {
		case "with_index":
			if len(args) == 1 && args[0] != nil {
				n, err := intArg(args[0])
				if err != nil {
					return nil, err
				}
				offset = n
			}
		case "with_object", "each_with_object":
			if err := arity(args, 1, 1); err != nil {
				return nil, err
			}
			memo = args[0]
		}
		if blk == nil {
			pairs := make([]Value, len(e.elems))
			for i, x := range e.elems {
				pairs[i] = NewArray(x, int64(i)+offset)
			}
			return &enumerator{recv: e, method: name, elems: pairs}, nil
		}
		i := offset - 1
		inner := &Block{in: in, native: func(a []Value) (Value, error) {
			i++
			var x Value
			if len(a) == 1 {
				x = a[0]
			} else {
				x = NewArray(a...)
			}
			if memo != nil || name == "with_object" || name == "each_with_object" {
				return blk.call([]Value{x, memo})
			}
			return blk.call([]Value{x, i})
		}}
		r, err := in.send(c.pos, e.recv, e.method, nil, inner)
		if err != nil {
			return nil, err
		}
		if name == "with_object" || name == "each_with_object" {
			return memo, nil
		}
		return r, nil
	case "to_a", "force", "entries":
		return NewArray(append([]Value(nil), e.elems...)...), nil
	case "size", "count", "length":
		if blk == nil && len(args) == 0 {
			return int64(len(e.elems)), nil
		}
	case "next", "peek", "rewind":
		return nil, raise("NotImplementedError", "external enumeration (Enumerator#%s) is not supported in templates", name)
	}
	arr := NewArray(e.elems...)
	return in.arrayMethod(c, arr, name, args, blk)
}

// blockless are the iteration methods that return an enumerator when
// called without a block.
var blockless = map[string]bool{
	"each": true, "each_with_index": true, "map": true, "collect": true,
	"select": true, "filter": true, "reject": true, "each_pair": true,
	"flat_map": true, "each_entry": true, "filter_map": true, "sort_by": true,
	"group_by": true, "partition": true, "min_by": true, "max_by": true,
	"find_index": true, "each_char": true, "chars": false, "times": true,
	"each_key": true, "each_value": true, "reverse_each": true,
}
