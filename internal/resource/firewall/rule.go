package firewall

import (
	"context"
	"fmt"
	"os/user"
	"strconv"
	"strings"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/syscmd"
)

// kv is one attribute of a rule as Puppet's messages show it.
type kv struct {
	key string
	val catalog.Value
}

// New returns the instance that manages the rule v names.
func (t *RuleType) New(v resource.Values) (resource.Instance, error) {
	r := &ruleInstance{name: v.String("name"), present: v.String("ensure") != "absent",
		protocol: v.String("protocol"), table: v.String("table"), chain: v.String("chain"), want: map[string]catalog.Value{}}
	// The target state as the module's set gets it: what the resource
	// sets, in the type's order, then the defaults it does not.
	// The name comes first: Puppet sets the namevar before the others.
	set := []kv{{"name", r.name}}
	var defaults []kv
	for _, name := range typeOrder {
		if name == "name" {
			continue
		}
		if x, ok := v.Lookup(name); ok {
			if name == "protocol" {
				// The module's messages show iptables and ip6tables as written.
				if raw, ok := v.Resource().Get(name); ok {
					x = raw
				}
			}
			set = append(set, kv{name, x})
		} else if d := v.Schema().Attr(name).Default; d != nil {
			defaults = append(defaults, kv{name, d})
		}
	}
	r.should = append(set, defaults...)
	r.raw = map[string]catalog.Value{}
	for _, p := range r.should {
		r.want[p.key] = p.val
		r.raw[p.key] = p.val
	}
	if r.present {
		// The module checks these when it changes the rule.
		r.invalid = r.process()
	}
	return r, nil
}

type ruleInstance struct {
	name                   string
	present                bool
	protocol, table, chain string
	should                 []kv                     // as the module's messages show it
	want                   map[string]catalog.Value // after the module's process_input
	cur                    *rule
	dirty                  bool
	invalid                error                    // what the module\'s validate_input refuses
	raw                    map[string]catalog.Value // as the catalog gives them, for change lines
}

// ExclusiveKey: every rule of one table and chain moves the others' places.
func (r *ruleInstance) ExclusiveKey() string { return "firewall" }

// readRules runs iptables-save and ip6tables-save, as the module's get does.
func readRules(ctx context.Context, h *resource.Handle, protocols ...string) ([]*rule, error) {
	if len(protocols) == 0 {
		protocols = []string{"IPv4", "IPv6"}
	}
	var rules []*rule
	counter := 1
	for _, p := range protocols {
		out, err := shell(ctx, h, saveCommand(p))
		if err != nil {
			return nil, err
		}
		rules = append(rules, parseSave(out, p, &counter)...)
	}
	return rules, nil
}

// shell runs a command line through /bin/sh, as the module's
// Puppet::Provider.execute of a string does, logging it as Puppet does.
func shell(ctx context.Context, h *resource.Handle, line string) (string, error) {
	if h.Log != nil {
		h.Log.Log(resource.Debug, "", "Executing: '"+line+"'")
	}
	out, err := syscmd.Exec(ctx, h, []string{"/bin/sh", "-c", line}, syscmd.Options{Silent: true})
	var ee *syscmd.ExecError
	if err != nil && asExec(err, &ee) {
		ee.Command = line
	}
	return out, err
}

func (r *ruleInstance) Retrieve(ctx context.Context, h *resource.Handle) error {
	rules, err := readRules(ctx, h)
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	r.cur = nil
	for _, x := range rules {
		if seen[x.name] {
			return fmt.Errorf("Duplicate names have been found within your Firewalls. This prevents the module from working correctly and must be manually resolved.")
		}
		seen[x.name] = true
		if x.name == r.name || unmanagedName.MatchString(r.name) && sameUnmanaged(x.name, r.name) {
			r.cur = x
		}
	}
	return nil
}

// sameUnmanaged reports whether two names of unmanaged rules name the same
// rule: their numbers count the rules read before them, which a purge
// that removed one of those changes.
func sameUnmanaged(a, b string) bool {
	_, x, _ := strings.Cut(a, " ")
	_, y, _ := strings.Cut(b, " ")
	return unmanagedName.MatchString(a) && x == y
}

func (r *ruleInstance) Exists() bool { return r.cur != nil }

func (r *ruleInstance) Properties() []resource.Property {
	props := []resource.Property{&ruleEnsure{r: r}}
	if r.cur == nil || !r.present {
		return props
	}
	for _, p := range r.should {
		if p.key == "ensure" || p.key == "name" {
			continue
		}
		props = append(props, &ruleProp{r: r, key: p.key, shown: r.raw[p.key]})
	}
	return props
}

// ruleEnsure is the rule's ensure: Puppet's "defined 'ensure' as
// 'present'" and "undefined 'ensure' from 'present'".
type ruleEnsure struct{ r *ruleInstance }

func (p *ruleEnsure) Name() string { return "ensure" }
func (p *ruleEnsure) Current() catalog.Value {
	if p.r.cur != nil {
		return "present"
	}
	return "absent"
}
func (p *ruleEnsure) Desired() catalog.Value {
	if p.r.present {
		return "present"
	}
	return "absent"
}
func (p *ruleEnsure) InSync() bool { return (p.r.cur != nil) == p.r.present }
func (p *ruleEnsure) Message() string {
	if p.r.present {
		return "defined 'ensure' as 'present'"
	}
	return "undefined 'ensure' from 'present'"
}
func (p *ruleEnsure) Event() string {
	if p.r.present {
		return "firewall_created"
	}
	return "firewall_removed"
}
func (p *ruleEnsure) Sync(context.Context, *resource.Handle) error {
	p.r.dirty = true
	return nil
}

// ruleProp is one other property, compared as the module's insync? does.
type ruleProp struct {
	r     *ruleInstance
	key   string
	shown catalog.Value
}

func (p *ruleProp) Name() string { return p.key }
func (p *ruleProp) Current() catalog.Value {
	switch p.key {
	case "protocol":
		return p.r.cur.protocol
	case "table":
		return p.r.cur.table
	case "chain":
		return p.r.cur.chain
	}
	return p.r.cur.vals[p.key]
}
func (p *ruleProp) Desired() catalog.Value { return p.shown }
func (p *ruleProp) Event() string          { return p.key + "_changed" }
func (p *ruleProp) Message() string {
	return fmt.Sprintf("%s changed %s to %s", p.key, shownValue(p.Current()), shownValue(p.shown))
}
func (p *ruleProp) Sync(context.Context, *resource.Handle) error {
	p.r.dirty = true
	return nil
}

// shownValue is a value as Puppet's change lines show it.
func shownValue(v catalog.Value) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case string:
		return "'" + x + "'"
	case []catalog.Value:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = shownValue(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case []string:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = "'" + e + "'"
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return catalog.Scalar(v)
}

func (p *ruleProp) InSync() bool {
	is := p.Current()
	should, wanted := p.r.want[p.key]
	if !wanted {
		return true
	}
	switch p.key {
	case "protocol":
		return p.r.cur.protocol == p.r.protocol
	case "source", "destination":
		return catalog.Scalar(is) == catalog.Scalar(should)
	case "jump":
		return is != nil && strings.EqualFold(catalog.Scalar(is), catalog.Scalar(should))
	case "icmp":
		return is != nil && icmpNumber(catalog.Scalar(is), p.r.protocol) == icmpNumber(catalog.Scalar(should), p.r.protocol)
	case "log_level":
		a, b := "4", "4"
		if is != nil {
			a = logLevel(catalog.Scalar(is))
		}
		if should != nil {
			b = logLevel(catalog.Scalar(should))
		}
		return a == b
	case "clamp_mss_to_pmtu":
		return (is == true) == (should == true)
	case "mac_source":
		return is != nil && strings.EqualFold(catalog.Scalar(is), catalog.Scalar(should))
	case "tcp_flags":
		all := func(v catalog.Value) string {
			return strings.ReplaceAll(catalog.Scalar(v), "FIN,SYN,RST,PSH,ACK,URG", "ALL")
		}
		return is != nil && all(is) == all(should)
	case "uid", "gid":
		return is != nil && ownerID(p.key, catalog.Scalar(is)) == ownerID(p.key, catalog.Scalar(should))
	case "set_mark", "match_mark":
		a, err1 := markHex(catalog.Scalar(is))
		b, err2 := markHex(catalog.Scalar(should))
		return is != nil && err1 == nil && err2 == nil && a == b
	case "dport", "sport", "state", "ctstate":
		if is == nil {
			return false
		}
		if il, ok := is.([]string); ok {
			sl, ok := should.([]catalog.Value)
			if !ok {
				return false
			}
			return sortedSame(il, catalog.Strings(sl), p.key == "dport" || p.key == "sport")
		}
		if _, ok := should.([]catalog.Value); ok {
			return false
		}
		s := catalog.Scalar(should)
		if p.key == "dport" || p.key == "sport" {
			s = strings.ReplaceAll(s, "-", ":")
		}
		return catalog.Scalar(is) == s
	}
	if is == nil {
		return false
	}
	return catalog.Scalar(is) == catalog.Scalar(should)
}

var idRE = lazyre.New(`^[0-9]+(-[0-9]+)?$`)

// ownerID is a uid or gid match as ids, names looked up, spaces dropped,
// a negation kept, as the module compares them.
func ownerID(key, s string) string {
	s = strings.Join(strings.Fields(s), "")
	neg := ""
	if rest, ok := strings.CutPrefix(s, "!"); ok {
		neg, s = "!", rest
	}
	if !idRE.MatchString(s) {
		if key == "uid" {
			if u, err := user.Lookup(s); err == nil {
				s = u.Uid
			}
		} else if g, err := user.LookupGroup(s); err == nil {
			s = g.Gid
		}
	}
	return neg + s
}

// sortedSame compares two lists as the module does: sorted, the
// negation kept on the first only.
func sortedSame(is, should []string, ports bool) bool {
	norm := func(list []string, colon bool) []string {
		neg := len(list) > 0 && strings.HasPrefix(list[0], "! ")
		out := make([]string, len(list))
		for i, s := range list {
			s = strings.NewReplacer("!", "", " ", "").Replace(s)
			if colon {
				s = strings.ReplaceAll(s, "-", ":")
			}
			out[i] = s
		}
		sortStrings(out)
		if neg && len(out) > 0 {
			out[0] = "! " + out[0]
		}
		return out
	}
	a, b := norm(is, false), norm(should, ports)
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// Flush makes the change the properties found, as the module's set does:
// a rule inserted, replaced in place, or deleted.
func (r *ruleInstance) Flush(ctx context.Context, h *resource.Handle) error {
	if !r.dirty {
		return nil
	}
	r.dirty = false
	if r.present && r.invalid != nil {
		// The module's set checks the values before it changes anything.
		return r.invalid
	}
	src := "firewall[" + r.name + "]"
	start := time.Now()
	var verb string
	var err error
	switch {
	case r.cur == nil && r.present:
		verb = "Creating"
		h.Log.Log(h.Level, src, verb+": Creating Rule '"+r.name+"' with "+r.inspect())
		err = r.insert(ctx, h, "-I")
	case r.cur != nil && !r.present:
		verb = "Deleting"
		h.Log.Log(h.Level, src, verb+": Deleting Rule '"+r.name+"'")
		_, err = shell(ctx, h, baseCommand(r.cur.protocol)+" -t "+r.cur.table+" "+strings.Replace(r.cur.line, "-A", "-D", 1))
		if err == nil {
			persist(ctx, h, src, verb, r.name, r.cur.protocol)
		}
	default:
		verb = "Updating"
		h.Log.Log(h.Level, src, verb+": Updating Rule '"+r.name+"' with "+r.inspect())
		err = r.insert(ctx, h, "-R")
	}
	if err != nil {
		// The Resource API logs the failure and fails the resource with
		// its own words.
		h.Log.Log(resource.Err, src, verb+": Failed after "+seconds(time.Since(start))+" seconds: "+err.Error())
		return errExecution
	}
	h.Log.Log(h.Level, src, verb+": Finished in "+seconds(time.Since(start))+" seconds")
	return nil
}

func seconds(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 6, 64) }

// insert inserts (-I) the rule at the place its name gives among the
// chain's rules, or replaces (-R) it where it is. A rule that moves to
// another chain, table or protocol is deleted there and inserted anew
// (the module would replace whatever rule has the place in the new chain).
func (r *ruleInstance) insert(ctx context.Context, h *resource.Handle, op string) error {
	verb := map[string]string{"-I": "Creating", "-R": "Updating"}[op]
	if op == "-R" && r.cur != nil && (r.cur.chain != r.chain || r.cur.table != r.table || r.cur.protocol != r.protocol) {
		if _, err := shell(ctx, h, baseCommand(r.cur.protocol)+" -t "+r.cur.table+" "+strings.Replace(r.cur.line, "-A", "-D", 1)); err != nil {
			return err
		}
		op = "-I"
	}
	rules, err := readRules(ctx, h, r.protocol)
	if err != nil {
		return err
	}
	var names []string
	at := 0
	for _, x := range rules {
		if x.chain == r.chain && x.table == r.table {
			names = append(names, x.name)
			if at == 0 && (x.name == r.name || sameUnmanaged(x.name, r.name)) {
				at = len(names)
			}
		}
	}
	pos := insertOrder(names, r.name)
	if op == "-R" && at > 0 {
		// Where the rule is: the module's place for its name is another
		// rule's when the chain's rules are not in their names' order.
		pos = at
	}
	line := strings.Join([]string{baseCommand(r.protocol), "-t", r.table, op, r.chain, strconv.Itoa(pos), r.arguments()}, " ")
	if _, err := shell(ctx, h, line); err != nil {
		return err
	}
	persist(ctx, h, "firewall["+r.name+"]", verb, r.name, r.protocol)
	return nil
}

// persist saves the rules as the module does on Debian and Red Hat, a
// failure only logged.
func persist(ctx context.Context, h *resource.Handle, src, verb, name, protocol string) {
	argv := persistCommand(protocol)
	if argv == nil {
		return
	}
	h.Log.Log(h.Level, src, verb+": Ensuring changes to '"+name+"' persist")
	if _, err := syscmd.Exec(ctx, h, argv, syscmd.Options{}); err != nil {
		h.Log.Log(resource.Debug, src, "Unable to persist firewall rules: "+err.Error())
	}
}

// ruleInstances lists every rule of both protocols, as the module's get
// does (for ordo resource, and for resources { 'firewall': purge => true }).
func ruleInstances(ctx context.Context, h *resource.Handle) ([]*catalog.Resource, error) {
	rules, err := readRules(ctx, h)
	if err != nil {
		return nil, err
	}
	out := make([]*catalog.Resource, 0, len(rules))
	for _, x := range rules {
		r := &catalog.Resource{Type: "Firewall", Title: x.name}
		r.Set("ensure", "present")
		r.Set("protocol", x.protocol)
		r.Set("table", x.table)
		r.Set("chain", x.chain)
		for _, key := range supported {
			switch v := x.vals[key].(type) {
			case nil:
			case []string:
				r.Set(key, values(v))
			default:
				r.Set(key, v)
			}
		}
		out = append(out, r)
	}
	return out, nil
}

func values(list []string) []catalog.Value {
	out := make([]catalog.Value, len(list))
	for i, s := range list {
		out[i] = s
	}
	return out
}
