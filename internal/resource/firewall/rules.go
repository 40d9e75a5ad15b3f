// Package firewall is puppetlabs-firewall's firewall and firewallchain
// types, applied with iptables, iptables-save, ip6tables and
// ip6tables-save as the module's providers run them: the rules are read
// with iptables-save, a rule is known by the name in its comment and
// inserted at the place its name's order gives among the chain's rules.
package firewall

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"sort"
	"strings"

	"github.com/ordoproject/ordo/internal/lazyre"
)

// rule is one rule as iptables-save lists it.
type rule struct {
	protocol, table, chain string
	line                   string // the -A line, with \' unescaped
	name                   string // from the comment, or a 9000+ name
	vals                   map[string]any
}

var (
	// managedName is the type's pattern for names, which takes "_" after
	// the number too; the module's provider reads such a name as an
	// unmanaged rule's, and adds the rule again on every run.
	managedName   = lazyre.New(`^\d+(?:[ \t_-]\S+)+$`)
	unmanagedName = lazyre.New(`^9[0-9]{3}\s.*$`)
	tableHeader   = lazyre.New(`^\*(nat|mangle|filter|raw|rawpost|broute|security)$`)
)

// saveCommand is the listing command of a protocol.
func saveCommand(protocol string) string {
	if protocol == "IPv6" {
		return "ip6tables-save"
	}
	return "iptables-save"
}

// baseCommand is the command that changes a protocol's rules.
func baseCommand(protocol string) string {
	if protocol == "IPv6" {
		return "ip6tables"
	}
	return "iptables"
}

// parseSave reads the rules of one protocol's iptables-save output;
// counter numbers them across the run's listing (the module's 9000+
// names of rules without a managed name count every rule read).
func parseSave(out, protocol string, counter *int) []*rule {
	var rules []*rule
	table := ""
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, "# Warning:") {
			continue
		}
		if m := tableHeader.FindStringSubmatch(line); m != nil {
			table = m[1]
			continue
		}
		if table == "" || !strings.HasPrefix(line, "-A") {
			continue
		}
		line = strings.ReplaceAll(line, `\'`, "'")
		r := parseRule(line)
		r.protocol, r.table = protocol, table
		switch {
		case r.name == "":
			sum := sha256.Sum256([]byte(line))
			r.name = fmt.Sprintf("%d %s", 9000+*counter, hex.EncodeToString(sum[:]))
		case !managedName.MatchString(r.name):
			r.name = fmt.Sprintf("%d %s", 9000+*counter, r.name)
		}
		if p, ok := r.vals["proto"].(string); !ok {
			r.vals["proto"] = "all"
		} else {
			r.vals["proto"] = protoName(p)
		}
		*counter++
		rules = append(rules, r)
	}
	return rules
}

// tokens splits an iptables-save line into words; a double-quoted word
// loses its quotes and backslash escapes.
func tokens(line string) []string {
	var out []string
	var b strings.Builder
	in, quoted := false, false
	for i := 0; i < len(line); i++ {
		c := line[i]
		switch {
		case quoted && c == '\\' && i+1 < len(line):
			i++
			b.WriteByte(line[i])
		case c == '"':
			quoted = !quoted
			in = true
		case !quoted && c == ' ':
			if in {
				out = append(out, b.String())
				b.Reset()
				in = false
			}
		default:
			b.WriteByte(c)
			in = true
		}
	}
	if in {
		out = append(out, b.String())
	}
	return out
}

// options maps the options iptables-save writes to the properties they
// give; list options are split at commas.
var options = map[string]string{
	"-s": "source", "-d": "destination", "-i": "iniface", "-o": "outiface", "-p": "proto",
	"--sport": "sport", "--dport": "dport", "--sports": "sport", "--dports": "dport",
	"--state": "state", "--ctstate": "ctstate", "--icmp-type": "icmp", "--icmpv6-type": "icmp",
	"--limit": "limit", "--limit-burst": "burst", "-j": "jump", "-g": "goto",
	"--log-prefix": "log_prefix", "--log-level": "log_level", "--reject-with": "reject",
	"--set-xmark": "set_mark", "--to-destination": "todest", "--to-source": "tosource",
	"--to-ports": "toports", "--comment": "name",
	"--src-range": "src_range", "--dst-range": "dst_range", "--uid-owner": "uid", "--gid-owner": "gid",
	"--mac-source": "mac_source", "--pkt-type": "pkttype", "--set-mss": "set_mss", "--connlimit-above": "connlimit_above",
	"--connlimit-mask": "connlimit_mask", "--tcp-flags": "tcp_flags", "--mark": "match_mark",
}

// intOptions are read as numbers, as the module reads them.
var intOptions = map[string]bool{"burst": true, "set_mss": true, "connlimit_above": true, "connlimit_mask": true}

var listOptions = map[string]bool{"--sports": true, "--dports": true, "--state": true, "--ctstate": true}

// parseRule reads the properties of one -A line that ordo manages.
func parseRule(line string) *rule {
	r := &rule{line: line, vals: map[string]any{}}
	words := tokens(line)
	neg := false
	module := ""
	for i := 0; i < len(words); i++ {
		w := words[i]
		switch {
		case w == "--clamp-mss-to-pmtu":
			r.vals["clamp_mss_to_pmtu"] = true
			neg = false
			continue
		case w == "-A" && i+1 < len(words):
			r.chain = words[i+1]
			i++
			continue
		case w == "!":
			neg = true
			continue
		case w == "-m" && i+1 < len(words):
			module = words[i+1]
			i++
			continue
		}
		key, ok := options[w]
		if !ok || i+1 >= len(words) || key == "match_mark" && module != "mark" {
			neg = false
			continue
		}
		v := words[i+1]
		i++
		if key == "name" {
			r.name = v
			neg = false
			continue
		}
		if listOptions[w] {
			parts := strings.Split(v, ",")
			if neg {
				parts[0] = "! " + parts[0]
			}
			if len(parts) == 1 && (key == "state" || key == "ctstate") {
				r.vals[key] = parts[0]
			} else if key == "state" || key == "ctstate" || w == "--sports" || w == "--dports" {
				r.vals[key] = parts
			}
		} else if key == "tcp_flags" && i+1 < len(words) {
			v += " " + words[i+1]
			i++
			if neg {
				v = "! " + v
			}
			r.vals[key] = v
		} else if intOptions[key] {
			var n int64
			fmt.Sscan(v, &n)
			r.vals[key] = n
		} else {
			if neg {
				v = "! " + v
			}
			r.vals[key] = v
		}
		neg = false
	}
	return r
}

// insertOrder is the place (from 1) a rule named name takes in its chain:
// after the managed rules whose names sort before it, counting the
// unmanaged rules ahead of the one it follows.
func insertOrder(names []string, name string) int {
	if len(names) == 0 {
		return 1
	}
	rules := append([]string(nil), names...)
	offset := name
	if !contains(rules, name) {
		rules = append(rules, name)
		sorted := uniqSorted(rules)
		at := indexOf(sorted, name)
		if at == 0 {
			offset = rules[0]
		} else {
			offset = sorted[at-1]
		}
	}
	unnamed := 0
	for _, r := range rules[:indexOf(rules, offset)+1] {
		if unmanagedName.MatchString(r) {
			unnamed++
		}
	}
	if unmanagedName.MatchString(offset) && !strings.HasPrefix(name, "9") {
		unnamed--
	}
	var managed []string
	for _, r := range rules {
		if !unmanagedName.MatchString(r) {
			managed = append(managed, r)
		}
	}
	sort.Strings(managed)
	return indexOf(managed, name) + 1 + unnamed
}

func contains(list []string, s string) bool { return indexOf(list, s) >= 0 }

func indexOf(list []string, s string) int {
	for i, x := range list {
		if x == s {
			return i
		}
	}
	return -1
}

func uniqSorted(list []string) []string {
	out := append([]string(nil), list...)
	sort.Strings(out)
	n := 0
	for i, s := range out {
		if i == 0 || s != out[n-1] {
			out[n] = s
			n++
		}
	}
	return out[:n]
}

var protoNames = map[string]string{"1": "icmp", "2": "igmp", "4": "ipencap", "6": "tcp", "7": "cbt", "17": "udp",
	"47": "gre", "50": "esp", "51": "ah", "89": "ospf", "103": "pim", "112": "vrrp", "132": "sctp"}

// protoName is a protocol listed by its number as the module names it.
func protoName(p string) string {
	neg, n := "", p
	if rest, ok := strings.CutPrefix(p, "! "); ok {
		neg, n = "! ", rest
	}
	if name, ok := protoNames[n]; ok {
		return neg + name
	}
	return p
}
