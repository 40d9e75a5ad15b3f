package salt

import (
	"bufio"
	"context"
	"os"
	"sort"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/facts"
)

// LocalGrains returns this machine's grains: ordo's core facts under the
// names Salt's core grains use.
func LocalGrains(ctx context.Context) (map[string]any, error) {
	f, err := facts.Gather(ctx)
	if err != nil {
		return nil, err
	}
	return GrainsFromFacts(f, readOSRelease("/etc/os-release")), nil
}

// GrainsFromFacts maps core facts (and the os-release fields, which Salt
// reads for the release) to Salt's grains: os, os_family, osrelease,
// osmajorrelease, oscodename, osfullname, kernel, kernelrelease, cpuarch,
// host, nodename, fqdn, id, ipv4, ipv6, num_cpus, mem_total (MiB).
func GrainsFromFacts(f *catalog.Hash, osRelease map[string]string) map[string]any {
	g := map[string]any{}
	str := func(path ...string) string {
		if s, ok := dig(f, path...).(string); ok {
			return s
		}
		return ""
	}
	g["os"] = str("os", "name")
	g["os_family"] = str("os", "family")
	g["oscodename"] = str("os", "distro", "codename")
	g["osfullname"] = osRelease["NAME"]
	g["osrelease"] = osRelease["VERSION_ID"]
	if g["osrelease"] == "" {
		g["osrelease"] = str("os", "release", "full")
	}
	if n, err := strconv.Atoi(str("os", "release", "major")); err == nil {
		g["osmajorrelease"] = n
	}
	g["kernel"] = str("kernel")
	g["kernelrelease"] = str("kernelrelease")
	g["cpuarch"] = str("os", "hardware")
	host, fqdn := str("networking", "hostname"), str("networking", "fqdn")
	if fqdn == "" {
		fqdn = host
	}
	g["host"], g["nodename"], g["fqdn"], g["id"] = host, host, fqdn, fqdn
	if n, ok := dig(f, "processors", "count").(int64); ok {
		g["num_cpus"] = int(n)
	}
	if n, ok := dig(f, "memory", "system", "total_bytes").(int64); ok {
		g["mem_total"] = int(n / (1024 * 1024))
	}
	var v4, v6 []string
	if ifaces, ok := dig(f, "networking", "interfaces").(*catalog.Hash); ok {
		for _, name := range ifaces.Keys() {
			iface, _ := ifaces.Get(name)
			h, _ := iface.(*catalog.Hash)
			v4 = append(v4, bindingAddresses(h, "bindings")...)
			v6 = append(v6, bindingAddresses(h, "bindings6")...)
		}
	}
	sort.Strings(v4)
	sort.Strings(v6)
	g["ipv4"], g["ipv6"] = anyList(v4), anyList(v6)
	return g
}

func bindingAddresses(iface *catalog.Hash, key string) []string {
	if iface == nil {
		return nil
	}
	v, _ := iface.Get(key)
	list, _ := v.([]catalog.Value)
	var out []string
	for _, b := range list {
		if h, ok := b.(*catalog.Hash); ok {
			if a, ok := h.Get("address"); ok {
				if s, ok := a.(string); ok {
					out = append(out, s)
				}
			}
		}
	}
	return out
}

func anyList(s []string) []any {
	out := make([]any, len(s))
	for i, x := range s {
		out[i] = x
	}
	return out
}

// dig walks nested hashes.
func dig(h *catalog.Hash, path ...string) any {
	var cur any = h
	for _, p := range path {
		m, ok := cur.(*catalog.Hash)
		if !ok || m == nil {
			return nil
		}
		cur, _ = m.Get(p)
	}
	return cur
}

func readOSRelease(path string) map[string]string {
	out := map[string]string{}
	f, err := os.Open(path)
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
