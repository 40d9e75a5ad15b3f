package output

import (
	"fmt"
	"io"
	"strings"

	"github.com/ordoproject/ordo/internal/salt/run"
	"github.com/ordoproject/ordo/internal/salt/state"
)

// StateOutput is Salt's state_output setting: how much of each state the
// highstate text shows.
type StateOutput string

const (
	// Full shows every state in full.
	Full StateOutput = "full"
	// Terse shows one line per state.
	Terse StateOutput = "terse"
	// Changes shows changed and failed states in full, the others tersely.
	Changes StateOutput = "changes"
	// Mixed shows failed states in full, the others tersely.
	Mixed StateOutput = "mixed"
)

// Highstate writes the run as Salt's highstate outputter does with
// state_output full (no colour): one block per state in run order, then
// the summary.
func Highstate(w io.Writer, recs []*run.Record) error {
	return HighstateAs(w, recs, Full)
}

// HighstateAs writes the run with the given state_output.
func HighstateAs(w io.Writer, recs []*run.Record, mode StateOutput) error {
	var b strings.Builder
	b.WriteString(Minion + ":\n")
	succeeded, failed, changed, unchanged := 0, 0, 0, 0
	total := 0.0
	for _, r := range recs {
		if terse(mode, r) {
			writeTerse(&b, r)
		} else {
			writeFull(&b, r)
		}
		total += r.Duration
		switch r.Result {
		case state.False:
			failed++
		case state.None:
			succeeded++
			unchanged++
		default:
			succeeded++
		}
		if len(r.Changes) > 0 {
			changed++
		}
	}
	b.WriteString("\nSummary for " + Minion + "\n------------\n")
	fmt.Fprintf(&b, "Succeeded: %d", succeeded)
	var counts []string
	if unchanged > 0 {
		counts = append(counts, fmt.Sprintf("unchanged=%d", unchanged))
	}
	if changed > 0 {
		counts = append(counts, fmt.Sprintf("changed=%d", changed))
	}
	if len(counts) > 0 {
		b.WriteString(" (" + strings.Join(counts, ", ") + ")")
	}
	b.WriteString("\n")
	fmt.Fprintf(&b, "Failed:    %d\n", failed)
	b.WriteString("------------\n")
	fmt.Fprintf(&b, "Total states run:     %d\n", len(recs))
	if total < 1000 {
		fmt.Fprintf(&b, "Total run time: %7.3f ms\n", total)
	} else {
		fmt.Fprintf(&b, "Total run time: %7.3f s\n", total/1000)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// terse says whether mode shows r on one line.
func terse(mode StateOutput, r *run.Record) bool {
	switch mode {
	case Terse:
		return true
	case Changes:
		return r.Result == state.True && len(r.Changes) == 0
	case Mixed:
		return r.Result != state.False
	}
	return false
}

func function(r *run.Record) string {
	if r.Module == "" {
		return r.Fun
	}
	return r.Module + "." + r.Fun
}

func writeTerse(b *strings.Builder, r *run.Record) {
	word := "Clean"
	switch {
	case r.Result == state.False:
		word = "Failed"
	case r.Result == state.None:
		word = "Differs"
	case len(r.Changes) > 0:
		word = "Changed"
	}
	fmt.Fprintf(b, "  Name: %s - Function: %s - Result: %s - Started: %s - Duration: %s ms\n", r.Name, function(r), word, r.StartTime, formatFloat(r.Duration))
}

func writeFull(b *strings.Builder, r *run.Record) {
	b.WriteString("----------\n")
	fmt.Fprintf(b, "          ID: %s\n", r.ID)
	fmt.Fprintf(b, "    Function: %s\n", function(r))
	if r.Name != r.ID {
		fmt.Fprintf(b, "        Name: %s\n", r.Name)
	}
	fmt.Fprintf(b, "      Result: %s\n", r.Result)
	fmt.Fprintf(b, "     Comment: %s\n", indentContinuation(r.Comment, 14))
	fmt.Fprintf(b, "     Started: %s\n", r.StartTime)
	fmt.Fprintf(b, "    Duration: %s ms\n", formatFloat(r.Duration))
	b.WriteString("     Changes:   \n")
	if len(r.Changes) > 0 {
		nested(b, r.Changes, 14)
	}
}

// HighstateErrors writes a failed compile as salt-call does.
func HighstateErrors(w io.Writer, errs []string) error {
	var b strings.Builder
	b.WriteString(Minion + ":\n    Data failed to compile:\n")
	for _, e := range errs {
		b.WriteString("----------\n    " + indentContinuation(e, 4) + "\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func formatFloat(f float64) string {
	s := fmt.Sprintf("%.3f", f)
	s = strings.TrimRight(s, "0")
	if strings.HasSuffix(s, ".") {
		s += "0"
	}
	return s
}

func indentContinuation(s string, n int) string {
	return strings.ReplaceAll(s, "\n", "\n"+strings.Repeat(" ", n))
}

// nested prints a value as Salt's nested outputter does.
func nested(b *strings.Builder, v any, indent int) {
	pad := strings.Repeat(" ", indent)
	switch v := v.(type) {
	case map[string]any:
		b.WriteString(pad + "----------\n")
		for _, k := range sortedKeys(v) {
			b.WriteString(pad + k + ":\n")
			nested(b, v[k], indent+4)
		}
	case []any:
		for _, x := range v {
			switch x.(type) {
			case map[string]any, []any:
				b.WriteString(pad + "|_\n")
				nested(b, x, indent+2)
			default:
				b.WriteString(pad + "- " + scalarText(x) + "\n")
			}
		}
	case []string:
		for _, x := range v {
			b.WriteString(pad + "- " + x + "\n")
		}
	case string:
		// An empty string prints nothing, not even an empty line.
		if v != "" {
			b.WriteString(pad + indentContinuation(v, indent) + "\n")
		}
	default:
		b.WriteString(pad + indentContinuation(scalarText(v), indent) + "\n")
	}
}

func scalarText(v any) string {
	switch v := v.(type) {
	case nil:
		return "None"
	case bool:
		if v {
			return "True"
		}
		return "False"
	}
	return fmt.Sprint(v)
}
