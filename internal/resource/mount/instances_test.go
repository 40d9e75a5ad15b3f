package mount

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

// The expectations are what puppet resource mount (Puppet 7.23 with
// puppetlabs-mount_core) listed for the same fstab lines and mounts.
func TestInstancesOf(t *testing.T) {
	fstab := filepath.Join(t.TempDir(), "fstab")
	data := "# UNCONFIGURED FSTAB FOR BASE SYSTEM\ntmpfs /mnt/ordoresmnt tmpfs defaults,noauto 0 0\n/dev/ordoresx /mnt/ordoresy/ ext4\n"
	if err := os.WriteFile(fstab, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	rs, err := instancesOf(fstab, []string{"/", "/mnt/ordoresy", "/proc", "/"})
	if err != nil {
		t.Fatal(err)
	}
	type entry struct {
		title  string
		params map[string]catalog.Value
	}
	want := []entry{
		{"/mnt/ordoresmnt", map[string]catalog.Value{"ensure": "unmounted", "device": "tmpfs", "fstype": "tmpfs", "options": "defaults,noauto", "dump": "0", "pass": "0", "target": fstab}},
		{"/mnt/ordoresy", map[string]catalog.Value{"ensure": "mounted", "device": "/dev/ordoresx", "fstype": "ext4", "options": "absent", "dump": "absent", "pass": "absent", "target": fstab}},
		{"/", map[string]catalog.Value{"ensure": "ghost", "target": fstab}},
		{"/proc", map[string]catalog.Value{"ensure": "ghost", "target": fstab}},
	}
	if len(rs) != len(want) {
		t.Fatalf("got %d instances, want %d", len(rs), len(want))
	}
	for i, r := range rs {
		got := resourcetest.Params(r)
		if r.Title != want[i].title || !reflect.DeepEqual(got, want[i].params) {
			t.Errorf("instance %d: got %s %v, want %s %v", i, r.Title, got, want[i].title, want[i].params)
		}
	}
}
