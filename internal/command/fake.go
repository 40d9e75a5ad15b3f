package command

import (
	"context"
	"fmt"
	"sync"

	"github.com/ordoproject/ordo/internal/resource"
)

// Fake is a resource.Runner for tests: it records every command as a
// Line and answers from Results, or passes the command on to Next.
type Fake struct {
	// Results maps a command line (see Line) to its result.
	Results map[string]resource.Result
	// Next runs commands Results has no answer for; nil gives an error.
	Next resource.Runner

	mu    sync.Mutex
	lines []string
}

// Run records c and answers it.
func (f *Fake) Run(ctx context.Context, c resource.Command) (resource.Result, error) {
	line := Line(c)
	f.mu.Lock()
	f.lines = append(f.lines, line)
	res, ok := f.Results[line]
	f.mu.Unlock()
	if ok {
		return res, nil
	}
	if f.Next != nil {
		return f.Next.Run(ctx, c)
	}
	return resource.Result{}, fmt.Errorf("unexpected command: %s", line)
}

// Lines returns the commands run so far, in order.
func (f *Fake) Lines() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.lines...)
}
