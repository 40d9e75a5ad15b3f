package eval_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/puppet/compiler"
	"github.com/ordoproject/ordo/internal/puppet/eval"
)

// TestDifferential compiles every testdata/cases/*.pp and compares the
// catalog with the one Puppet 7.23 compiled (CASE.catalog, normalized as
// the oracle's catalog-normalize.py does) and each resource's tags, file
// and line (CASE.meta). Record the goldens with testdata/record.
func TestDifferential(t *testing.T) {
	cases, err := filepath.Glob("testdata/cases/*.pp")
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range cases {
		name := strings.TrimSuffix(filepath.Base(path), ".pp")
		t.Run(name, func(t *testing.T) {
			want, err := os.ReadFile(strings.TrimSuffix(path, ".pp") + ".catalog")
			if err != nil {
				t.Skip("no golden")
			}
			gotCat, gotMeta := compileCase(t, path, "")
			if d := diff.Diff("puppet", want, "ordo", []byte(gotCat)); d != nil {
				t.Errorf("catalog differs:\n%s", d)
			}
			wantMeta, err := os.ReadFile(strings.TrimSuffix(path, ".pp") + ".meta")
			if err == nil && len(wantMeta) > 0 {
				if d := diff.Diff("puppet", wantMeta, "ordo", []byte(gotMeta)); d != nil {
					t.Errorf("tags, files or lines differ:\n%s", d)
				}
			}
		})
	}
}

// TestOwnModule compiles testdata/owncases against the small module of
// testdata/ownmodules (Hiera data, ERB and EPP templates, a function and
// a type alias) and compares with Puppet's catalogs.
func TestOwnModule(t *testing.T) {
	mp, err := filepath.Abs("testdata/ownmodules")
	if err != nil {
		t.Fatal(err)
	}
	cases, _ := filepath.Glob("testdata/owncases/*.pp")
	if len(cases) == 0 {
		t.Fatal("no cases")
	}
	for _, path := range cases {
		name := strings.TrimSuffix(filepath.Base(path), ".pp")
		t.Run(name, func(t *testing.T) {
			want, err := os.ReadFile(strings.TrimSuffix(path, ".pp") + ".catalog")
			if err != nil {
				t.Fatal(err)
			}
			var warnings []string
			gotCat, gotMeta := compileCaseWarn(t, path, mp, func(msg string) { warnings = append(warnings, "Warning: "+msg) })
			if d := diff.Diff("puppet", want, "ordo", []byte(gotCat)); d != nil {
				t.Errorf("catalog differs:\n%s", d)
			}
			wantMeta, err := os.ReadFile(strings.TrimSuffix(path, ".pp") + ".meta")
			if err == nil && len(wantMeta) > 0 && gotMeta != "" {
				if d := diff.Diff("puppet", wantMeta, "ordo", []byte(gotMeta)); d != nil {
					t.Errorf("tags, files or lines differ:\n%s", d)
				}
			}
			compareWarnings(t, strings.TrimSuffix(path, ".pp"), warnings)
		})
	}
}

// TestOddModules compiles testdata/oddcases against the modules of
// testdata/oddmodules (odd and malformed Hiera configurations and data,
// templates) and compares the catalog, and the warnings where Puppet's
// are recorded (CASE.warnings), with Puppet's.
func TestOddModules(t *testing.T) {
	mp, err := filepath.Abs("testdata/oddmodules")
	if err != nil {
		t.Fatal(err)
	}
	cases, _ := filepath.Glob("testdata/oddcases/*.pp")
	if len(cases) == 0 {
		t.Fatal("no cases")
	}
	for _, path := range cases {
		name := strings.TrimSuffix(filepath.Base(path), ".pp")
		t.Run(name, func(t *testing.T) {
			base := strings.TrimSuffix(path, ".pp")
			want, err := os.ReadFile(base + ".catalog")
			if err != nil {
				t.Fatal(err)
			}
			var warnings []string
			gotCat, gotMeta := compileCaseWarn(t, path, mp, func(msg string) { warnings = append(warnings, "Warning: "+msg) })
			if d := diff.Diff("puppet", want, "ordo", []byte(gotCat)); d != nil {
				t.Errorf("catalog differs:\n%s", d)
			}
			wantMeta, err := os.ReadFile(base + ".meta")
			if err == nil && len(wantMeta) > 0 && gotMeta != "" {
				if d := diff.Diff("puppet", wantMeta, "ordo", []byte(gotMeta)); d != nil {
					t.Errorf("tags, files or lines differ:\n%s", d)
				}
			}
			compareWarnings(t, base, warnings)
		})
	}
}

// TestModules compiles the manifests of testdata/modules against real
// Forge modules and compares with Puppet's catalogs, and with Puppet's
// warnings where they are recorded (CASE.warnings). It runs when
// ORDO_TEST_MODULEPATH names a folder holding the modules that
// testdata/modules/README.md lists.
func TestModules(t *testing.T) {
	mp := os.Getenv("ORDO_TEST_MODULEPATH")
	if mp == "" {
		t.Skip("ORDO_TEST_MODULEPATH is not set")
	}
	mp, err := filepath.Abs(mp)
	if err != nil {
		t.Fatal(err)
	}
	cases, _ := filepath.Glob("testdata/modules/*.pp")
	for _, path := range cases {
		name := strings.TrimSuffix(filepath.Base(path), ".pp")
		t.Run(name, func(t *testing.T) {
			want, err := os.ReadFile(strings.TrimSuffix(path, ".pp") + ".catalog")
			if err != nil {
				t.Skip("no golden")
			}
			var warnings []string
			gotCat, gotMeta := compileCaseWarn(t, path, mp, func(msg string) { warnings = append(warnings, "Warning: "+msg) })
			if d := diff.Diff("puppet", want, "ordo", []byte(gotCat)); d != nil {
				t.Errorf("catalog differs:\n%s", d)
			}
			wantMeta, err := os.ReadFile(strings.TrimSuffix(path, ".pp") + ".meta")
			if err == nil && len(wantMeta) > 0 && gotMeta != "" {
				if d := diff.Diff("puppet", wantMeta, "ordo", []byte(gotMeta)); d != nil {
					t.Errorf("tags, files or lines differ:\n%s", d)
				}
			}
			compareWarnings(t, strings.TrimSuffix(path, ".pp"), warnings)
		})
	}
}

// compileCase lays the case out as the oracle does and compiles it,
// returning the normalized catalog and meta lines.
func compileCase(t testing.TB, path, modulepath string) (string, string) {
	return compileCaseWarn(t, path, modulepath, nil)
}

// compileCaseWarn is compileCase that hands each warning, of the
// evaluation and then of writing the catalog, to warn.
func compileCaseWarn(t testing.TB, path, modulepath string, warn func(string)) (string, string) {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	root, manifest := layoutCase(t, src)
	opts := eval.Options{Node: "node.example", Facts: testFacts(), Types: compiler.Types()}
	if warn != nil {
		w := func(msg string) { warn(strings.ReplaceAll(msg, root, "@ROOT@")) }
		opts.ConversionWarnings = w
		opts.Log = func(level, msg string) {
			if level == "warning" {
				w(msg)
			}
		}
	}
	if first, _, _ := strings.Cut(string(src), "\n"); strings.HasPrefix(first, "# flags: ") && strings.Contains(first, "--strict_variables") {
		opts.StrictVariables = true
	}
	if modulepath != "" {
		// As the recorder does: the modules are the environment's.
		link := filepath.Join(root, ".pcode/environments/production/modules")
		if err := os.Symlink(modulepath, link); err != nil {
			t.Fatal(err)
		}
		setup := compiler.Setup{Node: "node.example", ModulePath: []string{link}, ServerFacts: true}
		if warn != nil {
			setup.Warn = func(msg string) { warn(strings.ReplaceAll(msg, root, "@ROOT@")) }
		}
		full, err := compiler.Options(context.Background(), manifest, setup)
		if err != nil {
			t.Fatal(err)
		}
		full.StrictVariables = opts.StrictVariables
		full.Log, full.ConversionWarnings = opts.Log, opts.ConversionWarnings
		// The recorder runs Puppet with this PATH; modules put the path
		// fact in exec resources.
		full.Facts.Set("path", recordPath)
		// Puppet's settings are the recorder's sandbox.
		for name, dir := range map[string]string{"confdir": ".pc", "vardir": ".pv", "codedir": ".pcode", "logdir": ".pl",
			"rundir": ".pr", "ssldir": ".pc/ssl", "environmentpath": ".pcode/environments"} {
			full.Settings.Set(name, filepath.Join(root, dir))
		}
		// stdlib's puppet_vardir is the recorder's --vardir.
		if _, ok := full.Facts.Get("puppet_vardir"); ok {
			full.Facts.Set("puppet_vardir", filepath.Join(root, ".pv"))
		}
		opts = full
	}
	cat, err := eval.Compile(context.Background(), manifest, opts)
	if err != nil {
		line := "Error: " + err.Error() + " on node node.example"
		line = strings.ReplaceAll(line, root, "@ROOT@")
		line = errLocation.ReplaceAllString(line, "")
		return "no catalog: " + line + "\n", ""
	}
	// As ordo compile writes it, as puppet catalog find does: without
	// rich data.
	eval.StringifyRich(cat, opts.ConversionWarnings)
	var buf bytes.Buffer
	if err := catalog.Encode(&buf, cat); err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(buf.String(), root, "@ROOT@")
	return normalizeCatalog(t, text), normalizeMeta(t, text)
}

func testFacts() *catalog.Hash {
	h := catalog.NewHash()
	h.Set("hostname", "node")
	h.Set("fqdn", "node.example")
	return h
}

// recordPath is the PATH testdata/record runs Puppet with.
const recordPath = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"

var errLocation = regexp.MustCompile(`\s*\((file|line): [^)]*\)| on node \S+`)

type wireCat struct {
	Classes   []string
	Resources []struct {
		Type, Title string
		Tags        []string
		File        string
		Line        int
		Exported    bool
		Parameters  json.RawMessage
	}
	Edges []struct{ Source, Target string }
}

func decode(t testing.TB, text string) wireCat {
	var w wireCat
	if err := json.Unmarshal([]byte(text), &w); err != nil {
		t.Fatalf("catalog JSON: %v", err)
	}
	return w
}

// normalizeCatalog is catalog-normalize.py in Go.
func normalizeCatalog(t testing.TB, text string) string {
	w := decode(t, text)
	var out []string
	for _, r := range w.Resources {
		if r.Type == "Class" && r.Title == "Settings" {
			continue
		}
		exp := ""
		if r.Exported {
			exp = " exported"
		}
		params := "{}"
		if len(r.Parameters) > 0 {
			var v any
			dec := json.NewDecoder(bytes.NewReader(r.Parameters))
			dec.UseNumber()
			if err := dec.Decode(&v); err != nil {
				t.Fatal(err)
			}
			params = pyDumps(v)
		}
		out = append(out, fmt.Sprintf("resource %s[%s]%s %s", r.Type, r.Title, exp, params))
	}
	var edges []string
	for _, e := range w.Edges {
		if strings.Contains(e.Source+e.Target, "Settings") {
			continue
		}
		edges = append(edges, fmt.Sprintf("edge %s -> %s", e.Source, e.Target))
	}
	sort.Strings(edges)
	out = append(out, edges...)
	return strings.Join(out, "\n") + "\n"
}

func normalizeMeta(t testing.TB, text string) string {
	w := decode(t, text)
	var b strings.Builder
	for _, r := range w.Resources {
		if r.Type == "Class" && r.Title == "Settings" {
			continue
		}
		file, line := r.File, "-"
		if file == "" {
			file = "-"
		}
		if r.Line > 0 {
			line = strconv.Itoa(r.Line)
		}
		fmt.Fprintf(&b, "%s[%s] tags=%s file=%s line=%s\n", r.Type, r.Title, strings.Join(r.Tags, ","), file, line)
	}
	fmt.Fprintf(&b, "classes %s\n", strings.Join(w.Classes, ","))
	return b.String()
}

// pyDumps renders v as Python's json.dumps(v, sort_keys=True,
// separators=(",", ":")) does.
func pyDumps(v any) string {
	var b strings.Builder
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case nil:
			b.WriteString("null")
		case bool:
			b.WriteString(strconv.FormatBool(x))
		case json.Number:
			if _, err := x.Int64(); err == nil {
				b.WriteString(x.String())
				return
			}
			f, _ := x.Float64()
			b.WriteString(pyFloat(f))
		case string:
			pyString(&b, x)
		case []any:
			b.WriteByte('[')
			for i, e := range x {
				if i > 0 {
					b.WriteByte(',')
				}
				walk(e)
			}
			b.WriteByte(']')
		case map[string]any:
			keys := make([]string, 0, len(x))
			for k := range x {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			b.WriteByte('{')
			for i, k := range keys {
				if i > 0 {
					b.WriteByte(',')
				}
				pyString(&b, k)
				b.WriteByte(':')
				walk(x[k])
			}
			b.WriteByte('}')
		}
	}
	walk(v)
	return b.String()
}

func pyFloat(f float64) string {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return fmt.Sprint(f)
	}
	s := strconv.FormatFloat(f, 'g', -1, 64)
	if !strings.ContainsAny(s, ".eEn") {
		s += ".0"
	}
	if strings.Contains(s, "e") {
		mant, exp, _ := strings.Cut(s, "e")
		if !strings.Contains(mant, ".") {
			mant += ".0"
		}
		if exp[0] == '+' {
			exp = "+" + strings.TrimLeft(exp[1:], "0")
			if len(exp) == 2 {
				exp = "+0" + exp[1:]
			}
		}
		s = mant + "e" + exp
	}
	return s
}

func pyString(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		default:
			switch {
			case r < 0x20 || r > 0x7f && r < 0x10000:
				fmt.Fprintf(b, `\u%04x`, r)
			case r >= 0x10000:
				r1, r2 := utf16Pair(r)
				fmt.Fprintf(b, `\u%04x\u%04x`, r1, r2)
			default:
				b.WriteRune(r)
			}
		}
	}
	b.WriteByte('"')
}

func utf16Pair(r rune) (rune, rune) {
	r -= 0x10000
	return 0xd800 + (r>>10)&0x3ff, 0xdc00 + r&0x3ff
}

var _ = utf8.RuneError

// TestCorpus compiles every manifest of the shared differential corpus
// (testdata/differential, recorded from Puppet 7.23) and compares the
// catalog with Puppet's: the normalized catalog (NAME.catalog) and each
// resource's tags, file and line (NAME.json).
func TestCorpus(t *testing.T) {
	const dir = "../../../testdata/differential"
	cases, err := filepath.Glob(filepath.Join(dir, "*.pp"))
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range cases {
		base := strings.TrimSuffix(path, ".pp")
		t.Run(filepath.Base(base), func(t *testing.T) {
			want, err := os.ReadFile(base + ".catalog")
			if err != nil {
				t.Skip("no catalog recorded")
			}
			gotCat, gotMeta := compileCorpusCase(t, path)
			if d := diff.Diff("puppet", want, "ordo", []byte(gotCat)); d != nil {
				t.Errorf("catalog differs:\n%s", d)
			}
			raw, err := os.ReadFile(base + ".json")
			if err != nil || gotMeta == "" {
				return
			}
			wantMeta := normalizeMeta(t, string(raw))
			if d := diff.Diff("puppet", []byte(wantMeta), "ordo", []byte(gotMeta)); d != nil {
				t.Errorf("tags, files or lines differ:\n%s", d)
			}
		})
	}
}

// compileCorpusCase compiles a corpus case as @ROOT@/case.pp, the name
// its raw catalog was compiled under.
func compileCorpusCase(t *testing.T, path string) (string, string) {
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	manifest := filepath.Join(root, "case.pp")
	if err := os.WriteFile(manifest, bytes.ReplaceAll(src, []byte("@ROOT@"), []byte(root)), 0o644); err != nil {
		t.Fatal(err)
	}
	cat, err := eval.Compile(context.Background(), manifest, eval.Options{Node: "node.example", Facts: testFacts(), Types: compiler.Types()})
	if err != nil {
		line := "Error: " + err.Error() + " on node node.example"
		line = strings.ReplaceAll(line, root, "@ROOT@")
		line = errLocation.ReplaceAllString(line, "")
		return "no catalog: " + line + "\n", ""
	}
	var buf bytes.Buffer
	if err := catalog.Encode(&buf, cat); err != nil {
		t.Fatal(err)
	}
	text := strings.ReplaceAll(buf.String(), root, "@ROOT@")
	return normalizeCatalog(t, text), normalizeMeta(t, text)
}

// layoutCase writes a case's manifest where the oracle puts it, in a
// fresh folder (root), its @ROOT@ replaced by that folder.
func layoutCase(t testing.TB, src []byte) (root, manifest string) {
	root = t.TempDir()
	dir := filepath.Join(root, ".pcode/environments/production/manifests")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	manifest = filepath.Join(dir, "site.pp")
	if err := os.WriteFile(manifest, bytes.ReplaceAll(src, []byte("@ROOT@"), []byte(root)), 0o644); err != nil {
		t.Fatal(err)
	}
	return root, manifest
}

// compareWarnings compares ordo's warnings with Puppet's where they are
// recorded (base + ".warnings", by testdata/record-warnings).
func compareWarnings(t *testing.T, base string, warnings []string) {
	t.Helper()
	want, err := os.ReadFile(base + ".warnings")
	if err != nil {
		return
	}
	if g, w := strings.Join(warnings, "\n"), strings.TrimRight(string(want), "\n"); g != w {
		t.Errorf("warnings differ from Puppet's\npuppet:\n%s\nordo:\n%s", w, g)
	}
}
