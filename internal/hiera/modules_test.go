package hiera

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/datafile"
)

// TestForgeModuleData looks up every key of the module data of real Forge
// modules (apache, ntp, concat, postgresql, redis, ...) and compares with
// what Puppet 7.23 answered on the machine whose facts are in
// testdata/modules/facts.json. It runs when ORDO_TEST_MODULEPATH points at a
// modulepath holding those modules (unpacked from their public
// repositories; testdata/modules/record.py re-records the answers).
func TestForgeModuleData(t *testing.T) {
	mp := os.Getenv("ORDO_TEST_MODULEPATH")
	if mp == "" {
		t.Skip("ORDO_TEST_MODULEPATH is not set")
	}
	dir := filepath.Join("testdata", "modules")
	raw, err := os.ReadFile(filepath.Join(dir, "facts.json"))
	if err != nil {
		t.Fatal(err)
	}
	fv, err := datafile.JSON(raw)
	if err != nil {
		t.Fatal(err)
	}
	scope := factScope{facts: fv.(*catalog.Hash)}
	goldens, _ := filepath.Glob(filepath.Join(dir, "*.golden"))
	if len(goldens) == 0 {
		t.Fatal("no goldens")
	}
	h := New(Options{ModuleDir: ModulePath(filepath.SplitList(mp))})
	ctx := context.Background()
	for _, g := range goldens {
		mod := strings.TrimSuffix(filepath.Base(g), ".golden")
		if _, ok := h.opts.ModuleDir(mod); !ok {
			t.Logf("%s: not in %s, skipped", mod, mp)
			continue
		}
		f, err := os.Open(g)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		n := 0
		for sc.Scan() {
			key, want, _ := strings.Cut(sc.Text(), " ")
			v, err := h.Lookup(ctx, scope, Request{Names: []string{key}, Default: "ORDO_NOT_FOUND", HasDefault: true})
			got := ""
			if err != nil {
				got = "error: " + err.Error()
			} else {
				got = rubyJSON(v)
			}
			if got != want {
				t.Errorf("%s: %s\n got: %s\nwant: %s", mod, key, got, want)
			}
			n++
		}
		f.Close()
		t.Logf("%s: %d keys", mod, n)
	}
}

// BenchmarkForgeAPL is automatic parameter lookup of 100 apache class
// parameters (none of them in data, as with apache's empty module data)
// with a fresh Hiera each time, as one compilation does. It runs when
// ORDO_TEST_MODULEPATH holds puppetlabs-apache.
func BenchmarkForgeAPL(b *testing.B) {
	mp := os.Getenv("ORDO_TEST_MODULEPATH")
	if mp == "" {
		b.Skip("ORDO_TEST_MODULEPATH is not set")
	}
	raw, _ := os.ReadFile(filepath.Join("testdata", "modules", "facts.json"))
	fv, _ := datafile.JSON(raw)
	scope := factScope{facts: fv.(*catalog.Hash)}
	ctx := context.Background()
	for b.Loop() {
		h := New(Options{ModuleDir: ModulePath(filepath.SplitList(mp))})
		for i := range 100 {
			if _, _, err := h.Find(ctx, scope, "apache::param"+strconv.Itoa(i)); err != nil {
				b.Fatal(err)
			}
		}
	}
}
