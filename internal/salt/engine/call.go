package engine

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strings"
	"time"

	"github.com/ordoproject/ordo/internal/salt"
	"github.com/ordoproject/ordo/internal/salt/state"
)

// caller calls state functions as Salt's state engine does around them:
// the onlyif, unless and creates checks, retry and check_cmd.
type caller struct {
	functions state.Functions
	env       *state.Env
	now       func() time.Time
	// lowstate is every state of the run, for the functions that look
	// at the others (Salt's __lowstate__).
	lowstate []state.LowChunk
}

func base(c *salt.Chunk) *Record {
	return &Record{Tag: c.Tag(), ID: c.ID, Name: c.Name, SLS: c.SLS, Module: c.Module, Fun: c.Fun}
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

// call runs c's state function (or its mod_watch) after the onlyif,
// unless and creates checks, and returns the record without a run number.
func (r *caller) call(ctx context.Context, c *salt.Chunk, test bool, modWatch string, watched []string) *Record {
	rec := base(c)
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
	fn, ok := r.functions.Lookup(c.Module, fun)
	if !ok {
		rec.Result, rec.Changes = state.False, state.Changes{}
		rec.Comment = fmt.Sprintf("State '%s.%s' was not found in SLS '%s'\n", c.Module, fun, c.SLS)
		return rec
	}
	call := state.Call{Module: c.Module, Fun: fun, Name: c.Name, ID: c.ID, SLS: c.SLS, Args: c.Args, Test: test, WatchedChanges: watched, Lowstate: r.lowstate}
	if modWatch != "" {
		call.Sfun = c.Fun
	}
	ret := safeCall(ctx, fn, r.env, call)
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
	rec.Result, rec.Changes, rec.Comment, rec.SkipWatch, rec.SkipReq = ret.Result, ret.Changes, ret.Comment, ret.SkipWatch, ret.SkipReq
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
func (r *caller) checks(ctx context.Context, c *salt.Chunk) (string, bool) {
	var comments []string
	skip := false
	if v, has := c.Args["onlyif"]; has {
		passed, counted := checksPass(ctx, v)
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
		passed, counted := checksPass(ctx, v)
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

// checksPass runs the checks of an onlyif or unless option in turn and
// stops at the first that fails: passed is whether none failed, counted
// whether any item was a check at all.
func checksPass(ctx context.Context, v any) (passed, counted bool) {
	passed = true
	for _, item := range checkItems(v) {
		ok, isCheck := checkPasses(ctx, item)
		counted = counted || isCheck
		if isCheck && !ok {
			return false, true
		}
	}
	return passed, counted
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
func (r *caller) retry(ctx context.Context, fn state.Func, call state.Call, ret state.Return, spec retrySpec) state.Return {
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
		ret = safeCall(ctx, fn, r.env, call)
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

// listen runs the listen and listen_in watchers after the main run, as
// Salt's call_listen does. Each listen names what the state listens to;
// each listen_in item {mod: target} makes the states of mod whose ID or
// name is target listen to the declaring state. When a state listened
// to ran with changes, every state of the listener's module whose ID or
// name is the listener's ID runs its mod_watch, as listener_<ID>, once
// per tag, in the order they were found; a listen naming nothing, or a
// listen_in naming no listener when the state changed, is Salt's
// Listen_Error record, numbered after the listeners.
//
// external, when not nil, answers for a listen naming a resource of the
// other language ({puppet: Type[title]}): whether it is in the run, and
// whether it changed; refresh delivers the events of the states that
// changed to such a resource named by listen_in.
func (r *caller) listen(ctx context.Context, low *salt.Low, test bool, results map[string]*Record, number func(*Record),
	external func(target string) (changed, ok bool), refresh func(target string, events int) bool) {
	var order []*salt.Chunk
	for _, s := range low.Steps {
		if !s.TestRun {
			order = append(order, s.Chunk)
		}
	}
	// matches is Salt's "val in (state, __id__, name)" for a module's
	// states.
	matches := func(mod, val string) []*salt.Chunk {
		var out []*salt.Chunk
		for _, c := range order {
			if c.Module == mod && (c.ID == val || c.Name == val || c.Module == val) {
				out = append(out, c)
			}
		}
		return out
	}
	changed := func(c *salt.Chunk) bool {
		rec := results[c.Tag()]
		return rec != nil && len(rec.Changes) > 0
	}
	// A listener is a module and an ID (a state's own, or a listen_in
	// target), or a resource of the other language.
	type listener struct{ mod, id, external string }
	type entry struct {
		who   listener
		items []any
	}
	var entries []entry
	for _, c := range order {
		if v, ok := c.Args["listen"].([]any); ok {
			entries = append(entries, entry{who: listener{mod: c.Module, id: c.ID}, items: v})
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
			for mod, t := range sortedKeys(m) {
				who := listener{mod: mod, id: fmt.Sprint(t)}
				if mod == PuppetKey && external != nil && refresh != nil {
					who = listener{external: who.id}
				}
				entries = append(entries, entry{who: who, items: []any{map[string]any{c.Module: c.ID}}})
			}
		}
	}
	var watchers []*salt.Chunk
	events := map[string]int{}
	var externals []string
	var errs []*Record
	errSeen := map[string]bool{}
	listenErr := func(mod, target string) {
		rec := &Record{Tag: "Listen_Error_|-listen_" + target + "_|-listen_" + mod + "_|-Listen_Error", Name: "listen_" + mod + ":" + target,
			Result: state.False, Changes: state.Changes{}, Comment: fmt.Sprintf("Referenced state %s: %s does not exist", mod, target)}
		if !errSeen[rec.Tag] {
			errSeen[rec.Tag] = true
			errs = append(errs, rec)
		}
	}
	fire := func(who listener) {
		if who.external != "" {
			if _, ok := external(who.external); !ok {
				listenErr(PuppetKey, who.external)
				return
			}
			if events[who.external] == 0 {
				externals = append(externals, who.external)
			}
			events[who.external]++
			return
		}
		found := matches(who.mod, who.id)
		if len(found) == 0 {
			listenErr(who.mod, who.id)
			return
		}
		watchers = append(watchers, found...)
	}
	for _, e := range entries {
		for _, item := range e.items {
			if str, ok := item.(string); ok {
				// The first state whose ID or name it is, by its module
				// and ID: the item, a mapping then, matches no later one.
				item = nil
				for _, d := range order {
					if d.ID == str || d.Name == str {
						item = map[string]any{d.Module: d.ID}
						break
					}
				}
			}
			m, ok := item.(map[string]any)
			if !ok {
				continue
			}
			for lkey, lval := range sortedKeys(m) {
				target := fmt.Sprint(lval)
				if lkey == PuppetKey && external != nil {
					ch, ok := external(target)
					if !ok {
						listenErr(lkey, target)
					} else if ch {
						fire(e.who)
					}
					continue
				}
				to := matches(lkey, target)
				if len(to) == 0 {
					listenErr(lkey, target)
					continue
				}
				for _, t := range to {
					if changed(t) {
						fire(e.who)
					}
				}
			}
		}
	}
	// A resource of the other language refreshes once, with one event
	// per state it listens to that changed, in the order first found.
	for _, ext := range externals {
		refresh(ext, events[ext])
	}
	fired := map[string]bool{}
	for _, l := range watchers {
		lc := *l
		lc.ID = "listener_" + l.ID
		lc.Requisites = nil
		tag := lc.Module + "_|-" + lc.ID + "_|-" + lc.Name + "_|-mod_watch"
		if fired[tag] || results[tag] != nil {
			continue
		}
		fired[tag] = true
		out := r.call(ctx, &lc, test, "mod_watch", []string{})
		out.Tag, out.Fun = tag, "mod_watch"
		results[out.Tag] = out
		number(out)
	}
	for _, e := range errs {
		if results[e.Tag] != nil {
			continue
		}
		results[e.Tag] = e
		number(e)
	}
}

// sortedKeys yields a mapping's entries by key (a requisite item has
// one), so that a run does not depend on Go's map order.
func sortedKeys(m map[string]any) func(yield func(string, any) bool) {
	return func(yield func(string, any) bool) {
		keys := make([]string, 0, len(m))
		for k := range m {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if !yield(k, m[k]) {
				return
			}
		}
	}
}
