package service_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

type quietLog struct{}

func (quietLog) Log(resource.Level, string, string) {}

// reloadable is the service instance's Reload, which Salt's reload:
// True uses.
type reloadable interface {
	Reload(ctx context.Context, h *resource.Handle) error
}

func openService(t *testing.T, reg *resource.Registry, name, provider string) (resource.Instance, *resource.Handle) {
	t.Helper()
	res := &catalog.Resource{Type: "Service", Title: name}
	res.Set("ensure", "running")
	res.Set("provider", provider)
	inst, err := reg.Instantiate(res)
	if err != nil {
		t.Fatal(err)
	}
	h := &resource.Handle{Path: res.Ref().String(), Log: quietLog{}, Runner: command.Runner{}}
	if err := inst.Retrieve(context.Background(), h); err != nil {
		t.Fatal(err)
	}
	return inst, h
}

// TestReloadSystemd: a running unit is reloaded with systemctl reload;
// a stopped one is left alone.
func TestReloadSystemd(t *testing.T) {
	fix, bin := fixture(t)
	t.Setenv("PATH", bin+":"+os.Getenv("PATH"))
	providertest.Shell(t, fix+" unit ordoprov-rl active enabled")
	providertest.Shell(t, fix+" unit ordoprov-rl2 inactive enabled")
	reg := registry(t, true)
	for _, name := range []string{"ordoprov-rl", "ordoprov-rl2"} {
		inst, h := openService(t, reg, name, "systemd")
		if err := inst.(reloadable).Reload(context.Background(), h); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	log, _ := os.ReadFile(filepath.Join(filepath.Dir(bin), "systemctl.log"))
	if !strings.Contains(string(log), "reload -- ordoprov-rl\n") {
		t.Errorf("no reload of the running unit in:\n%s", log)
	}
	if strings.Contains(string(log), "reload -- ordoprov-rl2") {
		t.Errorf("the stopped unit was reloaded:\n%s", log)
	}
}

// TestReloadInitScript: the init script's reload runs and the daemon
// keeps its process (a restart would start a new one).
func TestReloadInitScript(t *testing.T) {
	fix, bin := fixture(t)
	t.Setenv("PATH", bin+":"+os.Getenv("PATH"))
	t.Cleanup(func() { providertest.Shell(t, fix+" reset") })
	if out, err := exec.Command("/etc/init.d/ordoprov-svc", "start").CombinedOutput(); err != nil {
		t.Fatalf("start: %v %s", err, out)
	}
	before, _ := os.ReadFile("/run/ordoprov-svc.pid")
	inst, h := openService(t, registry(t, false), "ordoprov-svc", "init")
	if err := inst.(reloadable).Reload(context.Background(), h); err != nil {
		t.Fatal(err)
	}
	after, _ := os.ReadFile("/run/ordoprov-svc.pid")
	if string(before) != string(after) || len(before) == 0 {
		t.Errorf("pid %q became %q: restarted, not reloaded", before, after)
	}
	if log, err := os.ReadFile(filepath.Join(filepath.Dir(bin), "reload.log")); err != nil || string(log) != "reload\n" {
		t.Errorf("reload.log = %q, %v", log, err)
	}
}
