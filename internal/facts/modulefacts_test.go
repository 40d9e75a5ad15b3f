package facts

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
)

func TestModuleFacts(t *testing.T) {
	root := t.TempDir()
	mp := t.TempDir()
	write := func(path, data string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(root+"/etc/passwd", "daemon:x:1:1::/usr/sbin:/bin/false\nroot:x:0:0:root:/var/root:/bin/bash\n")
	write(root+"/etc/debian_version", "12.5\n")
	write(root+"/proc/1/comm", "sh\n")
	write(root+"/etc/apt/sources.list.d/b.sources", "")
	write(root+"/etc/apt/sources.list.d/a.list", "")
	write(root+"/etc/apt/sources.list.d/c.list", "")
	for _, f := range []string{"stdlib/lib/facter/root_home.rb", "stdlib/lib/facter/service_provider.rb",
		"stdlib/lib/facter/package_provider.rb", "stdlib/lib/facter/puppet_settings.rb", "systemd/lib/facter/systemd.rb", "apt/lib/facter/apt_sources.rb",
		"apt/lib/facter/apt_update_last_success.rb", "apt/lib/facter/apt_reboot_required.rb", "mysql/lib/facter/mysql_server_id.rb"} {
		write(filepath.Join(mp, f), "")
	}
	core := catalog.NewHash()
	core.Set("kernel", "Linux")
	osh := catalog.NewHash()
	osh.Set("family", "Debian")
	core.Set("os", osh)
	net := catalog.NewHash()
	net.Set("mac", "02:42:ac:11:00:02")
	core.Set("networking", net)

	got := Source{Root: root}.ModuleFacts(context.Background(), core, []string{mp})
	want := `{"root_home":"/var/root","service_provider":"debian","package_provider":"apt",` +
		`"puppet_vardir":"/var/lib/ordo","puppet_server":"puppet","systemd":false,` +
		`"apt_sources":["sources.list","a.list","c.list","b.sources"],"apt_update_last_success":-1,` +
		`"apt_reboot_required":false,"mysql_server_id":2886796423}`
	if s := compactJSON(got); s != want {
		t.Errorf("module facts:\n got %s\nwant %s", s, want)
	}
	if got := (Source{Root: root}).ModuleFacts(context.Background(), core, nil); got.Len() != 0 {
		t.Errorf("without modules: %s", compactJSON(got))
	}
}

func compactJSON(v catalog.Value) string {
	var b bytes.Buffer
	if err := json.Compact(&b, []byte(JSON(v))); err != nil {
		return err.Error()
	}
	return b.String()
}
