package hiera

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/datafile"
)

// factScope is the top scope `puppet lookup --facts FILE` gives: every
// fact as a variable, and $facts.
type factScope struct{ facts *catalog.Hash }

func (s factScope) Var(name string) (catalog.Value, bool) {
	name = strings.TrimPrefix(name, "::")
	switch name {
	case "facts":
		return s.facts, true
	case "environment":
		return "production", true
	}
	return s.facts.Get(name)
}

func loadFactScope(t testing.TB, path string) factScope {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := datafile.YAML(data)
	if err != nil {
		t.Fatal(err)
	}
	return factScope{facts: v.(*catalog.Hash)}
}

// lookupCLI runs one line of queries.txt as `puppet lookup` would.
func lookupCLI(ctx context.Context, h *Hiera, scope Scope, line string) (string, error) {
	v, err := h.Lookup(ctx, scope, cliRequest(line))
	if err != nil {
		return "", err
	}
	return rubyJSON(v), nil
}

// cliRequest is the lookup a `puppet lookup` command line asks for.
func cliRequest(line string) Request {
	args := strings.Fields(line)
	var req Request
	var prefix string
	var sortArrays, hashArrays bool
	strategyName := ""
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "--merge":
			i++
			strategyName = args[i]
		case "--knock-out-prefix":
			i++
			prefix = args[i]
		case "--sort-merged-arrays":
			sortArrays = true
		case "--merge-hash-arrays":
			hashArrays = true
		case "--default":
			i++
			req.Default, req.HasDefault = args[i], true
		default:
			req.Names = append(req.Names, args[i])
		}
	}
	switch {
	case strategyName == "deep":
		// As puppet lookup builds it.
		m := catalog.NewHash()
		m.Set("strategy", "deep")
		m.Set("sort_merged_arrays", sortArrays)
		m.Set("merge_hash_arrays", hashArrays)
		if prefix != "" {
			m.Set("knockout_prefix", prefix)
		}
		req.Merge = m
	case strategyName != "":
		req.Merge = strategyName
	}
	return req
}

// rubyJSON renders v as Ruby's JSON.generate: compact, keys in order.
func rubyJSON(v catalog.Value) string {
	var b strings.Builder
	writeJSON(&b, v)
	return b.String()
}

func writeJSON(b *strings.Builder, v catalog.Value) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case string:
		var buf bytes.Buffer
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		enc.Encode(x)
		b.WriteString(strings.TrimSuffix(buf.String(), "\n"))
	case bool:
		b.WriteString(strconv.FormatBool(x))
	case int64:
		b.WriteString(strconv.FormatInt(x, 10))
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1e16 {
			b.WriteString(strconv.FormatFloat(x, 'f', 1, 64))
		} else {
			b.WriteString(strconv.FormatFloat(x, 'g', -1, 64))
		}
	case []catalog.Value:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSON(b, e)
		}
		b.WriteByte(']')
	case *catalog.Hash:
		b.WriteByte('{')
		for i, k := range x.Keys() {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSON(b, k)
			b.WriteByte(':')
			e, _ := x.Get(k)
			writeJSON(b, e)
		}
		b.WriteByte('}')
	}
}

// readGolden parses "== query" blocks.
func readGolden(t *testing.T, path string) (queries []string, answers map[string]string) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	answers = map[string]string{}
	sc := bufio.NewScanner(f)
	cur := ""
	for sc.Scan() {
		line := sc.Text()
		if q, ok := strings.CutPrefix(line, "== "); ok {
			cur = q
			queries = append(queries, q)
			continue
		}
		if answers[cur] != "" {
			answers[cur] += "\n"
		}
		answers[cur] += line
	}
	return queries, answers
}

func testHiera(dir string, warn func(string)) *Hiera {
	env := filepath.Join(dir, "environments", "production")
	return New(Options{
		GlobalConfig:   filepath.Join(dir, "global", "hiera.yaml"),
		EnvironmentDir: env,
		ModuleDir:      ModulePath([]string{filepath.Join(env, "modules")}),
		Warn:           warn,
	})
}

// TestLookupMatchesPuppet replays every query Puppet 7.23 answered, in
// each testdata/lookup* tree (lookup: Hiera 5 in all three layers;
// lookup-v3: a Hiera 3 global configuration).
func TestLookupMatchesPuppet(t *testing.T) {
	dirs, _ := filepath.Glob(filepath.Join("testdata", "lookup*"))
	for _, dir := range dirs {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			abs, err := filepath.Abs(dir)
			if err != nil {
				t.Fatal(err)
			}
			queries, answers := readGolden(t, filepath.Join(dir, "queries.golden"))
			scope := loadFactScope(t, filepath.Join(dir, "facts.yaml"))
			if root, ok := scope.facts.Get("ordo_root"); ok && root == "@ROOT@" {
				scope.facts.Set("ordo_root", abs)
			}
			h := testHiera(abs, nil)
			ctx := context.Background()
			for _, q := range queries {
				got, err := lookupCLI(ctx, h, scope, q)
				want := answers[q]
				if err != nil {
					if IsNotFound(err) {
						got = "(not found, exit 1)"
					} else {
						got = "error: " + err.Error()
					}
				}
				if got != want {
					t.Errorf("puppet lookup %s\n got: %s\nwant: %s", q, got, want)
				}
			}
		})
	}
}

func TestModuleKeysOutsideNamespaceWarn(t *testing.T) {
	abs, _ := filepath.Abs(filepath.Join("testdata", "lookup"))
	var warnings []string
	h := testHiera(abs, func(m string) { warnings = append(warnings, m) })
	scope := loadFactScope(t, filepath.Join("testdata", "lookup", "facts.yaml"))
	if _, _, err := h.Find(context.Background(), scope, "ordodata::only_module"); err != nil {
		t.Fatal(err)
	}
	want := "Module 'ordodata': Value returned from data_hash function 'yaml_data', when using location '" +
		filepath.Join(abs, "environments/production/modules/ordodata/data/common.yaml") +
		"', must use keys qualified with the name of the module"
	if len(warnings) != 1 || warnings[0] != want {
		t.Errorf("warnings = %q, want [%q]", warnings, want)
	}
}

func TestNotFoundMessages(t *testing.T) {
	for _, tc := range []struct {
		names []string
		want  string
	}{
		{[]string{"x"}, "Function lookup() did not find a value for the name 'x'"},
		{[]string{"x", "y"}, "Function lookup() did not find a value for any of the names ['x', 'y']"},
	} {
		err := error(&NotFoundError{Names: tc.names})
		if err.Error() != tc.want {
			t.Errorf("got %q, want %q", err, tc.want)
		}
		var nf *NotFoundError
		if !errors.As(err, &nf) {
			t.Error("not a NotFoundError")
		}
	}
}

// BenchmarkFind is automatic parameter lookup of a module key through
// all three layers, as a class with parameters does it.
func BenchmarkFind(b *testing.B) {
	abs, _ := filepath.Abs(filepath.Join("testdata", "lookup"))
	h := testHiera(abs, nil)
	scope := loadFactScope(b, filepath.Join("testdata", "lookup", "facts.yaml"))
	ctx := context.Background()
	for b.Loop() {
		if _, _, err := h.Find(ctx, scope, "ordodata::settings"); err != nil {
			b.Fatal(err)
		}
		if _, _, err := h.Find(ctx, scope, "ordodata::no_such_param"); err != nil {
			b.Fatal(err)
		}
	}
}

// puppetFunctions stands for the compiler's Puppet-language functions.
type puppetFunctions map[string]func(opts *catalog.Hash) *catalog.Hash

func (p puppetFunctions) Has(name string) bool { _, ok := p[name]; return ok }
func (p puppetFunctions) Call(_ context.Context, name string, opts *catalog.Hash) (*catalog.Hash, error) {
	return p[name](opts), nil
}

func TestDataHashFunctionFromCompiler(t *testing.T) {
	dir := t.TempDir()
	mod := filepath.Join(dir, "ordofn")
	os.MkdirAll(mod, 0o755)
	os.WriteFile(filepath.Join(mod, "hiera.yaml"), []byte("version: 5\nhierarchy:\n  - name: fn\n    data_hash: ordofn::data\n    options: {greeting: hi}\n"), 0o644)
	calls := 0
	var warnings []string
	h := New(Options{
		ModuleDir: ModulePath([]string{dir}),
		Warn:      func(m string) { warnings = append(warnings, m) },
		DataHash: puppetFunctions{"ordofn::data": func(opts *catalog.Hash) *catalog.Hash {
			calls++
			g, _ := opts.Get("greeting")
			out := catalog.NewHash()
			out.Set("ordofn::x", g)
			out.Set("stray", 1)
			return out
		}},
	})
	for range 2 {
		v, found, err := h.Find(context.Background(), nil, "ordofn::x")
		if err != nil || !found || v != "hi" {
			t.Fatalf("got %v %v %v", v, found, err)
		}
	}
	if calls != 1 {
		t.Errorf("called %d times, want once", calls)
	}
	want := "Module 'ordofn': Value returned from data_hash function 'ordofn::data' must use keys qualified with the name of the module"
	if len(warnings) != 1 || warnings[0] != want {
		t.Errorf("warnings %q", warnings)
	}
}

// TestConcurrentLookups: one Hiera answers lookups from several
// goroutines (run with -race).
func TestConcurrentLookups(t *testing.T) {
	abs, _ := filepath.Abs(filepath.Join("testdata", "lookup"))
	h := testHiera(abs, nil)
	scope := loadFactScope(t, filepath.Join("testdata", "lookup", "facts.yaml"))
	done := make(chan error)
	for i := 0; i < 4; i++ {
		go func() {
			var err error
			for _, k := range []string{"plain", "ordodata::settings", "deep", "interp_chain", "merged_hash"} {
				if _, _, e := h.Find(context.Background(), scope, k); e != nil {
					err = e
				}
			}
			done <- err
		}()
	}
	for i := 0; i < 4; i++ {
		if err := <-done; err != nil {
			t.Error(err)
		}
	}
}

// TestFindUndefIsNoData: a class parameter whose data is ~ takes its
// default in Puppet 7.23 (recorded with a class `ordoapl($a = 'default
// a')` and `ordoapl::a: ~`), while lookup() answers undef.
func TestFindUndefIsNoData(t *testing.T) {
	abs, _ := filepath.Abs(filepath.Join("testdata", "lookup"))
	h := testHiera(abs, nil)
	scope := loadFactScope(t, filepath.Join("testdata", "lookup", "facts.yaml"))
	if v, found, err := h.Find(context.Background(), scope, "nothing"); err != nil || found || v != nil {
		t.Errorf("Find(nothing) = %v, %v, %v", v, found, err)
	}
	if v, err := h.Lookup(context.Background(), scope, Request{Names: []string{"nothing"}, Default: "d", HasDefault: true}); err != nil || v != nil {
		t.Errorf("Lookup(nothing) = %v, %v", v, err)
	}
}
