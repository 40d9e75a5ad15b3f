package concat

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/datafile"
	"github.com/ordoproject/ordo/internal/facts"
	"github.com/ordoproject/ordo/internal/resource/file"
	"github.com/ordoproject/ordo/internal/rubyjson"
)

// formatContent merges the fragments' contents, in order, as
// puppetlabs-concat's format asks: plain joins them; the json formats
// parse each as JSON and write the deep merge of them (json,
// json-pretty) or the list of them (json-array, json-array-pretty) as
// Ruby's JSON generator does.
func formatContent(format string, parts []string, force bool) (string, error) {
	switch format {
	case "", "plain":
		return strings.Join(parts, ""), nil
	case "json", "json-pretty", "json-array", "json-array-pretty":
	default:
		return "", fmt.Errorf("format %s is not supported by ordo yet", format)
	}
	values := make([]catalog.Value, len(parts))
	for i, p := range parts {
		v, err := datafile.JSON([]byte(p))
		if err != nil {
			return "", jsonParseError(p, err)
		}
		values[i] = v
	}
	var out catalog.Value = values
	if format == "json" || format == "json-pretty" {
		var memo catalog.Value = catalog.NewHash()
		for _, v := range values {
			m, err := nestedMerge(memo, v, force)
			if err != nil {
				return "", err
			}
			memo = m
		}
		out = memo
	}
	if strings.HasSuffix(format, "-pretty") {
		return strings.TrimSuffix(facts.JSON(out), "\n"), nil
	}
	var b strings.Builder
	writeCompact(&b, out)
	return b.String(), nil
}

// writeCompact writes v as Ruby's to_json does: no spaces, strings
// quoted as its generator quotes them.
func writeCompact(b *strings.Builder, v catalog.Value) {
	switch x := v.(type) {
	case []catalog.Value:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			writeCompact(b, e)
		}
		b.WriteByte(']')
	case *catalog.Hash:
		b.WriteByte('{')
		for i, k := range x.Keys() {
			if i > 0 {
				b.WriteByte(',')
			}
			e, _ := x.Get(k)
			b.WriteString(rubyjson.Quote(k))
			b.WriteByte(':')
			writeCompact(b, e)
		}
		b.WriteByte('}')
	default:
		// a scalar is written the same way pretty or not
		b.WriteString(strings.TrimSuffix(facts.JSON(x), "\n"))
	}
}

// nestedMerge is puppetlabs-concat's nested_merge: an empty side gives
// the other, arrays join without repeats, hashes merge deeply keeping
// the earlier value of a key, and two different values of one key are
// an error unless force is set.
func nestedMerge(a, b catalog.Value, force bool) (catalog.Value, error) {
	if isEmpty(b) {
		return a, nil
	}
	if isEmpty(a) {
		return b, nil
	}
	aa, aIsArr := a.([]catalog.Value)
	ba, bIsArr := b.([]catalog.Value)
	if aIsArr && bIsArr {
		return uniq(append(append([]catalog.Value(nil), aa...), ba...)), nil
	}
	ah, ok1 := a.(*catalog.Hash)
	bh, ok2 := b.(*catalog.Hash)
	if !ok1 || !ok2 {
		return nil, fmt.Errorf("fragments of a json concat_file must merge as hashes or arrays, not %s and %s", rubyClass(a), rubyClass(b))
	}
	out := catalog.NewHash()
	for _, k := range ah.Keys() {
		v, _ := ah.Get(k)
		out.Set(k, v)
	}
	for _, k := range bh.Keys() {
		v2, _ := bh.Get(k)
		v1, ok := out.Get(k)
		if !ok {
			out.Set(k, v2)
			continue
		}
		_, h1 := v1.(*catalog.Hash)
		_, h2 := v2.(*catalog.Hash)
		_, a1 := v1.([]catalog.Value)
		_, a2 := v2.([]catalog.Value)
		if (h1 && h2) || (a1 && a2) {
			m, err := nestedMerge(v1, v2, force)
			if err != nil {
				return nil, err
			}
			out.Set(k, m)
			continue
		}
		if !equal(v1, v2) && !force {
			return nil, fmt.Errorf("Duplicate key '%s' found with values '%s' and %s'. Use 'force' attribute to merge keys.", k, rubyToS(v1), rubyToS(v2))
		}
	}
	return out, nil
}

func isEmpty(v catalog.Value) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case []catalog.Value:
		return len(x) == 0
	case *catalog.Hash:
		return x.Len() == 0
	}
	return false
}

func uniq(vs []catalog.Value) []catalog.Value {
	var out []catalog.Value
	for _, v := range vs {
		dup := false
		for _, o := range out {
			if equal(o, v) {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, v)
		}
	}
	return out
}

func rubyClass(v catalog.Value) string {
	switch v.(type) {
	case string:
		return "String"
	case int64:
		return "Integer"
	case float64:
		return "Float"
	case bool:
		return "Boolean"
	case []catalog.Value:
		return "Array"
	case *catalog.Hash:
		return "Hash"
	}
	return "nil"
}

// rubyToS is Ruby's to_s of a parsed JSON value, for messages.
func rubyToS(v catalog.Value) string {
	switch s := v.(type) {
	case string:
		return s
	case nil:
		return ""
	case []catalog.Value, *catalog.Hash:
		var b strings.Builder
		writeCompact(&b, v)
		return b.String()
	}
	return strings.TrimSuffix(facts.JSON(v), "\n")
}

// equal compares parsed JSON values by their JSON text.
func equal(a, b catalog.Value) bool {
	var x, y strings.Builder
	writeCompact(&x, a)
	writeCompact(&y, b)
	return x.String() == y.String()
}

// jsonParseError words a fragment's JSON error as Ruby's JSON.parse
// (json 2.6) does: "859: unexpected token at '...'" quoting the text
// from the value that failed (the whole top-level value, or what
// follows it), "451: ..." from the failing element of a top-level
// array.
func jsonParseError(text string, err error) error {
	trimmed := strings.TrimLeft(text, " \t\r\n")
	code, at := 859, trimmed
	if strings.HasPrefix(err.Error(), "unexpected data after") {
		// the value is whole; Ruby quotes what follows it
		dec := json.NewDecoder(strings.NewReader(text))
		var skip json.RawMessage
		if dec.Decode(&skip) == nil {
			at = strings.TrimLeft(text[dec.InputOffset():], " \t\r\n")
		}
	} else if strings.HasPrefix(trimmed, "[") {
		code, at = 451, ""
		var syn *json.SyntaxError
		if errors.As(err, &syn) && syn.Offset > 0 && int(syn.Offset) <= len(text) {
			at = strings.TrimLeft(text[syn.Offset-1:], " \t\r\n")
		}
	}
	return fmt.Errorf("%d: unexpected token at '%s'", code, at)
}

// readSource reads a fragment's content from the first of its sources
// that exists, as puppetlabs-concat asks Puppet's file server: absolute
// paths, file: URIs and puppet:///modules/NAME/PATH, which is
// NAME/files/PATH on modulePath (as the file type takes it). Other
// puppet: URIs are never found.
func readSource(sources []string, modulePath []string) (string, error) {
	for _, src := range sources {
		path := src
		if strings.HasPrefix(src, "puppet:") {
			path = file.ModuleSource(src, modulePath)
		} else if strings.HasPrefix(src, "file:") {
			u, err := url.Parse(src)
			if err != nil {
				continue
			}
			path = u.Path
		}
		if !strings.HasPrefix(path, "/") {
			continue
		}
		st, err := os.Stat(path)
		if err != nil {
			continue
		}
		// The first source that exists is the one read, whatever it is.
		switch {
		case st.IsDir():
			return "", fmt.Errorf("Is a directory @ io_fread - %s", path)
		case !st.Mode().IsRegular():
			// Puppet would wait on a FIFO for ever; ordo refuses it.
			return "", fmt.Errorf("%s is not a regular file", path)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return "", err
		}
		return string(data), nil
	}
	return "", fmt.Errorf("Could not retrieve source(s) %s", strings.Join(sources, ", "))
}
