// Package report renders a run for people and programs: Puppet-style log
// lines on the console and a JSON report of every resource's status.
package report

import (
	"io"
	"strings"
	"sync"

	"github.com/ordoproject/ordo/internal/resource"
)

// Console writes log lines as puppet apply prints them:
// "Level: source: message", or "Level: message" for run-wide messages.
// Debug, info and notice lines go to Out; warnings and errors to Err.
// It is safe for concurrent use; each line is written whole.
type Console struct {
	Out, Err io.Writer
	// Min is the lowest level shown: Notice by default, Info with
	// --verbose, Debug with --debug.
	Min   resource.Level
	Color bool

	mu sync.Mutex
}

// levelColor is the ANSI colour of a level, as Puppet's console uses them.
func levelColor(l resource.Level) string {
	switch l {
	case resource.Debug, resource.Notice:
		return "\x1b[0;36m"
	case resource.Info:
		return "\x1b[0;32m"
	case resource.Warning:
		return "\x1b[1;33m"
	}
	return "\x1b[1;31m"
}

// Log implements resource.Logger.
func (c *Console) Log(level resource.Level, source, message string) {
	if level < c.Min {
		return
	}
	var b strings.Builder
	if c.Color {
		b.WriteString(levelColor(level))
	}
	b.WriteString(level.String())
	b.WriteString(": ")
	if source != "" {
		b.WriteString(source)
		b.WriteString(": ")
	}
	b.WriteString(message)
	if c.Color {
		b.WriteString("\x1b[0m")
	}
	b.WriteByte('\n')
	w := c.Out
	if level >= resource.Warning {
		w = c.Err
	}
	c.mu.Lock()
	io.WriteString(w, b.String())
	c.mu.Unlock()
}

// Line is one recorded log line.
type Line struct {
	Level   resource.Level
	Source  string
	Message string
}

// Recorder keeps every log line, for the JSON report and for tests.
type Recorder struct {
	mu    sync.Mutex
	lines []Line
	next  resource.Logger
}

// NewRecorder returns a recorder that also passes each line to next (may be nil).
func NewRecorder(next resource.Logger) *Recorder { return &Recorder{next: next} }

// Log implements resource.Logger.
func (r *Recorder) Log(level resource.Level, source, message string) {
	r.mu.Lock()
	r.lines = append(r.lines, Line{Level: level, Source: source, Message: message})
	r.mu.Unlock()
	if r.next != nil {
		r.next.Log(level, source, message)
	}
}

// Lines returns the lines recorded so far.
func (r *Recorder) Lines() []Line {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Line(nil), r.lines...)
}

// String renders the recorded lines at or above min as the console would.
func (r *Recorder) String(min resource.Level) string {
	var b strings.Builder
	for _, l := range r.Lines() {
		if l.Level < min {
			continue
		}
		b.WriteString(l.Level.String())
		b.WriteString(": ")
		if l.Source != "" {
			b.WriteString(l.Source)
			b.WriteString(": ")
		}
		b.WriteString(l.Message)
		b.WriteByte('\n')
	}
	return b.String()
}
