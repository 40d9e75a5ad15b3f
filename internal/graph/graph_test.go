package graph

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
)

func mustBuild(t testing.TB, c *catalog.Catalog, opts Options) *Graph {
	t.Helper()
	if opts.Types == nil {
		opts.Types = testTypes()
	}
	g, err := Build(c, opts)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

const mainHeader = `
Stage[main]
Class[Settings] < Stage[main]
Class[main] < Stage[main]
`

func TestDependencyErrors(t *testing.T) {
	for _, tc := range []struct{ catalog, want string }{
		{"Notify[v] < Class[main] @virtual\nNotify[x] < Class[main] require=Notify[v]",
			"Could not find dependency Notify[v] for Notify[x] (file: /m.pp, line: 6)"},
		{"Notify[x] < Class[main] before=Notify[v]\nNotify[v] < Class[main] @virtual",
			"Could not find dependent Notify[v] for Notify[x] (file: /m.pp, line: 5)"},
		{"Notify[x] < Class[main] subscribe={Notify[x],Notify[w]}",
			"Could not find dependency Notify[w] for Notify[x] (file: /m.pp, line: 5)"},
		{"Notify[x] < Class[main] notify=Class[nope]",
			"Could not find dependent Class[Nope] for Notify[x] (file: /m.pp, line: 5)"},
		// require is checked before notify, whatever the parameter order.
		{"Notify[x] < Class[main] notify=Notify[n] require=Notify[r]",
			"Could not find dependency Notify[r] for Notify[x] (file: /m.pp, line: 5)"},
	} {
		c := parseCatalog(t, mainHeader+tc.catalog)
		_, err := Build(c, Options{Types: testTypes()})
		var de *DependencyError
		if !errors.As(err, &de) || err.Error() != tc.want {
			t.Errorf("%q: error %v, want %s", tc.catalog, err, tc.want)
		}
	}
}

// A relationship metaparameter holds a reference or an array of them;
// anything else refuses the catalog. The messages are Puppet 7.23's, from
// `puppet apply --catalog` (which prefixes them with "Could not run: ").
func TestRelationValueErrors(t *testing.T) {
	for _, tc := range []struct {
		value catalog.Value
		want  string
	}{
		{int64(5), "No title provided and 5 is not a valid resource reference"},
		{true, "No title provided and true is not a valid resource reference"},
		{"notaref", `No title provided and "notaref" is not a valid resource reference`},
		{[]catalog.Value{nil}, "No title provided and nil is not a valid resource reference"},
		{[]catalog.Value{"Notify[n]", []catalog.Value{"Notify[n]"}}, `No title provided and ["Notify[n]"] is not a valid resource reference`},
		{catalog.NewHash(), "Puppet::Resource.new does not take a hash as the first argument. Did you mean (nil, nil) ?"},
	} {
		c := parseCatalog(t, mainHeader+"Notify[n] < Class[main]\nNotify[x] < Class[main]")
		c.Resource(catalog.Ref{Type: "Notify", Title: "x"}).Set("require", tc.value)
		_, err := Build(c, Options{Types: testTypes()})
		want := "Parameter require failed on Notify[x]: " + tc.want + " (file: /m.pp, line: 6)"
		var re *RelationValueError
		if !errors.As(err, &re) || err.Error() != want {
			t.Errorf("require => %s: error %v, want %s", catalog.Format(tc.value), err, want)
		}
	}
}

func TestResolveByAliasAndNamevar(t *testing.T) {
	c := parseCatalog(t, mainHeader+`
File[/tmp/x] < Class[main]
Notify[real] < Class[main] alias=nick
Package[pkg] < Class[main] name=openssl
Notify[a] < Class[main] require={File[/tmp/x/],Notify[nick],Package[openssl]}
Notify[b] < Class[main] require=Class[main]
`)
	g := mustBuild(t, c, Options{})
	a := g.Vertex(c.Resource(catalog.Ref{Type: "Notify", Title: "a"}))
	var got []string
	for _, p := range g.Predecessors(a) {
		got = append(got, p.String())
	}
	want := []string{"File[/tmp/x]", "Notify[real]", "Package[pkg]", "Class[Main]"}
	if !slices.Equal(got, want) {
		t.Errorf("predecessors of Notify[a] = %v, want %v", got, want)
	}
}

func TestVirtualAndExported(t *testing.T) {
	c := parseCatalog(t, mainHeader+`
Notify[v] < Class[main] @virtual
Notify[e] < Class[main] @virtual @exported
Notify[x] < Class[main]
`)
	g := mustBuild(t, c, Options{})
	if g.Vertex(c.Resource(catalog.Ref{Type: "Notify", Title: "v"})) != nil {
		t.Error("virtual resource kept")
	}
	e := g.Vertex(c.Resource(catalog.Ref{Type: "Notify", Title: "e"}))
	if e == nil || !e.Skip {
		t.Fatalf("exported resource: %v", e)
	}
	if got := g.Path(e); got != "/Stage[main]/Main/Notify[e]" {
		t.Errorf("path %s", got)
	}
}

func TestParallelEdgesAndLabels(t *testing.T) {
	c := parseCatalog(t, mainHeader+`
Notify[a] < Class[main] notify=Notify[b]
Notify[b] < Class[main] subscribe=Notify[a] require=Notify[a]
rel Notify[a] ~> Notify[b]
`)
	g := mustBuild(t, c, Options{})
	b := g.Vertex(c.Resource(catalog.Ref{Type: "Notify", Title: "b"}))
	var got []string
	for _, e := range g.In(b) {
		got = append(got, fmt.Sprintf("%s %v %s %s", e.From, e.Refresh(), e.Kind, e.Origin))
	}
	want := []string{
		"Notify[a] true refresh notify at /m.pp:6",
		"Notify[a] false order require at /m.pp:7",
		"Notify[a] true refresh subscribe at /m.pp:7",
		"Notify[a] true refresh ~>",
		"Class[Main] true refresh contains",
	}
	if !slices.Equal(got, want) {
		t.Errorf("in-edges of Notify[b]:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if n := len(g.Predecessors(b)); n != 2 {
		t.Errorf("%d distinct predecessors, want 2", n)
	}
}

func TestFrontEndRelationshipMissing(t *testing.T) {
	c := parseCatalog(t, mainHeader+"Notify[a] < Class[main]\nrel Notify[a] -> Notify[zz]")
	_, err := Build(c, Options{Types: testTypes()})
	if err == nil || err.Error() != "Could not find resource 'Notify[zz]' for relationship from 'Notify[a]'" {
		t.Errorf("error %v", err)
	}
}

func TestAutoRelationships(t *testing.T) {
	c := parseCatalog(t, mainHeader+`
Auto[a] < Class[main] autoreq={Notify[n],Notify[missing]} autobefore=Notify[m]
Notify[n] < Class[main]
Notify[m] < Class[main] before=Auto[a]
Auto[b] < Class[main] autoreq=Notify[n] require=Notify[n]
Auto[c] < Class[main] autoreq=Notify[o] before=Notify[o]
Notify[o] < Class[main]
`)
	var debug []string
	g := mustBuild(t, c, Options{Debug: func(src, msg string) {
		if !strings.Contains(msg, " to ") {
			debug = append(debug, src+": "+msg)
		}
	}})
	want := []string{
		"/Stage[main]/Main/Auto[a]: Adding autorequire relationship with Notify[n]",
		"/Stage[main]/Main/Auto[c]: Skipping automatic relationship with Notify[o]",
	}
	if !slices.Equal(debug, want) {
		t.Errorf("debug:\n%s", strings.Join(debug, "\n"))
	}
	// Auto[a] -> Notify[m] is silently dropped: Notify[m] -> Auto[a] exists.
	a := g.Vertex(c.Resource(catalog.Ref{Type: "Auto", Title: "a"}))
	for _, s := range g.Successors(a) {
		if s.String() == "Notify[m]" {
			t.Error("autobefore added against an opposite edge")
		}
	}
}

func TestContainmentPath(t *testing.T) {
	c := parseCatalog(t, mainHeader+`
Class[Apache::Config] < Stage[main]
Foo::Bar[T1] < Class[Apache::Config]
Notify[n] < Foo::Bar[T1]
Node[default] < Class[main]
Notify[innode] < Node[default]
Schedule[daily]
`)
	g := mustBuild(t, c, Options{})
	for ref, want := range map[string]string{
		"Notify[n]":       "/Stage[main]/Apache::Config/Foo::Bar[T1]/Notify[n]",
		"Notify[innode]":  "/Stage[main]/Main/Node[default]/Notify[innode]",
		"Schedule[daily]": "/Schedule[daily]",
	} {
		r, _ := catalog.ParseRef(ref)
		if got := g.Path(g.Vertex(c.Resource(r))); got != want {
			t.Errorf("%s: path %s, want %s", ref, got, want)
		}
	}
	adm, comp := g.Sentinels(c.Resource(catalog.Ref{Type: "Foo::Bar", Title: "T1"}))
	if adm.DotName() != "Whit[Admissible_foo::Bar[T1]]" || comp.String() != "Foo::Bar[T1]" || g.Path(comp) != "Foo::Bar[T1]" {
		t.Errorf("sentinels %s %s", adm.DotName(), comp)
	}
	if got := g.ContainmentPath(adm); !slices.Equal(got, []string{"Stage[main]", "Apache::Config", "Foo::Bar[T1]"}) {
		t.Errorf("containment path %v", got)
	}
}

// chain builds a catalog of n notifies, each requiring the previous one
// when chained, inside Class[main].
func chain(t testing.TB, n int, chained bool) *catalog.Catalog {
	c := catalog.New("node")
	add(t, c, &catalog.Resource{Type: "Stage", Title: "main"})
	add(t, c, &catalog.Resource{Type: "Class", Title: "Settings"})
	add(t, c, &catalog.Resource{Type: "Class", Title: "main"})
	c.Contain(catalog.Ref{Type: "Stage", Title: "main"}, catalog.Ref{Type: "Class", Title: "Settings"})
	c.Contain(catalog.Ref{Type: "Stage", Title: "main"}, catalog.Ref{Type: "Class", Title: "main"})
	for i := 0; i < n; i++ {
		r := &catalog.Resource{Type: "Notify", Title: fmt.Sprintf("n%d", i)}
		if chained && i > 0 {
			r.Params = []catalog.Param{{Name: "require", Value: fmt.Sprintf("Notify[n%d]", i-1)}}
		}
		add(t, c, r)
		c.Contain(catalog.Ref{Type: "Class", Title: "main"}, r.Ref())
	}
	appendDefaults(t, c)
	return c
}

func TestLongChainCycle(t *testing.T) {
	const n = 5000
	c := chain(t, n, true)
	// Close the chain into one big cycle.
	c.Resources[3].Params = []catalog.Param{{Name: "require", Value: fmt.Sprintf("Notify[n%d]", n-1)}}
	g := mustBuild(t, c, Options{})
	cycles := g.Cycles()
	if len(cycles) != 1 || len(cycles[0]) != n {
		t.Fatalf("%d cycles", len(cycles))
	}
	msg := g.CycleMessage("/g/cycles.dot")
	if !strings.HasPrefix(msg, "Found 1 dependency cycle:\n(Notify[n0] => Notify[n1] => ") ||
		!strings.HasSuffix(msg, " => Notify[n4999] => Notify[n0])\\nCycle graph written to /g/cycles.dot.") {
		t.Errorf("message %.200q", msg)
	}
}

func TestLongChainWalk(t *testing.T) {
	g := mustBuild(t, chain(t, 5000, true), Options{})
	order := g.Order()
	if len(order) != g.Len() || len(g.Cycles()) != 0 {
		t.Fatalf("walked %d of %d", len(order), g.Len())
	}
	if got := g.Path(order[4]); got != "/Stage[main]/Main/Notify[n0]" {
		t.Errorf("fifth vertex %s", got)
	}
}

func TestOrderings(t *testing.T) {
	c := chain(t, 50, false)
	names := func(o Ordering, seed int64) []string {
		g := mustBuild(t, c, Options{Ordering: o, Seed: seed})
		var out []string
		for _, v := range g.Order() {
			out = append(out, v.DotName())
		}
		return out
	}
	manifest := names(Manifest, 0)
	th := names(TitleHash, 0)
	if !slices.Equal(th, names(TitleHash, 7)) {
		t.Error("title-hash order depends on the seed")
	}
	if slices.Equal(th, manifest) {
		t.Error("title-hash order equals manifest order")
	}
	r1, r2 := names(Random, 1), names(Random, 2)
	if !slices.Equal(r1, names(Random, 1)) {
		t.Error("random order not deterministic for a seed")
	}
	if slices.Equal(r1, r2) || slices.Equal(r1, manifest) {
		t.Error("random orders do not vary with the seed")
	}
	// Every ordering still honours containment: the stage's admissible
	// sentinel first and its completed sentinel after every notify.
	for _, o := range [][]string{th, r1, r2} {
		stage, end := slices.Index(o, "Whit[Admissible_stage[main]]"), slices.Index(o, "Whit[Completed_stage[main]]")
		for i := range 50 {
			if n := slices.Index(o, fmt.Sprintf("Notify[n%d]", i)); n < stage || n > end {
				t.Errorf("order ignores containment: %v", o)
				break
			}
		}
	}
}

// In title-hash order unrelated resources sort by the SHA1 of a salted ref.
func TestTitleHashKey(t *testing.T) {
	c := parseCatalog(t, "Notify[a]\nNotify[b]\nNotify[c]\nNotify[d]")
	g := mustBuild(t, c, Options{Ordering: TitleHash})
	var got []string
	for _, v := range g.Order() {
		got = append(got, v.String())
	}
	// sha1("NaCl, MgSO4 (salts) and then Notify[x]") ordered by hex digest.
	want := append([]string(nil), got...)
	slices.SortFunc(want, func(a, b string) int {
		return strings.Compare(titleHash(a), titleHash(b))
	})
	if !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
}

func TestWalkDoneUnblocks(t *testing.T) {
	c := parseCatalog(t, "Notify[a]\nNotify[b] require=Notify[a]\nNotify[c]")
	g := mustBuild(t, c, Options{})
	w := g.NewWalk()
	a := w.Next()
	if a.String() != "Notify[a]" {
		t.Fatalf("first %s", a)
	}
	if v := w.Next(); v.String() != "Notify[c]" {
		t.Fatalf("second %s (b must wait for a)", v)
	}
	if w.Next() != nil || w.Remaining() != 3 {
		t.Fatal("b ready before a is done")
	}
	w.Done(a)
	if v := w.Next(); v.String() != "Notify[b]" {
		t.Fatalf("after a: %v", v)
	}
}

func TestWriteJSON(t *testing.T) {
	c := parseCatalog(t, mainHeader+"Notify[a] < Class[main] notify=Notify[b]\nNotify[b] < Class[main]")
	g := mustBuild(t, c, Options{})
	var b strings.Builder
	if err := g.WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`"name": "Whit[Admissible_class[Main]]"`,
		`"path": "/Stage[main]/Main/Notify[a]"`,
		`"source": "Notify[a]",
      "target": "Notify[b]",
      "kind": "refresh",
      "refresh": true,
      "via": "notify",
      "file": "/m.pp",
      "line": 5`,
	} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("JSON lacks %s:\n%s", want, b.String())
			break
		}
	}
}

func TestParseRef(t *testing.T) {
	for _, s := range []string{"Notify[x]", "notify[x]", "Notify['x']", "Notify[ x ]", "Notify[]", "File[/a b/]", "Class[foo::bar]", "Foo::Bar[T1]", "Notify[\tx]", "Notify[\"x\"]", "Exec[a[1]]"} {
		got, ok := parseRef(s)
		want, wok := catalog.ParseRef(s)
		if got != want || ok != wok {
			t.Errorf("parseRef(%q) = %v %v, catalog.ParseRef: %v %v", s, got, ok, want, wok)
		}
	}
}

func TestWhy(t *testing.T) {
	c := parseCatalog(t, mainHeader+`
Class[A] < Stage[main] before=Class[B]
Notify[a] < Class[A]
Class[B] < Stage[main]
Notify[b] < Class[B]
Notify[c] < Class[main]
`)
	g := mustBuild(t, c, Options{})
	v := func(title string) *Vertex { return g.Vertex(c.Resource(catalog.Ref{Type: "Notify", Title: title})) }
	var got []string
	for _, e := range g.Why(v("a"), v("b")) {
		got = append(got, e.String()+" ("+e.Origin.String()+")")
	}
	want := []string{
		"Notify[a] -> Whit[Completed_class[A]] (contains)",
		"Whit[Completed_class[A]] -> Whit[Admissible_class[B]] (before at /m.pp:6)",
		"Whit[Admissible_class[B]] -> Notify[b] (contains)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("why a before b:\n%s", strings.Join(got, "\n"))
	}
	if g.Why(v("a"), v("c")) != nil || g.Why(v("b"), v("a")) != nil {
		t.Error("unrelated resources explained")
	}
}

// A pre-check's first resource waits for all the watched one waits for
// (it is tried in a dry run at the first one's turn); each vertex knows
// the kinds of its edges.
func TestPreCheckInheritsDependencies(t *testing.T) {
	c := parseCatalog(t, mainHeader+`
Notify[dep] < Class[main]
Notify[watched] < Class[main] require=Notify[dep]
Notify[first] < Class[main]
rel Notify[first] pre-check Notify[watched]
rel Notify[dep] on-change Notify[other]
Notify[other] < Class[main]
`)
	g := mustBuild(t, c, Options{})
	v := func(title string) *Vertex { return g.Vertex(c.Resource(catalog.Ref{Type: "Notify", Title: title})) }
	var got []string
	for _, e := range g.In(v("first")) {
		got = append(got, fmt.Sprintf("%s %s %s", e.From, e.Kind, e.Origin))
	}
	want := []string{"Notify[dep] order pre-check of Notify[watched]", "Class[Main] refresh contains"}
	if !slices.Equal(got, want) {
		t.Errorf("in-edges of Notify[first]:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	var order []string
	for _, x := range g.Order() {
		if x.Whit == NotWhit && x.Resource.Type == "Notify" {
			order = append(order, x.Resource.Title)
		}
	}
	if want := []string{"dep", "first", "watched", "other"}; !slices.Equal(order, want) {
		t.Errorf("order %v, want %v", order, want)
	}
	for _, tc := range []struct {
		title   string
		in, out catalog.EdgeKind
		has     bool
	}{
		{"first", catalog.Order, catalog.PreCheck, true},
		{"watched", catalog.PreCheck, catalog.Refresh, true},
		{"other", catalog.OnChange, catalog.Refresh, true},
		{"dep", catalog.OnChange, catalog.OnChange, false},
	} {
		x := v(tc.title)
		if x.HasIn(tc.in) != tc.has || !x.HasOut(tc.out) && tc.has {
			t.Errorf("%s: HasIn(%s) = %v, HasOut(%s) = %v", tc.title, tc.in, x.HasIn(tc.in), tc.out, x.HasOut(tc.out))
		}
	}
	if !v("dep").HasOut(catalog.OnChange) {
		t.Errorf("dep: HasOut(on-change) = false")
	}
}
