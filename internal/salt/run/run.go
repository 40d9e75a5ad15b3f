// Package run executes compiled Salt chunks in their sorted order the way
// Salt's state engine does: each chunk's requisites decide whether it runs,
// is skipped or fails; watch calls mod_watch; prereq targets are tried in
// a dry run first; listen fires at the end; failhard stops the run. Every
// record gets Salt's __run_num__, result, changes and comment.
package run

import (
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/ordoproject/ordo/internal/salt"
	"github.com/ordoproject/ordo/internal/salt/state"
)

// Options steer one run.
type Options struct {
	// Test is Salt's test=True: every state function runs as a dry run.
	Test bool
	// Failhard stops the run at the first state that fails.
	Failhard bool
	// Jobs is how many states may run at once; 0 or 1 runs them one by
	// one in Salt's order. A parallel run starts a state once its
	// requisites are done; run numbers stay those of the serial order.
	// Failhard runs are always serial.
	Jobs      int
	Functions state.Functions
	Env       *state.Env
	// Now is the clock; time.Now when nil.
	Now func() time.Time
}

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
	// Parallel is Salt's __parallel__: the state ran on its own, with
	// parallel: True.
	Parallel bool
	// gap is how many run numbers were used before this record: 1 when
	// mod_watch's record replaces the state's first call.
	gap int
}

// runner is one run's state.
type runner struct {
	opts    Options
	mu      sync.RWMutex
	results map[string]*Record
	tests   map[*salt.Chunk]*Record
	records []*Record
	runNum  int
	now     func() time.Time
}

func (r *runner) result(tag string) *Record {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.results[tag]
}

func (r *runner) testResult(c *salt.Chunk) *Record {
	r.mu.RLock()
	defer r.mu.RUnlock()
	return r.tests[c]
}

// Run executes low and returns the records in run order.
func Run(ctx context.Context, low *salt.Low, opts Options) []*Record {
	r := &runner{opts: opts, results: map[string]*Record{}, tests: map[*salt.Chunk]*Record{}, now: opts.Now}
	if r.now == nil {
		r.now = time.Now
	}
	failhard := opts.Failhard && !opts.Test
	serial := failhard || hasParallel(low)
	for _, c := range low.Chunks {
		if !opts.Test && truthy(c.Args["failhard"]) {
			serial = true
		}
	}
	switch {
	case opts.Jobs > 1 && !serial:
		r.runParallel(ctx, low, opts.Jobs)
	case hasParallel(low):
		r.runSerialWithParallel(ctx, low, failhard)
	default:
		for _, step := range low.Steps {
			if ctx.Err() != nil {
				break
			}
			c := step.Chunk
			if r.result(c.Tag()) != nil {
				continue
			}
			if step.TestRun {
				if rec := r.testRun(ctx, c); rec != nil {
					r.number(rec)
				}
				continue
			}
			rec := r.evaluate(ctx, c)
			r.number(rec)
			if rec.Result == state.False && !opts.Test && (failhard || truthy(c.Args["failhard"])) {
				break
			}
		}
	}
	if ctx.Err() == nil {
		r.listen(ctx, low)
	}
	return r.records
}

func truthy(v any) bool {
	switch v := v.(type) {
	case bool:
		return v
	case string:
		switch strings.ToLower(v) {
		case "true", "yes", "on", "1":
			return true
		}
	case int:
		return v != 0
	}
	return false
}

// store makes rec the result of its tag.
func (r *runner) store(rec *Record) *Record {
	r.mu.Lock()
	r.results[rec.Tag] = rec
	r.mu.Unlock()
	return rec
}

// number gives rec the next run number (after its gap) and adds it to
// the records in run order.
func (r *runner) number(rec *Record) {
	r.runNum += rec.gap
	rec.RunNum = r.runNum
	r.runNum++
	r.records = append(r.records, rec)
}

func hasParallel(low *salt.Low) bool {
	for _, c := range low.Chunks {
		if truthy(c.Args["parallel"]) {
			return true
		}
	}
	return false
}

// runSerialWithParallel runs the steps in order, except that a state
// with parallel: True is started on its own and the run goes on; a step
// waits for the parallel states it depends on, and the run for all of
// them at its end. Records are numbered in step order.
func (r *runner) runSerialWithParallel(ctx context.Context, low *salt.Low, failhard bool) {
	n := len(low.Steps)
	done := make([]chan struct{}, n)
	for i := range done {
		done[i] = make(chan struct{})
	}
	out := make([]*Record, n)
	var wg sync.WaitGroup
	stopped := n
	for i, step := range low.Steps {
		for _, w := range low.Waits[i] {
			<-done[w]
		}
		c := step.Chunk
		if ctx.Err() != nil {
			stopped = i
			break
		}
		if r.result(c.Tag()) != nil {
			close(done[i])
			continue
		}
		if step.TestRun {
			out[i] = r.testRun(ctx, c)
			close(done[i])
			continue
		}
		if truthy(c.Args["parallel"]) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer close(done[i])
				rec := r.evaluate(ctx, c)
				rec.Parallel = true
				out[i] = rec
			}()
			continue
		}
		out[i] = r.evaluate(ctx, c)
		close(done[i])
		if out[i].Result == state.False && !r.opts.Test && (failhard || truthy(c.Args["failhard"])) {
			stopped = i + 1
			break
		}
	}
	for i := stopped; i < n; i++ {
		close(done[i])
	}
	wg.Wait()
	for _, rec := range out {
		if rec != nil {
			r.number(rec)
		}
	}
}

// runParallel runs up to jobs steps at once, each once the steps it
// waits for are done, then numbers the records in step order.
func (r *runner) runParallel(ctx context.Context, low *salt.Low, jobs int) {
	n := len(low.Steps)
	done := make([]chan struct{}, n)
	for i := range done {
		done[i] = make(chan struct{})
	}
	// A later state with the tag of an earlier one is never run.
	skip := make([]bool, n)
	seen := map[string]bool{}
	for i, s := range low.Steps {
		if s.TestRun {
			continue
		}
		tag := s.Chunk.Tag()
		skip[i] = seen[tag]
		seen[tag] = true
	}
	out := make([]*Record, n)
	sem := make(chan struct{}, jobs)
	var wg sync.WaitGroup
	for i, step := range low.Steps {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(done[i])
			for _, w := range low.Waits[i] {
				<-done[w]
			}
			if skip[i] || ctx.Err() != nil || r.result(step.Chunk.Tag()) != nil {
				return
			}
			sem <- struct{}{}
			defer func() { <-sem }()
			if step.TestRun {
				out[i] = r.testRun(ctx, step.Chunk)
			} else {
				out[i] = r.evaluate(ctx, step.Chunk)
			}
		}()
	}
	wg.Wait()
	for _, rec := range out {
		if rec != nil {
			r.number(rec)
		}
	}
}

func (r *runner) base(c *salt.Chunk) *Record {
	return &Record{Tag: c.Tag(), ID: c.ID, Name: c.Name, SLS: c.SLS, Module: c.Module, Fun: c.Fun}
}

// notRun records a chunk that did not run.
func (r *runner) notRun(c *salt.Chunk, result state.Result, comment string) *Record {
	rec := r.base(c)
	start := r.now()
	rec.Result, rec.Comment, rec.Changes, rec.NotRun = result, comment, state.Changes{}, true
	rec.StartTime = startTime(start)
	rec.Duration = duration(start, r.now())
	return r.store(rec)
}

func startTime(t time.Time) string { return t.Format("15:04:05.000000") }

func duration(start, end time.Time) float64 {
	return math.Round(float64(end.Sub(start).Microseconds())) / 1000
}

// flags are the facts Salt derives from a chunk's requisites.
type flags map[string]bool

// requisiteFlags derives Salt's flags from the records of c's requisites.
func (r *runner) requisiteFlags(c *salt.Chunk) (flags, []string) {
	all := flags{}
	var failedDeps []string
	seenFailed := map[string]bool{}
	for _, req := range c.Requisites {
		f := flags{}
		for _, d := range req.Deps {
			rec := r.result(d.Tag())
			if req.Type == "prereq" {
				if t := r.testResult(d); t != nil {
					rec = t
				}
			}
			if rec == nil {
				f["unmet"] = true
				continue
			}
			// The failure list reads a dependency's dry-run record first.
			listed := rec
			if t := r.testResult(d); t != nil {
				listed = t
			}
			if listed.Result == state.False {
				key := d.SLS + "." + d.ID
				if !seenFailed[key] {
					seenFailed[key] = true
					failedDeps = append(failedDeps, key)
				}
			}
			switch {
			case strings.HasPrefix(req.Type, "onfail"):
				if rec.Result == state.True {
					f["onfail"] = true
					continue
				}
			case rec.Result == state.False:
				f["fail"] = true
				continue
			}
			switch {
			case strings.HasPrefix(req.Type, "onchanges"):
				if len(rec.Changes) == 0 {
					f["onchanges"] = true
				} else {
					f["onchangesmet"] = true
				}
				continue
			case strings.HasPrefix(req.Type, "watch") && len(rec.Changes) > 0:
				f["change"] = true
				continue
			}
			if req.Type == "prereq" {
				if rec.Result == state.None {
					f["premet"] = true
				} else {
					f["pre"] = true
					continue
				}
			}
			if !rec.NotRun {
				f["met"] = true
			}
		}
		switch {
		case strings.HasSuffix(req.Type, "_any") || req.Type == "onfail":
			if f["met"] || f["change"] {
				delete(f, "fail")
			}
			if f["onchangesmet"] {
				delete(f, "onchanges")
				delete(f, "fail")
			}
			if f["onfail"] && f["met"] {
				delete(f, "onfail")
			}
		case req.Type == "onfail_all":
			if f["onfail"] {
				delete(f, "met")
			}
		}
		for k := range f {
			all[k] = true
		}
	}
	return all, failedDeps
}

// testRun is the dry run of a pre-required chunk: its requisites decide
// first; a failure there is its final record, returned to be numbered.
func (r *runner) testRun(ctx context.Context, c *salt.Chunk) *Record {
	f, failedDeps := r.requisiteFlags(c)
	if f["fail"] {
		return r.notRun(c, state.False, "One or more requisite failed: "+strings.Join(failedDeps, ", "))
	}
	var rec *Record
	comment, skip := skipReason(f)
	if !skip && f["onfail"] && !f["change"] {
		comment, skip = "State was not run because onfail req did not change", true
	}
	if skip {
		// Not triggered: the dry run reports what the real turn would,
		// a state that does not run, which triggers nothing.
		rec = r.base(c)
		rec.Result, rec.Comment, rec.Changes, rec.NotRun = state.True, comment, state.Changes{}, true
		rec.StartTime = startTime(r.now())
	} else {
		rec = r.call(ctx, c, true, "", nil)
	}
	r.mu.Lock()
	r.tests[c] = rec
	r.mu.Unlock()
	return nil
}

// skipReason says whether the flags keep a state from running without
// failing it, and Salt's comment for that.
func skipReason(f flags) (string, bool) {
	switch {
	case f["pre"] && !f["premet"]:
		return "No changes detected", true
	case f["onfail"] && !f["onchangesmet"]:
		return "State was not run because onfail req did not change", true
	case f["onchanges"] && !f["onchangesmet"]:
		return "State was not run because none of the onchanges reqs changed", true
	}
	return "", false
}

// evaluate decides and runs one chunk.
func (r *runner) evaluate(ctx context.Context, c *salt.Chunk) *Record {
	for _, p := range c.PrereqBy {
		if pr := r.result(p.Tag()); pr != nil && pr.Result == state.False {
			if t := r.testResult(c); t != nil {
				rec := *t
				rec.Changes = state.Changes{}
				return r.store(&rec)
			}
		}
	}
	f, failedDeps := r.requisiteFlags(c)
	if f["fail"] {
		return r.notRun(c, state.False, "One or more requisite failed: "+strings.Join(failedDeps, ", "))
	}
	if comment, skip := skipReason(f); skip {
		return r.notRun(c, state.True, comment)
	}
	switch {
	case f["change"]:
		rec := r.call(ctx, c, r.opts.Test, "", nil)
		if len(rec.Changes) > 0 || rec.SkipWatch {
			return r.store(rec)
		}
		var watched []string
		for _, req := range c.Requisites {
			if req.Type != "watch" {
				continue
			}
			for _, d := range req.Deps {
				if dr := r.result(d.Tag()); dr != nil && len(dr.Changes) > 0 {
					watched = append(watched, d.Module+": "+d.ID)
				}
			}
		}
		if watched == nil {
			watched = []string{}
		}
		// The first call took a run number; mod_watch's record replaces
		// it under the same tag.
		mw := r.call(ctx, c, r.opts.Test, "mod_watch", watched)
		mw.gap = 1
		return r.store(mw)
	case f["onfail"]:
		return r.notRun(c, state.True, "State was not run because onfail req did not change")
	}
	return r.store(r.call(ctx, c, r.opts.Test, "", nil))
}

// call runs c's state function (or its mod_watch) after the onlyif,
// unless and creates checks, and returns the record without a run number.
func (r *runner) call(ctx context.Context, c *salt.Chunk, test bool, modWatch string, watched []string) *Record {
	rec := r.base(c)
	start := r.now()
	rec.StartTime = startTime(start)
	defer func() { rec.Duration = duration(start, r.now()) }()
	fun := c.Fun
	if modWatch != "" {
		fun = modWatch
	}
	if skip, ok := r.checks(ctx, c); ok {
		rec.Result, rec.Changes, rec.Comment, rec.SkipWatch = state.True, state.Changes{}, skip, true
		return rec
	}
	fn, ok := r.opts.Functions.Lookup(c.Module, fun)
	if !ok {
		rec.Result, rec.Changes = state.False, state.Changes{}
		rec.Comment = fmt.Sprintf("State '%s.%s' was not found in SLS '%s'\n", c.Module, fun, c.SLS)
		return rec
	}
	call := state.Call{Module: c.Module, Fun: fun, Name: c.Name, ID: c.ID, SLS: c.SLS, Args: c.Args, Test: test, WatchedChanges: watched}
	if modWatch != "" {
		call.Sfun = c.Fun
	}
	ret := safeCall(ctx, fn, r.opts.Env, call)
	if retry, ok := retryOf(c.Args["retry"]); ok && modWatch == "" {
		ret = r.retry(ctx, fn, call, ret, retry)
	}
	if v, ok := c.Args["check_cmd"]; ok && !test {
		// check_cmd has the last word on the result.
		result, comment := state.False, ""
		for _, cmd := range commandList(v) {
			if commandSucceeds(ctx, cmd) {
				if result == state.False {
					result, comment = state.True, "check_cmd determined the state succeeded"
				}
				continue
			}
			result, comment = state.False, "check_cmd determined the state failed"
			break
		}
		if comment != "" {
			ret.Result, ret.Comment = result, comment
		}
	}
	rec.Result, rec.Changes, rec.Comment, rec.SkipWatch = ret.Result, ret.Changes, ret.Comment, ret.SkipWatch
	if rec.Changes == nil {
		rec.Changes = state.Changes{}
	}
	return rec
}

// safeCall runs fn, turning a panic into a failed state.
func safeCall(ctx context.Context, fn state.Func, env *state.Env, c state.Call) (ret state.Return) {
	defer func() {
		if p := recover(); p != nil {
			ret = state.Return{Result: state.False, Changes: state.Changes{}, Comment: fmt.Sprintf("An exception occurred in this state: %v", p)}
		}
	}()
	return fn(ctx, env, c)
}

// checks runs the onlyif, unless and creates options as Salt's
// _run_check does: each present option adds a comment line, and the state
// is skipped (ok) when onlyif failed, unless passed or creates exist.
func (r *runner) checks(ctx context.Context, c *salt.Chunk) (string, bool) {
	var comments []string
	skip := false
	if v, has := c.Args["onlyif"]; has {
		passed, counted := true, false
		for _, item := range checkItems(v) {
			ok, isCheck := checkPasses(ctx, item)
			counted = counted || isCheck
			if isCheck && !ok {
				passed = false
				break
			}
		}
		if boolFalse(v) {
			passed, counted = false, true
		}
		if counted {
			if passed {
				comments = append(comments, "onlyif condition is true")
			} else {
				comments = append(comments, "onlyif condition is false")
				skip = true
			}
		}
	}
	if v, has := c.Args["unless"]; has {
		passed, counted := true, false
		for _, item := range checkItems(v) {
			ok, isCheck := checkPasses(ctx, item)
			counted = counted || isCheck
			if isCheck && !ok {
				passed = false
				break
			}
		}
		if boolTrue(v) {
			passed, counted = true, true
		}
		if counted {
			if passed {
				comments = append(comments, "unless condition is true")
				skip = true
			} else {
				comments = append(comments, "unless condition is false")
			}
		}
	}
	if v, has := c.Args["creates"]; has {
		paths := commandList(v)
		all := len(paths) > 0
		for _, p := range paths {
			if _, err := os.Stat(p); err != nil {
				all = false
			}
		}
		switch _, isList := v.([]any); {
		case all && isList:
			comments = append(comments, "All files in creates exist")
			skip = true
		case all:
			comments = append(comments, fmt.Sprintf("%s exists", paths[0]))
			skip = true
		default:
			comments = append(comments, "Creates files not found")
		}
	}
	if !skip {
		return "", false
	}
	return strings.Join(comments, "\n"), true
}

// checkList reads an onlyif or unless list: shell commands, and module
// calls written as {fun: test.true} (test.true, test.false and
// cmd.retcode with a cmd argument); an empty mapping is no check.
func checkPasses(ctx context.Context, item any) (bool, bool) {
	switch item := item.(type) {
	case string:
		return commandSucceeds(ctx, item), true
	case map[string]any:
		switch item["fun"] {
		case nil:
			return true, false
		case "test.true":
			return true, true
		case "test.false":
			return false, true
		case "cmd.retcode", "cmd.run":
			if s, ok := item["cmd"].(string); ok {
				return commandSucceeds(ctx, s), true
			}
			if args, ok := item["args"].([]any); ok && len(args) > 0 {
				return commandSucceeds(ctx, fmt.Sprint(args[0])), true
			}
		}
		return false, true
	}
	return true, false
}

func commandList(v any) []string {
	switch v := v.(type) {
	case string:
		return []string{v}
	case []any:
		var out []string
		for _, x := range v {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	return nil
}

func commandSucceeds(ctx context.Context, line string) bool {
	cmd := exec.CommandContext(ctx, "/bin/sh", "-c", line)
	return cmd.Run() == nil
}

// listen runs the listen and listen_in watchers after the main run.
func (r *runner) listen(ctx context.Context, low *salt.Low) {
	type pair struct{ listener, target *salt.Chunk }
	var pairs []pair
	var errs []*Record
	matching := func(mod, target string) []*salt.Chunk {
		var out []*salt.Chunk
		for _, c := range low.Chunks {
			if c.Module == mod && (c.ID == target || c.Name == target) {
				out = append(out, c)
			}
		}
		return out
	}
	listenErr := func(mod, target string) *Record {
		return &Record{Tag: "Listen_Error_|-listen_" + target + "_|-listen_" + mod + "_|-Listen_Error", Name: "listen_" + mod + ":" + target,
			Result: state.False, Changes: state.Changes{}, Comment: fmt.Sprintf("Referenced state %s: %s does not exist", mod, target)}
	}
	var order []*salt.Chunk
	for _, s := range low.Steps {
		if !s.TestRun {
			order = append(order, s.Chunk)
		}
	}
	for _, c := range order {
		if v, ok := c.Args["listen"].([]any); ok {
			for _, item := range v {
				switch item := item.(type) {
				case string:
					var last *salt.Chunk
					for _, d := range order {
						if d.ID == item || d.Name == item {
							last = d
						}
					}
					if last != nil {
						pairs = append(pairs, pair{c, last})
					}
				case map[string]any:
					for mod, t := range item {
						target := fmt.Sprint(t)
						found := matching(mod, target)
						if len(found) == 0 {
							errs = append(errs, listenErr(mod, target))
						}
						for _, d := range found {
							pairs = append(pairs, pair{c, d})
						}
					}
				}
			}
		}
		var in []any
		switch v := c.Args["listen_in"].(type) {
		case []any:
			in = v
		case map[string]any:
			in = []any{v}
		}
		for _, item := range in {
			m, ok := item.(map[string]any)
			if !ok {
				continue
			}
			for mod, t := range m {
				target := fmt.Sprint(t)
				found := matching(mod, target)
				if len(found) == 0 {
					if rec := r.result(c.Tag()); rec != nil && len(rec.Changes) > 0 {
						errs = append(errs, listenErr(mod, target))
					}
				}
				for _, d := range found {
					pairs = append(pairs, pair{d, c})
				}
			}
		}
	}
	fired := map[string]bool{}
	for _, p := range pairs {
		rec := r.result(p.target.Tag())
		if rec == nil || len(rec.Changes) == 0 {
			continue
		}
		for _, l := range matching(p.listener.Module, p.listener.ID) {
			if l.ID != p.listener.ID {
				continue
			}
			lc := *l
			lc.ID = "listener_" + l.ID
			lc.Requisites = nil
			tag := lc.Module + "_|-" + lc.ID + "_|-" + lc.Name + "_|-mod_watch"
			if fired[tag] {
				continue
			}
			fired[tag] = true
			out := r.call(ctx, &lc, r.opts.Test, "mod_watch", []string{})
			out.Tag, out.Fun = tag, "mod_watch"
			r.number(r.store(out))
		}
	}
	for _, e := range errs {
		if r.result(e.Tag) != nil {
			continue
		}
		r.number(r.store(e))
	}
}

func checkItems(v any) []any {
	switch v := v.(type) {
	case []any:
		return v
	case string, map[string]any:
		return []any{v}
	}
	return nil
}

func boolFalse(v any) bool { b, ok := v.(bool); return ok && !b }
func boolTrue(v any) bool  { b, ok := v.(bool); return ok && b }

// retrySpec is a state's retry option.
type retrySpec struct {
	attempts        int
	until           state.Result
	interval, splay float64 // seconds
}

// retryOf reads retry: True, or a mapping of attempts, until, interval
// and splay (Salt's defaults 2, True, 30, 0).
func retryOf(v any) (retrySpec, bool) {
	spec := retrySpec{attempts: 2, until: state.True, interval: 30}
	switch v := v.(type) {
	case bool:
		return spec, v
	case map[string]any:
		if n, ok := v["attempts"].(int); ok {
			spec.attempts = n
		}
		if b, ok := v["until"].(bool); ok && !b {
			spec.until = state.False
		}
		spec.interval = number(v["interval"], spec.interval)
		spec.splay = number(v["splay"], 0)
		return spec, true
	}
	return spec, false
}

func number(v any, def float64) float64 {
	switch v := v.(type) {
	case int:
		return float64(v)
	case float64:
		return v
	}
	return def
}

// retry calls fn again, every interval, until its result is the wanted
// one or the attempts are used up; each earlier attempt is summed up in
// the comment. A dry run only says what would be retried.
func (r *runner) retry(ctx context.Context, fn state.Func, call state.Call, ret state.Return, spec retrySpec) state.Return {
	if call.Test {
		ret.Comment += fmt.Sprintf("  The state would be retried every %s seconds (with a splay of up to %s seconds) a maximum of %d times or until a result of %s is returned",
			formatSeconds(spec.interval), formatSeconds(spec.splay), spec.attempts, spec.until)
		return ret
	}
	var history []string
	for attempt := 1; attempt < spec.attempts && ret.Result != spec.until; attempt++ {
		history = append(history, fmt.Sprintf("Attempt %d: Returned a result of \"%s\", with the following comment: \"%s\"", attempt, ret.Result, ret.Comment))
		select {
		case <-ctx.Done():
			return ret
		case <-time.After(time.Duration(spec.interval * float64(time.Second))):
		}
		ret = safeCall(ctx, fn, r.opts.Env, call)
	}
	if len(history) > 0 {
		ret.Comment = strings.Join(append(history, ret.Comment), "\n")
	}
	return ret
}

func formatSeconds(f float64) string {
	if f == float64(int64(f)) {
		return fmt.Sprintf("%d", int64(f))
	}
	return fmt.Sprintf("%g", f)
}
