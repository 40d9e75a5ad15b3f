package eval_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/puppet/compiler"
	"github.com/ordoproject/ordo/internal/puppet/eval"
)

// puppet_agent's any_resources_of_type looks at the resources declared
// so far: the type without regard to case, each given parameter as
// Ruby's == compares it.
func TestAnyResourcesOfType(t *testing.T) {
	mp := t.TempDir()
	fn := filepath.Join(mp, "puppet_agent/lib/puppet/functions/any_resources_of_type.rb")
	if err := os.MkdirAll(filepath.Dir(fn), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(fn, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	manifest := filepath.Join(t.TempDir(), "site.pp")
	src := `
filebucket { 'main': path => false }
file { '/tmp/x': mode => '0644' }
if any_resources_of_type('filebucket') { notify { 'any': } }
if any_resources_of_type('FileBucket', { path => false }) { notify { 'path false': } }
if any_resources_of_type('filebucket', { path => '/b' }) { notify { 'path b': } }
if any_resources_of_type('file', { mode => '0644', name => '/tmp/x' }) { notify { 'file by name': } }
if any_resources_of_type('file', { mode => '0644', name => '/TMP/X' }) { notify { 'case of name': } }
if any_resources_of_type('exec') { notify { 'exec': } }
`
	if err := os.WriteFile(manifest, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	opts, err := compiler.Options(context.Background(), manifest, compiler.Setup{Node: "node.example", ModulePath: []string{mp}})
	if err != nil {
		t.Fatal(err)
	}
	cat, err := eval.Compile(context.Background(), manifest, opts)
	if err != nil {
		t.Fatal(err)
	}
	for title, want := range map[string]bool{"any": true, "path false": true, "path b": false, "file by name": true, "case of name": false, "exec": false} {
		if got := cat.Resource(catalog.Ref{Type: "Notify", Title: title}) != nil; got != want {
			t.Errorf("Notify[%s] declared: %v, want %v", title, got, want)
		}
	}
}
