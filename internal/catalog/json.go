package catalog

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// FormatVersion is the catalog_format ordo reads and writes.
const FormatVersion = 2

// DecodeError is a malformed catalog, with the position of the fault.
type DecodeError struct {
	File   string
	Line   int // 1-based, 0 when not known
	Column int
	Msg    string
}

func (e *DecodeError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.File, e.Msg)
}

// wireCatalogOf is the catalog's JSON. Its strings are S and its lists of
// strings L: rawString and stringList keep the bytes of strings
// (jsonstring.go); string and []string give encoding/json's errors with
// their positions.
type wireCatalogOf[S ~string, L ~[]string] struct {
	Tags          L                 `json:"tags"`
	Name          S                 `json:"name"`
	Version       json.RawMessage   `json:"version"`
	CodeID        *S                `json:"code_id"`
	CatalogUUID   S                 `json:"catalog_uuid"`
	CatalogFormat int               `json:"catalog_format"`
	Environment   S                 `json:"environment"`
	Resources     []json.RawMessage `json:"resources"`
	Edges         []wireEdgeOf[S]   `json:"edges"`
	Classes       L                 `json:"classes"`
}

type wireResourceOf[S ~string, L ~[]string] struct {
	Type       S               `json:"type"`
	Title      json.RawMessage `json:"title"`
	Tags       L               `json:"tags,omitempty"`
	File       S               `json:"file,omitempty"`
	Line       int             `json:"line,omitempty"`
	Exported   bool            `json:"exported"`
	Virtual    bool            `json:"virtual,omitempty"`
	Kind       S               `json:"kind,omitempty"`
	Parameters json.RawMessage `json:"parameters,omitempty"`
	Sensitive  L               `json:"sensitive_parameters,omitempty"`
}

type wireEdgeOf[S ~string] struct {
	Source S `json:"source"`
	Target S `json:"target"`
}

type (
	wireCatalog  = wireCatalogOf[rawString, stringList]
	wireResource = wireResourceOf[rawString, stringList]
	wireEdge     = wireEdgeOf[string]
)

// unmarshal decodes data into v, a wire type with rawString fields. On
// an error it decodes again into plain, the same type with plain strings,
// for encoding/json's error with its position.
func unmarshal(data []byte, v, plain any) error {
	err := json.Unmarshal(data, v)
	if err != nil {
		if perr := json.Unmarshal(data, plain); perr != nil {
			return perr
		}
	}
	return err
}

// Decode reads a catalog in Puppet's JSON catalog format. file names the
// input in errors. As Puppet's agent does, it refuses a catalog that is
// not a JSON object and one whose edges name a resource it does not hold.
func Decode(data []byte, file string) (*Catalog, error) {
	switch kind := topLevelKind(data); kind {
	case "", "object":
	case "a string":
		// Puppet's agent takes a JSON string for a catalog with nothing
		// in it (in environment 'none') and applies it.
		var s string
		if json.Unmarshal(data, &s) == nil {
			return New(""), nil
		}
	default:
		line, col := lineCol(data, int64(len(data)-len(bytes.TrimLeft(data, " \t\r\n"))))
		return nil, &DecodeError{File: file, Line: line, Column: col, Msg: "a catalog must be a JSON object, not " + kind}
	}
	c, ok := decodeFast(data)
	if !ok {
		var err error
		if c, err = decodeGeneral(data, file); err != nil {
			return nil, err
		}
	}
	if err := c.checkContainment(data, file); err != nil {
		return nil, err
	}
	return c, nil
}

// versionText is the catalog's version as Puppet prints it in "Applying
// configuration version": a scalar as it is, anything else as Ruby
// inspects it ({"a"=>1}).
func versionText(raw json.RawMessage) string {
	v, err := decodeValue(raw)
	if err != nil {
		return ""
	}
	return versionOf(v)
}

// versionOf is versionText for a decoded value.
func versionOf(v Value) string {
	if v == nil {
		return ""
	}
	switch v.(type) {
	case []Value, *Hash:
		return rubyValue(v)
	}
	return Scalar(v)
}

// rubyValue renders v as Ruby's inspect does.
func rubyValue(v Value) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case string:
		return rubyInspect(x)
	case []Value:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = rubyValue(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case *Hash:
		parts := make([]string, 0, x.Len())
		for _, k := range x.Keys() {
			e, _ := x.Get(k)
			parts = append(parts, rubyInspect(k)+"=>"+rubyValue(e))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case Sensitive:
		return RedactedInside
	}
	return Scalar(v)
}

// topLevelKind names the JSON kind of data's first value ("" when it
// does not start like JSON, which the decoder reports).
func topLevelKind(data []byte) string {
	data = bytes.TrimLeft(data, " \t\r\n")
	if len(data) == 0 {
		return ""
	}
	switch c := data[0]; {
	case c == '{':
		return "object"
	case c == '[':
		return "an array"
	case c == '"':
		return "a string"
	case c == 'n' && bytes.HasPrefix(data, []byte("null")):
		return "null"
	case c == 't' && bytes.HasPrefix(data, []byte("true")), c == 'f' && bytes.HasPrefix(data, []byte("false")):
		return "a boolean"
	case c == '-' || c >= '0' && c <= '9':
		return "a number"
	}
	return ""
}

// checkContainment is the agent's check as it reads a catalog: both ends
// of every edge must be resources of the catalog. The error names the
// missing end as Puppet does and points at the edge.
func (c *Catalog) checkContainment(data []byte, file string) error {
	for i, e := range c.Containment {
		container := c.containmentEnd(e.Container)
		if container != nil && c.containmentEnd(e.Member) != nil {
			continue
		}
		// The message quotes the reference as the input wrote it.
		off, raw := edgeAt(data, i)
		if raw.Source == "" && raw.Target == "" {
			raw = wireEdge{Source: e.Container.String(), Target: e.Member.String()}
		}
		var msg string
		if container == nil {
			msg = fmt.Sprintf("Could not find relationship source %s for %s", rubyInspect(raw.Source), raw.Target)
		} else {
			msg = fmt.Sprintf("Could not find relationship target %s for %s", rubyInspect(raw.Target), displayRef(container))
		}
		line, col := lineCol(data, off)
		return &DecodeError{File: file, Line: line, Column: col, Msg: msg}
	}
	return nil
}

// containmentEnd finds the resource an edge names: exactly by type and
// title, the main class whichever its case.
func (c *Catalog) containmentEnd(ref Ref) *Resource {
	if ref.Type == "Class" && ref.Title == "Main" {
		ref.Title = "main"
	}
	return c.Resource(ref)
}

// displayRef is how Puppet prints a resource: the main class as Class[Main].
func displayRef(r *Resource) string {
	if r.Type == "Class" && r.Title == "main" {
		return "Class[Main]"
	}
	return r.Ref().String()
}

// rubyInspect quotes s as Ruby's String#inspect does for printable text.
func rubyInspect(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// edgeAt finds the i-th edge in data: where it starts (0 when not
// found) and its two references as written.
func edgeAt(data []byte, i int) (int64, wireEdge) {
	var w struct {
		Edges []json.RawMessage `json:"edges"`
	}
	if json.Unmarshal(data, &w) != nil || i >= len(w.Edges) {
		return 0, wireEdge{}
	}
	var e wireEdge
	_ = json.Unmarshal(w.Edges[i], &e)
	start := bytes.LastIndex(data, []byte(`"edges"`))
	if start < 0 {
		return 0, e
	}
	off := resourceOffset(data[start:], w.Edges[:i+1])
	if off == 0 {
		return 0, e
	}
	return int64(start) + off, e
}

// decodeGeneral is Decode through encoding/json: it gives the errors, and
// the result for any input decodeFast leaves to it.
func decodeGeneral(data []byte, file string) (*Catalog, error) {
	fail := func(off int64, format string, args ...any) error {
		line, col := lineCol(data, off)
		return &DecodeError{File: file, Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
	}
	var w wireCatalog
	if err := unmarshal(data, &w, &wireCatalogOf[string, []string]{}); err != nil {
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.As(err, &syn):
			return nil, fail(syn.Offset, "malformed JSON: %s", syn.Error())
		case errors.As(err, &typ):
			return nil, fail(typ.Offset, "%s", typeErrorText(typ))
		}
		return nil, &DecodeError{File: file, Msg: "malformed JSON"}
	}
	c := New(string(w.Name))
	if w.Environment != "" {
		c.Environment = string(w.Environment)
	}
	c.Version = versionText(w.Version)
	if w.CodeID != nil {
		c.CodeID = string(*w.CodeID)
	}
	c.CatalogUUID = string(w.CatalogUUID)
	c.Tags = w.Tags
	c.Classes = w.Classes
	for i, raw := range w.Resources {
		// Finding the resource in the input costs a search of it, so
		// it is done only for an error message.
		off := func() int64 { return resourceOffset(data, w.Resources[:i+1]) }
		var wr wireResource
		if err := unmarshal(raw, &wr, &wireResourceOf[string, []string]{}); err != nil {
			var typ *json.UnmarshalTypeError
			if errors.As(err, &typ) && typ.Field != "" {
				return nil, fail(off()+typ.Offset, "resource %d: %s", i+1, typeErrorText(typ))
			}
			// Puppet reads the type first and finds none.
			return nil, fail(off(), "No resource type provided in serialized data")
		}
		if wr.Type == "" {
			return nil, fail(off(), "No resource type provided in serialized data")
		}
		title, err := decodeValue(wr.Title)
		if errors.Is(err, errLoneSurrogate) {
			return nil, fail(off(), "title of resource %d (%s): %v", i+1, wr.Type, err)
		}
		if err != nil || title == nil {
			return nil, fail(off(), "No resource title provided in serialized data")
		}
		if s, ok := title.(string); ok && !utf8.ValidString(s) {
			// Puppet matches titles with regular expressions, which
			// refuse them.
			return nil, fail(off(), "title of resource %d (%s): invalid byte sequence in UTF-8", i+1, wr.Type)
		}
		if Scalar(title) == "" {
			return nil, fail(off(), "No title provided and %s is not a valid resource reference", rubyInspect(CanonicalType(string(wr.Type))+"[]"))
		}
		r := &Resource{
			Type:     CanonicalType(string(wr.Type)),
			Title:    Scalar(title),
			Tags:     wr.Tags,
			File:     string(wr.File),
			Line:     wr.Line,
			Exported: wr.Exported,
			// wr.Virtual is ignored, as Puppet's agent ignores it.
			Kind:      string(wr.Kind),
			Sensitive: wr.Sensitive,
		}
		if len(wr.Parameters) > 0 {
			params, err := decodeValue(wr.Parameters)
			if err != nil {
				return nil, fail(off(), "parameters of %s: %v", r.Ref(), err)
			}
			h, ok := params.(*Hash)
			if !ok {
				return nil, fail(off(), "parameters of %s must be an object", r.Ref())
			}
			for _, k := range h.Keys() {
				v, _ := h.Get(k)
				r.Params = append(r.Params, Param{Name: k, Value: v})
			}
		}
		if err := c.Add(r); err != nil {
			return nil, fail(off(), "%v", err)
		}
	}
	for i, e := range w.Edges {
		src, ok1 := ParseRef(string(e.Source))
		dst, ok2 := ParseRef(string(e.Target))
		if !ok1 || !ok2 {
			bad := string(e.Source)
			if ok1 {
				bad = string(e.Target)
			}
			what := rubyInspect(bad)
			if bad == "" {
				what = "nil"
			}
			msg := fmt.Sprintf("No title provided and %s is not a valid resource reference", what)
			off, _ := edgeAt(data, i)
			line, col := lineCol(data, off)
			return nil, &DecodeError{File: file, Line: line, Column: col, Msg: msg}
		}
		c.Contain(src, dst)
	}
	return c, nil
}

// typeErrorText says which field of the catalog has the wrong JSON type,
// in JSON's words rather than Go's.
func typeErrorText(e *json.UnmarshalTypeError) string {
	field := e.Field
	if field == "" {
		field = "the catalog"
	}
	return fmt.Sprintf("%s must be %s, not %s", field, jsonKind(e.Type), jsonValueKind(e.Value))
}

// jsonKind names the JSON kind a Go type decodes from.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "an integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Pointer:
		return jsonKind(t.Elem())
	}
	return "an object"
}

// jsonValueKind names the kind encoding/json reports it found.
func jsonValueKind(v string) string {
	switch {
	case v == "array", v == "object", v == "number", v == "string", v == "bool":
		if v == "bool" {
			v = "boolean"
		}
		if v == "array" || v == "object" {
			return "an " + v
		}
		return "a " + v
	case strings.HasPrefix(v, "number"):
		return "the number " + strings.TrimSpace(strings.TrimPrefix(v, "number"))
	}
	return v
}

// decodeValue decodes JSON into a Value, keeping object key order and
// telling integers from floats.
func decodeValue(raw json.RawMessage) (Value, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	v, err := readValue(dec, raw)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("trailing data after value")
	}
	return v, nil
}

func readValue(dec *json.Decoder, raw []byte) (Value, error) {
	start := dec.InputOffset()
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '[':
			list := []Value{}
			for dec.More() {
				v, err := readValue(dec, raw)
				if err != nil {
					return nil, err
				}
				list = append(list, v)
			}
			_, err := dec.Token()
			return list, err
		case '{':
			h := NewHash()
			for dec.More() {
				kstart := dec.InputOffset()
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				key, err := tokenString(raw, kstart, dec.InputOffset(), kt.(string))
				if err != nil {
					return nil, err
				}
				v, err := readValue(dec, raw)
				if err != nil {
					return nil, err
				}
				h.Set(key, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return richValue(h), nil
		}
	case json.Number:
		if i, err := strconv.ParseInt(string(t), 10, 64); err == nil {
			return i, nil
		}
		return t.Float64()
	case string:
		return tokenString(raw, start, dec.InputOffset(), t)
	case bool, nil:
		return t, nil
	}
	return nil, fmt.Errorf("unexpected token %v", tok)
}

// richValue turns Puppet's rich-data objects ({"__ptype": ..., "__pvalue": ...})
// into values: Sensitive wraps, others are kept as Rich.
func richValue(h *Hash) Value {
	pt, ok := h.Get("__ptype")
	name, isStr := pt.(string)
	if !ok || !isStr {
		return h
	}
	if name == "Sensitive" {
		v, _ := h.Get("__pvalue")
		return Sensitive{Value: v}
	}
	return &Rich{PType: name, Data: h}
}

// resourceOffset finds where the last of raws starts in data. The
// resources appear in data in order, each after the one before, so
// identical resources are told apart by searching on from the previous one.
func resourceOffset(data []byte, raws []json.RawMessage) int64 {
	pos := 0
	for i, raw := range raws {
		k := bytes.Index(data[pos:], raw)
		if k < 0 {
			return 0
		}
		if i == len(raws)-1 {
			return int64(pos + k)
		}
		pos += k + len(raw)
	}
	return 0
}

func lineCol(data []byte, off int64) (int, int) {
	if off > int64(len(data)) {
		off = int64(len(data))
	}
	line, col := 1, 1
	for _, b := range data[:off] {
		if b == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return line, col
}

// Encode writes c in Puppet's JSON catalog format, indented, as Puppet's
// compiler does: a catalog is applied from this form, so a sensitive
// parameter keeps its value and is named in sensitive_parameters (a
// sensitive value inside another is written as rich data). Use
// EncodeRedacted for anything a person reads.
func Encode(w io.Writer, c *Catalog) error { return encode(w, c, false) }

// EncodeRedacted writes c like Encode but shows every sensitive value as
// [redacted]: the form to print or log.
func EncodeRedacted(w io.Writer, c *Catalog) error { return encode(w, c, true) }

func encode(w io.Writer, c *Catalog, redact bool) error {
	var b bytes.Buffer
	// About what a resource and an edge take, so that the buffer grows
	// once or twice rather than a dozen times.
	b.Grow(4096 + 320*len(c.Resources) + 80*len(c.Containment))
	b.WriteString("{\n")
	writeField := func(name string, v any, last bool) {
		js, _ := json.Marshal(v)
		fmt.Fprintf(&b, "  %q: %s", name, js)
		if !last {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	tags := c.Tags
	if tags == nil {
		tags = []string{}
	}
	writeField("tags", tags, false)
	writeField("name", c.Name, false)
	if n, err := strconv.ParseInt(c.Version, 10, 64); err == nil {
		writeField("version", n, false)
	} else {
		writeField("version", c.Version, false)
	}
	if c.CodeID == "" {
		writeField("code_id", nil, false)
	} else {
		writeField("code_id", c.CodeID, false)
	}
	writeField("catalog_uuid", c.CatalogUUID, false)
	writeField("catalog_format", FormatVersion, false)
	writeField("environment", c.Environment, false)
	b.WriteString("  \"resources\": [")
	for i, r := range c.Resources {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n    ")
		encodeResource(&b, r, redact)
	}
	b.WriteString("\n  ],\n  \"edges\": [")
	for i, e := range c.Containment {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n    {\"source\":")
		writeJSONString(&b, e.Container.Type, "[", e.Container.Title, "]")
		b.WriteString(",\"target\":")
		writeJSONString(&b, e.Member.Type, "[", e.Member.Title, "]")
		b.WriteByte('}')
	}
	b.WriteString("\n  ],\n")
	classes := c.Classes
	if classes == nil {
		classes = []string{}
	}
	writeField("classes", classes, true)
	b.WriteString("}\n")
	_, err := w.Write(b.Bytes())
	return err
}

func encodeResource(b *bytes.Buffer, r *Resource, redact bool) {
	b.WriteString("{\"type\": ")
	writeJSONString(b, r.Type)
	b.WriteString(", \"title\": ")
	writeJSONString(b, r.Title)
	if len(r.Tags) > 0 {
		b.WriteString(", \"tags\": [")
		for i, t := range r.Tags {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSONString(b, t)
		}
		b.WriteByte(']')
	}
	if r.File != "" {
		b.WriteString(", \"file\": ")
		writeJSONString(b, r.File)
	}
	if r.Line > 0 {
		b.WriteString(", \"line\": ")
		b.WriteString(strconv.Itoa(r.Line))
	}
	kind := func() {
		if r.Kind != "" {
			b.WriteString(", \"kind\": ")
			writeJSONString(b, r.Kind)
		}
	}
	if r.KindFirst {
		kind()
	}
	if r.Exported {
		b.WriteString(", \"exported\": true")
	} else {
		b.WriteString(", \"exported\": false")
	}
	if r.Virtual {
		b.WriteString(", \"virtual\": true")
	}
	if !r.KindFirst {
		kind()
	}
	var sensitive []string
	if len(r.Params) > 0 {
		b.WriteString(", \"parameters\": {")
		for i, p := range r.Params {
			if i > 0 {
				b.WriteString(", ")
			}
			writeJSONString(b, p.Name)
			b.WriteString(": ")
			if r.IsSensitive(p.Name) {
				sensitive = append(sensitive, p.Name)
				if redact {
					b.WriteString(jsonString(Redacted))
					continue
				}
				v := p.Value
				if sv, ok := v.(Sensitive); ok {
					v = sv.Value
				}
				encodeValue(b, v, redact)
				continue
			}
			encodeValue(b, p.Value, redact)
		}
		b.WriteString("}")
	}
	if len(sensitive) > 0 {
		js, _ := json.Marshal(sensitive)
		fmt.Fprintf(b, ", \"sensitive_parameters\": %s", js)
	}
	b.WriteString("}")
}

// writeJSONString writes the concatenation of parts as one JSON string,
// as jsonString quotes it. Most strings in a catalog need no escaping:
// they are written as they are, without a copy.
func writeJSONString(b *bytes.Buffer, parts ...string) {
	for _, s := range parts {
		if !plainJSON(s) {
			b.WriteString(jsonString(strings.Join(parts, "")))
			return
		}
	}
	b.WriteByte('"')
	for _, s := range parts {
		b.WriteString(s)
	}
	b.WriteByte('"')
}

// plainJSON reports whether s is printable ASCII that needs no escape.
func plainJSON(s string) bool {
	// Eight bytes at a time: none may be 0x80 or above, below 0x20, a
	// quote or a backslash.
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(s); i += 8 {
		x := uint64(s[i]) | uint64(s[i+1])<<8 | uint64(s[i+2])<<16 | uint64(s[i+3])<<24 |
			uint64(s[i+4])<<32 | uint64(s[i+5])<<40 | uint64(s[i+6])<<48 | uint64(s[i+7])<<56
		q, bs := x^('"'*ones), x^('\\'*ones)
		if (x|(x-0x20*ones)|(q-ones)&^q|(bs-ones)&^bs)&highs != 0 {
			return false
		}
	}
	for ; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= 0x80 || c == '"' || c == '\\' {
			return false
		}
	}
	return true
}

// marshalString is encoding/json's quoting of s without its escapes of
// <, > and & for HTML, which Puppet's JSON does not make.
func marshalString(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// jsonString quotes s for JSON as encoding/json does, but keeps bytes
// that are not UTF-8 as they are (encoding/json writes U+FFFD), so that
// Decode gives back the same bytes.
func jsonString(s string) string {
	if utf8.ValidString(s) {
		return string(marshalString(s))
	}
	var b strings.Builder
	b.WriteByte('"')
	for len(s) > 0 {
		n := 0
		for n < len(s) {
			r, size := utf8.DecodeRuneInString(s[n:])
			if r == utf8.RuneError && size == 1 {
				break
			}
			n += size
		}
		if n > 0 {
			js := marshalString(s[:n])
			b.Write(js[1 : len(js)-1])
		}
		if n < len(s) {
			b.WriteByte(s[n])
			n++
		}
		s = s[n:]
	}
	b.WriteByte('"')
	return b.String()
}

func encodeValue(b *bytes.Buffer, v Value, redact bool) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case []Value:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			encodeValue(b, e, redact)
		}
		b.WriteByte(']')
	case *Hash:
		b.WriteByte('{')
		for i, k := range x.keys {
			if i > 0 {
				b.WriteString(", ")
			}
			writeJSONString(b, k)
			b.WriteString(": ")
			encodeValue(b, x.vals[k], redact)
		}
		b.WriteByte('}')
	case string:
		writeJSONString(b, x)
	case *Rich:
		encodeValue(b, x.Data, redact)
	case float64:
		// Puppet writes a float as a float even when it is integral.
		js, err := json.Marshal(x)
		if err != nil {
			js = []byte(jsonString(fmt.Sprint(x)))
		}
		b.Write(js)
		if !bytes.ContainsAny(js, ".eE\"") {
			b.WriteString(".0")
		}
	case Sensitive:
		if redact {
			b.WriteString(jsonString(Redacted))
			return
		}
		b.WriteString(`{"__ptype": "Sensitive", "__pvalue": `)
		encodeValue(b, x.Value, redact)
		b.WriteByte('}')
	default:
		js, err := json.Marshal(x)
		if err != nil {
			js = []byte(jsonString(Scalar(x)))
		}
		b.Write(js)
	}
}
