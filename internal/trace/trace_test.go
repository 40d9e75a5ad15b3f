package trace

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The recorded Puppet logs normalize to the recorded traces: this keeps
// Normalize equivalent to the oracle's normalize.py, which made the traces.
func TestNormalizeMatchesRecordedTraces(t *testing.T) {
	logs, err := filepath.Glob("../../testdata/differential/*.log")
	if err != nil {
		t.Fatal(err)
	}
	if len(logs) == 0 {
		t.Skip("no recorded logs")
	}
	for _, logFile := range logs {
		name := strings.TrimSuffix(filepath.Base(logFile), ".log")
		want, err := os.ReadFile(strings.TrimSuffix(logFile, ".log") + ".trace")
		if err != nil {
			continue
		}
		t.Run(name, func(t *testing.T) {
			log, err := os.ReadFile(logFile)
			if err != nil {
				t.Fatal(err)
			}
			// The log and the trace come from two runs: temporary names differ.
			got := MaskTempNames(Normalize(string(log), ""))
			if got != MaskTempNames(strings.TrimRight(string(want), "\n")) {
				t.Errorf("Normalize differs from the recorded trace\n--- got\n%s\n--- want\n%s", got, want)
			}
		})
	}
}

func TestLastRef(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"/Stage[main]/Main/File[/a/b]", "File[/a/b]"},
		{"Class[Main]", "Class[Main]"},
		{"/Schedule[puppet]", "Schedule[puppet]"},
		{"/Stage[main]/A/D[x]/Notify[n]", "Notify[n]"},
	} {
		if got := lastRef(tc.in); got != tc.want {
			t.Errorf("lastRef(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}
