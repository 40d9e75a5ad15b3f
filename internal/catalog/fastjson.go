package catalog

import (
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"
)

// decodeFast decodes a well-formed catalog in one pass over the input,
// with no intermediate representation. It gives up (ok false) on anything
// unusual — malformed JSON, a value of an unexpected type, a field name
// that matches a known one only case-insensitively, an invalid resource —
// and Decode then decodes the input with encoding/json, which gives the
// same catalog or the error with its position. So for every input
// decodeFast accepts, its catalog is the one decodeGeneral gives.
//
// The decoder reads data in place; the strings the catalog keeps are
// copied out of it into a stringTable, so nothing of the input outlives
// the decoding.
func decodeFast(data []byte) (c *Catalog, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if r != errBail {
				panic(r)
			}
			c, ok = nil, false
		}
	}()
	if len(data) == 0 {
		return nil, false
	}
	// data is only read, and no string made from it outlives this call.
	d := &fastDecoder{s: unsafe.String(unsafe.SliceData(data), len(data)), split: halfway}
	return d.catalog(), true
}

// stringTable keeps copies of the strings a catalog holds, compactly:
// short strings that repeat (tags, parameter names, "file", "0644") are
// interned, the others share large blocks instead of one allocation each.
// Fields whose values repeat whatever their length (a resource's manifest
// file, its list of tags) are interned too, and short string values are
// kept boxed once, so that a value "file" in a hundred thousand resources
// is one interface, not a hundred thousand.
type stringTable struct {
	short map[string]string
	block []byte

	repeated map[string]string   // values of fields that repeat
	lists    map[string][]string // lists of tags, by their strings joined
	boxed    map[string]Value    // short string values, boxed
	key      []byte              // scratch for the key of a list
}

const (
	// internUpTo is the longest string interned; internMax caps the
	// table, so that many short unique titles do not fill it.
	internUpTo = 24
	internMax  = 4096
	// blockSize is the size of a block of kept strings; a string of more
	// than a quarter of it gets its own allocation.
	blockSize = 256 << 10
)

// keep returns a copy of s that does not share memory with the input.
func (t *stringTable) keep(s string) string {
	if len(s) == 0 {
		return ""
	}
	if len(s) <= internUpTo {
		if v, ok := t.short[s]; ok {
			return v
		}
	}
	if len(s) > blockSize/4 {
		return strings.Clone(s)
	}
	if len(s) > cap(t.block)-len(t.block) {
		t.block = make([]byte, 0, blockSize)
	}
	off := len(t.block)
	t.block = append(t.block, s...)
	// The bytes of a block are written once, here, and never changed.
	v := unsafe.String(&t.block[off], len(s))
	if len(s) <= internUpTo && len(t.short) < internMax {
		if t.short == nil {
			t.short = make(map[string]string, 256)
		}
		t.short[v] = v
	}
	return v
}

// keepRepeated is keep for a field whose values repeat, however long
// (a resource's manifest file).
func (t *stringTable) keepRepeated(s string) string {
	if v, ok := t.repeated[s]; ok {
		return v
	}
	v := t.keep(s)
	if len(t.repeated) < internMax {
		if t.repeated == nil {
			t.repeated = make(map[string]string, 16)
		}
		t.repeated[v] = v
	}
	return v
}

// keepList returns a list equal to l, whose strings are already kept,
// shared with every other list of the same strings. The list is full
// (its capacity is its length), so that an append to it copies it.
func (t *stringTable) keepList(l []string) []string {
	if len(l) == 0 {
		return nil
	}
	t.key = t.key[:0]
	for _, s := range l {
		t.key = append(t.key, s...)
		t.key = append(t.key, 0)
	}
	if v, ok := t.lists[string(t.key)]; ok {
		return v
	}
	v := slices.Clip(slices.Clone(l))
	if len(t.lists) < internMax {
		if t.lists == nil {
			t.lists = make(map[string][]string, 16)
		}
		t.lists[string(t.key)] = v
	}
	return v
}

// box returns s, already kept, as a Value: short strings share one
// boxed copy.
func (t *stringTable) box(s string) Value {
	if len(s) > internUpTo {
		return s
	}
	if v, ok := t.boxed[s]; ok {
		return v
	}
	var v Value = s
	if len(t.boxed) < internMax {
		if t.boxed == nil {
			t.boxed = make(map[string]Value, 64)
		}
		t.boxed[s] = v
	}
	return v
}

type bail struct{}

var errBail any = bail{}

type fastDecoder struct {
	s     string // the input, read in place
	i     int
	depth int
	strs  stringTable

	// The resources and their parameters are carved from blocks rather
	// than allocated one by one; scratch lists are reused.
	resourceSlab []Resource
	paramSlab    []Param
	scratch      []Param
	tags         []string
	unquoted     []byte

	// split says where to start decoding the tail of a resources array
	// on another core (nil: never).
	split splitFunc
}

// splitFunc returns, for a resources array whose first element is at
// offset first of an input of length n, the offset from which to look for
// an element to start a second decoder at, or -1 for none.
type splitFunc func(first, n int) int

// halfway is the split of decodeFast: two fifths of the way through
// inputs of splitMin bytes or more, with a second core. Resources make
// most of a catalog, the containment edges after them less than half, so
// that is inside the array.
func halfway(first, n int) int {
	if n-first < splitMin || runtime.GOMAXPROCS(0) < 2 {
		return -1
	}
	return first + (n-first)*2/5
}

// slabSize is how many resources, or parameters, one block holds.
const slabSize = 512

// maxFastDepth bounds the nesting decodeFast follows; deeper input is left
// to encoding/json, which has its own limit.
const maxFastDepth = 500

// wireFields are the field names decodeGeneral reads; a key equal to one
// of them but for case is left to it (encoding/json matches fields
// case-insensitively).
var wireFields = []string{
	"tags", "name", "version", "code_id", "catalog_uuid", "catalog_format", "environment",
	"resources", "edges", "classes", "type", "title", "file", "line", "exported", "virtual",
	"kind", "parameters", "sensitive_parameters", "source", "target",
}

func (d *fastDecoder) unknownKey(key string) {
	for _, f := range wireFields {
		if strings.EqualFold(key, f) {
			panic(errBail)
		}
	}
	d.value()
}

func (d *fastDecoder) ws() {
	for d.i < len(d.s) {
		switch d.s[d.i] {
		case ' ', '\t', '\n', '\r':
			d.i++
		default:
			return
		}
	}
}

func (d *fastDecoder) peek() byte {
	d.ws()
	if d.i >= len(d.s) {
		panic(errBail)
	}
	return d.s[d.i]
}

func (d *fastDecoder) expect(c byte) {
	if d.peek() != c {
		panic(errBail)
	}
	d.i++
}

// more is called after an element of an object or array: it consumes a
// comma and reports true, or consumes the closing delimiter and reports false.
func (d *fastDecoder) more(end byte) bool {
	switch d.peek() {
	case ',':
		d.i++
		return true
	case end:
		d.i++
		return false
	}
	panic(errBail)
}

// object calls field for each key of an object; field must consume the value.
func (d *fastDecoder) object(field func(key string)) {
	d.expect('{')
	if d.peek() == '}' {
		d.i++
		return
	}
	for {
		key := d.str()
		d.expect(':')
		field(key)
		if !d.more('}') {
			return
		}
	}
}

// array calls elem for each element of an array; elem must consume it.
func (d *fastDecoder) array(elem func()) {
	d.expect('[')
	if d.peek() == ']' {
		d.i++
		return
	}
	for {
		elem()
		if !d.more(']') {
			return
		}
	}
}

func (d *fastDecoder) null() bool {
	if d.peek() == 'n' {
		d.literal("null")
		return true
	}
	return false
}

func (d *fastDecoder) literal(word string) {
	if !strings.HasPrefix(d.s[d.i:], word) {
		panic(errBail)
	}
	d.i += len(word)
}

// str reads a JSON string. Its bytes are kept as they are, UTF-8 or not
// (jsonstring.go).
func (d *fastDecoder) str() string {
	d.expect('"')
	start := d.i
	end, escaped := d.closingQuote(start)
	body := d.s[start:end]
	d.i = end + 1
	if !escaped {
		for k := 0; k < len(body); k++ {
			if body[k] < 0x20 {
				panic(errBail)
			}
		}
		return d.strs.keep(body)
	}
	// Decoded into a scratch buffer and kept from there: no allocation
	// of its own for each string with an escape (most contents).
	var err error
	d.unquoted, err = unquoteAppend(d.unquoted[:0], body)
	if err != nil {
		panic(errBail)
	}
	return d.strs.keep(unsafe.String(unsafe.SliceData(d.unquoted), len(d.unquoted)))
}

// closingQuote finds the quote that ends the string whose body starts at
// start, and whether the body holds escapes.
func (d *fastDecoder) closingQuote(start int) (end int, escaped bool) {
	pos := start
	for {
		j := strings.IndexByte(d.s[pos:], '"')
		if j < 0 {
			panic(errBail)
		}
		q := pos + j
		n := 0
		for k := q - 1; k >= start && d.s[k] == '\\'; k-- {
			n++
		}
		if n%2 == 0 {
			return q, escaped || n > 0 || strings.IndexByte(d.s[pos:q], '\\') >= 0
		}
		escaped = true
		pos = q + 1
	}
}

// transient reads a JSON string that is not kept: it may be the input's
// own bytes, valid only while the input is.
func (d *fastDecoder) transient() string {
	d.expect('"')
	start := d.i
	end, escaped := d.closingQuote(start)
	body := d.s[start:end]
	d.i = end + 1
	v, err := body, error(nil)
	if escaped {
		v, err = unquote(body)
	} else {
		for k := 0; k < len(body); k++ {
			if body[k] < 0x20 {
				err = errBadString
			}
		}
	}
	if err != nil {
		panic(errBail)
	}
	return v
}

// transientOrNull reads a string with transient; null leaves old.
func (d *fastDecoder) transientOrNull(old string) string {
	if d.null() {
		return old
	}
	return d.transient()
}

// strOrNull reads a string; null leaves old, as encoding/json does.
func (d *fastDecoder) strOrNull(old string) string {
	if d.null() {
		return old
	}
	return d.str()
}

// strList reads an array of strings or null.
func (d *fastDecoder) strList() []string {
	if d.null() {
		return nil
	}
	out := make([]string, 0, 4)
	d.array(func() { out = append(out, d.str()) })
	return out
}

func (d *fastDecoder) boolOrNull(old bool) bool {
	switch d.peek() {
	case 't':
		d.literal("true")
		return true
	case 'f':
		d.literal("false")
		return false
	case 'n':
		d.literal("null")
		return old
	}
	panic(errBail)
}

// number reads a JSON number's literal.
func (d *fastDecoder) number() string {
	d.ws()
	start := d.i
	if d.i < len(d.s) && d.s[d.i] == '-' {
		d.i++
	}
	digits := func() int {
		n := 0
		for d.i < len(d.s) && d.s[d.i] >= '0' && d.s[d.i] <= '9' {
			d.i++
			n++
		}
		return n
	}
	if d.i < len(d.s) && d.s[d.i] == '0' {
		d.i++
	} else if digits() == 0 {
		panic(errBail)
	}
	if d.i < len(d.s) && d.s[d.i] == '.' {
		d.i++
		if digits() == 0 {
			panic(errBail)
		}
	}
	if d.i < len(d.s) && (d.s[d.i] == 'e' || d.s[d.i] == 'E') {
		d.i++
		if d.i < len(d.s) && (d.s[d.i] == '+' || d.s[d.i] == '-') {
			d.i++
		}
		if digits() == 0 {
			panic(errBail)
		}
	}
	return d.s[start:d.i]
}

// intOrNull reads an integer into an int field; null leaves old.
func (d *fastDecoder) intOrNull(old int) int {
	if d.null() {
		return old
	}
	n, err := strconv.ParseInt(d.number(), 10, strconv.IntSize)
	if err != nil {
		panic(errBail)
	}
	return int(n)
}

// value reads any value the way decodeValue does: ordered hashes, rich
// values, integers apart from floats.
func (d *fastDecoder) value() Value {
	switch d.peek() {
	case '{':
		d.nest()
		h := NewHash()
		d.object(func(key string) { h.Set(key, d.value()) })
		d.depth--
		return richValue(h)
	case '[':
		d.nest()
		list := []Value{}
		d.array(func() { list = append(list, d.value()) })
		d.depth--
		return list
	case '"':
		return d.strs.box(d.str())
	case 't':
		d.literal("true")
		return true
	case 'f':
		d.literal("false")
		return false
	case 'n':
		d.literal("null")
		return nil
	}
	lit := d.number()
	if i, err := strconv.ParseInt(lit, 10, 64); err == nil {
		return i
	}
	f, err := strconv.ParseFloat(lit, 64)
	if err != nil {
		panic(errBail)
	}
	return f
}

func (d *fastDecoder) nest() {
	d.depth++
	if d.depth > maxFastDepth {
		panic(errBail)
	}
}

func (d *fastDecoder) catalog() *Catalog {
	var (
		name, env, uuid string
		version         Value
		codeID          *string
		format          int
		tags, classes   []string
		resources       []*Resource
		edges           []Containment
	)
	d.object(func(key string) {
		switch key {
		case "tags":
			tags = d.strList()
		case "name":
			name = d.strOrNull(name)
		case "version":
			version = d.value()
		case "code_id":
			if d.null() {
				codeID = nil
			} else {
				s := d.str()
				codeID = &s
			}
		case "catalog_uuid":
			uuid = d.strOrNull(uuid)
		case "catalog_format":
			format = d.intOrNull(format)
		case "environment":
			env = d.strOrNull(env)
		case "resources":
			if d.null() {
				resources = nil
				return
			}
			resources = d.resources(resources[:0])
		case "edges":
			if d.null() {
				edges = nil
				return
			}
			// A compiled catalog has about one containment edge per
			// resource: room for them at once, rather than growing a
			// long list a quarter at a time.
			edges = slices.Grow(edges[:0], len(resources))
			d.array(func() { edges = append(edges, d.edge()) })
		case "classes":
			classes = d.strList()
		default:
			d.unknownKey(key)
		}
	})
	d.ws()
	if d.i != len(d.s) {
		panic(errBail)
	}
	c := New(name)
	if env != "" {
		c.Environment = env
	}
	c.Version = versionOf(version)
	if codeID != nil {
		c.CodeID = *codeID
	}
	c.CatalogUUID = uuid
	c.Tags = tags
	c.Classes = classes
	if len(resources) > 0 {
		c.byRef = make(map[Ref]*Resource, len(resources))
		c.Resources = make([]*Resource, 0, len(resources))
	}
	for _, r := range resources {
		if err := c.Add(r); err != nil {
			panic(errBail)
		}
	}
	// The edges' references were read in place: they take the strings of
	// the resources they name, or copies when they name none.
	for i := range edges {
		edges[i].Container = c.keptRef(edges[i].Container)
		edges[i].Member = c.keptRef(edges[i].Member)
	}
	if len(edges) > 0 {
		c.Containment = edges
	}
	return c
}

// splitMin is the size of the rest of the input from which a resources
// array is decoded on two cores.
const splitMin = 4 << 20

// resources reads the catalog's resources array after out. A large one
// is decoded on two cores: a second decoder (tail) starts at what looks
// like the start of a resource about half way through, and its resources
// are taken when this decoder, reading in order, arrives exactly there
// between two elements: only then is it certainly the start of one. When
// the guess was wrong (it fell inside a string, or past the array) the
// second decoder's work is dropped and this one reads on.
func (d *fastDecoder) resources(out []*Resource) []*Resource {
	d.expect('[')
	if d.peek() == ']' {
		d.i++
		return out
	}
	t := d.startTail()
	// The tail reads the input in place: it must have stopped before
	// the input can go (an unmapped file), also when this decoder bails.
	defer func() {
		if t != nil {
			t.abandon()
		}
	}()
	for {
		if t != nil && d.i >= t.start {
			if d.i == t.start {
				<-t.done
				if t.ok {
					d.i = t.end
					out = append(out, t.resources...)
					t = nil
					return out
				}
			}
			t.abandon()
			t = nil
		}
		out = append(out, d.resource())
		if !d.more(']') {
			return out
		}
		d.ws()
	}
}

// tail is the decoding of the end of a resources array from a guessed
// start, on another goroutine.
type tail struct {
	start int
	stop  atomic.Bool
	done  chan struct{}

	// Set before done is closed.
	resources []*Resource
	end       int // just past the array's closing bracket
	ok        bool
}

// startTail starts the decoding of the tail of the resources array whose
// first element d is at, where d.split says; it returns nil when it does
// not.
func (d *fastDecoder) startTail() *tail {
	if d.split == nil {
		return nil
	}
	from := d.split(d.i, len(d.s))
	if from < 0 {
		return nil
	}
	start := boundaryAfter(d.s, from)
	if start < 0 {
		return nil
	}
	t := &tail{start: start, done: make(chan struct{})}
	go t.decode(d.s)
	return t
}

func (t *tail) decode(s string) {
	defer close(t.done)
	defer func() {
		// A wrong guess can fail anywhere: it only loses the work.
		if recover() != nil {
			t.ok = false
		}
	}()
	d := &fastDecoder{s: s, i: t.start} // no split of its own
	for !t.stop.Load() {
		t.resources = append(t.resources, d.resource())
		if !d.more(']') {
			t.end, t.ok = d.i, true
			return
		}
	}
}

// abandon stops the tail's decoding and waits for it to end.
func (t *tail) abandon() {
	t.stop.Store(true)
	<-t.done
}

// boundaryAfter returns the offset of the next '{' at or after from that
// follows a '}' and a comma (with white space between): the start of an
// array element, if from is not inside a string. It looks no further
// than a megabyte, and returns -1 when it finds none.
func boundaryAfter(s string, from int) int {
	limit := min(len(s), from+1<<20)
	for i := from; i < limit; i++ {
		if s[i] != '}' {
			continue
		}
		j := skipSpace(s, i+1)
		if j >= len(s) || s[j] != ',' {
			continue
		}
		j = skipSpace(s, j+1)
		if j < len(s) && s[j] == '{' {
			return j
		}
	}
	return -1
}

func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}

// keptRef returns ref with strings that do not share the input's memory:
// those of the resource it names exactly, or copies.
func (c *Catalog) keptRef(ref Ref) Ref {
	if r := c.byRef[ref]; r != nil {
		return r.Ref()
	}
	return Ref{Type: strings.Clone(ref.Type), Title: strings.Clone(ref.Title)}
}

func (d *fastDecoder) resource() *Resource {
	if len(d.resourceSlab) == 0 {
		d.resourceSlab = make([]Resource, slabSize)
	}
	r := &d.resourceSlab[0]
	d.resourceSlab = d.resourceSlab[1:]
	var typ, titleStr string
	var title Value
	isStr, haveParams := false, false
	d.object(func(key string) {
		switch key {
		case "type":
			typ = d.strOrNull(typ)
		case "title":
			if d.peek() == '"' {
				titleStr, title = d.str(), nil
				isStr = true
			} else {
				title, isStr = d.value(), false
			}
		case "tags":
			r.Tags = d.tagList()
		case "file":
			if !d.null() {
				r.File = d.strs.keepRepeated(d.transient())
			}
		case "line":
			r.Line = d.intOrNull(r.Line)
		case "exported":
			r.Exported = d.boolOrNull(r.Exported)
		case "virtual":
			// Read, and ignored as Puppet's agent ignores it: a resource
			// in a catalog is applied (testdata/malformed/cat-virtual).
			d.boolOrNull(false)
		case "kind":
			r.Kind = d.strOrNull(r.Kind)
		case "parameters":
			haveParams = true
			r.Params = d.params()
		case "sensitive_parameters":
			r.Sensitive = d.strList()
		default:
			d.unknownKey(key)
		}
	})
	if typ == "" || (!isStr && title == nil) || (isStr && titleStr == "") {
		panic(errBail)
	}
	r.Type = CanonicalType(typ)
	if isStr {
		if !utf8.ValidString(titleStr) {
			panic(errBail)
		}
		r.Title = titleStr
	} else {
		r.Title = Scalar(title)
	}
	if haveParams && len(r.Params) == 0 {
		r.Params = nil
	}
	return r
}

// tagList reads a resource's tags, or null, into a list shared with the
// resources that have the same tags.
func (d *fastDecoder) tagList() []string {
	if d.null() {
		return nil
	}
	d.tags = d.tags[:0]
	d.array(func() { d.tags = append(d.tags, d.str()) })
	if len(d.tags) == 0 {
		return []string{}
	}
	return d.strs.keepList(d.tags)
}

// params reads a resource's parameters object in order. A repeated name
// keeps its first place and its last value, as a Hash does.
func (d *fastDecoder) params() []Param {
	if d.peek() != '{' {
		panic(errBail)
	}
	out := d.scratch[:0]
	defer func() { d.scratch = out[:0] }()
	d.object(func(key string) {
		if key == "__ptype" {
			// A rich value where an object is wanted: an error.
			panic(errBail)
		}
		v := d.value()
		for i := range out {
			if out[i].Name == key {
				out[i].Value = v
				return
			}
		}
		out = append(out, Param{Name: key, Value: v})
	})
	if len(out) == 0 {
		return nil
	}
	// Carve the list from a block, full, so that an append copies it.
	if len(out) > len(d.paramSlab) {
		d.paramSlab = make([]Param, max(slabSize, len(out)))
	}
	kept := d.paramSlab[:len(out):len(out)]
	d.paramSlab = d.paramSlab[len(out):]
	copy(kept, out)
	clear(out)
	return kept
}

// edge reads a containment edge. Its references are read in place;
// catalog gives them kept strings once the resources are known.
func (d *fastDecoder) edge() Containment {
	var src, dst string
	d.object(func(key string) {
		switch key {
		case "source":
			src = d.transientOrNull(src)
		case "target":
			dst = d.transientOrNull(dst)
		default:
			d.unknownKey(key)
		}
	})
	from, ok1 := ParseRef(src)
	to, ok2 := ParseRef(dst)
	if !ok1 || !ok2 {
		panic(errBail)
	}
	return Containment{Container: from, Member: to}
}
