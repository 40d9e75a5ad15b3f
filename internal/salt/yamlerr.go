package salt

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v4"
)

// Salt loads SLS YAML with PyYAML's C loader from a string, and these
// are the texts its errors carry. A scanner error gives its problem
// alone (Salt keeps the problem, and the C loader's marks have no
// buffer to quote); parser and constructor errors give PyYAML's marked
// message; a composer error, which Salt's YAML renderer does not catch,
// is a plain render error.

// yamlStream is the stream name PyYAML's marks give a string.
const yamlStream = `"<unicode string>"`

// yamlMark prints a PyYAML mark of the C loader.
func yamlMark(line, col int) string {
	return fmt.Sprintf("  in %s, line %d, column %d", yamlStream, line, col)
}

// markedText is PyYAML's MarkedYAMLError text: the context and its mark
// (left out when it is the problem's mark), the problem and its mark.
func markedText(context string, cline, ccol int, problem string, pline, pcol int) string {
	var lines []string
	if context != "" {
		lines = append(lines, context)
		if cline != pline || ccol != pcol {
			lines = append(lines, yamlMark(cline, ccol))
		}
	}
	lines = append(lines, problem, yamlMark(pline, pcol))
	return strings.Join(lines, "\n")
}

// yamlFailure is the render error of SLS sls (file rel) whose YAML did
// not load.
func yamlFailure(sls, rel string, err error) *Error {
	var le *yaml.LoadError
	if !errors.As(err, &le) {
		return &Error{Pos: yamlErrorPos(rel, err), Msg: fmt.Sprintf("Rendering SLS '%s:%s' failed: %s", Env, sls, yamlErrorText(err))}
	}
	pos := Pos{File: rel, Line: le.Mark.Line, Col: le.Mark.Column}
	switch le.Stage {
	case yaml.ParserStage:
		text := markedText(le.ContextMsg, le.ContextMark.Line, le.ContextMark.Column, le.Message, le.Mark.Line, le.Mark.Column)
		return &Error{Pos: pos, Msg: fmt.Sprintf("Rendering SLS '%s:%s' failed: %s", Env, sls, text)}
	case yaml.ComposerStage:
		msg := le.Message
		if strings.HasPrefix(msg, "unknown anchor") {
			msg = "found undefined alias"
		}
		return renderError(sls, pos, msg+"\n"+yamlMark(le.Mark.Line, le.Mark.Column))
	}
	return &Error{Pos: pos, Msg: fmt.Sprintf("Rendering SLS '%s:%s' failed: %s", Env, sls, le.Message)}
}

// renderError is the error Salt gives when a renderer fails with an
// exception it does not expect (Salt adds the Python traceback).
func renderError(sls string, pos Pos, msg string) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf("Rendering SLS %s failed, render error: %s", sls, msg)}
}

// utf8Failure reports the first byte sequence of text that is not UTF-8
// as Python's UTF-8 codec does, or nil.
func utf8Failure(sls, rel string, text []byte) *Error {
	if utf8.Valid(text) {
		return nil
	}
	for i := 0; i < len(text); {
		c := text[i]
		if c < 0x80 {
			i++
			continue
		}
		need, lo, hi := 0, byte(0x80), byte(0xBF)
		switch {
		case c >= 0xC2 && c <= 0xDF:
			need = 1
		case c >= 0xE0 && c <= 0xEF:
			need = 2
			if c == 0xE0 {
				lo = 0xA0
			} else if c == 0xED {
				hi = 0x9F
			}
		case c >= 0xF0 && c <= 0xF4:
			need = 3
			if c == 0xF0 {
				lo = 0x90
			} else if c == 0xF4 {
				hi = 0x8F
			}
		}
		reason, end := "", i+1
		if need == 0 {
			reason = "invalid start byte"
		} else {
			j := 1
			for ; j <= need; j++ {
				if i+j >= len(text) {
					reason, end = "unexpected end of data", len(text)
					break
				}
				b := text[i+j]
				first, last := byte(0x80), byte(0xBF)
				if j == 1 {
					first, last = lo, hi
				}
				if b < first || b > last {
					reason, end = "invalid continuation byte", i+j
					break
				}
			}
			if reason == "" {
				i += need + 1
				continue
			}
		}
		var what string
		if end-i == 1 {
			what = fmt.Sprintf("byte 0x%02x in position %d", c, i)
		} else {
			what = fmt.Sprintf("bytes in position %d-%d", i, end-1)
		}
		return renderError(sls, offsetPos(rel, text, i), fmt.Sprintf("'utf-8' codec can't decode %s: %s", what, reason))
	}
	return nil
}

// offsetPos is the line and column of byte offset off in text.
func offsetPos(rel string, text []byte, off int) Pos {
	line, start := 1, 0
	for i := 0; i < off; i++ {
		if text[i] == '\n' {
			line++
			start = i + 1
		}
	}
	return Pos{File: rel, Line: line, Col: off - start + 1}
}

// duplicateAnchor finds an anchor defined twice, which PyYAML's composer
// refuses (YAML 1.2 and the Go decoder allow it).
func duplicateAnchor(sls, rel string, root *yaml.Node) *Error {
	first := map[string]*yaml.Node{}
	var found *Error
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		if n == nil || found != nil || n.Kind == yaml.AliasNode {
			return
		}
		if n.Anchor != "" {
			if f, ok := first[n.Anchor]; ok {
				found = renderError(sls, nodePos(rel, n), "found duplicate anchor; first occurrence\n"+yamlMark(f.Line, f.Column)+"\nsecond occurrence\n"+yamlMark(n.Line, n.Column))
				return
			}
			first[n.Anchor] = n
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	walk(root)
	return found
}

// conflictingKey finds what Salt's YAML loader refuses while it builds
// mappings: a key given twice in one mapping ("found conflicting ID",
// for any mapping, not only IDs) or a key that is a mapping or a list.
// The loader builds the document level by level, so the first error in
// that order is the one reported.
func conflictingKey(sls, rel string, root *yaml.Node) *Error {
	queue := []*yaml.Node{root}
	seen := map[*yaml.Node]bool{root: true}
	push := func(n *yaml.Node) {
		n = resolve(n)
		if n == nil || seen[n] || (n.Kind != yaml.MappingNode && n.Kind != yaml.SequenceNode) {
			return
		}
		seen[n] = true
		queue = append(queue, n)
	}
	for len(queue) > 0 {
		n := queue[0]
		queue = queue[1:]
		if n.Kind == yaml.SequenceNode {
			for _, c := range n.Content {
				push(c)
			}
			continue
		}
		keys := map[string]bool{}
		for _, kv := range flattenMapping(n) {
			k := resolve(kv[0])
			if k != nil && (k.Kind == yaml.MappingNode || k.Kind == yaml.SequenceNode) {
				text := markedText("while constructing a mapping", n.Line, n.Column, "found unacceptable key "+pyNodeValue(k), k.Line, k.Column)
				return &Error{Pos: nodePos(rel, k), Msg: fmt.Sprintf("Rendering SLS '%s:%s' failed: %s", Env, sls, text)}
			}
			push(kv[1])
			v, _ := plainValue(k)
			id := pyKeyIdentity(v)
			if keys[id] {
				text := markedText("while constructing a mapping", n.Line, n.Column, fmt.Sprintf("found conflicting ID '%s'", keyString(v)), k.Line, k.Column)
				return &Error{Pos: nodePos(rel, k), Msg: fmt.Sprintf("Rendering SLS '%s:%s' failed: %s", Env, sls, text)}
			}
			keys[id] = true
		}
	}
	return nil
}

// flattenMapping is a mapping's key and value nodes as Salt's loader
// sees them: the entries of << merge keys first (those the mapping does
// not set itself), then the mapping's own.
func flattenMapping(n *yaml.Node) [][2]*yaml.Node {
	var merged, own [][2]*yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], resolve(n.Content[i+1])
		if k.ShortTag() != "!!merge" {
			own = append(own, [2]*yaml.Node{k, n.Content[i+1]})
			continue
		}
		if v == nil {
			continue
		}
		switch v.Kind {
		case yaml.MappingNode:
			merged = append(merged, flattenMapping(v)...)
		case yaml.SequenceNode:
			for j := len(v.Content) - 1; j >= 0; j-- {
				if m := resolve(v.Content[j]); m != nil && m.Kind == yaml.MappingNode {
					merged = append(merged, flattenMapping(m)...)
				}
			}
		}
	}
	if len(merged) == 0 {
		return own
	}
	has := map[string]bool{}
	for _, kv := range own {
		has[kv[0].Value] = true
	}
	var out [][2]*yaml.Node
	for _, kv := range merged {
		if !has[kv[0].Value] {
			out = append(out, kv)
		}
	}
	return append(out, own...)
}

// pyKeyIdentity is a key's identity in a Python dict: equal numbers are
// one key whatever their type (1, 1.0 and True).
func pyKeyIdentity(v any) string {
	switch v := v.(type) {
	case bool:
		if v {
			return "n:1"
		}
		return "n:0"
	case int:
		return "n:" + strconv.Itoa(v)
	case float64:
		if v == float64(int64(v)) {
			return "n:" + strconv.FormatInt(int64(v), 10)
		}
		return "n:" + strconv.FormatFloat(v, 'g', -1, 64)
	case nil:
		return "none"
	case string:
		return "s:" + v
	}
	return fmt.Sprintf("%T:%v", v, v)
}

// pyNodeValue is the repr of a PyYAML collection node's value, as its
// "found unacceptable key" message prints it.
func pyNodeValue(n *yaml.Node) string {
	var parts []string
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			parts = append(parts, "("+pyNodeRepr(n.Content[i])+", "+pyNodeRepr(n.Content[i+1])+")")
		}
	case yaml.SequenceNode:
		for _, c := range n.Content {
			parts = append(parts, pyNodeRepr(c))
		}
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

func pyNodeRepr(n *yaml.Node) string {
	n = resolve(n)
	if n == nil {
		return "None"
	}
	tag := "tag:yaml.org,2002:" + strings.TrimPrefix(n.ShortTag(), "!!")
	switch n.Kind {
	case yaml.MappingNode:
		return fmt.Sprintf("MappingNode(tag=%s, value=%s)", pyString(tag), pyNodeValue(n))
	case yaml.SequenceNode:
		return fmt.Sprintf("SequenceNode(tag=%s, value=%s)", pyString(tag), pyNodeValue(n))
	}
	return fmt.Sprintf("ScalarNode(tag=%s, value=%s)", pyString(tag), pyString(n.Value))
}
