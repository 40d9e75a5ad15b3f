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
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/file"
)

// Type is the exec resource type.
type Type struct{}

// Name returns "exec".
func (Type) Name() string { return "exec" }

// Attributes lists exec's attributes in Puppet's definition order.
func (Type) Attributes() []resource.Attribute {
	return []resource.Attribute{
		{Name: "command", Namevar: true},
		{Name: "returns", Property: true},
		{Name: "path"},
		{Name: "user"},
		{Name: "group"},
		{Name: "cwd"},
		{Name: "logoutput"},
		{Name: "refresh"},
		{Name: "environment"},
		{Name: "umask"},
		{Name: "timeout"},
		{Name: "tries"},
		{Name: "try_sleep"},
		{Name: "refreshonly"},
		{Name: "creates"},
		{Name: "unless"},
		{Name: "onlyif"},
		{Name: "provider"},
	}
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

var quotedExe = regexp.MustCompile(`^"([^"]+)"|^'([^']+)'`)

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

func unwrap(v catalog.Value) (catalog.Value, bool) {
	if s, ok := v.(catalog.Sensitive); ok {
		return s.Value, true
	}
	return v, false
}

func toCmd(v catalog.Value) (cmd, bool) {
	v, _ = unwrap(v)
	switch x := v.(type) {
	case string:
		return cmd{text: x}, true
	case []catalog.Value:
		argv := make([]string, 0, len(x))
		for _, e := range x {
			e, _ = unwrap(e)
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
	v, _ = unwrap(v)
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

// New validates r and returns its instance.
func (Type) New(r *catalog.Resource) (resource.Instance, error) {
	e := &instance{title: r.Title, provider: "posix", returns: []string{"0"}, timeout: 300 * time.Second, tries: 1, logoutput: "on_failure", level: resource.Notice}
	ref := r.Ref()
	fail := func(param, format string, args ...any) error {
		return &resource.ParamError{Ref: ref, Param: param, Msg: fmt.Sprintf(format, args...)}
	}
	cv, ok := r.Get("command")
	if !ok || cv == nil {
		cv = r.Title
	}
	c, ok := toCmd(cv)
	if !ok {
		return nil, fail("command", "Command must be a String or Array<String>, got value of class %s", resource.RubyClass(cv))
	}
	e.command = c
	e.sensitive = r.IsSensitive("command") || r.IsSensitive("onlyif") || r.IsSensitive("unless")
	for _, p := range r.Params {
		v, _ := unwrap(p.Value)
		if v == nil {
			continue
		}
		switch p.Name {
		case "path":
			for _, s := range catalog.Strings(v) {
				e.path = append(e.path, strings.Split(s, ":")...)
			}
		case "cwd":
			e.cwd = catalog.Scalar(v)
			if !filepath.IsAbs(e.cwd) {
				return nil, fail("cwd", "cwd must be a fully qualified path")
			}
		case "environment":
			for _, s := range catalog.Strings(v) {
				if !envSetting.MatchString(s) {
					return nil, fail("environment", "Invalid environment setting '%s'", s)
				}
				e.env = append(e.env, s)
			}
		case "creates":
			e.creates = catalog.Strings(v)
			for _, c := range e.creates {
				if !filepath.IsAbs(c) {
					return nil, fail("creates", "creates must be a fully qualified path")
				}
			}
		case "unless":
			e.unless = toCmds(v)
		case "onlyif":
			e.onlyif = toCmds(v)
		case "refresh":
			c, _ := toCmd(v)
			e.refresh = &c
		case "refreshonly":
			b, ok := boolean(v)
			if !ok {
				return nil, fail("refreshonly", "Invalid value %s. Valid values are true, false.", resource.Inspect(v))
			}
			e.refrOnly = b
		case "returns":
			e.returns = catalog.Strings(v)
		case "timeout":
			if l, ok := v.([]catalog.Value); ok && len(l) > 0 {
				v = l[0]
			}
			f, err := number(v)
			if err != nil {
				return nil, fail("timeout", "Munging failed for value %s in class timeout: The timeout must be a number.", resource.Inspect(v))
			}
			e.timeout = time.Duration(max(f, 0) * float64(time.Second))
		case "tries":
			n, err := integer(v)
			if err != nil {
				return nil, fail("tries", "Munging failed for value %s in class tries: Tries must be an integer", resource.Inspect(v))
			}
			if n < 1 {
				return nil, fail("tries", "Munging failed for value %s in class tries: Tries must be an integer >= 1", resource.Inspect(v))
			}
			e.tries = n
		case "try_sleep":
			f, err := number(v)
			if err != nil {
				return nil, fail("try_sleep", "Munging failed for value %s in class try_sleep: try_sleep must be a number", resource.Inspect(v))
			}
			if f < 0 {
				return nil, fail("try_sleep", "Munging failed for value %s in class try_sleep: try_sleep cannot be a negative number", resource.Inspect(v))
			}
			e.trySleep = time.Duration(f * float64(time.Second))
		case "logoutput":
			switch s := catalog.Scalar(v); s {
			case "true", "false", "on_failure":
				e.logoutput = s
			default:
				return nil, fail("logoutput", "Invalid value %s. Valid values are true, false, on_failure.", resource.Inspect(v))
			}
		case "umask":
			s := catalog.Scalar(v)
			if !umaskRE.MatchString(s) {
				return nil, fail("umask", "The umask specification is invalid: %s", resource.Inspect(v))
			}
			n, _ := strconv.ParseInt(s, 8, 32)
			m := int(n)
			e.umask = &m
		case "user":
			e.user = catalog.Scalar(v)
			if os.Geteuid() != 0 {
				if u, err := user.Current(); err != nil || (u.Username != e.user && u.Uid != e.user) {
					return nil, fail("user", "Only root can execute commands as other users")
				}
			}
		case "group":
			e.group = catalog.Scalar(v)
		case "provider":
			switch s := catalog.Scalar(v); s {
			case "posix", "shell":
				e.provider = s
			default:
				return nil, fail("provider", "Invalid exec provider '%s'", s)
			}
		case "loglevel":
			e.level, _ = resource.ParseLevel(catalog.Scalar(v))
		}
	}
	if e.provider == "posix" {
		const unqualified = "'%s' is not qualified and no path was specified. Please qualify the command or specify a path."
		for _, p := range []struct {
			name string
			cmds []cmd
		}{{"unless", e.unless}, {"onlyif", e.onlyif}} {
			for _, c := range p.cmds {
				if exe := c.exe(); !filepath.IsAbs(exe) && e.path == nil {
					return nil, fail(p.name, unqualified, exe)
				}
			}
		}
		if exe := e.command.exe(); !filepath.IsAbs(exe) && e.path == nil {
			return nil, fmt.Errorf("Validation of %s failed: "+unqualified, ref, exe)
		}
	}
	return e, nil
}

var (
	envSetting = regexp.MustCompile(`\w+=`)
	umaskRE    = regexp.MustCompile(`^0?[0-7]{1,4}$`)
)

func boolean(v catalog.Value) (bool, bool) {
	switch v {
	case true, "true":
		return true, true
	case false, "false":
		return false, true
	}
	return false, false
}

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

func integer(v catalog.Value) (int, error) {
	switch x := v.(type) {
	case int64:
		return int(x), nil
	case string:
		for _, c := range x {
			if c < '0' || c > '9' {
				return 0, errors.New("not an integer")
			}
		}
		return strconv.Atoi(x)
	}
	return 0, errors.New("not an integer")
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
		who := ""
		if e.user != "" {
			who += " uid=" + e.user
		}
		if e.group != "" {
			who += " gid=" + e.group
		}
		if who != "" {
			who = " with" + who
		}
		if !e.sensitive {
			shown = c.joined()
		}
		h.Log.Log(resource.Debug, "", fmt.Sprintf("Executing%s: '%s'", who, shown))
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
	if e.user != "" || e.group != "" {
		uid, gid, err := e.credentials()
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

func (e *instance) credentials() (*uint32, *uint32, error) {
	var uid, gid *uint32
	if e.user != "" {
		u, err := lookupUser(e.user)
		if err != nil {
			return nil, nil, err
		}
		n, _ := strconv.ParseUint(u.Uid, 10, 32)
		g, _ := strconv.ParseUint(u.Gid, 10, 32)
		uv, gv := uint32(n), uint32(g)
		uid, gid = &uv, &gv
	}
	if e.group != "" {
		g, err := lookupGroup(e.group)
		if err != nil {
			return nil, nil, err
		}
		n, _ := strconv.ParseUint(g.Gid, 10, 32)
		gv := uint32(n)
		gid = &gv
	}
	return uid, gid, nil
}

func lookupUser(name string) (*user.User, error) {
	if u, err := user.Lookup(name); err == nil {
		return u, nil
	}
	if _, err := strconv.ParseUint(name, 10, 32); err == nil {
		if u, err := user.LookupId(name); err == nil {
			return u, nil
		}
		return &user.User{Uid: name, Gid: name}, nil
	}
	return nil, fmt.Errorf("Invalid user: %s", name)
}

func lookupGroup(name string) (*user.Group, error) {
	if g, err := user.LookupGroup(name); err == nil {
		return g, nil
	}
	if _, err := strconv.ParseUint(name, 10, 32); err == nil {
		return &user.Group{Gid: name}, nil
	}
	return nil, fmt.Errorf("Invalid group: %s", name)
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

var fileCmd = regexp.MustCompile(`^(/\S+)`)

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
		v, _ = unwrap(v)
		l, isList := v.([]catalog.Value)
		if !isList {
			l = []catalog.Value{v}
		}
		for _, line := range l {
			line, _ = unwrap(line)
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

var quotedFile = regexp.MustCompile(`^"([^"]+)"`)

func allDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}
