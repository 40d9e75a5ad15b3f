// Package datafile decodes YAML and JSON data files into catalog values
// the way Puppet's Ruby reads them: hashes keep their key order, and
// YAML's plain scalars resolve as Psych (YAML 1.1) does, so yes/no/on/off
// are booleans and 0755 is octal.
package datafile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v4"

	"github.com/ordoproject/ordo/internal/catalog"
)

// YAML decodes the first document of data. An empty document is nil.
// A syntax error reads as Psych's: "<problem> <context> at line L
// column C".
func YAML(data []byte) (catalog.Value, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, psychError(err)
	}
	if doc.Kind == 0 || len(doc.Content) == 0 {
		return nil, nil
	}
	return fromNode(doc.Content[0], 0)
}

// SyntaxError is a YAML syntax error worded as Ruby's Psych words it.
type SyntaxError struct {
	Problem, Context string
	Line, Column     int
}

func (e *SyntaxError) Error() string {
	msg := e.Problem
	if e.Context != "" {
		msg += " " + e.Context
	}
	return fmt.Sprintf("%s at line %d column %d", msg, e.Line, e.Column)
}

func psychError(err error) error {
	var le *yaml.LoadError
	if !errors.As(err, &le) {
		return err
	}
	mark := le.ContextMark
	if mark.Line == 0 {
		mark = le.Mark
	}
	return &SyntaxError{Problem: le.Message, Context: le.ContextMsg, Line: max(mark.Line, 1), Column: max(mark.Column, 1)}
}

const maxDepth = 10000

func fromNode(n *yaml.Node, depth int) (catalog.Value, error) {
	if depth > maxDepth {
		return nil, errors.New("data nested too deeply")
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return fromNode(n.Content[0], depth+1)
	case yaml.AliasNode:
		return fromNode(n.Alias, depth+1)
	case yaml.SequenceNode:
		out := make([]catalog.Value, 0, len(n.Content))
		for _, c := range n.Content {
			v, err := fromNode(c, depth+1)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case yaml.MappingNode:
		h := catalog.NewHash()
		if err := addPairs(h, n, depth); err != nil {
			return nil, err
		}
		return h, nil
	case yaml.ScalarNode:
		return scalar(n)
	}
	return nil, fmt.Errorf("line %d: unsupported YAML node", n.Line)
}

// addPairs adds a mapping's entries to h, expanding merge keys (<<).
func addPairs(h *catalog.Hash, n *yaml.Node, depth int) error {
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, vn := n.Content[i], n.Content[i+1]
		if k.Kind == yaml.ScalarNode && k.Value == "<<" && k.Style == 0 {
			src := vn
			if src.Kind == yaml.AliasNode {
				src = src.Alias
			}
			srcs := []*yaml.Node{src}
			if src.Kind == yaml.SequenceNode {
				srcs = src.Content
			}
			for _, s := range srcs {
				if s.Kind == yaml.AliasNode {
					s = s.Alias
				}
				if s.Kind == yaml.MappingNode {
					if err := addPairs(h, s, depth+1); err != nil {
						return err
					}
				}
			}
			continue
		}
		kv, err := fromNode(k, depth+1)
		if err != nil {
			return err
		}
		v, err := fromNode(vn, depth+1)
		if err != nil {
			return err
		}
		h.Set(keyString(kv), v)
	}
	return nil
}

// keyString turns a decoded hash key into the string catalog.Hash keys
// are. A Psych symbol key (":name") loses its colon, as Puppet's
// readers convert symbols to strings.
func keyString(k catalog.Value) string {
	switch x := k.(type) {
	case string:
		return x
	case nil:
		return ""
	}
	return catalog.Scalar(k)
}

var (
	intRE      = regexp.MustCompile(`^[-+]?(?:0|[1-9][0-9_,]*)$`)
	octRE      = regexp.MustCompile(`^[-+]?0[0-7_,]+$`)
	octORE     = regexp.MustCompile(`^[-+]?0o[0-7_]+$`)
	hexRE      = regexp.MustCompile(`^[-+]?0x[0-9a-fA-F_,]+$`)
	binRE      = regexp.MustCompile(`^[-+]?0b[01_,]+$`)
	floatRE    = regexp.MustCompile(`^[-+]?(?:\.[0-9]+|[0-9][0-9_,]*(?:\.[0-9_]*)?)(?:[eE][-+]?[0-9]+)?$`)
	infRE      = regexp.MustCompile(`^[-+]?\.(?:inf|Inf|INF)$`)
	nanRE      = regexp.MustCompile(`^\.(?:nan|NaN|NAN)$`)
	sexagIntRE = regexp.MustCompile(`^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+$`)
)

// scalar resolves a YAML scalar. Quoted scalars are strings; explicitly
// tagged ones follow their tag; plain ones resolve as Psych does.
func scalar(n *yaml.Node) (catalog.Value, error) {
	s := n.Value
	if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		return s, nil
	}
	if n.Style&yaml.TaggedStyle != 0 {
		switch n.ShortTag() {
		case "!!str":
			return s, nil
		case "!!int":
			if v, ok := parseInt(s); ok {
				return v, nil
			}
		case "!!float":
			if v, ok := parseFloat(s); ok {
				return v, nil
			}
		case "!!bool":
			if v, ok := parseBool(s); ok {
				return v, nil
			}
		case "!!null":
			return nil, nil
		}
		return s, nil
	}
	switch s {
	case "", "~", "null", "Null", "NULL":
		return nil, nil
	}
	if v, ok := parseBool(s); ok {
		return v, nil
	}
	if v, ok := parseInt(s); ok {
		return v, nil
	}
	if v, ok := parseFloat(s); ok {
		return v, nil
	}
	if strings.HasPrefix(s, ":") && len(s) > 1 && !strings.HasPrefix(s, "::") {
		// A Psych symbol; Puppet sees its name.
		return s[1:], nil
	}
	return s, nil
}

func parseBool(s string) (bool, bool) {
	switch s {
	case "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON":
		return true, true
	case "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF":
		return false, true
	}
	return false, false
}

func parseInt(s string) (int64, bool) {
	clean := func(t string) string { return strings.NewReplacer("_", "", ",", "").Replace(t) }
	sign := int64(1)
	body := s
	if strings.HasPrefix(body, "-") {
		sign, body = -1, body[1:]
	} else if strings.HasPrefix(body, "+") {
		body = body[1:]
	}
	var (
		v   uint64
		err error
	)
	switch {
	case hexRE.MatchString(s):
		v, err = strconv.ParseUint(clean(body[2:]), 16, 64)
	case binRE.MatchString(s):
		v, err = strconv.ParseUint(clean(body[2:]), 2, 64)
	case octORE.MatchString(s):
		v, err = strconv.ParseUint(clean(body[2:]), 8, 64)
	case octRE.MatchString(s):
		v, err = strconv.ParseUint(clean(body[1:]), 8, 64)
	case intRE.MatchString(s):
		v, err = strconv.ParseUint(clean(body), 10, 64)
	case sexagIntRE.MatchString(s):
		for _, part := range strings.Split(clean(body), ":") {
			p, perr := strconv.ParseUint(part, 10, 64)
			if perr != nil {
				return 0, false
			}
			v = v*60 + p
		}
	default:
		return 0, false
	}
	if err != nil || v > math.MaxInt64 {
		return 0, false
	}
	return sign * int64(v), true
}

func parseFloat(s string) (float64, bool) {
	switch {
	case infRE.MatchString(s):
		if strings.HasPrefix(s, "-") {
			return math.Inf(-1), true
		}
		return math.Inf(1), true
	case nanRE.MatchString(s):
		return math.NaN(), true
	case floatRE.MatchString(s) && strings.ContainsAny(s, ".eE"):
		f, err := strconv.ParseFloat(strings.NewReplacer("_", "", ",", "").Replace(s), 64)
		return f, err == nil
	}
	return 0, false
}

// JSON decodes one JSON value. Objects keep their key order; integers
// that fit are int64, other numbers float64.
func JSON(data []byte) (catalog.Value, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	v, err := jsonValue(dec)
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("unexpected data after the JSON value")
	}
	return v, nil
}

func jsonValue(dec *json.Decoder) (catalog.Value, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch t := tok.(type) {
	case json.Delim:
		switch t {
		case '{':
			h := catalog.NewHash()
			for dec.More() {
				kt, err := dec.Token()
				if err != nil {
					return nil, err
				}
				v, err := jsonValue(dec)
				if err != nil {
					return nil, err
				}
				h.Set(kt.(string), v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return h, nil
		case '[':
			out := []catalog.Value{}
			for dec.More() {
				v, err := jsonValue(dec)
				if err != nil {
					return nil, err
				}
				out = append(out, v)
			}
			if _, err := dec.Token(); err != nil {
				return nil, err
			}
			return out, nil
		}
		return nil, fmt.Errorf("unexpected %v", t)
	case json.Number:
		if i, err := strconv.ParseInt(string(t), 10, 64); err == nil {
			return i, nil
		}
		f, err := strconv.ParseFloat(string(t), 64)
		if err != nil {
			return nil, err
		}
		return f, nil
	case string, bool, nil:
		return t, nil
	}
	return nil, fmt.Errorf("unexpected JSON token %v", tok)
}
