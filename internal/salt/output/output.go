// Package output prints a Salt run the way salt-call does: the
// highstate text with its summary, or Salt's return data as JSON or YAML
// ({"local": {tag: record}}, or {"local": [errors]} when the states did
// not compile).
package output

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/ordoproject/ordo/internal/salt/run"
	"github.com/ordoproject/ordo/internal/salt/state"
)

// Minion is the key Salt's local returns sit under.
const Minion = "local"

// field is one key of a record, in the order Salt's return has them.
type field struct {
	key   string
	value any
}

func recordFields(r *run.Record) []field {
	fs := []field{
		{"name", r.Name},
		{"changes", r.Changes},
		{"result", result(r.Result)},
		{"comment", r.Comment},
	}
	if r.NotRun {
		fs = append(fs, field{"__state_ran__", false})
	}
	if r.SkipWatch {
		fs = append(fs, field{"skip_watch", true})
	}
	if r.SkipReq {
		fs = append(fs, field{"skip_req", true})
	}
	if r.Parallel {
		fs = append(fs, field{"__parallel__", true})
	}
	var sls any = r.SLS
	if r.SLS == "" {
		sls = nil
	}
	fs = append(fs,
		field{"__sls__", sls},
		field{"__run_num__", r.RunNum},
		field{"start_time", r.StartTime},
		field{"duration", r.Duration},
	)
	if r.ID != "" {
		fs = append(fs, field{"__id__", r.ID})
	}
	return fs
}

func result(r state.Result) any {
	switch r {
	case state.True:
		return true
	case state.False:
		return false
	}
	return nil
}

// JSON writes the return data as salt-call --out json does: four-space
// indentation, records in run order.
func JSON(w io.Writer, recs []*run.Record) error {
	var b bytes.Buffer
	b.WriteString("{\n    \"" + Minion + "\": {")
	for i, r := range recs {
		if i > 0 {
			b.WriteString(",")
		}
		b.WriteString("\n        ")
		writeJSON(&b, r.Tag, 8)
		b.WriteString(": {")
		for j, f := range recordFields(r) {
			if j > 0 {
				b.WriteString(",")
			}
			b.WriteString("\n            ")
			writeJSON(&b, f.key, 12)
			b.WriteString(": ")
			writeJSON(&b, f.value, 12)
		}
		b.WriteString("\n        }")
	}
	if len(recs) > 0 {
		b.WriteString("\n    ")
	}
	b.WriteString("}\n}\n")
	_, err := w.Write(b.Bytes())
	return err
}

// JSONErrors writes a failed compile: the list of Salt's error strings.
func JSONErrors(w io.Writer, errs []string) error {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	// Python's json module leaves <, > and & as they are.
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "    ")
	if err := enc.Encode(map[string][]string{Minion: errs}); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

// writeJSON writes v indented as if it started at column indent, with
// <, > and & as they are (Python's json module does not escape them).
func writeJSON(b *bytes.Buffer, v any, indent int) {
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false)
	enc.SetIndent(strings.Repeat(" ", indent), "    ")
	if err := enc.Encode(v); err != nil {
		out.Reset()
		_ = enc.Encode(fmt.Sprint(v))
	}
	b.Write(bytes.TrimSuffix(out.Bytes(), []byte("\n")))
}

// YAML writes the return data as salt-call --out yaml does.
func YAML(w io.Writer, recs []*run.Record) error {
	var b strings.Builder
	b.WriteString(Minion + ":\n")
	for _, r := range recs {
		b.WriteString("  " + yamlScalar(r.Tag) + ":\n")
		for _, f := range recordFields(r) {
			writeYAML(&b, f.key, f.value, 4)
		}
	}
	if len(recs) == 0 {
		b.Reset()
		b.WriteString(Minion + ": {}\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// YAMLErrors writes a failed compile as YAML.
func YAMLErrors(w io.Writer, errs []string) error {
	var b strings.Builder
	b.WriteString(Minion + ":\n")
	for _, e := range errs {
		b.WriteString("- " + yamlScalar(e) + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func writeYAML(b *strings.Builder, key string, v any, indent int) {
	pad := strings.Repeat(" ", indent)
	switch v := v.(type) {
	case map[string]any:
		if len(v) == 0 {
			b.WriteString(pad + yamlScalar(key) + ": {}\n")
			return
		}
		b.WriteString(pad + yamlScalar(key) + ":\n")
		for _, k := range sortedKeys(v) {
			writeYAML(b, k, v[k], indent+2)
		}
	case []any:
		if len(v) == 0 {
			b.WriteString(pad + yamlScalar(key) + ": []\n")
			return
		}
		b.WriteString(pad + yamlScalar(key) + ":\n")
		for _, x := range v {
			b.WriteString(pad + "- " + yamlScalar(x) + "\n")
		}
	default:
		b.WriteString(pad + yamlScalar(key) + ": " + yamlScalar(v) + "\n")
	}
}

// yamlScalar prints a scalar as YAML: plain when safe, else JSON-quoted
// (valid YAML double-quoted style).
func yamlScalar(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case bool:
		if v {
			return "true"
		}
		return "false"
	case int, int64, float64:
		return fmt.Sprint(v)
	case string:
		if v == "" || strings.ContainsAny(v, ":#{}[],&*!|>'\"%@`\n\t\\") || strings.TrimSpace(v) != v ||
			strings.ContainsAny(v[:1], "-?") || isYAMLKeyword(v) {
			q, _ := json.Marshal(v)
			return string(q)
		}
		return v
	}
	q, _ := json.Marshal(fmt.Sprint(v))
	return string(q)
}

func isYAMLKeyword(s string) bool {
	switch strings.ToLower(s) {
	case "true", "false", "yes", "no", "on", "off", "null", "~":
		return true
	}
	var f float64
	_, err := fmt.Sscan(s, &f)
	return err == nil
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
