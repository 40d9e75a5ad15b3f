package state

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
)

// sysctl.present: a kernel setting in a sysctl configuration file and
// on the running system, as Salt's linux_sysctl module keeps them.

var sysctlSpace = lazyre.New(`\s+`)

func sanitizeSysctl(v string) string { return sysctlSpace.ReplaceAllString(v, "\t") }

// sysctlDefaultConfig is Salt's: systemd's drop-in folder when systemd
// runs the machine, else /etc/sysctl.conf.
func sysctlDefaultConfig() string {
	if st, err := os.Stat("/run/systemd/system"); err == nil && st.IsDir() {
		return "/etc/sysctl.d/99-salt.conf"
	}
	return "/etc/sysctl.conf"
}

// sysctlConfigured reads the settings of a configuration file; ok is
// false when it cannot be read (a missing file has none).
func sysctlConfigured(path string) (map[string]string, bool) {
	out := map[string]string{}
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return out, true
	}
	if err != nil {
		return nil, false
	}
	for _, l := range strings.Split(string(data), "\n") {
		l = strings.TrimSpace(l)
		if strings.HasPrefix(l, "#") || !strings.Contains(l, "=") {
			continue
		}
		k, v, _ := strings.Cut(l, "=")
		out[strings.TrimRight(k, " \t")] = strings.TrimLeft(v, " \t")
	}
	return out, true
}

func sysctlGet(ctx context.Context, env *Env, name string) string {
	res, err := env.runner().Run(ctx, resource.Command{Argv: []string{"sysctl", "-n", name}, SplitStderr: true})
	if err != nil || res.ExitCode != 0 {
		return ""
	}
	return strings.TrimRight(string(res.Output), "\n")
}

// sysctlAssign is Salt's assign: sysctl -w, its answer checked.
func sysctlAssign(ctx context.Context, env *Env, name, value string) error {
	proc := "/proc/sys/" + strings.Map(func(r rune) rune {
		switch r {
		case '.':
			return '/'
		case '/':
			return '.'
		}
		return r
	}, name)
	if _, err := os.Stat(proc); err != nil {
		return fmt.Errorf("sysctl %s does not exist", name)
	}
	res, err := env.runner().Run(ctx, resource.Command{Argv: []string{"sysctl", "-w", name + "=" + value}, SplitStderr: true})
	if err != nil {
		return fmt.Errorf("sysctl -w failed: %s", err)
	}
	out, stderr := strings.TrimRight(string(res.Output), "\n"), strings.TrimRight(string(res.Stderr), "\n")
	ok := regexp.MustCompile(`^` + regexp.QuoteMeta(name) + `\s+=\s+` + regexp.QuoteMeta(value) + `$`).MatchString(out)
	if !ok || strings.Contains(stderr, "Invalid argument") {
		msg := out
		if res.ExitCode != 0 && stderr != "" {
			msg = stderr
		}
		return fmt.Errorf("sysctl -w failed: %s", msg)
	}
	return nil
}

// sysctlPersist is Salt's persist: the setting written into the file
// (which is created with Salt's header when missing), then assigned.
func sysctlPersist(ctx context.Context, env *Env, name, value, config string) (string, error) {
	if _, err := os.Stat(config); err != nil {
		if err := os.MkdirAll(filepath.Dir(config), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(config, []byte("#\n# Kernel sysctl configuration\n#\n"), 0o644); err != nil {
			return "", fmt.Errorf("Could not write to file: %s", config)
		}
	}
	data, err := os.ReadFile(config)
	if err != nil {
		return "", fmt.Errorf("Could not read from file: %s", config)
	}
	lines := strings.SplitAfter(string(data), "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	var out []string
	edited := false
	for _, l := range lines {
		k, v, found := strings.Cut(l, "=")
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch {
		case !found || strings.HasPrefix(k, "#") || k != name:
			out = append(out, l)
		case sanitizeSysctl(v) == sanitizeSysctl(value):
			if sanitizeSysctl(sysctlGet(ctx, env, name)) != sanitizeSysctl(value) {
				if err := sysctlAssign(ctx, env, name, value); err != nil {
					return "", err
				}
				return "Updated", nil
			}
			return "Already set", nil
		default:
			out = append(out, fmt.Sprintf("%s = %s\n", name, value))
			edited = true
		}
	}
	if !edited {
		out = append(out, fmt.Sprintf("%s = %s\n", name, value))
	}
	if err := writeReplacing(config, []byte(strings.Join(out, "")), 0o644); err != nil {
		return "", fmt.Errorf("Could not write to file: %s", config)
	}
	if err := sysctlAssign(ctx, env, name, value); err != nil {
		return "", err
	}
	return "Updated", nil
}

func sysctlPresent(ctx context.Context, env *Env, c Call) Return {
	if r, ok := missingParams(c, "value"); !ok {
		return r
	}
	switch c.Args["value"].(type) {
	case map[string]any, []any:
		return failed("The 'value' argument of sysctl.present must be a string or a number")
	}
	name, value := c.Name, str(c.Args, "value")
	config := str(c.Args, "config")
	if config == "" {
		config = sysctlDefaultConfig()
	}
	if c.Test {
		configured, ok := sysctlConfigured(config)
		if !ok {
			return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("Sysctl option %s might be changed, we failed to check config file at %s. The file is either unreadable, or missing.", name, config)}
		}
		current := sysctlGet(ctx, env, name)
		_, inConfig := configured[name]
		squash := regexp.MustCompile(` +|\t+`)
		switch {
		case current != "" && inConfig && strings.Join(strings.Fields(value), " ") == strings.Join(strings.Fields(current), " "):
			return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("Sysctl value %s = %s is already set", name, value)}
		case current != "" && !inConfig && squash.ReplaceAllString(current, " ") != squash.ReplaceAllString(value, " "):
			return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("Sysctl option %s set to be changed to %s", name, value)}
		case current != "" && !inConfig:
			return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("Sysctl value is currently set on the running system but not in a config file. Sysctl option %s set to be changed to %s in config file.", name, value)}
		case current == "" && inConfig:
			return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("Sysctl value %[1]s is present in configuration file but is not present in the running config. The value %[1]s is set to be changed to %[2]s", name, value)}
		}
		return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("Sysctl option %s would be changed to %s", name, value)}
	}
	update, err := sysctlPersist(ctx, env, name, value, config)
	if err != nil {
		return failed("Failed to set %s to %s: %s", name, value, err)
	}
	if update == "Updated" {
		return Return{Result: True, Changes: Changes{name: value}, Comment: fmt.Sprintf("Updated sysctl value %s = %s", name, value)}
	}
	return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("Sysctl value %s = %s is already set", name, value)}
}

func addSysctl(f Functions) {
	f["sysctl.present"] = sysctlPresent
}
