package salt_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/salt"
)

// TestLower checks that every requisite becomes one relationship with its
// edge kind, quantifier and the line it was written on; listen, delivered
// after the run, makes none.
func TestLower(t *testing.T) {
	root := t.TempDir()
	sls := `a:
  test.succeed_with_changes
b:
  test.nop:
    - require:
      - test: a
c:
  cmd.wait:
    - name: echo c
    - watch:
      - test: a
d:
  test.nop:
    - onchanges:
      - test: a
    - onfail:
      - test: b
e:
  test.nop:
    - prereq:
      - test: a
f:
  test.nop:
    - listen:
      - test: a
`
	if err := os.WriteFile(filepath.Join(root, "low.sls"), []byte(sls), 0o644); err != nil {
		t.Fatal(err)
	}
	low, err := salt.Compile(salt.Options{FileRoot: root}, []string{"low"})
	if err != nil {
		t.Fatal(err)
	}
	cat := salt.Lower(low, "minion")
	if got := len(cat.Resources); got != 6 {
		t.Fatalf("%d resources, want 6", got)
	}
	var got []string
	for _, r := range cat.Relationships {
		got = append(got, r.Source.Title+" -> "+r.Target.Title+" "+r.Kind.String()+" "+r.Quantifier.String()+" "+r.Origin.String())
	}
	want := []string{
		"e -> a pre-check all prereq at low.sls:20",
		"a -> b order all require at low.sls:5",
		"a -> c refresh all watch at low.sls:10",
		"b -> d on-fail any onfail at low.sls:16",
		"a -> d on-change all onchanges at low.sls:14",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("relationships:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if r := cat.Resource(catalog.NewRef("salt::cmd", "c")); r == nil || r.String("fun") != "wait" {
		t.Errorf("cmd resource: %+v", r)
	}
}
