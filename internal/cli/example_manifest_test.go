package cli_test

import (
	"path/filepath"
	"testing"
)

// The README's example manifest compiles and applies, and a second run
// finds nothing to do.
func TestExampleManifest(t *testing.T) {
	applyExampleTwice(t, "hello.pp", "--lockfile", filepath.Join(t.TempDir(), "lock"))
}
