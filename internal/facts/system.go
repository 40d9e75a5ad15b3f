package facts

import (
	"fmt"
	"os"
	"os/user"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
)

func (s Source) read(p string) string {
	b, err := os.ReadFile(s.path(p))
	if err != nil {
		return ""
	}
	return string(b)
}

func (s Source) exists(p string) bool {
	_, err := os.Stat(s.path(p))
	return err == nil
}

// osRelease parses /etc/os-release as Facter does: KEY=value lines,
// quotes dropped, keys lower-cased.
func (s Source) osRelease() map[string]string {
	out := map[string]string{}
	for _, line := range strings.Split(s.read("/etc/os-release"), "\n") {
		line = strings.ReplaceAll(strings.TrimSpace(line), `"`, "")
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		out[strings.ToLower(k)] = v
	}
	return out
}

// osName is Facter's os.name from os-release NAME: its first word, two
// for Red Hat, Oracle, Arch and Manjaro.
func osName(name string) string {
	lower := strings.ToLower(name)
	words := strings.Fields(name)
	if len(words) == 0 {
		return name
	}
	switch {
	case hasAnyPrefix(lower, "red", "oracle", "arch", "manjaro"):
		n := strings.Join(words[:min(2, len(words))], "")
		if hasAnyPrefix(lower, "arch", "manjaro") {
			n = capitalize(n)
		}
		return n
	case strings.HasSuffix(lower, "mariner"):
		return words[len(words)-1]
	case strings.HasPrefix(lower, "virtuozzo"):
		return words[0] + "Linux"
	}
	return words[0]
}

func hasAnyPrefix(s string, prefixes ...string) bool {
	for _, p := range prefixes {
		if strings.HasPrefix(s, p) {
			return true
		}
	}
	return false
}

// capitalize is Ruby's String#capitalize.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + strings.ToLower(s[1:])
}

var families = []struct {
	family  string
	members []string
}{
	{"RedHat", []string{"redhat", "rhel", "fedora", "centos", "scientific", "ascendos", "cloudlinux", "psbm", "oraclelinux", "ovs", "oel", "amazon", "xenserver", "xcp-ng", "virtuozzo", "photon", "mariner"}},
	{"Debian", []string{"debian", "ubuntu", "huaweios", "linuxmint", "devuan", "kde"}},
	{"Suse", []string{"sles", "sled", "suse"}},
	{"Gentoo", []string{"gentoo"}},
	{"Archlinux", []string{"arch", "manjaro"}},
	{"Mandrake", []string{"mandrake", "mandriva", "mageia"}},
}

// osFamily is Facter's os.family from os-release ID_LIKE (or ID).
func osFamily(id string) string {
	lower := strings.ToLower(id)
	for _, f := range families {
		for _, m := range f.members {
			if strings.Contains(lower, m) {
				return f.family
			}
		}
	}
	return capitalize(id)
}

// releaseHash splits a version as Facter does: full, major, and minor
// when there is one.
func releaseHash(full string, trimMinorZero bool) *catalog.Hash {
	h := catalog.NewHash()
	h.Set("full", full)
	parts := strings.Split(full, ".")
	h.Set("major", parts[0])
	if len(parts) > 1 {
		minor := parts[1]
		if trimMinorZero && len(minor) == 2 && minor[0] == '0' && minor[1] != '0' {
			minor = minor[1:]
		}
		h.Set("minor", minor)
	}
	return h
}

func (s Source) addOS(f *catalog.Hash) {
	rel := s.osRelease()
	o := catalog.NewHash()
	name := osName(rel["name"])
	o.Set("name", name)
	id := rel["id_like"]
	if id == "" {
		id = rel["id"]
	}
	family := osFamily(id)
	o.Set("family", family)

	release, distro := s.release(rel, family)
	if release != nil {
		o.Set("release", release)
	}
	if distro.Len() > 0 {
		o.Set("distro", distro)
	}

	machine := s.machine()
	o.Set("hardware", machine)
	o.Set("architecture", architecture(machine, family))

	selinux := catalog.NewHash()
	enforce := strings.TrimSpace(s.read("/sys/fs/selinux/enforce"))
	if enforce == "" {
		selinux.Set("enabled", false)
	} else {
		selinux.Set("enabled", true)
		selinux.Set("enforced", enforce == "1")
		mode := "permissive"
		if enforce == "1" {
			mode = "enforcing"
		}
		selinux.Set("current_mode", mode)
		if pv := strings.TrimSpace(s.read("/sys/fs/selinux/policyvers")); pv != "" {
			selinux.Set("policy_version", pv)
		}
		for _, line := range strings.Split(s.read("/etc/selinux/config"), "\n") {
			if v, ok := strings.CutPrefix(line, "SELINUX="); ok {
				selinux.Set("config_mode", strings.TrimSpace(v))
			}
			if v, ok := strings.CutPrefix(line, "SELINUXTYPE="); ok {
				selinux.Set("config_policy", strings.TrimSpace(v))
			}
		}
	}
	o.Set("selinux", selinux)
	f.Set("os", o)
}

// release is os.release and os.distro as Facter 4.3's fact classes for
// the platform build them: Debian from /etc/debian_version, the Red Hat
// family from /etc/redhat-release, everything else (Ubuntu included)
// from os-release's VERSION_ID, whole, as both full and major.
func (s Source) release(rel map[string]string, family string) (release, distro *catalog.Hash) {
	versionID := rel["version_id"]
	if versionID != "" && !strings.Contains(versionID, ".") {
		versionID += ".0"
	}
	whole := func(v string) *catalog.Hash {
		h := catalog.NewHash()
		h.Set("full", v)
		h.Set("major", v)
		return h
	}
	distro = catalog.NewHash()
	codename := rel["version_codename"]
	if codename == "" {
		if m := regexp.MustCompile(`\((.*)\)$`).FindStringSubmatch(rel["version"]); m != nil {
			codename = m[1]
		}
	}
	switch {
	case rel["id"] == "debian":
		if dv := strings.TrimSpace(s.read("/etc/debian_version")); dv != "" && dv[0] >= '0' && dv[0] <= '9' {
			release = releaseHash(dv, true)
		}
		setOSReleaseDistro(distro, rel, codename, release)
	case family == "RedHat":
		version := versionID
		if rr := strings.TrimSpace(s.read("/etc/redhat-release")); rr != "" {
			parts := strings.SplitN(rr, "release", 2)
			if len(parts) == 2 {
				if f := strings.Fields(parts[1]); len(f) > 0 {
					version = f[0]
				}
				if m := regexp.MustCompile(`.*release.*(\(.*\)).*`).FindStringSubmatch(rr); m != nil {
					if c := strings.Trim(m[1], "()"); c != "" {
						distro.Set("codename", c)
					}
				}
				distro.Set("description", rr)
				var id []string
				for _, w := range strings.Fields(parts[0]) {
					if !strings.EqualFold(w, "linux") {
						id = append(id, w)
					}
				}
				distro.Set("id", strings.Join(id, ""))
			}
		}
		if version != "" {
			release = releaseHash(version, false)
			distro.Set("release", release)
		}
	default:
		var distroRelease *catalog.Hash
		if versionID != "" {
			// os.distro.release is a hash of its own, equal to os.release.
			release, distroRelease = whole(versionID), whole(versionID)
		}
		setOSReleaseDistro(distro, rel, codename, distroRelease)
	}
	return release, distro
}

// setOSReleaseDistro fills os.distro from os-release, as Facter does for
// all but the Red Hat family: the codename, PRETTY_NAME as the
// description, ID capitalized, and release (when not nil).
func setOSReleaseDistro(distro *catalog.Hash, rel map[string]string, codename string, release *catalog.Hash) {
	if codename != "" {
		distro.Set("codename", codename)
	}
	if rel["pretty_name"] != "" {
		distro.Set("description", rel["pretty_name"])
	}
	if rel["id"] != "" {
		distro.Set("id", capitalize(rel["id"]))
	}
	if release != nil {
		distro.Set("release", release)
	}
}

// machine is uname's machine (x86_64, aarch64, ...).
func (s Source) machine() string {
	if m := unameMachine(); m != "" {
		return m
	}
	return "unknown"
}

// architecture is Facter's os.architecture: Debian's and Gentoo's
// package architecture names, the machine elsewhere.
func architecture(machine, family string) string {
	switch family {
	case "Debian":
		switch machine {
		case "x86_64":
			return "amd64"
		case "aarch64":
			return "arm64"
		case "i386", "i486", "i586", "i686":
			return "i386"
		case "armv7l":
			return "armhf"
		case "ppc64le":
			return "ppc64el"
		}
	case "Gentoo":
		if machine == "x86_64" {
			return "amd64"
		}
	}
	if len(machine) == 4 && machine[0] == 'i' && strings.HasSuffix(machine, "86") {
		return "i386"
	}
	return machine
}

func (s Source) addKernel(f *catalog.Hash) {
	f.Set("kernel", "Linux")
	release := strings.TrimSpace(s.read("/proc/sys/kernel/osrelease"))
	f.Set("kernelrelease", release)
	version, _, _ := strings.Cut(release, "-")
	f.Set("kernelversion", version)
	parts := strings.Split(version, ".")
	if len(parts) >= 2 {
		f.Set("kernelmajversion", parts[0]+"."+parts[1])
	} else {
		f.Set("kernelmajversion", version)
	}
}

func (s Source) addIdentity(f *catalog.Hash) {
	id := catalog.NewHash()
	uid, gid := os.Geteuid(), os.Getegid()
	id.Set("gid", int64(gid))
	if g, err := user.LookupGroupId(strconv.Itoa(gid)); err == nil {
		id.Set("group", g.Name)
	}
	id.Set("privileged", uid == 0)
	id.Set("uid", int64(uid))
	if u, err := user.LookupId(strconv.Itoa(uid)); err == nil {
		id.Set("user", u.Username)
	}
	f.Set("identity", id)
}

func (s Source) addMisc(f *catalog.Hash) {
	f.Set("path", os.Getenv("PATH"))
	zone, _ := time.Now().Zone()
	f.Set("timezone", zone)

	// Facter decides system_uptime, virtual and is_virtual only after
	// looking for a container in /proc/1/environ; where that file exists
	// but cannot be read (some sandboxes refuse even root), Facter 4
	// fails those facts and Puppet compiles without them. ordo does the
	// same, so that catalogs match Puppet's on the same machine.
	containerCheckFails := s.unreadable("/proc/1/environ")
	if up := strings.Fields(s.read("/proc/uptime")); len(up) > 0 && !containerCheckFails {
		secs, _ := strconv.ParseFloat(up[0], 64)
		f.Set("system_uptime", uptimeHash(int64(secs)))
	}
	if la := strings.Fields(s.read("/proc/loadavg")); len(la) >= 3 {
		h := catalog.NewHash()
		for i, k := range []string{"1m", "5m", "15m"} {
			v, _ := strconv.ParseFloat(la[i], 64)
			h.Set(k, v)
		}
		f.Set("load_averages", h)
	}
	if fips := strings.TrimSpace(s.read("/proc/sys/crypto/fips_enabled")); fips != "" {
		f.Set("fips_enabled", fips == "1")
	} else {
		f.Set("fips_enabled", false)
	}
	if hv := s.hypervisors(); hv != nil {
		f.Set("hypervisors", hv)
	}
	if !containerCheckFails {
		virtual := s.virtual()
		f.Set("virtual", virtual)
		f.Set("is_virtual", virtual != "physical" && virtual != "bare metal")
	}
}

// unreadable reports whether the file at p exists but reading it fails.
func (s Source) unreadable(p string) bool {
	_, err := os.ReadFile(s.path(p))
	return err != nil && !os.IsNotExist(err)
}

// uptimeHash is Facter's system_uptime.
func uptimeHash(secs int64) *catalog.Hash {
	hours := secs / 3600
	days := hours / 24
	minutes := (secs / 60) % 60
	var text string
	switch days {
	case 0:
		text = fmt.Sprintf("%d:%02d hours", hours, minutes)
	case 1:
		text = "1 day"
	default:
		text = fmt.Sprintf("%d days", days)
	}
	h := catalog.NewHash()
	h.Set("days", days)
	h.Set("hours", hours)
	h.Set("seconds", secs)
	h.Set("uptime", text)
	return h
}

// hypervisorProducts maps DMI product names to Facter's virtual values.
var hypervisorProducts = []struct{ product, virtual string }{
	{"VMware", "vmware"},
	{"VirtualBox", "virtualbox"},
	{"Parallels", "parallels"},
	{"KVM", "kvm"},
	{"Virtual Machine", "hyperv"},
	{"RHEV Hypervisor", "rhev"},
	{"oVirt Node", "ovirt"},
	{"HVM domU", "xenhvm"},
	{"Bochs", "bochs"},
	{"OpenBSD", "vmm"},
	{"BHYVE", "bhyve"},
}

// virtual is Facter's virtual fact, from what can be read without
// running commands: containers, DMI, Xen, the virtual devices on the PCI
// bus (where Facter asks lspci), then the paravirtual clock a KVM guest
// has.
func (s Source) virtual() string {
	// Containers, as Facter finds them: PID 1's cgroups and environment.
	cgroup, environ := s.read("/proc/1/cgroup"), s.read("/proc/1/environ")
	if cgroup != "" && environ != "" {
		switch {
		case strings.Contains(cgroup, "docker/"):
			return "docker"
		case regexp.MustCompile(`(?m)^/lxc/[^/]+`).MatchString(cgroup) || strings.Contains(environ, "container=lxc"):
			return "lxc"
		case strings.Contains(environ, "container=systemd-nspawn"):
			return "systemd_nspawn"
		}
	}
	if strings.Contains(s.read("/sys/class/dmi/id/bios_vendor"), "Google") {
		return "gce"
	}
	if strings.Contains(s.read("/sys/class/dmi/id/bios_vendor"), "Amazon EC2") {
		return "kvm"
	}
	product := s.read("/sys/class/dmi/id/product_name")
	for _, hp := range hypervisorProducts {
		if product != "" && strings.Contains(product, hp.product) {
			return hp.virtual
		}
	}
	if s.exists("/proc/xen") {
		if strings.Contains(s.read("/proc/xen/capabilities"), "control_d") {
			return "xen0"
		}
		return "xenu"
	}
	if vm := s.pciVM(); vm != "" {
		return vm
	}
	if strings.Contains(s.read("/sys/devices/system/clocksource/clocksource0/available_clocksource"), "kvm-clock") {
		return "kvm"
	}
	return "physical"
}

// pciVendors maps PCI vendor IDs to the virtual platform Facter infers
// from lspci's names for their devices.
var pciVendors = []struct{ id, vm string }{
	{"0x80ee", "virtualbox"}, {"0x5853", "xenhvm"}, {"0x1414", "hyperv"},
	{"0x15ad", "vmware"}, {"0x1ab8", "parallels"}, {"0x1af4", "kvm"},
}

// pciVM is the platform whose virtual devices are on the PCI bus, read
// from /sys instead of running lspci.
func (s Source) pciVM() string {
	entries, err := os.ReadDir(s.path("/sys/bus/pci/devices"))
	if err != nil {
		return ""
	}
	seen := map[string]bool{}
	for _, e := range entries {
		seen[strings.TrimSpace(s.read("/sys/bus/pci/devices/"+e.Name()+"/vendor"))] = true
	}
	for _, v := range pciVendors {
		if seen[v.id] {
			return v.vm
		}
	}
	return ""
}

// hypervisors is Facter's hypervisors fact, as far as it can be read
// from /sys: KVM (with the cloud it runs in).
func (s Source) hypervisors() *catalog.Hash {
	product := strings.TrimSpace(s.read("/sys/class/dmi/id/product_name"))
	bios := s.read("/sys/class/dmi/id/bios_vendor")
	for _, hp := range hypervisorProducts {
		if product != "" && strings.Contains(product, hp.product) && (hp.virtual == "virtualbox" || hp.virtual == "parallels") {
			return nil
		}
	}
	if s.pciVM() != "kvm" && !strings.Contains(bios, "Amazon EC2") && !strings.Contains(bios, "Google") && !strings.Contains(product, "OpenStack") {
		return nil
	}
	kvm := catalog.NewHash()
	switch vendor := strings.TrimSpace(s.read("/sys/class/dmi/id/sys_vendor")); {
	case vendor == "Google":
		kvm.Set("google", true)
	case strings.HasPrefix(vendor, "OpenStack"):
		kvm.Set("openstack", true)
	case strings.HasPrefix(vendor, "Amazon"):
		kvm.Set("amazon", true)
	}
	h := catalog.NewHash()
	h.Set("kvm", kvm)
	return h
}
