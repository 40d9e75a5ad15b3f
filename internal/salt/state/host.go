package state

import (
	"context"
	"fmt"
	"net"
	"os"
	"strings"
)

// hostsFile is the hosts file, parsed: each entry line's address and
// names, and every line as written so that comments and blank lines
// survive a rewrite.
type hostsFile struct {
	lines []hostsLine
}

type hostsLine struct {
	text  string   // the line as written, for comments and blank lines
	addr  string   // "" for a line that is no entry
	names []string // the entry's names
}

func readHosts(path string) (*hostsFile, error) {
	data, err := os.ReadFile(path)
	if err != nil && !os.IsNotExist(err) {
		return nil, err
	}
	h := &hostsFile{}
	for _, l := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if l == "" && len(data) == 0 {
			continue
		}
		entry, _, _ := strings.Cut(l, "#")
		f := strings.Fields(entry)
		if len(f) < 2 {
			h.lines = append(h.lines, hostsLine{text: l})
			continue
		}
		h.lines = append(h.lines, hostsLine{text: l, addr: f[0], names: f[1:]})
	}
	return h, nil
}

func (h *hostsFile) write(path string) error {
	var b strings.Builder
	for _, l := range h.lines {
		// Lines not changed are written as they were.
		if l.addr == "" || l.text != "" {
			b.WriteString(l.text + "\n")
			continue
		}
		b.WriteString(l.addr + "\t" + strings.Join(l.names, " ") + "\n")
	}
	return writeReplacing(path, []byte(b.String()), 0o644)
}

// names returns the names an address has, over all its lines.
func (h *hostsFile) names(addr string) []string {
	var out []string
	for _, l := range h.lines {
		if l.addr == addr {
			out = append(out, l.names...)
		}
	}
	return out
}

func (h *hostsFile) has(addr, name string) bool {
	for _, n := range h.names(addr) {
		if n == name {
			return true
		}
	}
	return false
}

func (h *hostsFile) addresses() []string {
	var out []string
	seen := map[string]bool{}
	for _, l := range h.lines {
		if l.addr != "" && !seen[l.addr] {
			seen[l.addr] = true
			out = append(out, l.addr)
		}
	}
	return out
}

// add gives addr the name: on its first line, or on a new line.
func (h *hostsFile) add(addr, name string) {
	for i, l := range h.lines {
		if l.addr == addr {
			h.lines[i].names = append(h.lines[i].names, name)
			h.lines[i].text = ""
			return
		}
	}
	h.lines = append(h.lines, hostsLine{addr: addr, names: []string{name}})
}

// remove takes name from addr's lines, dropping lines left without names.
func (h *hostsFile) remove(addr, name string) {
	kept := h.lines[:0]
	for _, l := range h.lines {
		if l.addr == addr {
			var names []string
			for _, n := range l.names {
				if n != name {
					names = append(names, n)
				}
			}
			if len(names) == 0 {
				continue
			}
			l.names, l.text = names, ""
		}
		kept = append(kept, l)
	}
	h.lines = kept
}

func stringList(v any) []string {
	switch v := v.(type) {
	case []any:
		out := make([]string, len(v))
		for i, x := range v {
			out[i] = fmt.Sprint(x)
		}
		return out
	case nil:
		return nil
	}
	return []string{fmt.Sprint(v)}
}

func hostsPath(env *Env) string {
	if env.HostsFile != "" {
		return env.HostsFile
	}
	return "/etc/hosts"
}

// hostPresent is host.present: name gets each address of ip; with clean,
// name is taken from the other addresses.
func hostPresent(ctx context.Context, env *Env, c Call) Return {
	path := hostsPath(env)
	h, err := readHosts(path)
	if err != nil {
		return failed("%s", err)
	}
	ips := stringList(c.Args["ip"])
	want := map[string]bool{}
	for _, ip := range ips {
		want[ip] = true
	}
	r := Return{Result: True, Changes: Changes{}}
	var comments []string
	var toAdd, toRemove []string
	for _, ip := range ips {
		if h.has(ip, c.Name) {
			comments = append(comments, fmt.Sprintf("Host %s (%s) already present", c.Name, ip))
			continue
		}
		if net.ParseIP(ip) == nil {
			r.Result = False
			comments = append(comments, fmt.Sprintf("Invalid IP Address for %s (%s)", c.Name, ip))
			continue
		}
		toAdd = append(toAdd, ip)
	}
	for _, addr := range h.addresses() {
		if !want[addr] && h.has(addr, c.Name) && boolArg(c.Args, "clean", false) {
			toRemove = append(toRemove, addr)
		}
	}
	record := func(kind, addr string) {
		m, _ := r.Changes[kind].(map[string]any)
		if m == nil {
			m = map[string]any{}
			r.Changes[kind] = m
		}
		list, _ := m[addr].([]any)
		m[addr] = append(list, c.Name)
	}
	for _, ip := range toAdd {
		if c.Test {
			r.Result = None
			comments = append(comments, fmt.Sprintf("Host %s (%s) would be added", c.Name, ip))
		} else {
			h.add(ip, c.Name)
			comments = append(comments, fmt.Sprintf("Added host %s (%s)", c.Name, ip))
		}
		record("added", ip)
	}
	for _, ip := range toRemove {
		if c.Test {
			r.Result = None
			comments = append(comments, fmt.Sprintf("Host %s (%s) would be removed", c.Name, ip))
		} else {
			h.remove(ip, c.Name)
			comments = append(comments, fmt.Sprintf("Removed host %s (%s)", c.Name, ip))
		}
		record("removed", ip)
	}
	if !c.Test && (len(toAdd) > 0 || len(toRemove) > 0) {
		if err := h.write(path); err != nil {
			return failed("%s", err)
		}
	}
	r.Comment = strings.Join(comments, "\n")
	return r
}

// hostAbsent is host.absent: name is taken from each address of ip.
func hostAbsent(ctx context.Context, env *Env, c Call) Return {
	path := hostsPath(env)
	h, err := readHosts(path)
	if err != nil {
		return failed("%s", err)
	}
	r := Return{Result: None, Changes: Changes{}}
	var comments []string
	changed := false
	for _, ip := range stringList(c.Args["ip"]) {
		switch {
		case !h.has(ip, c.Name):
			r.Result = True
			comments = append(comments, fmt.Sprintf("Host %s (%s) already absent", c.Name, ip))
		case c.Test:
			comments = append(comments, fmt.Sprintf("Host %s (%s) needs to be removed", c.Name, ip))
		default:
			h.remove(ip, c.Name)
			changed = true
			r.Changes = Changes{"host": c.Name}
			r.Result = True
			comments = append(comments, fmt.Sprintf("Removed host %s (%s)", c.Name, ip))
		}
	}
	if changed {
		if err := h.write(path); err != nil {
			return failed("%s", err)
		}
	}
	r.Comment = strings.Join(comments, "\n")
	return r
}

// hostOnly is host.only: the address name has exactly hostnames.
func hostOnly(ctx context.Context, env *Env, c Call) Return {
	path := hostsPath(env)
	h, err := readHosts(path)
	if err != nil {
		return failed("%s", err)
	}
	names := stringList(c.Args["hostnames"])
	for i := range names {
		names[i] = strings.TrimSpace(names[i])
	}
	old, new := strings.Join(h.names(c.Name), " "), strings.Join(names, " ")
	if old == new {
		return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("IP address %s already set to \"%s\"", c.Name, new)}
	}
	if c.Test {
		return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("Would change %s from \"%s\" to \"%s\"", c.Name, old, new)}
	}
	kept := h.lines[:0]
	placed := false
	for _, l := range h.lines {
		if l.addr == c.Name {
			if placed || len(names) == 0 {
				continue
			}
			l.names, l.text, placed = names, "", true
		}
		kept = append(kept, l)
	}
	h.lines = kept
	if !placed && len(names) > 0 {
		h.lines = append(h.lines, hostsLine{addr: c.Name, names: names})
	}
	if err := h.write(path); err != nil {
		return failed("hosts.set_host failed to change %s from \"%s\" to \"%s\"", c.Name, old, new)
	}
	return Return{Result: True, Changes: Changes{c.Name: map[string]any{"old": old, "new": new}},
		Comment: fmt.Sprintf("successfully changed %s from \"%s\" to \"%s\"", c.Name, old, new)}
}

func addHost(f Functions) {
	f["host.present"] = hostPresent
	f["host.absent"] = hostAbsent
	f["host.only"] = hostOnly
}
