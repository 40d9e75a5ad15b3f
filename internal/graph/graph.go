// Package graph builds the relationship graph of a catalog exactly as
// Puppet 7's agent does, finds its dependency cycles, writes its DOT files
// and walks it in Puppet's prioritized order.
//
// Build follows the agent: it drops virtual resources that are not
// exported (exported ones stay, marked Skip), checks every require,
// subscribe, before and notify target (a DependencyError carries Puppet's
// «Could not find dependency …» text), adds their edges, the catalog's
// front-end relationships and the types' auto-relationships (with
// Puppet's rules for an existing direct edge), and then replaces each
// container (Stage, Class, Node and every type not in Options.Types) by
// an admissible and a completed sentinel ("whit") sharing its priority.
// Containment edges become refresh-labelled sentinel edges; an edge into
// or out of a container is re-attached to its sentinels with its label,
// kind and provenance kept.
//
// Every collection Puppet iterates is kept in insertion order: the vertex
// list, each vertex's out- and in-neighbours (with parallel edges), and a
// neighbour that loses its last edge loses its place, as in Ruby's Hash.
// Log order, cycle paths and DOT files depend on it.
//
// Beyond the core API (Build, Vertices, Out, In, Predecessors,
// Successors, Path, ContainmentPath, Cycles, CycleMessage, WriteDOT,
// NewWalk with Next/Done/Remaining) the graph offers Vertex (a resource's
// vertex), Sentinels (a container's whits), Edges (Puppet's edge list
// order), Order (a whole walk, for tests and `ordo graph`), CyclePaths,
// InCycle, ResourcePath, Parent and Members, Why (the edge path that
// orders one vertex before another, with provenance), WriteJSON, and the
// DOT writers one file at a time. Priority is a rank (an int): Manifest ranks by catalog order,
// TitleHash by the SHA1 hex of the salted reference, Random by a
// permutation drawn from the seed; resources generated during the walk
// (Generate, Puppet's eval_generate) get Puppet's [key, n] sub-priorities
// below their generator's rank.
//
// Cycle detection is an own iterative Tarjan rather than gonum's
// topo.TarjanSCC: Puppet's cycle message depends on the exact visiting
// order (roots in vertex insertion order, children in out-neighbour
// insertion order) and on edges gonum's simple graphs cannot carry
// (parallel edges with kinds and provenance), and chains of many thousand
// vertices must not recurse.
//
// A built Graph is read-only; Path may be called from several goroutines.
// A Walk is used by one goroutine.
package graph

import (
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"math/rand"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// Ordering chooses the priority of unrelated resources.
type Ordering int

const (
	// Manifest applies unrelated resources in catalog order (Puppet's only
	// ordering since 6.0).
	Manifest Ordering = iota
	// TitleHash orders by the SHA1 of a salted reference (Puppet 3's
	// title-hash): stable across runs, independent of the manifest.
	TitleHash
	// Random orders by a permutation drawn from Options.Seed: a test aid
	// that shakes out missing dependencies.
	Random
)

func (o Ordering) String() string {
	switch o {
	case Manifest:
		return "manifest"
	case TitleHash:
		return "title-hash"
	case Random:
		return "random"
	}
	return fmt.Sprintf("Ordering(%d)", int(o))
}

// ParseOrdering reads "manifest", "title-hash" or "random".
func ParseOrdering(s string) (Ordering, bool) {
	switch s {
	case "manifest":
		return Manifest, true
	case "title-hash", "title_hash":
		return TitleHash, true
	case "random":
		return Random, true
	}
	return Manifest, false
}

// Options steer Build.
type Options struct {
	Ordering Ordering
	Seed     int64 // for Random
	// Types holds the built-in types. A resource whose type is not in it
	// (and is not Stage, Class or Node) is a container: a defined-type
	// instance. With a nil registry only Stage, Class and Node contain.
	Types *resource.Registry
	// Debug receives debug lines with their log source, may be nil.
	Debug func(source, message string)
}

// WhitKind tells a container's sentinels from ordinary vertices.
type WhitKind uint8

const (
	NotWhit WhitKind = iota
	// Admissible is the sentinel every member of a container waits for.
	Admissible
	// Completed is the sentinel that waits for every member.
	Completed
)

// Vertex is a resource or a container's sentinel in the relationship graph.
// Its fields are laid out small: a catalog has one per resource.
type Vertex struct {
	// Resource is the resource, or for a whit its container.
	Resource *catalog.Resource
	Whit     WhitKind
	// Skip marks an exported virtual resource: present in the graph but
	// not to be applied («Skipping because virtual»).
	Skip bool

	gone bool
	// generated marks the completed sentinel of a resource's generated
	// resources (Graph.Generate); it is shown as the resource's title.
	generated bool
	// inKinds and outKinds are the sets (bit 1<<kind) of the kinds of the
	// vertex's edges, so that the walk asks about a kind only where there
	// is one.
	inKinds, outKinds uint8
	ri                int32 // index of Resource among the kept resources
	prio              int32 // priority rank: lower runs first; a whit shares its container's
	seq               int32 // insertion sequence, for stable tie-breaks
	id                int32 // dense index into Graph.verts once built
	out, in           adjacency
}

// HasIn reports whether an edge of kind k ends at v.
func (v *Vertex) HasIn(k catalog.EdgeKind) bool { return v.inKinds&(1<<k) != 0 }

// anyIn is the bit of inKinds that says an edge with quantifier Any ends
// at the vertex (the kinds use the low bits).
const anyIn = 1 << 7

// HasInAny reports whether an edge quantified Any ends at v.
func (v *Vertex) HasInAny() bool { return v.inKinds&anyIn != 0 }

// HasOut reports whether an edge of kind k starts at v.
func (v *Vertex) HasOut(k catalog.EdgeKind) bool { return v.outKinds&(1<<k) != 0 }

// Ref is the resource's reference, or for a whit its container's.
func (v *Vertex) Ref() catalog.Ref { return v.Resource.Ref() }

// String is how Puppet prints the vertex in logs and cycle messages: its
// reference; a whit prints as its container (Class[Main], Stage[main]).
// Kept reports whether the graph holds r: every resource but the
// virtual ones that are not exported. The kept resources are numbered
// in catalog order (ResourceIndex).
func Kept(r *catalog.Resource) bool { return !r.Virtual || r.Exported }

// ResourceIndex is the number of v's resource among the kept resources,
// in catalog order; resources generated during the walk come after them.
// A sentinel has its container's.
func (v *Vertex) ResourceIndex() int { return int(v.ri) }

func (v *Vertex) String() string {
	if v.generated {
		return v.Resource.Title
	}
	return displayRef(v.Resource)
}

// DotName is the vertex's reference in graph files and the key cycles
// are sorted by: File[/x], Whit[Admissible_class[Main]].
func (v *Vertex) DotName() string {
	switch {
	case v.generated:
		return "Whit[Completed_" + v.Resource.Title + "]"
	case v.Whit != NotWhit:
		return whitName(v.Whit, v.Resource)
	}
	return displayRef(v.Resource)
}

// whitName is the reference Puppet gives a sentinel: the "admissible_"
// or "completed_" name re-capitalized like a type name.
func whitName(kind WhitKind, r *catalog.Resource) string {
	prefix := "admissible_"
	if kind == Completed {
		prefix = "completed_"
	}
	title := r.Title
	if r.Type == "Class" && title == "main" {
		title = "Main"
	}
	return "Whit[" + catalog.CanonicalType(prefix+r.Type) + "[" + title + "]]"
}

// Priority is the vertex's rank in the chosen ordering (lower first).
func (v *Vertex) Priority() int { return int(v.prio) }

// displayRef is a resource's reference as the agent prints it: the main
// class is Class[Main] there.
func displayRef(r *catalog.Resource) string {
	if r.Type == "Class" && r.Title == "main" {
		return "Class[Main]"
	}
	return r.Type + "[" + r.Title + "]"
}

// Edge says From is applied before To; its kind says what else it means.
type Edge struct {
	From, To *Vertex
	Kind     catalog.EdgeKind
	// Quantifier groups the edges of one kind into To (catalog.Quantifier).
	Quantifier catalog.Quantifier
	Origin     catalog.Provenance
}

// Refresh reports whether events of From reach To: Puppet's edge label
// {callback: refresh, event: ALL_EVENTS}, which refresh edges and
// containment edges carry.
func (e *Edge) Refresh() bool { return e.Kind.Refreshes() }

func (e *Edge) String() string { return e.From.DotName() + " -> " + e.To.DotName() }

// Graph is the expanded relationship graph of one catalog.
type Graph struct {
	verts []*Vertex           // final vertices, insertion order
	all   []*Vertex           // every vertex ever added, containers included
	res   []*catalog.Resource // kept catalog resources, in order
	// resIndex finds a kept resource's index; made when first asked.
	resIndex     map[*catalog.Resource]int32
	resIndexOnce sync.Once
	rv           []*Vertex // vertex of each kept resource, by index
	parent       []int32   // index of each resource's parent, -1 at the top
	contains     [][]int32 // containment out-edges, deduplicated, in catalog order
	// moreContainers lists, for the few members with more than one
	// container, the others in the order their edges came.
	moreContainers map[int32][]int32

	pathMu sync.Mutex
	paths  map[int32]pathEntry // the paths of containers, made when first asked

	relVerts []*Vertex // vertices and edges when relationships.dot is written
	relEdges []*Edge

	cycles     [][]*Vertex
	cyclesOnce sync.Once

	slab []adjEntry // room for new adjacency lists

	// subKeys are the priority keys below prio of the vertices made
	// during the walk (Generate), and lastChild the last key given below
	// each generating vertex; nil until something is generated.
	subKeys   map[*Vertex][]int32
	lastChild map[*Vertex][]int32
}

// pathEntry is a resource's path: its segments and the string they make,
// of which the last segment is a substring.
type pathEntry struct {
	segments []string
	full     string
}

// DependencyError is a relationship metaparameter naming a resource
// that is not in the catalog (Puppet's agent-side check in finalize).
type DependencyError struct {
	Resource *catalog.Resource
	Param    string // require, subscribe, before or notify
	Target   string // the unresolved reference, as Puppet prints it
}

func (e *DependencyError) Error() string {
	what := "dependency"
	if e.Param == "before" || e.Param == "notify" {
		what = "dependent"
	}
	msg := fmt.Sprintf("Could not find %s %s for %s", what, e.Target, displayRef(e.Resource))
	if loc := e.Resource.Location(); loc != "" {
		msg += " " + loc
	}
	return msg
}

// RelationshipError is a front-end relationship whose end is missing.
type RelationshipError struct {
	Rel     catalog.Relationship
	Missing catalog.Ref
}

func (e *RelationshipError) Error() string {
	if e.Missing == e.Rel.Source {
		return fmt.Sprintf("Could not find resource '%s' for relationship on '%s'", e.Rel.Source, e.Rel.Target)
	}
	return fmt.Sprintf("Could not find resource '%s' for relationship from '%s'", e.Rel.Target, e.Rel.Source)
}

// relationParams are the metaparameters that make edges, in the order
// Puppet processes them.
var relationParams = [...]struct {
	name    string
	in      bool // the named resources come before the declaring one
	refresh bool
}{
	{"require", true, false},
	{"subscribe", true, true},
	{"before", false, false},
	{"notify", false, true},
}

type builder struct {
	g      *Graph
	c      *catalog.Catalog
	opts   Options
	lookup map[catalog.Ref]int32
	slab   []Edge // edges are allocated in blocks
	seq    int
}

// Build turns a catalog into its relationship graph: it drops virtual
// resources that are not exported, checks and adds the relationship
// metaparameters and the catalog's relationships, adds the types'
// auto-relationships, and replaces every container by its two sentinels.
func Build(c *catalog.Catalog, opts Options) (*Graph, error) {
	g := &Graph{}
	b := &builder{g: g, c: c, opts: opts}

	// RAL conversion: keep what the agent keeps.
	g.res = make([]*catalog.Resource, 0, len(c.Resources))
	for _, r := range c.Resources {
		if !Kept(r) {
			continue
		}
		g.res = append(g.res, r)
	}
	n := len(g.res)
	if err := b.buildLookup(); err != nil {
		return nil, err
	}
	b.buildContainment()

	// Vertices in catalog order with their priorities.
	ranks := b.priorities()
	g.rv = make([]*Vertex, n)
	verts := make([]Vertex, n)
	for i, r := range g.res {
		verts[i] = Vertex{Resource: r, Skip: r.Virtual && r.Exported, ri: int32(i)}
		g.rv[i] = b.addVertex(&verts[i], ranks[i])
	}

	// Relationship targets must exist (catalog.finalize); keep what they
	// resolve to for the edges. Most resources have none: the list is
	// made at the first.
	var deps [][4][]int32
	for i, r := range g.res {
		for k, p := range relationParams {
			val, ok := r.Get(p.name)
			if !ok {
				continue
			}
			refs, err := relationRefs(r, p.name, val)
			if err != nil {
				return nil, err
			}
			for _, s := range refs {
				t := b.resolve(s)
				if t < 0 {
					return nil, &DependencyError{Resource: r, Param: p.name, Target: printRef(s)}
				}
				if deps == nil {
					deps = make([][4][]int32, n)
				}
				deps[i][k] = append(deps[i][k], t)
			}
		}
	}

	if deps != nil {
		b.manualEdges(deps)
	}
	if err := b.frontEndEdges(); err != nil {
		return nil, err
	}
	b.autoEdges()
	b.preCheckEdges()

	g.relVerts = g.liveVertices()
	g.relEdges = edgesByTarget(g.relVerts)

	b.expandContainers()
	g.verts = g.liveVertices()
	for i, v := range g.verts {
		v.id = int32(i)
		for e := range v.out.each {
			v.outKinds |= 1 << e.Kind
			e.To.inKinds |= 1 << e.Kind
			if e.Quantifier == catalog.Any {
				e.To.inKinds |= anyIn
			}
		}
	}
	return g, nil
}

func (b *builder) addVertex(v *Vertex, prio int) *Vertex {
	v.prio = int32(prio)
	v.seq = int32(b.seq)
	b.seq++
	b.g.all = append(b.g.all, v)
	return v
}

func (g *Graph) liveVertices() []*Vertex {
	out := make([]*Vertex, 0, len(g.all))
	for _, v := range g.all {
		if !v.gone {
			out = append(out, v)
		}
	}
	return out
}

// edgesByTarget lists edges as Puppet's SimpleGraph#edges does: grouped
// by target in vertex order, then by source in insertion order.
func edgesByTarget(vs []*Vertex) []*Edge {
	n := 0
	for _, v := range vs {
		n += int(v.in.live)
	}
	out := make([]*Edge, 0, n)
	for _, v := range vs {
		out = v.in.appendAll(out)
	}
	return out
}

// buildLookup indexes the kept resources by reference, by alias and by
// uniqueness key (a file's path), as the agent's catalog does when it adds
// them in order: a title or alias another resource already holds is an
// error, and so is a uniqueness key another resource holds (Puppet's
// "Cannot alias").
func (b *builder) buildLookup() error {
	b.lookup = make(map[catalog.Ref]int32, len(b.g.res))
	for i, r := range b.g.res {
		ref := r.Ref()
		if j, ok := b.lookup[ref]; ok {
			return &AliasError{Msg: duplicateMessage(r, b.g.res[j])}
		}
		b.lookup[ref] = int32(i)
		if v, ok := r.Get("alias"); ok {
			for _, a := range catalog.Strings(v) {
				if err := b.alias(int32(i), a, resource.Inspect(a)); err != nil {
					return err
				}
			}
		}
		s := b.opts.Types.Schema(r.Type)
		if s == nil {
			continue
		}
		if key, ok := s.UniquenessKey(r); ok && key != r.Title {
			if err := b.alias(int32(i), key, resource.Inspect([]catalog.Value{key})); err != nil {
				return err
			}
		}
	}
	return nil
}

// alias makes resource i also found as Type[key]; shown is the key as
// Puppet's message shows it.
func (b *builder) alias(i int32, key, shown string) error {
	r := b.g.res[i]
	ref := catalog.Ref{Type: r.Type, Title: key}
	j, ok := b.lookup[ref]
	switch {
	case !ok:
		b.lookup[ref] = i
	case j != i:
		old := b.g.res[j]
		msg := "Cannot alias " + r.Ref().String() + " to " + shown
		if loc := r.Location(); loc != "" {
			msg += " at " + loc
		}
		msg += "; resource " + resource.Inspect([]catalog.Value{r.Type, key}) + " already declared"
		if loc := old.Location(); loc != "" {
			msg += " " + loc
		}
		return &AliasError{Msg: msg}
	}
	return nil
}

func duplicateMessage(r, old *catalog.Resource) string {
	msg := "Duplicate declaration: " + r.Ref().String() + " is already declared"
	if loc := old.Location(); loc != "" {
		msg += " at " + loc
	}
	msg += "; cannot redeclare"
	if loc := r.Location(); loc != "" {
		msg += " " + loc
	}
	return msg
}

// AliasError is two resources that name one thing on the machine, or one
// name given to two resources: the whole catalog is refused.
type AliasError struct{ Msg string }

func (e *AliasError) Error() string { return e.Msg }

// resolve finds the kept resource a reference string names: its index,
// or -1.
func (b *builder) resolve(s string) int32 {
	ref, ok := parseRef(s)
	if !ok {
		return -1
	}
	return b.resolveRef(ref)
}

// parseRef is catalog.ParseRef with a shortcut for the common case of a
// reference already in canonical form, which needs no allocation.
func parseRef(s string) (catalog.Ref, bool) {
	open := strings.IndexByte(s, '[')
	if open > 0 && open < len(s)-2 && s[len(s)-1] == ']' && canonicalSimpleType(s[:open]) {
		title := s[open+1 : len(s)-1]
		if c0, cn := title[0], title[len(title)-1]; c0 > ' ' && c0 != '\'' && c0 != '"' && cn > ' ' {
			return catalog.Ref{Type: s[:open], Title: title}, true
		}
	}
	return catalog.ParseRef(s)
}

// canonicalSimpleType reports whether typ is one capitalized segment
// (Notify, File) other than Class, whose titles need canonicalizing.
func canonicalSimpleType(typ string) bool {
	if typ == "Class" || typ[0] < 'A' || typ[0] > 'Z' {
		return false
	}
	for i := 1; i < len(typ); i++ {
		if c := typ[i]; !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

func (b *builder) resolveRef(ref catalog.Ref) int32 {
	if ref.Type == "Class" && strings.EqualFold(ref.Title, "main") {
		ref.Title = "main"
	}
	if i, ok := b.lookup[ref]; ok {
		return i
	}
	if s := b.opts.Types.Schema(ref.Type); s != nil {
		if key, ok := s.KeyOfTitle(ref.Title); ok && key != ref.Title {
			if i, ok := b.lookup[catalog.Ref{Type: ref.Type, Title: key}]; ok {
				return i
			}
		}
	}
	return -1
}

// RelationValueError is a relationship metaparameter whose value is not
// a resource reference (nor an array of them), refused as Puppet's agent
// refuses it when it reads the catalog.
type RelationValueError struct {
	Resource *catalog.Resource
	Param    string // require, subscribe, before or notify
	Value    catalog.Value
}

func (e *RelationValueError) Error() string {
	msg := fmt.Sprintf("Parameter %s failed on %s: ", e.Param, displayRef(e.Resource))
	if _, isHash := e.Value.(*catalog.Hash); isHash {
		msg += "Puppet::Resource.new does not take a hash as the first argument. Did you mean (nil, nil) ?"
	} else {
		msg += fmt.Sprintf("No title provided and %s is not a valid resource reference", resource.Inspect(e.Value))
	}
	if loc := e.Resource.Location(); loc != "" {
		msg += " " + loc
	}
	return msg
}

// relationRefs reads a relationship metaparameter as Puppet's agent does:
// a reference, or an array of references (not nested); undef is none.
func relationRefs(r *catalog.Resource, param string, v catalog.Value) ([]string, error) {
	switch x := v.(type) {
	case nil:
		return nil, nil
	case []catalog.Value:
		out := make([]string, 0, len(x))
		for _, e := range x {
			s, ok := e.(string)
			if !ok || !isRef(s) {
				return nil, &RelationValueError{Resource: r, Param: param, Value: e}
			}
			out = append(out, s)
		}
		return out, nil
	case string:
		if isRef(x) {
			return []string{x}, nil
		}
	}
	return nil, &RelationValueError{Resource: r, Param: param, Value: v}
}

// isRef reports whether s reads as a resource reference, Type[title].
func isRef(s string) bool {
	_, ok := parseRef(s)
	return ok
}

// printRef renders a reference string the way Puppet prints it.
func printRef(s string) string {
	ref, ok := parseRef(s)
	if !ok {
		return s
	}
	if ref.Type == "Class" && ref.Title == "main" {
		return "Class[Main]"
	}
	return ref.String()
}

func (b *builder) isContainer(r *catalog.Resource) bool {
	if b.opts.Types == nil {
		return catalog.IsContainerType(r.Type)
	}
	return b.opts.Types.IsContainer(r)
}

// buildContainment records each resource's parent (the first container
// that holds it, Puppet's container_of) and each container's members
// (in catalog order, as the agent's catalog lists them). Containment
// names resources exactly, by type and title.
func (b *builder) buildContainment() {
	g := b.g
	n := len(g.res)
	g.parent = make([]int32, n)
	for i := range g.parent {
		g.parent[i] = -1
	}
	g.contains = make([][]int32, n)
	exact := func(ref catalog.Ref) int32 {
		if ref.Type == "Class" && ref.Title == "Main" {
			ref.Title = "main"
		}
		i, ok := b.lookup[ref]
		if !ok {
			return -1
		}
		if r := g.res[i]; r.Type != ref.Type || r.Title != ref.Title {
			return -1
		}
		return i
	}
	// The resource a member reference names is the one exactly so named,
	// and that one is unique (buildLookup refuses a second): a member is
	// checked first against the resource after the last member, which
	// it is in a catalog listed in containment order, before a lookup.
	member := func(ref catalog.Ref, after int32) int32 {
		if next := after + 1; next > 0 && int(next) < n && ref.Type != "Class" {
			if r := g.res[next]; r.Title == ref.Title && r.Type == ref.Type {
				return next
			}
		}
		return exact(ref)
	}
	unsorted := make([]bool, n)
	// Consecutive edges mostly share their container: look it up once.
	lastRef, last := catalog.Ref{}, int32(-1)
	prev := int32(-1)
	for _, e := range b.c.Containment {
		if e.Container != lastRef || last < 0 {
			lastRef, last = e.Container, exact(e.Container)
		}
		from, to := last, member(e.Member, prev)
		if to >= 0 {
			prev = to
		}
		if from < 0 || to < 0 || g.parent[to] == from || slices.Contains(g.moreContainers[to], from) {
			continue
		}
		if g.parent[to] < 0 {
			g.parent[to] = from
		} else {
			if g.moreContainers == nil {
				g.moreContainers = map[int32][]int32{}
			}
			g.moreContainers[to] = append(g.moreContainers[to], from)
		}
		if kids := g.contains[from]; len(kids) > 0 && kids[len(kids)-1] > to {
			unsorted[from] = true
		}
		g.contains[from] = append(g.contains[from], to)
	}
	for i, u := range unsorted {
		if u {
			slices.Sort(g.contains[i])
		}
	}
}

// priorities ranks the kept resources for the chosen ordering.
func (b *builder) priorities() []int {
	n := len(b.g.res)
	ranks := make([]int, n)
	switch b.opts.Ordering {
	case TitleHash:
		keys := make([]string, n)
		order := make([]int, n)
		for i, r := range b.g.res {
			keys[i] = titleHash(displayRef(r))
			order[i] = i
		}
		sort.SliceStable(order, func(x, y int) bool { return keys[order[x]] < keys[order[y]] })
		for rank, i := range order {
			ranks[i] = rank + 1
		}
	case Random:
		perm := rand.New(rand.NewSource(b.opts.Seed)).Perm(n)
		for i := range ranks {
			ranks[i] = perm[i] + 1
		}
	default:
		for i := range ranks {
			ranks[i] = i + 1
		}
	}
	return ranks
}

// titleHash is Puppet 3's title-hash priority of a reference.
func titleHash(ref string) string {
	sum := sha1.Sum([]byte("NaCl, MgSO4 (salts) and then " + ref))
	return hex.EncodeToString(sum[:])
}

func (g *Graph) vertexAt(i int32) *Vertex {
	if i < 0 {
		return nil
	}
	return g.rv[i]
}

// add allocates e and adds it to the graph.
func (b *builder) add(e Edge) {
	if len(b.slab) == 0 {
		b.slab = make([]Edge, 1024)
	}
	p := &b.slab[0]
	b.slab = b.slab[1:]
	*p = e
	b.g.addEdge(p)
}

func (g *Graph) addEdge(e *Edge) {
	e.From.out.add(e.To, e, &g.slab)
	e.To.in.add(e.From, e, &g.slab)
}

// addNew is add for an edge between two vertices that have none yet.
func (b *builder) addNew(e Edge) {
	if len(b.slab) == 0 {
		b.slab = make([]Edge, 1024)
	}
	p := &b.slab[0]
	b.slab = b.slab[1:]
	*p = e
	p.From.out.addNew(p.To, p, &b.g.slab)
	p.To.in.addNew(p.From, p, &b.g.slab)
}

func (g *Graph) removeEdge(e *Edge) {
	e.From.out.remove(e.To, e)
	e.To.in.remove(e.From, e)
}

// debug logs msg followed by other's reference, with v's path as the
// source; nothing is formatted unless there is a debug log.
func (b *builder) debug(v *Vertex, msg string, other *Vertex) {
	if b.opts.Debug != nil {
		b.opts.Debug(b.g.Path(v), msg+other.String())
	}
}

// manualEdges adds the edges of require, subscribe, before and notify,
// resolved by Build's check.
func (b *builder) manualEdges(deps [][4][]int32) {
	g := b.g
	for i, r := range g.res {
		self := g.rv[i]
		for k, p := range relationParams {
			for j, t := range deps[i][k] {
				other := g.rv[t]
				e := Edge{Origin: catalog.Provenance{Via: p.name, File: r.File, Line: r.Line}}
				if o, ok := r.RelationOrigin(p.name, j); ok {
					e.Origin = o
				}
				if p.refresh {
					e.Kind = catalog.Refresh
				}
				if p.in {
					e.From, e.To = other, self
				} else {
					e.From, e.To = self, other
				}
				if b.opts.Debug != nil {
					b.opts.Debug(g.ResourcePath(r)+"/"+p.name, p.name+" to "+displayRef(other.Resource))
				}
				b.add(e)
			}
		}
	}
}

// frontEndEdges adds the relationships a front end declared directly.
func (b *builder) frontEndEdges() error {
	g := b.g
	for _, rel := range b.c.Relationships {
		src := b.resolveRef(rel.Source)
		if src < 0 {
			return &RelationshipError{Rel: rel, Missing: rel.Source}
		}
		dst := b.resolveRef(rel.Target)
		if dst < 0 {
			return &RelationshipError{Rel: rel, Missing: rel.Target}
		}
		b.add(Edge{From: g.rv[src], To: g.rv[dst], Kind: rel.Kind, Quantifier: rel.Quantifier, Origin: rel.Origin})
	}
	return nil
}

// autoEdges adds the types' automatic relationships: for each resource in
// order its autorequires, then its autobefores. A direct edge either way
// between the two suppresses the automatic one.
func (b *builder) autoEdges() {
	if b.opts.Types == nil {
		return
	}
	g := b.g
	for i, r := range g.res {
		t := b.opts.Types.Lookup(r.Type)
		if t == nil {
			continue
		}
		self := g.rv[i]
		if ar, ok := t.(resource.AutoRelater); ok {
			for _, ref := range ar.AutoRequire(r, b.c) {
				dep := g.vertexAt(b.resolveRef(ref))
				switch {
				case dep == nil || dep.out.has(self):
				case self.out.has(dep):
					b.debug(self, "Skipping automatic relationship with ", dep)
				default:
					b.debug(self, "Adding autorequire relationship with ", dep)
					b.add(Edge{From: dep, To: self, Origin: catalog.Provenance{Via: "autorequire", File: r.File, Line: r.Line}})
				}
			}
		}
		if ab, ok := t.(resource.AutoBeforer); ok {
			for _, ref := range ab.AutoBefore(r, b.c) {
				dep := g.vertexAt(b.resolveRef(ref))
				// Puppet tests the two directions the other way round for
				// autobefore: an opposite edge is skipped silently and an
				// existing same-direction edge is reported.
				switch {
				case dep == nil || dep.out.has(self):
				case self.out.has(dep):
					b.debug(self, "Skipping automatic relationship with ", dep)
				default:
					b.debug(self, "Adding autobefore relationship with ", dep)
					b.add(Edge{From: self, To: dep, Origin: catalog.Provenance{Via: "autobefore", File: r.File, Line: r.Line}})
				}
			}
		}
	}
}

// preCheckEdges makes the resource that runs first on a pre-check edge
// (A in A -> B) wait for all B waits for: B is tried in a dry run at A's
// turn, so B's dependencies must be done by then. The inherited edges are
// order edges, so a failure among them skips A as it would skip B.
func (b *builder) preCheckEdges() {
	for _, v := range b.g.all {
		for _, pre := range v.out.all() {
			if pre.Kind != catalog.PreCheck {
				continue
			}
			first, watched := pre.From, pre.To
			for _, dep := range watched.in.all() {
				if dep.Kind == catalog.PreCheck || dep.From == first || first.in.has(dep.From) {
					continue
				}
				b.add(Edge{From: dep.From, To: first, Kind: catalog.Order, Origin: catalog.Provenance{Via: "pre-check of " + watched.String(), File: pre.Origin.File, Line: pre.Origin.Line}})
			}
		}
	}
}

// expandContainers replaces each container by an admissible and a
// completed sentinel (Puppet's replace_containers_with_anchors).
func (b *builder) expandContainers() {
	g := b.g
	var containers []*Vertex
	adm := map[*Vertex]*Vertex{}
	comp := map[*Vertex]*Vertex{}
	for i, r := range g.res {
		if !b.isContainer(r) {
			continue
		}
		x := g.rv[i]
		containers = append(containers, x)
		adm[x] = b.addVertex(&Vertex{Resource: r, Whit: Admissible, ri: x.ri}, int(x.prio))
		comp[x] = b.addVertex(&Vertex{Resource: r, Whit: Completed, ri: x.ri}, int(x.prio))
	}
	admOf := func(v *Vertex) *Vertex {
		if w := adm[v]; w != nil {
			return w
		}
		return v
	}
	compOf := func(v *Vertex) *Vertex {
		if w := comp[v]; w != nil {
			return w
		}
		return v
	}
	for _, x := range containers {
		kids := g.contains[x.ri]
		// The sentinels get an edge to or from every member: their lists
		// are made to size once rather than grown.
		adm[x].out.reserve(len(kids) + int(x.out.live))
		comp[x].in.reserve(len(kids) + int(x.in.live))
		if len(kids) == 0 {
			b.add(Edge{From: adm[x], To: comp[x], Origin: catalog.Provenance{Via: "contains"}})
		}
		// The sentinels are new and the members distinct (and so are
		// their own sentinels): no edge between them exists yet.
		for _, k := range kids {
			kv := g.rv[k]
			b.addNew(Edge{From: adm[x], To: admOf(kv), Kind: catalog.Refresh, Origin: catalog.Provenance{Via: "contains"}})
			b.addNew(Edge{From: compOf(kv), To: comp[x], Kind: catalog.Refresh, Origin: catalog.Provenance{Via: "contains"}})
		}
		for _, e := range x.in.all() {
			b.add(Edge{From: compOf(e.From), To: adm[x], Kind: e.Kind, Quantifier: e.Quantifier, Origin: e.Origin})
			g.removeEdge(e)
		}
		for _, e := range x.out.all() {
			b.add(Edge{From: comp[x], To: admOf(e.To), Kind: e.Kind, Quantifier: e.Quantifier, Origin: e.Origin})
			g.removeEdge(e)
		}
	}
	for _, x := range containers {
		for _, e := range x.in.all() {
			g.removeEdge(e)
		}
		for _, e := range x.out.all() {
			g.removeEdge(e)
		}
		x.gone = true
	}
}
