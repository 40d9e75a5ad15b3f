package facts

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
)

// moduleFact is a custom fact that a popular module ships in Ruby
// (lib/facter/NAME.rb), computed in Go as the Ruby code computes it.
// value returns false when the fact has no value here (Facter then leaves
// it out).
type moduleFact struct {
	module, name string
	value        func(s Source, core *catalog.Hash) (catalog.Value, bool)
	// file is the fact file's name when it is not NAME.rb.
	file string
}

var moduleFacts = []moduleFact{
	{module: "stdlib", name: "root_home", value: Source.rootHome},
	{module: "stdlib", name: "service_provider", value: func(s Source, _ *catalog.Hash) (catalog.Value, bool) { return s.serviceProvider(), true }},
	{module: "stdlib", name: "package_provider", value: Source.packageProvider},
	// Puppet's settings: ordo keeps its state under /var/lib/ordo and has
	// no server.
	{module: "stdlib", name: "puppet_vardir", value: constant("/var/lib/ordo"), file: "puppet_settings"},
	{module: "stdlib", name: "puppet_server", value: constant("puppet"), file: "puppet_settings"},
	{module: "systemd", name: "systemd", value: func(s Source, core *catalog.Hash) (catalog.Value, bool) {
		if kernel, _ := core.Get("kernel"); kernel != "Linux" {
			return nil, false
		}
		return s.serviceProvider() == "systemd", true
	}},
	{module: "apt", name: "apt_sources", value: debianOnly(func(s Source) catalog.Value {
		sources := []catalog.Value{"sources.list"}
		// Ruby's Dir.glob with {list,sources} lists the .list files,
		// then the .sources files, each in name order.
		for _, ext := range []string{"list", "sources"} {
			found, _ := filepath.Glob(s.path("/etc/apt/sources.list.d/*." + ext))
			sort.Strings(found)
			for _, f := range found {
				sources = append(sources, filepath.Base(f))
			}
		}
		return sources
	})},
	{module: "apt", name: "apt_update_last_success", value: debianOnly(func(s Source) catalog.Value {
		st, err := os.Stat(s.path("/var/lib/apt/periodic/update-success-stamp"))
		if err != nil {
			return int64(-1)
		}
		return st.ModTime().Unix()
	})},
	{module: "apt", name: "apt_reboot_required", value: debianOnly(func(s Source) catalog.Value {
		st, err := os.Stat(s.path("/var/run/reboot-required"))
		return err == nil && st.Mode().IsRegular()
	})},
	{module: "mysql", name: "mysql_server_id", value: func(_ Source, core *catalog.Hash) (catalog.Value, bool) {
		mac, _ := dotted(core, "networking.mac")
		hex, ok := mac.(string)
		if !ok {
			return nil, false
		}
		// Ruby's String#to_i(16) reads hex digits up to the first other
		// character; the MAC address is 48 bits, so it fits.
		digits := strings.ReplaceAll(hex, ":", "")
		n := uint64(0)
		for _, c := range digits {
			d, err := strconv.ParseUint(string(c), 16, 8)
			if err != nil {
				break
			}
			n = n*16 + d
		}
		return int64(n%(4294967295-1)) + 1, true
	}},
}

func constant(v catalog.Value) func(Source, *catalog.Hash) (catalog.Value, bool) {
	return func(Source, *catalog.Hash) (catalog.Value, bool) { return v, true }
}

// debianOnly is a fact confined to the Debian OS family.
func debianOnly(f func(Source) catalog.Value) func(Source, *catalog.Hash) (catalog.Value, bool) {
	return func(s Source, core *catalog.Hash) (catalog.Value, bool) {
		if family, _ := dotted(core, "os.family"); family != "Debian" {
			return nil, false
		}
		return f(s), true
	}
}

// ModuleFacts returns the custom facts of the modules on modulePath that
// ordo computes in Go, as Puppet adds the facts of every module's
// lib/facter to those it compiles with: stdlib's root_home,
// service_provider, package_provider, puppet_vardir and puppet_server,
// puppet-systemd's systemd,
// puppetlabs-apt's apt_sources, apt_update_last_success and
// apt_reboot_required, puppetlabs-mysql's mysql_server_id, and the facts
// that run commands (puppet-nftables' nftables, puppet-openssl's
// openssl_version, puppet-unbound's unbound_version) or read
// puppet-wireguard's keys (wireguard_pubkeys). A module
// provides its facts when its lib/facter/NAME.rb is there.
func (s Source) ModuleFacts(ctx context.Context, core *catalog.Hash, modulePath []string) *catalog.Hash {
	out := catalog.NewHash()
	for _, f := range moduleFacts {
		file := f.file
		if file == "" {
			file = f.name
		}
		if _, ok := out.Get(f.name); ok || !hasFactFile(modulePath, f.module, file) {
			continue
		}
		if v, ok := f.value(s, core); ok {
			out.Set(f.name, v)
		}
	}
	for _, f := range commandFacts {
		if _, ok := out.Get(f.name); ok || !hasFactFile(modulePath, f.module, f.name) {
			continue
		}
		if v, ok := f.value(s, ctx, core); ok {
			out.Set(f.name, v)
		}
	}
	return out
}

// ModuleFacts returns this machine's module facts (see Source.ModuleFacts).
func ModuleFacts(ctx context.Context, core *catalog.Hash, modulePath []string) *catalog.Hash {
	return Source{Root: "/"}.ModuleFacts(ctx, core, modulePath)
}

func hasFactFile(modulePath []string, module, name string) bool {
	for _, dir := range modulePath {
		if dir == "" {
			continue
		}
		if st, err := os.Stat(filepath.Join(dir, module, "lib", "facter", name+".rb")); err == nil && st.Mode().IsRegular() {
			return true
		}
	}
	return false
}

// rootHome is stdlib's root_home: root's home folder in the password
// database.
func (s Source) rootHome(_ *catalog.Hash) (catalog.Value, bool) {
	data, err := os.ReadFile(s.path("/etc/passwd"))
	if err != nil {
		return nil, false
	}
	for _, line := range strings.Split(string(data), "\n") {
		fields := strings.Split(line, ":")
		if len(fields) >= 6 && fields[0] == "root" {
			return fields[5], true
		}
	}
	return nil, false
}

// serviceProvider is stdlib's service_provider, the service type's
// default provider here: systemd where systemd is PID 1, debian on
// Debian, init elsewhere (as ordo's service type chooses).
func (s Source) serviceProvider() string {
	if b, err := os.ReadFile(s.path("/proc/1/comm")); err == nil && strings.Contains(string(b), "systemd") {
		return "systemd"
	}
	if _, err := os.Stat(s.path("/etc/debian_version")); err == nil {
		return "debian"
	}
	return "init"
}

// packageProvider is stdlib's package_provider, the package type's
// default provider: apt on the Debian family, which is where ordo has
// package providers.
func (s Source) packageProvider(core *catalog.Hash) (catalog.Value, bool) {
	if family, _ := dotted(core, "os.family"); family == "Debian" {
		return "apt", true
	}
	return nil, false
}
