package salt_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/salt"
)

// TestTop checks the top file's match types and the order of its SLS.
func TestTop(t *testing.T) {
	root := t.TempDir()
	top := `base:
  '*':
    - common
  'web*':
    - web
  'db1,web1':
    - match: list
    - listed
  'os:Debian':
    - match: grain
    - debian
  'os:RedHat':
    - match: grain
    - redhat
  '^web\d$':
    - match: pcre
    - pcre
  'db*':
    - db
    - common
dev:
  '*':
    - devonly
`
	if err := os.WriteFile(filepath.Join(root, "top.sls"), []byte(top), 0o644); err != nil {
		t.Fatal(err)
	}
	mods, err := salt.Top(root, "web1", salt.Context{Grains: map[string]any{"os": "Debian"}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := strings.Join(mods, " "), "common web listed debian pcre"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
