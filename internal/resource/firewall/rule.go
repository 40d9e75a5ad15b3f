package firewall

import (
	"context"
	"fmt"
	"net"
	"os/user"
	"strconv"
	"strings"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/syscmd"
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
var typeOrder = []string{"ensure", "name", "protocol", "table", "chain", "source", "destination", "iniface", "outiface",
	"proto", "src_range", "dst_range", "tcp_flags", "uid", "gid", "mac_source", "sport", "dport", "pkttype", "state",
	"ctstate", "icmp", "limit", "burst", "jump", "goto", "clamp_mss_to_pmtu", "set_mss", "todest", "tosource", "toports",
	"log_prefix", "log_level", "reject", "set_mark", "match_mark", "connlimit_above", "connlimit_mask"}

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

// kv is one attribute of a rule as Puppet's messages show it.
type kv struct {
	key string
	val catalog.Value
}

// New returns the instance that manages the rule v names.
func (t *RuleType) New(v resource.Values) (resource.Instance, error) {
	r := &ruleInstance{name: v.String("name"), present: v.String("ensure") != "absent",
		protocol: v.String("protocol"), table: v.String("table"), chain: v.String("chain"), want: map[string]catalog.Value{}}
	// The target state as the module's set gets it: what the resource
	// sets, in the type's order, then the defaults it does not.
	// The name comes first: Puppet sets the namevar before the others.
	set := []kv{{"name", r.name}}
	var defaults []kv
	for _, name := range typeOrder {
		if name == "name" {
			continue
		}
		if x, ok := v.Lookup(name); ok {
			if name == "protocol" {
				// The module's messages show iptables and ip6tables as written.
				if raw, ok := v.Resource().Get(name); ok {
					x = raw
				}
			}
			set = append(set, kv{name, x})
		} else if d := v.Schema().Attr(name).Default; d != nil {
			defaults = append(defaults, kv{name, d})
		}
	}
	r.should = append(set, defaults...)
	r.raw = map[string]catalog.Value{}
	for _, p := range r.should {
		r.want[p.key] = p.val
		r.raw[p.key] = p.val
	}
	if r.present {
		// The module checks these when it changes the rule.
		r.invalid = r.process()
	}
	return r, nil
}

type ruleInstance struct {
	name                   string
	present                bool
	protocol, table, chain string
	should                 []kv                     // as the module's messages show it
	want                   map[string]catalog.Value // after the module's process_input
	cur                    *rule
	dirty                  bool
	invalid                error                    // what the module\'s validate_input refuses
	raw                    map[string]catalog.Value // as the catalog gives them, for change lines
}

// ExclusiveKey: every rule of one table and chain moves the others' places.
func (r *ruleInstance) ExclusiveKey() string { return "firewall" }

// process validates and rewrites the wanted values as the module's
// validate_input and process_input do.
func (r *ruleInstance) process() error {
	if unmanagedName.MatchString(r.name) {
		return fmt.Errorf("Rule name cannot start with 9000-9999, as this range is reserved for unmanaged rules.")
	}
	for _, key := range []string{"dport", "sport", "state", "ctstate"} {
		list, ok := r.want[key].([]catalog.Value)
		if !ok {
			continue
		}
		negated := 0
		for _, x := range list {
			if strings.HasPrefix(catalog.Scalar(x), "! ") {
				negated++
			}
		}
		first := len(list) > 0 && strings.HasPrefix(catalog.Scalar(list[0]), "! ")
		if negated == 1 && !first || negated >= 2 && negated != len(list) {
			return fmt.Errorf("When negating a `%s` array, you must negate either the first given value only or all the given values.", key)
		}
		out := make([]catalog.Value, len(list))
		for i, x := range list {
			s := strings.NewReplacer("!", "", " ", "").Replace(catalog.Scalar(x))
			if key == "dport" || key == "sport" {
				s = strings.ReplaceAll(s, "-", ":")
			}
			out[i] = s
		}
		if first {
			out[0] = "! " + out[0].(string)
		}
		r.set(key, out)
	}
	for _, key := range []string{"dport", "sport"} {
		if s, ok := r.want[key].(string); ok {
			r.set(key, strings.ReplaceAll(s, "-", ":"))
		}
	}
	if icmp, ok := r.want["icmp"]; ok && catalog.Scalar(icmp) == "any" {
		return fmt.Errorf("Value `any` is not valid. This behaviour should be achieved by omitting or undefining the ICMP parameter.")
	}
	if _, ok := r.want["burst"]; ok {
		if _, ok := r.want["limit"]; !ok {
			return fmt.Errorf("`burst` cannot be set without `limit`.")
		}
	}
	if err := r.validateJump(); err != nil {
		return err
	}
	for _, key := range []string{"dst_range", "src_range"} {
		if x, ok := r.want[key]; ok {
			if err := checkRange(catalog.Scalar(x)); err != nil {
				return err
			}
		}
	}
	if x, ok := r.want["match_mark"]; ok {
		m, err := markHex(catalog.Scalar(x))
		if err != nil {
			return err
		}
		r.set("match_mark", m)
	}
	if j, ok := r.want["jump"].(string); ok {
		switch strings.ToLower(j) {
		case "accept", "reject", "drop", "queue", "return", "dnat", "snat", "log", "nflog", "netmp", "masquerade", "redirect", "mark", "ct":
			r.set("jump", strings.ToUpper(j))
		}
	}
	for _, key := range []string{"source", "destination"} {
		if s, ok := r.want[key].(string); ok {
			m, err := hostToMask(s, r.protocol)
			if err != nil {
				return err
			}
			r.set(key, m)
		}
	}
	if x, ok := r.want["icmp"]; ok {
		r.set("icmp", icmpNumber(catalog.Scalar(x), r.protocol))
	}
	if x, ok := r.want["log_level"]; ok {
		r.set("log_level", logLevel(catalog.Scalar(x)))
	}
	if x, ok := r.want["set_mark"]; ok {
		m, err := markHex(catalog.Scalar(x))
		if err != nil {
			return err
		}
		r.set("set_mark", m)
	}
	return nil
}

// validateJump is the module's checks of what a target needs, made on
// the jump as the resource writes it (before common targets are
// upper-cased).
func (r *ruleInstance) validateJump() error {
	jump, _ := r.want["jump"].(string)
	_, todest := r.want["todest"]
	_, tosource := r.want["tosource"]
	_, setMSS := r.want["set_mss"]
	clamp := r.want["clamp_mss_to_pmtu"] == true
	switch {
	case jump == "TCPMSS" && !(setMSS || clamp):
		return fmt.Errorf("When setting `jump => TCPMSS`, the `set_mss` or `clamp_mss_to_pmtu` property is required")
	case jump == "DNAT" && r.table != "nat":
		return fmt.Errorf("Parameter `jump => DNAT` only applies to `table => nat`")
	case jump == "DNAT" && !todest || jump != "DNAT" && todest:
		return fmt.Errorf("Parameter `jump => DNAT` must have `todest` parameter")
	case jump == "SNAT" && r.table != "nat":
		return fmt.Errorf("Parameter `jump => SNAT` only applies to `table => nat`")
	case jump == "SNAT" && !tosource || jump != "SNAT" && tosource:
		return fmt.Errorf("Parameter `jump => SNAT` must have `tosource` parameter")
	}
	for _, key := range []string{"log_prefix", "log_level"} {
		if _, ok := r.want[key]; ok && jump != "LOG" {
			return fmt.Errorf("Parameter `%s` requires `jump => LOG`", key)
		}
	}
	if _, ok := r.want["connlimit_mask"]; ok {
		if _, above := r.want["connlimit_above"]; !above {
			return fmt.Errorf("Parameter `connlimit_mask` requires either `connlimit_upto` or `connlimit_above`")
		}
	}
	return nil
}

// checkRange is the module's check of src_range and dst_range: two
// addresses joined by -.
func checkRange(s string) error {
	a, b, ok := strings.Cut(s, "-")
	if !ok || a == "" || b == "" || strings.ContainsAny(a+b, "-/") {
		return fmt.Errorf("The IP range must be in `IP1-IP2` format.")
	}
	for _, addr := range []string{a, b} {
		if net.ParseIP(addr) == nil {
			return fmt.Errorf("Invalid IP address `%s` in range `%s`", addr, s)
		}
	}
	return nil
}

// set replaces a wanted value; nil removes it, as the module's nil does.
func (r *ruleInstance) set(key string, v catalog.Value) {
	for i := range r.should {
		if r.should[i].key == key {
			r.should[i].val = v
		}
	}
	if v == nil {
		delete(r.want, key)
		return
	}
	r.want[key] = v
}

// hostToMask is the module's host_to_mask for addresses and networks:
// the network with its prefix length, "! " kept. Host names, which the
// module resolves, are refused.
func hostToMask(s, protocol string) (catalog.Value, error) {
	neg := ""
	if rest, ok := strings.CutPrefix(s, "!"); ok {
		neg, s = "! ", strings.TrimLeft(rest, " ")
	}
	addr := s
	if !strings.Contains(addr, "/") {
		if ip := net.ParseIP(addr); ip != nil && ip.To4() != nil && !strings.Contains(addr, ":") {
			addr += "/32"
		} else {
			addr += "/128"
		}
	}
	_, n, err := net.ParseCIDR(addr)
	if err != nil {
		return nil, fmt.Errorf("ordo does not resolve host names in firewall rules: %q is not an IP address or network", s)
	}
	ones, _ := n.Mask.Size()
	if ones == 0 {
		return nil, nil
	}
	return neg + n.String(), nil
}

var icmp4 = map[string]string{"echo-reply": "0", "destination-unreachable": "3", "source-quench": "4", "redirect": "6",
	"echo-request": "8", "router-advertisement": "9", "router-solicitation": "10", "time-exceeded": "11",
	"parameter-problem": "12", "timestamp-request": "13", "timestamp-reply": "14", "address-mask-request": "17", "address-mask-reply": "18"}
var icmp6 = map[string]string{"destination-unreachable": "1", "too-big": "2", "time-exceeded": "3", "parameter-problem": "4",
	"echo-request": "128", "echo-reply": "129", "router-solicitation": "133", "router-advertisement": "134",
	"neighbour-solicitation": "135", "neighbour-advertisement": "136", "redirect": "137"}

var icmpNumberRE = lazyre.New(`^\d+(\/\d+)?$`)

// icmpNumber is an ICMP type's number; nil for a name the module does not know.
func icmpNumber(s, protocol string) catalog.Value {
	if icmpNumberRE.MatchString(s) {
		return s
	}
	table := icmp4
	if protocol == "IPv6" {
		table = icmp6
	}
	if n, ok := table[s]; ok {
		return n
	}
	return nil
}

// logLevel is a log level's number, "" for an unknown name.
func logLevel(s string) string {
	if len(s) == 1 && s[0] >= '0' && s[0] <= '7' {
		return s
	}
	switch s {
	case "panic":
		return "0"
	case "alert":
		return "1"
	case "crit":
		return "2"
	case "err", "error":
		return "3"
	case "warn", "warning":
		return "4"
	case "not", "notice":
		return "5"
	case "info":
		return "6"
	case "debug":
		return "7"
	}
	return ""
}

// markHex is mark[/mask] in hexadecimal, the mask 0xffffffff when not given.
func markHex(s string) (string, error) {
	neg := ""
	if rest, ok := strings.CutPrefix(s, "! "); ok {
		neg, s = "! ", rest
	}
	mark, mask, hasMask := strings.Cut(s, "/")
	hex := func(x string) (string, error) {
		n, err := strconv.ParseUint(x, 0, 64)
		if err != nil || n > 0xffffffff {
			return "", fmt.Errorf("invalid mark %q", s)
		}
		return "0x" + strconv.FormatUint(n, 16), nil
	}
	m, err := hex(mark)
	if err != nil {
		return "", err
	}
	if !hasMask {
		return neg + m + "/0xffffffff", nil
	}
	k, err := hex(mask)
	if err != nil {
		return "", err
	}
	return neg + m + "/" + k, nil
}

// readRules runs iptables-save and ip6tables-save, as the module's get does.
func readRules(ctx context.Context, h *resource.Handle, protocols ...string) ([]*rule, error) {
	if len(protocols) == 0 {
		protocols = []string{"IPv4", "IPv6"}
	}
	var rules []*rule
	counter := 1
	for _, p := range protocols {
		out, err := shell(ctx, h, saveCommand(p))
		if err != nil {
			return nil, err
		}
		rules = append(rules, parseSave(out, p, &counter)...)
	}
	return rules, nil
}

// shell runs a command line through /bin/sh, as the module's
// Puppet::Provider.execute of a string does, logging it as Puppet does.
func shell(ctx context.Context, h *resource.Handle, line string) (string, error) {
	if h.Log != nil {
		h.Log.Log(resource.Debug, "", "Executing: '"+line+"'")
	}
	out, err := syscmd.Exec(ctx, h, []string{"/bin/sh", "-c", line}, syscmd.Options{Silent: true})
	var ee *syscmd.ExecError
	if err != nil && asExec(err, &ee) {
		ee.Command = line
	}
	return out, err
}

func (r *ruleInstance) Retrieve(ctx context.Context, h *resource.Handle) error {
	rules, err := readRules(ctx, h)
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	r.cur = nil
	for _, x := range rules {
		if seen[x.name] {
			return fmt.Errorf("Duplicate names have been found within your Firewalls. This prevents the module from working correctly and must be manually resolved.")
		}
		seen[x.name] = true
		if x.name == r.name || unmanagedName.MatchString(r.name) && sameUnmanaged(x.name, r.name) {
			r.cur = x
		}
	}
	return nil
}

// sameUnmanaged reports whether two names of unmanaged rules name the same
// rule: their numbers count the rules read before them, which a purge
// that removed one of those changes.
func sameUnmanaged(a, b string) bool {
	_, x, _ := strings.Cut(a, " ")
	_, y, _ := strings.Cut(b, " ")
	return unmanagedName.MatchString(a) && x == y
}

func (r *ruleInstance) Exists() bool { return r.cur != nil }

func (r *ruleInstance) Properties() []resource.Property {
	props := []resource.Property{&ruleEnsure{r: r}}
	if r.cur == nil || !r.present {
		return props
	}
	for _, p := range r.should {
		if p.key == "ensure" || p.key == "name" {
			continue
		}
		props = append(props, &ruleProp{r: r, key: p.key, shown: r.raw[p.key]})
	}
	return props
}

// ruleEnsure is the rule's ensure: Puppet's "defined 'ensure' as
// 'present'" and "undefined 'ensure' from 'present'".
type ruleEnsure struct{ r *ruleInstance }

func (p *ruleEnsure) Name() string { return "ensure" }
func (p *ruleEnsure) Current() catalog.Value {
	if p.r.cur != nil {
		return "present"
	}
	return "absent"
}
func (p *ruleEnsure) Desired() catalog.Value {
	if p.r.present {
		return "present"
	}
	return "absent"
}
func (p *ruleEnsure) InSync() bool { return (p.r.cur != nil) == p.r.present }
func (p *ruleEnsure) Message() string {
	if p.r.present {
		return "defined 'ensure' as 'present'"
	}
	return "undefined 'ensure' from 'present'"
}
func (p *ruleEnsure) Event() string {
	if p.r.present {
		return "firewall_created"
	}
	return "firewall_removed"
}
func (p *ruleEnsure) Sync(context.Context, *resource.Handle) error {
	p.r.dirty = true
	return nil
}

// ruleProp is one other property, compared as the module's insync? does.
type ruleProp struct {
	r     *ruleInstance
	key   string
	shown catalog.Value
}

func (p *ruleProp) Name() string { return p.key }
func (p *ruleProp) Current() catalog.Value {
	switch p.key {
	case "protocol":
		return p.r.cur.protocol
	case "table":
		return p.r.cur.table
	case "chain":
		return p.r.cur.chain
	}
	return p.r.cur.vals[p.key]
}
func (p *ruleProp) Desired() catalog.Value { return p.shown }
func (p *ruleProp) Event() string          { return p.key + "_changed" }
func (p *ruleProp) Message() string {
	return fmt.Sprintf("%s changed %s to %s", p.key, shownValue(p.Current()), shownValue(p.shown))
}
func (p *ruleProp) Sync(context.Context, *resource.Handle) error {
	p.r.dirty = true
	return nil
}

// shownValue is a value as Puppet's change lines show it.
func shownValue(v catalog.Value) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case string:
		return "'" + x + "'"
	case []catalog.Value:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = shownValue(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case []string:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = "'" + e + "'"
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return catalog.Scalar(v)
}

func (p *ruleProp) InSync() bool {
	is := p.Current()
	should, wanted := p.r.want[p.key]
	if !wanted {
		return true
	}
	switch p.key {
	case "protocol":
		return p.r.cur.protocol == p.r.protocol
	case "source", "destination":
		return catalog.Scalar(is) == catalog.Scalar(should)
	case "jump":
		return is != nil && strings.EqualFold(catalog.Scalar(is), catalog.Scalar(should))
	case "icmp":
		return is != nil && icmpNumber(catalog.Scalar(is), p.r.protocol) == icmpNumber(catalog.Scalar(should), p.r.protocol)
	case "log_level":
		a, b := "4", "4"
		if is != nil {
			a = logLevel(catalog.Scalar(is))
		}
		if should != nil {
			b = logLevel(catalog.Scalar(should))
		}
		return a == b
	case "clamp_mss_to_pmtu":
		return (is == true) == (should == true)
	case "mac_source":
		return is != nil && strings.EqualFold(catalog.Scalar(is), catalog.Scalar(should))
	case "tcp_flags":
		all := func(v catalog.Value) string {
			return strings.ReplaceAll(catalog.Scalar(v), "FIN,SYN,RST,PSH,ACK,URG", "ALL")
		}
		return is != nil && all(is) == all(should)
	case "uid", "gid":
		return is != nil && ownerID(p.key, catalog.Scalar(is)) == ownerID(p.key, catalog.Scalar(should))
	case "set_mark", "match_mark":
		a, err1 := markHex(catalog.Scalar(is))
		b, err2 := markHex(catalog.Scalar(should))
		return is != nil && err1 == nil && err2 == nil && a == b
	case "dport", "sport", "state", "ctstate":
		if is == nil {
			return false
		}
		if il, ok := is.([]string); ok {
			sl, ok := should.([]catalog.Value)
			if !ok {
				return false
			}
			return sortedSame(il, catalog.Strings(sl), p.key == "dport" || p.key == "sport")
		}
		if _, ok := should.([]catalog.Value); ok {
			return false
		}
		s := catalog.Scalar(should)
		if p.key == "dport" || p.key == "sport" {
			s = strings.ReplaceAll(s, "-", ":")
		}
		return catalog.Scalar(is) == s
	}
	if is == nil {
		return false
	}
	return catalog.Scalar(is) == catalog.Scalar(should)
}

var idRE = lazyre.New(`^[0-9]+(-[0-9]+)?$`)

// ownerID is a uid or gid match as ids, names looked up, spaces dropped,
// a negation kept, as the module compares them.
func ownerID(key, s string) string {
	s = strings.Join(strings.Fields(s), "")
	neg := ""
	if rest, ok := strings.CutPrefix(s, "!"); ok {
		neg, s = "!", rest
	}
	if !idRE.MatchString(s) {
		if key == "uid" {
			if u, err := user.Lookup(s); err == nil {
				s = u.Uid
			}
		} else if g, err := user.LookupGroup(s); err == nil {
			s = g.Gid
		}
	}
	return neg + s
}

// sortedSame compares two lists as the module does: sorted, the
// negation kept on the first only.
func sortedSame(is, should []string, ports bool) bool {
	norm := func(list []string, colon bool) []string {
		neg := len(list) > 0 && strings.HasPrefix(list[0], "! ")
		out := make([]string, len(list))
		for i, s := range list {
			s = strings.NewReplacer("!", "", " ", "").Replace(s)
			if colon {
				s = strings.ReplaceAll(s, "-", ":")
			}
			out[i] = s
		}
		sortStrings(out)
		if neg && len(out) > 0 {
			out[0] = "! " + out[0]
		}
		return out
	}
	a, b := norm(is, false), norm(should, ports)
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Flush makes the change the properties found, as the module's set does:
// a rule inserted, replaced in place, or deleted.
func (r *ruleInstance) Flush(ctx context.Context, h *resource.Handle) error {
	if !r.dirty {
		return nil
	}
	r.dirty = false
	if r.present && r.invalid != nil {
		// The module's set checks the values before it changes anything.
		return r.invalid
	}
	src := "firewall[" + r.name + "]"
	start := time.Now()
	var verb string
	var err error
	switch {
	case r.cur == nil && r.present:
		verb = "Creating"
		h.Log.Log(h.Level, src, verb+": Creating Rule '"+r.name+"' with "+r.inspect())
		err = r.insert(ctx, h, "-I")
	case r.cur != nil && !r.present:
		verb = "Deleting"
		h.Log.Log(h.Level, src, verb+": Deleting Rule '"+r.name+"'")
		_, err = shell(ctx, h, baseCommand(r.cur.protocol)+" -t "+r.cur.table+" "+strings.Replace(r.cur.line, "-A", "-D", 1))
		if err == nil {
			persist(ctx, h, src, verb, r.name, r.cur.protocol)
		}
	default:
		verb = "Updating"
		h.Log.Log(h.Level, src, verb+": Updating Rule '"+r.name+"' with "+r.inspect())
		err = r.insert(ctx, h, "-R")
	}
	if err != nil {
		// The Resource API logs the failure and fails the resource with
		// its own words.
		h.Log.Log(resource.Err, src, verb+": Failed after "+seconds(time.Since(start))+" seconds: "+err.Error())
		return errExecution
	}
	h.Log.Log(h.Level, src, verb+": Finished in "+seconds(time.Since(start))+" seconds")
	return nil
}

func seconds(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 6, 64) }

// insert inserts (-I) the rule at the place its name gives among the
// chain's rules, or replaces (-R) it where it is. A rule that moves to
// another chain, table or protocol is deleted there and inserted anew
// (the module would replace whatever rule has the place in the new chain).
func (r *ruleInstance) insert(ctx context.Context, h *resource.Handle, op string) error {
	verb := map[string]string{"-I": "Creating", "-R": "Updating"}[op]
	if op == "-R" && r.cur != nil && (r.cur.chain != r.chain || r.cur.table != r.table || r.cur.protocol != r.protocol) {
		if _, err := shell(ctx, h, baseCommand(r.cur.protocol)+" -t "+r.cur.table+" "+strings.Replace(r.cur.line, "-A", "-D", 1)); err != nil {
			return err
		}
		op = "-I"
	}
	rules, err := readRules(ctx, h, r.protocol)
	if err != nil {
		return err
	}
	var names []string
	at := 0
	for _, x := range rules {
		if x.chain == r.chain && x.table == r.table {
			names = append(names, x.name)
			if at == 0 && (x.name == r.name || sameUnmanaged(x.name, r.name)) {
				at = len(names)
			}
		}
	}
	pos := insertOrder(names, r.name)
	if op == "-R" && at > 0 {
		// Where the rule is: the module's place for its name is another
		// rule's when the chain's rules are not in their names' order.
		pos = at
	}
	line := strings.Join([]string{baseCommand(r.protocol), "-t", r.table, op, r.chain, strconv.Itoa(pos), r.arguments()}, " ")
	if _, err := shell(ctx, h, line); err != nil {
		return err
	}
	persist(ctx, h, "firewall["+r.name+"]", verb, r.name, r.protocol)
	return nil
}

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

// persist saves the rules as the module does on Debian and Red Hat, a
// failure only logged.
func persist(ctx context.Context, h *resource.Handle, src, verb, name, protocol string) {
	argv := persistCommand(protocol)
	if argv == nil {
		return
	}
	h.Log.Log(h.Level, src, verb+": Ensuring changes to '"+name+"' persist")
	if _, err := syscmd.Exec(ctx, h, argv, syscmd.Options{}); err != nil {
		h.Log.Log(resource.Debug, src, "Unable to persist firewall rules: "+err.Error())
	}
}

// ruleInstances lists every rule of both protocols, as the module's get
// does (for ordo resource, and for resources { 'firewall': purge => true }).
func ruleInstances(ctx context.Context, h *resource.Handle) ([]*catalog.Resource, error) {
	rules, err := readRules(ctx, h)
	if err != nil {
		return nil, err
	}
	out := make([]*catalog.Resource, 0, len(rules))
	for _, x := range rules {
		r := &catalog.Resource{Type: "Firewall", Title: x.name}
		r.Set("ensure", "present")
		r.Set("protocol", x.protocol)
		r.Set("table", x.table)
		r.Set("chain", x.chain)
		for _, key := range supported {
			switch v := x.vals[key].(type) {
			case nil:
			case []string:
				r.Set(key, values(v))
			default:
				r.Set(key, v)
			}
		}
		out = append(out, r)
	}
	return out, nil
}

func values(list []string) []catalog.Value {
	out := make([]catalog.Value, len(list))
	for i, s := range list {
		out[i] = s
	}
	return out
}
