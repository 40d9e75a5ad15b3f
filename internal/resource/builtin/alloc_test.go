package builtin

import (
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/catalog/gen"
)

// Checking good values and finding a resource's uniqueness key run for
// every resource of a catalog: they must not allocate.
func TestCheckAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector changes what allocates")
	}
	reg := Registry()
	c := gen.Files("/tmp/ordoschema-alloc", 20, false)
	c.Resources = append(c.Resources,
		&catalog.Resource{Type: "Exec", Title: "/bin/true", Params: []catalog.Param{{Name: "timeout", Value: int64(5)}, {Name: "logoutput", Value: "true"},
			{Name: "path", Value: "/bin:/usr/bin"}, {Name: "unless", Value: "/bin/false"}, {Name: "tries", Value: "3"}}},
		&catalog.Resource{Type: "Notify", Title: "hello", Params: []catalog.Param{{Name: "withpath", Value: true}, {Name: "loglevel", Value: "info"}}},
		&catalog.Resource{Type: "Group", Title: "ordoschemag", Params: []catalog.Param{{Name: "gid", Value: int64(4242)}, {Name: "members", Value: []catalog.Value{"a", "b"}}}},
		&catalog.Resource{Type: "User", Title: "ordoschemau", Params: []catalog.Param{{Name: "uid", Value: int64(4242)}, {Name: "home", Value: "/home/u"},
			{Name: "password_max_age", Value: int64(99999)}, {Name: "groups", Value: []catalog.Value{"g"}}, {Name: "managehome", Value: true}}},
	)
	for _, r := range c.Resources {
		s := reg.Schema(r.Type)
		if s == nil {
			continue
		}
		if err := s.Check(r); err != nil {
			t.Fatalf("%s: %v", r.Ref(), err)
		}
		if n := testing.AllocsPerRun(20, func() { _ = s.Check(r) }); n != 0 {
			t.Errorf("%s: Check allocates %v times", r.Ref(), n)
		}
		if n := testing.AllocsPerRun(20, func() { s.UniquenessKey(r) }); n != 0 {
			t.Errorf("%s: UniquenessKey allocates %v times", r.Ref(), n)
		}
	}
}
