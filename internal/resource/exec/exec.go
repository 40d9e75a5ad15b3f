// Package exec implements the exec type: a command that runs when its
// checks (creates, onlyif, unless, refreshonly) allow, with Puppet's posix
// and shell providers.
package exec

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/file"
	"github.com/ordoproject/ordo/internal/resource/syscmd"
)

// Type is the exec resource type.
type Type struct{}

const unqualified = "'%s' is not qualified and no path was specified. Please qualify the command or specify a path."

var schema = resource.NewSchema(resource.Schema{
	Name: "exec",
	Doc:  "Runs a command when its checks (creates, onlyif, unless, refreshonly) allow.",
	Attrs: []resource.Attr{
		{Name: "returns", Kind: resource.KindProperty, Arrays: resource.EachAll, Default: "0", Doc: "The exit codes that mean success.", Check: resource.CheckFunc("exit codes", func(v catalog.Value) (catalog.Value, error) {
			if s, ok := v.(string); ok {
				return s, nil
			}
			return catalog.Scalar(v), nil
		})},
		{Name: "command", Namevar: true, Doc: "The command to run: a string, or a list of program and arguments.", Check: resource.CheckFuncString("a string or a list of strings", checkCommand, func(s string) (string, error) { return s, nil })},
		{Name: "path", Doc: "Directories to search for unqualified commands: a list, or one string separated by colons.", Check: resource.CheckFunc("a list of directories", checkPath)},
		{Name: "user", Doc: "The user to run the command as (root only).", Check: resource.CheckFunc("a user name or id", checkUser)},
		{Name: "group", Doc: "The group to run the command as."},
		{Name: "cwd", Doc: "The directory to run the command in.", Check: singlePath("cwd")},
		{Name: "logoutput", Default: "on_failure", Doc: "When to log the command's output: true, false or on_failure.", Check: resource.Enum("true", "false", "on_failure")},
		{Name: "refresh", Doc: "The command to run on refresh instead of command.", Check: commands},
		{Name: "environment", Doc: "Extra environment variables, as NAME=value.", Check: resource.CheckFunc("NAME=value settings", checkEnvironment)},
		{Name: "umask", Doc: "The umask to run the command with.", Check: resource.CheckFunc("an octal umask", checkUmask)},
		{Name: "timeout", Default: 300.0, Doc: "Seconds the command may run (each try); 0 for no limit.", Check: resource.CheckFunc("a number of seconds", checkTimeout)},
		{Name: "tries", Default: int64(1), Doc: "How many times to try the command until it succeeds.", Check: resource.CheckFunc("an integer from 1", checkTries)},
		{Name: "try_sleep", Default: 0.0, Listed: int64(0), Doc: "Seconds to wait between tries.", Check: resource.NumberCheck{Msg: "try_sleep must be a number", Negative: "try_sleep cannot be a negative number", Munging: true}},
		{Name: "refreshonly", Default: false, Doc: "Run only when refreshed by a change of another resource.", Check: resource.Boolean()},
		{Name: "creates", Doc: "Files whose existence means the command need not run.", Check: resource.ArrayOf(resource.AbsPathCheck{Msg: "creates must be a fully qualified path"})},
		{Name: "unless", Doc: "Commands that stop the command from running when one of them succeeds.", Check: commands},
		{Name: "onlyif", Doc: "Commands that must all succeed for the command to run.", Check: commands},
	},
	NonIsomorphic: true,
	Redacts:       []string{"command", "unless", "onlyif"},
	Features:      []resource.Feature{{Name: "umask", Doc: "Can run commands with a given umask."}},
	Providers: []resource.Provider{
		{Name: "posix", Default: true, Features: []string{"umask"}, Doc: "Runs the command directly; unqualified programs need path.", Find: find},
		{Name: "shell", Features: []string{"umask"}, Doc: "Runs the command through /bin/sh -c.", Confine: resource.Confine{Commands: []string{"/bin/sh"}}, Find: find},
		{Name: "windows", Unimplemented: true, Doc: "Runs the command on Windows; ordo does not have it.", Confine: resource.Confine{Facts: map[string][]string{"kernel": {"windows"}}}},
	},
	Validate: func(v resource.Values) error {
		if v.String("provider") == "shell" || v.Has("path") {
			return nil
		}
		// posix: unqualified programs need a path.
		for _, name := range []string{"unless", "onlyif"} {
			x, ok := v.Lookup(name)
			if !ok {
				continue
			}
			for _, c := range toCmds(x) {
				if exe := c.exe(); !filepath.IsAbs(exe) {
					return &resource.ParamError{Ref: v.Ref(), Param: name, Msg: fmt.Sprintf(unqualified, exe)}
				}
			}
		}
		if exe := commandOf(v).exe(); !filepath.IsAbs(exe) {
			return fmt.Errorf(unqualified, exe)
		}
		return nil
	},
})

func flatten(v catalog.Value) []catalog.Value {
	l, ok := v.([]catalog.Value)
	if !ok {
		return []catalog.Value{v}
	}
	var out []catalog.Value
	for _, e := range l {
		out = append(out, flatten(e)...)
	}
	return out
}

// commandOf returns the command v runs: the command parameter, or the
// title.
func commandOf(v resource.Values) cmd {
	if x, ok := v.Resource().Get("command"); ok && x != nil {
		c, _ := toCmd(x)
		return c
	}
	return cmd{text: v.String("command")}
}

// Schema returns exec's schema.
func (Type) Schema() *resource.Schema { return schema }

func checkCommand(v catalog.Value) (catalog.Value, error) {
	switch v.(type) {
	case string, []catalog.Value:
		return v, nil
	}
	return nil, fmt.Errorf("Command must be a String or Array<String>, got value of class %s", resource.RubyClass(v))
}

// commands checks refresh, unless and onlyif: strings, or lists of
// strings and argument vectors; anything else fails as Ruby's implicit
// conversion does.
var commands = resource.CheckFunc("a command, or a list of commands", func(v catalog.Value) (catalog.Value, error) {
	var walk func(v catalog.Value) error
	walk = func(v catalog.Value) error {
		switch x := resource.Unsensitive(v).(type) {
		case string:
			return nil
		case []catalog.Value:
			for _, e := range x {
				if err := walk(e); err != nil {
					return err
				}
			}
			return nil
		}
		return &resource.TypeError{Msg: "no implicit conversion of " + resource.RubyClass(resource.Unsensitive(v)) + " into String"}
	}
	if err := walk(v); err != nil {
		return nil, err
	}
	return v, nil
})

// checkPath accepts a string or a list of strings; New splits them.
func checkPath(v catalog.Value) (catalog.Value, error) {
	if _, ok := v.(string); ok {
		return v, nil
	}
	for _, e := range flatten(v) {
		if _, ok := e.(string); !ok {
			return nil, fmt.Errorf("Could not set path on exec: undefined method `split' for %s:%s", resource.Inspect(e), resource.RubyClass(e))
		}
	}
	return v, nil
}

// searchPath splits path's strings on colons.
func searchPath(v catalog.Value) []string {
	var out []string
	for _, s := range catalog.Strings(v) {
		out = append(out, strings.Split(s, ":")...)
	}
	return out
}

func checkUser(v catalog.Value) (catalog.Value, error) {
	if os.Geteuid() != 0 {
		s := catalog.Scalar(v)
		if u, err := user.Current(); err != nil || (u.Username != s && u.Uid != s) {
			return nil, errors.New("Only root can execute commands as other users")
		}
	}
	return v, nil
}

// singlePath is Puppet's Path parameter that takes one absolute path.
func singlePath(name string) resource.Check {
	abs := resource.AbsPathCheck{Msg: name + " must be a fully qualified path"}
	return resource.CheckFunc("an absolute path", func(v catalog.Value) (catalog.Value, error) {
		if _, ok := v.([]catalog.Value); ok {
			return nil, fmt.Errorf("%s only accepts a single path, not an array of paths", name)
		}
		return abs.Munge(v)
	})
}

func checkEnvironment(v catalog.Value) (catalog.Value, error) {
	for _, s := range catalog.Strings(v) {
		if !envSetting.MatchString(s) {
			return nil, fmt.Errorf("Invalid environment setting '%s'", s)
		}
	}
	return v, nil
}

func checkUmask(v catalog.Value) (catalog.Value, error) {
	s, ok := v.(string)
	if !ok || !umaskRE.MatchString(s) {
		return nil, fmt.Errorf("The umask specification is invalid: %s", resource.Inspect(v))
	}
	n, _ := strconv.ParseInt(s, 8, 32)
	return n, nil
}

// checkTimeout accepts a number (or a list, whose first element is
// used); the value stays as given, and New reads it with number.
func checkTimeout(v catalog.Value) (catalog.Value, error) {
	if l, ok := v.([]catalog.Value); ok && len(l) > 0 {
		v = l[0]
	}
	if _, err := number(v); err != nil {
		return nil, &resource.MungeError{Msg: "The timeout must be a number."}
	}
	return v, nil
}

func checkTries(v catalog.Value) (catalog.Value, error) {
	var n int64
	switch x := v.(type) {
	case int64:
		n = x
	case string:
		if !allDigits(x) {
			return nil, &resource.MungeError{Msg: "Tries must be an integer"}
		}
		i, err := strconv.ParseInt(x, 10, 64)
		if err != nil {
			return nil, &resource.MungeError{Msg: "Tries must be an integer"}
		}
		n = i
	default:
		return nil, &resource.MungeError{Msg: "Tries must be an integer >= 1"}
	}
	if n < 1 {
		return nil, &resource.MungeError{Msg: "Tries must be an integer >= 1"}
	}
	return n, nil
}

// cmd is one command: a string (run directly or, with shell syntax,
// through /bin/sh) or an argument vector.
type cmd struct {
	text string
	argv []string
}

// String renders the command as Puppet shows it in messages: a string as
// it is, an argument vector in Ruby's inspect form, ["/bin/sh", "-c", "x"].
func (c cmd) String() string {
	if c.argv != nil {
		parts := make([]string, len(c.argv))
		for i, a := range c.argv {
			parts[i] = strconv.Quote(a)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return c.text
}

// joined renders the command as one line, as the execution layer logs it.
func (c cmd) joined() string {
	if c.argv != nil {
		return strings.Join(c.argv, " ")
	}
	return c.text
}

// exe is the program a command starts, as Puppet extracts it.
func (c cmd) exe() string {
	if c.argv != nil {
		if len(c.argv) == 0 {
			return ""
		}
		return c.argv[0]
	}
	if m := quotedExe.FindStringSubmatch(c.text); m != nil {
		if m[1] != "" {
			return m[1]
		}
		return m[2]
	}
	exe, _, _ := strings.Cut(c.text, " ")
	return exe
}

var quotedExe = lazyre.New(`^"([^"]+)"|^'([^']+)'`)

type instance struct {
	title     string
	provider  string // posix or shell
	command   cmd
	path      []string
	cwd       string
	env       []string
	creates   []string
	unless    []cmd
	onlyif    []cmd
	refresh   *cmd
	refrOnly  bool
	returns   []string
	timeout   time.Duration
	tries     int
	trySleep  time.Duration
	logoutput string
	umask     *int
	user      string
	group     string
	level     resource.Level
	sensitive bool

	run bool // after Retrieve: the checks let the command run
}

func toCmd(v catalog.Value) (cmd, bool) {
	v = resource.Unsensitive(v)
	switch x := v.(type) {
	case string:
		return cmd{text: x}, true
	case []catalog.Value:
		argv := make([]string, 0, len(x))
		for _, e := range x {
			e = resource.Unsensitive(e)
			if l, ok := e.([]catalog.Value); ok {
				argv = append(argv, catalog.Strings(l)...)
				continue
			}
			argv = append(argv, catalog.Scalar(e))
		}
		return cmd{argv: argv}, true
	}
	return cmd{}, false
}

// toCmds reads onlyif/unless: a string, a list of strings (several
// commands) or a list holding argument vectors.
func toCmds(v catalog.Value) []cmd {
	v = resource.Unsensitive(v)
	l, ok := v.([]catalog.Value)
	if !ok {
		c, _ := toCmd(v)
		return []cmd{c}
	}
	var out []cmd
	for _, e := range l {
		if c, ok := toCmd(e); ok {
			out = append(out, c)
		}
	}
	return out
}

// New returns the instance for v.
func (Type) New(v resource.Values) (resource.Instance, error) {
	r := v.Resource()
	e := &instance{
		title:     r.Title,
		provider:  v.String("provider"),
		path:      searchPath(v.Get("path")),
		cwd:       v.String("cwd"),
		env:       v.Strings("environment"),
		creates:   v.Strings("creates"),
		refrOnly:  v.Bool("refreshonly"),
		returns:   v.Strings("returns"),
		tries:     int(v.Get("tries").(int64)),
		logoutput: v.String("logoutput"),
		user:      v.String("user"),
		group:     v.String("group"),
		level:     v.Level(),
		sensitive: v.Sensitive("command") || v.Sensitive("onlyif") || v.Sensitive("unless"),
	}
	if e.provider == "" {
		e.provider = "posix"
	}
	e.command = commandOf(v)
	if x, ok := v.Lookup("unless"); ok {
		e.unless = toCmds(x)
	}
	if x, ok := v.Lookup("onlyif"); ok {
		e.onlyif = toCmds(x)
	}
	if x, ok := v.Lookup("refresh"); ok {
		c, _ := toCmd(x)
		e.refresh = &c
	}
	e.timeout = duration(v.Get("timeout"))
	e.trySleep = duration(v.Get("try_sleep"))
	if x, ok := v.Lookup("umask"); ok {
		m := int(x.(int64))
		e.umask = &m
	}
	return e, nil
}

// duration reads a number of seconds the schema checked; negative
// numbers count as 0.
func duration(v catalog.Value) time.Duration {
	f, _ := number(v)
	return time.Duration(max(f, 0) * float64(time.Second))
}

var (
	envSetting = lazyre.New(`\w+=`)
	umaskRE    = lazyre.New(`^0?[0-7]{1,4}$`)
)

func number(v catalog.Value) (float64, error) {
	switch x := v.(type) {
	case int64:
		return float64(x), nil
	case float64:
		return x, nil
	case string:
		return strconv.ParseFloat(strings.TrimSpace(x), 64)
	}
	return 0, errors.New("not a number")
}

func (e *instance) Exists() bool { return true }

func (e *instance) Properties() []resource.Property { return []resource.Property{(*returns)(e)} }

// Retrieve runs the checks that decide whether the command runs.
func (e *instance) Retrieve(ctx context.Context, h *resource.Handle) error {
	ok, err := e.checks(ctx, h, false)
	e.run = ok
	return err
}

// checks runs refreshonly, creates, unless and onlyif in Puppet's order and
// reports whether all pass.
func (e *instance) checks(ctx context.Context, h *resource.Handle, refreshing bool) (bool, error) {
	blocked := func(check string) (bool, error) {
		h.Logf(resource.Debug, "'%s' won't be executed because of failed check '%s'", e.cmdString(), check)
		return false, nil
	}
	if e.refrOnly && !refreshing {
		return blocked("refreshonly")
	}
	for _, p := range e.creates {
		if h.Log != nil {
			h.Log.Log(resource.Debug, h.Path+"/creates", fmt.Sprintf("Checking that 'creates' path '%s' exists", p))
		}
		if _, err := os.Lstat(p); err == nil {
			return blocked("creates")
		}
	}
	// unless passes when its commands fail, onlyif when they succeed.
	for _, check := range []struct {
		name     string
		cmds     []cmd
		passWith func(exit int) bool
	}{
		{"unless", e.unless, func(exit int) bool { return exit != 0 }},
		{"onlyif", e.onlyif, func(exit int) bool { return exit == 0 }},
	} {
		for _, c := range check.cmds {
			res, err := e.exec(ctx, h, c, true)
			if err != nil {
				if errors.Is(err, errTimeout) {
					h.Logf(resource.Err, "Check %s exceeded timeout", strconv.Quote(c.String()))
					return false, nil
				}
				return false, err
			}
			e.debugOutput(h, check.name, res.Output)
			if !check.passWith(res.ExitCode) {
				return blocked(check.name)
			}
		}
	}
	return true, nil
}

// debugOutput logs a check's output at debug level, with the check
// parameter's path as the source.
func (e *instance) debugOutput(h *resource.Handle, check string, out []byte) {
	if len(out) == 0 || h.Log == nil {
		return
	}
	src := h.Path + "/" + check
	if e.sensitive {
		h.Log.Log(resource.Debug, src, "[output redacted]")
		return
	}
	for _, line := range lines(out) {
		h.Log.Log(resource.Debug, src, line)
	}
}

// lines splits output as Ruby's split(/\n/) does: no trailing empty lines.
func lines(out []byte) []string {
	s := strings.TrimRight(string(out), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

func (e *instance) cmdString() string {
	if e.sensitive {
		return "[command redacted]"
	}
	return e.command.String()
}

var errTimeout = errors.New("Command exceeded timeout")

// exec runs one command the way the provider does: check the program,
// log, and start it with the resource's cwd, user, environment, umask and
// timeout.
func (e *instance) exec(ctx context.Context, h *resource.Handle, c cmd, check bool) (resource.Result, error) {
	if e.provider == "posix" {
		if err := e.checkExe(c); err != nil {
			return resource.Result{}, err
		}
	}
	shown := c.String()
	if e.sensitive {
		shown = "[redacted]"
	}
	kind := ""
	if check {
		kind = " check"
	}
	if h.Log != nil {
		h.Log.Log(resource.Debug, "Exec["+e.title+"](provider="+e.provider+")", fmt.Sprintf("Executing%s '%s'", kind, shown))
		if !e.sensitive {
			shown = c.joined()
		}
		h.Log.Log(resource.Debug, "", syscmd.Executing(e.user, e.group, shown))
	}
	// Like Puppet, commands do not inherit the user-related variables.
	rc := resource.Command{Dir: e.cwd, Path: e.path, Umask: e.umask, Timeout: e.timeout, UnsetEnv: []string{"HOME", "USER", "LOGNAME"}}
	switch {
	case e.provider == "shell":
		rc.Shell = true
		rc.Argv = []string{c.joined()}
	case c.argv != nil:
		rc.Argv = c.argv
	default:
		line := resource.CommandLine(c.text)
		rc.Shell, rc.Argv = line.Shell, line.Argv
	}
	if len(e.path) > 0 {
		rc.Env = append(rc.Env, "PATH="+strings.Join(e.path, ":"))
	}
	rc.Env = append(rc.Env, e.env...)
	for _, id := range []string{e.user, e.group} {
		if allDigits(id) {
			if _, err := strconv.ParseUint(id, 10, 32); err != nil {
				// Puppet's child process fails to take the id and says so
				// as the command's output.
				return resource.Result{ExitCode: 1, Output: []byte("Error: Could not execute posix command: integer " + strings.TrimLeft(id, "0") + " too big to convert to `unsigned int'\n")}, nil
			}
		}
	}
	if e.user != "" || e.group != "" {
		uid, gid, err := syscmd.Credentials(e.user, e.group)
		if err != nil {
			return resource.Result{}, err
		}
		rc.UID, rc.GID = uid, gid
	}
	if e.cwd != "" {
		if fi, err := os.Stat(e.cwd); err != nil || !fi.IsDir() {
			return resource.Result{}, fmt.Errorf("Working directory %s does not exist!", e.cwd)
		}
	}
	runner := h.Runner
	if runner == nil {
		runner = command.Runner{}
	}
	res, err := runner.Run(ctx, rc)
	if err != nil {
		return res, err
	}
	if res.TimedOut {
		return res, errTimeout
	}
	if res.ExitCode == 127 {
		return res, errors.New(strings.TrimRight(string(res.Output), "\n"))
	}
	return res, nil
}

// checkExe is the posix provider's check that the program exists and can
// run, with Puppet's messages.
func (e *instance) checkExe(c cmd) error {
	exe := c.exe()
	if filepath.IsAbs(exe) {
		fi, err := os.Stat(exe)
		switch {
		case err != nil:
			return &command.NotFoundError{Program: exe}
		case !fi.Mode().IsRegular():
			return fmt.Errorf("'%s' is a %s, not a file", exe, resource.FileType(fi.Mode()))
		case fi.Mode()&0o111 == 0:
			return fmt.Errorf("'%s' is not executable", exe)
		}
		return nil
	}
	if len(e.path) > 0 {
		if _, err := command.Resolve(exe, e.path); err == nil {
			return nil
		}
	}
	return &command.NotFoundError{Program: exe}
}

// Refresh runs the refresh command (or the command again) when the checks
// other than refreshonly pass.
func (e *instance) Refresh(ctx context.Context, h *resource.Handle) error {
	ok, err := e.checks(ctx, h, true)
	if err != nil || !ok {
		return err
	}
	if e.refresh != nil {
		_, err := e.exec(ctx, h, *e.refresh, false)
		return err
	}
	return (*returns)(e).Sync(ctx, h)
}

// returns is exec's one property: 'notrun' until the command ran.
type returns instance

func (r *returns) Name() string { return "returns" }
func (r *returns) Current() catalog.Value {
	if r.run {
		return "notrun"
	}
	return r.Desired()
}
func (r *returns) Desired() catalog.Value {
	out := make([]catalog.Value, len(r.returns))
	for i, s := range r.returns {
		out[i] = s
	}
	return out
}
func (r *returns) InSync() bool    { return !r.run }
func (r *returns) Message() string { return "executed successfully" }
func (r *returns) Event() string   { return "executed_command" }
func (r *returns) expected(n int) bool {
	s := strconv.Itoa(n)
	for _, w := range r.returns {
		if w == s {
			return true
		}
	}
	return false
}

// Sync runs the command up to tries times until it exits with an expected
// code, logs its output as logoutput says, and fails on any other code.
func (r *returns) Sync(ctx context.Context, h *resource.Handle) error {
	e := (*instance)(r)
	var res resource.Result
	for try := 0; try < e.tries; try++ {
		if e.tries > 1 && h.Log != nil {
			h.Log.Log(resource.Debug, h.Path+"/returns", fmt.Sprintf("Exec try %d/%d", try+1, e.tries))
		}
		var err error
		res, err = e.exec(ctx, h, e.command, false)
		if err != nil {
			return err
		}
		if r.expected(res.ExitCode) {
			break
		}
		if e.trySleep > 0 && e.tries > 1 {
			if h.Log != nil {
				h.Log.Log(resource.Debug, h.Path+"/returns", fmt.Sprintf("Sleeping for %s seconds between tries", seconds(e.trySleep)))
			}
			select {
			case <-ctx.Done():
				return ctx.Err()
			case <-time.After(e.trySleep):
			}
		}
	}
	ok := r.expected(res.ExitCode)
	if e.logoutput == "true" || (e.logoutput == "on_failure" && !ok) {
		if h.Log != nil {
			if e.sensitive {
				h.Log.Log(e.level, h.Path+"/returns", "[output redacted]")
			} else {
				for _, line := range lines(res.Output) {
					h.Log.Log(e.level, h.Path+"/returns", line)
				}
			}
		}
	}
	if !ok {
		return fmt.Errorf("%s returned %d instead of one of [%s]", e.quotedCmd(), res.ExitCode, strings.Join(r.returns, ","))
	}
	return nil
}

func (e *instance) quotedCmd() string {
	if e.sensitive {
		return "[command redacted]"
	}
	return "'" + e.command.String() + "'"
}

// seconds renders a duration as Ruby prints a Float of seconds.
func seconds(d time.Duration) string {
	return catalog.Scalar(d.Seconds())
}

var fileCmd = lazyre.New(`^(/\S+)`)

// AutoRequire returns the files exec depends on (cwd, the programs of
// command, onlyif and unless) and its user.
func (Type) AutoRequire(r *catalog.Resource, c *catalog.Catalog) []catalog.Ref {
	var refs []catalog.Ref
	addFile := func(p string) {
		if ref, ok := file.Find(c, filepath.Clean(p)); ok {
			refs = append(refs, ref)
			return
		}
		refs = append(refs, catalog.Ref{Type: "File", Title: p})
	}
	if cwd := r.String("cwd"); cwd != "" {
		addFile(cwd)
	}
	cv, ok := r.Get("command")
	if !ok || cv == nil {
		cv = r.Title
	}
	if x, ok := cv.(*catalog.Rich); ok && x.PType == "Deferred" {
		_ = x
	} else if cm, ok := toCmd(cv); ok {
		line := cm.text
		if len(cm.argv) > 0 {
			line = cm.argv[0]
		}
		if m := fileCmd.FindStringSubmatch(line); m != nil {
			addFile(m[1])
		}
		if m := quotedFile.FindStringSubmatch(line); m != nil {
			addFile(m[1])
		}
	}
	for _, p := range []string{"onlyif", "unless"} {
		v, ok := r.Get(p)
		if !ok || v == nil {
			continue
		}
		v = resource.Unsensitive(v)
		l, isList := v.([]catalog.Value)
		if !isList {
			l = []catalog.Value{v}
		}
		for _, line := range l {
			line = resource.Unsensitive(line)
			if a, ok := line.([]catalog.Value); ok {
				if len(a) == 0 {
					continue
				}
				line = a[0]
			}
			s, ok := line.(string)
			if !ok {
				continue
			}
			if m := fileCmd.FindStringSubmatch(s); m != nil {
				addFile(m[1])
			}
		}
	}
	if u := r.String("user"); u != "" && !allDigits(u) {
		refs = append(refs, catalog.Ref{Type: "User", Title: u})
	}
	return refs
}

var quotedFile = lazyre.New(`^"([^"]+)"`)

func allDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// find is an exec as puppet resource shows one: it has no state but its
// returns, which reads as notrun until the command runs.
func find(_ context.Context, _ *resource.Handle, name string) (*catalog.Resource, error) {
	r := &catalog.Resource{Type: "Exec", Title: name}
	r.Set("returns", "notrun")
	return r, nil
}
