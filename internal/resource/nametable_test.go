package resource

import (
	"fmt"
	"testing"
)

func TestNameTable(t *testing.T) {
	var names []string
	for i := range 200 {
		names = append(names, fmt.Sprintf("attr%d", i), fmt.Sprintf("%dx", i))
	}
	names = append(names, "", "a", "ensure", "ensure") // a duplicate keeps its first position
	tab := newNameTable(names)
	for i, n := range names[:len(names)-1] {
		if got, ok := tab.find(n); !ok || got != i {
			t.Errorf("find(%q) = %d, %v; want %d", n, got, ok, i)
		}
	}
	if got, _ := tab.find("ensure"); got != len(names)-2 {
		t.Errorf("find(ensure) = %d, want the first of the two, %d", got, len(names)-2)
	}
	for _, n := range []string{"b", "attr", "attr200", "ensur", "ensuree", "x0"} {
		if i, ok := tab.find(n); ok {
			t.Errorf("find(%q) = %d, want none", n, i)
		}
	}
	var empty nameTable
	if _, ok := empty.find("x"); ok {
		t.Error("the zero table finds a name")
	}
}
