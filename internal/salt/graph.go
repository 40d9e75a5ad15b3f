package salt

import (
	"fmt"
	"io"
	"strings"
)

// WriteOrder prints the run order: each state (and each pre-required
// state's dry run) with its order value and the requisites that place it
// after others, with where they were written.
func WriteOrder(w io.Writer, low *Low) error {
	var b strings.Builder
	for i, s := range low.Steps {
		c := s.Chunk
		what := c.Tag()
		if s.TestRun {
			what += " (dry run for prereq)"
		}
		fmt.Fprintf(&b, "%d. %s  [order %s, %s]\n", i+1, what, formatOrder(c.Order), c.Pos)
		if s.TestRun {
			continue
		}
		for _, r := range c.Requisites {
			for _, d := range r.Deps {
				if r.Type == "prereq" {
					fmt.Fprintf(&b, "     after the dry run of %s: prereq at %s\n", d.Tag(), c.ArgPos[r.Type])
					continue
				}
				fmt.Fprintf(&b, "     after %s: %s at %s\n", d.Tag(), r.Type, c.ArgPos[r.Type])
			}
		}
		for _, p := range c.PrereqBy {
			fmt.Fprintf(&b, "     after %s, which pre-requires it at %s\n", p.Tag(), p.ArgPos["prereq"])
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func formatOrder(f float64) string {
	if f == float64(int64(f)) {
		return fmt.Sprintf("%d", int64(f))
	}
	return fmt.Sprintf("%g", f)
}
