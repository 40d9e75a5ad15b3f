package catalog

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRoundTripRecorded decodes every catalog Puppet compiled for the
// differential corpus, encodes it and decodes it again: resources, their
// kinds, parameters and containment must survive.
func TestRoundTripRecorded(t *testing.T) {
	files, _ := filepath.Glob("../../testdata/differential/*.json")
	if len(files) == 0 {
		t.Skip("no recorded catalogs")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		a, err := Decode(data, f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		var buf bytes.Buffer
		if err := Encode(&buf, a); err != nil {
			t.Fatal(err)
		}
		b, err := Decode(buf.Bytes(), f+" (encoded)")
		if err != nil {
			t.Fatalf("%s: decoding the encoding: %v", f, err)
		}
		if len(a.Resources) != len(b.Resources) || len(a.Containment) != len(b.Containment) {
			t.Fatalf("%s: %d resources, %d edges became %d, %d", f, len(a.Resources), len(a.Containment), len(b.Resources), len(b.Containment))
		}
		for i, ra := range a.Resources {
			rb := b.Resources[i]
			if ra.Ref() != rb.Ref() || ra.Kind != rb.Kind || ra.File != rb.File || ra.Line != rb.Line || len(ra.Params) != len(rb.Params) {
				t.Fatalf("%s: %s (kind %q) became %s (kind %q)", f, ra.Ref(), ra.Kind, rb.Ref(), rb.Kind)
			}
			for j, p := range ra.Params {
				if rb.Params[j].Name != p.Name || Format(rb.Params[j].Value) != Format(p.Value) {
					t.Fatalf("%s: %s parameter %s changed", f, ra.Ref(), p.Name)
				}
			}
		}
		for i := range a.Containment {
			if a.Containment[i] != b.Containment[i] {
				t.Fatalf("%s: edge %d changed", f, i)
			}
		}
	}
}

func TestCanonicalTypeShortcut(t *testing.T) {
	for _, name := range []string{"File", "file", "Foo::Bar", "foo::bar", "Foo::bar", "::foo", "A::::B", "a:b", "A:b",
		"Ünïcode", "FILE", "F", "", "::", "Foo::", "Foo:::bar", "x1", "X_y", "Ab::Cd::Ef", "Ab::cD"} {
		segs := strings.Split(strings.TrimPrefix(name, "::"), "::")
		for i, s := range segs {
			if s != "" {
				segs[i] = strings.ToUpper(s[:1]) + strings.ToLower(s[1:])
			}
		}
		want := strings.Join(segs, "::")
		if got := CanonicalType(name); got != want {
			t.Errorf("CanonicalType(%q) = %q, want %q", name, got, want)
		}
	}
}
