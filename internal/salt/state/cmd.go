package state

import (
	"context"
	"fmt"
	"os"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/ordoproject/ordo/internal/resource"
)

// shell is the shell Salt's cmd states run commands with.
func shell() string {
	if _, err := os.Stat("/bin/bash"); err == nil {
		return "/bin/bash"
	}
	return "/bin/sh"
}

// cmdResult is how a command ended.
type cmdResult struct {
	pid            int
	retcode        int
	stdout, stderr string
}

// runShell runs command line through the shell with ordo's command
// runner (its own process group, killed whole on timeout), with cwd,
// env, runas, stdin and timeout from the state's arguments; standard
// error kept apart, as Salt reports it.
func runShell(ctx context.Context, env *Env, line string, args map[string]any) (cmdResult, error) {
	cmd := resource.Command{Argv: []string{shell(), "-c", line}, SplitStderr: true}
	if t, ok := args["timeout"]; ok {
		var secs float64
		fmt.Sscan(fmt.Sprint(t), &secs)
		if secs > 0 {
			cmd.Timeout = time.Duration(secs * float64(time.Second))
		}
	}
	if cwd := str(args, "cwd"); cwd != "" {
		cmd.Dir = cwd
	} else {
		cmd.Dir = "/root"
		if _, err := os.Stat(cmd.Dir); err != nil {
			cmd.Dir = "/"
		}
	}
	switch vars := args["env"].(type) {
	case map[string]any:
		keys := make([]string, 0, len(vars))
		for k := range vars {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			cmd.Env = append(cmd.Env, k+"="+fmt.Sprint(vars[k]))
		}
	case []any:
		for _, item := range vars {
			if m, ok := item.(map[string]any); ok {
				for _, k := range sortedKeys(m) {
					cmd.Env = append(cmd.Env, k+"="+fmt.Sprint(m[k]))
				}
			}
		}
	}
	if runas := str(args, "runas"); runas != "" {
		u, err := user.Lookup(runas)
		if err != nil {
			return cmdResult{}, fmt.Errorf("User '%s' is not available", runas)
		}
		uid, _ := strconv.ParseUint(u.Uid, 10, 32)
		gid, _ := strconv.ParseUint(u.Gid, 10, 32)
		u32, g32 := uint32(uid), uint32(gid)
		cmd.UID, cmd.GID = &u32, &g32
		cmd.Env = append(cmd.Env, "HOME="+u.HomeDir, "USER="+u.Username, "LOGNAME="+u.Username)
		if str(args, "cwd") == "" {
			cmd.Dir = u.HomeDir
			if _, err := os.Stat(cmd.Dir); err != nil {
				cmd.Dir = "/"
			}
		}
	}
	if stdin := str(args, "stdin"); stdin != "" {
		cmd.Stdin = []byte(stdin)
	}
	res, err := env.runner().Run(ctx, cmd)
	if err != nil {
		return cmdResult{}, err
	}
	out := cmdResult{
		pid:     res.Pid,
		retcode: res.ExitCode,
		stdout:  strings.TrimRight(string(res.Output), "\n"),
		stderr:  strings.TrimRight(string(res.Stderr), "\n"),
	}
	if out.retcode < 0 || res.TimedOut {
		out.retcode = 1
	}
	return out, nil
}

// successRetcodes are the exit codes the state counts as success.
func successRetcodes(args map[string]any) map[int]bool {
	ok := map[int]bool{0: true}
	switch v := args["success_retcodes"].(type) {
	case []any:
		for _, x := range v {
			if n, isInt := x.(int); isInt {
				ok[n] = true
			}
		}
	case int:
		ok[v] = true
	}
	return ok
}

func runCommand(ctx context.Context, env *Env, c Call, line string) Return {
	if c.Test {
		return Return{Result: None, Changes: Changes{"cmd": c.Name}, Comment: fmt.Sprintf("Command \"%s\" would have been executed", c.Name)}
	}
	if cwd := str(c.Args, "cwd"); cwd != "" {
		if st, err := os.Stat(cwd); err != nil || !st.IsDir() {
			return Return{Result: False, Changes: Changes{}, Comment: fmt.Sprintf("Desired working directory \"%s\" is not available", cwd)}
		}
	}
	res, err := runShell(ctx, env, line, c.Args)
	if err != nil {
		return Return{Result: False, Changes: Changes{}, Comment: err.Error()}
	}
	r := Return{
		Changes: Changes{"pid": res.pid, "retcode": res.retcode, "stdout": res.stdout, "stderr": res.stderr},
		Comment: fmt.Sprintf("Command \"%s\" run", c.Name),
		Result:  False,
	}
	if successRetcodes(c.Args)[res.retcode] {
		r.Result = True
	}
	return r
}

func addCmd(f Functions) {
	f["cmd.run"] = func(ctx context.Context, env *Env, c Call) Return {
		return runCommand(ctx, env, c, c.Name)
	}
	f["cmd.wait"] = func(ctx context.Context, env *Env, c Call) Return {
		return Return{Result: True, Changes: Changes{}, Comment: ""}
	}
	f["cmd.script"] = func(ctx context.Context, env *Env, c Call) Return {
		return runScript(ctx, env, c)
	}
	f["cmd.wait_script"] = f["cmd.wait"]
	f["cmd.mod_watch"] = func(ctx context.Context, env *Env, c Call) Return {
		switch c.Sfun {
		case "wait", "run", "watch":
			return runCommand(ctx, env, c, c.Name)
		case "wait_script", "script":
			return runScript(ctx, env, c)
		}
		return Return{Result: False, Changes: Changes{}, Comment: fmt.Sprintf("cmd.%s does not work with the watch requisite, please use cmd.wait or cmd.wait_script", c.Sfun)}
	}
}

// runScript runs cmd.script's source: a salt:// file from the file root
// or a local path, with the args argument.
func runScript(ctx context.Context, env *Env, c Call) Return {
	source := str(c.Args, "source")
	if source == "" {
		source = c.Name
	}
	line := source
	if rest, ok := strings.CutPrefix(source, "salt://"); ok {
		line = filepath.Join(env.FileRoot, filepath.FromSlash(rest))
		if _, err := os.Stat(line); err != nil {
			return Return{Result: False, Changes: Changes{}, Comment: fmt.Sprintf("Unable to cache script %s from saltenv 'base'", source)}
		}
	}
	if !c.Test {
		tmp, err := os.CreateTemp("", "ordo-script-")
		if err != nil {
			return Return{Result: False, Changes: Changes{}, Comment: err.Error()}
		}
		defer os.Remove(tmp.Name())
		b, err := os.ReadFile(line)
		if err != nil {
			tmp.Close()
			return Return{Result: False, Changes: Changes{}, Comment: err.Error()}
		}
		_, _ = tmp.Write(b)
		tmp.Close()
		_ = os.Chmod(tmp.Name(), 0o700)
		// The user the script runs as owns its copy, as Salt's cached
		// script is handed to runas.
		if runas := str(c.Args, "runas"); runas != "" {
			if u, err := user.Lookup(runas); err == nil {
				uid, _ := strconv.Atoi(u.Uid)
				gid, _ := strconv.Atoi(u.Gid)
				_ = os.Chown(tmp.Name(), uid, gid)
			}
		}
		line = tmp.Name()
	}
	if a := str(c.Args, "args"); a != "" {
		line += " " + a
	}
	return runCommand(ctx, env, c, line)
}
