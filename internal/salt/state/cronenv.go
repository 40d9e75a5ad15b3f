package state

import (
	"context"
	"fmt"
	"strings"

	"github.com/ordoproject/ordo/internal/resource"
)

// saltCronTag is the line after which Salt manages a crontab: its
// environment settings, then its jobs.
const saltCronTag = "# Lines below here are managed by Salt, do not edit"

// cronTab is a crontab split as Salt's cron module reads it: the lines
// before the tag, the environment settings after it, and the other
// lines after it, kept as they are.
type cronTab struct {
	pre, env, rest []string
}

func readCronTab(ctx context.Context, env *Env, userName string) cronTab {
	var t cronTab
	managed := false
	for _, l := range strings.Split(strings.TrimSuffix(rawCron(ctx, env, userName), "\n"), "\n") {
		switch {
		case l == saltCronTag:
			managed = true
		case !managed:
			if l != "" || len(t.pre) > 0 {
				t.pre = append(t.pre, l)
			}
		case !strings.HasPrefix(l, "#") && strings.Index(l, "=") > 0 && (!strings.Contains(l, " ") || strings.Index(l, "=") < strings.Index(l, " ")):
			t.env = append(t.env, l)
		default:
			t.rest = append(t.rest, l)
		}
	}
	return t
}

// envIndex is the setting of name, or -1.
func (t *cronTab) envIndex(name string) int {
	for i, l := range t.env {
		if n, _, _ := strings.Cut(l, "="); n == name {
			return i
		}
	}
	return -1
}

func (t *cronTab) write(ctx context.Context, env *Env, userName string) error {
	var b strings.Builder
	for _, l := range t.pre {
		b.WriteString(l + "\n")
	}
	b.WriteString(saltCronTag + "\n")
	for _, l := range t.env {
		b.WriteString(l + "\n")
	}
	for _, l := range t.rest {
		b.WriteString(l + "\n")
	}
	res, err := env.runner().Run(ctx, resource.Command{Argv: []string{"crontab", "-u", userName, "-"}, Stdin: []byte(b.String())})
	if err != nil {
		return err
	}
	if res.ExitCode != 0 {
		return fmt.Errorf("%s", strings.TrimSpace(string(res.Output)))
	}
	return nil
}

// cronEntry words the returns of Salt's cron states for one entry of
// user's crontab as salt/states/cron.py does: kind is "Cron" for a job,
// "Cron env" for an environment setting.
type cronEntry struct{ kind, name, user string }

// present is the return of a present state that writes nothing: the
// entry is as wanted already (status "present"), or the run is a test of
// adding it (status "absent") or updating it ("update"). done is false
// when the crontab is to be written.
func (e cronEntry) present(status string, test bool) (r Return, done bool) {
	switch {
	case status == "present":
		return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("%s %s already present", e.kind, e.name)}, true
	case test && status == "update":
		return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("%s %s is set to be updated", e.kind, e.name)}, true
	case test:
		return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("%s %s is set to be added", e.kind, e.name)}, true
	}
	return Return{}, false
}

// add writes t, which now holds the entry, for a present state whose
// entry had status "absent" or "update".
func (e cronEntry) add(ctx context.Context, env *Env, t *cronTab, status string) Return {
	if err := t.write(ctx, env, e.user); err != nil {
		return failed("%s %s for user %s failed to commit with error \n%s", e.kind, e.name, e.user, err)
	}
	if status == "update" {
		return Return{Result: True, Changes: Changes{e.user: e.name}, Comment: fmt.Sprintf("%s %s updated", e.kind, e.name)}
	}
	return Return{Result: True, Changes: Changes{e.user: e.name}, Comment: fmt.Sprintf("%s %s added to %s's crontab", e.kind, e.name, e.user)}
}

// absent is the return of an absent state that writes nothing: the
// entry was not found, or the run is a test of removing it. done is false
// when the crontab is to be written.
func (e cronEntry) absent(found, test bool) (r Return, done bool) {
	switch {
	case !found && test:
		return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("%s %s is absent", e.kind, e.name)}, true
	case !found:
		return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("%s %s already absent", e.kind, e.name)}, true
	case test:
		return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("%s %s is set to be removed", e.kind, e.name)}, true
	}
	return Return{}, false
}

// remove writes t, from which the entry is gone, for an absent state.
func (e cronEntry) remove(ctx context.Context, env *Env, t *cronTab) Return {
	if err := t.write(ctx, env, e.user); err != nil {
		return failed("%s %s for user %s failed to commit with error %s", e.kind, e.name, e.user, err)
	}
	return Return{Result: True, Changes: Changes{e.user: e.name}, Comment: fmt.Sprintf("%s %s removed from %s's crontab", e.kind, e.name, e.user)}
}

func cronUser(c Call) string {
	if u := str(c.Args, "user"); u != "" {
		return u
	}
	return "root"
}

func cronEnvPresent(ctx context.Context, env *Env, c Call) Return {
	name, userName := c.Name, cronUser(c)
	value := str(c.Args, "value")
	line := name + "=" + value
	if value == "" {
		line = name + `=""`
	}
	t := readCronTab(ctx, env, userName)
	i := t.envIndex(name)
	status := "absent"
	if i >= 0 {
		status = "update"
		if _, cur, _ := strings.Cut(t.env[i], "="); cur == value {
			status = "present"
		}
	}
	e := cronEntry{kind: "Cron env", name: name, user: userName}
	if r, done := e.present(status, c.Test); done {
		return r
	}
	if i >= 0 {
		t.env = append(t.env[:i], t.env[i+1:]...)
	}
	t.env = append(t.env, line)
	return e.add(ctx, env, &t, status)
}

func cronEnvAbsent(ctx context.Context, env *Env, c Call) Return {
	name, userName := strings.TrimSpace(c.Name), cronUser(c)
	t := readCronTab(ctx, env, userName)
	i := t.envIndex(name)
	e := cronEntry{kind: "Cron env", name: name, user: userName}
	if r, done := e.absent(i >= 0, c.Test); done {
		return r
	}
	t.env = append(t.env[:i], t.env[i+1:]...)
	return e.remove(ctx, env, &t)
}
