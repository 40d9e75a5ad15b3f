package facts

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
)

func TestCommandFacts(t *testing.T) {
	mp := t.TempDir()
	for _, f := range []string{"filebeat/lib/facter/filebeat_version.rb", "nftables/lib/facter/nftables.rb", "openssl/lib/facter/openssl_version.rb",
		"unbound/lib/facter/unbound_version.rb", "wireguard/lib/facter/wireguard_pubkeys.rb"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(mp, f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(mp, f), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	core := catalog.NewHash()
	core.Set("kernel", "Linux")
	tests := []struct {
		name    string
		outputs map[string]string // command line -> output; absent: fails
		pubkeys map[string]string
		// filebeat is an executable made in the tree
		filebeat string
		want     string
	}{
		{name: "none of the commands", want: `{"filebeat_version":false}`},
		{
			name:     "filebeat",
			outputs:  map[string]string{"/usr/share/filebeat/bin/filebeat --version": "filebeat version 8.15.1 (amd64), libbeat 8.15.1\n"},
			filebeat: "/usr/share/filebeat/bin/filebeat",
			want:     `{"filebeat_version":"8.15.1"}`,
		},
		{
			name:     "filebeat that prints no version",
			outputs:  map[string]string{"/usr/bin/filebeat version": "", "/usr/bin/filebeat --version": "oops\n"},
			filebeat: "/usr/bin/filebeat",
			want:     `{}`,
		},
		{
			name: "all there",
			outputs: map[string]string{
				"nft list tables": "table inet filter\ntable ip nat\ntable inet f2b-table\n",
				"nft --version":   "nftables v1.0.6 (Lester Gooch #5)\n",
				"openssl version": "OpenSSL 3.0.15 3 Sep 2024 (Library: OpenSSL 3.0.15 3 Sep 2024)\n",
				"unbound -V":      "Version 1.17.1\n\nConfigure line: --build=x86_64\n",
			},
			pubkeys: map[string]string{"nodeB.pub": "key=\n", "wg0.pub": "other"},
			want: `{"filebeat_version":false,"nftables":{"tables":["inet-filter","ip-nat","inet-f2b-table"],"version":"1.0.6"},` +
				`"openssl_version":"3.0.15","unbound_version":"1.17.1","wireguard_pubkeys":{"nodeB":"key=","wg0":"other"}}`,
		},
		{
			name:    "no tables, an output without a version",
			outputs: map[string]string{"nft list tables": "", "nft --version": "nft\n", "unbound -V": "unbound\n"},
			want:    `{"filebeat_version":false,"nftables":{"tables":[],"version":null}}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			if tt.filebeat != "" {
				if err := os.MkdirAll(filepath.Dir(root+tt.filebeat), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(root+tt.filebeat, nil, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			if tt.pubkeys != nil {
				if err := os.MkdirAll(root+"/etc/wireguard", 0o755); err != nil {
					t.Fatal(err)
				}
				for name, data := range tt.pubkeys {
					if err := os.WriteFile(filepath.Join(root, "etc/wireguard", name), []byte(data), 0o600); err != nil {
						t.Fatal(err)
					}
				}
			}
			s := Source{Root: root, Run: func(_ context.Context, name string, args ...string) (string, bool) {
				out, ok := tt.outputs[strings.Join(append([]string{name}, args...), " ")]
				return out, ok
			}}
			got := catalog.NewHash()
			all := s.ModuleFacts(context.Background(), core, []string{mp})
			for _, name := range []string{"filebeat_version", "nftables", "openssl_version", "unbound_version", "wireguard_pubkeys"} {
				if v, ok := all.Get(name); ok {
					got.Set(name, v)
				}
			}
			if s := compactJSON(got); s != tt.want {
				t.Errorf("got  %s\nwant %s", s, tt.want)
			}
		})
	}
}
