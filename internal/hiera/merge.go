package hiera

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
)

// strategy is a merge strategy: how the values found in several places
// combine into one.
type strategy struct {
	name string // first, unique, hash, deep
	// options is the merge hash it was made from, if any.
	options *catalog.Hash
	// deep merge options
	knockoutPrefix   string
	sortMergedArrays bool
	mergeHashArrays  bool
}

// parseStrategy turns lookup's merge argument (nil, a name, or a hash
// with "strategy" and options) into a strategy.
func parseStrategy(m catalog.Value) (*strategy, error) {
	s, err := parseStrategyValue(m)
	if e, ok := err.(*Error); ok {
		// Puppet reports them as errors of the lookup call
		e.Evaluation = true
	}
	return s, err
}

func parseStrategyValue(m catalog.Value) (*strategy, error) {
	switch x := m.(type) {
	case nil:
		return &strategy{name: "first"}, nil
	case *strategy:
		return x, nil
	case string:
		return namedStrategy(x)
	case *catalog.Hash:
		sv, ok := x.Get("strategy")
		name, isStr := sv.(string)
		if !ok || !isStr {
			return nil, errorf("The hash given as 'merge' must contain the name of a strategy in string form for the key 'strategy'")
		}
		s, err := namedStrategy(name)
		if err != nil {
			return nil, err
		}
		s.options = x
		for _, k := range x.Keys() {
			v, _ := x.Get(k)
			switch k {
			case "strategy":
			case "knockout_prefix":
				if s.name != "deep" {
					return nil, optionsError(k)
				}
				p, ok := v.(string)
				if !ok && v != nil {
					return nil, errorf("The merge options has wrong type, entry 'knockout_prefix' expects a value of type Undef or String, got %s", typeLabel(v))
				}
				s.knockoutPrefix = p
			case "sort_merged_arrays", "merge_hash_arrays", "merge_debug":
				if s.name != "deep" {
					return nil, optionsError(k)
				}
				b, ok := v.(bool)
				if !ok && v != nil {
					return nil, errorf("The merge options has wrong type, entry '%s' expects a value of type Undef or Boolean, got %s", k, typeLabel(v))
				}
				switch k {
				case "sort_merged_arrays":
					s.sortMergedArrays = b
				case "merge_hash_arrays":
					s.mergeHashArrays = b
				}
			default:
				return nil, optionsError(k)
			}
		}
		return s, nil
	}
	return nil, errorf("Unknown merge strategy: '%s'", catalog.Scalar(m))
}

func optionsError(key string) error {
	return errorf("The merge options has wrong type, unrecognized key '%s'", key)
}

func namedStrategy(name string) (*strategy, error) {
	switch name {
	case "first", "default", "unique", "hash", "deep":
		if name == "default" {
			name = "first"
		}
		return &strategy{name: name}, nil
	}
	return nil, &Error{Msg: fmt.Sprintf("Unknown merge strategy: '%s'", name), Evaluation: true}
}

// lookup merges the answers of n variants as Puppet's
// MergeStrategy#lookup does: first found stops at the first; the others
// merge every variant found, higher priority (earlier) first.
func (s *strategy) lookup(n int, variant func(i int) (catalog.Value, bool, error)) (catalog.Value, bool, error) {
	if s.name == "first" {
		for i := 0; i < n; i++ {
			v, ok, err := variant(i)
			if err != nil || ok {
				return v, ok, err
			}
		}
		return nil, false, nil
	}
	if n == 1 {
		v, ok, err := variant(0)
		if err != nil || !ok {
			return nil, ok, err
		}
		return s.single(v), true, nil
	}
	var memo catalog.Value
	have := false
	for i := 0; i < n; i++ {
		v, ok, err := variant(i)
		if err != nil {
			return nil, false, err
		}
		if !ok {
			continue
		}
		if !have {
			memo, have = s.convert(v), true
			continue
		}
		memo, err = s.merge(memo, v)
		if err != nil {
			return nil, false, err
		}
	}
	return memo, have, nil
}

// single is what one variant's value becomes on its own.
func (s *strategy) single(v catalog.Value) catalog.Value {
	if s.name == "unique" {
		if arr, ok := v.([]catalog.Value); ok {
			return uniq(arr)
		}
	}
	return v
}

// convert is what the first of several found values becomes.
func (s *strategy) convert(v catalog.Value) catalog.Value {
	if s.name == "unique" {
		return flattenValue(v)
	}
	return v
}

// merge combines e1 (higher priority) with e2.
func (s *strategy) merge(e1, e2 catalog.Value) (catalog.Value, error) {
	switch s.name {
	case "unique":
		if err := assertUniqueValue("The second element of the merge", e2); err != nil {
			return nil, err
		}
		return uniq(append(append([]catalog.Value{}, flattenValue(e1).([]catalog.Value)...), flattenValue(e2).([]catalog.Value)...)), nil
	case "hash":
		h1, ok := e1.(*catalog.Hash)
		if !ok {
			return nil, errorf("The first element of the merge has wrong type, expects a Hash value, got %s", inferredType(e1))
		}
		h2, ok := e2.(*catalog.Hash)
		if !ok {
			return nil, errorf("The second element of the merge has wrong type, expects a Hash value, got %s", inferredType(e2))
		}
		out := catalog.NewHash()
		for _, k := range h2.Keys() {
			v, _ := h2.Get(k)
			out.Set(k, v)
		}
		for _, k := range h1.Keys() {
			v, _ := h1.Get(k)
			out.Set(k, v)
		}
		return out, nil
	case "deep":
		return s.deepMerge(e1, deepClone(e2))
	}
	return e1, nil
}

func assertUniqueValue(subject string, v catalog.Value) error {
	if _, ok := v.(*catalog.Hash); ok {
		return errorf("%s expects a value of type Scalar or Array, got Hash", subject)
	}
	return nil
}

// flattenValue is Ruby's e.is_a?(Array) ? e.flatten : [e].
func flattenValue(v catalog.Value) catalog.Value {
	arr, ok := v.([]catalog.Value)
	if !ok {
		return []catalog.Value{v}
	}
	var out []catalog.Value
	var walk func([]catalog.Value)
	walk = func(a []catalog.Value) {
		for _, e := range a {
			if sub, ok := e.([]catalog.Value); ok {
				walk(sub)
				continue
			}
			out = append(out, e)
		}
	}
	walk(arr)
	if out == nil {
		out = []catalog.Value{}
	}
	return out
}

// uniq keeps the first of equal elements, as Ruby's Array#uniq and #|.
func uniq(a []catalog.Value) []catalog.Value {
	out := make([]catalog.Value, 0, len(a))
	for _, e := range a {
		if indexOf(out, e) < 0 {
			out = append(out, e)
		}
	}
	return out
}

func indexOf(a []catalog.Value, v catalog.Value) int {
	for i, e := range a {
		if equal(e, v) {
			return i
		}
	}
	return -1
}

// equal is Ruby's == on data values: 1 == 1.0 holds, keys' order does not matter.
func equal(a, b catalog.Value) bool {
	switch x := a.(type) {
	case []catalog.Value:
		y, ok := b.([]catalog.Value)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !equal(x[i], y[i]) {
				return false
			}
		}
		return true
	case *catalog.Hash:
		y, ok := b.(*catalog.Hash)
		if !ok || x.Len() != y.Len() {
			return false
		}
		for _, k := range x.Keys() {
			xv, _ := x.Get(k)
			yv, ok := y.Get(k)
			if !ok || !equal(xv, yv) {
				return false
			}
		}
		return true
	case int64:
		switch y := b.(type) {
		case int64:
			return x == y
		case float64:
			return float64(x) == y
		}
		return false
	case float64:
		switch y := b.(type) {
		case int64:
			return x == float64(y)
		case float64:
			return x == y
		}
		return false
	}
	return a == b
}

func deepClone(v catalog.Value) catalog.Value {
	switch x := v.(type) {
	case *catalog.Hash:
		out := catalog.NewHash()
		for _, k := range x.Keys() {
			e, _ := x.Get(k)
			out.Set(k, deepClone(e))
		}
		return out
	case []catalog.Value:
		out := make([]catalog.Value, len(x))
		for i, e := range x {
			out[i] = deepClone(e)
		}
		return out
	}
	return v
}

// truthy is Ruby truthiness: everything but nil and false.
func truthy(v catalog.Value) bool {
	if v == nil {
		return false
	}
	if b, ok := v.(bool); ok {
		return b
	}
	return true
}

// deepMerge merges source into dest as the deep_merge gem's deep_merge!
// does with Puppet's options (unmergeables overwritten): source wins.
func (s *strategy) deepMerge(source, dest catalog.Value) (catalog.Value, error) {
	if source == nil {
		return dest, nil
	}
	if !truthy(dest) {
		return source, nil
	}
	switch src := source.(type) {
	case *catalog.Hash:
		dh, ok := dest.(*catalog.Hash)
		if !ok {
			// A hash over anything else replaces it.
			return s.overwriteUnmergeable(source, dest), nil
		}
		for _, k := range src.Keys() {
			sv, _ := src.Get(k)
			dv, _ := dh.Get(k)
			var (
				merged catalog.Value
				err    error
			)
			if truthy(dv) {
				merged, err = s.deepMerge(sv, dv)
			} else {
				merged, err = s.deepMerge(sv, deepClone(sv))
			}
			if err != nil {
				return nil, err
			}
			dh.Set(k, merged)
		}
		return dh, nil
	case []catalog.Value:
		srcArr := append([]catalog.Value(nil), src...)
		if s.knockoutPrefix != "" {
			if i := indexOf(srcArr, s.knockoutPrefix); i >= 0 {
				dest = clearValue(dest)
				srcArr = removeAll(srcArr, s.knockoutPrefix)
			}
		}
		destArr, ok := dest.([]catalog.Value)
		if !ok {
			if dest == nil {
				return s.overwriteUnmergeable(srcArr, dest), nil
			}
			return s.overwriteUnmergeable(srcArr, dest), nil
		}
		destArr = append([]catalog.Value(nil), destArr...)
		if s.knockoutPrefix != "" {
			kept := srcArr[:0:0]
			for _, item := range srcArr {
				str, isStr := item.(string)
				if isStr && strings.HasPrefix(str, s.knockoutPrefix) {
					destArr = removeAll(destArr, strings.TrimPrefix(str, s.knockoutPrefix))
					destArr = removeAll(destArr, str)
					continue
				}
				kept = append(kept, item)
			}
			srcArr = kept
		}
		var out []catalog.Value
		if s.mergeHashArrays && allHashes(srcArr) && allHashes(destArr) {
			out = make([]catalog.Value, len(destArr))
			for i := range destArr {
				var sv catalog.Value = catalog.NewHash()
				if i < len(srcArr) {
					sv = srcArr[i]
				}
				m, err := s.deepMerge(sv, destArr[i])
				if err != nil {
					return nil, err
				}
				out[i] = m
			}
			if len(srcArr) > len(destArr) {
				out = append(out, srcArr[len(destArr):]...)
			}
		} else {
			out = uniq(append(destArr, srcArr...))
		}
		if s.sortMergedArrays {
			sortValues(out)
		}
		return out, nil
	}
	return s.overwriteUnmergeable(source, dest), nil
}

func (s *strategy) overwriteUnmergeable(source, dest catalog.Value) catalog.Value {
	if s.knockoutPrefix == "" {
		return source
	}
	switch x := source.(type) {
	case string:
		re := regexp.MustCompile(`^` + regexp.QuoteMeta(s.knockoutPrefix))
		if stripped := re.ReplaceAllString(x, ""); stripped != x {
			return ""
		}
	case []catalog.Value:
		kept := x[:0:0]
		for _, e := range x {
			if str, ok := e.(string); ok && strings.HasPrefix(str, s.knockoutPrefix) {
				continue
			}
			kept = append(kept, e)
		}
		if len(kept) != len(x) {
			return ""
		}
	}
	return source
}

func clearValue(v catalog.Value) catalog.Value {
	switch v.(type) {
	case []catalog.Value:
		return []catalog.Value{}
	case *catalog.Hash:
		return catalog.NewHash()
	case string:
		return ""
	}
	return nil
}

func removeAll(a []catalog.Value, v catalog.Value) []catalog.Value {
	out := a[:0:0]
	for _, e := range a {
		if !equal(e, v) {
			out = append(out, e)
		}
	}
	return out
}

func allHashes(a []catalog.Value) bool {
	for _, e := range a {
		if _, ok := e.(*catalog.Hash); !ok {
			return false
		}
	}
	return true
}

// sortValues sorts like Ruby's Array#sort for arrays of strings or of
// numbers; mixed arrays keep a stable order by their string form.
func sortValues(a []catalog.Value) {
	sort.SliceStable(a, func(i, j int) bool {
		x, y := a[i], a[j]
		xf, xn := number(x)
		yf, yn := number(y)
		if xn && yn {
			return xf < yf
		}
		return catalog.Scalar(x) < catalog.Scalar(y)
	})
}

func number(v catalog.Value) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

// inferredType names the type Puppet infers for a value in assertion
// messages: arrays are tuples and hashes structs.
func inferredType(v catalog.Value) string {
	switch v.(type) {
	case []catalog.Value:
		return "Tuple"
	case *catalog.Hash:
		return "Struct"
	}
	return typeLabel(v)
}

// typeLabel names a value's Puppet type the short way Puppet's
// assertion messages do ("String", "Integer", "Array", "Hash").
func typeLabel(v catalog.Value) string {
	switch v.(type) {
	case string:
		return "String"
	case int64, int:
		return "Integer"
	case float64:
		return "Float"
	case bool:
		return "Boolean"
	case []catalog.Value:
		return "Array"
	case *catalog.Hash:
		return "Hash"
	case nil:
		return "Undef"
	}
	return fmt.Sprintf("%T", v)
}
