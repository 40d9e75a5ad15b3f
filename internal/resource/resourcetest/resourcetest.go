// Package resourcetest helps test resource types: a Logger that records
// lines as Puppet prints them, and Apply, a small harness that drives an
// instance the way the engine does (ensure first, noop, failure lines).
package resourcetest

import (
	"context"
	"strings"
	"sync"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// Logger records log lines as "Level: source: message", or
// "Level: message" when the source is empty.
type Logger struct {
	// MinLevel drops lines below it; the zero value keeps debug lines.
	MinLevel resource.Level
	mu       sync.Mutex
	lines    []string
}

// Log records one line.
func (l *Logger) Log(level resource.Level, source, message string) {
	if level < l.MinLevel {
		return
	}
	line := level.String() + ": "
	if source != "" {
		line += source + ": "
	}
	// As the console writes it: a message's final newline ends its line.
	message = strings.TrimSuffix(message, "\n")
	l.mu.Lock()
	l.lines = append(l.lines, line+message)
	l.mu.Unlock()
}

// Lines returns the recorded lines.
func (l *Logger) Lines() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.lines...)
}

// String returns the recorded lines joined by newlines.
func (l *Logger) String() string { return strings.Join(l.Lines(), "\n") }

// Reset forgets the recorded lines.
func (l *Logger) Reset() {
	l.mu.Lock()
	l.lines = nil
	l.mu.Unlock()
}

// Apply retrieves inst and syncs what is out of sync, logging to h.Log
// what the engine logs. It returns the names of the changed (or, in noop,
// would-be changed) properties.
func Apply(ctx context.Context, inst resource.Instance, h *resource.Handle) []string {
	if err := inst.Retrieve(ctx, h); err != nil {
		h.Logf(resource.Err, "Could not evaluate: %v", err)
		return nil
	}
	props := inst.Properties()
	var todo []resource.Property
	if len(props) > 0 && props[0].Name() == "ensure" && !props[0].InSync() {
		todo = props[:1]
	} else if !inst.Exists() {
		h.Logf(resource.Debug, "Nothing to manage: no ensure and the resource doesn't exist")
	} else {
		for _, p := range props {
			if !p.InSync() {
				todo = append(todo, p)
			}
		}
	}
	var changed []string
	for _, p := range todo {
		src := h.Path + "/" + p.Name()
		if h.Noop {
			h.Log.Log(resource.Notice, src, "current_value "+catalog.Format(p.Current())+", should be "+catalog.Format(p.Desired())+" (noop)")
			changed = append(changed, p.Name())
			continue
		}
		if err := p.Sync(ctx, h); err != nil {
			h.Log.Log(resource.Err, "", err.Error())
			h.Log.Log(resource.Err, src, "change from "+catalog.Format(p.Current())+" to "+catalog.Format(p.Desired())+" failed: "+err.Error())
			continue
		}
		h.Log.Log(resource.Notice, src, p.Message())
		changed = append(changed, p.Name())
	}
	if f, ok := inst.(resource.Flusher); ok && len(changed) > 0 && !h.Noop {
		if err := f.Flush(ctx, h); err != nil {
			h.Logf(resource.Err, "%v", err)
		}
	}
	return changed
}

// Resource builds a catalog resource from name/value pairs.
func Resource(typ, title string, kv ...any) *catalog.Resource {
	r := &catalog.Resource{Type: typ, Title: title}
	for i := 0; i+1 < len(kv); i += 2 {
		r.Params = append(r.Params, catalog.Param{Name: kv[i].(string), Value: kv[i+1]})
	}
	return r
}
