package facts

import (
	"crypto/sha1"
	"crypto/sha256"
	"encoding/base64"
	"fmt"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
)

// sshKeyNames maps host key types to Facter's names and SSHFP algorithm
// numbers.
var sshKeyNames = map[string]struct {
	name string
	alg  int
}{
	"ssh-rsa": {"rsa", 1}, "ssh-dss": {"dsa", 2},
	"ecdsa-sha2-nistp256": {"ecdsa", 3}, "ssh-ed25519": {"ed25519", 4},
}

// ssh is Facter's ssh fact: the host's public keys and their SSHFP
// fingerprints, from the folders Facter searches, in its order.
func (s Source) ssh() *catalog.Hash {
	out := catalog.NewHash()
	for _, dir := range []string{"/etc/ssh", "/usr/local/etc/ssh", "/etc", "/usr/local/etc", "/etc/opt/ssh"} {
		for _, file := range []string{"ssh_host_rsa_key.pub", "ssh_host_dsa_key.pub", "ssh_host_ecdsa_key.pub", "ssh_host_ed25519_key.pub"} {
			f := strings.Fields(s.read(dir + "/" + file))
			if len(f) < 2 {
				continue
			}
			kn, ok := sshKeyNames[f[0]]
			if !ok {
				continue
			}
			raw, err := base64.StdEncoding.DecodeString(f[1])
			if err != nil {
				continue
			}
			fp := catalog.NewHash()
			fp.Set("sha1", fmt.Sprintf("SSHFP %d 1 %x", kn.alg, sha1.Sum(raw)))
			fp.Set("sha256", fmt.Sprintf("SSHFP %d 2 %x", kn.alg, sha256.Sum256(raw)))
			h := catalog.NewHash()
			h.Set("fingerprints", fp)
			h.Set("key", f[1])
			h.Set("type", f[0])
			out.Set(kn.name, h)
		}
	}
	if out.Len() == 0 {
		return nil
	}
	return out
}
