package engine

import (
	"math"
	"time"

	"github.com/ordoproject/ordo/internal/salt/state"
)

// Record is one entry of Salt's result mapping.
type Record struct {
	Tag       string
	ID        string
	Name      string
	SLS       string
	Module    string
	Fun       string
	RunNum    int
	Result    state.Result
	Changes   state.Changes
	Comment   string
	StartTime string
	Duration  float64 // milliseconds
	NotRun    bool    // Salt's __state_ran__: False
	// SkipWatch is Salt's skip_watch: onlyif, unless or creates skipped
	// the state, so a watch on it did not call mod_watch.
	SkipWatch bool
	// SkipReq is Salt's skip_req (state.Return.SkipReq).
	SkipReq bool
	// Parallel is Salt's __parallel__: the state ran on its own, with
	// parallel: True.
	Parallel bool
	// gap is how many run numbers were used before this record: 1 when
	// mod_watch's record replaces the state's first call.
	gap int
}

func startTime(t time.Time) string { return t.Format("15:04:05.000000") }

func duration(start, end time.Time) float64 {
	return math.Round(float64(end.Sub(start).Microseconds())) / 1000
}
