package state

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/ordoproject/ordo/internal/resource"
)

// pkgTarget is one package a pkg state names, with the version wanted
// ("" for any).
type pkgTarget struct{ name, version, source string }

// pkgTargets reads name/version or the pkgs list (names, or single-key
// mappings of name to version).
func pkgTargets(c Call) []pkgTarget {
	if srcs, ok := c.Args["sources"].([]any); ok {
		var out []pkgTarget
		for _, item := range srcs {
			if m, isMap := item.(map[string]any); isMap {
				for _, k := range sortedKeys(m) {
					out = append(out, pkgTarget{name: k, source: fmt.Sprint(m[k])})
				}
			}
		}
		return out
	}
	list, ok := c.Args["pkgs"].([]any)
	if !ok {
		return []pkgTarget{{name: c.Name, version: str(c.Args, "version")}}
	}
	var out []pkgTarget
	for _, item := range list {
		switch item := item.(type) {
		case map[string]any:
			for _, k := range sortedKeys(item) {
				out = append(out, pkgTarget{name: k, version: fmt.Sprint(item[k])})
			}
		default:
			out = append(out, pkgTarget{name: fmt.Sprint(item)})
		}
	}
	return out
}

// params are the package resource's: ensure, and for a sources entry
// the dpkg provider with the file (salt:// ones from the file root).
func (t pkgTarget) params(env *Env, ensure string) map[string]any {
	p := map[string]any{"ensure": ensure}
	if t.source != "" {
		p["provider"] = "dpkg"
		p["source"] = localSource(env, t.source)
	}
	return p
}

// localSource is a source as a local path.
func localSource(env *Env, source string) string {
	if rest, ok := strings.CutPrefix(source, "salt://"); ok {
		return filepath.Join(env.FileRoot, filepath.FromSlash(rest))
	}
	return strings.TrimPrefix(source, "file://")
}

func pkgNames(ts []pkgTarget) string {
	names := make([]string, len(ts))
	for i, t := range ts {
		names[i] = t.name
	}
	return strings.Join(names, ", ")
}

// installedVersion is what ordo's package type reports as ensure: a
// version, or absent/purged, which Salt shows as "".
func installedVersion(v string) string {
	if v == "absent" || v == "purged" {
		return ""
	}
	return v
}

// pkgEnsure drives ordo's package type to ensure (present, latest,
// absent, purged or a version) for each target, and reports as Salt's
// pkg states do.
func pkgEnsure(ctx context.Context, env *Env, c Call, ensure func(pkgTarget) string, msg pkgMessages) Return {
	targets := pkgTargets(c)
	type pending struct {
		t   pkgTarget
		res *ordoResource
		old string
	}
	var todo []pending
	for _, t := range targets {
		res, err := openResource(ctx, env, "package", t.name, t.params(env, ensure(t)), c.Test)
		if err != nil {
			return failed("%s", err)
		}
		p := res.property("ensure")
		if p == nil || p.InSync() {
			continue
		}
		todo = append(todo, pending{t: t, res: res, old: installedVersion(valueString(p.Current()))})
	}
	if len(todo) == 0 {
		return Return{Result: True, Changes: Changes{}, Comment: msg.inPlace(targets)}
	}
	var names []pkgTarget
	for _, p := range todo {
		names = append(names, p.t)
	}
	if c.Test {
		return Return{Result: None, Changes: Changes{}, Comment: msg.would + pkgNames(names)}
	}
	if msg.refresh {
		if fail := refreshDB(ctx, env); fail != nil {
			return *fail
		}
	}
	changes := Changes{}
	var failures []string
	for _, p := range todo {
		if err := p.res.sync(ctx, p.res.property("ensure")); err != nil {
			failures = append(failures, err.Error())
			continue
		}
		now, err := openResource(ctx, env, "package", p.t.name, p.t.params(env, ensure(p.t)), true)
		newVersion := ""
		if err == nil {
			if e := now.property("ensure"); e != nil {
				newVersion = installedVersion(valueString(e.Current()))
			}
		}
		changes[p.t.name] = map[string]any{"old": p.old, "new": newVersion}
	}
	if len(failures) > 0 {
		return Return{Result: False, Changes: changes, Comment: msg.failed + strings.Join(failures, "\n")}
	}
	return Return{Result: True, Changes: changes, Comment: msg.done(names)}
}

// pkgMessages are one pkg function's comments.
type pkgMessages struct {
	inPlace func([]pkgTarget) string
	would   string
	done    func([]pkgTarget) string
	failed  string
	// refresh updates the package lists first, when something is to be
	// installed.
	refresh bool
}

func addPkg(f Functions) {
	installed := pkgMessages{
		inPlace: func([]pkgTarget) string { return "All specified packages are already installed" },
		would:   "The following packages would be installed/updated: ",
		done: func(ts []pkgTarget) string {
			return "The following packages were installed/updated: " + pkgNames(ts)
		},
		failed: "The following packages failed to install/update: ",
	}
	f["pkg.installed"] = func(ctx context.Context, env *Env, c Call) Return {
		return pkgInstalled(ctx, env, c, installed)
	}
	f["pkg.latest"] = func(ctx context.Context, env *Env, c Call) Return {
		return pkgEnsure(ctx, env, c, func(pkgTarget) string { return "latest" }, pkgMessages{
			inPlace: func(ts []pkgTarget) string {
				if len(ts) == 1 {
					return fmt.Sprintf("Package %s is already up-to-date", ts[0].name)
				}
				return fmt.Sprintf("All packages are up-to-date (%s).", pkgNames(ts))
			},
			would: "The following packages would be installed/upgraded: ",
			done: func(ts []pkgTarget) string {
				return "The following packages were successfully installed/upgraded: " + pkgNames(ts)
			},
			failed: "An error was encountered while installing/upgrading: ",
		})
	}
	f["pkg.removed"] = func(ctx context.Context, env *Env, c Call) Return {
		return pkgEnsure(ctx, env, c, func(pkgTarget) string { return "absent" }, pkgMessages{
			inPlace: func([]pkgTarget) string { return "All specified packages are already absent" },
			would:   "The following packages will be removed: ",
			done:    func([]pkgTarget) string { return "All targeted packages were removed." },
			failed:  "The following packages failed to remove: ",
		})
	}
	f["pkg.purged"] = func(ctx context.Context, env *Env, c Call) Return {
		return pkgEnsure(ctx, env, c, func(pkgTarget) string { return "purged" }, pkgMessages{
			inPlace: func([]pkgTarget) string { return "All specified packages are already absent" },
			would:   "The following packages will be purged: ",
			done:    func([]pkgTarget) string { return "All targeted packages were purged." },
			failed:  "The following packages failed to purge: ",
		})
	}
	// A package watching something has nothing to redo.
	f["pkg.mod_watch"] = func(ctx context.Context, env *Env, c Call) Return {
		return Return{Result: True, Changes: Changes{}, Comment: ""}
	}
}

// pkgInstalled is pkg.installed: Salt's argument checks, the install,
// then hold: True or False through the package type's mark.
func pkgInstalled(ctx context.Context, env *Env, c Call, msg pkgMessages) Return {
	_, hasPkgs := c.Args["pkgs"]
	srcs, hasSources := c.Args["sources"]
	if hasPkgs && hasSources && c.Args["pkgs"] != nil && srcs != nil {
		return failed(`Only one of "pkgs" and "sources" is permitted.`)
	}
	if hasSources {
		list, ok := srcs.([]any)
		if !ok {
			return failed("Invalidly formatted 'sources' parameter. See minion log.")
		}
		for _, item := range list {
			m, isMap := item.(map[string]any)
			if !isMap || len(m) != 1 {
				return failed("Invalidly formatted 'sources' parameter. See minion log.")
			}
			for _, v := range m {
				if _, err := os.Stat(localSource(env, fmt.Sprint(v))); err != nil {
					return failed("Unable to cache %v: file not found", v)
				}
			}
		}
	}
	msg.refresh = boolArg(c.Args, "refresh", false)
	ret := pkgEnsure(ctx, env, c, func(t pkgTarget) string {
		switch {
		case t.source != "":
			// The file's version: dpkg's latest is what the file holds,
			// so another version installed is replaced, as Salt does.
			return "latest"
		case t.version != "":
			return t.version
		}
		return "present"
	}, msg)
	v, hasHold := c.Args["hold"]
	if !hasHold || v == nil || ret.Result == False {
		return ret
	}
	hold := boolArg(c.Args, "hold", false)
	inPlace := len(ret.Changes) == 0
	if c.Test && !inPlace {
		return ret
	}
	lines := []string{ret.Comment}
	for _, t := range pkgTargets(c) {
		line, change, ok := holdPackage(ctx, env, t, hold, c.Test)
		if !ok {
			ret.Result = False
		} else if c.Test && change != nil && ret.Result == True {
			ret.Result = None
		}
		if inPlace {
			lines[len(lines)-1] += "."
			lines = append(lines, line)
			if change != nil && !c.Test {
				ret.Changes[t.name] = change
			}
			continue
		}
		lines = append(lines, line)
		if change == nil || c.Test {
			continue
		}
		if cur, ok := ret.Changes[t.name].(map[string]any); ok {
			newV, oldV := fmt.Sprint(cur["new"]), fmt.Sprint(cur["old"])
			if newV != "" {
				newV += "\n"
			}
			if oldV != "" {
				oldV += "\n"
			}
			cur["new"], cur["old"] = newV+change["new"].(string), oldV+change["old"].(string)
		} else {
			ret.Changes[t.name] = map[string]any{"new": change["new"]}
		}
	}
	ret.Comment = strings.Join(lines, "\n")
	return ret
}

// holdPackage is Salt's pkg.hold and pkg.unhold for one package, on the
// package type's mark: the comment, the selection's change (nil for
// none) and whether it worked.
func holdPackage(ctx context.Context, env *Env, t pkgTarget, hold, test bool) (string, map[string]any, bool) {
	want, from, to := "none", "hold", "install"
	if hold {
		want, from, to = "hold", "install", "hold"
	}
	r, err := openResource(ctx, env, "package", t.name, map[string]any{"ensure": "present", "mark": want}, test)
	if err != nil {
		return err.Error(), nil, false
	}
	p := r.property("mark")
	switch {
	case p == nil || p.InSync():
		if hold {
			return fmt.Sprintf("Package %s is already set to be held.", t.name), nil, true
		}
		return fmt.Sprintf("Package %s is already set not to be held.", t.name), nil, true
	case test:
		if hold {
			return fmt.Sprintf("Package %s is set to be held.", t.name), map[string]any{}, true
		}
		return fmt.Sprintf("Package %s is set not to be held.", t.name), map[string]any{}, true
	}
	if err := r.sync(ctx, p); err != nil {
		return err.Error(), nil, false
	}
	change := map[string]any{"old": from, "new": to}
	if hold {
		return fmt.Sprintf("Package %s is now being held.", t.name), change, true
	}
	return fmt.Sprintf("Package %s is no longer being held.", t.name), change, true
}

// refreshDB is Salt's refresh_db on APT: apt-get -q update.
func refreshDB(ctx context.Context, env *Env) *Return {
	res, err := env.runner().Run(ctx, resource.Command{Argv: []string{"apt-get", "-q", "update"}})
	switch {
	case err != nil:
		r := failed("An error was encountered while installing package(s): %s", err)
		return &r
	case res.ExitCode != 0:
		r := failed("An error was encountered while installing package(s): %s", strings.TrimSpace(string(res.Output)))
		return &r
	}
	return nil
}
