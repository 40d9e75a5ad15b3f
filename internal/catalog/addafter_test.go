package catalog

import (
	"strings"
	"testing"
)

func TestAddAfter(t *testing.T) {
	tests := []struct {
		name  string
		after string // title of the resource to insert after; "" for one not in the catalog
		want  string
	}{
		{"first", "a", "a x b c"},
		{"middle", "b", "a b x c"},
		{"last", "c", "a b c x"},
		{"missing", "", "a b c x"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := New("n")
			for _, title := range []string{"a", "b", "c"} {
				if err := c.Add(&Resource{Type: "Notify", Title: title}); err != nil {
					t.Fatal(err)
				}
			}
			prev := c.Resource(Ref{Type: "Notify", Title: tt.after})
			if prev == nil {
				prev = &Resource{Type: "Notify", Title: "elsewhere"}
			}
			x := &Resource{Type: "File", Title: "x"}
			if err := c.AddAfter(prev, x); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, r := range c.Resources {
				got = append(got, r.Title)
			}
			if g := strings.Join(got, " "); g != tt.want {
				t.Errorf("order %q, want %q", g, tt.want)
			}
			if c.Resource(x.Ref()) != x {
				t.Error("the new resource is not found by its reference")
			}
			if err := c.AddAfter(prev, &Resource{Type: "File", Title: "x"}); err == nil {
				t.Error("a second File[x] was accepted")
			}
		})
	}
}
