package firewall

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
)

// ChainType is the firewallchain type.
type ChainType struct{ schema *resource.Schema }

var (
	chainNameRE = lazyre.New(`^(?:\S+):(?:nat|mangle|filter|raw|rawpost|broute|security):(?:IP(?:v[46])?|ethernet)$`)
	builtinRE   = lazyre.New(`^(?:INPUT|OUTPUT|FORWARD|PREROUTING|POSTROUTING)$`)
	chainLineRE = lazyre.New(`\n:(\S+)(?:\s(ACCEPT|DROP|QEUE|RETURN|PREROUTING|POSTROUTING))?`)
)

var chainTables = []string{"nat", "mangle", "filter", "raw", "rawpost", "broute", "security"}

func newChainType() *ChainType {
	boolean := func(attr string) resource.Check {
		return resource.CheckFunc("true or false", func(v catalog.Value) (catalog.Value, error) {
			if _, ok := v.(bool); !ok {
				return nil, &typeError{fmt.Sprintf("firewallchain.%s expects a Boolean value, got %s", attr, rubyClass(v))}
			}
			return v, nil
		})
	}
	return &ChainType{schema: resource.NewSchema(resource.Schema{
		Name: "firewallchain",
		Doc:  "An iptables or ip6tables chain, named CHAIN:table:protocol (puppetlabs-firewall).",
		Attrs: []resource.Attr{
			{Name: "ensure", Kind: resource.KindProperty, Default: "present", Doc: "Whether the chain exists (a built-in chain absent is flushed, its policy accept).",
				Check: resource.Enum("present", "absent")},
			{Name: "name", Namevar: true, Doc: "CHAIN:table:protocol, the protocol IPv4 or IPv6.",
				Check: resource.CheckFunc("CHAIN:table:IPv4|IPv6", func(v catalog.Value) (catalog.Value, error) {
					s, ok := v.(string)
					if !ok || !chainNameRE.MatchString(s) {
						return nil, &typeError{fmt.Sprintf("firewallchain.name expects a match for Pattern[/%s/], got %s", chainNameRE.String(), single(v))}
					}
					if p := s[strings.LastIndex(s, ":")+1:]; p != "IPv4" && p != "IPv6" {
						return nil, fmt.Errorf("ordo manages IPv4 and IPv6 chains only, not %s", p)
					}
					return v, nil
				})},
			{Name: "policy", Kind: resource.KindProperty, Doc: "What a built-in chain does with a packet at its end.",
				Check: resource.Enum("accept", "drop", "queue", "return")},
			{Name: "purge", Default: false, Doc: "Remove the chain's rules that no firewall resource manages.", Check: boolean("purge")},
			{Name: "ignore", Arrays: resource.Whole, Doc: "Regular expressions: unmanaged rules whose line matches one are not purged.",
				Check: resource.CheckFunc("a regular expression or a list of them", func(v catalog.Value) (catalog.Value, error) {
					list := []catalog.Value{v}
					if l, ok := v.([]catalog.Value); ok {
						list = l
					}
					for _, x := range list {
						s, ok := x.(string)
						if !ok || s == "" {
							return nil, &typeError{"firewallchain.ignore expects a value of type Undef, String, or Array, got " + rubyClass(v)}
						}
						if _, err := regexp.Compile(s); err != nil {
							return nil, fmt.Errorf("firewallchain.ignore: %v", err)
						}
					}
					return v, nil
				})},
			{Name: "ignore_foreign", Default: false, Doc: "With purge, keep the rules without a managed name.", Check: boolean("ignore_foreign")},
		},
		Providers: []resource.Provider{{Name: "iptables_chain", Default: true, Doc: "Runs iptables-save and iptables (ip6tables for IPv6).",
			Confine: resource.Confine{Commands: []string{"iptables-save", "iptables"}}, Instances: chainInstances}},
	})}
}

// chainInstances lists the chains of every table of both protocols, as
// the module's get does.
func chainInstances(ctx context.Context, h *resource.Handle) ([]*catalog.Resource, error) {
	var out []*catalog.Resource
	for _, protocol := range []string{"IPv4", "IPv6"} {
		for _, table := range chainTables {
			list, _ := shell(ctx, h, saveCommand(protocol)+" -t "+table)
			for _, m := range chainLineRE.FindAllStringSubmatch(list, -1) {
				r := &catalog.Resource{Type: "Firewallchain", Title: m[1] + ":" + table + ":" + protocol}
				r.Set("ensure", "present")
				if m[2] != "" {
					r.Set("policy", strings.ToLower(m[2]))
				}
				r.Set("purge", false)
				r.Set("ignore_foreign", false)
				out = append(out, r)
			}
		}
	}
	return out, nil
}

// Schema returns firewallchain's schema.
func (t *ChainType) Schema() *resource.Schema { return t.schema }

// AutoRequire names the packages the tools come from, as the module does.
func (t *ChainType) AutoRequire(*catalog.Resource, *catalog.Catalog) []catalog.Ref {
	return []catalog.Ref{{Type: "Package", Title: "iptables"}, {Type: "Package", Title: "iptables-persistent"}, {Type: "Package", Title: "iptables-services"}}
}

// New returns the instance that manages the chain v names.
func (t *ChainType) New(v resource.Values) (resource.Instance, error) {
	name := v.String("name")
	parts := strings.Split(name, ":")
	c := &chainInstance{name: name, chain: parts[0], table: parts[1], protocol: parts[2],
		present: v.String("ensure") != "absent"}
	if p, ok := v.Lookup("policy"); ok {
		c.policy = catalog.Scalar(p)
	}
	if err := c.verify(); err != nil {
		return nil, &resource.ParamError{Ref: v.Ref(), Param: "name", Msg: err.Error()}
	}
	c.should = []kv{{"name", name}}
	if c.policy != "" {
		c.should = append(c.should, kv{"policy", c.policy})
	}
	c.should = append(c.should, kv{"ensure", v.String("ensure")}, kv{"purge", v.Bool("purge")})
	if x, ok := v.Lookup("ignore"); ok {
		c.should = append(c.should, kv{"ignore", x})
	}
	c.should = append(c.should, kv{"ignore_foreign", v.Bool("ignore_foreign")},
		kv{"chain", c.chain}, kv{"table", c.table}, kv{"protocol", c.protocol})
	return c, nil
}

// verify is the module's check of built-in chains in each table, and of
// policy, which only built-in chains have.
func (c *chainInstance) verify() error {
	bad := map[string]struct{ re, msg string }{
		"filter":   {`^(PREROUTING|POSTROUTING|BROUTING)$`, "INPUT, OUTPUT and FORWARD are the only inbuilt chains that can be used in table 'filter'"},
		"mangle":   {`^(BROUTING)$`, "PREROUTING, POSTROUTING, INPUT, FORWARD and OUTPUT are the only inbuilt chains that can be used in table 'mangle'"},
		"nat":      {`^(BROUTING|FORWARD)$`, "PREROUTING, POSTROUTING, INPUT, and OUTPUT are the only inbuilt chains that can be used in table 'nat'"},
		"raw":      {`^(POSTROUTING|BROUTING|INPUT|FORWARD)$`, "PREROUTING and OUTPUT are the only inbuilt chains in the table 'raw'"},
		"security": {`^(PREROUTING|POSTROUTING|BROUTING)$`, "INPUT, OUTPUT and FORWARD are the only inbuilt chains that can be used in table 'security'"},
	}
	if c.table == "broute" {
		return fmt.Errorf("BROUTE is only valid with protocol 'ethernet'")
	}
	if b, ok := bad[c.table]; ok && regexp.MustCompile(b.re).MatchString(c.chain) {
		return fmt.Errorf("%s", b.msg)
	}
	if c.policy != "" && !builtinRE.MatchString(c.chain) {
		return fmt.Errorf("'policy' can only be set on Internal Chains. Setting for '%s' is invalid", c.name)
	}
	return nil
}

type chainInstance struct {
	name, chain, table, protocol string
	present                      bool
	policy                       string // wanted; "" when not managed
	should                       []kv
	exists                       bool
	curPolicy                    string
	dirty                        bool
}

// ExclusiveKey: chains and rules change the same tables.
func (c *chainInstance) ExclusiveKey() string { return "firewall" }

// Retrieve lists the chains of every table of both protocols, as the
// module's get does.
func (c *chainInstance) Retrieve(ctx context.Context, h *resource.Handle) error {
	c.exists, c.curPolicy = false, ""
	for _, protocol := range []string{"IPv4", "IPv6"} {
		for _, table := range chainTables {
			out, _ := shell(ctx, h, saveCommand(protocol)+" -t "+table)
			if protocol != c.protocol || table != c.table {
				continue
			}
			for _, m := range chainLineRE.FindAllStringSubmatch(out, -1) {
				if m[1] == c.chain {
					c.exists = true
					c.curPolicy = strings.ToLower(m[2])
				}
			}
		}
	}
	return nil
}

func (c *chainInstance) Exists() bool { return c.exists }

func (c *chainInstance) Properties() []resource.Property {
	props := []resource.Property{&chainEnsure{c: c}}
	if c.exists && c.present && c.policy != "" {
		props = append(props, &chainPolicy{c: c})
	}
	return props
}

type chainEnsure struct{ c *chainInstance }

func (p *chainEnsure) Name() string { return "ensure" }
func (p *chainEnsure) Current() catalog.Value {
	if p.c.exists {
		return "present"
	}
	return "absent"
}
func (p *chainEnsure) Desired() catalog.Value {
	if p.c.present {
		return "present"
	}
	return "absent"
}
func (p *chainEnsure) InSync() bool { return p.c.exists == p.c.present }
func (p *chainEnsure) Message() string {
	if p.c.present {
		return "defined 'ensure' as 'present'"
	}
	return "undefined 'ensure' from 'present'"
}
func (p *chainEnsure) Event() string {
	if p.c.present {
		return "firewallchain_created"
	}
	return "firewallchain_removed"
}
func (p *chainEnsure) Sync(context.Context, *resource.Handle) error { p.c.dirty = true; return nil }

type chainPolicy struct{ c *chainInstance }

func (p *chainPolicy) Name() string           { return "policy" }
func (p *chainPolicy) Current() catalog.Value { return p.c.curPolicy }
func (p *chainPolicy) Desired() catalog.Value { return p.c.policy }
func (p *chainPolicy) InSync() bool           { return p.c.curPolicy == p.c.policy }
func (p *chainPolicy) Message() string {
	return fmt.Sprintf("policy changed %s to %s", shownValue(p.c.curPolicy), shownValue(p.c.policy))
}
func (p *chainPolicy) Event() string                                { return "policy_changed" }
func (p *chainPolicy) Sync(context.Context, *resource.Handle) error { p.c.dirty = true; return nil }

// Flush makes the change, as the module's set does.
func (c *chainInstance) Flush(ctx context.Context, h *resource.Handle) error {
	if !c.dirty {
		return nil
	}
	c.dirty = false
	src := "firewallchain[" + c.name + "]"
	start := time.Now()
	base := baseCommand(c.protocol) + " -t " + c.table + " "
	var verb string
	var err error
	switch {
	case !c.exists && c.present:
		verb = "Creating"
		h.Log.Log(h.Level, src, verb+": Creating Chain '"+c.name+"' with "+inspectPairs(c.should))
		if builtinRE.MatchString(c.chain) {
			_, err = shell(ctx, h, base+"-L")
		} else {
			_, err = shell(ctx, h, base+"-N "+c.chain)
		}
	case c.exists && !c.present:
		verb = "Deleting"
		h.Log.Log(h.Level, src, verb+": Flushing Chain '"+c.name+"'")
		if _, err = shell(ctx, h, base+"-F "+c.chain); err == nil {
			if builtinRE.MatchString(c.chain) {
				h.Log.Log(h.Level, src, verb+": Reverting Internal Chain '"+c.name+"' to its default")
				_, err = shell(ctx, h, base+"-P "+c.chain+" ACCEPT")
			} else {
				h.Log.Log(h.Level, src, verb+": Deleting Chain '"+c.name+"'")
				_, err = shell(ctx, h, base+"-X "+c.chain)
			}
		}
	default:
		verb = "Updating"
		h.Log.Log(h.Level, src, verb+": Updating Chain '"+c.name+"' with "+inspectPairs(c.should))
		_, err = shell(ctx, h, base+"-P "+c.chain+" "+strings.ToUpper(c.policy))
	}
	if err == nil {
		persist(ctx, h, src, verb, c.name, c.protocol)
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

// PreGenerateFrom is the module's generate, for purge: a firewall
// resource with ensure absent for each rule of the chain that no firewall
// resource of the catalog names, except those an ignore expression
// matches (on the rule's iptables-save line) and, with ignore_foreign,
// those without a managed name.
func (t *ChainType) PreGenerateFrom(ctx context.Context, h *resource.Handle, r *catalog.Resource, c *catalog.Catalog) ([]*catalog.Resource, error) {
	purge, _ := r.Get("purge")
	if purge != true {
		return nil, nil
	}
	name := r.Title
	if v, ok := r.Get("name"); ok {
		name = catalog.Scalar(v)
	}
	parts := strings.Split(name, ":")
	if len(parts) != 3 {
		return nil, nil
	}
	var ignore []*regexp.Regexp
	if v, ok := r.Get("ignore"); ok {
		list := []catalog.Value{v}
		if l, ok := v.([]catalog.Value); ok {
			list = l
		}
		for _, x := range list {
			re, err := regexp.Compile(catalog.Scalar(x))
			if err != nil {
				return nil, err
			}
			ignore = append(ignore, re)
		}
	}
	foreign, _ := r.Get("ignore_foreign")
	rules, err := readRules(ctx, h)
	if err != nil {
		return nil, err
	}
	var out []*catalog.Resource
rules:
	for _, x := range rules {
		if x.chain != parts[0] || x.table != parts[1] || x.protocol != parts[2] {
			continue
		}
		for _, re := range ignore {
			if re.MatchString(x.line) {
				continue rules
			}
		}
		if foreign == true && unmanagedName.MatchString(x.name) {
			continue
		}
		if c.Resource(catalog.Ref{Type: "Firewall", Title: x.name}) != nil {
			continue
		}
		out = append(out, &catalog.Resource{Type: "Firewall", Title: x.name,
			Params: []catalog.Param{{Name: "ensure", Value: "absent"}, {Name: "protocol", Value: x.protocol},
				{Name: "table", Value: x.table}, {Name: "chain", Value: x.chain}}})
	}
	return out, nil
}
