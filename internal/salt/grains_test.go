package salt_test

import (
	"reflect"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/salt"
)

func hash(kv ...any) *catalog.Hash {
	h := catalog.NewHash()
	for i := 0; i+1 < len(kv); i += 2 {
		h.Set(kv[i].(string), kv[i+1])
	}
	return h
}

// TestGrainsFromFacts checks the mapping of core facts to Salt's grains.
func TestGrainsFromFacts(t *testing.T) {
	f := hash(
		"os", hash("name", "Debian", "family", "Debian", "hardware", "x86_64",
			"release", hash("full", "12.11", "major", "12"),
			"distro", hash("codename", "bookworm")),
		"kernel", "Linux",
		"kernelrelease", "6.1.0",
		"networking", hash("hostname", "web1", "fqdn", "web1.example.com",
			"interfaces", hash(
				"lo", hash("bindings", []catalog.Value{hash("address", "127.0.0.1")}),
				"eth0", hash("bindings", []catalog.Value{hash("address", "192.0.2.2")},
					"bindings6", []catalog.Value{hash("address", "fd00::2")}))),
		"processors", hash("count", int64(4)),
		"memory", hash("system", hash("total_bytes", int64(8*1024*1024*1024))),
	)
	g := salt.GrainsFromFacts(f, map[string]string{"NAME": "Debian GNU/Linux", "VERSION_ID": "12"})
	want := map[string]any{
		"os": "Debian", "os_family": "Debian", "oscodename": "bookworm", "osfullname": "Debian GNU/Linux",
		"osrelease": "12", "osmajorrelease": 12, "kernel": "Linux", "kernelrelease": "6.1.0", "cpuarch": "x86_64",
		"host": "web1", "nodename": "web1", "fqdn": "web1.example.com", "id": "web1.example.com",
		"num_cpus": 4, "mem_total": 8192,
		"ipv4": []any{"127.0.0.1", "192.0.2.2"}, "ipv6": []any{"fd00::2"},
	}
	if !reflect.DeepEqual(g, want) {
		t.Errorf("grains:\n%v\nwant:\n%v", g, want)
	}
}
