package eval

import (
	"regexp"
	"sort"
	"strings"
	"unicode/utf8"
)

// Go stand-ins for the Ruby functions of voxpupuli's puppet-elasticsearch.

func elasticsearchFunctions() map[string]builtin {
	return map[string]builtin{
		"deep_implode":   fnDeepImplode,
		"es_plugin_name": fnESPluginName,
		"plugin_dir":     fnPluginDir,
		"array_suffix":   fnArraySuffix,
		"concat_merge":   fnConcatMerge,
	}
}

// fnDeepImplode is deep_implode: the keys of nested hashes joined with
// dots into one flat hash. At each level the module walks the keys
// longest first (Ruby's sort_by on the key's length, reversed), so a
// dotted key written out ("a.b" => 1) wins over the same path spelled
// as nested hashes; arrays met twice are concatenated, and otherwise the
// first value kept stays unless it is undef or false. Ruby's sort_by is
// glibc's qsort_r on Debian 12, a merge sort, so keys of the same length
// keep their order before the reversal: they come out last first.
func fnDeepImplode(k *call) (Value, error) {
	if len(k.args) != 1 {
		return nil, failf("deep_implode(): wrong number of arguments (%d; must be 1)", len(k.args))
	}
	h, ok := k.args[0].(*Hash)
	if !ok {
		return nil, failf("deep_implode: unexpected argument type, only expects hashes")
	}
	out := NewHash()
	if err := implode(out, h, nil); err != nil {
		return nil, err
	}
	return out, nil
}

func implode(out, h *Hash, path []string) error {
	order := make([]int, h.Len())
	lengths := make([]int, h.Len())
	for i, key := range h.keys {
		s, ok := key.(string)
		if !ok {
			return failf("undefined method `length' for %s:%s", rubyInspect(key), rubyClassOf(key))
		}
		order[i] = i
		lengths[i] = utf8.RuneCountInString(s)
	}
	sort.SliceStable(order, func(a, b int) bool { return lengths[order[a]] < lengths[order[b]] })
	for j := len(order) - 1; j >= 0; j-- {
		i := order[j]
		p := append(append([]string(nil), path...), h.keys[i].(string))
		if sub, ok := h.vals[i].(*Hash); ok {
			if err := implode(out, sub, p); err != nil {
				return err
			}
			continue
		}
		key := strings.Join(p, ".")
		old, had := out.Get(key)
		oldArr, oldIsArr := old.([]Value)
		if newArr, ok := h.vals[i].([]Value); ok && had && oldIsArr {
			out.Set(key, append(append([]Value(nil), oldArr...), newArr...))
		} else if !rubyTruthy(old) {
			out.Set(key, h.vals[i])
		}
	}
	return nil
}

var esPluginPrefix = regexp.MustCompile(`(elasticsearch-|es-)`)

// fnESPluginName is es_plugin_name: the directory a plugin installs to,
// guessed from the first non-empty string argument: the part after the
// first "/" (or else ":") without "elasticsearch-" and "es-", or the
// string itself when it has neither.
func fnESPluginName(k *call) (Value, error) {
	if len(k.args) == 0 {
		return nil, failf("wrong number of arguments, at least one value required")
	}
	for _, a := range k.args {
		s, ok := a.(string)
		if !ok || s == "" {
			continue
		}
		for _, delim := range []string{"/", ":"} {
			if parts := splitDropTrailing(s, delim); len(parts) > 1 {
				return esPluginPrefix.ReplaceAllString(parts[1], ""), nil
			}
		}
		return s, nil
	}
	return nil, failf("could not determine plugin name")
}

// splitDropTrailing is Ruby's String#split on a literal separator: trailing
// empty fields are dropped.
func splitDropTrailing(s, sep string) []string {
	parts := strings.Split(s, sep)
	for len(parts) > 0 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	return parts
}

// fnPluginDir is plugin_dir: the plugin's name after a "/", without an
// "elasticsearch-" or "es-" prefix (and every later occurrence of it).
func fnPluginDir(k *call) (Value, error) {
	if len(k.args) == 0 {
		return nil, failf("plugin_dir(): No arguments given")
	}
	if len(k.args) > 2 {
		return nil, failf("plugin_dir(): Too many arguments given (%d)", len(k.args))
	}
	s, ok := k.args[0].(string)
	if !ok {
		return nil, failf("plugin_dir(): Requires string as first argument")
	}
	items := splitDropTrailing(s, "/")
	switch len(items) {
	case 0:
		return nil, nil
	case 1:
		return items[0], nil
	}
	plugin := items[1]
	if strings.Contains(plugin, "-") {
		switch {
		case strings.HasPrefix(plugin, "elasticsearch-"):
			return strings.ReplaceAll(plugin, "elasticsearch-", ""), nil
		case strings.HasPrefix(plugin, "es-"):
			return strings.ReplaceAll(plugin, "es-", ""), nil
		}
	}
	return plugin, nil
}

// fnArraySuffix is array_suffix: each element as a string with the
// suffix appended.
func fnArraySuffix(k *call) (Value, error) {
	if len(k.args) == 0 {
		return nil, failf("array_suffix(): Wrong number of arguments given (0 for 1)")
	}
	arr, ok := k.args[0].([]Value)
	if !ok {
		return nil, failf("array_suffix(): expected first argument to be an Array, got %s", rubyInspect(k.args[0]))
	}
	suffix := ""
	if len(k.args) > 1 && rubyTruthy(k.args[1]) {
		s, ok := k.args[1].(string)
		if !ok {
			return nil, failf("array_suffix(): expected second argument to be a String, got %s", rubyInspect(k.args[1]))
		}
		suffix = s
	}
	out := make([]Value, len(arr))
	for i, e := range arr {
		out[i] = rubyToS(e) + suffix
	}
	return out, nil
}

// fnConcatMerge is concat_merge: hashes merged left to right, arrays
// under the same key concatenated; empty strings (undef) are skipped.
func fnConcatMerge(k *call) (Value, error) {
	if len(k.args) < 2 {
		return nil, failf("concat_merge(): wrong number of arguments (%d; must be at least 2)", len(k.args))
	}
	out := NewHash()
	for _, a := range k.args {
		if s, ok := a.(string); ok && s == "" || a == nil {
			continue
		}
		h, ok := a.(*Hash)
		if !ok {
			return nil, failf("concat_merge: unexpected argument type %s, only expects hash arguments", rubyClassOf(a))
		}
		for i, key := range h.keys {
			nv := h.vals[i]
			if old, had := out.Get(key); had {
				oa, ok1 := old.([]Value)
				na, ok2 := nv.([]Value)
				if ok1 && ok2 {
					nv = append(append([]Value(nil), oa...), na...)
				}
			}
			out.Set(key, nv)
		}
	}
	return out, nil
}
