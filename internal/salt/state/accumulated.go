package state

import (
	"context"
	"fmt"
	"strings"
	"sync"
)

// accumulators is the run's file.accumulated data: for each target
// file, the accumulators by name (in the order they were charged) with
// their text, and the IDs and names each was declared for.
type accumulators struct {
	mu    sync.Mutex
	files map[string]*fileAccumulators
}

type fileAccumulators struct {
	names []string
	text  map[string][]string
	deps  map[string][]string
}

// forFile returns a copy of the accumulators of filename, nil if none.
func (a *accumulators) forFile(filename string) *fileAccumulators {
	a.mu.Lock()
	defer a.mu.Unlock()
	f := a.files[filename]
	if f == nil {
		return nil
	}
	out := &fileAccumulators{names: append([]string{}, f.names...), text: map[string][]string{}, deps: map[string][]string{}}
	for k, v := range f.text {
		out.text[k] = append([]string{}, v...)
	}
	for k, v := range f.deps {
		out.deps[k] = append([]string{}, v...)
	}
	return out
}

// templateVar is the accumulator variable file.managed's templates see:
// each accumulator's list of text.
func (f *fileAccumulators) templateVar() map[string]any {
	out := map[string]any{}
	for _, n := range f.names {
		list := make([]any, len(f.text[n]))
		for i, t := range f.text[n] {
			list[i] = t
		}
		out[n] = list
	}
	return out
}

// blockText is what file.blockreplace adds for the state id: the text
// of the accumulators declared for it, else of all of them.
func (f *fileAccumulators) blockText(id string) []string {
	var chosen []string
	for _, n := range f.names {
		for _, d := range f.deps[n] {
			if d == id {
				chosen = append(chosen, n)
				break
			}
		}
	}
	if len(chosen) == 0 {
		chosen = f.names
	}
	var out []string
	for _, n := range chosen {
		out = append(out, f.text[n]...)
	}
	return out
}

// accumulated is file.accumulated: text kept for the file state that
// this state's require_in or watch_in names.
func accumulated(ctx context.Context, env *Env, c Call) Return {
	if r, ok := missingParams(c, "filename", "text"); !ok {
		return r
	}
	name := c.Name
	if name == "" {
		return failed("Must provide name to file.accumulated")
	}
	if c.Args["text"] == nil {
		return failed("No text supplied for accumulator")
	}
	var deps []any
	for _, k := range []string{"require_in", "watch_in"} {
		switch v := c.Args[k].(type) {
		case []any:
			deps = append(deps, v...)
		case nil:
		default:
			deps = append(deps, v)
		}
	}
	var targets []string
	hasFile := false
	for _, d := range deps {
		switch d := d.(type) {
		case map[string]any:
			if _, ok := d["file"]; ok {
				hasFile = true
			}
			for _, k := range sortedKeys(d) {
				targets = append(targets, fmt.Sprint(d[k]))
			}
		default:
			s := fmt.Sprint(d)
			if strings.Contains(s, "file") {
				hasFile = true
			}
			targets = append(targets, s)
		}
	}
	if !hasFile {
		return failed("Orphaned accumulator %s in %s:%s", name, c.SLS, c.ID)
	}
	var texts []string
	switch t := c.Args["text"].(type) {
	case []any:
		for _, x := range t {
			texts = append(texts, fmt.Sprint(x))
		}
	default:
		texts = []string{fmt.Sprint(t)}
	}
	filename := str(c.Args, "filename")
	a := &env.acc
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.files == nil {
		a.files = map[string]*fileAccumulators{}
	}
	f := a.files[filename]
	if f == nil {
		f = &fileAccumulators{text: map[string][]string{}, deps: map[string][]string{}}
		a.files[filename] = f
	}
	if _, ok := f.text[name]; !ok {
		f.names = append(f.names, name)
		f.text[name] = nil
	}
	f.deps[name] = append(f.deps[name], targets...)
	comment := ""
	for _, t := range texts {
		if !contains(f.text[name], t) {
			f.text[name] = append(f.text[name], t)
			comment = fmt.Sprintf("Accumulator %s for file %s was charged by text", name, filename)
		}
	}
	return Return{Result: True, Changes: Changes{}, Comment: comment}
}
