package eval_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/puppet/compiler"
	"github.com/ordoproject/ordo/internal/puppet/eval"
)

// TestLookupArgumentErrors checks the calls of lookup that none of its
// signatures accepts. Puppet lists all five signatures, each with why it
// refused the call; ordo names the first reason (see README).
func TestLookupArgumentErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`lookup(42)`, "parameter 'name' expects a NameType = Variant[String, Array[String]] value, got Integer"},
		{`lookup(['a', 1])`, "parameter 'name' expects a NameType = Variant[String, Array[String]] value, got Tuple"},
		{`lookup({'name' => 'a', 'default' => 5})`, "parameter 'options_hash' unrecognized key 'default'"},
		{`lookup({'default_value' => 5})`, "parameter 'options_hash' expects a value for key 'name'"},
		{`lookup('a', Hash, 42)`, "parameter 'merge' expects a MergeType = Variant[String[1], Hash[String, Scalar]] value, got Integer"},
		{`lookup('a', undef, undef, 1) |$k| { 2 }`, "a default value and a block cannot both be given"},
	} {
		t.Run(tc.src, func(t *testing.T) {
			manifest := filepath.Join(t.TempDir(), "site.pp")
			if err := os.WriteFile(manifest, []byte("notice("+tc.src+")\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			opts, err := compiler.Options(context.Background(), manifest, compiler.Setup{Node: "node.example"})
			if err != nil {
				t.Fatal(err)
			}
			_, err = eval.Compile(context.Background(), manifest, opts)
			want := "Evaluation Error: Error while evaluating a Function Call, The function 'lookup' was called with arguments it does not accept: " + tc.want + " (file: " + manifest + ", line: 1, column: 8)"
			if err == nil || err.Error() != want {
				t.Errorf("got  %v\nwant %s", err, want)
			}
			if err != nil && !strings.Contains(err.Error(), tc.want) {
				t.Errorf("the reason is missing")
			}
		})
	}
}

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
