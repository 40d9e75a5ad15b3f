package state

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
)

// mount.mounted and mount.unmounted: the fstab part on ordo's mount
// type (ensure defined or absent, with target set to config), the
// mounting with mount(8) and umount(8) as Salt's mount module runs them.
// ordo's mount type finds an fstab entry by its mount point (Salt by
// the device, for most file systems) and writes the lines as it writes
// them for Puppet.

// activeMount is one line of /proc/mounts.
type activeMount struct{ device, fstype, opts string }

// activeMounts reads the mounted file systems by mount point.
func activeMounts() map[string]activeMount {
	out := map[string]activeMount{}
	data, err := os.ReadFile("/proc/mounts")
	if err != nil {
		return out
	}
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Fields(l); len(f) >= 4 {
			out[f[1]] = activeMount{device: f[0], fstype: f[2], opts: f[3]}
		}
	}
	return out
}

// mountOpts is the opts argument: a string split at commas, or a list.
func mountOpts(c Call) []string {
	v, ok := c.Args["opts"]
	if !ok || v == nil {
		return []string{"defaults"}
	}
	if s, isStr := v.(string); isStr {
		return strings.Split(s, ",")
	}
	return strList(v)
}

func runArgv(ctx context.Context, env *Env, argv ...string) (string, bool) {
	res, err := env.runner().Run(ctx, resource.Command{Argv: argv})
	if err != nil {
		return err.Error(), false
	}
	return strings.TrimSpace(string(res.Output)), res.ExitCode == 0
}

func mountMounted(ctx context.Context, env *Env, c Call) Return {
	if r, ok := missingParams(c, "device", "fstype"); !ok {
		return r
	}
	if r, bad := mappingArg(c, "opts"); bad {
		return r
	}
	name := c.Name
	device, fstype := str(c.Args, "device"), str(c.Args, "fstype")
	switch {
	case name == "":
		return failed("Must provide name to mount.mounted")
	case device == "":
		return failed("Must provide device to mount.mounted")
	case fstype == "":
		return failed("Must provide fstype to mount.mounted")
	}
	if name != "/" {
		name = strings.TrimRight(name, "/")
	}
	opts := mountOpts(c)
	mkmnt := boolArg(c.Args, "mkmnt", false)
	doMount := boolArg(c.Args, "mount", true)
	config := str(c.Args, "config")
	if config == "" {
		config = "/etc/fstab"
	}
	ret := Return{Result: True, Changes: Changes{}}
	realName := name
	if p, err := filepath.EvalSymlinks(name); err == nil {
		realName = p
	}
	active := activeMounts()
	if cur, ok := active[realName]; ok {
		if changed := remountOpts(opts, cur.opts, fstype); len(changed) > 0 {
			list := strings.Join(changed, ",")
			if c.Test {
				return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("Remount would be forced because options (%s) changed", list)}
			}
			ret.Changes["umount"] = fmt.Sprintf("Forced remount because options (%s) changed", list)
			if out, ok := runArgv(ctx, env, "mount", "-o", strings.Join(append(append([]string{}, opts...), "remount"), ","), "-t", fstype, device, realName); !ok {
				return Return{Result: False, Changes: ret.Changes, Comment: out}
			}
		}
		if cur.device == device || sameFile(cur.device, device) {
			ret.Comment = "Target was already mounted"
		} else if c.Test {
			ret.Result, ret.Comment = None, "An umount would have been forced because devices do not match.  Watched: "+device
		} else {
			ret.Changes["umount"] = "Forced unmount because devices don't match. Wanted: " + device + ", current: " + cur.device
			runArgv(ctx, env, "umount", realName)
			if _, still := activeMounts()[realName]; still {
				return Return{Result: None, Changes: ret.Changes, Comment: "Unable to unmount"}
			}
			delete(active, realName)
		}
	}
	if _, ok := active[realName]; !ok {
		_, statErr := os.Stat(name)
		exists := statErr == nil
		switch {
		case doMount && c.Test:
			ret.Result = None
			switch {
			case exists:
				ret.Comment = fmt.Sprintf("%s would be mounted", name)
			case mkmnt:
				ret.Comment = fmt.Sprintf("%s would be created and mounted", name)
			default:
				ret.Comment = fmt.Sprintf("%s does not exist and would not be created", name)
			}
			return ret
		case doMount:
			if !exists && !mkmnt {
				return failed("Mount directory is not present")
			}
			if !exists {
				if err := os.MkdirAll(name, 0o755); err != nil {
					return failed("%s", err)
				}
			}
			out, ok := runArgv(ctx, env, "mount", "-o", strings.Join(opts, ","), "-t", fstype, device, name)
			if !ok {
				return Return{Result: False, Changes: ret.Changes, Comment: out}
			}
			if _, now := activeMounts()[realName]; now {
				ret.Comment = "Target was successfully mounted"
				ret.Changes["mount"] = true
			}
		case !exists && c.Test:
			ret.Result = None
			if mkmnt {
				ret.Comment = fmt.Sprintf("%s would be created, but not mounted", name)
			} else {
				ret.Comment = fmt.Sprintf("%s does not exist and would neither be created nor mounted", name)
			}
		case !exists && mkmnt:
			if err := os.MkdirAll(name, 0o755); err != nil {
				return failed("%s", err)
			}
			ret.Comment = fmt.Sprintf("%s was created, not mounted", name)
		case !exists:
			ret.Comment = fmt.Sprintf("%s not present and not mounted", name)
		case c.Test:
			ret.Comment = fmt.Sprintf("%s would not be mounted", name)
		default:
			ret.Comment = fmt.Sprintf("%s not mounted", name)
		}
	}
	if !boolArg(c.Args, "persist", true) {
		return ret
	}
	if st, err := os.Stat(config); err != nil || !st.Mode().IsRegular() {
		return failed("An exception occurred in this state: Bad config file \"%s\"", config)
	}
	params := map[string]any{
		"ensure": "defined", "device": device, "fstype": fstype, "options": strings.Join(opts, ","),
		"dump": str(c.Args, "dump"), "pass": str(c.Args, "pass_num"), "target": config,
	}
	for k, def := range map[string]string{"dump": "0", "pass": "0"} {
		if params[k] == "" {
			params[k] = def
		}
	}
	r, err := openResource(ctx, env, "mount", name, params, c.Test)
	if err != nil {
		return failed("An exception occurred in this state: %s", err)
	}
	todo := outOfSync(r, "ensure", "device", "fstype", "options", "dump", "pass")
	// The type counts a mounted file system as there; the fstab is what
	// Salt asks.
	status := "present"
	switch {
	case !r.inst.Exists() || fstabDevice(config, name) == "":
		status = "new"
	case len(todo) > 0:
		status = "change"
	}
	if c.Test {
		if status == "present" {
			return ret
		}
		ret.Result = None
		comment := fmt.Sprintf("The %s fstab entry must be updated.", name)
		switch {
		case status == "new" && doMount:
			comment = fmt.Sprintf("%s is mounted, but needs to be written to the fstab in order to be made persistent.", name)
		case status == "new":
			comment = fmt.Sprintf("%s needs to be written to the fstab in order to be made persistent.", name)
		case doMount:
			comment = fmt.Sprintf("%s is mounted, but its fstab entry must be updated.", name)
		}
		ret.Comment = fmt.Sprintf("%s. %s", ret.Comment, comment)
		return ret
	}
	if err := r.sync(ctx, todo...); err != nil {
		return failed("An exception occurred in this state: %s", err)
	}
	switch status {
	case "present":
		ret.Comment += ". Entry already exists in the fstab."
	case "new":
		ret.Changes["persist"] = "new"
		ret.Comment += ". Added new entry to the fstab."
	default:
		ret.Changes["persist"] = "update"
		ret.Comment += ". Updated the entry in the fstab."
	}
	return ret
}

// Options that /proc/mounts never shows, and keys whose values it hides.
var (
	mountInvisibleOptions = []string{"_netdev", "actimeo", "bg", "comment", "defaults", "delay_connect", "direct-io-mode", "intr", "loop", "nointr",
		"nobootwait", "nofail", "password", "reconnect", "retry", "soft", "auto", "users", "bind", "nonempty", "transform_symlinks", "port", "backup-volfile-servers"}
	mountInvisibleKeys  = []string{"actimeo", "comment", "credentials", "direct-io-mode", "password", "port", "retry", "secretfile"}
	mountTranslate      = map[string]string{"tcp": "proto=tcp", "udp": "proto=udp"}
	mountSizeOption     = lazyre.New(`^size=([0-9]+)(k|m|g)$`)
	mountIgnoreFSKeys   = map[string][]string{"ramfs": {"size"}}
	mountSizeMultiplier = map[string]int{"k": 1, "m": 1024, "g": 1024 * 1024}
)

// remountOpts lists the wanted options a mounted file system does not
// show, sorted, as Salt decides on a remount: sizes compared in KiB,
// options mount hides left out.
func remountOpts(want []string, active, fstype string) []string {
	have := strings.Split(active, ",")
	for i, o := range have {
		if m := mountSizeOption.FindStringSubmatch(o); m != nil {
			n, _ := strconv.Atoi(m[1])
			have[i] = fmt.Sprintf("size=%dk", n*mountSizeMultiplier[m[2]])
		}
	}
	var out []string
	for _, o := range want {
		if t, ok := mountTranslate[o]; ok {
			o = t
		}
		key, _, _ := strings.Cut(o, "=")
		if contains(mountInvisibleKeys, key) || contains(mountIgnoreFSKeys[fstype], key) {
			o = key
		}
		if m := mountSizeOption.FindStringSubmatch(o); m != nil {
			n, _ := strconv.Atoi(m[1])
			o = fmt.Sprintf("size=%dk", n*mountSizeMultiplier[m[2]])
		}
		if contains(have, o) || contains(mountInvisibleOptions, o) || contains(mountInvisibleKeys, o) || contains(mountIgnoreFSKeys[fstype], o) {
			continue
		}
		out = append(out, o)
	}
	sort.Strings(out)
	return out
}

// sameFile reports whether two device paths name the same file.
func sameFile(a, b string) bool {
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(sa, sb)
}

func mountUnmounted(ctx context.Context, env *Env, c Call) Return {
	name := c.Name
	if name == "" {
		return failed("Must provide name to mount.unmounted")
	}
	device := str(c.Args, "device")
	config := str(c.Args, "config")
	if config == "" {
		config = "/etc/fstab"
	}
	ret := Return{Result: True, Changes: Changes{}}
	if _, ok := activeMounts()[name]; !ok {
		ret.Comment = "Target was already unmounted"
	} else {
		if c.Test {
			return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("Mount point %s is mounted but should not be", name)}
		}
		if out, ok := runArgv(ctx, env, "umount", name); !ok {
			return Return{Result: False, Changes: Changes{}, Comment: out}
		}
		ret.Comment = "Target was successfully unmounted"
		ret.Changes["umount"] = true
	}
	if !boolArg(c.Args, "persist", false) {
		return ret
	}
	r, err := openResource(ctx, env, "mount", name, map[string]any{"ensure": "absent", "target": config}, c.Test)
	if err != nil {
		return failed("An exception occurred in this state: %s", err)
	}
	if !r.inst.Exists() || fstabDevice(config, name) == "" {
		ret.Comment += ". fstab entry not found"
		return ret
	}
	if device != "" {
		if cur := fstabDevice(config, name); cur != device {
			ret.Comment += fmt.Sprintf(". fstab entry for device %s not found", device)
			return ret
		}
	}
	if c.Test {
		return Return{Result: None, Changes: ret.Changes, Comment: fmt.Sprintf("Mount point %s is unmounted but needs to be purged from %s to be made persistent", name, config)}
	}
	if err := r.sync(ctx, outOfSync(r, "ensure")...); err != nil {
		ret.Result = False
		ret.Comment += ". Failed to persist purge"
		return ret
	}
	ret.Comment += ". Removed target from fstab"
	ret.Changes["persist"] = "purged"
	return ret
}

// fstabDevice is the device of the fstab's entry for a mount point.
func fstabDevice(config, name string) string {
	data, _ := os.ReadFile(config)
	for _, l := range strings.Split(string(data), "\n") {
		if f := strings.Fields(l); len(f) >= 2 && !strings.HasPrefix(f[0], "#") && f[1] == name {
			return f[0]
		}
	}
	return ""
}

func addMount(f Functions) {
	f["mount.mounted"] = mountMounted
	f["mount.unmounted"] = mountUnmounted
}
