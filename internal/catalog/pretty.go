package catalog

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
)

// WritePretty writes c as Puppet prints a catalog: what Encode writes,
// indented as Ruby's JSON.pretty_generate indents it (two spaces a
// level, one value a line, an empty array over two lines and an empty
// object over one). It is written straight into that form, in pieces of
// a few dozen resources or a few hundred edges encoded on as many
// goroutines as there are processors and written in order as they are
// ready, through a few buffers used again and again.
func WritePretty(w io.Writer, c *Catalog) error {
	var head []byte
	head = append(head, "{\n  \"tags\": "...)
	tags := c.Tags
	if tags == nil {
		tags = []string{}
	}
	head = appendMarshaled(head, tags, 1)
	head = append(head, ",\n  \"name\": "...)
	head = appendMarshaled(head, c.Name, 1)
	head = append(head, ",\n  \"version\": "...)
	if n, err := strconv.ParseInt(c.Version, 10, 64); err == nil {
		head = strconv.AppendInt(head, n, 10)
	} else {
		head = appendMarshaled(head, c.Version, 1)
	}
	head = append(head, ",\n  \"code_id\": "...)
	if c.CodeID == "" {
		head = append(head, "null"...)
	} else {
		head = appendMarshaled(head, c.CodeID, 1)
	}
	head = append(head, ",\n  \"catalog_uuid\": "...)
	head = appendMarshaled(head, c.CatalogUUID, 1)
	head = append(head, ",\n  \"catalog_format\": "...)
	head = strconv.AppendInt(head, FormatVersion, 10)
	head = append(head, ",\n  \"environment\": "...)
	head = appendMarshaled(head, c.Environment, 1)
	head = append(head, ",\n  \"resources\": "...)

	// Each piece appends its part of the document to a buffer.
	var pieces []func(b []byte) []byte
	if len(c.Resources) == 0 {
		head = append(head, "[\n\n  ]"...)
	} else {
		head = append(head, '[')
		for lo := 0; lo < len(c.Resources); lo += resourcesPerPiece {
			hi := min(len(c.Resources), lo+resourcesPerPiece)
			pieces = append(pieces, func(b []byte) []byte {
				p := prettyEncoder{b: b}
				for j := lo; j < hi; j++ {
					if j > 0 {
						p.b = append(p.b, ',')
					}
					p.b = append(p.b, "\n    "...)
					p.resource(c.Resources[j], 2)
				}
				if hi == len(c.Resources) {
					p.b = append(p.b, "\n  ]"...)
				}
				return p.b
			})
		}
	}
	if len(c.Containment) == 0 {
		pieces = append(pieces, func(b []byte) []byte { return append(b, ",\n  \"edges\": [\n\n  ]"...) })
	}
	for lo := 0; lo < len(c.Containment); lo += edgesPerPiece {
		hi := min(len(c.Containment), lo+edgesPerPiece)
		pieces = append(pieces, func(b []byte) []byte {
			if lo == 0 {
				b = append(b, ",\n  \"edges\": ["...)
			}
			for i, e := range c.Containment[lo:hi] {
				if lo+i > 0 {
					b = append(b, ',')
				}
				b = append(b, "\n    {\n      \"source\": "...)
				b = appendJSONString(b, e.Container.Type, "[", e.Container.Title, "]")
				b = append(b, ",\n      \"target\": "...)
				b = appendJSONString(b, e.Member.Type, "[", e.Member.Title, "]")
				b = append(b, "\n    }"...)
			}
			if hi == len(c.Containment) {
				b = append(b, "\n  ]"...)
			}
			return b
		})
	}
	pieces = append(pieces, func(b []byte) []byte {
		b = append(b, ",\n  \"classes\": "...)
		classes := c.Classes
		if classes == nil {
			classes = []string{}
		}
		b = appendMarshaled(b, classes, 1)
		return append(b, "\n}\n"...)
	})

	_, err := w.Write(head)
	writeInOrder(pieces, func(b []byte) {
		if err == nil {
			_, err = w.Write(b)
		}
	})
	return err
}

// resourcesPerPiece and edgesPerPiece make pieces of some 50 KB.
const (
	resourcesPerPiece = 96
	edgesPerPiece     = 512
)

// writeInOrder makes the pieces on as many goroutines as there are
// processors, a few ahead of the one being written at most, and hands
// them to write in order on this goroutine. A worker takes a slot before
// it takes the next piece, and a slot is given back once its piece is
// written: the pieces in hand are always the next ones to write, so the
// one awaited is always being made.
func writeInOrder(pieces []func([]byte) []byte, write func([]byte)) {
	workers := min(runtime.GOMAXPROCS(0), len(pieces))
	slots := make(chan struct{}, 2*workers+2)
	free := make(chan []byte, cap(slots))
	results := make([]chan []byte, len(pieces))
	for i := range results {
		results[i] = make(chan []byte, 1)
	}
	var taken atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				slots <- struct{}{}
				i := int(taken.Add(1)) - 1
				if i >= len(pieces) {
					<-slots
					return
				}
				var b []byte
				select {
				case b = <-free:
				default:
					b = make([]byte, 0, 64<<10)
				}
				results[i] <- pieces[i](b[:0])
			}
		}()
	}
	for i := range pieces {
		b := <-results[i]
		write(b)
		select {
		case free <- b:
		default:
		}
		<-slots
	}
	wg.Wait()
}

// prettyEncoder appends JSON in the indented form.
type prettyEncoder struct {
	b      []byte
	redact bool
}

// lineStarts is a line break and the indentation of the first levels.
const lineStarts = "\n                                "

// newline starts a line at depth.
func (p *prettyEncoder) newline(depth int) {
	if n := 1 + 2*depth; n <= len(lineStarts) {
		p.b = append(p.b, lineStarts[:n]...)
		return
	}
	p.b = append(p.b, '\n')
	for range depth {
		p.b = append(p.b, ' ', ' ')
	}
}

// key starts the entry of an object at depth, after a comma unless
// first.
func (p *prettyEncoder) key(name string, depth int, first bool) {
	if !first {
		p.b = append(p.b, ',')
	}
	p.newline(depth)
	p.b = appendJSONString(p.b, name)
	p.b = append(p.b, ':', ' ')
}

// resource writes r as encodeResource does, at depth.
func (p *prettyEncoder) resource(r *Resource, depth int) {
	in := depth + 1
	p.b = append(p.b, '{')
	p.key("type", in, true)
	p.b = appendJSONString(p.b, r.Type)
	p.key("title", in, false)
	p.b = appendJSONString(p.b, r.Title)
	if len(r.Tags) > 0 {
		p.key("tags", in, false)
		p.b = append(p.b, '[')
		for i, t := range r.Tags {
			if i > 0 {
				p.b = append(p.b, ',')
			}
			p.newline(in + 1)
			p.b = appendJSONString(p.b, t)
		}
		p.newline(in)
		p.b = append(p.b, ']')
	}
	if r.File != "" {
		p.key("file", in, false)
		p.b = appendJSONString(p.b, r.File)
	}
	if r.Line > 0 {
		p.key("line", in, false)
		p.b = strconv.AppendInt(p.b, int64(r.Line), 10)
	}
	if r.KindFirst && r.Kind != "" {
		p.key("kind", in, false)
		p.b = appendJSONString(p.b, r.Kind)
	}
	p.key("exported", in, false)
	if r.Exported {
		p.b = append(p.b, "true"...)
	} else {
		p.b = append(p.b, "false"...)
	}
	if r.Virtual {
		p.key("virtual", in, false)
		p.b = append(p.b, "true"...)
	}
	if !r.KindFirst && r.Kind != "" {
		p.key("kind", in, false)
		p.b = appendJSONString(p.b, r.Kind)
	}
	var sensitive []string
	if len(r.Params) > 0 {
		// Without a name in r.Sensitive or a Sensitive value, no
		// parameter is sensitive: IsSensitive need not look each up.
		check := len(r.Sensitive) > 0
		for _, prm := range r.Params {
			if _, ok := prm.Value.(Sensitive); ok {
				check = true
				break
			}
		}
		p.key("parameters", in, false)
		p.b = append(p.b, '{')
		for i, prm := range r.Params {
			p.key(prm.Name, in+1, i == 0)
			if check && r.IsSensitive(prm.Name) {
				sensitive = append(sensitive, prm.Name)
				if p.redact {
					p.b = appendJSONString(p.b, Redacted)
					continue
				}
				v := prm.Value
				if sv, ok := v.(Sensitive); ok {
					v = sv.Value
				}
				p.value(v, in+1)
				continue
			}
			p.value(prm.Value, in+1)
		}
		p.newline(in)
		p.b = append(p.b, '}')
	}
	if len(sensitive) > 0 {
		p.key("sensitive_parameters", in, false)
		p.b = appendMarshaled(p.b, sensitive, in)
	}
	p.newline(depth)
	p.b = append(p.b, '}')
}

// value writes v as encodeValue does, at depth.
func (p *prettyEncoder) value(v Value, depth int) {
	switch x := v.(type) {
	case nil:
		p.b = append(p.b, "null"...)
	case string:
		p.b = appendJSONString(p.b, x)
	case bool:
		p.b = strconv.AppendBool(p.b, x)
	case int64:
		p.b = strconv.AppendInt(p.b, x, 10)
	case []Value:
		if len(x) == 0 {
			p.b = append(p.b, '[', '\n')
			p.newline(depth)
			p.b = append(p.b, ']')
			return
		}
		p.b = append(p.b, '[')
		for i, e := range x {
			if i > 0 {
				p.b = append(p.b, ',')
			}
			p.newline(depth + 1)
			p.value(e, depth+1)
		}
		p.newline(depth)
		p.b = append(p.b, ']')
	case *Hash:
		p.b = append(p.b, '{')
		if len(x.keys) == 0 {
			p.newline(depth)
			p.b = append(p.b, '}')
			return
		}
		for i, k := range x.keys {
			p.key(k, depth+1, i == 0)
			p.value(x.vals[k], depth+1)
		}
		p.newline(depth)
		p.b = append(p.b, '}')
	case *Rich:
		p.value(x.Data, depth)
	case Sensitive:
		if p.redact {
			p.b = appendJSONString(p.b, Redacted)
			return
		}
		p.b = append(p.b, '{')
		p.key("__ptype", depth+1, true)
		p.b = append(p.b, `"Sensitive"`...)
		p.key("__pvalue", depth+1, false)
		p.value(x.Value, depth+1)
		p.newline(depth)
		p.b = append(p.b, '}')
	default:
		// Floats and anything else as encodeValue writes them, indented.
		var b bytes.Buffer
		encodeValue(&b, x, p.redact)
		p.b = indentAppend(p.b, b.Bytes(), depth)
	}
}

// appendJSONString appends the concatenation of parts as one JSON
// string, as writeJSONString writes it.
func appendJSONString(dst []byte, parts ...string) []byte {
	if len(parts) == 1 && plainJSON(parts[0]) {
		// Most strings: one part, no escape.
		n, s := len(dst), parts[0]
		dst = slices.Grow(dst, len(s)+2)[:n+len(s)+2]
		dst[n] = '"'
		copy(dst[n+1:], s)
		dst[n+1+len(s)] = '"'
		return dst
	}
	for _, s := range parts {
		if !plainJSON(s) {
			var all []byte
			for _, s := range parts {
				all = append(all, s...)
			}
			return append(dst, jsonString(string(all))...)
		}
	}
	dst = append(dst, '"')
	for _, s := range parts {
		dst = append(dst, s...)
	}
	return append(dst, '"')
}

// appendMarshaled appends encoding/json's form of v, indented at depth.
func appendMarshaled(dst []byte, v any, depth int) []byte {
	js, err := json.Marshal(v)
	if err != nil {
		js = []byte(jsonString(fmt.Sprint(v)))
	}
	return indentAppend(dst, js, depth)
}

// indentAppend appends src, one JSON value, indented as Ruby's
// JSON.pretty_generate writes it, its first line continuing the current
// one at depth. Blanks between tokens are dropped; what follows the
// value is kept.
func indentAppend(dst, src []byte, depth int) []byte {
	base := depth
	needIndent := false
	newline := func() {
		dst = append(dst, '\n')
		for range depth {
			dst = append(dst, ' ', ' ')
		}
	}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		}
		if needIndent && c != '}' && c != ']' {
			needIndent = false
			depth++
			newline()
		}
		switch c {
		case '"':
			j := i + 1
			for j < len(src) && src[j] != '"' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			dst = append(dst, src[i:min(j+1, len(src))]...)
			i = j
		case '{', '[':
			if empty := emptyAfter(src, i); empty > 0 {
				if c == '[' {
					dst = append(dst, '[', '\n')
				} else {
					dst = append(dst, '{')
				}
				newline()
				if c == '[' {
					dst = append(dst, ']')
				} else {
					dst = append(dst, '}')
				}
				i = empty
				if depth == base {
					return append(dst, src[i+1:]...)
				}
				continue
			}
			needIndent = true
			dst = append(dst, c)
		case ',':
			dst = append(dst, c)
			newline()
		case ':':
			dst = append(dst, ':', ' ')
		case '}', ']':
			if needIndent {
				needIndent = false
			} else {
				depth--
				newline()
			}
			dst = append(dst, c)
			if depth == base {
				return append(dst, src[i+1:]...)
			}
		default:
			dst = append(dst, c)
		}
	}
	return dst
}

// emptyAfter returns the position of the bracket that closes the one at
// i when nothing but blanks is between them, else 0.
func emptyAfter(src []byte, i int) int {
	closing := byte(']')
	if src[i] == '{' {
		closing = '}'
	}
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case ' ', '\t', '\n', '\r':
			continue
		case closing:
			return j
		}
		return 0
	}
	return 0
}
