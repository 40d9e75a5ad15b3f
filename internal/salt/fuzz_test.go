package salt_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/ordoproject/ordo/internal/salt"
)

// FuzzCompile feeds arbitrary SLS text to the compiler: it must return
// chunks or positioned errors, never panic.
func FuzzCompile(f *testing.F) {
	for _, seed := range []string{
		"a:\n  test.nop\n",
		"a:\n  test.nop:\n    - require:\n      - b\nb: test.nop\n",
		"include:\n  - .x\nextend:\n  a:\n    test:\n      - comment: x\n",
		"{% for x in [1,2] %}s{{x}}:\n  test.nop: []\n{% endfor %}",
		"a:\n  test:\n    - nop\n    - names:\n      - x:\n        - order: last\n",
		"#!yaml\n[1, 2]\n",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, text string) {
		root := t.TempDir()
		if err := os.WriteFile(filepath.Join(root, "f.sls"), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		low, err := salt.Compile(salt.Options{FileRoot: root}, []string{"f"})
		if err != nil {
			var errs salt.Errors
			if !errors.As(err, &errs) || len(errs) == 0 {
				t.Fatalf("error is not salt.Errors: %v", err)
			}
			return
		}
		if len(low.Steps) < len(low.Chunks) {
			t.Fatalf("%d steps for %d chunks", len(low.Steps), len(low.Chunks))
		}
	})
}
