package facts

import (
	"net"
	"strconv"
	"strings"
	"syscall"
	"unsafe"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
)

// iface is what the kernel says about one network interface.
type iface struct {
	name      string
	index     int
	mtu       int
	mac       string
	bindings  []*catalog.Hash
	bindings6 []*catalog.Hash
}

// networking builds Facter's networking fact: the interfaces with their
// bindings, the primary interface's values at the top, and the names.
func (s Source) networking() *catalog.Hash {
	n := catalog.NewHash()
	host, domain, fqdn := s.hostnames()
	if domain != "" {
		n.Set("domain", domain)
	}
	if fqdn != "" {
		n.Set("fqdn", fqdn)
	}
	if host != "" {
		n.Set("hostname", host)
	}
	ifaces := s.interfaces()
	if len(ifaces) == 0 {
		return n
	}
	all := catalog.NewHash()
	byName := map[string]*catalog.Hash{}
	for _, ifc := range ifaces {
		h := interfaceHash(ifc)
		byName[ifc.name] = h
		all.Set(ifc.name, h)
	}
	n.Set("interfaces", all)
	primary := s.primaryInterface(ifaces)
	if ph, ok := byName[primary]; ok && primary != "" {
		for _, k := range ph.Keys() {
			if k == "bindings" || k == "bindings6" {
				continue
			}
			v, _ := ph.Get(k)
			n.Set(k, v)
		}
		n.Set("primary", primary)
	}
	return n
}

// interfaceHash is one entry of networking.interfaces.
func interfaceHash(ifc iface) *catalog.Hash {
	h := catalog.NewHash()
	if len(ifc.bindings) > 0 {
		h.Set("bindings", hashList(ifc.bindings))
		b := validBinding(ifc.bindings)
		h.Set("ip", mustGet(b, "address"))
		h.Set("netmask", mustGet(b, "netmask"))
		h.Set("network", mustGet(b, "network"))
	}
	if len(ifc.bindings6) > 0 {
		h.Set("bindings6", hashList(ifc.bindings6))
		b := validBinding(ifc.bindings6)
		h.Set("ip6", mustGet(b, "address"))
		h.Set("netmask6", mustGet(b, "netmask"))
		h.Set("network6", mustGet(b, "network"))
		h.Set("scope6", scope6(net.ParseIP(mustGet(b, "address").(string))))
	}
	if ifc.mac != "" {
		h.Set("mac", ifc.mac)
	}
	if ifc.mtu > 0 {
		h.Set("mtu", int64(ifc.mtu))
	}
	return h
}

func mustGet(h *catalog.Hash, k string) catalog.Value {
	v, _ := h.Get(k)
	return v
}

func hashList(hs []*catalog.Hash) []catalog.Value {
	out := make([]catalog.Value, len(hs))
	for i, h := range hs {
		out[i] = h
	}
	return out
}

var ignoredNets = []*net.IPNet{
	mustCIDR("169.254.0.0/16"),
	mustCIDR("fe80::/10"),
	mustCIDR("fc00::/7"),
}

func mustCIDR(s string) *net.IPNet {
	_, n, err := net.ParseCIDR(s)
	if err != nil {
		panic(err)
	}
	return n
}

// ignoredAddress: loopback, link-local and unique-local addresses are
// not an interface's main address when it has another.
func ignoredAddress(addr string) bool {
	ip := net.ParseIP(addr)
	if ip == nil || ip.IsLoopback() {
		return true
	}
	for _, n := range ignoredNets {
		if n.Contains(ip) {
			return true
		}
	}
	return false
}

func validBinding(bs []*catalog.Hash) *catalog.Hash {
	for _, b := range bs {
		if a, _ := b.Get("address"); !ignoredAddress(a.(string)) {
			return b
		}
	}
	return bs[0]
}

// scope6 is Facter's IPv6 scope name.
func scope6(ip net.IP) string {
	prefix := ""
	if ip.To4() == nil && ip.To16() != nil {
		compat := true
		for _, b := range ip[:12] {
			if b != 0 {
				compat = false
			}
		}
		if compat && !ip.IsLoopback() && !ip.IsUnspecified() {
			prefix = "compat,"
		}
	}
	switch {
	case ip.IsLinkLocalUnicast():
		return prefix + "link"
	case len(ip) == net.IPv6len && ip[0] == 0xfe && ip[1]&0xc0 == 0xc0:
		return prefix + "site"
	case ip.IsLoopback():
		return prefix + "host"
	}
	return prefix + "global"
}

// binding builds one address entry: address, netmask, network (and the
// scope for IPv6).
func binding(ip net.IP, prefixLen int, v6 bool) *catalog.Hash {
	bits := 32
	if v6 {
		bits = 128
	}
	mask := net.CIDRMask(prefixLen, bits)
	h := catalog.NewHash()
	h.Set("address", ip.String())
	netmask := net.IP(mask).String()
	if v6 {
		netmask = net.IP(mask).To16().String()
	}
	h.Set("netmask", netmask)
	h.Set("network", ip.Mask(mask).String())
	if v6 {
		h.Set("scope6", scope6(ip))
	}
	return h
}

// interfaces reads links and addresses with two netlink dumps.
func (s Source) interfaces() []iface {
	links, err := net.Interfaces()
	if err != nil {
		return nil
	}
	out := make([]iface, 0, len(links))
	byIndex := map[int]int{}
	for _, l := range links {
		ifc := iface{name: l.Name, index: l.Index, mtu: l.MTU}
		if len(l.HardwareAddr) == 6 {
			mac := l.HardwareAddr.String()
			if mac != "00:00:00:00:00:00" {
				ifc.mac = mac
			}
		}
		byIndex[l.Index] = len(out)
		out = append(out, ifc)
	}
	flags := s.inet6Flags()
	for _, a := range addresses() {
		i, ok := byIndex[a.index]
		if !ok {
			continue
		}
		if a.ip.To4() != nil {
			out[i].bindings = append(out[i].bindings, binding(a.ip.To4(), a.prefix, false))
			continue
		}
		b := binding(a.ip, a.prefix, true)
		if fl, ok := flags[out[i].name+" "+a.ip.String()]; ok {
			b.Set("flags", fl)
		}
		out[i].bindings6 = append(out[i].bindings6, b)
	}
	// Facter lists interfaces by name.
	sortIfaces(out)
	return out
}

func sortIfaces(a []iface) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j].name < a[j-1].name; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

type addr struct {
	index  int
	ip     net.IP
	prefix int
}

// addresses dumps every interface address in one netlink request.
func addresses() []addr {
	rib, err := syscall.NetlinkRIB(syscall.RTM_GETADDR, syscall.AF_UNSPEC)
	if err != nil {
		return nil
	}
	msgs, err := syscall.ParseNetlinkMessage(rib)
	if err != nil {
		return nil
	}
	var out []addr
	for _, m := range msgs {
		if m.Header.Type == syscall.NLMSG_DONE {
			break
		}
		if m.Header.Type != syscall.RTM_NEWADDR || len(m.Data) < syscall.SizeofIfAddrmsg {
			continue
		}
		ifam := (*syscall.IfAddrmsg)(unsafe.Pointer(&m.Data[0]))
		attrs, err := syscall.ParseNetlinkRouteAttr(&m)
		if err != nil {
			continue
		}
		var ip net.IP
		for _, a := range attrs {
			switch {
			case ifam.Family == syscall.AF_INET && a.Attr.Type == syscall.IFA_LOCAL:
				ip = net.IP(append([]byte(nil), a.Value...))
			case a.Attr.Type == syscall.IFA_ADDRESS && ip == nil:
				ip = net.IP(append([]byte(nil), a.Value...))
			}
		}
		if ip == nil {
			continue
		}
		out = append(out, addr{index: int(ifam.Index), ip: ip, prefix: int(ifam.Prefixlen)})
	}
	return out
}

var ifaFlags = []struct {
	name string
	bit  uint64
}{
	{"temporary", 0x01}, {"noad", 0x02}, {"optimistic", 0x04}, {"dadfailed", 0x08},
	{"homeaddress", 0x10}, {"deprecated", 0x20}, {"tentative", 0x40}, {"permanent", 0x80},
}

// inet6Flags reads /proc/net/if_inet6: the flags of each IPv6 address,
// keyed "iface address".
func (s Source) inet6Flags() map[string][]catalog.Value {
	out := map[string][]catalog.Value{}
	for _, line := range strings.Split(s.read("/proc/net/if_inet6"), "\n") {
		f := strings.Fields(line)
		if len(f) != 6 || len(f[0]) != 32 {
			continue
		}
		raw := make(net.IP, 16)
		for i := 0; i < 16; i++ {
			b, err := strconv.ParseUint(f[0][2*i:2*i+2], 16, 8)
			if err != nil {
				continue
			}
			raw[i] = byte(b)
		}
		bits, _ := strconv.ParseUint(f[4], 16, 64)
		flags := []catalog.Value{}
		for _, fl := range ifaFlags {
			if bits&fl.bit != 0 {
				flags = append(flags, fl.name)
			}
		}
		out[f[5]+" "+raw.String()] = flags
	}
	return out
}

// primaryInterface is the interface of the default IPv4 route, else the
// first with an address that is not ignored.
func (s Source) primaryInterface(ifaces []iface) string {
	for i, line := range strings.Split(s.read("/proc/net/route"), "\n") {
		if i == 0 {
			continue
		}
		f := strings.Split(strings.TrimSpace(line), "\t")
		if len(f) > 7 && strings.TrimSpace(f[1]) == "00000000" && strings.TrimSpace(f[7]) == "00000000" && f[0] != "*" {
			return strings.TrimSpace(f[0])
		}
	}
	for _, ifc := range ifaces {
		for _, b := range append(append([]*catalog.Hash(nil), ifc.bindings...), ifc.bindings6...) {
			if a, _ := b.Get("address"); !ignoredAddress(a.(string)) {
				return ifc.name
			}
		}
	}
	return ""
}

var (
	domainRE = lazyre.New(`(?m)^domain\s+(\S+)`)
	searchRE = lazyre.New(`(?m)^search\s+(\S+)`)
)

// hostnames is Facter's hostname, domain and fqdn: the kernel's host
// name, its canonical name from /etc/hosts, else the domain of
// /etc/resolv.conf. (Facter also asks DNS; ordo does not wait on the
// network to gather facts.)
func (s Source) hostnames() (host, domain, fqdn string) {
	name := strings.TrimSpace(s.read("/proc/sys/kernel/hostname"))
	if name == "" {
		return "", "", ""
	}
	host, domain, _ = strings.Cut(name, ".")
	if domain == "" {
		if canon := s.canonicalName(host); canon != "" && canon != host && strings.HasPrefix(canon, host+".") {
			fqdn = canon
			domain = strings.TrimPrefix(canon, host+".")
		}
	}
	if domain == "" {
		rc := s.read("/etc/resolv.conf")
		if m := domainRE.FindStringSubmatch(rc); m != nil {
			domain = m[1]
		} else if m := searchRE.FindStringSubmatch(rc); m != nil {
			domain = m[1]
		}
	}
	if fqdn == "" {
		fqdn = host
		if domain != "" {
			fqdn = host + "." + domain
		}
	}
	return host, domain, fqdn
}

// canonicalName is the first name of the /etc/hosts line that names host.
func (s Source) canonicalName(host string) string {
	for _, line := range strings.Split(s.read("/etc/hosts"), "\n") {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		for _, n := range f[1:] {
			if n == host {
				return f[1]
			}
		}
	}
	return ""
}
