package facts

import (
	"context"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/datafile"
)

// notGathered are facts Facter prints that ordo does not gather (yet):
// they need commands (lspci) or are rarely used.
var notGathered = map[string]bool{
	"ssh": true,
	"dmi": true, "aio_agent_version": true, "cloud": true, "ec2_metadata": true,
	"ec2_userdata": true, "gce": true, "az_metadata": true, "xen": true, "zfs_version": true,
}

// moving are facts whose values change between two reads; they are
// compared by type, and numbers within a tolerance.
var moving = map[string]bool{
	"load_averages": true, "memory.system.available": true, "memory.system.available_bytes": true,
	"memory.system.capacity": true, "memory.system.used": true, "memory.system.used_bytes": true,
	"memory.swap.available": true, "memory.swap.available_bytes": true, "memory.swap.capacity": true,
	"memory.swap.used": true, "memory.swap.used_bytes": true, "memoryfree": true, "memoryfree_mb": true,
	"swapfree": true, "swapfree_mb": true, "system_uptime": true, "uptime": true, "uptime_days": true,
	"uptime_hours": true, "uptime_seconds": true,
}

// isMoving reports whether the fact at path moves between two reads: a
// moving fact, or a mount point's usage.
func isMoving(path string) bool {
	top, _, _ := strings.Cut(path, ".")
	if moving[path] || moving[top] {
		return true
	}
	if strings.HasPrefix(path, "mountpoints.") {
		i := strings.LastIndexByte(path, '.')
		switch path[i+1:] {
		case "available", "available_bytes", "capacity", "used", "used_bytes":
			return true
		}
	}
	return false
}

func facter(t *testing.T, args ...string) *catalog.Hash {
	t.Helper()
	path, err := exec.LookPath("facter")
	if err != nil {
		t.Skip("facter is not installed")
	}
	out, err := exec.Command(path, args...).Output()
	if err != nil && len(out) == 0 {
		t.Skipf("facter failed: %v", err)
	}
	v, err := datafile.JSON(out)
	if err != nil {
		t.Fatalf("facter output: %v", err)
	}
	return v.(*catalog.Hash)
}

// compare checks ours against Facter's value at path, field by field.
func compare(t *testing.T, path string, ours, theirs catalog.Value) {
	t.Helper()
	if th, ok := theirs.(*catalog.Hash); ok {
		// A moving fact's hash is checked for Facter's keys only.
		compareHash(t, path, ours, th, !isMoving(path))
		return
	}
	if isMoving(path) {
		of, oNum := num(ours)
		tf, tNum := num(theirs)
		if oNum != tNum {
			t.Errorf("%s: ours %v (%T), Facter's %v (%T)", path, ours, ours, theirs, theirs)
		}
		if oNum && tNum && math.Abs(of-tf) > math.Max(0.2*math.Abs(tf), 1e9) && !strings.Contains(path, "load") {
			t.Errorf("%s: ours %v, Facter's %v", path, ours, theirs)
		}
		return
	}
	switch tv := theirs.(type) {
	case []catalog.Value:
		ol, ok := ours.([]catalog.Value)
		if !ok || len(ol) != len(tv) {
			t.Errorf("%s: ours %v, Facter's %v", path, catalog.Format(ours), catalog.Format(theirs))
			return
		}
		for i := range tv {
			compare(t, path+"["+itoa(i)+"]", ol[i], tv[i])
		}
	default:
		if catalog.Format(ours) != catalog.Format(theirs) {
			t.Errorf("%s: ours %s, Facter's %s", path, catalog.Format(ours), catalog.Format(theirs))
		}
	}
}

// compareHash compares each of Facter's keys at path with ours and, when
// exact, also fails on a key of ours that Facter has not.
func compareHash(t *testing.T, path string, ours catalog.Value, theirs *catalog.Hash, exact bool) {
	t.Helper()
	oh, ok := ours.(*catalog.Hash)
	if !ok {
		t.Errorf("%s: ours is %T, Facter's a hash", path, ours)
		return
	}
	for _, k := range theirs.Keys() {
		v, _ := theirs.Get(k)
		ov, ok := oh.Get(k)
		if !ok {
			t.Errorf("%s.%s: missing (Facter: %v)", path, k, catalog.Format(v))
			continue
		}
		compare(t, path+"."+k, ov, v)
	}
	if !exact {
		return
	}
	for _, k := range oh.Keys() {
		if _, ok := theirs.Get(k); !ok {
			t.Errorf("%s.%s: Facter has no such fact", path, k)
		}
	}
}

func itoa(i int) string { return catalog.Scalar(int64(i)) }

func num(v catalog.Value) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

func compareTop(t *testing.T, ours, theirs *catalog.Hash) {
	for _, k := range theirs.Keys() {
		if notGathered[k] {
			continue
		}
		tv, _ := theirs.Get(k)
		ov, ok := ours.Get(k)
		if !ok {
			t.Errorf("%s: missing (Facter: %s)", k, catalog.Format(tv))
			continue
		}
		compare(t, k, ov, tv)
	}
}

// TestVirtualAndUptime checks the facts Facter sometimes cannot give
// (see addMisc) on a prepared tree.
func TestVirtualAndUptime(t *testing.T) {
	root := t.TempDir()
	write := func(p, text string) {
		full := filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("/proc/uptime", "200000.5 10.0\n")
	write("/proc/1/environ", "PATH=/bin")
	write("/proc/1/cgroup", "0::/\n")
	write("/sys/devices/system/clocksource/clocksource0/available_clocksource", "tsc kvm-clock \n")
	f := catalog.NewHash()
	Source{Root: root}.addMisc(f)
	for path, want := range map[string]string{
		"system_uptime": "{\n  'days' => 2,\n  'hours' => 55,\n  'seconds' => 200000,\n  'uptime' => '2 days'\n}",
		"virtual":       "'kvm'",
		"is_virtual":    "true",
	} {
		v, _ := f.Get(path)
		if got := catalog.Format(v); got != want {
			t.Errorf("%s: got %s, want %s", path, got, want)
		}
	}
	write("/proc/1/cgroup", "12:cpu:/docker/0123abcd\n")
	f = catalog.NewHash()
	Source{Root: root}.addMisc(f)
	if v, _ := f.Get("virtual"); v != "docker" {
		t.Errorf("virtual in docker: %v", v)
	}
	if got := uptimeHash(3599); catalog.Format(got) != "{\n  'days' => 0,\n  'hours' => 0,\n  'seconds' => 3599,\n  'uptime' => '0:59 hours'\n}" {
		t.Errorf("uptime: %s", catalog.Format(got))
	}
}

// TestMatchesFacter compares every fact Facter prints on this machine.
func TestMatchesFacter(t *testing.T) {
	t.Parallel()
	theirs := facter(t, "-j")
	ours, err := Gather(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	compareTop(t, ours, theirs)
}

// TestLegacyMatchesFacter compares the legacy names too.
func TestLegacyMatchesFacter(t *testing.T) {
	t.Parallel()
	theirs := facter(t, "-j", "--show-legacy")
	core, err := Gather(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	compareTop(t, WithLegacy(core), theirs)
}

func BenchmarkGather(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		if _, err := Gather(ctx); err != nil {
			b.Fatal(err)
		}
	}
}

// TestYAMLMatchesFacter compares `facter -y` with the YAML rendering of
// the same facts, for the facts that do not move.
func TestYAMLMatchesFacter(t *testing.T) {
	t.Parallel()
	path, err := exec.LookPath("facter")
	if err != nil {
		t.Skip("facter is not installed")
	}
	names := []string{"os", "networking", "processors", "identity", "kernel", "kernelrelease",
		"kernelversion", "kernelmajversion", "path", "timezone", "disks", "filesystems",
		"hypervisors", "osfamily", "ipaddress6_lo", "memorysize_mb", "fips_enabled"}
	cmd := exec.Command(path, append([]string{"-y"}, names...)...)
	cmd.Env = append(os.Environ(), "PATH="+os.Getenv("PATH"))
	want, err := cmd.Output()
	if err != nil && len(want) == 0 {
		t.Skipf("facter failed: %v", err)
	}
	core, err := Gather(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	got := YAML(Select(WithLegacy(core), names))
	if got != string(want) {
		t.Errorf("facter -y differs:\n--- ordo\n%s\n--- facter\n%s", got, want)
	}
}

// TestJSONMatchesFacter compares `facter -j` with the JSON rendering of
// the same facts, character for character, for facts that do not move.
func TestJSONMatchesFacter(t *testing.T) {
	t.Parallel()
	path, err := exec.LookPath("facter")
	if err != nil {
		t.Skip("facter is not installed")
	}
	names := []string{"os", "networking", "processors", "identity", "kernel", "kernelrelease",
		"disks", "filesystems", "hypervisors", "osfamily", "memorysize_mb", "dhcp_servers", "ordo_no_such_fact"}
	want, err := exec.Command(path, append([]string{"-j"}, names...)...).Output()
	if err != nil && len(want) == 0 {
		t.Skipf("facter failed: %v", err)
	}
	core, err := Gather(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if got := JSON(Select(WithLegacy(core), names)); got != string(want) {
		t.Errorf("facter -j differs:\n--- ordo\n%s\n--- facter\n%s", got, want)
	}
}
