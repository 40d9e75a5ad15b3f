package facts

import (
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
)

// WithLegacy returns core facts plus the legacy flat names Facter 4
// still gives Puppet 7 (`facter --show-legacy`): osfamily,
// operatingsystem, ipaddress, ipaddress_eth0, memorysize, processor0,
// ... derived from the structured facts. Keys are sorted, as Facter
// prints them.
func WithLegacy(core *catalog.Hash) *catalog.Hash {
	out := catalog.NewHash()
	for _, k := range core.Keys() {
		v, _ := core.Get(k)
		out.Set(k, v)
	}
	set := func(name string, v catalog.Value, ok bool) {
		if ok && v != nil {
			out.Set(name, v)
		}
	}
	get := func(path string) (catalog.Value, bool) { return dotted(core, path) }

	for _, a := range []struct{ legacy, path string }{
		{"architecture", "os.architecture"},
		{"augeasversion", "augeas.version"},
		{"rubyplatform", "ruby.platform"},
		{"rubysitedir", "ruby.sitedir"},
		{"rubyversion", "ruby.version"},
		{"hardwaremodel", "os.hardware"},
		{"hardwareisa", "processors.isa"},
		{"operatingsystem", "os.name"},
		{"osfamily", "os.family"},
		{"operatingsystemrelease", "os.release.full"},
		{"operatingsystemmajrelease", "os.release.major"},
		{"selinux", "os.selinux.enabled"},
		{"selinux_enforced", "os.selinux.enforced"},
		{"selinux_current_mode", "os.selinux.current_mode"},
		{"selinux_config_mode", "os.selinux.config_mode"},
		{"selinux_config_policy", "os.selinux.config_policy"},
		{"selinux_policyversion", "os.selinux.policy_version"},
		{"hostname", "networking.hostname"},
		{"fqdn", "networking.fqdn"},
		{"domain", "networking.domain"},
		{"ipaddress", "networking.ip"},
		{"ipaddress6", "networking.ip6"},
		{"macaddress", "networking.mac"},
		{"netmask", "networking.netmask"},
		{"netmask6", "networking.netmask6"},
		{"network", "networking.network"},
		{"network6", "networking.network6"},
		{"scope6", "networking.scope6"},
		{"id", "identity.user"},
		{"gid", "identity.group"},
		{"processorcount", "processors.count"},
		{"physicalprocessorcount", "processors.physicalcount"},
		{"memorysize", "memory.system.total"},
		{"memoryfree", "memory.system.available"},
		{"swapsize", "memory.swap.total"},
		{"swapfree", "memory.swap.available"},
		{"uptime", "system_uptime.uptime"},
		{"uptime_days", "system_uptime.days"},
		{"uptime_hours", "system_uptime.hours"},
		{"uptime_seconds", "system_uptime.seconds"},
	} {
		v, ok := get(a.path)
		set(a.legacy, v, ok)
	}
	for _, a := range []struct{ legacy, path string }{
		{"memorysize_mb", "memory.system.total_bytes"},
		{"memoryfree_mb", "memory.system.available_bytes"},
		{"swapsize_mb", "memory.swap.total_bytes"},
		{"swapfree_mb", "memory.swap.available_bytes"},
	} {
		if v, ok := get(a.path); ok {
			if b, isInt := v.(int64); isInt {
				out.Set(a.legacy, float64(b)/(1024.0*1024.0))
			}
		}
	}
	// The lsb names come from os.distro on the Debian family, where
	// Facter resolves them from os-release.
	if fam, _ := get("os.family"); fam == "Debian" {
		for _, a := range []struct{ legacy, path string }{
			{"lsbdistcodename", "os.distro.codename"},
			{"lsbdistdescription", "os.distro.description"},
			{"lsbdistid", "os.distro.id"},
			{"lsbdistrelease", "os.distro.release.full"},
			{"lsbmajdistrelease", "os.distro.release.major"},
			{"lsbminordistrelease", "os.distro.release.minor"},
		} {
			v, ok := get(a.path)
			set(a.legacy, v, ok)
		}
	}
	if disks, ok := get("disks"); ok {
		if h, ok := disks.(*catalog.Hash); ok {
			names := h.Keys()
			out.Set("blockdevices", strings.Join(names, ","))
			for _, d := range names {
				dv, _ := h.Get(d)
				dh, _ := dv.(*catalog.Hash)
				if dh == nil {
					continue
				}
				for _, a := range []struct{ legacy, key string }{{"model", "model"}, {"size", "size_bytes"}, {"vendor", "vendor"}} {
					if v, ok := dh.Get(a.key); ok {
						out.Set("blockdevice_"+d+"_"+a.legacy, v)
					}
				}
			}
		}
	}
	for _, a := range []struct{ legacy, path string }{
		{"bios_release_date", "dmi.bios.release_date"}, {"bios_vendor", "dmi.bios.vendor"},
		{"bios_version", "dmi.bios.version"}, {"boardassettag", "dmi.board.asset_tag"},
		{"boardmanufacturer", "dmi.board.manufacturer"}, {"boardproductname", "dmi.board.product"},
		{"boardserialnumber", "dmi.board.serial_number"}, {"chassisassettag", "dmi.chassis.asset_tag"},
		{"chassistype", "dmi.chassis.type"}, {"manufacturer", "dmi.manufacturer"},
		{"productname", "dmi.product.name"}, {"serialnumber", "dmi.product.serial_number"},
		{"uuid", "dmi.product.uuid"},
	} {
		v, ok := get(a.path)
		set(a.legacy, v, ok)
	}
	if ssh, ok := get("ssh"); ok {
		if h, ok := ssh.(*catalog.Hash); ok {
			for _, name := range h.Keys() {
				kv, _ := h.Get(name)
				kh, _ := kv.(*catalog.Hash)
				if kh == nil {
					continue
				}
				key, _ := kh.Get("key")
				out.Set("ssh"+name+"key", key)
				sha1, _ := dotted(kh, "fingerprints.sha1")
				sha256, _ := dotted(kh, "fingerprints.sha256")
				out.Set("sshfp_"+name, catalog.Scalar(sha1)+"\n"+catalog.Scalar(sha256))
			}
		}
	}
	if models, ok := get("processors.models"); ok {
		if list, ok := models.([]catalog.Value); ok {
			for i, m := range list {
				out.Set("processor"+strconv.Itoa(i), m)
			}
		}
	}
	if ifs, ok := get("networking.interfaces"); ok {
		if h, ok := ifs.(*catalog.Hash); ok {
			// dhcp_servers: the primary interface's DHCP server (ordo
			// does not read DHCP leases, so none), as Facter builds it
			// whenever there are interfaces.
			dhcp := catalog.NewHash()
			primaryDHCP, _ := get("networking.dhcp")
			dhcp.Set("system", primaryDHCP)
			out.Set("dhcp_servers", dhcp)
			out.Set("interfaces", strings.Join(h.Keys(), ","))
			for _, name := range h.Keys() {
				iv, _ := h.Get(name)
				ih, _ := iv.(*catalog.Hash)
				if ih == nil {
					continue
				}
				for _, a := range []struct{ prefix, key string }{
					{"ipaddress", "ip"}, {"ipaddress6", "ip6"}, {"macaddress", "mac"},
					{"mtu", "mtu"}, {"netmask", "netmask"}, {"netmask6", "netmask6"},
					{"network", "network"}, {"network6", "network6"}, {"scope6", "scope6"},
				} {
					if v, ok := ih.Get(a.key); ok {
						out.Set(a.prefix+"_"+name, v) // Facter 4 keeps the name as it is
					}
				}
			}
		}
	}
	return sorted(out)
}

// dotted follows a dotted fact name ("os.release.major") into facts.
func dotted(facts *catalog.Hash, path string) (catalog.Value, bool) {
	var v catalog.Value = facts
	for _, seg := range strings.Split(path, ".") {
		switch x := v.(type) {
		case *catalog.Hash:
			next, ok := x.Get(seg)
			if !ok {
				return nil, false
			}
			v = next
		case []catalog.Value:
			i := 0
			for _, c := range seg {
				if c < '0' || c > '9' {
					return nil, false
				}
				i = i*10 + int(c-'0')
			}
			if seg == "" || i >= len(x) {
				return nil, false
			}
			v = x[i]
		default:
			return nil, false
		}
	}
	return v, true
}
