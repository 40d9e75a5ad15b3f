package alternatives

import (
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// Priorities are what Ruby's Integer() takes, as the module's check
// calls it.
func TestPriority(t *testing.T) {
	for _, c := range []struct {
		v  catalog.Value
		ok bool
	}{
		{int64(10), true}, {int64(-100), true}, {1.5, true},
		{"10", true}, {"-5", true}, {" 7\n", true}, {"+3", true}, {"1_000", true}, {"0x1f", true},
		{"0b101", true}, {"0o17", true}, {"017", true}, {"0d19", true}, {"0", true},
		{"ten", false}, {"", false}, {"1.5", false}, {"1__0", false}, {"_1", false}, {"018", false},
		{"0x", false}, {"1 2", false}, {true, false}, {[]catalog.Value{"x"}, false},
	} {
		_, err := checkPriority(c.v)
		if (err == nil) != c.ok {
			t.Errorf("priority %#v: err %v, want ok %v", c.v, err, c.ok)
		}
		if err != nil && err.Error() != "priority must be an integer" {
			t.Errorf("priority %#v: %v", c.v, err)
		}
	}
}

// A title gives the path, and the link after the last colon (a drive
// letter's colon kept with the link, as the module's patterns read it).
func TestEntryTitles(t *testing.T) {
	for _, c := range []struct {
		title, name, altlink string
	}{
		{"/usr/bin/vim.basic", "/usr/bin/vim.basic", ""},
		{"/usr/bin/vim.basic:/usr/bin/editor", "/usr/bin/vim.basic", "/usr/bin/editor"},
		{"/a:bc:/usr/bin/editor", "/a:bc", "/usr/bin/editor"},
		{"/a:b:/usr/bin/editor", "/a", "b:/usr/bin/editor"},
		{"/a:C:/bin/editor", "/a", "C:/bin/editor"},
	} {
		name, _ := entrySchema.TitleValue(c.title, "name")
		link, _ := entrySchema.TitleValue(c.title, "altlink")
		if name != c.name || link != c.altlink {
			t.Errorf("%s: name %q altlink %q, want %q %q", c.title, name, link, c.name, c.altlink)
		}
	}
}

// Bad values are refused with the module's messages, before anything
// runs.
func TestRefused(t *testing.T) {
	for _, c := range []struct {
		typ, title string
		params     []catalog.Param
		want       string
	}{
		{"Alternatives", "editor", []catalog.Param{{Name: "path", Value: "bin/vi"}}, "Parameter path failed on Alternatives[editor]: path must be a fully qualified path"},
		{"Alternatives", "editor", []catalog.Param{{Name: "mode", Value: "bogus"}}, `Parameter mode failed on Alternatives[editor]: Invalid value "bogus". Valid values are auto, manual.`},
		{"Alternatives", "editor", []catalog.Param{{Name: "mode", Value: "auto"}, {Name: "path", Value: "/bin/vi"}}, "Validation of Alternatives[editor] failed: Mode cannot be 'auto' if a path is given"},
		{"Alternatives", "editor", []catalog.Param{{Name: "mode", Value: "manual"}}, "Validation of Alternatives[editor] failed: Mode cannot be 'manual' without a path"},
		{"Alternative_entry", "vi", nil, "Parameter name failed on Alternative_entry[vi]: path must be a fully qualified path"},
		{"Alternative_entry", "/bin/vi", []catalog.Param{{Name: "altlink", Value: "editor"}}, "Parameter altlink failed on Alternative_entry[/bin/vi]: path must be a fully qualified path"},
		{"Alternative_entry", "/bin/vi", []catalog.Param{{Name: "priority", Value: "high"}}, "Parameter priority failed on Alternative_entry[/bin/vi]: priority must be an integer"},
		{"Alternative_entry", "/bin/vi", []catalog.Param{{Name: "ensure", Value: "latest"}}, `Parameter ensure failed on Alternative_entry[/bin/vi]: Invalid value "latest". Valid values are present, absent.`},
	} {
		r := &catalog.Resource{Type: c.typ, Title: c.title, Params: c.params}
		var typ resource.Type = Type{}
		if c.typ == "Alternative_entry" {
			typ = EntryType{}
		}
		_, err := resource.Instantiate(typ, r)
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: got %v, want %s", r.Ref(), err, c.want)
		}
	}
}

// An entry's ensure is present when it manages a property, else not
// managed.
func TestEntryEnsureDefault(t *testing.T) {
	for _, c := range []struct {
		params []catalog.Param
		props  []string
	}{
		{nil, nil},
		{[]catalog.Param{{Name: "altlink", Value: "/usr/bin/x"}}, nil},
		{[]catalog.Param{{Name: "priority", Value: int64(5)}}, []string{"ensure", "priority"}},
		{[]catalog.Param{{Name: "ensure", Value: "absent"}, {Name: "altname", Value: "x"}}, []string{"ensure", "altname"}},
	} {
		inst, err := resource.Instantiate(EntryType{}, &catalog.Resource{Type: "Alternative_entry", Title: "/bin/x", Params: c.params})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, p := range inst.Properties() {
			got = append(got, p.Name())
		}
		if len(got) != len(c.props) || (len(got) > 0 && got[0] != c.props[0]) {
			t.Errorf("%v: properties %v, want %v", c.params, got, c.props)
		}
	}
}
