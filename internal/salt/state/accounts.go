package state

import (
	"context"
	"fmt"
	"os/exec"
	"os/user"
	"sort"
	"strconv"
	"strings"
)

// accountCommand runs one of the shadow utilities (useradd, groupdel, ...).
func accountCommand(ctx context.Context, argv ...string) error {
	out, err := exec.CommandContext(ctx, argv[0], argv[1:]...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("%s: %s", strings.Join(argv, " "), strings.TrimSpace(string(out)))
	}
	return nil
}

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

func addAccounts(f Functions) {
	f["group.present"] = func(ctx context.Context, env *Env, c Call) Return {
		info, ok := groupInfo(c.Name)
		gid := str(c.Args, "gid")
		if ok {
			if gid != "" && fmt.Sprint(info["gid"]) != gid {
				if c.Test {
					return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("The following group attributes are set to be changed:\ngid: %s\n", gid)}
				}
				if err := accountCommand(ctx, "groupmod", "-g", gid, c.Name); err != nil {
					return failed("%s", err)
				}
				return Return{Result: True, Changes: Changes{"gid": info["gid"]}, Comment: fmt.Sprintf("The following group attributes were changed:\ngid: %s\n", gid)}
			}
			return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("Group %s is present and up to date", c.Name)}
		}
		if c.Test {
			return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("Group %s set to be added", c.Name)}
		}
		argv := []string{"groupadd"}
		if gid != "" {
			argv = append(argv, "-g", gid)
		}
		if boolArg(c.Args, "system", false) {
			argv = append(argv, "-r")
		}
		if err := accountCommand(ctx, append(argv, c.Name)...); err != nil {
			return failed("Failed to create new group %s", c.Name)
		}
		info, _ = groupInfo(c.Name)
		return Return{Result: True, Changes: Changes(info), Comment: fmt.Sprintf("New group %s created", c.Name)}
	}
	f["group.absent"] = func(ctx context.Context, env *Env, c Call) Return {
		if _, ok := groupInfo(c.Name); !ok {
			return Return{Result: True, Changes: Changes{}, Comment: "Group not present"}
		}
		if c.Test {
			return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("Group %s is set for removal", c.Name)}
		}
		if err := accountCommand(ctx, "groupdel", c.Name); err != nil {
			return failed("Failed to remove group %s", c.Name)
		}
		return Return{Result: True, Changes: Changes{c.Name: ""}, Comment: fmt.Sprintf("Removed group %s", c.Name)}
	}
	f["user.present"] = func(ctx context.Context, env *Env, c Call) Return {
		info, ok := userInfo(c.Name)
		if ok {
			var argv []string
			ch := Changes{}
			if uid := str(c.Args, "uid"); uid != "" && fmt.Sprint(info["uid"]) != uid {
				argv = append(argv, "-u", uid)
				ch["uid"] = uid
			}
			if home := str(c.Args, "home"); home != "" && info["home"] != home {
				argv = append(argv, "-d", home)
				ch["home"] = home
			}
			if shell := str(c.Args, "shell"); shell != "" {
				if u, err := passwdShell(c.Name); err == nil && u != shell {
					argv = append(argv, "-s", shell)
					ch["shell"] = shell
				}
			}
			if len(ch) == 0 {
				return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("User %s is present and up to date", c.Name)}
			}
			if c.Test {
				var lines []string
				for _, k := range sortedKeys(ch) {
					lines = append(lines, fmt.Sprintf("%s: %v", k, ch[k]))
				}
				return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("The following user attributes are set to be changed:\n%s\n", strings.Join(lines, "\n"))}
			}
			if err := accountCommand(ctx, append(append([]string{"usermod"}, argv...), c.Name)...); err != nil {
				return failed("%s", err)
			}
			return Return{Result: True, Changes: ch, Comment: fmt.Sprintf("Updated user %s", c.Name)}
		}
		if c.Test {
			return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("User %s set to be added", c.Name)}
		}
		argv := []string{"useradd"}
		if v := str(c.Args, "uid"); v != "" {
			argv = append(argv, "-u", v)
		}
		if v := str(c.Args, "gid"); v != "" {
			argv = append(argv, "-g", v)
		}
		if v := str(c.Args, "home"); v != "" {
			argv = append(argv, "-d", v)
		}
		if v := str(c.Args, "shell"); v != "" {
			argv = append(argv, "-s", v)
		}
		if v := str(c.Args, "fullname"); v != "" {
			argv = append(argv, "-c", v)
		}
		if boolArg(c.Args, "createhome", true) {
			argv = append(argv, "-m")
		}
		if boolArg(c.Args, "system", false) {
			argv = append(argv, "-r")
		}
		if groups, ok := c.Args["groups"].([]any); ok && len(groups) > 0 {
			names := make([]string, len(groups))
			for i, g := range groups {
				names[i] = fmt.Sprint(g)
			}
			argv = append(argv, "-G", strings.Join(names, ","))
		}
		if err := accountCommand(ctx, append(argv, c.Name)...); err != nil {
			return failed("Failed to create new user %s", c.Name)
		}
		info, _ = userInfo(c.Name)
		return Return{Result: True, Changes: Changes(info), Comment: fmt.Sprintf("New user %s created", c.Name)}
	}
	f["user.absent"] = func(ctx context.Context, env *Env, c Call) Return {
		if _, ok := userInfo(c.Name); !ok {
			return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("User %s is not present", c.Name)}
		}
		if c.Test {
			return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("User %s set for removal", c.Name)}
		}
		argv := []string{"userdel"}
		if boolArg(c.Args, "purge", false) {
			argv = append(argv, "-r")
		}
		if err := accountCommand(ctx, append(argv, c.Name)...); err != nil {
			return failed("Failed to remove user %s", c.Name)
		}
		return Return{Result: True, Changes: Changes{c.Name: "removed"}, Comment: fmt.Sprintf("Removed user %s", c.Name)}
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
