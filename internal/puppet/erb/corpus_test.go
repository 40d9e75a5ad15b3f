package erb

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// TestCorpus parses every .erb file under $ORDO_ERB_CORPUS (for example
// unpacked Forge modules) and renders it with no variables set. A parse
// error, or a render error that is not a Ruby error the same template
// raises in Puppet with undefined variables (NoMethodError on nil and
// the like), fails the test.
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
		_, err = tm.Render(context.Background(), mapScope{})
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
	t.Logf("%d templates, %d parsed; renders with no variables: %v", len(files), parsed, classes)
}
