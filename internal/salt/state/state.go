// Package state holds the Salt state functions ordo offers, each
// returning what Salt's function of the same name returns: a result,
// changes and a comment. file.* changes files through ordo's file type;
// pkg.*, service.*, user.*, group.* and mount.* drive ordo's resource
// types through their providers; cmd.* runs on ordo's command runner;
// test.*, host.*, cron.*, ssh_auth.* and pkgrepo.* are written here, on
// the files and commands Salt's own modules use (docs/salt.md says why
// for each).
package state

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/ordoproject/ordo/internal/resource"
)

// Result is a state's outcome: True, False, or None (a dry run that would
// change something).
type Result int

const (
	True Result = iota
	False
	None
)

func (r Result) String() string {
	switch r {
	case True:
		return "True"
	case False:
		return "False"
	}
	return "None"
}

// Changes is a state's changes mapping.
type Changes = map[string]any

// Return is what a state function returns.
type Return struct {
	Result  Result
	Changes Changes
	Comment string
	// SkipWatch says an onlyif/unless/creates check skipped the call, so
	// a watch must not call mod_watch.
	SkipWatch bool
	// SkipReq is Salt's skip_req: the states that depend on this one
	// are not triggered by it (an onchanges or prereq it meets leaves
	// them not run, a watch does not call mod_watch).
	SkipReq bool
}

// Call is one call of a state function.
type Call struct {
	Module, Fun string
	Name        string
	ID          string
	SLS         string
	Args        map[string]any
	Test        bool
	// Sfun is the function a mod_watch call stands in for.
	Sfun string
	// WatchedChanges lists "<module>: <id>" for each watch target that
	// changed, for test.mod_watch.
	WatchedChanges []string
	// Lowstate is every state of the run, as Salt's __lowstate__ shows
	// them to a state function (file.recurse's clean keeps what the file
	// states it requires manage).
	Lowstate []LowChunk
}

// LowChunk is what a state function may know of a state of the run.
type LowChunk struct {
	ID, Name, Module, Fun string
	Args                  map[string]any
}

// Env is what state functions may use: the file root for salt:// sources,
// the Jinja renderer for template: jinja, and the hosts file.
type Env struct {
	FileRoot string
	// HostsFile is the file host.* states manage; /etc/hosts when empty.
	HostsFile string
	// AptDir holds the APT sources pkgrepo.* states read and write;
	// /etc/apt when empty.
	AptDir string
	// Types are ordo's resource types that pkg.* and service.* run on;
	// builtin.Registry() when nil.
	Types *resource.Registry
	// Runner runs the providers' commands; the real one when nil.
	Runner resource.Runner
	// Pillar and Grains serve contents_pillar and contents_grains.
	Pillar, Grains map[string]any
	// Render renders a Jinja template text with extra context variables.
	Render func(name string, text []byte, vars map[string]any) (string, error)
	// CacheDir is the minion's cache, where file.managed's backup: minion
	// keeps its copies (in file_backup/); /var/cache/salt/minion when
	// empty.
	CacheDir string
	// Now is the clock of the backups' names; time.Now when nil.
	Now func() time.Time

	// acc holds what file.accumulated states gave, for the run's
	// file.managed templates and file.blockreplace states.
	acc accumulators
}

func (e *Env) cacheDir() string {
	if e.CacheDir == "" {
		return "/var/cache/salt/minion"
	}
	return e.CacheDir
}

// Func is one state function.
type Func func(ctx context.Context, env *Env, c Call) Return

// Functions is the table of state functions by "module.function".
type Functions map[string]Func

// Default returns every state function ordo implements.
func Default() Functions {
	f := Functions{}
	addTest(f)
	addCmd(f)
	addFile(f)
	addAccounts(f)
	addHost(f)
	addPkg(f)
	addService(f)
	addCron(f)
	addSSHAuth(f)
	addPkgrepo(f)
	addMount(f)
	addSysctl(f)
	return f
}

// Lookup returns the function for module.fun.
func (f Functions) Lookup(module, fun string) (Func, bool) {
	fn, ok := f[module+"."+fun]
	return fn, ok
}

// HasModWatch reports whether module has a mod_watch function.
func (f Functions) HasModWatch(module string) bool {
	_, ok := f[module+".mod_watch"]
	return ok
}

func str(args map[string]any, key string) string {
	v, ok := args[key]
	if !ok || v == nil {
		return ""
	}
	if s, ok := v.(string); ok {
		return s
	}
	return fmt.Sprint(v)
}

func boolArg(args map[string]any, key string, def bool) bool {
	v, ok := args[key]
	if !ok || v == nil {
		return def
	}
	switch v := v.(type) {
	case bool:
		return v
	case string:
		switch strings.ToLower(v) {
		case "true", "yes", "1", "on":
			return true
		}
		return false
	case int:
		return v != 0
	}
	return def
}

// commentOr returns the comment argument, or def.
func commentOr(args map[string]any, def string) string {
	if v, ok := args["comment"]; ok && v != nil {
		return fmt.Sprint(v)
	}
	return def
}

// Has reports whether module.fun exists, for the compiler.
func (f Functions) Has(module, fun string) bool {
	_, ok := f[module+"."+fun]
	return ok
}

// missingParams is Salt's check, before a state function runs, that its
// required arguments are there: one line per missing argument, each
// ending in a newline. ok is false when one is missing.
func missingParams(c Call, names ...string) (Return, bool) {
	comment := ""
	for _, n := range names {
		if _, has := c.Args[n]; !has {
			comment += fmt.Sprintf("Missing parameter %s for state %s.%s\n", n, c.Module, c.Fun)
		}
	}
	if comment == "" {
		return Return{}, true
	}
	return Return{Result: False, Changes: Changes{}, Comment: comment}, false
}

// mappingArg refuses a mapping where a state takes a string or a list of
// strings (Salt would go on with the mapping's keys, or fail deep in its
// modules): the state fails before it changes anything.
func mappingArg(c Call, keys ...string) (Return, bool) {
	for _, k := range keys {
		if _, isMap := c.Args[k].(map[string]any); isMap {
			return failed("The '%s' argument of %s.%s must be a string or a list of strings, not a mapping", k, c.Module, c.Fun), true
		}
	}
	return Return{}, false
}
