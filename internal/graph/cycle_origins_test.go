package graph

import (
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
)

// TestCycleOrigins checks the lines under Puppet's cycle message: each
// edge of the cycle path with the declaration a front end recorded for
// it (a metaparameter entry's origin, a containment's), or what the
// graph knows (the resource's line).
func TestCycleOrigins(t *testing.T) {
	c := catalog.New("n")
	stage := &catalog.Resource{Type: "Stage", Title: "main"}
	main := &catalog.Resource{Type: "Class", Title: "main"}
	k := &catalog.Resource{Type: "Class", Title: "K"}
	a := &catalog.Resource{Type: "Notify", Title: "a", File: "/s.pp", Line: 3,
		Params:  []catalog.Param{{Name: "before", Value: "Class[K]"}},
		Origins: []catalog.ParamOrigins{{Param: "before", Entries: []catalog.Provenance{{Via: "->", File: "/s.pp", Line: 9, Column: 13}}}}}
	b := &catalog.Resource{Type: "Notify", Title: "b", File: "/m/init.pp", Line: 2,
		Params: []catalog.Param{{Name: "before", Value: "Notify[a]"}}}
	for _, r := range []*catalog.Resource{stage, main, k, a, b} {
		if err := c.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	c.Containment = []catalog.Containment{
		{Container: stage.Ref(), Member: main.Ref()},
		{Container: stage.Ref(), Member: k.Ref(), Origin: catalog.Provenance{Via: "include", File: "/s.pp", Line: 1, Column: 1}},
		{Container: main.Ref(), Member: a.Ref(), Origin: catalog.Provenance{Via: "declared", File: "/s.pp", Line: 3, Column: 1}},
		{Container: k.Ref(), Member: b.Ref(), Origin: catalog.Provenance{Via: "declared", File: "/m/init.pp", Line: 2, Column: 3}},
	}
	g, err := Build(c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(g.CycleOrigins(c, func(f string) string { return strings.TrimPrefix(f, "/") }), "\n")
	want := strings.Join([]string{
		"Notify[a] => Class[K]: -> at s.pp:9:13",
		"Class[K] => Notify[b]: containment: Class[K] contains Notify[b] (declared at m/init.pp:2:3)",
		"Notify[b] => Notify[a]: before at m/init.pp:2",
	}, "\n")
	if got != want {
		t.Errorf("cycle origins:\n%s\nwant:\n%s\n(message: %s)", got, want, g.CycleMessage(""))
	}
}
