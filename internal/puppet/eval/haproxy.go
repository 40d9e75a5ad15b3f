package eval

import (
	"net"
	"sort"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/lazyre"
)

// Go stand-ins for the Ruby functions of puppetlabs-haproxy.

func haproxyFunctions() map[string]builtin {
	return map[string]builtin{
		"haproxy::validate_ip_addr":       fnHaproxyValidateIP,
		"haproxy::sort_bind":              fnHaproxySortBind,
		"haproxy::generate_error_message": fnHaproxyError,
	}
}

// fnHaproxyValidateIP reports whether Ruby's IPAddr accepts the string:
// an IPv4 or IPv6 address, with an optional prefix length.
func fnHaproxyValidateIP(k *call) (Value, error) {
	if err := k.argc(1, 1); err != nil {
		return nil, err
	}
	s, ok := k.args[0].(string)
	if !ok {
		return nil, failf("'haproxy::validate_ip_addr' parameter 'virtual_ip' expects a String value, got %s", inferredTypeName(k.args[0]))
	}
	if strings.Contains(s, "/") {
		_, _, err := net.ParseCIDR(s)
		return err == nil, nil
	}
	return net.ParseIP(strings.Trim(s, "[]")) != nil, nil
}

var bindAddr = lazyre.New(`^((\d+)\.(\d+)\.(\d+)\.(\d+))?(.*)`)

// fnHaproxySortBind sorts a bind hash into [address, options] pairs: by
// IPv4 address as a number (others first), then by the rest.
func fnHaproxySortBind(k *call) (Value, error) {
	if err := k.argc(1, 1); err != nil {
		return nil, err
	}
	h, ok := k.args[0].(*Hash)
	if !ok {
		return nil, failf("'haproxy::sort_bind' parameter 'bind' expects a Hash value, got %s", inferredTypeName(k.args[0]))
	}
	type entry struct {
		num  int64
		rest string
		pair []Value
	}
	var es []entry
	for i, key := range h.keys {
		m := bindAddr.FindStringSubmatch(ToS(key))
		num := int64(-1)
		if m[1] != "" {
			num = 0
			for _, o := range m[2:6] {
				n, _ := strconv.ParseInt(o, 10, 64)
				num = num<<8 + n
			}
		}
		es = append(es, entry{num: num, rest: m[6], pair: []Value{key, h.vals[i]}})
	}
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].num != es[j].num {
			return es[i].num < es[j].num
		}
		return es[i].rest < es[j].rest
	})
	out := make([]Value, len(es))
	for i, e := range es {
		out[i] = e.pair
	}
	return out, nil
}

func fnHaproxyError(k *call) (Value, error) {
	if err := k.argc(1, 1); err != nil {
		return nil, err
	}
	return nil, failf("%s", ToS(k.args[0]))
}
