package eval_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/puppet/eval"
	"github.com/ordoproject/ordo/internal/source"
)

// TestRelationshipOrigins checks that the compiler says, for every entry
// of a relationship metaparameter and every containment edge, which
// declaration made it and where (line:column).
func TestRelationshipOrigins(t *testing.T) {
	const manifest = `Notify { before => Notify['z'] }
notify { 'z': before => undef }
notify { 'a':
  require => [Notify['z'], Notify['b']],
}
notify { 'b': }
Notify['a'] -> Notify['c']
notify { 'c': }
Notify <| title == 'c' |> { subscribe +> Notify['b'] }
class k {
  notify { 'in': }
  require x
}
class x {}
class outer { contain k }
include outer
stage { 'pre': before => Stage['main'] }
class { 'x2': stage => pre }
class x2 {}
`
	f := source.NewFile("/site.pp", []byte(manifest))
	cat, err := eval.CompileSource(context.Background(), f, eval.Options{Node: "n"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range cat.Resources {
		for _, o := range r.Origins {
			for i, e := range o.Entries {
				got = append(got, fmt.Sprintf("%s %s[%d]: %s", r.Ref(), o.Param, i, e))
			}
		}
	}
	for _, e := range cat.Containment {
		if e.Origin.Via != "" {
			got = append(got, fmt.Sprintf("%s contains %s: %s", e.Container, e.Member, e.Origin))
		}
	}
	want := []string{
		"Notify[a] require[0]: require at /site.pp:4:3",
		"Notify[a] require[1]: require at /site.pp:4:3",
		"Notify[a] before[0]: before (resource default) at /site.pp:1:10",
		"Notify[a] before[1]: -> at /site.pp:7:13",
		"Notify[b] before[0]: before (resource default) at /site.pp:1:10",
		"Notify[c] before[0]: before (resource default) at /site.pp:1:10",
		"Notify[c] subscribe[0]: subscribe (collector) at /site.pp:9:29",
		"Class[K] require[0]: require function at /site.pp:12:3",
		"Notify[in] before[0]: before (resource default) at /site.pp:1:10",
		"Stage[pre] before[0]: before at /site.pp:17:16",
		"Class[main] contains Notify[z]: declared at /site.pp:2:1",
		"Class[main] contains Notify[a]: declared at /site.pp:3:1",
		"Class[main] contains Notify[b]: declared at /site.pp:6:1",
		"Class[main] contains Notify[c]: declared at /site.pp:8:1",
		"Stage[main] contains Class[Outer]: include at /site.pp:16:1",
		"Stage[main] contains Class[K]: contain at /site.pp:15:15",
		"Class[Outer] contains Class[K]: contain at /site.pp:15:15",
		"Class[K] contains Notify[in]: declared at /site.pp:11:3",
		"Stage[main] contains Class[X]: require at /site.pp:12:3",
		"Stage[pre] contains Class[X2]: stage at /site.pp:18:15",
	}
	g, w := strings.Join(got, "\n"), strings.Join(want, "\n")
	if g != w {
		t.Errorf("origins differ\ngot:\n%s\nwant:\n%s", g, w)
	}
}
