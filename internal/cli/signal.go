package cli

import (
	"context"
	"errors"
	"os"
	"os/signal"
	"syscall"
)

// Interrupted is the cause of a context canceled by a signal: Signal is
// its short name, INT or TERM.
type Interrupted struct{ Signal string }

func (e *Interrupted) Error() string { return "caught " + e.Signal }

// SignalContext returns a copy of parent that is canceled, with an
// *Interrupted cause, when SIGINT or SIGTERM arrives. Later signals are
// still caught until stop is called, so that a run can skip what is left
// and finish its report instead of dying half way.
func SignalContext(parent context.Context) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-ch:
			name := "INT"
			if s == syscall.SIGTERM {
				name = "TERM"
			}
			cancel(&Interrupted{Signal: name})
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		close(done)
		cancel(nil)
	}
}

// interruption returns the signal that canceled ctx ("INT", "TERM"), or
// "" when ctx was canceled some other way or not at all.
func interruption(ctx context.Context) string {
	var in *Interrupted
	if errors.As(context.Cause(ctx), &in) {
		return in.Signal
	}
	return ""
}
