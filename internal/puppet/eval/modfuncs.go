package eval

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/hex"
	"net"
	"regexp"
	"strconv"
	"strings"
)

// Go stand-ins for Ruby functions that popular modules call: Puppet's
// digest functions, stdlib's deep_merge, and functions shipped by
// saz-sudo and puppetlabs-docker.

// digestFunctions are Puppet's md5, sha1 and sha256: the hex digest of
// a string.
func digestFunctions() map[string]builtin {
	return map[string]builtin{
		"md5":    digestFn("md5", func(b []byte) []byte { s := md5.Sum(b); return s[:] }),
		"sha1":   digestFn("sha1", func(b []byte) []byte { s := sha1.Sum(b); return s[:] }),
		"sha256": digestFn("sha256", func(b []byte) []byte { s := sha256.Sum256(b); return s[:] }),
	}
}

func digestFn(name string, sum func([]byte) []byte) builtin {
	return func(k *call) (Value, error) {
		if len(k.args) != 1 {
			return nil, failf("%s(): Wrong number of arguments given (%d for 1)", name, len(k.args))
		}
		var s string
		switch x := k.args[0].(type) {
		case nil:
			s = "" // a 3.x function receives undef as ''
		case string:
			s = x
		default:
			return nil, failf("no implicit conversion of %s into String", rubyClassOf(x))
		}
		return hex.EncodeToString(sum([]byte(s))), nil
	}
}

// rubyClassOf is the Ruby class a 3.x function sees for a value.
func rubyClassOf(v Value) string {
	switch x := v.(type) {
	case nil:
		return "NilClass"
	case string:
		return "String"
	case int64:
		return "Integer"
	case float64:
		return "Float"
	case bool:
		if x {
			return "TrueClass"
		}
		return "FalseClass"
	case []Value:
		return "Array"
	case *Hash:
		return "Hash"
	}
	return typeName(v)
}

// rubyTruthy is Ruby's truth: all but nil and false.
func rubyTruthy(v Value) bool {
	b, isBool := v.(bool)
	return v != nil && (!isBool || b)
}

// rubyToS is Ruby's to_s of a scalar as a 3.x function receives it.
func rubyToS(v Value) string {
	switch x := v.(type) {
	case nil:
		return ""
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	return ToS(v)
}

// fnDeepMerge is stdlib's deep_merge: hashes merged left to right, a
// key whose old and new values are both hashes merged recursively.
func fnDeepMerge(k *call) (Value, error) {
	if len(k.args) < 2 {
		return nil, failf("deep_merge(): wrong number of arguments (%d; must be at least 2)", len(k.args))
	}
	var merge func(a, b *Hash) *Hash
	merge = func(a, b *Hash) *Hash {
		out := NewHash()
		for i, key := range a.keys {
			out.Set(key, a.vals[i])
		}
		for i, key := range b.keys {
			nv := b.vals[i]
			if ov, ok := out.Get(key); ok {
				oh, ok1 := ov.(*Hash)
				nh, ok2 := nv.(*Hash)
				if ok1 && ok2 {
					nv = merge(oh, nh)
				}
			}
			out.Set(key, nv)
		}
		return out
	}
	result := NewHash()
	for _, a := range k.args {
		switch x := a.(type) {
		case nil:
			// undef reaches a 3.x function as '', which deep_merge skips
		case string:
			if x != "" {
				return nil, failf("deep_merge: unexpected argument type String, only expects hash arguments")
			}
		case *Hash:
			result = merge(result, x)
		default:
			return nil, failf("deep_merge: unexpected argument type %s, only expects hash arguments", rubyClassOf(a))
		}
	}
	return result, nil
}

// fnSudoDefaults is saz-sudo's sudo::defaults: each [key, config] pair
// as a sudoers "Defaults" line.
func fnSudoDefaults(k *call) (Value, error) {
	var b strings.Builder
	for _, a := range k.args {
		tuple, ok := a.([]Value)
		if !ok || len(tuple) != 2 {
			return nil, failf("Unsupported number of arguments %d: %s", len(k.args), inspectQuoted(k.args))
		}
		b.WriteString("Defaults\t" + rubyToS(tuple[0]))
		if config, ok := tuple[1].(*Hash); ok {
			if list, ok := config.Get("list"); ok {
				b.WriteString(rubyToS(list))
			}
			operator := "="
			if op, ok := config.Get("operator"); ok {
				operator = rubyToS(op)
			}
			if val, ok := config.Get("value"); ok {
				if s, isStr := val.(string); isStr {
					b.WriteString(operator + `"` + s + `"`)
				} else {
					b.WriteString(operator + rubyToS(val))
				}
			}
		} else if tuple[1] != nil {
			return nil, failf("undefined method `key?' for %s", inspectQuoted(tuple[1]))
		}
		b.WriteString("\n")
	}
	return b.String(), nil
}

func dockerFunctions() map[string]builtin {
	return map[string]builtin{
		"docker::escape":    fnDockerEscape,
		"docker_run_flags":  fnDockerRunFlags,
		"docker_exec_flags": fnDockerExecFlags,
	}
}

// dockerEscape is puppetlabs-docker's docker::escape off Windows:
// stdlib::shell_escape.
func dockerEscape(k *call, v Value) (string, error) {
	if facts, ok := k.s.lookup("facts"); ok {
		if family := digInto(facts, []Value{"os", "family"}); family == "windows" {
			return "", failf("docker::escape: stdlib::powershell_escape is not implemented in ordo")
		}
	}
	out, err := fnShellEscape(&call{c: k.c, s: k.s, name: "stdlib::shell_escape", args: []Value{v}})
	if err != nil {
		return "", err
	}
	return ToS(out), nil
}

func fnDockerEscape(k *call) (Value, error) {
	if len(k.args) < 1 {
		return nil, failf("docker::escape(): Wrong number of arguments given (0 for 1)")
	}
	return dockerEscape(k, k.args[0])
}

// fnDockerRunFlags is puppetlabs-docker's docker_run_flags: a hash of
// docker::run's options as the flags of `docker create`, one a line.
func fnDockerRunFlags(k *call) (Value, error) {
	opts, _ := argOr(k, 0).(*Hash)
	if opts == nil {
		opts = NewHash()
	}
	get := func(key string) Value { v, _ := opts.Get(key); return v }
	var flags []string
	esc := func(v Value) (string, error) { return dockerEscape(k, v) }
	for _, f := range []struct{ key, prefix string }{{"username", "-u "}, {"hostname", "-h "}} {
		if v := get(f.key); rubyTruthy(v) {
			e, err := esc(v)
			if err != nil {
				return nil, err
			}
			flags = append(flags, f.prefix+e)
		}
	}
	if v := get("restart"); rubyTruthy(v) {
		flags = append(flags, "--restart '"+rubyToS(v)+"'")
	}
	switch net := get("net").(type) {
	case string:
		e, err := esc(net)
		if err != nil {
			return nil, err
		}
		flags = append(flags, "--net "+e)
	case []Value:
		for _, item := range net {
			e, err := esc(item)
			if err != nil {
				return nil, err
			}
			flags = append(flags, "--net "+e)
		}
	}
	if v := get("memory_limit"); rubyTruthy(v) {
		flags = append(flags, "-m "+rubyToS(v))
	}
	var cpus []string
	for _, c := range flatten([]Value{get("cpuset")}) {
		if c != nil {
			cpus = append(cpus, rubyToS(c))
		}
	}
	if len(cpus) > 0 {
		flags = append(flags, "--cpuset-cpus="+strings.Join(cpus, ","))
	}
	if rubyTruthy(get("disable_network")) {
		flags = append(flags, "-n false")
	}
	if rubyTruthy(get("privileged")) {
		flags = append(flags, "--privileged")
	}
	if v := get("health_check_cmd"); rubyTruthy(v) && rubyToS(v) != "undef" {
		flags = append(flags, "--health-cmd='"+rubyToS(v)+"'")
	}
	if v := get("health_check_interval"); rubyTruthy(v) && rubyToS(v) != "undef" {
		flags = append(flags, "--health-interval="+rubyToS(v)+"s")
	}
	if rubyTruthy(get("tty")) {
		flags = append(flags, "-t")
	}
	if rubyTruthy(get("read_only")) {
		flags = append(flags, "--read-only=true")
	}
	join := " \\\n"
	if v := get("osfamily"); rubyTruthy(v) && rubyToS(v) != "undef" && strings.EqualFold(rubyToS(v), "windows") {
		join = " `\n"
	}
	for _, m := range []struct{ format, key string }{
		{"--dns ", "dns"}, {"--dns-search ", "dns_search"}, {"--expose=", "expose"},
		{"--link ", "links"}, {"--lxc-conf=", "lxc_conf"}, {"--volumes-from ", "volumes_from"},
		{"-e ", "env"}, {"--env-file ", "env_file"}, {"-p ", "ports"}, {"-l ", "labels"},
		{"--add-host ", "hostentries"}, {"-v ", "volumes"},
	} {
		for _, v := range flatten([]Value{get(m.key)}) {
			if v == nil {
				continue
			}
			e, err := esc(v)
			if err != nil {
				return nil, err
			}
			flags = append(flags, m.format+e+join)
		}
	}
	switch extra := get("extra_params").(type) {
	case []Value:
		for _, p := range flatten(extra) {
			flags = append(flags, rubyToS(p))
		}
	case nil:
		return nil, failf("undefined method `each' for nil:NilClass")
	default:
		return nil, failf("undefined method `each' for %s", inspectQuoted(extra))
	}
	return strings.Join(flags, join), nil
}

func argOr(k *call, i int) Value {
	if i < len(k.args) {
		return k.args[i]
	}
	return nil
}

// stringParam checks a String[1] parameter of a 4.x stdlib function as
// Puppet's dispatch does.
func stringParam(fn, name string, v Value) (string, error) {
	s, ok := v.(string)
	switch {
	case !ok:
		return "", failf("'%s' parameter '%s' expects a String value, got %s", fn, name, inferredTypeName(v))
	case s == "":
		return "", failf("'%s' parameter '%s' expects a String[1] value, got String", fn, name)
	}
	return s, nil
}

// fnShellJoin is stdlib's shell_join: Ruby's Shellwords.shelljoin, each
// element escaped for the Bourne shell, joined with spaces.
func fnShellJoin(k *call) (Value, error) {
	if len(k.args) != 1 {
		return nil, failf("shell_join(): Wrong number of arguments given (%d for 1)", len(k.args))
	}
	arr, ok := k.args[0].([]Value)
	if !ok {
		return nil, failf("First argument is not an Array: %s", rubyInspect(k.args[0]))
	}
	words := make([]string, len(arr))
	for i, e := range arr {
		out, err := fnShellEscape(&call{c: k.c, s: k.s, name: "shell_escape", args: []Value{rubyToS(e)}})
		if err != nil {
			return nil, err
		}
		words[i] = ToS(out)
	}
	return strings.Join(words, " "), nil
}

// fnOSVersionGte is stdlib::os_version_gte: the node runs os at release
// major version or later.
func fnOSVersionGte(k *call) (Value, error) {
	const fn = "stdlib::os_version_gte"
	if len(k.args) != 2 {
		return nil, failf("'%s' expects 2 arguments, got %d", fn, len(k.args))
	}
	osName, err := stringParam(fn, "os", k.args[0])
	if err != nil {
		return nil, err
	}
	version, err := stringParam(fn, "version", k.args[1])
	if err != nil {
		return nil, err
	}
	facts, _ := k.s.lookup("facts")
	if ToS(digInto(facts, []Value{"os", "name"})) != osName {
		return false, nil
	}
	return versioncmp(ToS(digInto(facts, []Value{"os", "release", "major"})), version) >= 0, nil
}

// fnHasInterfaceWith is stdlib::has_interface_with: with one argument,
// whether the node has that network interface; with a kind and a
// value, whether an interface has that ip, mac, netmask or network.
func fnHasInterfaceWith(k *call) (Value, error) {
	const fn = "stdlib::has_interface_with"
	facts, _ := k.s.lookup("facts")
	ifaces, _ := digInto(facts, []Value{"networking", "interfaces"}).(*Hash)
	if ifaces == nil {
		ifaces = NewHash()
	}
	switch len(k.args) {
	case 1:
		name, err := stringParam(fn, "interface", k.args[0])
		if err != nil {
			return nil, err
		}
		_, ok := ifaces.Get(name)
		return ok, nil
	case 2:
		kind, ok := k.args[0].(string)
		switch kind {
		case "ipaddress":
			kind = "ip"
		case "macaddress":
			kind = "mac"
		case "netmask", "network", "ip", "mac":
		default:
			_ = ok
			return nil, failf("The function '%s' was called with arguments it does not accept. It expects one of:\n"+
				"  (String[1] interface)\n    rejected: expects 1 argument, got 2\n"+
				"  (Enum['ip', 'ipaddress', 'mac', 'macaddress', 'netmask', 'network'] kind, String[1] value)\n"+
				"    rejected: parameter 'kind' expects a match for Enum['ip', 'ipaddress', 'mac', 'macaddress', 'netmask', 'network'], got %s", fn, inspectQuoted(k.args[0]))
		}
		value, err := stringParam(fn, "value", k.args[1])
		if err != nil {
			return nil, err
		}
		for _, v := range ifaces.vals {
			if h, ok := v.(*Hash); ok {
				if got, ok := h.Get(kind); ok && got == value {
					return true, nil
				}
			}
		}
		return false, nil
	}
	return nil, failf("'%s' expects between 1 and 2 arguments, got %d", fn, len(k.args))
}

// rubyInspect is Ruby's inspect of a scalar a 3.x function received.
func rubyInspect(v Value) string {
	switch x := v.(type) {
	case string:
		return strconv.Quote(x)
	case nil:
		return "nil"
	}
	return rubyToS(v)
}

// fnSSHIPAddresses is saz-ssh's ssh::ipaddresses: the addresses bound to
// the node's interfaces (from the networking fact) but for loopback,
// the excluded interfaces and IPv6 link-local ones, without repeats.
func fnSSHIPAddresses(k *call) (Value, error) {
	const fn = "ssh::ipaddresses"
	if len(k.args) != 2 {
		return nil, failf("'%s' expects 2 arguments, got %d", fn, len(k.args))
	}
	excluded, ok1 := k.args[0].([]Value)
	patterns, ok2 := k.args[1].([]Value)
	if !ok1 {
		return nil, failf("'%s' parameter 'excluded_interfaces' expects an Array value, got %s", fn, inferredTypeName(k.args[0]))
	}
	if !ok2 {
		return nil, failf("'%s' parameter 'excluded_interfaces_re' expects an Array value, got %s", fn, inferredTypeName(k.args[1]))
	}
	skip := map[string]bool{"lo": true}
	for _, e := range excluded {
		skip[ToS(e)] = true
	}
	var res []*regexp.Regexp
	for _, p := range patterns {
		re, err := regexp.Compile(ToS(p))
		if err != nil {
			return nil, failf("%s", err)
		}
		res = append(res, re)
	}
	facts, _ := k.s.lookup("facts")
	ifaces, _ := digInto(facts, []Value{"networking", "interfaces"}).(*Hash)
	_, linkLocal, _ := net.ParseCIDR("fe80::/64")
	out := []Value{}
	seen := map[string]bool{}
	if ifaces == nil {
		return out, nil
	}
next:
	for i, name := range ifaces.keys {
		iface := ToS(name)
		if skip[iface] {
			continue
		}
		for _, re := range res {
			if re.MatchString(iface) {
				continue next
			}
		}
		data, _ := ifaces.vals[i].(*Hash)
		if data == nil {
			continue
		}
		for _, kind := range []string{"bindings", "bindings6"} {
			list, _ := data.Get(kind)
			bindings, _ := list.([]Value)
			for _, b := range bindings {
				bh, _ := b.(*Hash)
				if bh == nil {
					continue
				}
				addr, ok := bh.Get("address")
				if !ok {
					continue
				}
				s := ToS(addr)
				if ip := net.ParseIP(s); ip != nil && ip.To4() == nil && linkLocal.Contains(ip) {
					continue
				}
				if !seen[s] {
					seen[s] = true
					out = append(out, addr)
				}
			}
		}
	}
	return out, nil
}

// fnDockerExecFlags is puppetlabs-docker's docker_exec_flags: a hash of
// docker::exec's options as `docker exec` flags.
func fnDockerExecFlags(k *call) (Value, error) {
	opts, _ := argOr(k, 0).(*Hash)
	if opts == nil {
		opts = NewHash()
	}
	get := func(key string) Value { v, _ := opts.Get(key); return v }
	var flags []string
	for _, f := range []struct{ key, flag string }{{"detach", "--detach=true"}, {"interactive", "--interactive=true"}, {"tty", "--tty=true"}} {
		if rubyTruthy(get(f.key)) {
			flags = append(flags, f.flag)
		}
	}
	switch env := get("env").(type) {
	case nil:
	case []Value:
		for _, pair := range env {
			flags = append(flags, "--env "+rubyToS(pair))
		}
	default:
		return nil, failf("undefined method `each' for %s", rubyInspect(env))
	}
	return strings.Join(flags, " "), nil
}
