package eval

import (
	"bytes"
	"context"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/source"
)

// TestSharedQueries compiles manifests whose collectors repeat a query,
// with and without sharing what a query found between them in a round:
// the catalogs, and the errors, must be the same, byte for byte.
func TestSharedQueries(t *testing.T) {
	cases := map[string]string{
		"bench": `
define bench::item(String $path, Integer $size = 1) {
  file { "${path}/${title}": ensure => file, content => "${title} ${size}\n" }
  notify { "item-${title}": message => "size ${size}", require => File["${path}/${title}"] }
}
class bench::c0($prefix = 'c0') {
  notify { "${prefix}-n0": }
  Integer[0, 3].each |$i| { bench::item { "${prefix}-i${i}": path => "/tmp/${prefix}", size => $i } }
  Bench::Item <| size == 3 |> -> Notify["${prefix}-n0"]
}
class bench::c1($prefix = 'c1') {
  notify { "${prefix}-n0": }
  Integer[0, 3].each |$i| { bench::item { "${prefix}-i${i}": path => "/tmp/${prefix}", size => $i } }
  Bench::Item <| size == 3 |> -> Notify["${prefix}-n0"]
}
include bench::c0
include bench::c1
Class['bench::c0'] -> Class['bench::c1']
`,
		"an override between": `
define d($size = 1) { notify { "n-${title}": message => "${size}" } }
d { 'a': size => 1 }
d { 'b': size => 2 }
d { 'c': size => 1 }
notify { ['x', 'y', 'z']: }
D <| size == 1 |> -> Notify['x']
D <| title == 'b' |> { size => 1 }
Notify['y'] -> D <| size == 1 |>
D <| (size == 1 or size == 2) and title != 'c' |> -> Notify['z']
D <| (size == 1 or size == 2) and title != 'c' |>
`,
		"virtual": `
@notify { 'v1': message => 'm' }
@notify { 'v2': message => 'other' }
@notify { 'v3': message => 'm', tag => ['t1'] }
notify { 'w': }
Notify <| message == 'm' |>
Notify <| message == 'm' |> -> Notify['w']
Notify <| tag == 't1' |> -> Notify['w']
Notify <| tag == 't1' |>
Notify <| message == 'M' |>
Notify <| message != 'm' |>
`,
		"later rounds": `
define e() { notify { "e-${title}": message => 'k' } }
define f() { e { "f-${title}": } Notify <| message == 'k' |> -> Notify['t'] }
e { ['1', '2']: }
f { ['3']: }
notify { 't': }
Notify <| message == 'k' |> -> Notify['t']
Notify <| message == 'k' |> { loglevel => 'info' }
Notify <| message == 'k' |> -> Notify['t']
`,
		"numbers": `
define g($n) { }
g { 'a': n => 1 }
g { 'b': n => 1.0 }
g { 'c': n => '1' }
notify { 'o': }
G <| n == 1 |> -> Notify['o']
G <| n == 1.0 |> -> Notify['o']
G <| n == '1' |> -> Notify['o']
G <| n == undef |> -> Notify['o']
`,
		"a duplicate override": `
notify { 'a': message => 'q' }
Notify <| message == 'q' |>
Notify <| message == 'q' |> { loglevel => 'info', loglevel => 'debug' }
`,
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			shared, alone := compileShared(t, src, false), compileShared(t, src, true)
			if shared != alone {
				t.Fatalf("shared queries give\n%s\nalone\n%s", shared, alone)
			}
		})
	}
}

func compileShared(t *testing.T, src string, unshared bool) string {
	t.Helper()
	c := newCompiler(context.Background(), Options{Node: "node.example"})
	c.unshared = unshared
	prog, err := c.parse(source.NewFile("/etc/puppet/site.pp", []byte(src)))
	if err != nil {
		t.Fatal(err)
	}
	cat, err := c.compile(prog)
	if err != nil {
		return "error: " + err.Error()
	}
	var b bytes.Buffer
	if err := catalog.WritePretty(&b, cat); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
