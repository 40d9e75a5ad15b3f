package catalog

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
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

type wireCatalog struct {
	Tags          []string          `json:"tags"`
	Name          string            `json:"name"`
	Version       json.RawMessage   `json:"version"`
	CodeID        *string           `json:"code_id"`
	CatalogUUID   string            `json:"catalog_uuid"`
	CatalogFormat int               `json:"catalog_format"`
	Environment   string            `json:"environment"`
	Resources     []json.RawMessage `json:"resources"`
	Edges         []wireEdge        `json:"edges"`
	Classes       []string          `json:"classes"`
}

type wireResource struct {
	Type       string          `json:"type"`
	Title      json.RawMessage `json:"title"`
	Tags       []string        `json:"tags,omitempty"`
	File       string          `json:"file,omitempty"`
	Line       int             `json:"line,omitempty"`
	Exported   bool            `json:"exported"`
	Virtual    bool            `json:"virtual,omitempty"`
	Kind       string          `json:"kind,omitempty"`
	Parameters json.RawMessage `json:"parameters,omitempty"`
	Sensitive  []string        `json:"sensitive_parameters,omitempty"`
}

type wireEdge struct {
	Source string `json:"source"`
	Target string `json:"target"`
}

// Decode reads a catalog in Puppet's JSON catalog format. file names the
// input in errors.
func Decode(data []byte, file string) (*Catalog, error) {
	if c, ok := decodeFast(data); ok {
		return c, nil
	}
	return decodeGeneral(data, file)
}

// decodeGeneral is Decode through encoding/json: it gives the errors, and
// the result for any input decodeFast leaves to it.
func decodeGeneral(data []byte, file string) (*Catalog, error) {
	fail := func(off int64, format string, args ...any) error {
		line, col := lineCol(data, off)
		return &DecodeError{File: file, Line: line, Column: col, Msg: fmt.Sprintf(format, args...)}
	}
	var w wireCatalog
	if err := json.Unmarshal(data, &w); err != nil {
		var syn *json.SyntaxError
		var typ *json.UnmarshalTypeError
		switch {
		case errors.As(err, &syn):
			return nil, fail(syn.Offset, "malformed JSON: %s", syn.Error())
		case errors.As(err, &typ):
			return nil, fail(typ.Offset, "%s has the wrong type: expected %s, got JSON %s", typ.Field, typ.Type, typ.Value)
		}
		return nil, &DecodeError{File: file, Msg: "malformed JSON: " + err.Error()}
	}
	if w.CatalogFormat != 0 && w.CatalogFormat > FormatVersion {
		return nil, &DecodeError{File: file, Msg: fmt.Sprintf("catalog_format %d is newer than the %d ordo reads", w.CatalogFormat, FormatVersion)}
	}
	c := New(w.Name)
	if w.Environment != "" {
		c.Environment = w.Environment
	}
	c.Version = rawScalar(w.Version)
	if w.CodeID != nil {
		c.CodeID = *w.CodeID
	}
	c.CatalogUUID = w.CatalogUUID
	c.Tags = w.Tags
	c.Classes = w.Classes
	for i, raw := range w.Resources {
		// Finding the resource in the input costs a search of it, so
		// it is done only for an error message.
		off := func() int64 { return resourceOffset(data, w.Resources[:i+1]) }
		var wr wireResource
		if err := json.Unmarshal(raw, &wr); err != nil {
			return nil, fail(off(), "resource %d: %v", i+1, err)
		}
		if wr.Type == "" {
			return nil, fail(off(), "resource %d has no type", i+1)
		}
		title, err := decodeValue(wr.Title)
		if err != nil || title == nil {
			return nil, fail(off(), "resource %d (%s) has no usable title", i+1, wr.Type)
		}
		r := &Resource{
			Type:      CanonicalType(wr.Type),
			Title:     Scalar(title),
			Tags:      wr.Tags,
			File:      wr.File,
			Line:      wr.Line,
			Exported:  wr.Exported,
			Virtual:   wr.Virtual,
			Kind:      wr.Kind,
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
	for _, e := range w.Edges {
		src, ok1 := ParseRef(e.Source)
		dst, ok2 := ParseRef(e.Target)
		if !ok1 || !ok2 {
			return nil, &DecodeError{File: file, Msg: fmt.Sprintf("edge %s -> %s: not a resource reference", e.Source, e.Target)}
		}
		c.Contain(src, dst)
	}
	return c, nil
}

func rawScalar(raw json.RawMessage) string {
	v, err := decodeValue(raw)
	if err != nil || v == nil {
		return ""
	}
	return Scalar(v)
}

// decodeValue decodes JSON into a Value, keeping object key order and
// telling integers from floats.
func decodeValue(raw json.RawMessage) (Value, error) {
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	v, err := readValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("trailing data after value")
	}
	return v, nil
}

func readValue(dec *json.Decoder) (Value, error) {
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
				v, err := readValue(dec)
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
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := readValue(dec)
				if err != nil {
					return nil, err
				}
				h.Set(kt.(string), v)
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
	case string, bool, nil:
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
		js, _ := json.Marshal(wireEdge{Source: e.Container.String(), Target: e.Member.String()})
		b.WriteString("\n    ")
		b.Write(js)
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
	b.WriteString("{")
	fmt.Fprintf(b, "\"type\": %s, \"title\": %s", jsonString(r.Type), jsonString(r.Title))
	if len(r.Tags) > 0 {
		js, _ := json.Marshal(r.Tags)
		fmt.Fprintf(b, ", \"tags\": %s", js)
	}
	if r.File != "" {
		fmt.Fprintf(b, ", \"file\": %s", jsonString(r.File))
	}
	if r.Line > 0 {
		fmt.Fprintf(b, ", \"line\": %d", r.Line)
	}
	fmt.Fprintf(b, ", \"exported\": %t", r.Exported)
	if r.Virtual {
		b.WriteString(", \"virtual\": true")
	}
	if r.Kind != "" {
		fmt.Fprintf(b, ", \"kind\": %s", jsonString(r.Kind))
	}
	var sensitive []string
	if len(r.Params) > 0 {
		b.WriteString(", \"parameters\": {")
		for i, p := range r.Params {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(jsonString(p.Name))
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

func jsonString(s string) string {
	js, _ := json.Marshal(s)
	return string(js)
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
			b.WriteString(jsonString(k))
			b.WriteString(": ")
			encodeValue(b, x.vals[k], redact)
		}
		b.WriteByte('}')
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
			js = []byte(jsonString(fmt.Sprint(x)))
		}
		b.Write(js)
	}
}
