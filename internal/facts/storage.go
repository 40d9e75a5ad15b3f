package facts

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
)

// addStorage adds filesystems, disks and mountpoints.
func (s Source) addStorage(f *catalog.Hash) {
	var fss []string
	for _, line := range strings.Split(s.read("/proc/filesystems"), "\n") {
		tok := strings.Fields(line)
		if len(tok) == 1 && tok[0] != "fuseblk" {
			fss = append(fss, tok[0])
		}
	}
	if len(fss) > 0 {
		sort.Strings(fss)
		f.Set("filesystems", strings.Join(fss, ","))
	}
	if d := s.disks(); d != nil {
		f.Set("disks", d)
	}
	if m := s.mountpoints(); m != nil {
		f.Set("mountpoints", m)
	}
	if d := s.dmi(); d != nil {
		f.Set("dmi", d)
	}
	if p := s.partitions(); p != nil {
		f.Set("partitions", p)
	}
}

// disks is Facter's disks fact from /sys/block (without the serial and
// WWN, which Facter asks lsblk for).
func (s Source) disks() *catalog.Hash {
	entries, err := os.ReadDir(s.path("/sys/block"))
	if err != nil {
		return nil
	}
	out := catalog.NewHash()
	for _, e := range entries {
		dir := "/sys/block/" + e.Name()
		if !s.exists(dir + "/device") {
			continue
		}
		d := catalog.NewHash()
		if m := strings.TrimSpace(s.read(dir + "/device/model")); m != "" {
			d.Set("model", m)
		}
		if sz := strings.TrimSpace(s.read(dir + "/size")); sz != "" {
			n, _ := strconv.ParseInt(sz, 10, 64)
			d.Set("size", bytesHuman(n*512))
			d.Set("size_bytes", n*512)
		}
		if r := strings.TrimSpace(s.read(dir + "/queue/rotational")); r != "" {
			if r == "0" {
				d.Set("type", "ssd")
			} else {
				d.Set("type", "hdd")
			}
		}
		if v := strings.TrimSpace(s.read(dir + "/device/vendor")); v != "" {
			d.Set("vendor", v)
		}
		out.Set(e.Name(), d)
	}
	if out.Len() == 0 {
		return nil
	}
	return out
}

var rootRE = lazyre.New(`root=(\S+)`)

// mountpoints is Facter's mountpoints fact: every mount but /proc and
// /sys ones (tmpfs excepted) and autofs, with statfs sizes.
func (s Source) mountpoints() *catalog.Hash {
	out := catalog.NewHash()
	for _, line := range strings.Split(s.read("/proc/mounts"), "\n") {
		f := strings.Fields(line)
		if len(f) < 4 {
			continue
		}
		device, path, fstype, opts := unescapeMount(f[0]), unescapeMount(f[1]), f[2], f[3]
		if (regexp.MustCompile(`^/(proc|sys)`).MatchString(path) && fstype != "tmpfs") || fstype == "autofs" {
			continue
		}
		if device == "/dev/root" {
			if m := rootRE.FindStringSubmatch(s.read("/proc/cmdline")); m != nil && !strings.Contains(m[1], "=") {
				device = m[1]
			}
		}
		var size, avail, used int64
		var st unix.Statfs_t
		if err := unix.Statfs(s.path(path), &st); err == nil {
			bs := int64(st.Frsize)
			if bs == 0 {
				bs = int64(st.Bsize)
			}
			size = int64(st.Blocks) * bs
			avail = int64(st.Bavail) * bs
			used = (int64(st.Blocks) - int64(st.Bfree)) * bs
		}
		m := catalog.NewHash()
		m.Set("available", bytesHuman(avail))
		m.Set("available_bytes", avail)
		m.Set("capacity", capacity(used, used+avail))
		m.Set("device", device)
		m.Set("filesystem", fstype)
		var options []catalog.Value
		for _, o := range strings.Split(opts, ",") {
			options = append(options, strings.TrimSpace(o))
		}
		m.Set("options", options)
		m.Set("size", bytesHuman(size))
		m.Set("size_bytes", size)
		m.Set("used", bytesHuman(used))
		m.Set("used_bytes", used)
		out.Set(path, m)
	}
	if out.Len() == 0 {
		return nil
	}
	return out
}

// capacity is Facter's used share of a file system.
func capacity(used, total int64) string {
	switch {
	case used == total:
		return "100%"
	case used > 0:
		return fmt.Sprintf("%.2f%%", float64(used)/float64(total)*100)
	}
	return "0%"
}

// unescapeUdev undoes udev's \xHH escapes in /dev/disk link names.
func unescapeUdev(s string) string { return unescapeBytes(s, `\x`, 2, 16) }

// unescapeMount undoes /proc/mounts' octal escapes (\040 for a space).
func unescapeMount(s string) string { return unescapeBytes(s, `\`, 3, 8) }

// unescapeBytes replaces each escape in s, marker then width digits in
// base, with the byte the digits stand for; an escape that is cut short
// or does not fit a byte is kept as it is.
func unescapeBytes(s, marker string, width, base int) string {
	if !strings.Contains(s, marker) {
		return s
	}
	size := len(marker) + width
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if strings.HasPrefix(s[i:], marker) && i+size <= len(s) {
			if n, err := strconv.ParseUint(s[i+len(marker):i+size], base, 8); err == nil {
				b.WriteByte(byte(n))
				i += size - 1
				continue
			}
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

// dmi is Facter's dmi fact from /sys/class/dmi/id, where the machine
// has one.
func (s Source) dmi() *catalog.Hash {
	const dir = "/sys/class/dmi/id/"
	if !s.exists(dir) {
		return nil
	}
	read := func(name string) string { return strings.TrimSpace(s.read(dir + name)) }
	out := catalog.NewHash()
	group := func(name string, fields ...[2]string) {
		h := catalog.NewHash()
		for _, f := range fields {
			if v := read(f[1]); v != "" {
				h.Set(f[0], v)
			}
		}
		if h.Len() > 0 {
			out.Set(name, h)
		}
	}
	group("bios", [2]string{"release_date", "bios_date"}, [2]string{"vendor", "bios_vendor"}, [2]string{"version", "bios_version"})
	group("board", [2]string{"asset_tag", "board_asset_tag"}, [2]string{"manufacturer", "board_vendor"}, [2]string{"product", "board_name"}, [2]string{"serial_number", "board_serial"})
	chassis := catalog.NewHash()
	if v := read("chassis_asset_tag"); v != "" {
		chassis.Set("asset_tag", v)
	}
	if v := read("chassis_type"); v != "" {
		chassis.Set("type", chassisType(v))
	}
	if chassis.Len() > 0 {
		out.Set("chassis", chassis)
	}
	if v := read("sys_vendor"); v != "" {
		out.Set("manufacturer", v)
	}
	group("product", [2]string{"name", "product_name"}, [2]string{"serial_number", "product_serial"}, [2]string{"uuid", "product_uuid"})
	if out.Len() == 0 {
		return nil
	}
	return out
}

// chassisType names an SMBIOS chassis type number as Facter does.
func chassisType(code string) string {
	types := []string{"Other", "Unknown", "Desktop", "Low Profile Desktop", "Pizza Box", "Mini Tower",
		"Tower", "Portable", "Laptop", "Notebook", "Hand Held", "Docking Station", "All in One",
		"Sub Notebook", "Space-Saving", "Lunch Box", "Main System Chassis", "Expansion Chassis",
		"SubChassis", "Bus Expansion Chassis", "Peripheral Chassis", "Storage Chassis",
		"Rack Mount Chassis", "Sealed-Case PC", "Multi-system", "CompactPCI", "AdvancedTCA",
		"Blade", "Blade Enclosure", "Tablet", "Convertible", "Detachable", "IoT Gateway",
		"Embedded PC", "Mini PC", "Stick PC"}
	n, err := strconv.Atoi(code)
	if err != nil || n < 1 || n > len(types) {
		return code
	}
	return types[n-1]
}

// partitions is Facter's partitions fact: every partition of a disk,
// device-mapper device and loop device under /sys/block, with its size
// and, where the /dev/disk/by-* links name it, its UUID, label, PARTUUID
// and PARTLABEL. Facter asks blkid for those and for the file system;
// ordo takes the file system from /proc/mounts, so an unmounted
// partition has none.
func (s Source) partitions() *catalog.Hash {
	entries, err := os.ReadDir(s.path("/sys/block"))
	if err != nil {
		return nil
	}
	links := s.diskLinks()
	fsOf := map[string]string{}
	for _, line := range strings.Split(s.read("/proc/mounts"), "\n") {
		if f := strings.Fields(line); len(f) >= 3 && strings.HasPrefix(f[0], "/dev/") {
			fsOf[unescapeMount(f[0])] = f[2]
		}
	}
	out := catalog.NewHash()
	add := func(name, sysDir, backing string) {
		sz, _ := strconv.ParseInt(strings.TrimSpace(s.read(sysDir+"/size")), 10, 64)
		h := catalog.NewHash()
		if backing != "" {
			h.Set("backing_file", backing)
		}
		if fs, ok := fsOf[name]; ok {
			h.Set("filesystem", fs)
		}
		for _, k := range []string{"label", "partlabel", "partuuid"} {
			if v, ok := links[k][name]; ok {
				h.Set(k, v)
			}
		}
		h.Set("size", bytesHuman(sz*512))
		h.Set("size_bytes", sz*512)
		if v, ok := links["uuid"][name]; ok {
			h.Set("uuid", v)
		}
		out.Set(name, h)
	}
	for _, e := range entries {
		dev := e.Name()
		dir := "/sys/block/" + dev
		switch {
		case s.exists(dir + "/device"):
			subs, _ := os.ReadDir(s.path(dir))
			for _, sub := range subs {
				if sub.IsDir() && strings.Contains(sub.Name(), dev) {
					add("/dev/"+sub.Name(), dir+"/"+sub.Name(), "")
				}
			}
		case s.exists(dir + "/dm"):
			if name := strings.TrimSpace(s.read(dir + "/dm/name")); name != "" {
				add("/dev/mapper/"+name, dir, "")
			} else {
				add("/dev/"+dev, dir, "")
			}
		case s.exists(dir + "/loop"):
			add("/dev/"+dev, dir, strings.TrimSpace(s.read(dir+"/loop/backing_file")))
		}
	}
	if out.Len() == 0 {
		return nil
	}
	return out
}

// diskLinks reads /dev/disk/by-uuid, by-label, by-partuuid and
// by-partlabel: for each kind, the device each name points at.
func (s Source) diskLinks() map[string]map[string]string {
	out := map[string]map[string]string{}
	for kind, dir := range map[string]string{"uuid": "by-uuid", "label": "by-label", "partuuid": "by-partuuid", "partlabel": "by-partlabel"} {
		out[kind] = map[string]string{}
		base := "/dev/disk/" + dir
		entries, err := os.ReadDir(s.path(base))
		if err != nil {
			continue
		}
		for _, e := range entries {
			target, err := os.Readlink(s.path(base + "/" + e.Name()))
			if err != nil {
				continue
			}
			if !strings.HasPrefix(target, "/") {
				target = filepath.Clean(base + "/" + target)
			}
			out[kind][target] = unescapeUdev(e.Name())
		}
	}
	return out
}
