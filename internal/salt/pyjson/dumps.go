package pyjson

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// Dumps writes v as Python's json.dumps(v, sort_keys=True,
// ensure_ascii=False, indent=indent, separators=(itemSep, ": ")) does:
// indent spaces a level with each item on its own line, or, with a
// negative indent (Python's None), all on one line. Maps are
// map[string]any, lists []any; other values print as Python prints
// them (an integer of any size with all its digits).
func Dumps(v any, indent int, itemSep string) string {
	d := dumper{indent: indent, itemSep: itemSep}
	d.write(v, 0)
	return d.b.String()
}

type dumper struct {
	b       strings.Builder
	indent  int
	itemSep string
}

// item starts the i-th item of a map or list depth levels in.
func (d *dumper) item(i, depth int) {
	if i > 0 {
		d.b.WriteString(d.itemSep)
	}
	d.newline(depth)
}

func (d *dumper) newline(depth int) {
	if d.indent >= 0 {
		d.b.WriteByte('\n')
		d.b.WriteString(strings.Repeat(" ", d.indent*depth))
	}
}

func (d *dumper) write(v any, depth int) {
	switch v := v.(type) {
	case map[string]any:
		if len(v) == 0 {
			d.b.WriteString("{}")
			return
		}
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		d.b.WriteString("{")
		for i, k := range keys {
			d.item(i, depth+1)
			d.b.WriteString(quote(k))
			d.b.WriteString(": ")
			d.write(v[k], depth+1)
		}
		d.newline(depth)
		d.b.WriteString("}")
	case []any:
		if len(v) == 0 {
			d.b.WriteString("[]")
			return
		}
		d.b.WriteString("[")
		for i, x := range v {
			d.item(i, depth+1)
			d.write(x, depth+1)
		}
		d.newline(depth)
		d.b.WriteString("]")
	case string:
		d.b.WriteString(quote(v))
	case nil:
		d.b.WriteString("null")
	case bool:
		d.b.WriteString(strconv.FormatBool(v))
	case float64:
		d.b.WriteString(Float(v))
	case fmt.Stringer:
		d.b.WriteString(v.String())
	default:
		d.writeOther(v, depth)
	}
}

// writeOther writes the other lists and maps (of strings, say) as lists
// and maps, and any other value as fmt prints it: an integer of any size
// with all its digits.
func (d *dumper) writeOther(v any, depth int) {
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		list := make([]any, rv.Len())
		for i := range list {
			list[i] = rv.Index(i).Interface()
		}
		d.write(list, depth)
	case reflect.Map:
		m := make(map[string]any, rv.Len())
		iter := rv.MapRange()
		for iter.Next() {
			m[fmt.Sprint(iter.Key().Interface())] = iter.Value().Interface()
		}
		d.write(m, depth)
	case reflect.Float32:
		d.b.WriteString(Float(rv.Float()))
	default:
		fmt.Fprint(&d.b, v)
	}
}

// Float prints a float as Python's repr does: positional from 1e-4 up
// to 1e16, with ".0" on whole numbers; an exponent otherwise.
func Float(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case math.IsNaN(f):
		return "NaN"
	}
	e := strconv.FormatFloat(f, 'e', -1, 64)
	_, exp, _ := strings.Cut(e, "e")
	n, _ := strconv.Atoi(exp)
	if n < -4 || n >= 16 {
		return e
	}
	s := strconv.FormatFloat(f, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

// quote writes s as a JSON string, characters outside ASCII as they are.
func quote(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
}
