package eval

import (
	"sort"
	"strconv"
	"strings"
)

// Go stand-ins for the Ruby functions of voxpupuli's puppet-jenkins and
// puppet-extlib.

func jenkinsFunctions() map[string]builtin {
	return map[string]builtin{
		"jenkins_port":   jenkinsConfigFn("JENKINS_PORT", int64(8080)),
		"jenkins_prefix": jenkinsConfigFn("PREFIX", ""),
	}
}

func extlibFunctions() map[string]builtin {
	return map[string]builtin{"extlib::ip_to_cron": fnIPToCron}
}

// jenkinsConfigFn is jenkins_port and jenkins_prefix: the value of key
// in $jenkins::config_hash (key => {value => ...}), or def when it is
// not set (undef or false).
func jenkinsConfigFn(key string, def Value) builtin {
	return func(k *call) (Value, error) {
		cfg, _ := k.s.lookup("jenkins::config_hash")
		var v Value
		if h, ok := cfg.(*Hash); ok {
			entry, _ := h.Get(key)
			switch e := entry.(type) {
			case *Hash:
				v, _ = e.Get("value")
			case nil:
			default:
				return nil, failf("%s does not have #dig method", rubyClassOf(entry))
			}
		}
		if !rubyTruthy(v) {
			return def, nil
		}
		return v, nil
	}
}

// fnIPToCron is extlib::ip_to_cron: the [hour, minute] of cron jobs
// that run every runinterval seconds (default 1800), spread over
// machines by the last octet of the networking.ip fact.
func fnIPToCron(k *call) (Value, error) {
	if err := k.argc(0, 1); err != nil {
		return nil, err
	}
	interval := int64(1800)
	if len(k.args) == 1 {
		n, ok := k.args[0].(int64)
		if !ok || n < 1 {
			return nil, failf("'extlib::ip_to_cron' parameter 'runinterval' expects an Integer[1] value, got %s", inferredTypeName(k.args[0]))
		}
		interval = n
	}
	facts, _ := k.c.top.vars["facts"].(*Hash)
	ip := rubyToS(digInto(facts, []Value{"networking", "ip"}))
	octet := int64(0)
	if parts := strings.Split(ip, "."); len(parts) > 3 {
		octet = rubyStrToI(parts[3])
	}
	mod := func(a, b int64) int64 { return ((a % b) + b) % b }
	spread := func(occurrences, scope int64) []Value {
		base := mod(octet, scope)
		var vals []int64
		for i := int64(1); i <= occurrences; i++ {
			vals = append(vals, mod(base-scope/occurrences*i, scope))
		}
		sort.Slice(vals, func(a, b int) bool { return vals[a] < vals[b] })
		out := make([]Value, len(vals))
		for i, v := range vals {
			out[i] = v
		}
		return out
	}
	if interval <= 3600 {
		return []Value{"*", spread(3600/interval, 60)}, nil
	}
	return []Value{spread(86400/interval, 24), mod(octet, 60)}, nil
}

// rubyStrToI is Ruby's String#to_i in base 10: the leading integer, 0
// when there is none.
func rubyStrToI(s string) int64 {
	s = strings.TrimLeft(s, " \t\n\v\f\r")
	end := 0
	if end < len(s) && (s[end] == '-' || s[end] == '+') {
		end++
	}
	for end < len(s) && (s[end] >= '0' && s[end] <= '9' || s[end] == '_' && end > 0) {
		end++
	}
	n, _ := strconv.ParseInt(strings.ReplaceAll(s[:end], "_", ""), 10, 64)
	return n
}
