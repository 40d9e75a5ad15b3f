package alternatives

import (
	"context"
	"fmt"
	"regexp"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
)

// EntryType is the alternative_entry resource type.
type EntryType struct{}

// entryTitles read a title path:altlink (split at the last colon, as the
// module's greedy pattern does, a Windows drive kept whole), or a bare
// path.
var entryTitles = []resource.TitlePattern{
	{Pattern: regexp.MustCompile(`(?s)^([^:]+)$`), Attrs: []string{"name"}},
	{Pattern: regexp.MustCompile(`(?is)^(.*):([a-z]:(?:/|\\).*)$`), Attrs: []string{"name", "altlink"}},
	{Pattern: regexp.MustCompile(`(?s)^(.*):(.*)$`), Attrs: []string{"name", "altlink"}},
}

var entrySchema = resource.NewSchema(resource.Schema{
	Name: "alternative_entry",
	Doc:  "One entry of a Debian alternative: its path, link, name and priority, installed and removed with update-alternatives (puppet-alternatives).",
	Attrs: []resource.Attr{
		{Name: "ensure", Kind: resource.KindProperty, Doc: "present or absent; present when the resource sets altname or priority.", Check: resource.Enum("present", "absent")},
		{Name: "name", Namevar: true, Doc: "The entry's absolute path (a title path:altlink gives it and altlink).", Check: absolute},
		{Name: "altlink", Doc: "The alternative's generic link, an absolute path (/usr/bin/editor).", Check: absolute},
		{Name: "altlink_ro", Kind: resource.KindProperty, Doc: "The generic link, read only: setting it changes nothing."},
		{Name: "altname", Kind: resource.KindProperty, Doc: "The alternative's name, its link in /etc/alternatives (editor)."},
		{Name: "priority", Kind: resource.KindProperty, Doc: "The entry's priority, an integer: auto mode picks the highest.", Check: resource.CheckFunc("an integer", checkPriority)},
	},
	TitlePatterns: entryTitles,
	// Entries are told apart by path and link together.
	NonIsomorphic: true,
	Providers: []resource.Provider{
		{Name: "dpkg", Default: true, Doc: "Runs Debian's update-alternatives.", Confine: resource.Confine{Commands: []string{tool}},
			Prefetch: prefetchEntries, Instances: listEntries},
		{Name: "chkconfig", Unimplemented: true, Doc: "Runs Red Hat's alternatives; ordo does not have it."},
	},
})

// checkPriority accepts what Ruby's Integer() accepts: an integer, a
// float, or a string holding an integer (decimal, 0x, 0b, 0o, a leading
// 0 for octal, underscores between digits, white space around).
func checkPriority(v catalog.Value) (catalog.Value, error) {
	switch x := v.(type) {
	case int64, int, float64:
		return v, nil
	case string:
		if rubyInteger(x) {
			return v, nil
		}
	}
	return nil, fmt.Errorf("priority must be an integer")
}

var rubyIntegerString = lazyre.New(`^[ \t\n\v\f\r]*[+-]?(0[xX][0-9a-fA-F]+(_[0-9a-fA-F]+)*|0[bB][01]+(_[01]+)*|0[oO]?[0-7]+(_[0-7]+)*|0[dD][0-9]+(_[0-9]+)*|[1-9][0-9]*(_[0-9]+)*|0)[ \t\n\v\f\r]*$`)

// rubyInteger reports whether Ruby's Integer() takes s.
func rubyInteger(s string) bool { return rubyIntegerString.MatchString(s) }

// Schema returns alternative_entry's schema.
func (EntryType) Schema() *resource.Schema { return entrySchema }

// New returns the instance that manages the entry v describes.
func (EntryType) New(v resource.Values) (resource.Instance, error) {
	e := &entry{path: v.String("name")}
	e.altlink, e.hasAltlink = v.String("altlink"), v.Has("altlink")
	if !e.hasAltlink {
		e.altlink, e.hasAltlink = entrySchema.TitleValue(v.Resource().Title, "altlink")
	}
	e.altname, e.hasAltname = v.String("altname"), v.Has("altname")
	if v.Has("priority") {
		e.priority, e.hasPriority = v.Get("priority"), true
	}
	if v.Has("altlink_ro") {
		e.linkRO, e.hasLinkRO = v.Get("altlink_ro"), true
	}
	switch {
	case v.Has("ensure"):
		e.ensure, e.present = true, v.String("ensure") == "present"
	case e.hasAltname || e.hasPriority || e.hasLinkRO:
		// Puppet's ensure is present by default on a resource that
		// manages some property.
		e.ensure, e.present = true, true
	}
	return e, nil
}

// installed is one entry update-alternatives --query shows.
type installed struct {
	path, altlink, altname, priority string
}

// prefetch is what the provider read at its first resource: every
// entry of every alternative.
type prefetch struct {
	entries []installed
}

var (
	queryLink  = lazyre.New(`(?m)Link: (.*)$`)
	queryEntry = lazyre.New(`(?ms)Alternative: (.*?)$.Priority: (.*?)$`)
)

// readEntries lists the entries of every alternative: its name from
// update-alternatives --get-selections, then its link and entries from
// --query, one alternative at a time, as the module's instances does.
func readEntries(ctx context.Context, h *resource.Handle) ([]installed, error) {
	sels, err := selections(ctx, h)
	if err != nil {
		return nil, err
	}
	var out []installed
	for _, s := range sels {
		q, err := update(ctx, h, "--query", s.name)
		if err != nil {
			return nil, err
		}
		m := queryLink.FindStringSubmatch(q)
		if m == nil {
			return nil, fmt.Errorf("update-alternatives --query %s shows no link", s.name)
		}
		for _, e := range queryEntry.FindAllStringSubmatch(q, -1) {
			out = append(out, installed{path: e[1], altlink: m[1], altname: s.name, priority: e[2]})
		}
	}
	return out, nil
}

func prefetchEntries(ctx context.Context, h *resource.Handle) (any, error) {
	h.Log.Log(resource.Debug, "", "Prefetching dpkg resources for alternative_entry")
	es, err := readEntries(ctx, h)
	if err != nil {
		return nil, err
	}
	return &prefetch{entries: es}, nil
}

// listEntries lists every entry as puppet resource alternative_entry
// shows it: by path, the first alternative's where several hold it.
func listEntries(ctx context.Context, h *resource.Handle) ([]*catalog.Resource, error) {
	es, err := readEntries(ctx, h)
	if err != nil {
		return nil, err
	}
	var out []*catalog.Resource
	for _, e := range es {
		r := &catalog.Resource{Type: "Alternative_entry", Title: e.path}
		r.Set("ensure", "present")
		r.Set("altname", e.altname)
		r.Set("priority", e.priority)
		out = append(out, r)
	}
	return out, nil
}

// entry manages one alternative entry.
type entry struct {
	path                   string
	altlink, altname       string
	hasAltlink, hasAltname bool
	priority, linkRO       catalog.Value
	hasPriority, hasLinkRO bool
	ensure, present        bool // ensure is managed; its value
	data                   *prefetch
	prefetchErr            error
	exists                 bool
	cur                    *installed // the entry the prefetch matched, nil for none
	ambiguous              *installed // an entry of the path the resource names no altlink for
}

// Prefetched takes the provider's list of entries.
func (e *entry) Prefetched(data any) { e.data, _ = data.(*prefetch) }

// PrefetchFailed records that the provider's prefetch failed.
func (e *entry) PrefetchFailed(err error) { e.prefetchErr = err }

// Retrieve finds the entry among those prefetched (by path and link, the
// last one wins, as the module's prefetch assigns them) and asks
// update-alternatives --list whether the alternative holds the path.
func (e *entry) Retrieve(ctx context.Context, h *resource.Handle) error {
	if e.prefetchErr != nil {
		return &resource.PrefetchError{Type: "alternative_entry", Provider: "dpkg", Err: e.prefetchErr, Logged: true}
	}
	e.cur, e.ambiguous = nil, nil
	if e.data != nil {
		for i := range e.data.entries {
			in := &e.data.entries[i]
			if in.path != e.path {
				continue
			}
			if !e.hasAltlink {
				e.ambiguous = in
				break
			}
			if in.altlink == e.altlink {
				e.cur = in
			}
		}
	}
	if e.ambiguous != nil {
		// The module's prefetch fails on such a resource (a Ruby
		// NoMethodError), and with it every alternative_entry.
		return fmt.Errorf("altlink is not set, and %s is an entry of the alternative %s: the dpkg provider needs altlink to tell the entry", e.path, e.ambiguous.altname)
	}
	name := "absent"
	switch {
	case e.hasAltname:
		name = e.altname
	case e.cur != nil:
		name = e.cur.altname
	}
	out, err := update(ctx, h, "--list", name)
	e.exists = false
	if err == nil {
		for _, line := range strings.Split(out, "\n") {
			if strings.TrimSpace(line) == e.path {
				e.exists = true
				break
			}
		}
	}
	return nil
}

// ExclusiveKey serializes the resources that run update-alternatives.
func (e *entry) ExclusiveKey() string { return exclusive }

// Exists reports whether the alternative holds the path.
func (e *entry) Exists() bool { return e.exists }

// Properties lists ensure, altlink_ro, altname and priority, those the
// resource manages.
func (e *entry) Properties() []resource.Property {
	var ps []resource.Property
	if e.ensure {
		ps = append(ps, &resource.Presence{Type: "alternative_entry", Want: e.present, Exists: e.Exists, Create: e.install, Remove: e.remove})
	}
	if e.hasLinkRO {
		ps = append(ps, &entryProp{e: e, name: "altlink_ro", want: e.linkRO, readOnly: true})
	}
	if e.hasAltname {
		cur := "absent"
		if e.cur != nil {
			cur = e.cur.altname
		}
		ps = append(ps, &entryProp{e: e, name: "altname", cur: cur, want: e.altname})
	}
	if e.hasPriority {
		cur := "absent"
		if e.cur != nil {
			cur = e.cur.priority
		}
		ps = append(ps, &entryProp{e: e, name: "priority", cur: cur, want: e.priority})
	}
	return ps
}

// arg is a value as the module passes it to update-alternatives: what
// the resource sets, an empty argument where it sets nothing.
func arg(v catalog.Value, ok bool) string {
	if !ok {
		return ""
	}
	return catalog.Scalar(v)
}

// install adds the entry with update-alternatives --install.
func (e *entry) install(ctx context.Context, h *resource.Handle) error {
	_, err := update(ctx, h, "--install", arg(e.altlink, e.hasAltlink), arg(e.altname, e.hasAltname), e.path, arg(e.priority, e.hasPriority))
	return err
}

// remove takes the entry out of its alternative with --remove.
func (e *entry) remove(ctx context.Context, h *resource.Handle) error {
	_, err := update(ctx, h, "--remove", arg(e.altname, e.hasAltname), e.path)
	return err
}

// entryProp is altname, priority or altlink_ro. A change of altname or
// priority removes the entry and installs it again, as the module does;
// altlink_ro is never in sync and its change does nothing.
type entryProp struct {
	e        *entry
	name     string
	cur      string // "absent" when the prefetch did not match the entry
	want     catalog.Value
	readOnly bool
}

func (p *entryProp) Name() string { return p.name }
func (p *entryProp) Current() catalog.Value {
	if p.readOnly {
		return "absent"
	}
	return p.cur
}
func (p *entryProp) Desired() catalog.Value { return p.want }
func (p *entryProp) InSync() bool {
	if p.readOnly {
		return false
	}
	return p.cur == catalog.Scalar(p.want)
}
func (p *entryProp) Event() string { return p.name + "_changed" }
func (p *entryProp) Message() string {
	if p.Current() == "absent" {
		return fmt.Sprintf("defined '%s' as %s", p.name, catalog.Format(p.want))
	}
	return fmt.Sprintf("%s changed %s to %s", p.name, catalog.Format(p.cur), catalog.Format(p.want))
}

func (p *entryProp) Sync(ctx context.Context, h *resource.Handle) error {
	if p.readOnly {
		return nil
	}
	if err := p.e.remove(ctx, h); err != nil {
		return err
	}
	return p.e.install(ctx, h)
}
