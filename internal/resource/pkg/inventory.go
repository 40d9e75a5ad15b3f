package pkg

import (
	"context"
	"os"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/syscmd"
)

// Programs are the package tools, by the full paths Puppet runs them as.
const (
	dpkgQuery = "/usr/bin/dpkg-query"
	dpkgBin   = "/usr/bin/dpkg"
	dpkgDeb   = "/usr/bin/dpkg-deb"
	aptGet    = "/usr/bin/apt-get"
	aptCache  = "/usr/bin/apt-cache"
	aptMark   = "/usr/bin/apt-mark"
)

// queryFormat is the dpkg-query format Puppet passes, single quotes
// included (they reach dpkg-query literally and are stripped on reading).
const queryFormat = `'${Status} ${Package} ${Version}\n'`

// aptEnv keeps apt-get and the tools it starts from asking questions.
var aptEnv = []string{"DEBIAN_FRONTEND=noninteractive", "APT_LISTBUGS_FRONTEND=none", "APT_LISTCHANGES_FRONTEND=none"}

// Inventory runs every package command of the types it serves, one at a
// time (dpkg allows no more), and reads the candidate versions of all
// ensure => latest packages with one apt-cache call. What is installed is
// read by each provider's batch prefetch (a listing), once per run.
type Inventory struct {
	// ListsDir holds apt's package lists; a change to it drops the
	// candidate versions read from apt-cache.
	ListsDir string
	// ExtendedStates is apt's record of automatically installed packages.
	ExtendedStates string

	cmd sync.Mutex // held while any package command runs
	mu  sync.Mutex // guards the fields below

	wantLatest map[string]bool // apt packages whose candidate is needed
	candidates map[string]string
	listsStamp stamp
}

// NewInventory returns the inventory of this machine's package tools.
func NewInventory() *Inventory {
	return &Inventory{ListsDir: "/var/lib/apt/lists", ExtendedStates: "/var/lib/apt/extended_states"}
}

// listing is what one provider's batch prefetch reads: every package dpkg
// lists. The engine hands the same listing to every resource of the
// provider; the first to need it reads it, with the inventory's command
// lock held.
type listing struct {
	provider string
	once     sync.Once
	pkgs     map[string]entry
	err      error
}

// prefetch is the apt and dpkg providers' batch prefetch.
func prefetch(_ context.Context, _ *resource.Handle, provider string) (any, error) {
	return &listing{provider: provider}, nil
}

// load reads the listing once.
func (l *listing) load(ctx context.Context, h *resource.Handle, inv *Inventory) error {
	l.once.Do(func() {
		h.Log.Log(resource.Debug, "", "Prefetching "+l.provider+" resources for package")
		out, err := inv.run(ctx, h, []string{dpkgQuery, "-W", "--showformat", queryFormat}, syscmd.Options{Pipe: true})
		if err != nil {
			l.err = err
			return
		}
		l.pkgs = map[string]entry{}
		for _, line := range strings.Split(out, "\n") {
			if e, ok := parseLine(line); ok {
				if _, dup := l.pkgs[e.name]; !dup {
					l.pkgs[e.name] = e
				}
			}
		}
	})
	return l.err
}

// entry is one package as dpkg-query reports it.
type entry struct {
	desired, flag, status, name, version string
}

// ensure is the package's state as Puppet names it: its version when
// installed, "purged" when dpkg has forgotten it, "absent" when only its
// configuration files (or a broken install) remain.
func (e entry) ensure() string {
	switch e.status {
	case "not-installed":
		return purged
	case "config-files", "half-installed", "unpacked", "half-configured":
		return absent
	}
	return e.version
}

func (e entry) mark() string {
	if e.desired == "hold" {
		return "hold"
	}
	return "none"
}

// parseLine reads one line of dpkg-query output in queryFormat.
func parseLine(line string) (entry, bool) {
	line = strings.Trim(line, "'\r")
	f := strings.Split(line, " ")
	if len(f) != 5 || f[0] == "" || f[3] == "" {
		return entry{}, false
	}
	return entry{desired: f[0], flag: f[1], status: f[2], name: f[3], version: f[4]}, true
}

// stamp identifies one version of a file or folder.
type stamp struct {
	mtime time.Time
	size  int64
	ino   uint64
}

func stampOf(path string) stamp {
	fi, err := os.Stat(path)
	if err != nil {
		return stamp{}
	}
	s := stamp{mtime: fi.ModTime(), size: fi.Size()}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok {
		s.ino = st.Ino
	}
	return s
}

// run runs one package command, alone.
func (inv *Inventory) run(ctx context.Context, h *resource.Handle, argv []string, o syscmd.Options) (string, error) {
	inv.cmd.Lock()
	defer inv.cmd.Unlock()
	o.Env = aptEnv
	return syscmd.Exec(ctx, h, argv, o)
}

// query asks dpkg for one package, as Puppet does for a package its
// prefetch did not list (dpkg-query lists no package it has forgotten).
// found is false when dpkg does not know it at all.
func (inv *Inventory) query(ctx context.Context, h *resource.Handle, name string) (e entry, found bool, err error) {
	out, err := inv.run(ctx, h, []string{dpkgQuery, "-W", "--showformat", queryFormat, name}, syscmd.Options{})
	if err != nil {
		if _, failed := err.(*syscmd.ExecError); failed {
			return entry{name: name, status: "missing", flag: "ok"}, false, nil
		}
		return entry{}, false, err
	}
	e, ok := parseLine(strings.SplitN(out, "\n", 2)[0])
	if !ok {
		return entry{name: name, status: "missing", flag: "ok", desired: "unknown"}, true, nil
	}
	return e, true, nil
}

// autoInstalled reports whether apt records name as installed
// automatically (as a dependency). Puppet asks apt-mark showmanual, which
// loads apt's whole cache (a second or more) to answer from the same
// record; ordo reads the record itself, and only when a change needs it.
func (inv *Inventory) autoInstalled(name string) bool {
	data, err := os.ReadFile(inv.ExtendedStates)
	if err != nil {
		return false
	}
	for _, stanza := range strings.Split(string(data), "\n\n") {
		pkg, auto := "", false
		for _, line := range strings.Split(stanza, "\n") {
			if v, ok := strings.CutPrefix(line, "Package:"); ok {
				pkg = strings.TrimSpace(v)
			}
			if v, ok := strings.CutPrefix(line, "Auto-Installed:"); ok {
				auto = strings.TrimSpace(v) == "1"
			}
		}
		if pkg == name {
			return auto
		}
	}
	return false
}

// needLatest registers an apt package whose candidate version the run
// will ask for, so that one apt-cache call reads them all.
func (inv *Inventory) needLatest(name string) {
	inv.mu.Lock()
	defer inv.mu.Unlock()
	if inv.wantLatest == nil {
		inv.wantLatest = map[string]bool{}
	}
	inv.wantLatest[name] = true
}

// candidate returns apt's candidate version of name, "" when apt does not
// know it. The first call reads the candidates of every registered
// package with one apt-cache policy.
func (inv *Inventory) candidate(ctx context.Context, h *resource.Handle, name string) (string, error) {
	inv.mu.Lock()
	defer inv.mu.Unlock()
	if now := stampOf(inv.ListsDir); now != inv.listsStamp || inv.candidates == nil {
		inv.candidates, inv.listsStamp = map[string]string{}, now
	}
	if v, ok := inv.candidates[name]; ok {
		return v, nil
	}
	names := []string{name}
	for n := range inv.wantLatest {
		if _, ok := inv.candidates[n]; !ok && n != name {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	inv.wantLatest = nil
	out, err := inv.run(ctx, h, append([]string{aptCache, "policy"}, names...), syscmd.Options{})
	if err != nil {
		return "", err
	}
	for _, n := range names {
		inv.candidates[n] = ""
	}
	for n, v := range parsePolicy(out) {
		inv.candidates[n] = v
	}
	return inv.candidates[name], nil
}

// parsePolicy reads the candidate of each package in apt-cache policy's
// output: a "name:" line, then an indented "Candidate: version" line.
func parsePolicy(out string) map[string]string {
	c := map[string]string{}
	cur := ""
	for _, line := range strings.Split(out, "\n") {
		if line != "" && line[0] != ' ' && strings.HasSuffix(line, ":") {
			cur = strings.TrimSuffix(line, ":")
			continue
		}
		if v, ok := strings.CutPrefix(strings.TrimSpace(line), "Candidate:"); ok && cur != "" {
			if f := strings.Fields(v); len(f) > 0 {
				c[cur] = f[0]
			}
		}
	}
	return c
}
