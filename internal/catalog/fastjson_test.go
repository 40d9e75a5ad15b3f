package catalog

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"unsafe"
)

// sameAsGeneral checks that when decodeFast accepts data, decodeGeneral
// accepts it too and gives an identical catalog.
func sameAsGeneral(t testing.TB, data []byte) bool {
	t.Helper()
	fast, ok := decodeFast(data)
	if !ok {
		return false
	}
	general, err := decodeGeneral(data, "x.json")
	if err != nil {
		t.Fatalf("decodeFast accepted what decodeGeneral rejects (%v):\n%s", err, data)
	}
	sameCatalogs(t, "fast", fast, "general", general, data)
	return true
}

// sameCatalogs fails t unless a and b, decoded from data, are identical.
func sameCatalogs(t testing.TB, aName string, fast *Catalog, bName string, general *Catalog, data []byte) {
	t.Helper()
	// Scalar renders a composite title or version with fmt, pointers
	// and all; those differ between any two decodings.
	fast.Version, general.Version = pointerRE.ReplaceAllString(fast.Version, "0x"), pointerRE.ReplaceAllString(general.Version, "0x")
	for _, c := range []*Catalog{fast, general} {
		for _, r := range c.Resources {
			if t := pointerRE.ReplaceAllString(r.Title, "0x"); t != r.Title {
				delete(c.byRef, r.Ref())
				r.Title = t
				c.byRef[r.Ref()] = r
			}
		}
	}
	if !reflect.DeepEqual(fast, general) {
		for i := range general.Resources {
			if i < len(fast.Resources) && !reflect.DeepEqual(fast.Resources[i], general.Resources[i]) {
				t.Fatalf("resource %d differs:\n%s %#v\n%s %#v", i, aName, fast.Resources[i], bName, general.Resources[i])
			}
		}
		t.Fatalf("catalogs differ:\n%s %#v\n%s %#v\ninput:\n%s", aName, fast, bName, general, data)
	}
}

var pointerRE = regexp.MustCompile(`0x[0-9a-f]+`)

func corpus(t testing.TB) [][]byte {
	files, _ := filepath.Glob("../../testdata/differential/*.json")
	var out [][]byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, data)
	}
	return out
}

var fastCases = []string{
	`{}`,
	`{"resources": null, "edges": null, "tags": null}`,
	`{"name": "n", "version": 1.5, "code_id": "abc", "catalog_format": 1, "resources": [{"type": "notify", "title": 12, "parameters": {}}]}`,
	`{"resources": [{"type": "file", "title": "/x", "parameters": {"mode": "0644", "mode": "0600", "b": [1, -0, 2.5e3, 1e400, 12345678901234567890, true, null, {"k": "v"}]}}]}`,
	`{"resources": [{"type": "file", "title": "/x", "parameters": {"content": {"__ptype": "Sensitive", "__pvalue": "s"}, "d": {"__ptype": "Deferred", "name": "f"}}}]}`,
	`{"resources": [{"type": "file", "title": "/x", "parameters": {"__ptype": "Sensitive"}}]}`,
	`{"resources": [{"type": "file", "title": "/x\u00e9\n\"q\"", "tags": ["a\tb", "é"], "line": 3, "exported": true, "virtual": null}]}`,
	`{"resources": [{"type": "file", "title": "/x", "Line": 3}]}`,
	`{"resources": [{"type": "file", "title": "/x", "line": 3.0}]}`,
	`{"resources": [{"type": "file", "title": null}]}`,
	`{"resources": [{"type": "file", "title": "/x", "parameters": null}]}`,
	`{"resources": [{"type": "file", "title": "/x"}, {"type": "File", "title": "/x"}]}`,
	`{"resources": [null]}`,
	`{"edges": [{"source": "Class[main]", "target": "File[/x]", "extra": [1, {"a": null}]}]}`,
	`{"edges": [{"source": "Class[main]"}]}`,
	`{"catalog_format": 3}`,
	`{"name": "a", "name": null}`,
	"{\"name\": \"n\xff\", \"resources\": [{\"type\": \"file\", \"title\": \"/x\xfe\", \"tags\": [\"\xc3\"], \"parameters\": {\"c\xff\": \"\\u00e9\x80\\ud800\"}}]}",
	`{"name": "bad \xff utf8"}`,
	`{"name": "a\\\"b\\\\", "environment": "\\", "catalog_uuid": "q\"\"\\\"", "tags": ["\u00e9\ud83d\ude00", "\ud800", "x\/y\b\f\r"]}`,
	`{"name": "ctl \u0001 ok", "environment": "raw` + "\t" + `tab"}`,
	`{"name": "ok"} trailing`,
	`[]`,
	`null`,
	`{"name": "x",}`,
	`{"resources": [{"type": "Foo::bar", "title": "t", "kind": "defined_type", "sensitive_parameters": ["p"]}]}`,
}

func TestDecodeFastMatchesGeneral(t *testing.T) {
	accepted := 0
	for _, data := range corpus(t) {
		if !sameAsGeneral(t, data) {
			t.Errorf("decodeFast gave up on a catalog Puppet wrote:\n%.300s", data)
		}
		accepted++
	}
	for _, s := range fastCases {
		sameAsGeneral(t, []byte(s))
	}
	t.Logf("%d recorded catalogs decoded alike", accepted)
}

// TestDecodeFastMutations flips, drops and duplicates bytes of recorded
// catalogs: whatever decodeFast accepts must decode identically in general.
func TestDecodeFastMutations(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	inputs := corpus(t)
	if len(inputs) == 0 {
		t.Skip("no recorded catalogs")
	}
	alphabet := []byte(`{}[]",:0123456789.eE-+ntfrulase\u` + "\x00\xff\n")
	accepted := 0
	for n := 0; n < 3000; n++ {
		in := inputs[rng.Intn(len(inputs))]
		data := append([]byte(nil), in...)
		for k := 1 + rng.Intn(3); k > 0; k-- {
			i := rng.Intn(len(data))
			switch rng.Intn(3) {
			case 0:
				data[i] = alphabet[rng.Intn(len(alphabet))]
			case 1:
				data = append(data[:i], data[i+1:]...)
			default:
				data = append(data[:i+1], data[i:]...)
			}
		}
		if sameAsGeneral(t, data) {
			accepted++
		}
	}
	t.Logf("%d of 3000 mutated catalogs accepted by decodeFast", accepted)
}

func FuzzDecodeFast(f *testing.F) {
	for _, s := range fastCases {
		f.Add([]byte(s))
	}
	for _, data := range corpus(f) {
		f.Add(data)
	}
	f.Fuzz(func(t *testing.T, data []byte) { sameAsGeneral(t, data) })
}

func TestDecodeFastDeepNesting(t *testing.T) {
	deep := `{"version": ` + strings.Repeat("[", 20000) + strings.Repeat("]", 20000) + `}`
	if _, ok := decodeFast([]byte(deep)); ok {
		t.Fatal("decodeFast accepted 20,000 nested arrays")
	}
	if _, err := Decode([]byte(deep), "deep.json"); err == nil {
		t.Fatal("Decode accepted 20,000 nested arrays")
	}
}

// goWords are signs of Go's own formatting in a message meant for people.
var goWords = []string{"wireCatalog", "wireResource", "wireEdge", "Go struct", "Go value", "json: ", "catalog.", "%!", "map[", "&{", "[]interface", "<nil>", "reflect."}

// speaksJSON fails t when a decoding error shows Go's words.
func speaksJSON(t *testing.T, data []byte) {
	t.Helper()
	_, err := Decode(data, "catalog")
	if err == nil {
		return
	}
	for _, w := range goWords {
		if strings.Contains(err.Error(), w) {
			t.Fatalf("decoding %.200q: error %q shows Go's %q", data, err, w)
		}
	}
}

// Every error about a malformed catalog, over many mutations of recorded
// catalogs and the hand-made cases, is said in JSON's words.
func TestDecodeErrorsNeverShowGo(t *testing.T) {
	for _, s := range fastCases {
		speaksJSON(t, []byte(s))
	}
	rng := rand.New(rand.NewSource(2))
	inputs := corpus(t)
	if len(inputs) == 0 {
		t.Skip("no recorded catalogs")
	}
	alphabet := []byte(`{}[]",:0123456789.eE-+ntfrulase\u` + "\x00\xff\n")
	for n := 0; n < 2000; n++ {
		data := append([]byte(nil), inputs[rng.Intn(len(inputs))]...)
		for k := 1 + rng.Intn(3); k > 0; k-- {
			i := rng.Intn(len(data))
			data[i] = alphabet[rng.Intn(len(alphabet))]
		}
		speaksJSON(t, data)
	}
}

func FuzzDecodeErrors(f *testing.F) {
	for _, s := range fastCases {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) { speaksJSON(t, data) })
}

// The catalog keeps nothing of its input: a caller may reuse the buffer.
func TestDecodeKeepsNoInput(t *testing.T) {
	in := []byte(`{"name": "n", "tags": ["t"], "resources": [{"type": "File", "title": "/etc/motd", "tags": ["file"],
	  "parameters": {"content": "hello, a string longer than the interned ones", "mode": "0644", "n": {"k": "v"}}}],
	  "edges": [{"source": "Class[main]", "target": "File[/etc/motd]"}]}`)
	c, ok := decodeFast(in)
	if !ok {
		t.Fatal("decodeFast gave up")
	}
	want := catalogText(c)
	for i := range in {
		in[i] = 'X'
	}
	if got := catalogText(c); got != want {
		t.Errorf("the catalog changed with its input:\n%s\nwas:\n%s", got, want)
	}
}

// catalogText renders everything a catalog holds.
func catalogText(c *Catalog) string {
	var b strings.Builder
	fmt.Fprintln(&b, c.Name, c.Tags)
	for _, r := range c.Resources {
		fmt.Fprintln(&b, r.Type, r.Title, r.Tags)
		for _, p := range r.Params {
			fmt.Fprintln(&b, p.Name, Format(p.Value))
		}
	}
	for _, e := range c.Containment {
		fmt.Fprintln(&b, e.Container, e.Member)
	}
	return b.String()
}

// decodeSplit decodes data as decodeFast does, with the tail of its
// resources array decoded on another goroutine from where split says.
func decodeSplit(data []byte, split splitFunc) (c *Catalog, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			if r != errBail {
				panic(r)
			}
			c, ok = nil, false
		}
	}()
	d := &fastDecoder{s: string(data), split: split}
	return d.catalog(), true
}

// TestDecodeSplitMatchesSerial starts the second decoder of a resources
// array at every place of recorded, odd and mutated catalogs (inside
// strings, between fields, in the edges, past the end): the catalog must
// be the one a single decoder reads, or both must give up.
func TestDecodeSplitMatchesSerial(t *testing.T) {
	inputs := corpus(t)
	for _, s := range fastCases {
		inputs = append(inputs, []byte(s))
	}
	// Titles and contents that look like the start of a resource.
	var b strings.Builder
	b.WriteString(`{"name": "n", "resources": [`)
	for i := range 60 {
		if i > 0 {
			b.WriteString(",\n ")
		}
		fmt.Fprintf(&b, `{"type": "File", "title": "/t/%d}, {\"type\": \"File\", \"title\": \"/fake%d\"}", "tags": ["file"], "parameters": {"content": "}, {", "mode": "0644"}}`, i, i)
	}
	b.WriteString(`], "edges": [{"source": "Class[main]", "target": "File[/t/0}, {\"type\": \"File\", \"title\": \"/fake0\"}]"}]}`)
	inputs = append(inputs, []byte(b.String()))
	rng := rand.New(rand.NewSource(2))
	for n := 0; n < 40; n++ {
		data := append([]byte(nil), inputs[rng.Intn(len(inputs))]...)
		if len(data) > 0 {
			data[rng.Intn(len(data))] = "{}[],\": "[rng.Intn(7)]
		}
		inputs = append(inputs, data)
	}
	splits := 0
	for _, data := range inputs {
		serial, okSerial := decodeSplit(data, nil)
		step := max(1, len(data)/80)
		for from := 0; from <= len(data); from += step {
			split := func(first, n int) int { return max(from, first) }
			got, ok := decodeSplit(data, split)
			if ok != okSerial {
				t.Fatalf("split at %d: decoded %v, a single decoder %v:\n%.300s", from, ok, okSerial, data)
			}
			if ok {
				sameCatalogs(t, "split", got, "serial", serial, data)
				splits++
			}
		}
	}
	t.Logf("%d split decodings matched", splits)
}

// TestDecodeSplitTakesTail checks that the tail's resources are taken,
// not read again: a decoder carves resources from blocks of slabSize, so
// the first resource of the tail is the first one not next to the one
// before it at a place that is not a block's start.
func TestDecodeSplitTakesTail(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"resources": [`)
	const n = 1000
	for i := range n {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, `{"type": "File", "title": "/t/%d", "parameters": {"content": "x"}}`, i)
	}
	b.WriteString(`]}`)
	d := &fastDecoder{s: b.String(), split: func(first, n int) int { return first + (n-first)/2 }}
	c := d.catalog()
	if len(c.Resources) != n {
		t.Fatalf("%d resources, want %d", len(c.Resources), n)
	}
	size := unsafe.Sizeof(Resource{})
	tailAt := -1
	for i, r := range c.Resources {
		if r.Title != fmt.Sprintf("/t/%d", i) {
			t.Fatalf("resource %d is %s", i, r.Title)
		}
		if i%slabSize != 0 && uintptr(unsafe.Pointer(r))-uintptr(unsafe.Pointer(c.Resources[i-1])) != size {
			tailAt = i
		}
	}
	if tailAt < n/3 || tailAt > 2*n/3 {
		t.Fatalf("the tail's resources begin at %d, want about %d", tailAt, n/2)
	}
}
