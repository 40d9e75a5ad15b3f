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
	"strconv"
	"strings"

	"go.yaml.in/yaml/v4"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
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
	d := &decoder{}
	return d.fromNode(doc.Content[0], 0)
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

const (
	maxDepth = 10000
	// maxValues bounds what aliases may expand to, against documents
	// that grow exponentially through nested aliases.
	maxValues = 1_000_000
)

// decoder turns YAML nodes into values, counting what it makes.
type decoder struct{ values int }

func (d *decoder) fromNode(n *yaml.Node, depth int) (catalog.Value, error) {
	if depth > maxDepth {
		return nil, errors.New("data nested too deeply")
	}
	d.values++
	if d.values > maxValues {
		return nil, errors.New("data expands to too many values")
	}
	if class := rubyClassTag(n.Tag); class != "" {
		// Puppet loads data safely: Ruby objects are refused
		return nil, fmt.Errorf("Tried to load unspecified class: %s", class)
	}
	switch n.Kind {
	case yaml.DocumentNode:
		if len(n.Content) == 0 {
			return nil, nil
		}
		return d.fromNode(n.Content[0], depth+1)
	case yaml.AliasNode:
		return d.fromNode(n.Alias, depth+1)
	case yaml.SequenceNode:
		out := make([]catalog.Value, 0, len(n.Content))
		for _, c := range n.Content {
			v, err := d.fromNode(c, depth+1)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	case yaml.MappingNode:
		h := catalog.NewHash()
		if err := d.addPairs(h, n, depth); err != nil {
			return nil, err
		}
		return h, nil
	case yaml.ScalarNode:
		return scalar(n)
	}
	return nil, fmt.Errorf("line %d: unsupported YAML node", n.Line)
}

// addPairs adds a mapping's entries to h, expanding merge keys (<<).
func (d *decoder) addPairs(h *catalog.Hash, n *yaml.Node, depth int) error {
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
					if err := d.addPairs(h, s, depth+1); err != nil {
						return err
					}
				}
			}
			continue
		}
		kv, err := d.fromNode(k, depth+1)
		if err != nil {
			return err
		}
		v, err := d.fromNode(vn, depth+1)
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

// Psych's scalar scanner (Ruby 3.1), which decides the type of a plain
// scalar.
var (
	stringishRE = lazyre.New(`^[^\d.:-]?[\pL_\s!@#$%^&*(){}<>|/\\~;=]+`)
	notBoolRE   = lazyre.New(`(?i)^[^ytonf~]`)
	nullRE      = lazyre.New(`(?i)^null$`)
	trueRE      = lazyre.New(`(?i)^(yes|true|on)$`)
	falseRE     = lazyre.New(`(?i)^(no|false|off)$`)
	timeRE      = lazyre.New(`^-?\d{4}-\d{1,2}-\d{1,2}(?:[Tt]|\s+)\d{1,2}:\d\d:\d\d(?:\.\d*)?(?:\s*(?:Z|[-+]\d{1,2}:?(?:\d\d)?))?$`)
	dateRE      = lazyre.New(`^\d{4}-(?:1[012]|0\d|\d)-(?:[12]\d|3[01]|0\d|\d)$`)
	posInfRE    = lazyre.New(`(?i)^\+?\.inf$`)
	negInfRE    = lazyre.New(`(?i)^-\.inf$`)
	nanRE       = lazyre.New(`(?i)^\.nan$`)
	symbolRE    = lazyre.New(`^:(["'])(.*)(["'])$`)
	sexagIntRE  = lazyre.New(`^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}$`)
	sexagFltRE  = lazyre.New(`^[-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}\.[0-9_]*$`)
	floatRE     = lazyre.New(`^(?:[-+]?([0-9][0-9_,]*)?\.[0-9]*([eE][-+][0-9]+)?|[-+]?\.(inf|Inf|INF)|\.(nan|NaN|NAN))$`)
	integerRE   = lazyre.New(`^(?:[-+]?0b[0-1_,]+|[-+]?0[0-7_,]+|[-+]?(?:0|[1-9](?:[0-9]|,[0-9]|_[0-9])*)|[-+]?0x[0-9a-fA-F_,]+)$`)
	dotEndRE    = lazyre.New(`\.([Ee]|$)`)
)

// scalar resolves a YAML scalar. Quoted scalars are strings; explicitly
// tagged ones follow their tag; plain ones resolve as Psych does.
func scalar(n *yaml.Node) (catalog.Value, error) {
	s := n.Value
	if n.Style&yaml.TaggedStyle != 0 {
		switch n.ShortTag() {
		case "!!str":
			return s, nil
		case "!!int":
			if v, ok := parseInt(s); ok {
				return v, nil
			}
		case "!!float":
			if f, err := strconv.ParseFloat(strings.NewReplacer("_", "", ",", "").Replace(s), 64); err == nil {
				return f, nil
			}
		case "!!bool":
			if trueRE.MatchString(s) {
				return true, nil
			}
			if falseRE.MatchString(s) {
				return false, nil
			}
		case "!!null":
			return nil, nil
		}
		return s, nil
	}
	if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle|yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		return s, nil
	}
	return tokenize(s)
}

// PlainScalar types s as Psych types a plain (unquoted) YAML scalar: a
// string, nil, bool, int64 or float64. Dates and times are errors, as
// Puppet's safe YAML loading refuses them.
func PlainScalar(s string) (catalog.Value, error) { return tokenize(s) }

// tokenize is Psych's ScalarScanner#tokenize for a plain scalar.
func tokenize(s string) (catalog.Value, error) {
	switch {
	case s == "":
		return nil, nil
	case stringishRE.MatchString(s) || strings.Contains(s, "\n"):
		switch {
		case len(s) > 5 || notBoolRE.MatchString(s):
			return s, nil
		case s == "~" || nullRE.MatchString(s):
			return nil, nil
		case trueRE.MatchString(s):
			return true, nil
		case falseRE.MatchString(s):
			return false, nil
		}
		return s, nil
	case timeRE.MatchString(s):
		return nil, errors.New("Tried to load unspecified class: Time")
	case dateRE.MatchString(s):
		return nil, errors.New("Tried to load unspecified class: Date")
	case posInfRE.MatchString(s):
		return math.Inf(1), nil
	case negInfRE.MatchString(s):
		return math.Inf(-1), nil
	case nanRE.MatchString(s):
		return math.NaN(), nil
	case strings.HasPrefix(s, ":") && len(s) > 1:
		// A symbol; Puppet sees its name.
		if m := symbolRE.FindStringSubmatch(s); m != nil && m[1] == m[3] {
			return m[2], nil
		}
		return s[1:], nil
	case sexagIntRE.MatchString(s):
		return sexagesimal(s), nil
	case sexagFltRE.MatchString(s):
		whole, frac, _ := strings.Cut(s, ".")
		f, _ := strconv.ParseFloat("0."+strings.ReplaceAll(frac, "_", ""), 64)
		return float64(sexagesimal(whole)) + f, nil
	case floatRE.MatchString(s):
		if s == "." || s == "+." || s == "-." {
			return s, nil
		}
		clean := dotEndRE.ReplaceAllString(strings.NewReplacer(",", "", "_", "").Replace(s), "$1")
		f, err := strconv.ParseFloat(clean, 64)
		if err != nil {
			return s, nil
		}
		return f, nil
	case integerRE.MatchString(s):
		if v, ok := parseInt(s); ok {
			return v, nil
		}
	}
	return s, nil
}

// sexagesimal is Psych's base-60 integer: each part weighted by
// 60^|i-2|, so "1:30" is 5400 and "12:30:45" 45045.
func sexagesimal(s string) int64 {
	sign := int64(1)
	if strings.HasPrefix(s, "-") {
		sign, s = -1, s[1:]
	}
	s = strings.TrimPrefix(s, "+")
	var n int64
	for i, part := range strings.Split(s, ":") {
		p, _ := strconv.ParseInt(strings.ReplaceAll(part, "_", ""), 10, 64)
		e := i - 2
		if e < 0 {
			e = -e
		}
		w := int64(1)
		for ; e > 0; e-- {
			w *= 60
		}
		n += p * w
	}
	return sign * n
}

// parseInt is Ruby's Integer() on a YAML integer: 0b, 0x and leading-0
// octal prefixes, with "_" and "," dropped.
func parseInt(s string) (int64, bool) {
	s = strings.NewReplacer("_", "", ",", "").Replace(s)
	sign := int64(1)
	switch {
	case strings.HasPrefix(s, "-"):
		sign, s = -1, s[1:]
	case strings.HasPrefix(s, "+"):
		s = s[1:]
	}
	var (
		v   uint64
		err error
	)
	switch {
	case strings.HasPrefix(s, "0x"):
		v, err = strconv.ParseUint(s[2:], 16, 64)
	case strings.HasPrefix(s, "0b"):
		v, err = strconv.ParseUint(s[2:], 2, 64)
	case len(s) > 1 && s[0] == '0':
		v, err = strconv.ParseUint(s[1:], 8, 64)
	default:
		v, err = strconv.ParseUint(s, 10, 64)
	}
	if err != nil || v > math.MaxInt64 {
		return 0, false
	}
	return sign * int64(v), true
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

// rubyClassTag is the Ruby class a Psych tag asks to load
// (!ruby/object:Foo is Foo, !ruby/regexp is Regexp), or "".
func rubyClassTag(tag string) string {
	rest, ok := strings.CutPrefix(tag, "!ruby/")
	if !ok {
		return ""
	}
	kind, class, named := strings.Cut(rest, ":")
	switch kind {
	case "object", "struct", "hash", "array", "exception", "string", "class", "module":
		if named && class != "" {
			return class
		}
		switch kind {
		case "struct":
			return "Struct"
		case "class", "module":
			return ""
		}
		return ""
	case "regexp":
		return "Regexp"
	case "range":
		return "Range"
	case "set":
		return "Set"
	}
	return ""
}
