package report

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/ordoproject/ordo/internal/resource"
)

// The colours are Puppet 7.23's console colours, recorded from
// `puppet apply --color=ansi` and `--color=html`.
func TestConsoleLines(t *testing.T) {
	for _, tc := range []struct {
		name     string
		color    Color
		level    resource.Level
		source   string
		msg      string
		out, err string
	}{
		{"notice plain", NoColor, resource.Notice, "/Stage[main]/Main/Notify[x]/message", "defined 'message' as 'x'",
			"Notice: /Stage[main]/Main/Notify[x]/message: defined 'message' as 'x'\n", ""},
		{"run-wide line has no source", NoColor, resource.Notice, "", "Applied catalog in 0.01 seconds",
			"Notice: Applied catalog in 0.01 seconds\n", ""},
		{"warning goes to stderr", NoColor, resource.Warning, "/Stage[main]/Main/File[/a]", "Skipping because of failed dependencies",
			"", "Warning: /Stage[main]/Main/File[/a]: Skipping because of failed dependencies\n"},
		{"error ansi", ANSIColor, resource.Err, "", "Failed to apply catalog: x",
			"", "\x1b[1;31mError: Failed to apply catalog: x\x1b[0m\n"},
		{"notice ansi", ANSIColor, resource.Notice, "", "Applied catalog in 0.01 seconds",
			"\x1b[mNotice: Applied catalog in 0.01 seconds\x1b[0m\n", ""},
		{"info ansi", ANSIColor, resource.Info, "", "Using environment 'production'",
			"\x1b[0;32mInfo: Using environment 'production'\x1b[0m\n", ""},
		{"warning ansi", ANSIColor, resource.Warning, "", "w",
			"", "\x1b[1;33mWarning: w\x1b[0m\n"},
		{"debug ansi", ANSIColor, resource.Debug, "", "d",
			"\x1b[0;36mDebug: d\x1b[0m\n", ""},
		{"a reset inside the message keeps the line's colour", ANSIColor, resource.Err, "", "a\x1b[0mb",
			"", "\x1b[1;31mError: a\x1b[1;31mb\x1b[0m\n"},
		{"notice html", HTMLColor, resource.Notice, "", "Applied catalog in 0.01 seconds",
			"<span style=\"\">Notice: Applied catalog in 0.01 seconds</span>\n", ""},
		{"error html", HTMLColor, resource.Err, "", "e",
			"", "<span style=\"color: #FFA0A0\">Error: e</span>\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			c := &Console{Out: &out, Err: &errOut, Min: resource.Debug, Color: tc.color}
			c.Log(tc.level, tc.source, tc.msg)
			if out.String() != tc.out || errOut.String() != tc.err {
				t.Errorf("stdout %q, stderr %q; want %q, %q", out.String(), errOut.String(), tc.out, tc.err)
			}
		})
	}
}

func TestConsoleMinimumLevel(t *testing.T) {
	var out, errOut bytes.Buffer
	c := &Console{Out: &out, Err: &errOut, Min: resource.Notice}
	c.Log(resource.Debug, "", "d")
	c.Log(resource.Info, "", "i")
	c.Log(resource.Notice, "", "n")
	c.Log(resource.Err, "", "e")
	if out.String() != "Notice: n\n" || errOut.String() != "Error: e\n" {
		t.Errorf("stdout %q, stderr %q", out.String(), errOut.String())
	}
}

func TestParseColor(t *testing.T) {
	for in, want := range map[string]Color{"ansi": ANSIColor, "true": ANSIColor, "html": HTMLColor, "false": NoColor} {
		if got, ok := ParseColor(in); !ok || got != want {
			t.Errorf("ParseColor(%q) = %v, %v; want %v", in, got, ok, want)
		}
	}
	for _, in := range []string{"", "yes", "always", "ANSI", "1"} {
		if _, ok := ParseColor(in); ok {
			t.Errorf("ParseColor(%q) accepted", in)
		}
	}
}

// Lines logged from many goroutines come out whole.
func TestConsoleLinesStayWhole(t *testing.T) {
	var out lockedBuffer
	c := &Console{Out: &out, Err: &out, Min: resource.Debug, Color: ANSIColor}
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Go(func() {
			for j := range 20 {
				c.Log(resource.Level(j%5), fmt.Sprintf("/S[%d]", i), strings.Repeat("x", 200))
			}
		})
	}
	wg.Wait()
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	if len(lines) != 1000 {
		t.Fatalf("%d lines, want 1000", len(lines))
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "\x1b[") || !strings.HasSuffix(l, strings.Repeat("x", 200)+"\x1b[0m") {
			t.Fatalf("broken line %q", l)
		}
	}
}

type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

func TestRecorder(t *testing.T) {
	var out bytes.Buffer
	next := &Console{Out: &out, Err: &out, Min: resource.Info}
	r := NewRecorder(next)
	r.Log(resource.Debug, "/A", "d")
	r.Log(resource.Notice, "", "n")
	if got := r.String(resource.Debug); got != "Debug: /A: d\nNotice: n\n" {
		t.Errorf("recorded %q", got)
	}
	if got := r.String(resource.Notice); got != "Notice: n\n" {
		t.Errorf("recorded from notice %q", got)
	}
	if out.String() != "Notice: n\n" {
		t.Errorf("passed on %q", out.String())
	}
	if n := len(r.Lines()); n != 2 {
		t.Errorf("%d lines", n)
	}
}
