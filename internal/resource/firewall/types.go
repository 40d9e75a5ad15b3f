package firewall

import (
	"errors"
	"os"
	"sort"
	"strings"

	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/syscmd"
)

// NewTypes returns firewall and firewallchain.
func NewTypes() []resource.Type { return []resource.Type{newRuleType(), newChainType()} }

// errExecution is how Puppet's Resource API fails a resource whose change
// failed, having logged why.
var errExecution = errors.New("Execution encountered an error")

func asExec(err error, target **syscmd.ExecError) bool { return errors.As(err, target) }

func sortStrings(s []string) { sort.Strings(s) }

// persistCommand is what the module runs to keep the rules over a reboot:
// the iptables-persistent service (netfilter-persistent when installed) on
// Debian, the init scripts' save on Red Hat, nothing elsewhere.
func persistCommand(protocol string) []string {
	b, _ := os.ReadFile("/etc/os-release")
	family := ""
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "ID_LIKE="); ok {
			family += " " + strings.Trim(v, `"`)
		}
		if v, ok := strings.CutPrefix(line, "ID="); ok {
			family += " " + strings.Trim(v, `"`)
		}
	}
	words := " " + family + " "
	switch {
	case strings.Contains(words, " debian "):
		if _, err := os.Stat("/usr/sbin/netfilter-persistent"); err == nil {
			return []string{"/usr/sbin/service", "netfilter-persistent", "save"}
		}
		return []string{"/usr/sbin/service", "iptables-persistent", "save"}
	case strings.Contains(words, " rhel ") || strings.Contains(words, " fedora "):
		if protocol == "IPv6" {
			return []string{"/usr/libexec/iptables/ip6tables.init", "save"}
		}
		return []string{"/usr/libexec/iptables/iptables.init", "save"}
	}
	return nil
}
