package salt

import (
	"bufio"
	"net"
	"os"
	"runtime"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// LocalGrains reads the grains Salt's core grains module would report for
// this machine, under Salt's names: os, os_family, osrelease, oscodename,
// osfullname, kernel, kernelrelease, host, fqdn, id, ipv4, num_cpus,
// mem_total (MiB), cpuarch.
func LocalGrains() map[string]any {
	g := map[string]any{"kernel": "Linux", "num_cpus": runtime.NumCPU()}
	var uts unix.Utsname
	if unix.Uname(&uts) == nil {
		g["kernel"] = unix.ByteSliceToString(uts.Sysname[:])
		g["kernelrelease"] = unix.ByteSliceToString(uts.Release[:])
		g["cpuarch"] = unix.ByteSliceToString(uts.Machine[:])
	}
	host, _ := os.Hostname()
	short, _, _ := strings.Cut(host, ".")
	g["host"], g["nodename"], g["fqdn"], g["id"] = short, host, host, host
	osr := readOSRelease()
	name := osr["NAME"]
	if i := strings.IndexByte(name, ' '); i > 0 {
		name = name[:i]
	}
	g["os"] = name
	g["osfullname"] = osr["NAME"]
	g["osrelease"] = osr["VERSION_ID"]
	g["oscodename"] = osr["VERSION_CODENAME"]
	g["os_family"] = osFamily(osr)
	if maj, _, ok := strings.Cut(osr["VERSION_ID"], "."); ok || maj != "" {
		if n, err := strconv.Atoi(maj); err == nil {
			g["osmajorrelease"] = n
		}
	}
	var si unix.Sysinfo_t
	if unix.Sysinfo(&si) == nil {
		g["mem_total"] = int(uint64(si.Totalram) * uint64(si.Unit) / (1024 * 1024))
	}
	var ipv4 []any
	if addrs, err := net.InterfaceAddrs(); err == nil {
		for _, a := range addrs {
			if n, ok := a.(*net.IPNet); ok && n.IP.To4() != nil {
				ipv4 = append(ipv4, n.IP.String())
			}
		}
	}
	g["ipv4"] = ipv4
	return g
}

func readOSRelease() map[string]string {
	out := map[string]string{}
	f, err := os.Open("/etc/os-release")
	if err != nil {
		return out
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		k, v, ok := strings.Cut(s.Text(), "=")
		if ok {
			out[k] = strings.Trim(v, `"'`)
		}
	}
	return out
}

// osFamily maps os-release IDs to Salt's os_family grain.
func osFamily(osr map[string]string) string {
	ids := append([]string{osr["ID"]}, strings.Fields(osr["ID_LIKE"])...)
	for _, id := range ids {
		switch id {
		case "debian", "ubuntu":
			return "Debian"
		case "rhel", "fedora", "centos":
			return "RedHat"
		case "suse", "opensuse":
			return "Suse"
		case "arch":
			return "Arch"
		case "alpine":
			return "Alpine"
		}
	}
	if n := osr["NAME"]; n != "" {
		return strings.Fields(n)[0]
	}
	return ""
}
