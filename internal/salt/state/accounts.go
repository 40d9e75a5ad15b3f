package state

import (
	"context"
	"fmt"
	"os/exec"
	"os/user"
	"sort"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

func groupInfo(name string) (map[string]any, bool) {
	g, err := user.LookupGroup(name)
	if err != nil {
		return nil, false
	}
	gid, _ := strconv.Atoi(g.Gid)
	return map[string]any{"name": g.Name, "gid": gid, "passwd": "x", "members": []any{}}, true
}

func userInfo(name string) (map[string]any, bool) {
	u, err := user.Lookup(name)
	if err != nil {
		return nil, false
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	var groups []any
	if ids, err := u.GroupIds(); err == nil {
		var names []string
		for _, id := range ids {
			if g, err := user.LookupGroupId(id); err == nil {
				names = append(names, g.Name)
			}
		}
		sort.Strings(names)
		for _, n := range names {
			groups = append(groups, n)
		}
	}
	info := map[string]any{"name": u.Username, "uid": uid, "gid": gid, "home": u.HomeDir, "fullname": u.Name, "groups": groups}
	if shell, err := passwdShell(name); err == nil {
		info["shell"] = shell
	}
	return info, true
}

// userFields maps ordo's user properties to Salt's names in changes.
var userFields = map[string]string{"uid": "uid", "gid": "gid", "groups": "groups", "home": "home", "shell": "shell", "comment": "fullname", "password": "passwd"}

// groupList reads a list argument of names.
func groupList(v any) []any {
	switch v := v.(type) {
	case []any:
		return v
	case string:
		var out []any
		for _, g := range strings.Split(v, ",") {
			if g = strings.TrimSpace(g); g != "" {
				out = append(out, g)
			}
		}
		return out
	}
	return nil
}

// accountChanges syncs the out-of-sync properties of r (all of them, or
// in a dry run none) and returns Salt's changes: the new value of each,
// under Salt's field names.
func accountChanges(ctx context.Context, r *ordoResource, test bool, fields map[string]string) (Changes, error) {
	ch := Changes{}
	var todo []resource.Property
	for _, p := range r.inst.Properties() {
		if p.Name() == "ensure" || p.InSync() {
			continue
		}
		name := fields[p.Name()]
		if name == "" {
			name = p.Name()
		}
		ch[name] = catalogPlain(p.Desired())
		todo = append(todo, p)
	}
	if test || len(todo) == 0 {
		return ch, nil
	}
	return ch, r.sync(ctx, todo...)
}

// catalogPlain turns catalog values back into the plain values Salt's
// return data holds.
func catalogPlain(v catalog.Value) any {
	switch v := v.(type) {
	case int64:
		return int(v)
	case []catalog.Value:
		out := make([]any, len(v))
		for i, x := range v {
			out[i] = catalogPlain(x)
		}
		return out
	}
	return v
}

func changeLines(ch Changes) string {
	var lines []string
	for _, k := range sortedKeys(ch) {
		lines = append(lines, fmt.Sprintf("%s: %v", k, ch[k]))
	}
	return strings.Join(lines, "\n")
}

func addAccounts(f Functions) {
	f["user.present"] = func(ctx context.Context, env *Env, c Call) Return {
		params := map[string]any{"ensure": "present", "managehome": boolArg(c.Args, "createhome", true), "system": boolArg(c.Args, "system", false)}
		for salt, ordo := range map[string]string{"uid": "uid", "gid": "gid", "home": "home", "shell": "shell", "fullname": "comment", "password": "password"} {
			if v, ok := c.Args[salt]; ok && v != nil {
				params[ordo] = v
			}
		}
		if groups := groupList(c.Args["groups"]); groups != nil {
			params["groups"] = groups
			if boolArg(c.Args, "remove_groups", true) {
				params["membership"] = "inclusive"
			}
		}
		r, err := openResource(ctx, env, "user", c.Name, params, c.Test)
		if err != nil {
			return failed("%s", err)
		}
		if !r.inst.Exists() {
			if c.Test {
				return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("User %s set to be added", c.Name)}
			}
			if err := r.sync(ctx, r.property("ensure")); err != nil {
				return failed("Failed to create new user %s", c.Name)
			}
			info, _ := userInfo(c.Name)
			return Return{Result: True, Changes: Changes(info), Comment: fmt.Sprintf("New user %s created", c.Name)}
		}
		ch, err := accountChanges(ctx, r, c.Test, userFields)
		if err != nil {
			return Return{Result: False, Changes: Changes{}, Comment: fmt.Sprintf("These values could not be changed: %s", err)}
		}
		switch {
		case len(ch) == 0:
			return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("User %s is present and up to date", c.Name)}
		case c.Test:
			return Return{Result: None, Changes: Changes{}, Comment: "The following user attributes are set to be changed:\n" + changeLines(ch) + "\n"}
		}
		return Return{Result: True, Changes: ch, Comment: fmt.Sprintf("Updated user %s", c.Name)}
	}
	f["user.absent"] = func(ctx context.Context, env *Env, c Call) Return {
		r, err := openResource(ctx, env, "user", c.Name, map[string]any{"ensure": "absent", "managehome": boolArg(c.Args, "purge", false)}, c.Test)
		if err != nil {
			return failed("%s", err)
		}
		switch {
		case !r.inst.Exists():
			return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("User %s is not present", c.Name)}
		case c.Test:
			return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("User %s set for removal", c.Name)}
		}
		if err := r.sync(ctx, r.property("ensure")); err != nil {
			return failed("Failed to remove user %s", c.Name)
		}
		return Return{Result: True, Changes: Changes{c.Name: "removed"}, Comment: fmt.Sprintf("Removed user %s", c.Name)}
	}
	f["group.present"] = func(ctx context.Context, env *Env, c Call) Return {
		params := map[string]any{"ensure": "present", "system": boolArg(c.Args, "system", false)}
		if v, ok := c.Args["gid"]; ok && v != nil {
			params["gid"] = v
		}
		if members := groupList(c.Args["members"]); members != nil {
			params["members"] = members
			params["auth_membership"] = true
		}
		r, err := openResource(ctx, env, "group", c.Name, params, c.Test)
		if err != nil {
			return failed("%s", err)
		}
		if !r.inst.Exists() {
			if c.Test {
				return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("Group %s set to be added", c.Name)}
			}
			if err := r.sync(ctx, r.property("ensure")); err != nil {
				return failed("Failed to create new group %s", c.Name)
			}
			info, _ := groupInfo(c.Name)
			return Return{Result: True, Changes: Changes(info), Comment: fmt.Sprintf("New group %s created", c.Name)}
		}
		ch, err := accountChanges(ctx, r, c.Test, map[string]string{"gid": "gid", "members": "members"})
		if err != nil {
			return failed("%s", err)
		}
		switch {
		case len(ch) == 0:
			return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("Group %s is present and up to date", c.Name)}
		case c.Test:
			return Return{Result: None, Changes: Changes{}, Comment: "The following group attributes are set to be changed:\n" + changeLines(ch) + "\n"}
		}
		return Return{Result: True, Changes: ch, Comment: "The following group attributes were changed:\n" + changeLines(ch) + "\n"}
	}
	f["group.absent"] = func(ctx context.Context, env *Env, c Call) Return {
		r, err := openResource(ctx, env, "group", c.Name, map[string]any{"ensure": "absent"}, c.Test)
		if err != nil {
			return failed("%s", err)
		}
		switch {
		case !r.inst.Exists():
			return Return{Result: True, Changes: Changes{}, Comment: "Group not present"}
		case c.Test:
			return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("Group %s is set for removal", c.Name)}
		}
		if err := r.sync(ctx, r.property("ensure")); err != nil {
			return failed("Failed to remove group %s", c.Name)
		}
		return Return{Result: True, Changes: Changes{c.Name: ""}, Comment: fmt.Sprintf("Removed group %s", c.Name)}
	}
}

// passwdShell reads a user's login shell with getent.
func passwdShell(name string) (string, error) {
	out, err := exec.Command("getent", "passwd", name).Output()
	if err != nil {
		return "", err
	}
	fields := strings.Split(strings.TrimSpace(string(out)), ":")
	if len(fields) < 7 {
		return "", fmt.Errorf("bad passwd entry")
	}
	return fields[6], nil
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
