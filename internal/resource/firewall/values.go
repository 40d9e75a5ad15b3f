package firewall

import (
	"fmt"
	"net"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
)

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
