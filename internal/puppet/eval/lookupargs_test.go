package eval_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/ordoproject/ordo/internal/puppet/compiler"
	"github.com/ordoproject/ordo/internal/puppet/eval"
)

// TestInheritanceCycle checks that a class inheriting from itself, at
// once or through others, is an error (Puppet's stack overflows and it
// exits without a message).
func TestInheritanceCycle(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"class foo inherits foo { }\ninclude foo\n", "Class 'foo' inherits from itself: foo inherits foo"},
		{"class a inherits b { }\nclass b inherits a { }\ninclude a\n", "Class 'a' inherits from itself: a inherits b inherits a"},
	} {
		manifest := filepath.Join(t.TempDir(), "site.pp")
		if err := os.WriteFile(manifest, []byte(tc.src), 0o644); err != nil {
			t.Fatal(err)
		}
		opts := eval.Options{Node: "node.example", Types: compiler.Types()}
		_, err := eval.Compile(context.Background(), manifest, opts)
		want := tc.want + " (file: " + manifest + ", line: 1)"
		if err == nil || err.Error() != want {
			t.Errorf("got  %v\nwant %s", err, want)
		}
	}
}
