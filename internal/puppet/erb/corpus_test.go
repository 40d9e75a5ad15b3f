package erb

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
)

// TestCorpus parses every .erb file under $ORDO_ERB_CORPUS (for example
// unpacked Forge modules) and renders it twice: with no variables set, and
// with variables generated from the names it uses (as testdata/modgoldens.py
// makes them). A parse error, or a construct ordo does not implement,
// fails the test; Ruby's own errors (NoMethodError on nil and the like)
// are what Puppet raises too and are counted.
func TestCorpus(t *testing.T) {
	dir := os.Getenv("ORDO_ERB_CORPUS")
	if dir == "" {
		t.Skip("set ORDO_ERB_CORPUS to a folder of templates")
	}
	var files []string
	filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".erb") {
			files = append(files, path)
		}
		return nil
	})
	sort.Strings(files)
	classes := map[string]int{}
	parsed := 0
	for _, path := range files {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		tm, err := Parse(path, src)
		if err != nil {
			t.Errorf("parse: %v", err)
			continue
		}
		parsed++
		for _, vars := range []mapScope{{}, generatedVars(src)} {
			_, err = tm.Render(context.Background(), funcScope{vars: vars})
			var e *Error
			switch {
			case err == nil:
				classes["ok"]++
			case errors.As(err, &e):
				classes[e.Class]++
				if e.Unsupported() {
					t.Errorf("render: %v", err)
				} else if testing.Verbose() {
					t.Logf("render: %v", err)
				}
			default:
				t.Errorf("render: %v", err)
			}
		}
	}
	t.Logf("%d templates, %d parsed; renders (empty and generated variables): %v", len(files), parsed, classes)
}

var (
	ivarName    = regexp.MustCompile(`@([a-z_][a-z0-9_]*)`)
	boolName    = regexp.MustCompile(`(^|_)(enable|enabled|manage|ensure_|use|purge)(_|$)|_enable$|^(ssl|ipv6|debug|sendfile)$`)
	numericName = regexp.MustCompile(`(port|timeout|size|count|interval|max|min|number|level|limit)`)
	hashName    = regexp.MustCompile(`(options|hash|params|settings|config)$`)
)

// generatedVars gives every instance variable a template uses a value its
// name suggests, as testdata/modgoldens.py does.
func generatedVars(src []byte) mapScope {
	vars := mapScope{}
	for _, m := range ivarName.FindAllSubmatch(src, -1) {
		n := string(m[1])
		switch {
		case boolName.MatchString(n):
			vars[n] = true
		case strings.HasSuffix(n, "s") && !strings.HasSuffix(n, "ss") && !strings.HasSuffix(n, "status"):
			vars[n] = []catalog.Value{n + "_a", n + "_b"}
		case numericName.MatchString(n):
			vars[n] = int64(10)
		case hashName.MatchString(n):
			h := catalog.NewHash()
			h.Set("k1", "v1")
			h.Set("k2", []catalog.Value{"a", "b"})
			h.Set("k3", true)
			vars[n] = h
		default:
			vars[n] = n + "_value"
		}
	}
	return vars
}
