package firewall

import (
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// arguments is the rule as iptables options, in the module's order.
func (r *ruleInstance) arguments() string {
	var b strings.Builder
	modules := map[string]string{"state": "state", "ctstate": "conntrack", "limit": "limit", "burst": "limit",
		"src_range": "iprange", "dst_range": "iprange", "tcp_flags": "tcp", "uid": "owner", "gid": "owner",
		"mac_source": "mac", "pkttype": "pkttype", "connlimit_above": "connlimit", "connlimit_mask": "connlimit"}
	for _, key := range supported {
		v, ok := r.want[key]
		if !ok {
			continue
		}
		if m := modules[key]; m != "" && !strings.Contains(b.String(), "-m "+m) {
			b.WriteString(" -m " + m)
		}
		s := catalog.Scalar(v)
		switch key {
		case "log_prefix":
			b.WriteString(" --log-prefix '" + s + "'")
		case "sport", "dport":
			flag := "--" + key
			if list, ok := v.([]catalog.Value); ok {
				joined := strings.Join(catalog.Strings(list), ",")
				if rest, ok := strings.CutPrefix(joined, "! "); ok {
					b.WriteString(" -m multiport ! " + flag + "s " + rest)
				} else {
					b.WriteString(" -m multiport " + flag + "s " + joined)
				}
			} else if rest, ok := strings.CutPrefix(s, "!"); ok {
				b.WriteString(" ! " + flag + " " + strings.TrimLeft(rest, " "))
			} else {
				b.WriteString(" " + flag + " " + s)
			}
		case "state", "ctstate":
			list := []string{s}
			if l, ok := v.([]catalog.Value); ok {
				list = catalog.Strings(l)
			}
			joined := strings.Join(list, ",")
			if rest, ok := strings.CutPrefix(joined, "!"); ok {
				b.WriteString(" ! --" + key + " " + strings.TrimLeft(rest, " "))
			} else {
				b.WriteString(" --" + key + " " + joined)
			}
		case "icmp":
			flag := " -m icmp --icmp-type "
			if r.protocol == "IPv6" {
				flag = " -m icmp6 --icmpv6-type "
			}
			if rest, ok := strings.CutPrefix(s, "!"); ok {
				b.WriteString(strings.Replace(flag, "--", "! --", 1) + strings.TrimLeft(rest, " "))
			} else {
				b.WriteString(flag + s)
			}
		case "clamp_mss_to_pmtu":
			if v == true {
				b.WriteString(" --clamp-mss-to-pmtu")
			}
		case "match_mark":
			if rest, ok := strings.CutPrefix(s, "!"); ok {
				b.WriteString(" -m mark ! --mark " + strings.TrimLeft(rest, " "))
			} else {
				b.WriteString(" -m mark --mark " + s)
			}
		case "source", "destination", "iniface", "outiface", "proto", "src_range", "dst_range", "tcp_flags", "uid", "gid", "mac_source", "pkttype":
			flag := map[string]string{"source": "-s", "destination": "-d", "iniface": "-i", "outiface": "-o", "proto": "-p",
				"src_range": "--src-range", "dst_range": "--dst-range", "tcp_flags": "--tcp-flags", "uid": "--uid-owner",
				"gid": "--gid-owner", "mac_source": "--mac-source", "pkttype": "--pkt-type"}[key]
			if rest, ok := strings.CutPrefix(s, "!"); ok {
				b.WriteString(" ! " + flag + " " + strings.TrimLeft(rest, " "))
			} else {
				b.WriteString(" " + flag + " " + s)
			}
		default:
			flag := map[string]string{"limit": "--limit", "burst": "--limit-burst", "jump": "-j", "goto": "-g",
				"todest": "--to-destination", "tosource": "--to-source", "toports": "--to-ports", "log_level": "--log-level",
				"reject": "--reject-with", "set_mark": "--set-xmark", "set_mss": "--set-mss",
				"connlimit_above": "--connlimit-above", "connlimit_mask": "--connlimit-mask"}[key]
			b.WriteString(" " + flag + " " + s)
		}
	}
	b.WriteString(" -m comment --comment '" + r.name + "'")
	return b.String()
}

// inspect is the target state as the module's messages show it (Ruby's
// Hash#inspect of symbols to values).
func (r *ruleInstance) inspect() string {
	return inspectPairs(r.should)
}

func inspectPairs(pairs []kv) string {
	parts := make([]string, 0, len(pairs))
	for _, p := range pairs {
		parts = append(parts, ":"+p.key+"=>"+rubyInspect(p.val))
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

func rubyInspect(v catalog.Value) string {
	if v == nil {
		return "nil"
	}
	return resource.Inspect(v)
}
