// Package facts gathers this machine's core facts with Facter 4's names,
// structure and values (os, kernel, networking, processors, memory,
// identity, ...), adds the legacy top-scope names Puppet 7 still sees,
// and reads fact files (YAML or JSON) that override them.
//
// Gathering reads /proc, /sys and /etc directly and runs one command
// (`augparse --version`, for augeas), so it takes a few milliseconds
// where Facter takes half a second. What Facter learns only from other
// commands or Ruby is missing: ruby,
// the disks' serial numbers, DHCP servers, the file system of unmounted
// partitions; virtual falls back on what /sys shows.
package facts

import (
	"context"
	"fmt"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/ordoproject/ordo/internal/catalog"
)

// Source is where facts are read from: the root of the file system
// (normally "/"), so tests can point it at a prepared tree.
type Source struct {
	Root string
	// Run, when set, runs the commands that module facts read (see
	// commandFact) instead of this machine's.
	Run func(ctx context.Context, name string, args ...string) (string, bool)
}

func (s Source) path(p string) string {
	if s.Root == "" || s.Root == "/" {
		return p
	}
	return s.Root + p
}

// Gather returns this machine's core facts, as `facter -j` prints them:
// nested hashes with their keys sorted.
func Gather(ctx context.Context) (*catalog.Hash, error) {
	return Source{Root: "/"}.Gather(ctx)
}

// Gather returns the core facts read from s.
func (s Source) Gather(ctx context.Context) (*catalog.Hash, error) {
	f := catalog.NewHash()
	var (
		mu sync.Mutex
		wg sync.WaitGroup
	)
	// Networking is the slowest part (a netlink dump); the rest is a
	// handful of small file reads.
	var net *catalog.Hash
	wg.Add(1)
	go func() {
		defer wg.Done()
		n := s.networking()
		mu.Lock()
		net = n
		mu.Unlock()
	}()
	var aug *catalog.Hash
	wg.Add(1)
	go func() {
		defer wg.Done()
		a := s.augeas(ctx)
		mu.Lock()
		aug = a
		mu.Unlock()
	}()
	s.addOS(f)
	s.addKernel(f)
	s.addProcessors(f)
	s.addMemory(f)
	s.addIdentity(f)
	s.addMisc(f)
	s.addStorage(f)
	f.Set("facterversion", FacterVersion)
	f.Set("ruby", rubyFact())
	if ssh := s.ssh(); ssh != nil {
		f.Set("ssh", ssh)
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	f.Set("networking", net)
	if aug != nil {
		f.Set("augeas", aug)
	}
	return sorted(f), nil
}

// sorted returns h with its keys, and those of every hash in it (but not
// of hashes inside arrays), sorted, as Facter prints facts.
func sorted(h *catalog.Hash) *catalog.Hash {
	out := catalog.NewHash()
	keys := append([]string(nil), h.Keys()...)
	sort.Strings(keys)
	for _, k := range keys {
		v, _ := h.Get(k)
		if sub, ok := v.(*catalog.Hash); ok {
			v = sorted(sub)
		}
		out.Set(k, v)
	}
	return out
}

// Puppet returns the $facts Puppet 7 compiles with from core facts:
// the core facts, the legacy names, and the facts Puppet adds itself
// (puppetversion, clientcert, clientversion, clientnoop).
func Puppet(core *catalog.Hash, certname string, noop bool) *catalog.Hash {
	out := WithLegacy(core)
	out.Set("puppetversion", PuppetVersion)
	out.Set("clientcert", certname)
	out.Set("clientversion", PuppetVersion)
	out.Set("clientnoop", noop)
	return out
}

// Server returns the server facts `puppet catalog find` compiles with,
// this machine being the server: serverversion, and servername and
// serverip from the fqdn and ipaddress facts (the host name and domain,
// and ipaddress6, when those are missing).
func Server(core *catalog.Hash) *catalog.Hash {
	out := catalog.NewHash()
	out.Set("serverversion", PuppetVersion)
	if v, ok := dotted(core, "networking.fqdn"); ok && v != nil {
		out.Set("servername", v)
	} else if host, ok := dotted(core, "networking.hostname"); ok && host != nil {
		name := fmt.Sprint(host)
		if domain, ok := dotted(core, "networking.domain"); ok && domain != nil && domain != "" {
			name += "." + fmt.Sprint(domain)
		}
		out.Set("servername", name)
	}
	if v, ok := dotted(core, "networking.ip"); ok && v != nil {
		out.Set("serverip", v)
	} else if v, ok := dotted(core, "networking.ip6"); ok && v != nil {
		out.Set("serverip", v)
	}
	return out
}

// FacterVersion is the Facter whose facts ordo gathers: the names,
// structure and values are Facter 4.3's, so modules that check
// facterversion see the version they would beside Puppet 7.23.
const FacterVersion = "4.3.0"

// PuppetVersion is the Puppet version ordo behaves as.
const PuppetVersion = "7.23.0"

// RubyVersion is the Ruby that Puppet 7.23 runs on in Debian 12, which
// Facter reports as the ruby fact (modules pick package names by it).
const RubyVersion = "3.1.2"

// rubyFact is Facter's ruby fact for the Ruby Puppet 7.23 runs on here:
// Debian's Ruby (its platform names the architecture, its site folder
// the Ruby API version).
func rubyFact() *catalog.Hash {
	arch := map[string]string{"amd64": "x86_64", "arm64": "aarch64", "386": "i686", "arm": "arm", "ppc64le": "powerpc64le", "s390x": "s390x", "riscv64": "riscv64"}[runtime.GOARCH]
	if arch == "" {
		arch = runtime.GOARCH
	}
	abi := "gnu"
	if runtime.GOARCH == "arm" {
		abi = "gnueabihf"
	}
	h := catalog.NewHash()
	h.Set("platform", arch+"-linux-"+abi)
	h.Set("sitedir", "/usr/local/lib/site_ruby/3.1.0")
	h.Set("version", RubyVersion)
	return h
}

// Override returns base with every top-level fact of over replacing
// base's fact of that name, as Puppet merges facts given on the command
// line over gathered ones.
func Override(base, over *catalog.Hash) *catalog.Hash {
	out := catalog.NewHash()
	for _, k := range base.Keys() {
		v, _ := base.Get(k)
		out.Set(k, v)
	}
	if over != nil {
		for _, k := range over.Keys() {
			v, _ := over.Get(k)
			out.Set(k, v)
		}
	}
	return out
}

// Certname is the node name Puppet uses by default: the fqdn fact,
// lower-cased.
func Certname(core *catalog.Hash) string {
	v, _ := dotted(core, "networking.fqdn")
	s, _ := v.(string)
	if s == "" {
		v, _ = dotted(core, "fqdn")
		s, _ = v.(string)
	}
	return strings.ToLower(s)
}

// Trusted is the $trusted hash `puppet apply` compiles with for a node:
// locally authenticated, no certificate extensions.
func Trusted(certname string) *catalog.Hash {
	host, domain, found := strings.Cut(certname, ".")
	t := catalog.NewHash()
	t.Set("authenticated", "local")
	t.Set("certname", certname)
	t.Set("extensions", catalog.NewHash())
	t.Set("hostname", host)
	if found {
		t.Set("domain", domain)
	} else {
		t.Set("domain", nil) // undef, as Puppet has it
	}
	t.Set("external", catalog.NewHash())
	return t
}
