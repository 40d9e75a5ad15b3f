package state

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestMountForReal mounts a tmpfs on a temporary folder with
// mount.mounted, finds it mounted, remounts it with other options,
// writes it into an fstab of its own (never /etc/fstab), unmounts it
// with mount.unmounted and purges the entry, where the machine lets root
// mount.
func TestMountForReal(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to mount")
	}
	dir := t.TempDir()
	if out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size=1m", "tmpfs", dir).CombinedOutput(); err != nil {
		t.Skipf("this machine does not let root mount: %s", out)
	}
	exec.Command("umount", dir).Run()
	t.Cleanup(func() { exec.Command("umount", dir).Run() })
	env := &Env{}
	ctx := context.Background()
	mounted := map[string]any{"device": "tmpfs", "fstype": "tmpfs", "opts": "size=1m", "persist": false}
	fstab := filepath.Join(t.TempDir(), "fstab")
	if err := os.WriteFile(fstab, []byte("# ordo test\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	persisted := map[string]any{"device": "tmpfs", "fstype": "tmpfs", "opts": "size=2m,noexec", "config": fstab}
	for _, step := range []struct {
		fun     string
		args    map[string]any
		test    bool
		result  Result
		comment string
		changes int
	}{
		{"mounted", mounted, true, None, dir + " would be mounted", 0},
		{"mounted", mounted, false, True, "Target was successfully mounted", 1},
		{"mounted", mounted, false, True, "Target was already mounted", 0},
		{"mounted", map[string]any{"device": "tmpfs", "fstype": "tmpfs", "opts": "size=2m,noexec", "persist": false}, true, None,
			"Remount would be forced because options (noexec,size=2048k) changed", 0},
		{"mounted", map[string]any{"device": "tmpfs", "fstype": "tmpfs", "opts": "size=2m,noexec", "persist": false}, false, True,
			"Target was already mounted", 1},
		{"mounted", map[string]any{"device": "tmpfs", "fstype": "tmpfs", "opts": "size=2m,noexec,defaults", "persist": false}, false, True,
			"Target was already mounted", 0},
		{"mounted", map[string]any{"device": "/dev/ordosaltst", "fstype": "tmpfs", "persist": false}, true, None,
			"An umount would have been forced because devices do not match.  Watched: /dev/ordosaltst", 0},
		{"mounted", persisted, true, None, "Target was already mounted. " + dir + " is mounted, but needs to be written to the fstab in order to be made persistent.", 0},
		{"mounted", persisted, false, True, "Target was already mounted. Added new entry to the fstab.", 1},
		{"mounted", persisted, false, True, "Target was already mounted. Entry already exists in the fstab.", 0},
		{"unmounted", map[string]any{}, true, None, "Mount point " + dir + " is mounted but should not be", 0},
		{"unmounted", map[string]any{}, false, True, "Target was successfully unmounted", 1},
		{"unmounted", map[string]any{}, false, True, "Target was already unmounted", 0},
		{"unmounted", map[string]any{"persist": true, "config": fstab}, false, True, "Target was already unmounted. Removed target from fstab", 1},
	} {
		r := Default()["mount."+step.fun](ctx, env, Call{Module: "mount", Fun: step.fun, Name: dir, Test: step.test, Args: step.args})
		if r.Result != step.result || r.Comment != step.comment || len(r.Changes) != step.changes {
			t.Errorf("mount.%s (test %v): %s %q %v; want %s %q with %d changes", step.fun, step.test, r.Result, r.Comment, r.Changes, step.result, step.comment, step.changes)
		}
	}
}
