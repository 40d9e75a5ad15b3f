package hiera

import (
	"context"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
)

// Explain performs the lookup of req as Lookup does and also returns how
// it went, in the words of `puppet lookup --explain`: the search for
// lookup_options, then every layer, hierarchy level and file searched,
// the merges and the interpolations.
func (h *Hiera) Explain(ctx context.Context, scope Scope, req Request) (string, catalog.Value, error) {
	ex := &explainer{}
	ex.cur = &ex.root
	var (
		v   catalog.Value
		err error
	)
	v, err = h.lookupNames(ctx, scope, req, ex)
	return ex.String(), v, err
}

// explainNode is one step of an explanation.
type explainNode struct {
	kind     nodeKind
	text     string        // the key, name, path, expression or strategy
	config   string        // a provider's hiera.yaml
	original string        // a location's path as written
	options  *catalog.Hash // a merge's options other than the strategy
	parent   *explainNode
	children []*explainNode
	event    explainEvent
	key      string
	value    catalog.Value
}

type nodeKind int

const (
	nodeRoot nodeKind = iota
	nodeTop
	nodeText
	nodeProvider
	nodeEntry
	nodeMerge
	nodeLocation
	nodeInterpolate
	nodeSubKey
	nodeSegment
	nodeScope
	nodeModule
)

type explainEvent int

const (
	eventNone explainEvent = iota
	eventFound
	eventNotFound
	eventLocationNotFound
	eventResult
	eventModuleNotFound
	eventModuleProviderNotFound
)

// explainer builds the tree of an explanation.
type explainer struct {
	root explainNode
	cur  *explainNode
}

// noPop is what pushing returns when nothing is explained.
var noPop = func() {}

// pushNode pushes a node of kind with text; without an explanation it
// costs nothing.
func (inv *invocation) pushNode(kind nodeKind, text string) func() {
	if inv.ex == nil {
		return noPop
	}
	return inv.push(&explainNode{kind: kind, text: text})
}

// pushProvider pushes a layer's data provider.
func (inv *invocation) pushProvider(l *layer) func() {
	if inv.ex == nil {
		return noPop
	}
	return inv.push(&explainNode{kind: nodeProvider, text: providerName(l), config: l.cfg.path})
}

// pushLocation pushes a data file of a hierarchy level.
func (inv *invocation) pushLocation(loc location) func() {
	if inv.ex == nil {
		return noPop
	}
	return inv.push(&explainNode{kind: nodeLocation, text: loc.path, original: loc.original})
}

// push adds n under the current node and makes it current until the
// returned function is called.
func (inv *invocation) push(n *explainNode) func() {
	if inv.ex == nil {
		return noPop
	}
	n.parent = inv.ex.cur
	inv.ex.cur.children = append(inv.ex.cur.children, n)
	inv.ex.cur = n
	return func() { inv.ex.cur = n.parent }
}

func (inv *invocation) reportFound(key string, v catalog.Value) {
	if inv.ex != nil {
		inv.ex.cur.event, inv.ex.cur.key, inv.ex.cur.value = eventFound, key, v
	}
}

func (inv *invocation) reportNotFound(key string) {
	if inv.ex != nil {
		inv.ex.cur.event, inv.ex.cur.key = eventNotFound, key
	}
}

func (inv *invocation) reportEvent(e explainEvent) {
	if inv.ex != nil {
		inv.ex.cur.event = e
	}
}

// mergeLookup is strat.lookup with the merge shown in an explanation.
func (inv *invocation) mergeLookup(strat *strategy, n int, variant func(int) (catalog.Value, bool, error)) (catalog.Value, bool, error) {
	if inv.ex == nil || strat.name == "first" || n <= 1 {
		return strat.lookup(n, variant)
	}
	node := &explainNode{kind: nodeMerge, text: strat.name, options: strat.explainOptions()}
	pop := inv.push(node)
	v, ok, err := strat.lookup(n, variant)
	if ok && err == nil {
		node.event, node.value = eventResult, v
	}
	pop()
	return v, ok, err
}

// explainOptions are the merge options shown beside the strategy.
func (s *strategy) explainOptions() *catalog.Hash {
	if s.options == nil {
		return nil
	}
	out := catalog.NewHash()
	for _, k := range s.options.Keys() {
		if k != "strategy" {
			v, _ := s.options.Get(k)
			out.Set(k, v)
		}
	}
	if out.Len() == 0 {
		return nil
	}
	return out
}

// providerName is how Puppet names a layer's data provider.
func providerName(l *layer) string {
	version := "hiera configuration version " + strconv.Itoa(l.cfg.version)
	switch l.kind {
	case globalLayer:
		return "Global Data Provider (" + version + ")"
	case environmentLayer:
		return "Environment Data Provider (" + version + ")"
	}
	return `Module "` + l.module + `" Data Provider (` + version + ")"
}

// explainOptions explains the search for lookup_options that applies to
// keys in module ("" for none), as Puppet shows it before a lookup.
func (inv *invocation) explainOptions(module string) error {
	pop := inv.push(&explainNode{kind: nodeTop, text: lookupOptionsKey})
	defer pop()
	hash := &strategy{name: "hash"}
	key := lookupKey{full: lookupOptionsKey, root: lookupOptionsKey}
	layers, err := inv.h.layersFor(module)
	if err != nil {
		return err
	}
	var envOpts, modOpts catalog.Value
	var envFound, modFound bool
	defer func() {
		if module != "" && (len(layers) == 0 || layers[len(layers)-1].kind != moduleLayer) {
			inv.push(inv.missingModule(module))()
		}
	}()
	for _, l := range layers {
		v, ok, err := inv.providerLookup(l, l.cfg.hierarchy, key, hash)
		if err != nil {
			return err
		}
		if !ok {
			continue
		}
		if l.kind == moduleLayer {
			modOpts, modFound = v, true
			continue
		}
		if envFound {
			envOpts, _ = hash.merge(envOpts, v)
		} else {
			envOpts, envFound = v, true
		}
	}
	if modFound && envFound {
		node := &explainNode{kind: nodeMerge, text: "hash"}
		popMerge := inv.push(node)
		popScope := inv.push(&explainNode{kind: nodeScope, text: "Global and Environment"})
		inv.reportFound(lookupOptionsKey, envOpts)
		popScope()
		popScope = inv.push(&explainNode{kind: nodeScope, text: "Module " + module})
		inv.reportFound(lookupOptionsKey, modOpts)
		popScope()
		node.event, node.value = eventResult, nil
		if merged, err := hash.merge(envOpts, modOpts); err == nil {
			node.value = merged
		}
		popMerge()
	}
	return nil
}

// missingModule is the explanation's note for a module that is not on
// the modulepath, or that has no data.
func (inv *invocation) missingModule(module string) *explainNode {
	n := &explainNode{kind: nodeModule, text: module, event: eventModuleNotFound}
	if inv.h.opts.ModuleDir != nil {
		if _, found := inv.h.opts.ModuleDir(module); found {
			n.event = eventModuleProviderNotFound
		}
	}
	return n
}

// providerLookup searches one layer as its data provider, shown as one.
func (inv *invocation) providerLookup(l *layer, hier []entry, key lookupKey, strat *strategy) (catalog.Value, bool, error) {
	pop := inv.pushProvider(l)
	defer pop()
	if inv.ex != nil && !inv.hasUsableEntries(l, hier) {
		inv.reportNotFound(key.full)
		return nil, false, nil
	}
	return inv.layerLookup(l, hier, key, strat)
}

// hasUsableEntries reports whether a layer has a level to search: with
// Hiera's default configuration, levels whose files are all missing do
// not count.
func (inv *invocation) hasUsableEntries(l *layer, hier []entry) bool {
	if l.cfg.path != "" {
		return len(hier) > 0
	}
	for _, e := range hier {
		locs, err := inv.locations(l, e)
		if err != nil || e.locKind == "" || len(locs) > 0 {
			return true
		}
	}
	return false
}

// String renders the explanation as Puppet does.
func (ex *explainer) String() string {
	var b strings.Builder
	for _, c := range ex.root.children {
		c.dump(&b, "", "")
	}
	return b.String()
}

func (n *explainNode) dump(b *strings.Builder, indent, first string) {
	inner := indent + "  "
	switch n.kind {
	case nodeTop:
		b.WriteString(first + `Searching for "` + n.text + "\"\n")
		for _, c := range n.children {
			c.dump(b, inner, inner)
		}
	case nodeText:
		b.WriteString(first + n.text + "\n")
	case nodeModule:
		switch n.event {
		case eventModuleNotFound:
			b.WriteString(indent + `Module "` + n.text + "\" not found\n")
		case eventModuleProviderNotFound:
			b.WriteString(indent + `Module data provider for module "` + n.text + "\" not found\n")
		}
	case nodeInterpolate:
		b.WriteString(first + `Interpolation on "` + n.text + "\"\n")
		for _, c := range n.children {
			c.dump(b, inner, inner)
		}
	case nodeMerge:
		switch len(n.children) {
		case 0:
			return
		case 1:
			n.children[0].dump(b, indent, first)
			return
		}
		b.WriteString(first + "Merge strategy " + n.text + "\n")
		if n.options != nil {
			b.WriteString(inner + "Options: ")
			dumpValue(b, inner, n.options)
			b.WriteString("\n")
		}
		for _, c := range n.children {
			c.dump(b, inner, inner)
		}
		if n.event == eventResult {
			b.WriteString(inner + "Merged result: ")
			dumpValue(b, inner, n.value)
			b.WriteString("\n")
		}
	case nodeEntry:
		b.WriteString(first + `Hierarchy entry "` + n.text + "\"\n")
		for _, c := range n.children {
			c.dump(b, inner, inner)
		}
		n.outcome(b, inner)
	case nodeProvider:
		b.WriteString(first + n.text + "\n")
		if n.config != "" {
			b.WriteString(inner + `Using configuration "` + n.config + "\"\n")
		}
		for _, c := range n.children {
			c.dump(b, inner, inner)
		}
		n.outcome(b, inner)
	case nodeLocation:
		b.WriteString(indent + `Path "` + n.text + "\"\n")
		b.WriteString(inner + `Original path: "` + n.original + "\"\n")
		for _, c := range n.children {
			c.dump(b, inner, inner)
		}
		if n.event == eventLocationNotFound {
			b.WriteString(inner + "Path not found\n")
		}
		n.outcome(b, inner)
	case nodeSubKey:
		b.WriteString(indent + `Sub key: "` + n.text + "\"\n")
		for _, c := range n.children {
			c.dump(b, inner, inner)
		}
		n.outcome(b, inner)
	case nodeSegment:
		n.outcome(b, indent)
	case nodeScope:
		b.WriteString(indent + n.text + "\n")
		for _, c := range n.children {
			c.dump(b, inner, inner)
		}
		n.outcome(b, inner)
	}
}

func (n *explainNode) outcome(b *strings.Builder, indent string) {
	switch n.event {
	case eventNotFound:
		b.WriteString(indent + `No such key: "` + n.key + "\"\n")
	case eventFound:
		b.WriteString(indent + `Found key: "` + n.key + `" value: `)
		dumpValue(b, indent, n.value)
		b.WriteString("\n")
	}
}

// dumpValue writes a value as Puppet's explainer does: hashes and arrays
// one entry a line, everything else as Ruby's inspect.
func dumpValue(b *strings.Builder, indent string, v catalog.Value) {
	inner := indent + "  "
	switch x := v.(type) {
	case *catalog.Hash:
		b.WriteByte('{')
		if x.Len() > 0 {
			for i, k := range x.Keys() {
				if i > 0 {
					b.WriteString(",")
				}
				b.WriteString("\n" + inner)
				dumpValue(b, inner, k)
				b.WriteString(" => ")
				e, _ := x.Get(k)
				dumpValue(b, inner, e)
			}
			b.WriteString("\n" + indent)
		}
		b.WriteByte('}')
	case []catalog.Value:
		b.WriteByte('[')
		if len(x) > 0 {
			for i, e := range x {
				if i > 0 {
					b.WriteString(",")
				}
				b.WriteString("\n" + inner)
				dumpValue(b, inner, e)
			}
			b.WriteString("\n" + indent)
		}
		b.WriteByte(']')
	case string:
		b.WriteString(rubyInspectString(x))
	case nil:
		b.WriteString("nil")
	case catalog.Sensitive:
		b.WriteString("#<Sensitive [value redacted]>")
	default:
		b.WriteString(rubyString(v))
	}
}

// rubyInspectString is Ruby's String#inspect for UTF-8 text.
func rubyInspectString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		case '\x1b':
			b.WriteString(`\e`)
		case '#':
			if i+1 < len(s) && (s[i+1] == '{' || s[i+1] == '$' || s[i+1] == '@') {
				b.WriteString(`\#`)
			} else {
				b.WriteByte('#')
			}
		default:
			if r < 0x20 || r == 0x7f {
				b.WriteString(`\x` + strings.ToUpper(strconv.FormatInt(int64(r), 16)))
				continue
			}
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// explainDig shows the steps of a dotted key into the value found.
func (inv *invocation) explainDig(segs []segment, v catalog.Value) {
	parts := make([]string, len(segs))
	for i, s := range segs {
		parts[i] = s.String()
	}
	pop := inv.push(&explainNode{kind: nodeSubKey, text: strings.Join(parts, ".")})
	defer pop()
	for _, s := range segs {
		popSeg := inv.push(&explainNode{kind: nodeSegment})
		next, ok, err := dig("", []segment{s}, v)
		if err != nil || !ok {
			inv.reportNotFound(s.String())
			popSeg()
			return
		}
		inv.reportFound(s.String(), next)
		popSeg()
		v = next
	}
}
