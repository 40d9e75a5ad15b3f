package state

import (
	"context"
	"fmt"
	"strings"
)

// cronParams maps cron.present's arguments onto ordo's cron type: the job
// is named by its identifier (the command by default).
func cronParams(c Call, ensure string) (map[string]any, string, string) {
	name := strings.TrimSpace(c.Name)
	ident := str(c.Args, "identifier")
	if ident == "" || ident == "False" {
		ident = name
	}
	user := str(c.Args, "user")
	if user == "" {
		user = "root"
	}
	p := map[string]any{"ensure": ensure, "user": user}
	if ensure == "present" {
		p["command"] = name
		if special := str(c.Args, "special"); special != "" {
			p["special"] = strings.TrimPrefix(special, "@")
		} else {
			for salt, ordo := range map[string]string{"minute": "minute", "hour": "hour", "daymonth": "monthday", "month": "month", "dayweek": "weekday"} {
				v := str(c.Args, salt)
				if v == "" {
					v = "*"
				}
				if v != "*" {
					p[ordo] = v
				}
			}
		}
	}
	return p, ident, user
}

func addCron(f Functions) {
	f["cron.file"] = cronFile
	f["cron.env_present"] = cronEnvPresent
	f["cron.env_absent"] = cronEnvAbsent
	f["cron.present"] = func(ctx context.Context, env *Env, c Call) Return {
		params, ident, user := cronParams(c, "present")
		name := strings.TrimSpace(c.Name)
		r, err := openResource(ctx, env, "cron", ident, params, c.Test)
		if err != nil {
			return failed("Cron %s for user %s failed to commit with error \n%s", name, user, err)
		}
		existed := r.inst.Exists()
		todo := outOfSync(r, "ensure", "command", "special", "minute", "hour", "weekday", "month", "monthday", "user")
		switch {
		case len(todo) == 0:
			return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("Cron %s already present", name)}
		case c.Test && existed:
			return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("Cron %s is set to be updated", name)}
		case c.Test:
			return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("Cron %s is set to be added", name)}
		}
		if err := r.sync(ctx, todo...); err != nil {
			return failed("Cron %s for user %s failed to commit with error \n%s", name, user, err)
		}
		if existed {
			return Return{Result: True, Changes: Changes{user: name}, Comment: fmt.Sprintf("Cron %s updated", name)}
		}
		return Return{Result: True, Changes: Changes{user: name}, Comment: fmt.Sprintf("Cron %s added to %s's crontab", name, user)}
	}
	f["cron.absent"] = func(ctx context.Context, env *Env, c Call) Return {
		params, ident, user := cronParams(c, "absent")
		name := strings.TrimSpace(c.Name)
		r, err := openResource(ctx, env, "cron", ident, params, c.Test)
		if err != nil {
			return failed("Cron %s for user %s failed to commit with error %s", name, user, err)
		}
		switch {
		case !r.inst.Exists() && c.Test:
			return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("Cron %s is absent", name)}
		case !r.inst.Exists():
			return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("Cron %s already absent", name)}
		case c.Test:
			return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("Cron %s is set to be removed", name)}
		}
		if err := r.sync(ctx, outOfSync(r, "ensure")...); err != nil {
			return failed("Cron %s for user %s failed to commit with error %s", name, user, err)
		}
		return Return{Result: True, Changes: Changes{user: name}, Comment: fmt.Sprintf("Cron %s removed from %s's crontab", name, user)}
	}
}
