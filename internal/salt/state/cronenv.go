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
	switch {
	case status == "present":
		return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("Cron env %s already present", name)}
	case c.Test && status == "absent":
		return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("Cron env %s is set to be added", name)}
	case c.Test:
		return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("Cron env %s is set to be updated", name)}
	}
	if i >= 0 {
		t.env = append(t.env[:i], t.env[i+1:]...)
	}
	t.env = append(t.env, line)
	if err := t.write(ctx, env, userName); err != nil {
		return failed("Cron env %s for user %s failed to commit with error \n%s", name, userName, err)
	}
	if status == "update" {
		return Return{Result: True, Changes: Changes{userName: name}, Comment: fmt.Sprintf("Cron env %s updated", name)}
	}
	return Return{Result: True, Changes: Changes{userName: name}, Comment: fmt.Sprintf("Cron env %s added to %s's crontab", name, userName)}
}

func cronEnvAbsent(ctx context.Context, env *Env, c Call) Return {
	name, userName := strings.TrimSpace(c.Name), cronUser(c)
	t := readCronTab(ctx, env, userName)
	i := t.envIndex(name)
	switch {
	case i < 0 && c.Test:
		return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("Cron env %s is absent", name)}
	case i < 0:
		return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("Cron env %s already absent", name)}
	case c.Test:
		return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("Cron env %s is set to be removed", name)}
	}
	t.env = append(t.env[:i], t.env[i+1:]...)
	if err := t.write(ctx, env, userName); err != nil {
		return failed("Cron env %s for user %s failed to commit with error %s", name, userName, err)
	}
	return Return{Result: True, Changes: Changes{userName: name}, Comment: fmt.Sprintf("Cron env %s removed from %s's crontab", name, userName)}
}
