package state

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestSysctlPresent keeps vm.swappiness at the value it has (so the
// machine's kernel does not change) in a configuration file of its own:
// the dry runs, the file created with Salt's header, the setting in
// place, an unknown setting, a missing value.
func TestSysctlPresent(t *testing.T) {
	const key = "vm.swappiness"
	out, err := exec.Command("sysctl", "-n", key).Output()
	if err != nil {
		t.Skipf("no %s here", key)
	}
	cur := strings.TrimSpace(string(out))
	if err := exec.Command("sysctl", "-w", key+"="+cur).Run(); err != nil || os.Geteuid() != 0 {
		t.Skip("this machine does not let root set sysctl values")
	}
	config := filepath.Join(t.TempDir(), "sysctl.d", "99-ordo.conf")
	env := &Env{}
	ctx := context.Background()
	call := func(name string, args map[string]any, test bool) Return {
		return Default()["sysctl.present"](ctx, env, Call{Module: "sysctl", Fun: "present", Name: name, Test: test, Args: args})
	}
	same := map[string]any{"value": cur, "config": config}
	for _, step := range []struct {
		name    string
		args    map[string]any
		test    bool
		result  Result
		comment string
	}{
		{key, same, true, None, "Sysctl value is currently set on the running system but not in a config file. Sysctl option " + key + " set to be changed to " + cur + " in config file."},
		{key, same, false, True, "Updated sysctl value " + key + " = " + cur},
		{key, same, false, True, "Sysctl value " + key + " = " + cur + " is already set"},
		{key, same, true, True, "Sysctl value " + key + " = " + cur + " is already set"},
		{"ordosaltst.no.such.key", map[string]any{"value": 1, "config": config}, true, None, "Sysctl option ordosaltst.no.such.key would be changed to 1"},
		{"ordosaltst.no.such.key", map[string]any{"value": 1, "config": config}, false, False, "Failed to set ordosaltst.no.such.key to 1: sysctl ordosaltst.no.such.key does not exist"},
		{key, map[string]any{"config": config}, false, False, "Missing parameter value for state sysctl.present\n"},
		{key, map[string]any{"value": map[string]any{"a": 1}, "config": config}, false, False, "The 'value' argument of sysctl.present must be a string or a number"},
	} {
		if r := call(step.name, step.args, step.test); r.Result != step.result || r.Comment != step.comment {
			t.Errorf("%s %v (test %v): %s %q, want %s %q", step.name, step.args, step.test, r.Result, r.Comment, step.result, step.comment)
		}
	}
	// Salt edits the file before it learns the setting is unknown.
	want := "#\n# Kernel sysctl configuration\n#\n" + key + " = " + cur + "\nordosaltst.no.such.key = 1\n"
	if b, _ := os.ReadFile(config); string(b) != want {
		t.Errorf("config:\n%s\nwant:\n%s", b, want)
	}
}
