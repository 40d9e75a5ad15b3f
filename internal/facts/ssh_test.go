package facts

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
)

// TestSSHFingerprints makes host keys with ssh-keygen and checks the
// fingerprints against the SSHFP records ssh-keygen -r prints for them.
func TestSSHFingerprints(t *testing.T) {
	keygen, err := exec.LookPath("ssh-keygen")
	if err != nil {
		t.Skip("ssh-keygen is not installed")
	}
	root := t.TempDir()
	dir := filepath.Join(root, "etc", "ssh")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, typ := range []string{"rsa", "ed25519", "ecdsa"} {
		key := filepath.Join(dir, "ssh_host_"+typ+"_key")
		if out, err := exec.Command(keygen, "-q", "-t", typ, "-N", "", "-f", key).CombinedOutput(); err != nil {
			t.Fatalf("ssh-keygen: %v: %s", err, out)
		}
		out, err := exec.Command(keygen, "-r", "ordo", "-f", key+".pub").Output()
		if err != nil {
			t.Fatal(err)
		}
		var lines []string
		for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
			lines = append(lines, strings.TrimPrefix(l, "ordo IN "))
		}
		want[typ] = strings.Join(lines, "\n")
	}
	legacy := WithLegacy(mapOf("ssh", Source{Root: root}.ssh()))
	for typ, fps := range want {
		got, _ := legacy.Get("sshfp_" + typ)
		if got != fps {
			t.Errorf("sshfp_%s = %q, ssh-keygen -r: %q", typ, got, fps)
		}
		pub, _ := os.ReadFile(filepath.Join(dir, "ssh_host_"+typ+"_key.pub"))
		key, _ := legacy.Get("ssh" + typ + "key")
		if key != strings.Fields(string(pub))[1] {
			t.Errorf("ssh%skey = %v", typ, key)
		}
		if v, _ := dotted(legacy, "ssh."+typ+".type"); v != strings.Fields(string(pub))[0] {
			t.Errorf("ssh.%s.type = %v", typ, catalog.Format(v))
		}
	}
}
