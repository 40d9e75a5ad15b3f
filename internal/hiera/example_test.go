package hiera_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/hiera"
)

// vars is the smallest Scope: a map of variables.
type vars map[string]catalog.Value

func (v vars) Var(name string) (catalog.Value, bool) {
	x, ok := v[name]
	return x, ok
}

// The compiler makes one Hiera per compilation, answers lookup() with
// Lookup and automatic class parameter lookup with Find.
func Example() {
	env, _ := os.MkdirTemp("", "ordodata-example")
	defer os.RemoveAll(env)
	write := func(name, text string) {
		p := filepath.Join(env, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(text), 0o644)
	}
	write("hiera.yaml", "version: 5\nhierarchy:\n  - name: os\n    path: \"os/%{facts.os.family}.yaml\"\n  - name: common\n    path: common.yaml\n")
	write("data/os/Debian.yaml", "ntp::servers: [debian.pool]\n")
	write("data/common.yaml", "ntp::servers: [common.pool]\nmotd: \"Welcome to %{facts.os.family}\"\n")

	h := hiera.New(hiera.Options{EnvironmentDir: env})
	os := catalog.NewHash()
	os.Set("family", "Debian")
	facts := catalog.NewHash()
	facts.Set("os", os)
	scope := vars{"facts": facts}
	ctx := context.Background()

	v, found, _ := h.Find(ctx, scope, "ntp::servers")
	fmt.Println(found, catalog.Format(v))

	v, _ = h.Lookup(ctx, scope, hiera.Request{Names: []string{"ntp::servers"}, Merge: "unique"})
	fmt.Println(catalog.Format(v))

	v, _ = h.Lookup(ctx, scope, hiera.Request{Names: []string{"motd"}})
	fmt.Println(v)

	_, err := h.Lookup(ctx, scope, hiera.Request{Names: []string{"missing"}})
	fmt.Println(err)
	// Output:
	// true ['debian.pool']
	// ['debian.pool', 'common.pool']
	// Welcome to Debian
	// Function lookup() did not find a value for the name 'missing'
}

// Explain tells how a lookup went, as puppet lookup --explain does.
func ExampleHiera_Explain() {
	env, _ := os.MkdirTemp("", "ordodata-explain")
	defer os.RemoveAll(env)
	os.MkdirAll(filepath.Join(env, "data"), 0o755)
	os.WriteFile(filepath.Join(env, "hiera.yaml"), []byte("version: 5\n"), 0o644)
	os.WriteFile(filepath.Join(env, "data", "common.yaml"), []byte("greeting: hello\n"), 0o644)

	h := hiera.New(hiera.Options{EnvironmentDir: env})
	text, v, _ := h.Explain(context.Background(), vars{}, hiera.Request{Names: []string{"greeting"}})
	fmt.Print(strings.ReplaceAll(text, env, "ENV"))
	fmt.Println(v)
	// Output:
	// Searching for "lookup_options"
	//   Environment Data Provider (hiera configuration version 5)
	//     Using configuration "ENV/hiera.yaml"
	//     Hierarchy entry "Common"
	//       Path "ENV/data/common.yaml"
	//         Original path: "common.yaml"
	//         No such key: "lookup_options"
	// Searching for "greeting"
	//   Environment Data Provider (hiera configuration version 5)
	//     Using configuration "ENV/hiera.yaml"
	//     Hierarchy entry "Common"
	//       Path "ENV/data/common.yaml"
	//         Original path: "common.yaml"
	//         Found key: "greeting" value: "hello"
	// hello
}
