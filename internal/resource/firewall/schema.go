package firewall

import (
	"fmt"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
)

// RuleType is the firewall type.
type RuleType struct{ schema *resource.Schema }

// supported lists the rule properties ordo manages, in the order the
// module writes them on an iptables command line.
var supported = []string{"source", "destination", "iniface", "outiface", "proto", "src_range", "dst_range",
	"tcp_flags", "uid", "gid", "mac_source", "sport", "dport", "pkttype", "state", "ctstate", "icmp", "limit", "burst",
	"jump", "goto", "clamp_mss_to_pmtu", "set_mss", "todest", "tosource", "toports", "log_prefix", "log_level", "reject",
	"set_mark", "match_mark", "connlimit_above", "connlimit_mask"}

// unsupported are the module's other attributes, which ordo refuses.
var unsupported = []string{"line", "physdev_in", "physdev_out", "physdev_is_bridged", "physdev_is_in", "physdev_is_out",
	"isfragment", "isfirstfrag", "ishasmorefrags", "islastfrag", "stat_mode", "stat_every", "stat_packet", "stat_probability",
	"tcp_option", "src_type", "dst_type", "socket",
	"ipsec_dir", "ipsec_policy", "ctmask", "nfmask", "ctproto", "ctorigsrc", "ctorigdst", "ctreplsrc",
	"ctrepldst", "ctorigsrcport", "ctorigdstport", "ctreplsrcport", "ctrepldstport", "ctstatus", "ctexpire", "ctdir",
	"hop_limit", "length", "recent", "rseconds", "reap", "rhitcount", "rttl", "rname", "mask", "rsource", "rdest",
	"ipset", "string", "string_hex", "string_algo", "string_from", "string_to", "clusterip_new", "clusterip_hashmode",
	"clusterip_clustermac", "clusterip_total_nodes", "clusterip_local_node", "clusterip_hash_init", "queue_num",
	"queue_bypass", "nflog_group", "nflog_prefix", "nflog_range", "nflog_size", "nflog_threshold", "gateway",
	"set_dscp", "set_dscp_class", "to", "checksum_fill", "random_fully", "random",
	"log_uid", "log_tcp_sequence", "log_tcp_options", "log_ip_options", "restore_mark", "mss",
	"connlimit_upto", "connmark", "time_start", "time_stop", "month_days",
	"week_days", "date_start", "date_stop", "time_contiguous", "kernel_timezone", "u32", "src_cc", "dst_cc",
	"hashlimit_upto", "hashlimit_above", "hashlimit_name", "hashlimit_burst", "hashlimit_mode", "hashlimit_srcmask",
	"hashlimit_dstmask", "hashlimit_htable_size", "hashlimit_htable_max", "hashlimit_htable_expire",
	"hashlimit_htable_gcinterval", "bytecode", "ipvs", "zone", "helper", "cgroup", "rpfilter", "condition", "notrack"}

// typeOrder is the module's attribute order, which Puppet's messages
// list values in: those the resource sets, then the defaults.
var typeOrder = append([]string{"ensure", "name", "protocol", "table", "chain"}, supported...)

// pattern checks a string (or an integer, as its digits) against re, with
// the Resource API's message.
func pattern(attr, typ string, re *lazyre.Regexp) resource.Check {
	return resource.CheckFunc("a value matching "+re.String(), func(v catalog.Value) (catalog.Value, error) {
		s, ok := v.(string)
		if !ok || !re.MatchString(s) {
			return nil, typeMismatch(attr, typ, v)
		}
		return v, nil
	})
}

// typeMismatch is the Resource API's message for a value of the wrong type.
func typeMismatch(attr, typ string, v catalog.Value) error {
	if rest, ok := strings.CutPrefix(typ, "Optional["); ok {
		return &typeError{fmt.Sprintf("firewall.%s expects an undef value or a match for %s, got %s", attr, strings.TrimSuffix(rest, "]"), single(v))}
	}
	if strings.HasPrefix(typ, "Pattern[") {
		return &typeError{fmt.Sprintf("firewall.%s expects a match for %s, got %s", attr, typ, single(v))}
	}
	return &typeError{fmt.Sprintf("firewall.%s expects a value of type %s, got %s", attr, typ, rubyClass(v))}
}

// typeError is the Resource API's refusal of a value, which Puppet shows
// without where the resource was declared.
type typeError struct{ msg string }

func (e *typeError) Error() string { return e.msg }

// Unlocated: Puppet's message has no location.
func (e *typeError) Unlocated() {}

// single shows a string as the Resource API's messages do.
func single(v catalog.Value) string {
	if s, ok := v.(string); ok {
		return "'" + s + "'"
	}
	return resource.Inspect(v)
}

func rubyClass(v catalog.Value) string {
	switch v.(type) {
	case string:
		return "String"
	case int64:
		return "Integer"
	case bool:
		return "Boolean"
	case []catalog.Value:
		return "Tuple"
	}
	return "Hash"
}

var (
	portRE      = lazyre.New(`^(?:!\s)?\d+(?:(?:\:|-)\d+)?$`)
	protoRE     = lazyre.New(`^(?:!\s)?(?:ip(?:encap)?|tcp|udp|icmp|esp|ah|vrrp|carp|igmp|ipv4|ospf|gre|cbt|sctp|pim|all)`)
	stateRE     = lazyre.New(`^(?:!\s)?(?:INVALID|ESTABLISHED|NEW|RELATED|UNTRACKED)$`)
	ctstateRE   = lazyre.New(`^(?:!\s)?(?:INVALID|ESTABLISHED|NEW|RELATED|UNTRACKED|SNAT|DNAT)$`)
	limitRE     = lazyre.New(`^\d+\/(?:sec(?:ond)?|min(?:ute)?|hour|day)$`)
	markRE      = lazyre.New(`^[a-fA-F0-9x]+(?:\/[a-fA-F0-9x]+)?$`)
	toportsRE   = lazyre.New(`^\d+(?:-\d+)?$`)
	tcpFlagsRE  = lazyre.New(`^(?:!\s)?((FIN|SYN|RST|PSH|ACK|URG|ALL|NONE),?)+\s((FIN|SYN|RST|PSH|ACK|URG|ALL|NONE),?)+$`)
	macRE       = lazyre.New(`^(?:!\s)?([0-9a-fA-F]{2}[:]){5}([0-9a-fA-F]{2})$`)
	matchMarkRE = lazyre.New(`^(?:!\s)?[a-fA-F0-9x]+(?:\/[a-fA-F0-9x]+)?$`)
	nameTypeRE  = lazyre.New(`(^\d+(?:[ \t_-]\S+)+$)`)
)

// ports checks dport and sport: a port, a range, or a list of them.
func ports(attr string) resource.Check {
	typ := "Undef, Array[Variant[Pattern[/^(?:!\\s)?\\d+(?:(?:\\:|-)\\d+)?$/], Integer]], Pattern[/^(?:!\\s)?\\d+(?:(?:\\:|-)\\d+)?$/], or Integer"
	one := func(v catalog.Value) bool {
		switch x := v.(type) {
		case int64:
			return true
		case string:
			return portRE.MatchString(x)
		}
		return false
	}
	return resource.CheckFunc("a port, a range of ports (from:to), or a list of them", func(v catalog.Value) (catalog.Value, error) {
		if list, ok := v.([]catalog.Value); ok {
			for _, x := range list {
				if !one(x) {
					return nil, typeMismatch(attr, typ, v)
				}
			}
			return v, nil
		}
		if !one(v) {
			return nil, typeMismatch(attr, typ, v)
		}
		return v, nil
	})
}

// intCheck checks an Integer in [lo, hi].
func intCheck(attr, typ string, lo, hi int64) resource.Check {
	return resource.CheckFunc("an integer", func(v catalog.Value) (catalog.Value, error) {
		if n, ok := v.(int64); ok && n >= lo && n <= hi {
			return v, nil
		}
		return nil, typeMismatch(attr, typ, v)
	})
}

// states checks state and ctstate: one state or a list.
func states(attr string, re *lazyre.Regexp) resource.Check {
	return resource.CheckFunc("a connection state or a list of them", func(v catalog.Value) (catalog.Value, error) {
		if list, ok := v.([]catalog.Value); ok {
			for _, x := range list {
				if s, ok := x.(string); !ok || !re.MatchString(s) {
					return nil, typeMismatch(attr, "Variant[Pattern, Array[Pattern]]", v)
				}
			}
			return v, nil
		}
		if s, ok := v.(string); !ok || !re.MatchString(s) {
			return nil, typeMismatch(attr, "Variant[Pattern, Array[Pattern]]", v)
		}
		return v, nil
	})
}

// nonEmpty checks a String[1] (an Integer too, where the module takes one).
func nonEmpty(attr string, ints bool) resource.Check {
	return resource.CheckFunc("a non-empty string", func(v catalog.Value) (catalog.Value, error) {
		switch x := v.(type) {
		case string:
			if x != "" {
				return v, nil
			}
		case int64:
			if ints {
				return v, nil
			}
		}
		return nil, typeMismatch(attr, "String[1]", v)
	})
}

func newRuleType() *RuleType {
	attrs := []resource.Attr{
		{Name: "ensure", Kind: resource.KindProperty, Default: "present", Doc: "Whether the rule exists.", Check: resource.Enum("present", "absent")},
		{Name: "name", Namevar: true, Doc: "The rule's name, kept in its comment: a number, then words; the numbers order the rules.",
			Check: pattern("name", "Pattern[/(^\\d+(?:[ \\t_-]\\S+)+$)/]", nameTypeRE)},
		{Name: "protocol", Kind: resource.KindProperty, Default: "IPv4", Doc: "IPv4 (iptables) or IPv6 (ip6tables).",
			Check: &resource.EnumCheck{Values: []string{"IPv4", "IPv6"}, Aliases: map[string]string{"iptables": "IPv4", "ip6tables": "IPv6"}}},
		{Name: "table", Kind: resource.KindProperty, Default: "filter", Doc: "The table the rule is in.",
			Check: resource.Enum("nat", "mangle", "filter", "raw", "rawpost", "broute", "security")},
		{Name: "chain", Kind: resource.KindProperty, Default: "INPUT", Doc: "The chain the rule is in.", Check: nonEmpty("chain", false)},
		{Name: "source", Kind: resource.KindProperty, Doc: "Source address or network (-s), '! ' to negate.", Check: nonEmpty("source", false)},
		{Name: "destination", Kind: resource.KindProperty, Doc: "Destination address or network (-d).", Check: nonEmpty("destination", false)},
		{Name: "iniface", Kind: resource.KindProperty, Doc: "Input interface (-i).", Check: nonEmpty("iniface", false)},
		{Name: "outiface", Kind: resource.KindProperty, Doc: "Output interface (-o).", Check: nonEmpty("outiface", false)},
		{Name: "proto", Kind: resource.KindProperty, Default: "tcp", Doc: "The protocol matched (-p).",
			Check: pattern("proto", "Optional[Pattern[/^(?:!\\s)?(?:ip(?:encap)?|tcp|udp|icmp|esp|ah|vrrp|carp|igmp|ipv4|ospf|gre|cbt|sctp|pim|all)/]]", protoRE)},
		{Name: "sport", Kind: resource.KindProperty, Doc: "Source port(s): a port, from:to, or a list.", Check: ports("sport")},
		{Name: "dport", Kind: resource.KindProperty, Doc: "Destination port(s): a port, from:to, or a list.", Check: ports("dport")},
		{Name: "state", Kind: resource.KindProperty, Doc: "Connection states (-m state).", Check: states("state", stateRE)},
		{Name: "ctstate", Kind: resource.KindProperty, Doc: "Connection tracking states (-m conntrack).", Check: states("ctstate", ctstateRE)},
		{Name: "icmp", Kind: resource.KindProperty, Doc: "The ICMP type, by name or number.", Check: nonEmpty("icmp", true)},
		{Name: "limit", Kind: resource.KindProperty, Doc: "Rate limit (-m limit), N/sec|min|hour|day.",
			Check: pattern("limit", "Optional[Pattern[/^\\d+\\/(?:sec(?:ond)?|min(?:ute)?|hour|day)$/]]", limitRE)},
		{Name: "burst", Kind: resource.KindProperty, Doc: "Rate limit burst (needs limit).", Check: resource.CheckFunc("an integer", func(v catalog.Value) (catalog.Value, error) {
			if n, ok := v.(int64); ok && n >= 1 {
				return v, nil
			}
			return nil, typeMismatch("burst", "Optional[Integer[1]]", v)
		})},
		{Name: "jump", Kind: resource.KindProperty, Doc: "The target (-j); common targets are upper-cased.", Check: nonEmpty("jump", false)},
		{Name: "goto", Kind: resource.KindProperty, Doc: "The chain to go to (-g).", Check: nonEmpty("goto", false)},
		{Name: "todest", Kind: resource.KindProperty, Doc: "DNAT's --to-destination.", Check: nonEmpty("todest", false)},
		{Name: "tosource", Kind: resource.KindProperty, Doc: "SNAT's --to-source.", Check: nonEmpty("tosource", false)},
		{Name: "toports", Kind: resource.KindProperty, Doc: "REDIRECT's and MASQUERADE's --to-ports.", Check: resource.CheckFunc("a port or range", func(v catalog.Value) (catalog.Value, error) {
			switch x := v.(type) {
			case int64:
				if x >= 0 && x <= 65535 {
					return v, nil
				}
			case string:
				if toportsRE.MatchString(x) {
					return v, nil
				}
			}
			return nil, typeMismatch("toports", "Optional[Variant[Integer[0, 65535], Pattern[/^\\d+(?:-\\d+)?$/]]]", v)
		})},
		{Name: "log_prefix", Kind: resource.KindProperty, Doc: "LOG's --log-prefix.", Check: nonEmpty("log_prefix", false)},
		{Name: "log_level", Kind: resource.KindProperty, Doc: "LOG's --log-level, by name or 0-7.", Check: resource.CheckFunc("0-7 or a level name", func(v catalog.Value) (catalog.Value, error) {
			if logLevel(catalog.Scalar(v)) == "" {
				return nil, typeMismatch("log_level", "Optional[Variant[Integer[0,7],String[1]]]", v)
			}
			return v, nil
		})},
		{Name: "reject", Kind: resource.KindProperty, Doc: "REJECT's --reject-with.", Check: resource.Enum("icmp-net-unreachable", "icmp-host-unreachable",
			"icmp-port-unreachable", "icmp-proto-unreachable", "icmp-net-prohibited", "icmp-host-prohibited", "icmp-admin-prohibited",
			"icmp6-no-route", "no-route", "icmp6-adm-prohibited", "adm-prohibited", "icmp6-addr-unreachable", "addr-unreach",
			"icmp6-port-unreachable", "tcp-reset")},
		{Name: "src_range", Kind: resource.KindProperty, Doc: "Source address range IP1-IP2 (-m iprange).", Check: nonEmpty("src_range", false)},
		{Name: "dst_range", Kind: resource.KindProperty, Doc: "Destination address range IP1-IP2 (-m iprange).", Check: nonEmpty("dst_range", false)},
		{Name: "tcp_flags", Kind: resource.KindProperty, Doc: "TCP flags: the flags examined, a space, those set (-m tcp).",
			Check: pattern("tcp_flags", "Optional[Pattern[/^(?:!\\s)?((FIN|SYN|RST|PSH|ACK|URG|ALL|NONE),?)+\\s((FIN|SYN|RST|PSH|ACK|URG|ALL|NONE),?)+$/]]", tcpFlagsRE)},
		{Name: "uid", Kind: resource.KindProperty, Doc: "The owner's user, by name or id (-m owner, OUTPUT).", Check: nonEmpty("uid", true)},
		{Name: "gid", Kind: resource.KindProperty, Doc: "The owner's group, by name or id (-m owner, OUTPUT).", Check: nonEmpty("gid", true)},
		{Name: "mac_source", Kind: resource.KindProperty, Doc: "Source MAC address (-m mac).",
			Check: pattern("mac_source", "Optional[Pattern[/^(?:!\\s)?([0-9a-fA-F]{2}[:]){5}([0-9a-fA-F]{2})$/]]", macRE)},
		{Name: "pkttype", Kind: resource.KindProperty, Doc: "Link-layer packet type (-m pkttype).", Check: resource.Enum("unicast", "broadcast", "multicast")},
		{Name: "clamp_mss_to_pmtu", Kind: resource.KindProperty, Doc: "TCPMSS: clamp the MSS to the path MTU.", Check: resource.CheckFunc("true or false", func(v catalog.Value) (catalog.Value, error) {
			if _, ok := v.(bool); !ok {
				return nil, typeMismatch("clamp_mss_to_pmtu", "Optional[Boolean]", v)
			}
			return v, nil
		})},
		{Name: "set_mss", Kind: resource.KindProperty, Doc: "TCPMSS: the MSS to set.", Check: intCheck("set_mss", "Optional[Integer[1]]", 1, 1<<31)},
		{Name: "connlimit_above", Kind: resource.KindProperty, Doc: "Match more than this many connections (-m connlimit).", Check: intCheck("connlimit_above", "Optional[Integer]", -1<<31, 1<<31)},
		{Name: "connlimit_mask", Kind: resource.KindProperty, Doc: "Group hosts by this prefix length for connlimit.", Check: intCheck("connlimit_mask", "Optional[Integer[0,128]]", 0, 128)},
		{Name: "match_mark", Kind: resource.KindProperty, Doc: "Match the packet's mark[/mask] (-m mark).",
			Check: pattern("match_mark", "Optional[Pattern[/^(?:!\\s)?[a-fA-F0-9x]+(?:\\/[a-fA-F0-9x]+)?$/]]", matchMarkRE)},
		{Name: "set_mark", Kind: resource.KindProperty, Doc: "MARK's --set-xmark, mark[/mask].",
			Check: pattern("set_mark", "Optional[Pattern[/^[a-fA-F0-9x]+(?:\\/[a-fA-F0-9x]+)?$/]]", markRE)},
	}
	for i := range attrs {
		if attrs[i].Kind == resource.KindProperty {
			attrs[i].Arrays = resource.Whole
		}
	}
	for _, name := range unsupported {
		attrs = append(attrs, resource.Attr{Name: name, Kind: resource.KindProperty, Arrays: resource.Whole,
			Doc: "puppetlabs-firewall's " + name + ": not supported by ordo.", Unsupported: "ordo does not manage firewall's " + name + " yet"})
	}
	return &RuleType{schema: resource.NewSchema(resource.Schema{
		Name:  "firewall",
		Doc:   "An iptables or ip6tables rule, named by its comment (puppetlabs-firewall).",
		Attrs: attrs,
		Providers: []resource.Provider{{Name: "iptables", Default: true, Doc: "Runs iptables-save and iptables (ip6tables for IPv6).",
			Confine: resource.Confine{Commands: []string{"iptables-save", "iptables"}}, Instances: ruleInstances}},
	})}
}

// Schema returns firewall's schema.
func (t *RuleType) Schema() *resource.Schema { return t.schema }

// AutoRequire names the chains the rule is in and jumps to, as the
// module's type does.
func (t *RuleType) AutoRequire(r *catalog.Resource, _ *catalog.Catalog) []catalog.Ref {
	get := func(name, def string) string {
		if v, ok := r.Get(name); ok {
			return catalog.Scalar(v)
		}
		return def
	}
	protocol := get("protocol", "IPv4")
	switch protocol {
	case "iptables":
		protocol = "IPv4"
	case "ip6tables":
		protocol = "IPv6"
	}
	table := get("table", "filter")
	refs := []catalog.Ref{{Type: "Firewallchain", Title: get("chain", "INPUT") + ":" + table + ":" + protocol}}
	if j := get("jump", ""); j != "" {
		refs = append(refs, catalog.Ref{Type: "Firewallchain", Title: j + ":" + table + ":" + protocol})
	}
	return append(refs, catalog.Ref{Type: "Package", Title: "iptables"}, catalog.Ref{Type: "Package", Title: "iptables-persistent"},
		catalog.Ref{Type: "Package", Title: "iptables-services"})
}
