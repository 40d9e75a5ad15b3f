package mount_test

import (
	"context"
	"os"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/mount"
	"github.com/ordoproject/ordo/internal/resource/providertest"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

func isMounted(t *testing.T, dir string) bool {
	data, err := os.ReadFile("/proc/mounts")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) > 1 && f[1] == dir {
			return true
		}
	}
	return false
}

// TestMountsForReal adds a tmpfs to /etc/fstab, mounts it, and removes it
// again, where the machine lets root mount; /etc/fstab is restored as it
// was at the end.
func TestMountsForReal(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to mount")
	}
	providertest.Lock(t, "ordoprov-mount")
	old, err := os.ReadFile(mount.DefaultTarget)
	if err != nil {
		t.Skip("no /etc/fstab")
	}
	st, _ := os.Stat(mount.DefaultTarget)
	dir := t.TempDir()
	t.Cleanup(func() {
		if isMounted(t, dir) {
			command.Runner{}.Run(context.Background(), resource.Command{Argv: []string{"umount", dir}})
		}
		os.WriteFile(mount.DefaultTarget, old, st.Mode().Perm())
	})
	probe, _ := (&command.Runner{}).Run(context.Background(), resource.Command{Argv: []string{"mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", dir}})
	if probe.ExitCode != 0 {
		t.Skipf("this machine does not let root mount: %s", probe.Output)
	}
	(&command.Runner{}).Run(context.Background(), resource.Command{Argv: []string{"umount", dir}})

	apply := func(ensure string) string {
		r := resourcetest.Resource("Mount", dir, "ensure", ensure, "device", "tmpfs", "fstype", "tmpfs", "options", "size=1m")
		inst, err := resource.Instantiate(mount.Type{}, r)
		if err != nil {
			t.Fatal(err)
		}
		log := &resourcetest.Logger{MinLevel: resource.Info}
		h := &resource.Handle{Path: "Mount[" + dir + "]", Log: log, Runner: &command.Runner{}, BucketDir: t.TempDir()}
		resourcetest.Apply(context.Background(), inst, h)
		return log.String()
	}
	if got := apply("mounted"); !strings.Contains(got, "ensure: defined 'ensure' as 'mounted'") || !isMounted(t, dir) {
		t.Fatalf("mounted: %s; mounted %v", got, isMounted(t, dir))
	}
	if got := apply("mounted"); got != "" {
		t.Errorf("second run changed something: %s", got)
	}
	if got := apply("absent"); !strings.Contains(got, "undefined 'ensure' from 'mounted'") || isMounted(t, dir) {
		t.Fatalf("absent: %s; mounted %v", got, isMounted(t, dir))
	}
	if data, _ := os.ReadFile(mount.DefaultTarget); strings.Contains(string(data), dir) {
		t.Errorf("the entry is still in /etc/fstab:\n%s", data)
	}
}
