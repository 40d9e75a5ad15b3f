package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/catalog/gen"
)

// bigCatalog writes a generated catalog large enough to be mapped.
func bigCatalog(t *testing.T) (string, []byte) {
	t.Helper()
	var js bytes.Buffer
	if err := catalog.Encode(&js, gen.Files("/nonexistent/ordomemory", 3000, false)); err != nil {
		t.Fatal(err)
	}
	if js.Len() < mapAtLeast {
		t.Fatalf("catalog of %d bytes is not mapped", js.Len())
	}
	p := filepath.Join(t.TempDir(), "catalog.json")
	if err := os.WriteFile(p, js.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return p, js.Bytes()
}

// TestLoadCatalogMapped: a large catalog file, mapped, decodes to the
// catalog its bytes decode to.
func TestLoadCatalogMapped(t *testing.T) {
	p, data := bigCatalog(t)
	if m, unmap := mapCatalog(p); m == nil {
		t.Fatal("not mapped")
	} else {
		unmap()
	}
	got, err := loadCatalog(context.Background(), Stdio{}, p)
	if err != nil {
		t.Fatal(err)
	}
	want, err := catalog.Decode(data, p)
	if err != nil {
		t.Fatal(err)
	}
	var a, b bytes.Buffer
	catalog.Encode(&a, got)
	catalog.Encode(&b, want)
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("the mapped catalog differs from the one read")
	}
}

// TestLoadCatalogCutShort: a catalog file cut short while it is mapped
// is an error, not a crash.
func TestLoadCatalogCutShort(t *testing.T) {
	p, _ := bigCatalog(t)
	data, unmap := mapCatalog(p)
	if data == nil {
		t.Fatal("not mapped")
	}
	defer unmap()
	if err := os.Truncate(p, 100); err != nil {
		t.Fatal(err)
	}
	_, err := decodeMapped(data, p)
	if err == nil || !strings.Contains(err.Error(), "changed while it was read") {
		t.Fatalf("got %v", err)
	}
}
