package ruby

import (
	"math"
	"strings"
)

// enumMethod runs an Enumerable method over elems (a hash passes its
// [key, value] pairs). isHash makes select/reject/filter return a hash,
// and yields key and value as two arguments where Ruby's Hash does.
func (in *interp) enumMethod(c *Call, recv Value, elems []Value, name string, args []Value, blk *Block) (Value, error) {
	h, isHash := recv.(*Hash)
	yield := func(v Value) (Value, error) { return blk.call([]Value{v}) }
	yield2 := yield
	if isHash {
		// Hash#select, #reject, #filter_map ... yield key and value
		yield2 = func(v Value) (Value, error) {
			p := v.(*Array)
			return blk.call([]Value{p.Elems[0], p.Elems[1]})
		}
	}
	needBlock := func() error {
		if blk == nil {
			return raise("NotImplementedError", "%s#%s without a block (an Enumerator) is not supported in templates", ClassName(recv), name)
		}
		return nil
	}
	if blk == nil && blockless[name] && len(args) == 0 && (name != "each_pair" || isHash) {
		yielded := elems
		if name == "each_with_index" {
			yielded = make([]Value, len(elems))
			for i, e := range elems {
				yielded[i] = NewArray(e, int64(i))
			}
		}
		return &enumerator{recv: recv, method: name, elems: yielded}, nil
	}
	switch name {
	case "each", "each_pair", "each_entry":
		if name == "each_pair" && !isHash {
			return nil, ErrNoMethod
		}
		if err := needBlock(); err != nil {
			return nil, err
		}
		for _, e := range elems {
			if _, err := yield(e); err != nil {
				return nil, err
			}
		}
		return recv, nil
	case "each_with_index", "each_with_object":
		if err := needBlock(); err != nil {
			return nil, err
		}
		var memo Value
		if name == "each_with_object" {
			if err := arity(args, 1, 1); err != nil {
				return nil, err
			}
			memo = args[0]
		}
		for i, e := range elems {
			second := memo
			if name == "each_with_index" {
				second = int64(i)
			}
			if _, err := blk.call([]Value{e, second}); err != nil {
				return nil, err
			}
		}
		if name == "each_with_object" {
			return memo, nil
		}
		return recv, nil
	case "map", "collect", "flat_map", "collect_concat":
		if err := needBlock(); err != nil {
			return nil, err
		}
		out := make([]Value, 0, len(elems))
		for _, e := range elems {
			v, err := yield(e)
			if err != nil {
				return nil, err
			}
			if a, ok := v.(*Array); ok && (name == "flat_map" || name == "collect_concat") {
				out = append(out, a.Elems...)
				continue
			}
			out = append(out, v)
		}
		return NewArray(out...), nil
	case "filter_map":
		if err := needBlock(); err != nil {
			return nil, err
		}
		var out []Value
		for _, e := range elems {
			v, err := yield2(e)
			if err != nil {
				return nil, err
			}
			if Truthy(v) {
				out = append(out, v)
			}
		}
		return NewArray(out...), nil
	case "select", "filter", "find_all", "reject":
		if err := needBlock(); err != nil {
			return nil, err
		}
		want := name != "reject"
		var out []Value
		for _, e := range elems {
			y := yield
			if name != "find_all" {
				y = yield2
			}
			v, err := y(e)
			if err != nil {
				return nil, err
			}
			if Truthy(v) == want {
				out = append(out, e)
			}
		}
		if isHash && name != "find_all" {
			return pairsToHash(out), nil
		}
		return NewArray(out...), nil
	case "partition":
		if err := needBlock(); err != nil {
			return nil, err
		}
		var yes, no []Value
		for _, e := range elems {
			v, err := yield(e)
			if err != nil {
				return nil, err
			}
			if Truthy(v) {
				yes = append(yes, e)
			} else {
				no = append(no, e)
			}
		}
		return NewArray(NewArray(yes...), NewArray(no...)), nil
	case "group_by":
		if err := needBlock(); err != nil {
			return nil, err
		}
		out := NewHash()
		for _, e := range elems {
			k, err := yield(e)
			if err != nil {
				return nil, err
			}
			cur, ok := out.Get(k)
			if !ok {
				cur = NewArray()
				out.Set(k, cur)
			}
			a := cur.(*Array)
			a.Elems = append(a.Elems, e)
		}
		return out, nil
	case "find", "detect", "find_index":
		if name == "find_index" && blk == nil && len(args) == 1 {
			for i, e := range elems {
				if equal(e, args[0]) {
					return int64(i), nil
				}
			}
			return nil, nil
		}
		if err := needBlock(); err != nil {
			return nil, err
		}
		for i, e := range elems {
			v, err := yield(e)
			if err != nil {
				return nil, err
			}
			if Truthy(v) {
				if name == "find_index" {
					return int64(i), nil
				}
				return e, nil
			}
		}
		return nil, nil
	case "any?", "all?", "none?", "one?":
		count := 0
		for _, e := range elems {
			var v Value = e
			var err error
			switch {
			case len(args) == 1:
				v, err = in.send(c.pos, args[0], "===", []Value{e}, nil)
			case blk != nil:
				v, err = yield(e)
			}
			if err != nil {
				return nil, err
			}
			t := Truthy(v)
			switch name {
			case "any?":
				if t {
					return true, nil
				}
			case "all?":
				if !t {
					return false, nil
				}
			case "none?":
				if t {
					return false, nil
				}
			case "one?":
				if t {
					count++
				}
			}
		}
		switch name {
		case "any?":
			return false, nil
		case "one?":
			return count == 1, nil
		}
		return true, nil
	case "count":
		if blk == nil && len(args) == 0 {
			return int64(len(elems)), nil
		}
		n := 0
		for _, e := range elems {
			var t bool
			if len(args) == 1 {
				t = equal(e, args[0])
			} else {
				v, err := yield(e)
				if err != nil {
					return nil, err
				}
				t = Truthy(v)
			}
			if t {
				n++
			}
		}
		return int64(n), nil
	case "inject", "reduce", "sum":
		var acc Value
		start := 0
		var opName string
		switch {
		case name == "sum":
			acc = int64(0)
			if len(args) == 1 {
				acc = args[0]
			}
			opName = "+"
		case len(args) == 2:
			acc, opName = args[0], ToS(args[1])
		case len(args) == 1 && blk == nil:
			opName = ToS(args[0])
			if len(elems) == 0 {
				return nil, nil
			}
			acc, start = elems[0], 1
		case len(args) == 1:
			acc = args[0]
		default:
			if len(elems) == 0 {
				return nil, nil
			}
			acc, start = elems[0], 1
		}
		for _, e := range elems[start:] {
			var err error
			switch {
			case name == "sum" && blk != nil:
				var v Value
				if v, err = yield(e); err == nil {
					acc, err = in.send(c.pos, acc, "+", []Value{v}, nil)
				}
			case opName != "" && (name == "sum" || blk == nil):
				acc, err = in.send(c.pos, acc, opName, []Value{e}, nil)
			default:
				acc, err = blk.call([]Value{acc, e})
			}
			if err != nil {
				return nil, err
			}
		}
		return acc, nil
	case "min", "max":
		if len(elems) == 0 {
			if len(args) == 1 {
				return NewArray(), nil
			}
			return nil, nil
		}
		if len(args) == 1 {
			n, ok := args[0].(int64)
			if !ok {
				return nil, raise("TypeError", "no implicit conversion of %s into Integer", ClassName(args[0]))
			}
			sorted, err := in.sortValues(elems, blk)
			if err != nil {
				return nil, err
			}
			if name == "max" {
				for i, j := 0, len(sorted)-1; i < j; i, j = i+1, j-1 {
					sorted[i], sorted[j] = sorted[j], sorted[i]
				}
			}
			return NewArray(sorted[:min(int(n), len(sorted))]...), nil
		}
		// Ruby keeps the first of equal extremes and compares each
		// element with the best so far
		best := elems[0]
		for _, e := range elems[1:] {
			var c int
			if blk != nil {
				r, err := blk.call([]Value{e, best})
				if err != nil {
					return nil, err
				}
				n, ok := r.(int64)
				if !ok {
					return nil, comparisonFailed(e, best)
				}
				c = int(n)
			} else {
				var ok bool
				if c, ok = compare(e, best); !ok {
					return nil, comparisonFailed(e, best)
				}
			}
			if name == "max" && c > 0 || name == "min" && c < 0 {
				best = e
			}
		}
		return best, nil
	case "min_by", "max_by", "sort_by":
		if err := needBlock(); err != nil {
			return nil, err
		}
		keys := make([]Value, len(elems))
		for i, e := range elems {
			k, err := yield(e)
			if err != nil {
				return nil, err
			}
			keys[i] = k
		}
		idx := make([]Value, len(elems))
		for i := range elems {
			idx[i] = NewArray(keys[i], int64(i))
		}
		var cmpErr error
		order := make([]int, len(elems))
		for i := range order {
			order[i] = i
		}
		sortStable(order, func(a, b int) bool {
			if cmpErr != nil {
				return false
			}
			c, ok := compare(keys[a], keys[b])
			if !ok {
				cmpErr = comparisonFailed(keys[a], keys[b])
			}
			return c < 0
		})
		if cmpErr != nil {
			return nil, cmpErr
		}
		if len(elems) == 0 {
			if name == "sort_by" {
				return NewArray(), nil
			}
			return nil, nil
		}
		switch name {
		case "min_by":
			return elems[order[0]], nil
		case "max_by":
			best := 0
			for i := 1; i < len(elems); i++ {
				if c, _ := compare(keys[i], keys[best]); c > 0 {
					best = i
				}
			}
			return elems[best], nil
		}
		out := make([]Value, len(elems))
		for i, o := range order {
			out[i] = elems[o]
		}
		return NewArray(out...), nil
	case "sort":
		sorted, err := in.sortValues(elems, blk)
		if err != nil {
			return nil, err
		}
		return NewArray(sorted...), nil
	case "to_a", "entries":
		return NewArray(append([]Value(nil), elems...)...), nil
	case "include?", "member?":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		if isHash {
			_, ok := h.Get(args[0])
			return ok, nil
		}
		for _, e := range elems {
			if equal(e, args[0]) {
				return true, nil
			}
		}
		return false, nil
	case "first":
		if len(args) == 0 {
			if len(elems) == 0 {
				return nil, nil
			}
			return elems[0], nil
		}
		n, err := intArg(args[0])
		if err != nil {
			return nil, err
		}
		if n < 0 {
			return nil, raise("ArgumentError", "negative array size")
		}
		return NewArray(append([]Value(nil), elems[:min(int(n), len(elems))]...)...), nil
	case "each_slice", "each_cons":
		if err := arity(args, 1, 1); err != nil {
			return nil, err
		}
		n, err := intArg(args[0])
		if err != nil {
			return nil, err
		}
		if n <= 0 {
			return nil, raise("ArgumentError", "invalid slice size")
		}
		var groups []Value
		if name == "each_slice" {
			for i := 0; i < len(elems); i += int(n) {
				groups = append(groups, NewArray(append([]Value(nil), elems[i:min(i+int(n), len(elems))]...)...))
			}
		} else {
			for i := 0; i+int(n) <= len(elems); i++ {
				groups = append(groups, NewArray(append([]Value(nil), elems[i:i+int(n)]...)...))
			}
		}
		if blk == nil {
			return NewArray(groups...), nil
		}
		for _, g := range groups {
			if _, err := yield(g); err != nil {
				return nil, err
			}
		}
		if name == "each_slice" {
			return recv, nil
		}
		return recv, nil
	case "zip":
		out := make([]Value, len(elems))
		for i, e := range elems {
			row := []Value{e}
			for _, a := range args {
				other, ok := a.(*Array)
				if !ok {
					return nil, raise("TypeError", "wrong argument type %s (must respond to :each)", ClassName(a))
				}
				if i < len(other.Elems) {
					row = append(row, other.Elems[i])
				} else {
					row = append(row, nil)
				}
			}
			out[i] = NewArray(row...)
		}
		return NewArray(out...), nil
	case "uniq":
		return NewArray(uniq(elems, nil)...), nil
	case "to_h":
		out := NewHash()
		for _, e := range elems {
			if blk != nil {
				v, err := yield(e)
				if err != nil {
					return nil, err
				}
				e = v
			}
			p, ok := e.(*Array)
			if !ok {
				return nil, raise("TypeError", "wrong element type %s (expected array)", ClassName(e))
			}
			if len(p.Elems) != 2 {
				return nil, raise("ArgumentError", "wrong array length (expected 2, was %d)", len(p.Elems))
			}
			out.Set(p.Elems[0], p.Elems[1])
		}
		return out, nil
	case "tally":
		out := NewHash()
		for _, e := range elems {
			cur, _ := out.Get(e)
			n, _ := cur.(int64)
			out.Set(e, n+1)
		}
		return out, nil
	case "minmax":
		if len(elems) == 0 {
			return NewArray(nil, nil), nil
		}
		sorted, err := in.sortValues(elems, blk)
		if err != nil {
			return nil, err
		}
		return NewArray(sorted[0], sorted[len(sorted)-1]), nil
	case "reverse_each":
		if err := needBlock(); err != nil {
			return nil, err
		}
		for i := len(elems) - 1; i >= 0; i-- {
			if _, err := yield(elems[i]); err != nil {
				return nil, err
			}
		}
		return recv, nil
	case "take_while", "drop_while":
		if err := needBlock(); err != nil {
			return nil, err
		}
		i := 0
		for ; i < len(elems); i++ {
			v, err := yield(elems[i])
			if err != nil {
				return nil, err
			}
			if !Truthy(v) {
				break
			}
		}
		if name == "take_while" {
			return NewArray(append([]Value(nil), elems[:i]...)...), nil
		}
		return NewArray(append([]Value(nil), elems[i:]...)...), nil
	case "chunk_while", "slice_when", "lazy", "each_entry_with", "cycle":
		return nil, unsupportedMethod(recv, name)
	}
	return nil, ErrNoMethod
}

func pairsToHash(pairs []Value) *Hash {
	h := NewHash()
	for _, p := range pairs {
		a := p.(*Array)
		h.Set(a.Elems[0], a.Elems[1])
	}
	return h
}

func uniq(elems []Value, keys []Value) []Value {
	seen := map[string]bool{}
	var out []Value
	for i, e := range elems {
		k := e
		if keys != nil {
			k = keys[i]
		}
		hk := hashKey(k)
		if seen[hk] {
			continue
		}
		seen[hk] = true
		out = append(out, e)
	}
	return out
}

func intArg(v Value) (int64, error) {
	switch x := v.(type) {
	case int64:
		return x, nil
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return 0, raise("FloatDomainError", "%s", FormatFloat(x))
		}
		return floatToInt(x)
	case nil:
		return 0, raise("TypeError", "no implicit conversion from nil to integer")
	}
	return 0, raise("TypeError", "no implicit conversion of %s into Integer", ClassName(v))
}

func strArg(v Value) (string, error) {
	if s, ok := v.(*String); ok {
		return s.S, nil
	}
	if v == nil {
		return "", raise("TypeError", "no implicit conversion of nil into String")
	}
	return "", raise("TypeError", "no implicit conversion of %s into String", ClassName(v))
}

// sortStable sorts order with less, keeping equal elements in place.
func sortStable(order []int, less func(a, b int) bool) {
	// insertion sort for small inputs, merge sort otherwise
	if len(order) < 12 {
		for i := 1; i < len(order); i++ {
			for j := i; j > 0 && less(order[j], order[j-1]); j-- {
				order[j], order[j-1] = order[j-1], order[j]
			}
		}
		return
	}
	mid := len(order) / 2
	left := append([]int(nil), order[:mid]...)
	right := append([]int(nil), order[mid:]...)
	sortStable(left, less)
	sortStable(right, less)
	i, j, k := 0, 0, 0
	for i < len(left) && j < len(right) {
		if less(right[j], left[i]) {
			order[k] = right[j]
			j++
		} else {
			order[k] = left[i]
			i++
		}
		k++
	}
	for ; i < len(left); i++ {
		order[k] = left[i]
		k++
	}
	for ; j < len(right); j++ {
		order[k] = right[j]
		k++
	}
}

// flatten flattens nested arrays to depth (-1: all the way).
func flatten(elems []Value, depth int, seen map[*Array]bool) ([]Value, error) {
	var out []Value
	for _, e := range elems {
		a, ok := e.(*Array)
		if !ok || depth == 0 {
			out = append(out, e)
			continue
		}
		if seen[a] {
			return nil, raise("ArgumentError", "tried to flatten recursive array")
		}
		seen[a] = true
		inner, err := flatten(a.Elems, depth-1, seen)
		delete(seen, a)
		if err != nil {
			return nil, err
		}
		out = append(out, inner...)
	}
	return out, nil
}

func joinValues(elems []Value, sep string, seen map[*Array]bool) (string, error) {
	var b strings.Builder
	for i, e := range elems {
		if i > 0 {
			b.WriteString(sep)
		}
		if a, ok := e.(*Array); ok {
			if seen[a] {
				return "", raise("ArgumentError", "recursive array join")
			}
			seen[a] = true
			s, err := joinValues(a.Elems, sep, seen)
			delete(seen, a)
			if err != nil {
				return "", err
			}
			b.WriteString(s)
			continue
		}
		b.WriteString(ToS(e))
	}
	return b.String(), nil
}
