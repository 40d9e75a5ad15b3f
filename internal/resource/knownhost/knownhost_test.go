package knownhost_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

// TestWherePuppetFails applies the cases of testdata/differs, where
// Puppet fails on a known hosts file it cannot read back (their .log and
// .files are Puppet's, kept to show it): a line that is not a whole entry
// is kept as it is, and an entry indented with white space is read
// without it, so the keys are still managed.
func TestWherePuppetFails(t *testing.T) {
	want := map[string]struct{ log, file string }{
		"add-junk": {
			log: "Debug: Prefetching parsed resources for sshkey\n" +
				"Notice: /Stage[main]/Main/Sshkey[new.example@ssh-ed25519]/ensure: created\n" +
				"Info: Computing checksum on file @ROOT@/r/known_hosts",
			file: "# known hosts\n\n" +
				"web.example,web,192.0.2.10 ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOrdoOrdoOrdoOrdoOrdoOrdoOrdoOrdoOrdoOrdoOrdoOr\n" +
				"web.example ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCrsa\n" +
				"|1|c2FsdA==|aGFzaA== ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOrdoOrdoOrdoOrdoOrdoOrdoOrdoOrdoOrdoOrdoOrdoOr\n" +
				"@cert-authority *.example ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOrdoOrdoOrdoOrdoOrdoOrdoOrdoOrdoOrdoOrdoOrdoOr\n" +
				"junk\n" +
				"onlyname ssh-rsa\n" +
				"spaced.example ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOrdoOrdoOrdoOrdoOrdoOrdoOrdoOrdoOrdoOrdoOrdoOr trailing words\n" +
				"db.example ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINewNewNewNewNewNewNewNewNewNewNewNewNewNewNewNe\n" +
				"new.example ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINewNewNewNewNewNewNewNewNewNewNewNewNewNewNewNe\n",
		},
		"indented": {
			log: "Debug: Prefetching parsed resources for sshkey\n" +
				"Notice: /Stage[main]/Main/Sshkey[b.example@ssh-rsa]/ensure: created\n" +
				"Info: Computing checksum on file @ROOT@/r/known_hosts",
			file: "a.example ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCrsa\n" +
				"indented.example ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCrsa\n" +
				"b.example ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCrsa\n",
		},
	}
	cases := providertest.Cases(t, "testdata/differs")
	if len(cases) != len(want) {
		t.Fatalf("%d cases, want %d", len(cases), len(want))
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			root := providertest.CaseRoot(t)
			providertest.Shell(t, c.Setup, "ROOT="+root)
			got := providertest.Run(t, c, builtin.Registry(), map[string]string{"@ROOT@": root})
			if g := strings.Join(got, "\n"); g != want[c.Name].log {
				t.Errorf("log:\n%s\nwant:\n%s", g, want[c.Name].log)
			}
			data, err := os.ReadFile(filepath.Join(root, "r", "known_hosts"))
			if err != nil {
				t.Fatal(err)
			}
			_, body, _ := strings.Cut(string(data), "is definitely not recommended.\n")
			if body != want[c.Name].file {
				t.Errorf("file:\n%s\nwant:\n%s", body, want[c.Name].file)
			}
		})
	}
}
