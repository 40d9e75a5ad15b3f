package catalog

import (
	"strings"
	"testing"
)

func TestInsertAfter(t *testing.T) {
	tests := []struct {
		name    string
		after   map[string][]string // titles of the new resources after each title
		want    string
		wantErr bool
	}{
		{"first", map[string][]string{"a": {"x"}}, "a x b c", false},
		{"middle, two", map[string][]string{"b": {"x", "y"}}, "a b x y c", false},
		{"last and first", map[string][]string{"c": {"y"}, "a": {"x"}}, "a x b c y", false},
		{"not in the catalog", map[string][]string{"elsewhere": {"x"}}, "a b c", true},
		{"a title held", map[string][]string{"a": {"b"}}, "a b c", true},
		{"twice", map[string][]string{"a": {"x"}, "b": {"x"}}, "a b c", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := New("n")
			for _, title := range []string{"a", "b", "c"} {
				if err := c.Add(&Resource{Type: "Notify", Title: title}); err != nil {
					t.Fatal(err)
				}
			}
			more := map[*Resource][]*Resource{}
			for after, titles := range tt.after {
				prev := c.Resource(Ref{Type: "Notify", Title: after})
				if prev == nil {
					prev = &Resource{Type: "Notify", Title: after}
				}
				for _, title := range titles {
					more[prev] = append(more[prev], &Resource{Type: "Notify", Title: title})
				}
			}
			err := c.InsertAfter(more)
			if (err != nil) != tt.wantErr {
				t.Fatalf("error %v, want one: %v", err, tt.wantErr)
			}
			var got []string
			for _, r := range c.Resources {
				got = append(got, r.Title)
				if c.Resource(r.Ref()) != r {
					t.Errorf("%s is not found by its reference", r.Ref())
				}
			}
			if g := strings.Join(got, " "); g != tt.want {
				t.Errorf("order %q, want %q", g, tt.want)
			}
		})
	}
}
