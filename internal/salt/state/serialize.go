package state

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"os"
	"strings"

	"go.yaml.in/yaml/v4"

	"github.com/ordoproject/ordo/internal/salt/pyjson"
)

// serialize is file.serialize: dataset (or dataset_pillar), merged over
// the file's data with merge_if_exists, written as Salt's serializers
// write it (yaml by default: block style, two-space indent; json:
// two-space indent, keys sorted; a newline added to either), then
// managed as file.managed's contents.
func serialize(ctx context.Context, env *Env, c Call) Return {
	name := c.Name
	if name == "" {
		return failed("Must provide name to file.serialize")
	}
	if !boolArg(c.Args, "create", true) {
		if st, err := os.Stat(name); err != nil || !st.Mode().IsRegular() {
			return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("File %s is not present and is not set for creation", name)}
		}
	}
	if str(c.Args, "serializer") != "" && str(c.Args, "formatter") != "" {
		return failed("Only one of serializer and formatter are allowed")
	}
	format := strings.ToLower(str(c.Args, "serializer"))
	if format == "" {
		format = strings.ToLower(str(c.Args, "formatter"))
	}
	if format == "" {
		format = "yaml"
	}
	data, pillarPath := c.Args["dataset"], str(c.Args, "dataset_pillar")
	if data != nil && pillarPath != "" {
		return failed("Only one of 'dataset' and 'dataset_pillar' is permitted")
	}
	if pillarPath != "" {
		data = lookupPath(env.Pillar, pillarPath)
	}
	if data == nil {
		return failed("Neither 'dataset' nor 'dataset_pillar' was defined")
	}
	if format != "json" && format != "yaml" {
		return failed("The %s serializer could not be found. It either does not exist or its prerequisites are not installed.", format)
	}
	opts, err := serializerOptions(format, c.Args["serializer_opts"])
	if err != nil {
		return failed("%s", err)
	}
	if boolArg(c.Args, "merge_if_exists", false) {
		if st, err := os.Stat(name); err == nil && st.Mode().IsRegular() {
			existing, err := deserializeFile(format, name)
			if err != nil {
				return failed("Failed to deserialize existing data: %s", err)
			}
			if existing != nil {
				merged, err := mergeRecurse(existing, data)
				if err != nil {
					return failed("%s", err)
				}
				if pyEqual(existing, merged) {
					return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("The file %s is in the correct state", name)}
				}
				data = merged
			}
		}
	}
	text, err := serializeData(format, data, opts)
	if err != nil {
		return failed("%s", err)
	}
	args := copyArgs(c.Args)
	args["contents"] = text + "\n"
	delete(args, "source")
	delete(args, "template")
	c.Args = args
	r := managed(ctx, env, c)
	switch {
	case r.Result == None:
		r.Comment = fmt.Sprintf("Dataset will be serialized and stored into %s", name)
	case c.Test && r.Result == True && len(r.Changes) == 0:
		r.Comment = fmt.Sprintf("The file %s is in the correct state", name)
	}
	return r
}

// serialOptions are the serializer options ordo honours: json's indent
// (None: one line) and yaml's indent, explicit_start and
// default_flow_style.
type serialOptions struct {
	indent        int
	oneLine       bool
	explicitStart bool
	flow          bool
}

// serializerOptions reads serializer_opts, a list of single-key
// mappings (Salt's repack_dictlist), over the defaults Salt gives
// file.serialize.
func serializerOptions(format string, raw any) (serialOptions, error) {
	o := serialOptions{indent: 2}
	if raw == nil {
		return o, nil
	}
	list, ok := raw.([]any)
	if !ok {
		list = []any{raw}
	}
	for _, item := range list {
		m, ok := item.(map[string]any)
		if !ok {
			return o, fmt.Errorf("serializer_opts must be a list of single-key mappings")
		}
		for k, v := range m {
			switch {
			case k == "indent":
				switch n := v.(type) {
				case int:
					if format == "yaml" && n != 2 {
						return o, fmt.Errorf("serializer_opts: indent=%d is not supported by ordo for the yaml serializer", n)
					}
					o.indent = n
				case nil:
					o.oneLine = format == "json"
				default:
					return o, fmt.Errorf("serializer_opts: indent must be a number")
				}
			case k == "explicit_start" && format == "yaml":
				o.explicitStart = v == true
			case k == "default_flow_style" && format == "yaml":
				o.flow = v == true
			case k == "sort_keys" && format == "json" && v == true:
			case k == "ensure_ascii" && format == "json" && v == false:
			case k == "allow_unicode" && format == "yaml":
			default:
				return o, fmt.Errorf("serializer_opts: %s=%v is not supported by ordo for the %s serializer", k, v, format)
			}
		}
	}
	if o.indent < 0 {
		o.indent = 0
	}
	return o, nil
}

func serializeData(format string, data any, o serialOptions) (string, error) {
	if format == "json" {
		indent := o.indent
		if o.oneLine {
			indent = -1
		}
		return pyjson.Dumps(data, indent, ","), nil
	}
	opts := []yaml.Option{yaml.WithIndent(2), yaml.WithCompactSeqIndent(true)}
	var out []byte
	var err error
	if o.flow {
		out, err = flowYAML(data)
	} else {
		out, err = yaml.Dump(data, opts...)
	}
	if err != nil {
		return "", err
	}
	text := string(out)
	if o.explicitStart {
		text = "---\n" + text
	}
	return text, nil
}

// flowYAML writes data in YAML's flow style, on one line, as PyYAML's
// default_flow_style=True does for short documents.
func flowYAML(data any) ([]byte, error) {
	n := &yaml.Node{}
	if err := n.Encode(data); err != nil {
		return nil, err
	}
	var setFlow func(*yaml.Node)
	setFlow = func(n *yaml.Node) {
		if n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode {
			n.Style |= yaml.FlowStyle
		}
		for _, c := range n.Content {
			setFlow(c)
		}
	}
	setFlow(n)
	return yaml.Marshal(n)
}

// deserializeFile reads the data of an existing file for
// merge_if_exists; nil when the file holds none (an empty YAML file).
func deserializeFile(format, name string) (any, error) {
	b, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	if format == "json" {
		v, err := pyjson.Decode(b)
		if err != nil {
			return nil, pyJSONError(b, err)
		}
		return v, nil
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return nil, errors.New(strings.TrimPrefix(err.Error(), "yaml: "))
	}
	if len(doc.Content) == 0 {
		return nil, nil
	}
	return yaml11Value(doc.Content[0])
}

// yaml11Value decodes a node as Salt's YAML serializer (PyYAML, YAML
// 1.1) does: plain yes, no, on and off are booleans.
func yaml11Value(n *yaml.Node) (any, error) {
	switch n.Kind {
	case yaml.AliasNode:
		return yaml11Value(n.Alias)
	case yaml.MappingNode:
		out := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, err := yaml11Value(n.Content[i])
			if err != nil {
				return nil, err
			}
			v, err := yaml11Value(n.Content[i+1])
			if err != nil {
				return nil, err
			}
			out[fmt.Sprint(k)] = v
		}
		return out, nil
	case yaml.SequenceNode:
		out := make([]any, 0, len(n.Content))
		for _, c := range n.Content {
			v, err := yaml11Value(c)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	}
	if n.ShortTag() == "!!str" && n.Style == 0 {
		switch strings.ToLower(n.Value) {
		case "yes", "on":
			if n.Value == strings.ToLower(n.Value) || n.Value == strings.ToUpper(n.Value) || n.Value[1:] == strings.ToLower(n.Value[1:]) {
				return true, nil
			}
		case "no", "off":
			if n.Value == strings.ToLower(n.Value) || n.Value == strings.ToUpper(n.Value) || n.Value[1:] == strings.ToLower(n.Value[1:]) {
				return false, nil
			}
		}
	}
	var v any
	if err := n.Decode(&v); err != nil {
		return nil, err
	}
	return plainYAML(v), nil
}

// pyJSONError words a JSON syntax error as Python's json module does
// where ordo knows its wording: "Expecting value: line L column C (char
// N)" for a value that cannot start there.
func pyJSONError(text []byte, err error) error {
	var se *json.SyntaxError
	if !errors.As(err, &se) {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return pyJSONPos("Expecting value", text, len(bytes.TrimRight(text, " \t\r\n")))
		}
		return err
	}
	off := int(se.Offset) - 1
	if off < 0 {
		off = 0
	}
	if strings.Contains(se.Error(), "looking for beginning of value") {
		return pyJSONPos("Expecting value", text, off)
	}
	return err
}

func pyJSONPos(msg string, text []byte, off int) error {
	line, col := 1, 1
	for _, c := range text[:min(off, len(text))] {
		if c == '\n' {
			line++
			col = 1
		} else {
			col++
		}
	}
	return fmt.Errorf("%s: line %d column %d (char %d)", msg, line, col, off)
}

// plainYAML turns the YAML decoder's maps with keys of any type into
// map[string]any.
func plainYAML(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k := range v {
			v[k] = plainYAML(v[k])
		}
		return v
	case map[any]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out[fmt.Sprint(k)] = plainYAML(x)
		}
		return out
	case []any:
		for i := range v {
			v[i] = plainYAML(v[i])
		}
	}
	return v
}

// mergeRecurse is Salt's dictupdate.merge_recurse: a copy of a with b
// merged into it, mappings merged key by key, anything else (lists
// too) replaced.
func mergeRecurse(a, b any) (any, error) {
	am, ok := a.(map[string]any)
	bm, ok2 := b.(map[string]any)
	if !ok || !ok2 {
		return nil, fmt.Errorf("Cannot update using non-dict types in dictupdate.update()")
	}
	out := deepCopyMap(am)
	update(out, bm)
	return out, nil
}

func update(dest, upd map[string]any) {
	for k, v := range upd {
		dv, dok := dest[k].(map[string]any)
		uv, uok := v.(map[string]any)
		if dok && uok {
			cp := deepCopyMap(dv)
			update(cp, uv)
			dest[k] = cp
			continue
		}
		dest[k] = v
	}
}

func deepCopyMap(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		if mm, ok := v.(map[string]any); ok {
			out[k] = deepCopyMap(mm)
			continue
		}
		out[k] = v
	}
	return out
}

// pyEqual compares two values as Python's == does: numbers by value
// whatever their type (1, 1.0 and True are equal).
func pyEqual(a, b any) bool {
	if x, ok := pyNumber(a); ok {
		y, ok := pyNumber(b)
		return ok && x.Cmp(y) == 0
	}
	switch a := a.(type) {
	case map[string]any:
		bm, ok := b.(map[string]any)
		if !ok || len(a) != len(bm) {
			return false
		}
		for k, v := range a {
			w, ok := bm[k]
			if !ok || !pyEqual(v, w) {
				return false
			}
		}
		return true
	case []any:
		bl, ok := b.([]any)
		if !ok || len(a) != len(bl) {
			return false
		}
		for i := range a {
			if !pyEqual(a[i], bl[i]) {
				return false
			}
		}
		return true
	case string:
		s, ok := b.(string)
		return ok && s == a
	case nil:
		return b == nil
	}
	return fmt.Sprint(a) == fmt.Sprint(b)
}

func pyNumber(v any) (*big.Float, bool) {
	switch v := v.(type) {
	case bool:
		if v {
			return big.NewFloat(1), true
		}
		return big.NewFloat(0), true
	case int:
		return new(big.Float).SetInt64(int64(v)), true
	case int64:
		return new(big.Float).SetInt64(v), true
	case uint64:
		return new(big.Float).SetUint64(v), true
	case float64:
		if math.IsNaN(v) {
			return nil, false
		}
		return big.NewFloat(v), true
	case *big.Int:
		return new(big.Float).SetInt(v), true
	}
	return nil, false
}
