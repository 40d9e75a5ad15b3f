package host

import (
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

// The aliases and comment are listed as puppet resource host (Puppet 7.23
// with puppetlabs-host_core) listed the same lines of /etc/hosts.
func TestInstancesOf(t *testing.T) {
	hosts := filepath.Join(t.TempDir(), "hosts")
	data := "# comment\n127.0.0.1 localhost\n10.0.0.5\tdb.example   db  database # the database\n10.0.0.6 db.example dup\n::1 ip6-localhost ip6-loopback\n"
	if err := os.WriteFile(hosts, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	rs, err := instancesOf(hosts)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]map[string]catalog.Value{
		"localhost":     {"ensure": "present", "ip": "127.0.0.1", "host_aliases": []catalog.Value(nil), "comment": "", "target": hosts},
		"db.example":    {"ensure": "present", "ip": "10.0.0.5", "host_aliases": []catalog.Value{"db", "database"}, "comment": "the database", "target": hosts},
		"ip6-localhost": {"ensure": "present", "ip": "::1", "host_aliases": []catalog.Value{"ip6-loopback"}, "comment": "", "target": hosts},
	}
	if len(rs) != len(want) {
		t.Fatalf("got %d instances, want %d (the first entry of a name wins)", len(rs), len(want))
	}
	for _, r := range rs {
		got := resourcetest.Params(r)
		if !reflect.DeepEqual(got, want[r.Title]) {
			t.Errorf("%s: got %v, want %v", r.Title, got, want[r.Title])
		}
	}
}
