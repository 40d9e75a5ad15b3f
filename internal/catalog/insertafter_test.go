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

func TestInsertBefore(t *testing.T) {
	c := New("n")
	for _, title := range []string{"a", "b", "c"} {
		if err := c.Add(&Resource{Type: "Notify", Title: title}); err != nil {
			t.Fatal(err)
		}
	}
	b, cc := c.Resource(Ref{Type: "Notify", Title: "b"}), c.Resource(Ref{Type: "Notify", Title: "c"})
	more := map[*Resource][]*Resource{
		b:  {{Type: "Notify", Title: "y"}, {Type: "Notify", Title: "x"}},
		cc: {{Type: "Notify", Title: "z"}},
	}
	if err := c.InsertBefore(more); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range c.Resources {
		got = append(got, r.Title)
		if c.Resource(r.Ref()) != r {
			t.Errorf("%s is not found by its reference", r.Ref())
		}
	}
	if g := strings.Join(got, " "); g != "a y x b z c" {
		t.Errorf("order %q", g)
	}
	if err := c.InsertBefore(map[*Resource][]*Resource{b: {{Type: "Notify", Title: "a"}}}); err == nil {
		t.Error("a title the catalog holds was inserted")
	}
}

func TestRetitle(t *testing.T) {
	c := New("n")
	k := &Resource{Type: "Sshkey", Title: "web"}
	other := &Resource{Type: "Sshkey", Title: "db@ssh-rsa"}
	for _, r := range []*Resource{{Type: "Class", Title: "Main"}, k, other} {
		if err := c.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	c.Contain(Ref{Type: "Class", Title: "Main"}, k.Ref())
	c.Relate(Relationship{Source: k.Ref(), Target: other.Ref()})
	c.Retitle(k, "web@ssh-rsa")
	if k.Title != "web@ssh-rsa" || c.Resource(Ref{Type: "Sshkey", Title: "web@ssh-rsa"}) != k || c.Resource(Ref{Type: "Sshkey", Title: "web"}) != k {
		t.Errorf("retitled %q, found by new %v, by old %v", k.Title, c.Resource(Ref{Type: "Sshkey", Title: "web@ssh-rsa"}), c.Resource(Ref{Type: "Sshkey", Title: "web"}))
	}
	if a, _ := k.Get("alias"); Format(a) != "['web']" {
		t.Errorf("alias %s", Format(a))
	}
	if c.Containment[0].Member != k.Ref() || c.Relationships[0].Source != k.Ref() {
		t.Errorf("containment %v, relationship %v", c.Containment[0], c.Relationships[0])
	}
	// A title another resource has is not taken.
	c.Retitle(k, "db@ssh-rsa")
	if k.Title != "web@ssh-rsa" {
		t.Errorf("took a held title: %q", k.Title)
	}
}
