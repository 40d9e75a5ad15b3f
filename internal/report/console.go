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
	Color Color

	mu sync.Mutex
}

// Color is how the console colours its lines: Puppet's color setting.
type Color int

const (
	// NoColor writes plain lines (Puppet's color=false).
	NoColor Color = iota
	// ANSIColor wraps each line in terminal escapes (color=ansi or true).
	ANSIColor
	// HTMLColor wraps each line in a styled <span> (color=html).
	HTMLColor
)

// ParseColor reads a --color value: Puppet's documented ansi, true, html
// and false; ok is false for anything else.
func ParseColor(s string) (c Color, ok bool) {
	switch s {
	case "ansi", "true":
		return ANSIColor, true
	case "html":
		return HTMLColor, true
	case "false":
		return NoColor, true
	}
	return NoColor, false
}

// levelColor is the colour Puppet's console gives a level: its ANSI
// escape and its HTML style.
func levelColor(l resource.Level) (ansi, html string) {
	switch {
	case l <= resource.Debug:
		return "\x1b[0;36m", "color: #40FFFF"
	case l == resource.Info:
		return "\x1b[0;32m", "color: #00CD00"
	case l == resource.Notice:
		return "\x1b[m", ""
	case l == resource.Warning:
		return "\x1b[1;33m", "color: #FFFF60"
	}
	return "\x1b[1;31m", "color: #FFA0A0"
}

// Enabled reports whether lines of level l are shown, so that callers
// can leave out the lines that would not be.
func (c *Console) Enabled(l resource.Level) bool { return l >= c.Min }

// Log implements resource.Logger.
func (c *Console) Log(level resource.Level, source, message string) {
	if level < c.Min {
		return
	}
	var line strings.Builder
	line.WriteString(level.String())
	line.WriteString(": ")
	if source != "" {
		line.WriteString(source)
		line.WriteString(": ")
	}
	line.WriteString(message)
	text := line.String()
	ansi, html := levelColor(level)
	switch c.Color {
	case ANSIColor:
		text = ansi + strings.ReplaceAll(text, "\x1b[0m", ansi) + "\x1b[0m"
	case HTMLColor:
		text = `<span style="` + html + `">` + text + "</span>"
	}
	w := c.Out
	if level >= resource.Warning {
		w = c.Err
	}
	// As Ruby's puts, which Puppet writes with: no second newline after
	// a message that ends with one.
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	c.mu.Lock()
	io.WriteString(w, text)
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
