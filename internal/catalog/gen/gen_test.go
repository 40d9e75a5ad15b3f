package gen

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
)

// roundTrip encodes c, decodes it and encodes it again; the decoded
// catalog must hold the same resources and edges, and both encodings must
// be identical.
func roundTrip(t *testing.T, c *catalog.Catalog) *catalog.Catalog {
	t.Helper()
	var first bytes.Buffer
	if err := catalog.Encode(&first, c); err != nil {
		t.Fatal(err)
	}
	d, err := catalog.Decode(first.Bytes(), "gen.json")
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	if len(d.Resources) != len(c.Resources) {
		t.Fatalf("decoded %d resources, generated %d", len(d.Resources), len(c.Resources))
	}
	for i, r := range c.Resources {
		got := d.Resources[i]
		if got.Ref() != r.Ref() || got.Kind != r.Kind || got.File != r.File || got.Line != r.Line || !reflect.DeepEqual(got.Tags, r.Tags) {
			t.Fatalf("resource %d: decoded %s (%s:%d %v), generated %s (%s:%d %v)", i, got.Ref(), got.File, got.Line, got.Tags, r.Ref(), r.File, r.Line, r.Tags)
		}
		if len(got.Params) != len(r.Params) {
			t.Fatalf("%s: decoded %d parameters, generated %d", r.Ref(), len(got.Params), len(r.Params))
		}
		for j, prm := range r.Params {
			if got.Params[j].Name != prm.Name || catalog.Format(got.Params[j].Value) != catalog.Format(prm.Value) {
				t.Fatalf("%s: parameter %d decoded %s => %s, generated %s => %s", r.Ref(), j,
					got.Params[j].Name, catalog.Format(got.Params[j].Value), prm.Name, catalog.Format(prm.Value))
			}
		}
	}
	if !reflect.DeepEqual(d.Containment, c.Containment) {
		t.Fatalf("containment differs after the round trip")
	}
	if d.Name != c.Name || d.Version != c.Version || d.CatalogUUID != c.CatalogUUID || d.Environment != c.Environment {
		t.Fatalf("header differs: %s %s %s %s", d.Name, d.Version, d.CatalogUUID, d.Environment)
	}
	var second bytes.Buffer
	if err := catalog.Encode(&second, d); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first.Bytes(), second.Bytes()) {
		t.Fatalf("encode(decode(encode(c))) differs from encode(c)")
	}
	return d
}

func count(c *catalog.Catalog) map[string]int {
	m := map[string]int{}
	for _, r := range c.Resources {
		k := r.Type
		if r.Type == "File" {
			v, _ := r.Get("ensure")
			k += "/" + catalog.Scalar(v)
		}
		m[k]++
	}
	return m
}

func checkShape(t *testing.T, c *catalog.Catalog) {
	t.Helper()
	if len(c.Resources) < 3 {
		t.Fatalf("only %d resources", len(c.Resources))
	}
	head := []string{"Stage[main]", "Class[Settings]", "Class[main]"}
	for i, want := range head {
		if got := c.Resources[i].Ref().String(); got != want {
			t.Fatalf("resource %d is %s, want %s", i, got, want)
		}
	}
	// One containment edge per resource but Stage[main].
	if len(c.Containment) != len(c.Resources)-1 {
		t.Fatalf("%d containment edges for %d resources", len(c.Containment), len(c.Resources))
	}
	for _, e := range c.Containment[2:] {
		if e.Container.String() != "Class[main]" {
			t.Fatalf("edge %s -> %s is not from Class[main]", e.Container, e.Member)
		}
	}
	for _, r := range c.Resources {
		want := "compilable_type"
		if r.Type == "Class" {
			want = "unknown"
		}
		if r.Kind != want {
			t.Fatalf("%s has kind %q, want %q", r.Ref(), r.Kind, want)
		}
	}
	if c.CatalogUUID == "" || c.Version == "" {
		t.Fatalf("no version or catalog_uuid")
	}
	// Every require names a resource of the catalog declared earlier.
	seen := map[catalog.Ref]bool{}
	for _, r := range c.Resources {
		if v, ok := r.Get("require"); ok {
			for _, s := range catalog.Strings(v) {
				ref, ok := catalog.ParseRef(s)
				if !ok || !seen[ref] {
					t.Fatalf("%s requires %s, not declared before it", r.Ref(), s)
				}
			}
		}
		seen[r.Ref()] = true
	}
}

func TestFiles(t *testing.T) {
	for _, chained := range []bool{false, true} {
		c := Files("/tmp/root", 1234, chained)
		checkShape(t, c)
		got := count(c)
		want := map[string]int{"Stage": 1, "Class": 2, "File/directory": 1 + 3, "File/file": 1234}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("chained=%v: counts %v, want %v", chained, got, want)
		}
		// Directories come first, root first.
		if c.Resources[3].Title != "/tmp/root" || c.Resources[4].Title != "/tmp/root/d000" {
			t.Fatalf("first directories are %s, %s", c.Resources[3].Title, c.Resources[4].Title)
		}
		requires := 0
		for _, r := range c.Resources {
			if _, ok := r.Get("require"); ok {
				requires++
			}
			if r.Type == "File" && r.String("ensure") == "file" {
				if r.String("mode") != "0644" || len(r.String("content")) < ContentSize/2 {
					t.Fatalf("%s: mode %q, %d bytes of content", r.Ref(), r.String("mode"), len(r.String("content")))
				}
				if !strings.HasPrefix(r.Title, "/tmp/root/d") {
					t.Fatalf("%s is not in a directory under the root", r.Ref())
				}
			}
		}
		if wantReq := map[bool]int{false: 0, true: 1233}[chained]; requires != wantReq {
			t.Fatalf("chained=%v: %d requires, want %d", chained, requires, wantReq)
		}
		roundTrip(t, c)
	}
}

func TestFilesSmall(t *testing.T) {
	c := Files("/r", 0, false)
	checkShape(t, c)
	if got := count(c); got["File/directory"] != 2 || got["File/file"] != 0 {
		t.Fatalf("counts %v", got)
	}
	roundTrip(t, c)
}

func TestNotifies(t *testing.T) {
	c := Notifies(100)
	checkShape(t, c)
	if got := count(c); got["Notify"] != 100 || len(c.Resources) != 103 {
		t.Fatalf("counts %v", got)
	}
	d := roundTrip(t, c)
	if d.Resources[3].String("message") != "generated message 0" {
		t.Fatalf("message %q", d.Resources[3].String("message"))
	}
}

func TestMixed(t *testing.T) {
	for _, n := range []int{1, 7, 100, 2000, 10001} {
		c := Mixed("/tmp/m", n)
		checkShape(t, c)
		if len(c.Resources) != n+3 {
			t.Fatalf("n=%d: %d resources, want %d", n, len(c.Resources)-3, n)
		}
		got := count(c)
		if got["Exec"] != n/50 || got["Notify"] != n/20 {
			t.Fatalf("n=%d: counts %v", n, got)
		}
		if n >= 100 && (got["File/directory"] < 2 || got["File/file"] == 0 || got["File/present"] == 0) {
			t.Fatalf("n=%d: counts %v", n, got)
		}
		for _, r := range c.Resources {
			if r.Type == "Exec" && r.String("creates") == "" {
				t.Fatalf("%s has no creates", r.Ref())
			}
		}
		roundTrip(t, c)
	}
}

func TestDeterministic(t *testing.T) {
	var a, b bytes.Buffer
	_ = catalog.Encode(&a, Mixed("/x", 500))
	_ = catalog.Encode(&b, Mixed("/x", 500))
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("two catalogs generated from the same arguments differ")
	}
}
