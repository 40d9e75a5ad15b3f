package state

import (
	"context"
	"fmt"

	"github.com/ordoproject/ordo/internal/resource"
)

// serviceParams are the arguments passed on to ordo's service type
// beyond Salt's own: the provider and its commands (ordo's extension,
// for services without an init system).
var serviceParams = []string{"provider", "start", "stop", "status", "restart", "pattern", "binary", "hasstatus", "hasrestart", "path"}

func openService(ctx context.Context, env *Env, c Call, ensure string, enable any) (*ordoResource, error) {
	params := map[string]any{}
	if ensure != "" {
		params["ensure"] = ensure
	}
	if enable != nil {
		params["enable"] = enable
	}
	for _, k := range serviceParams {
		if v, ok := c.Args[k]; ok {
			params[k] = v
		}
	}
	return openResource(ctx, env, "service", c.Name, params, c.Test)
}

// outOfSync lists the named properties that are managed and not in sync.
func outOfSync(r *ordoResource, names ...string) []resource.Property {
	var out []resource.Property
	for _, n := range names {
		if p := r.property(n); p != nil && !p.InSync() {
			out = append(out, p)
		}
	}
	return out
}

// enableArg is the enable argument of service.running/dead, nil when
// not given.
func enableArg(c Call) any {
	v, ok := c.Args["enable"]
	if !ok || v == nil {
		return nil
	}
	return boolArg(c.Args, "enable", false)
}

func addService(f Functions) {
	f["service.running"] = func(ctx context.Context, env *Env, c Call) Return {
		return serviceState(ctx, env, c, "running", enableArg(c))
	}
	f["service.dead"] = func(ctx context.Context, env *Env, c Call) Return {
		return serviceState(ctx, env, c, "stopped", enableArg(c))
	}
	f["service.enabled"] = func(ctx context.Context, env *Env, c Call) Return {
		return serviceState(ctx, env, c, "", true)
	}
	f["service.disabled"] = func(ctx context.Context, env *Env, c Call) Return {
		return serviceState(ctx, env, c, "", false)
	}
	f["service.mod_watch"] = serviceModWatch
}

// serviceState drives ordo's service type to ensure (running, stopped
// or "" for no change) and enable (true, false or nil), with Salt's
// comments.
func serviceState(ctx context.Context, env *Env, c Call, ensure string, enable any) Return {
	r, err := openService(ctx, env, c, ensure, enable)
	if err != nil {
		return failed("%s", err)
	}
	todo := outOfSync(r, "ensure", "enable")
	inPlace, would, done := serviceMessages(c.Name, ensure, enable)
	if len(todo) == 0 {
		return Return{Result: True, Changes: Changes{}, Comment: inPlace}
	}
	if c.Test {
		return Return{Result: None, Changes: Changes{}, Comment: would}
	}
	if err := r.sync(ctx, todo...); err != nil {
		return failed("%s", err)
	}
	return Return{Result: True, Changes: Changes{c.Name: true}, Comment: done}
}

func serviceMessages(name, ensure string, enable any) (inPlace, would, done string) {
	state, verb, set := "in the desired state", "", ""
	switch ensure {
	case "running":
		state, verb, set = "running", "Started service "+name, fmt.Sprintf("Service %s is set to start", name)
	case "stopped":
		state, verb, set = "dead", fmt.Sprintf("Service %s was killed", name), fmt.Sprintf("Service %s is set to be killed", name)
	}
	switch enable {
	case true:
		return fmt.Sprintf("Service %s is already enabled, and is %s", name, state),
			orElse(set, fmt.Sprintf("Service %s set to be enabled", name)),
			fmt.Sprintf("Service %s has been enabled, and is %s", name, state)
	case false:
		return fmt.Sprintf("Service %s is already disabled, and is %s", name, state),
			orElse(set, fmt.Sprintf("Service %s set to be disabled", name)),
			fmt.Sprintf("Service %s has been disabled, and is %s", name, state)
	}
	return fmt.Sprintf("The service %s is already %s", name, state), set, verb
}

func orElse(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// serviceModWatch restarts (or reloads, with reload: True) a running
// service when something it watches changed; a stopped one is started
// for running. For dead, a running service is stopped.
func serviceModWatch(ctx context.Context, env *Env, c Call) Return {
	ensure := ""
	switch c.Sfun {
	case "running":
		ensure = "running"
	case "dead":
		ensure = "stopped"
	default:
		return failed("Unable to trigger watch for service.%s", c.Sfun)
	}
	r, err := openService(ctx, env, c, ensure, nil)
	if err != nil {
		return failed("%s", err)
	}
	p := r.property("ensure")
	running := p != nil && valueString(p.Current()) == "running"
	verb, done := "restart", "restarted"
	switch {
	case c.Sfun == "dead" && !running:
		return Return{Result: True, Changes: Changes{}, Comment: "Service is already stopped"}
	case c.Sfun == "dead":
		verb, done = "stop", "stopped"
	case !running:
		verb, done = "start", "started"
	case boolArg(c.Args, "reload", false):
		verb, done = "reload", "reloaded"
	}
	if c.Test {
		return Return{Result: None, Changes: Changes{}, Comment: "Service is set to be " + done}
	}
	switch verb {
	case "start", "stop":
		err = r.sync(ctx, p)
	case "reload":
		if rl, ok := r.inst.(interface {
			Reload(context.Context, *resource.Handle) error
		}); ok {
			err = rl.Reload(ctx, r.h)
		} else {
			err = fmt.Errorf("service %s cannot reload", c.Name)
		}
	default:
		if rf, ok := r.inst.(resource.Refresher); ok {
			err = rf.Refresh(ctx, r.h)
		}
	}
	if err != nil {
		return Return{Result: False, Changes: Changes{c.Name: false}, Comment: fmt.Sprintf("Failed to %s the service", verb)}
	}
	return Return{Result: True, Changes: Changes{c.Name: true}, Comment: "Service " + done}
}
