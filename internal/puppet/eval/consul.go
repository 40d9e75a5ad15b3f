package eval

import (
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/rubyjson"
)

// Go stand-ins for the Ruby functions of voxpupuli's puppet-consul.

func consulFunctions() map[string]builtin {
	return map[string]builtin{
		"consul::sorted_json":     fnConsulSortedJSON,
		"consul::validate_checks": fnConsulValidateChecks,
	}
}

var (
	consulIntString = lazyre.New(`\A-?(0|[1-9]\d*)\z`)
	consulQuoteKeys = lazyre.New(`\A(node_meta|meta|tags|args)\z`)
)

// fnConsulSortedJSON is consul::sorted_json: JSON with every hash's keys
// sorted, strings that are integers written as numbers (except under
// node_meta, meta, tags and args, where numbers are written as strings),
// compact or pretty with the given indentation.
func fnConsulSortedJSON(k *call) (Value, error) {
	if err := k.argc(0, 3); err != nil {
		return nil, err
	}
	var data Value = NewHash()
	if len(k.args) > 0 {
		data = k.args[0]
	}
	pretty := len(k.args) > 1 && rubyTruthy(k.args[1])
	indent := int64(4)
	if len(k.args) > 2 {
		n, ok := k.args[2].(int64)
		if !ok {
			return nil, failf("consul::sorted_json(): the indentation must be an Integer, got %s", typeName(k.args[2]))
		}
		indent = n
	}
	var b strings.Builder
	if err := consulJSON(&b, data, false, pretty, strings.Repeat(" ", int(max(indent, 0))), 0); err != nil {
		return nil, err
	}
	if pretty {
		b.WriteString("\n")
	}
	return b.String(), nil
}

func consulJSON(b *strings.Builder, v Value, quoted, pretty bool, indent string, level int) error {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case int64, float64, bool:
		s := rubyNumberToS(x)
		if quoted {
			s = rubyjson.Quote(s)
		}
		b.WriteString(s)
	case string:
		if !quoted && consulIntString.MatchString(x) {
			b.WriteString(x)
		} else {
			b.WriteString(rubyjson.Quote(x))
		}
	case []Value:
		sep := ","
		if pretty {
			sep = ",\n" + strings.Repeat(indent, level+1)
			b.WriteString("[\n" + strings.Repeat(indent, level+1))
		} else {
			b.WriteString("[")
		}
		for i, e := range x {
			if i > 0 {
				b.WriteString(sep)
			}
			if err := consulJSON(b, e, quoted, pretty, indent, level+1); err != nil {
				return err
			}
		}
		if pretty {
			b.WriteString("\n" + strings.Repeat(indent, level))
		}
		b.WriteString("]")
	case *Hash:
		keys := make([]string, 0, x.Len())
		vals := map[string]Value{}
		for i, key := range x.keys {
			s, ok := key.(string)
			if !ok {
				return failf("consul::sorted_json(): hash keys must be strings, got %s", typeName(key))
			}
			keys = append(keys, s)
			vals[s] = x.vals[i]
		}
		sort.Strings(keys)
		if pretty {
			b.WriteString("{\n")
		} else {
			b.WriteString("{")
		}
		for i, key := range keys {
			if i > 0 {
				if pretty {
					b.WriteString(",\n")
				} else {
					b.WriteString(",")
				}
			}
			if pretty {
				b.WriteString(strings.Repeat(indent, level+1))
			}
			b.WriteString(rubyjson.Quote(key))
			if pretty {
				b.WriteString(": ")
			} else {
				b.WriteString(":")
			}
			q := quoted || consulQuoteKeys.MatchString(key)
			if err := consulJSON(b, vals[key], q, pretty, indent, level+1); err != nil {
				return err
			}
		}
		if pretty {
			b.WriteString("\n" + strings.Repeat(indent, level))
		}
		b.WriteString("}")
	default:
		return failf("Unable to handle object of type %s with value %s", rubyClassOf(v), Inspect(v))
	}
	return nil
}

// rubyNumberToS is Ruby's to_s of an Integer, a Float or a boolean.
func rubyNumberToS(v Value) string {
	switch x := v.(type) {
	case int64:
		return strconv.FormatInt(x, 10)
	case bool:
		return strconv.FormatBool(x)
	case float64:
		switch {
		case math.IsNaN(x):
			return "NaN"
		case math.IsInf(x, 1):
			return "Infinity"
		case math.IsInf(x, -1):
			return "-Infinity"
		}
		return rubyjson.Float(x)
	}
	return ToS(v)
}

// fnConsulValidateChecks is consul::validate_checks: every check (a hash,
// or an array of them) must be of one kind, with the settings that kind
// allows.
func fnConsulValidateChecks(k *call) (Value, error) {
	if err := k.argc(1, 1); err != nil {
		return nil, err
	}
	switch k.args[0].(type) {
	case []Value, *Hash:
	default:
		return nil, failf("'%s' parameter 'obj' expects a value of type Hash or Array, got %s", k.name, inferredTypeName(k.args[0]))
	}
	return nil, consulValidate(k.args[0])
}

func consulValidate(v Value) error {
	switch x := v.(type) {
	case []Value:
		for _, c := range x {
			if err := consulValidate(c); err != nil {
				return err
			}
		}
		return nil
	case *Hash:
		has := func(k string) bool { _, ok := x.Get(k); return ok }
		script := has("script") || has("args")
		if (has("http") || script || has("tcp") || has("grpc")) && !has("interval") {
			return failf("interval must be defined for tcp, http, grpc and script checks")
		}
		switch {
		case has("ttl"):
			if has("http") || script || has("tcp") || has("grpc") || has("interval") {
				return failf("script, http, tcp, grpc and interval must not be defined for ttl checks")
			}
		case has("http"):
			if script || has("tcp") || has("grpc") {
				return failf("script, tcp and grpc must not be defined for http checks")
			}
		case has("grpc"):
			if script || has("tcp") || has("http") {
				return failf("script, tcp and http must not be defined for grpc checks")
			}
		case has("tcp"):
			if has("http") || script || has("grpc") {
				return failf("script, http and grpc must not be defined for tcp checks")
			}
		case script:
			if has("http") || has("tcp") || has("grpc") {
				return failf("http, grpc and tcp must not be defined for script checks")
			}
		case has("alias_service"):
			if has("http") || has("tcp") || has("args") || has("script") || has("interval") || has("grpc") {
				return failf("alias_service must not define http, tcp, grpc, args, script, or interval")
			}
		default:
			return failf("One of ttl, script, tcp, grpc or http must be defined.")
		}
		return nil
	}
	return failf("Unable to handle object of type <%s>", rubyClassOf(v))
}

func puppetdbFunctions() map[string]builtin {
	return map[string]builtin{
		"puppetdb::create_subsetting_resource_hash": fnPuppetdbSubsettings,
		"puppetdb::flatten_java_args":               fnPuppetdbJavaArgs,
	}
}

// fnPuppetdbSubsettings is puppetdb::create_subsetting_resource_hash: an
// ini_subsetting body for each java argument, titled "'ARG'".
func fnPuppetdbSubsettings(k *call) (Value, error) {
	if err := k.argc(2, 2); err != nil {
		return nil, err
	}
	args, ok := k.args[0].(*Hash)
	if !ok {
		return nil, failf("'%s' parameter 'java_args' expects a Hash value, got %s", k.name, inferredTypeName(k.args[0]))
	}
	params, _ := k.args[1].(*Hash)
	out := NewHash()
	for i, key := range args.keys {
		item := NewHash()
		item.Set("subsetting", key)
		v := args.vals[i]
		if v == nil || v == false {
			v = ""
		}
		item.Set("value", v)
		if params != nil {
			for j, pk := range params.keys {
				item.Set(pk, params.vals[j])
			}
		}
		out.Set("'"+rubyToS(key)+"'", item)
	}
	return out, nil
}

// fnPuppetdbJavaArgs is puppetdb::flatten_java_args: the arguments and
// their values run together, space separated, in double quotes.
func fnPuppetdbJavaArgs(k *call) (Value, error) {
	if err := k.argc(0, 1); err != nil {
		return nil, err
	}
	var b strings.Builder
	if len(k.args) > 0 {
		args, ok := k.args[0].(*Hash)
		if !ok {
			return nil, failf("'%s' parameter 'java_args' expects a Hash value, got %s", k.name, inferredTypeName(k.args[0]))
		}
		for i, key := range args.keys {
			b.WriteString(rubyToS(key) + rubyToS(args.vals[i]) + " ")
		}
	}
	return `"` + strings.TrimSuffix(b.String(), " ") + `"`, nil
}

func memcachedFunctions() map[string]builtin {
	return map[string]builtin{"memcached::max_memory": fnMemcachedMaxMemory}
}

var memSize = lazyre.New(`([0-9.e+-]*)\s*([^bB]?)`)

// fnMemcachedMaxMemory is memcached::max_memory: megabytes as given, or
// a percentage (95% by default) of the memory.system.total fact.
func fnMemcachedMaxMemory(k *call) (Value, error) {
	if err := k.argc(1, 1); err != nil {
		return nil, err
	}
	arg := k.args[0]
	if rubyTruthy(arg) && !strings.HasSuffix(rubyToS(arg), "%") {
		return rubyToI(arg), nil
	}
	percent := "95%"
	if rubyTruthy(arg) {
		percent = rubyToS(arg)
	}
	var total Value
	if facts, ok := k.c.top.vars["facts"].(*Hash); ok {
		if mem, ok := facts.Get("memory"); ok && mem != nil {
			if h, ok := mem.(*Hash); ok {
				if sys, ok := h.Get("system"); ok {
					if sh, ok := sys.(*Hash); ok {
						total, _ = sh.Get("total")
					}
				}
			}
		} else {
			total, _ = facts.Get("memorysize")
		}
	}
	m := memSize.FindStringSubmatch(rubyToS(total))
	value, _ := strconv.ParseFloat(m[1], 64)
	switch m[2] {
	case "k":
		value *= 1 << 10
	case "M":
		value *= 1 << 20
	case "G":
		value *= 1 << 30
	case "T":
		value *= 1 << 40
	case "E":
		value *= 1 << 50
	default:
		return nil, failf("memcached_max_memory(): Unknown suffix %s", m[2])
	}
	p, _ := strconv.ParseFloat(strings.TrimSuffix(percent, "%"), 64)
	return int64(math.Floor(float64(int64(value)/(1<<20)) * (p / 100.0))), nil
}
