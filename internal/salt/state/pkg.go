package state

import (
	"context"
	"fmt"
	"strings"
)

// pkgTarget is one package a pkg state names, with the version wanted
// ("" for any).
type pkgTarget struct{ name, version string }

// pkgTargets reads name/version or the pkgs list (names, or single-key
// mappings of name to version).
func pkgTargets(c Call) []pkgTarget {
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
		res, err := openResource(ctx, env, "package", t.name, map[string]any{"ensure": ensure(t)}, c.Test)
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
	changes := Changes{}
	var failures []string
	for _, p := range todo {
		if err := p.res.sync(ctx, p.res.property("ensure")); err != nil {
			failures = append(failures, err.Error())
			continue
		}
		now, err := openResource(ctx, env, "package", p.t.name, map[string]any{"ensure": ensure(p.t)}, true)
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
		return pkgEnsure(ctx, env, c, func(t pkgTarget) string {
			if t.version != "" {
				return t.version
			}
			return "present"
		}, installed)
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
