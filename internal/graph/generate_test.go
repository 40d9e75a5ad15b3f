package graph

import (
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
)

// Generated resources run right after their generator, in the order
// given and each after its ancestor; the generator's relations leave from
// the sentinel, which waits for them all (Puppet's eval_generate, as in
// testdata/differential/file-recurse-source).
func TestGenerate(t *testing.T) {
	c := parseCatalog(t, `
Stage[main]
Class[main] < Stage[main]
Notify[first] < Class[main]
File[/d] < Class[main] notify=Exec[after]
Exec[after] < Class[main]
Notify[last] < Class[main]
`)
	g, err := Build(c, Options{Types: testTypes()})
	if err != nil {
		t.Fatal(err)
	}
	w := g.NewWalk()
	var order []string
	for v := w.Next(); v != nil; v = w.Next() {
		order = append(order, g.Path(v))
		if v.Ref() == (catalog.Ref{Type: "File", Title: "/d"}) && v.Whit == NotWhit {
			kids := []*catalog.Resource{{Type: "File", Title: "/d/a"}, {Type: "File", Title: "/d/s"}, {Type: "File", Title: "/d/s/b"}}
			made := g.Generate(v, kids, []int{-1, -1, 1})
			if len(made) != 3 {
				t.Fatalf("made %d vertices", len(made))
			}
			w.Regenerate()
		}
		w.Done(v)
	}
	want := []string{"Stage[main]", "Class[Main]", "/Stage[main]/Main/Notify[first]", "/Stage[main]/Main/File[/d]",
		"/Stage[main]/Main/File[/d/a]", "/Stage[main]/Main/File[/d/s]", "/Stage[main]/Main/File[/d/s/b]", "/d",
		"/Stage[main]/Main/Exec[after]", "/Stage[main]/Main/Notify[last]", "Class[Main]", "Stage[main]"}
	if got := strings.Join(order, "\n"); got != strings.Join(want, "\n") {
		t.Errorf("order\n%s\nwant\n%s", got, strings.Join(want, "\n"))
	}
	if w.Remaining() != 0 || g.Len() != 12 {
		t.Errorf("%d left of %d", w.Remaining(), g.Len())
	}
	edges := edgeLines(g)
	for _, e := range []string{"Whit[Completed_/d] ~> Exec[after]", "File[/d] ~> Whit[Completed_/d]", "File[/d/s] -> File[/d/s/b]", "File[/d] -> File[/d/a]", "File[/d/s/b] ~> Whit[Completed_/d]"} {
		if !strings.Contains(edges, e+"\n") {
			t.Errorf("no edge %s in\n%s", e, edges)
		}
	}
	if strings.Contains(edges, "File[/d] ~> Exec[after]") {
		t.Errorf("the generator's edge stayed:\n%s", edges)
	}
}
