// Package nameservice is what the user and group types share: reading the
// local account databases (/etc/passwd, /etc/group, /etc/shadow, with
// os/user as the fallback for accounts that only NSS knows), running the
// shadow-utils commands that change them with Puppet's failure wording,
// and rendering property values the way Puppet shows them in messages.
//
// Nothing here writes an account file: every change goes through useradd,
// usermod, userdel, groupadd, groupmod, groupdel, gpasswd, chage or
// chpasswd, run by the handle's Runner.
package nameservice

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// Files names the account databases. The zero value reads the system's
// files and, for accounts missing from them, asks os/user (NSS).
type Files struct {
	Passwd, Group, Shadow string
	// Changes, when set, serializes the commands that change the
	// databases (Run, Exec) among all that share it: the shadow tools lock
	// /etc/passwd, /etc/shadow and /etc/group, and parallel runs (--jobs)
	// must not make them contend for those locks.
	Changes *sync.Mutex
}

func (f Files) passwd() string { return or(f.Passwd, "/etc/passwd") }
func (f Files) group() string  { return or(f.Group, "/etc/group") }
func (f Files) shadow() string { return or(f.Shadow, "/etc/shadow") }

// system reports whether f reads the machine's own databases, the only
// case where os/user may be asked too.
func (f Files) system() bool { return f.Passwd == "" && f.Group == "" }

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// Account is one /etc/passwd entry.
type Account struct {
	Name  string
	UID   int64
	GID   int64
	Gecos string
	Home  string
	Shell string
}

// Group is one /etc/group entry.
type Group struct {
	Name    string
	GID     int64
	Members []string
}

// Shadow is one /etc/shadow entry. Numeric fields are -1 when empty, as
// Puppet's shadow library reports them.
type Shadow struct {
	Name     string
	Password string
	Min      int64
	Max      int64
	Warn     int64
	Expire   int64 // days since 1970-01-01
}

// fields reads a colon-separated database, calling fn for each entry
// until it returns true. A missing file is an empty database.
func fields(path string, fn func(f []string) bool) error {
	file, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer file.Close()
	sc := bufio.NewScanner(file)
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "+") || strings.HasPrefix(line, "-") {
			continue
		}
		if fn(strings.Split(line, ":")) {
			return nil
		}
	}
	return sc.Err()
}

func num(s string) int64 {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return -1
	}
	return n
}

// LookupUser returns the account named name, or nil when there is none.
func (f Files) LookupUser(name string) (*Account, error) {
	var acct *Account
	err := fields(f.passwd(), func(p []string) bool {
		if len(p) < 7 || p[0] != name {
			return false
		}
		acct = &Account{Name: p[0], UID: num(p[2]), GID: num(p[3]), Gecos: p[4], Home: p[5], Shell: p[6]}
		return true
	})
	if err != nil || acct != nil || !f.system() {
		return acct, err
	}
	u, err := user.Lookup(name)
	if err != nil {
		var unknown user.UnknownUserError
		if errors.As(err, &unknown) {
			return nil, nil
		}
		return nil, err
	}
	return &Account{Name: u.Username, UID: num(u.Uid), GID: num(u.Gid), Gecos: u.Name, Home: u.HomeDir}, nil
}

// LookupLocalUser returns the account named name from the passwd file
// alone, never from another name service, or nil when the file has none
// (Puppet's forcelocal reads /etc/passwd so). Its uid is the file's text.
func (f Files) LookupLocalUser(name string) (*Account, string, error) {
	var acct *Account
	var uid string
	err := fields(f.passwd(), func(p []string) bool {
		if len(p) < 7 || p[0] != name {
			return false
		}
		acct = &Account{Name: p[0], UID: num(p[2]), GID: num(p[3]), Gecos: p[4], Home: p[5], Shell: p[6]}
		uid = p[2]
		return true
	})
	return acct, uid, err
}

// LocalUIDTaken reports whether an account of the passwd file alone has
// uid (as text), as Puppet's forcelocal checks before libuser, which
// takes duplicates, would make one.
func (f Files) LocalUIDTaken(uid string) (bool, error) {
	taken := false
	err := fields(f.passwd(), func(p []string) bool {
		if len(p) >= 3 && p[2] == uid {
			taken = true
			return true
		}
		return false
	})
	return taken, err
}

// LookupGroup returns the group named name, or nil when there is none.
func (f Files) LookupGroup(name string) (*Group, error) {
	return f.findGroup(func(g *Group) bool { return g.Name == name }, func() (*user.Group, error) { return user.LookupGroup(name) })
}

// LookupGID returns the group whose id is gid, or nil when there is none.
func (f Files) LookupGID(gid int64) (*Group, error) {
	return f.findGroup(func(g *Group) bool { return g.GID == gid }, func() (*user.Group, error) {
		return user.LookupGroupId(strconv.FormatInt(gid, 10))
	})
}

func (f Files) findGroup(match func(*Group) bool, nss func() (*user.Group, error)) (*Group, error) {
	var grp *Group
	err := fields(f.group(), func(p []string) bool {
		if len(p) < 4 {
			return false
		}
		g := &Group{Name: p[0], GID: num(p[2]), Members: splitList(p[3])}
		if match(g) {
			grp = g
			return true
		}
		return false
	})
	if err != nil || grp != nil || !f.system() {
		return grp, err
	}
	g, err := nss()
	if err != nil {
		var unknown user.UnknownGroupError
		var unknownID user.UnknownGroupIdError
		if errors.As(err, &unknown) || errors.As(err, &unknownID) {
			return nil, nil
		}
		return nil, err
	}
	return &Group{Name: g.Name, GID: num(g.Gid)}, nil
}

// GroupsOf lists the groups that name is a listed member of, in database
// order: a user's supplementary groups as Puppet retrieves them.
func (f Files) GroupsOf(name string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	err := fields(f.group(), func(p []string) bool {
		if len(p) < 4 || seen[p[0]] {
			return false
		}
		for _, m := range splitList(p[3]) {
			if m == name {
				out = append(out, p[0])
				seen[p[0]] = true
				break
			}
		}
		return false
	})
	return out, err
}

// LookupShadow returns the shadow entry of name, or nil when there is none
// or the shadow database cannot be read (as for a run without root, where
// Puppet sees no entry either).
func (f Files) LookupShadow(name string) (*Shadow, error) {
	var sh *Shadow
	err := fields(f.shadow(), func(p []string) bool {
		if len(p) < 8 || p[0] != name {
			return false
		}
		sh = &Shadow{Name: p[0], Password: p[1], Min: num(p[3]), Max: num(p[4]), Warn: num(p[5]), Expire: num(p[7])}
		return true
	})
	if errors.Is(err, fs.ErrPermission) {
		return nil, nil
	}
	return sh, err
}

func splitList(s string) []string {
	var out []string
	for _, m := range strings.Split(s, ",") {
		if m = strings.TrimSpace(m); m != "" {
			out = append(out, m)
		}
	}
	return out
}

// programDirs are searched for the account tools, as Puppet finds its
// provider commands on a path that always includes the sbin directories.
var programDirs = []string{"/usr/sbin", "/usr/bin", "/sbin", "/bin"}

// Program returns the full path of an account tool such as useradd, or
// its bare name when it is not installed (the run then fails with it).
func Program(name string) string {
	for _, d := range programDirs {
		p := filepath.Join(d, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p
		}
	}
	return name
}

// ExecError is a command that failed, worded as Puppet words it.
type ExecError struct {
	// Command is the command line, or "[redacted]" when it carries a
	// secret.
	Command string
	Code    int
	Output  string
}

func (e *ExecError) Error() string {
	return fmt.Sprintf("Execution of '%s' returned %d: %s", e.Command, e.Code, e.Output)
}

// Run runs argv with stdin through h's Runner, one account change at a
// time when f.Changes is set, logging the command line (or [redacted]) at
// debug level.
func (f Files) Run(ctx context.Context, h *resource.Handle, argv []string, stdin []byte, redact bool) (resource.Result, error) {
	return f.RunCommand(ctx, h, resource.Command{Argv: argv, Stdin: stdin}, redact)
}

// RunCommand runs cmd as Run runs its argv, with cmd's environment.
func (f Files) RunCommand(ctx context.Context, h *resource.Handle, cmd resource.Command, redact bool) (resource.Result, error) {
	argv := cmd.Argv
	line := strings.Join(argv, " ")
	if redact {
		line = catalog.Redacted
	}
	if h.Log != nil {
		h.Log.Log(resource.Debug, "", "Executing: '"+line+"'")
	}
	if f.Changes != nil {
		f.Changes.Lock()
		defer f.Changes.Unlock()
	}
	return h.Runner.Run(ctx, cmd)
}

// Exec runs argv as Run does. A non-zero exit is an *ExecError; with
// redact set the command line in it is hidden.
func (f Files) Exec(ctx context.Context, h *resource.Handle, argv []string, stdin []byte, redact bool) error {
	return f.ExecCommand(ctx, h, resource.Command{Argv: argv, Stdin: stdin}, redact)
}

// ExecCommand runs cmd as Exec runs its argv, with cmd's environment.
func (f Files) ExecCommand(ctx context.Context, h *resource.Handle, cmd resource.Command, redact bool) error {
	argv := cmd.Argv
	res, err := f.RunCommand(ctx, h, cmd, redact)
	if err != nil {
		return err
	}
	if res.ExitCode != 0 || res.TimedOut {
		line := strings.Join(argv, " ")
		if redact {
			line = catalog.Redacted
		}
		return &ExecError{Command: line, Code: res.ExitCode, Output: strings.TrimSpace(string(res.Output))}
	}
	return nil
}

// Absent is the current value of a property the machine does not have:
// Puppet's :absent, which change messages treat specially.
const Absent = "absent"

// Display renders a value as Puppet's format_value_for_display does:
// integers bare, strings in single quotes, lists as ['a', 'b'].
func Display(v catalog.Value) string {
	switch x := v.(type) {
	case int64:
		return strconv.FormatInt(x, 10)
	case int:
		return strconv.Itoa(x)
	case []string:
		parts := make([]string, len(x))
		for i, s := range x {
			parts[i] = Display(s)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return catalog.Format(v)
}

// Change is Puppet's generic change_to_s: "defined 'p' as X" when the
// machine had no value, "undefined 'p' from X" when the value goes away,
// else "p changed X to Y". cur and want are already rendered.
func Change(name string, curAbsent bool, cur string, wantAbsent bool, want string) string {
	switch {
	case curAbsent:
		return fmt.Sprintf("defined '%s' as %s", name, want)
	case wantAbsent:
		return fmt.Sprintf("undefined '%s' from %s", name, cur)
	}
	return fmt.Sprintf("%s changed %s to %s", name, cur, want)
}

// Prop is one managed property of a user or group, computed after
// Retrieve: its values, whether it is in sync, how to sync it and the
// message a successful sync logs.
type Prop struct {
	PropName  string
	Cur, Want catalog.Value
	Synced    bool
	Msg       string
	Ev        string
	Secret    bool
	Do        func(ctx context.Context, h *resource.Handle) error
}

func (p *Prop) Name() string                                       { return p.PropName }
func (p *Prop) Current() catalog.Value                             { return p.Cur }
func (p *Prop) Desired() catalog.Value                             { return p.Want }
func (p *Prop) InSync() bool                                       { return p.Synced }
func (p *Prop) Message() string                                    { return p.Msg }
func (p *Prop) Sensitive() bool                                    { return p.Secret }
func (p *Prop) Sync(ctx context.Context, h *resource.Handle) error { return p.Do(ctx, h) }

// FormatValue shows a value in noop and failure lines as Puppet's is_to_s
// and should_to_s do for these properties: numbers bare, a list (a user's
// current groups, a group's members) joined by commas without quotes,
// anything else quoted.
func (p *Prop) FormatValue(v catalog.Value) string {
	switch x := v.(type) {
	case int64, int:
		return Display(x)
	case []catalog.Value:
		return strings.Join(catalog.Strings(x), ",")
	}
	return catalog.Format(v)
}

var _ resource.ValueFormatter = (*Prop)(nil)

// List converts names to a catalog list value.
func List(names []string) []catalog.Value {
	out := make([]catalog.Value, len(names))
	for i, n := range names {
		out[i] = n
	}
	return out
}

// Event is the property's event name: <type>_created/_removed for ensure,
// <property>_changed otherwise.
func (p *Prop) Event() string { return p.Ev }

// Boolean reads a Puppet::Parameter::Boolean value.
func Boolean(v catalog.Value) (bool, bool) {
	switch x := v.(type) {
	case bool:
		return x, true
	case string:
		switch strings.ToLower(x) {
		case "true", "yes":
			return true, true
		case "false", "no":
			return false, true
		}
	}
	return false, false
}

// IntLike converts a value matching Puppet's /^[-0-9]+$/ munge (an integer
// or a string of digits) to int64; other values come back unchanged.
func IntLike(v catalog.Value) catalog.Value {
	switch x := v.(type) {
	case int:
		return int64(x)
	case float64:
		if x == float64(int64(x)) {
			return int64(x)
		}
	case string:
		if x != "" && strings.Trim(x, "-0123456789") == "" {
			if n, err := strconv.ParseInt(x, 10, 64); err == nil {
				return n
			}
		}
	}
	return v
}

// Accounts lists every /etc/passwd entry in file order, each name once
// (the first entry wins, as getpwent-based listings see it).
func (f Files) Accounts() ([]Account, error) {
	var out []Account
	seen := map[string]bool{}
	err := fields(f.passwd(), func(p []string) bool {
		if len(p) >= 7 && !seen[p[0]] {
			seen[p[0]] = true
			out = append(out, Account{Name: p[0], UID: num(p[2]), GID: num(p[3]), Gecos: p[4], Home: p[5], Shell: p[6]})
		}
		return false
	})
	return out, err
}

// Groups lists every /etc/group entry in file order, each name once.
func (f Files) Groups() ([]Group, error) {
	var out []Group
	seen := map[string]bool{}
	err := fields(f.group(), func(p []string) bool {
		if len(p) >= 4 && !seen[p[0]] {
			seen[p[0]] = true
			out = append(out, Group{Name: p[0], GID: num(p[2]), Members: splitList(p[3])})
		}
		return false
	})
	return out, err
}

// Shadows returns every /etc/shadow entry by name; none when the file
// cannot be read (as without root).
func (f Files) Shadows() (map[string]*Shadow, error) {
	out := map[string]*Shadow{}
	err := fields(f.shadow(), func(p []string) bool {
		if len(p) >= 8 {
			if _, dup := out[p[0]]; !dup {
				out[p[0]] = &Shadow{Name: p[0], Password: p[1], Min: num(p[3]), Max: num(p[4]), Warn: num(p[5]), Expire: num(p[7])}
			}
		}
		return false
	})
	if errors.Is(err, fs.ErrPermission) {
		return map[string]*Shadow{}, nil
	}
	return out, err
}
