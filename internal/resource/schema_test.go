package resource_test

import (
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

func hash(kv ...any) *catalog.Hash {
	h := catalog.NewHash()
	for i := 0; i+1 < len(kv); i += 2 {
		h.Set(kv[i].(string), kv[i+1])
	}
	return h
}

// Values are quoted in errors as Ruby's inspect quotes them (checked with
// ruby -e 'p ...').
func TestInspect(t *testing.T) {
	for _, tt := range []struct {
		v    catalog.Value
		want string
	}{
		{"abc", `"abc"`},
		{"a\x00b\x7f\x1b", `"a\u0000b\u007F\e"`},
		{"say \"hi\" \\ #{x} #x", `"say \"hi\" \\ \#{x} #x"`},
		{"tab\tnl\n", `"tab\tnl\n"`},
		{"é", `"é"`},
		{"\xff", `"\xFF"`},
		{int64(5), "5"},
		{1.5, "1.5"},
		{4294967296.0, "4294967296.0"},
		{1e20, "1.0e+20"},
		{1e15, "1.0e+15"},
		{999999999999999.0, "999999999999999.0"},
		{1e-5, "1.0e-05"},
		{0.00012, "0.00012"},
		{-2.5e20, "-2.5e+20"},
		{true, "true"},
		{nil, "nil"},
		{[]catalog.Value{"a", int64(1), nil}, `["a", 1, nil]`},
		{hash("a", int64(1), "b", []catalog.Value{1.5, true}), `{"a"=>1, "b"=>[1.5, true]}`},
	} {
		if got := resource.Inspect(tt.v); got != tt.want {
			t.Errorf("Inspect(%#v) = %s, want %s", tt.v, got, tt.want)
		}
	}
}

func TestChecks(t *testing.T) {
	id := resource.IntegerCheck{Min: 0, Max: resource.MaxID, Msg: "Invalid id"}
	for _, tt := range []struct {
		name  string
		check resource.Check
		in    catalog.Value
		want  catalog.Value // when err is ""
		err   string
	}{
		{"bool", resource.Boolean(), "true", true, ""},
		{"bool", resource.Boolean(), false, false, ""},
		{"bool yes", resource.Boolean(), "yes", nil, `Invalid value "yes". Valid values are true, false.`},
		{"bool list", resource.Boolean(), []catalog.Value{true}, nil, `Invalid value [true]. Valid values are true, false.`},
		{"yesno", resource.YesNo(), "no", false, ""},
		{"yesno bad", resource.YesNo(), "TRUE", nil, `Invalid value "TRUE". Valid values are true, false, yes, no.`},
		{"enum", resource.Enum("follow", "manage"), "manage", "manage", ""},
		{"enum int", resource.Enum("follow", "manage"), int64(1), nil, `Invalid value 1. Valid values are follow, manage.`},
		{"enum bool", resource.Enum("true", "false", "on_failure"), true, "true", ""},
		{"enum alias", &resource.EnumCheck{Values: []string{"absent"}, Aliases: map[string]string{"false": "absent"}}, "false", "absent", ""},
		{"pattern", &resource.EnumCheck{Patterns: []resource.Pattern{regexp.MustCompile(`^[0-9]+$`)}}, "x", nil, `Invalid value "x". Valid values match /^[0-9]+$/.`},
		{"id", id, int64(4294967294), int64(4294967294), ""},
		{"id string", id, "42", int64(42), ""},
		{"id 2^32", id, int64(4294967296), nil, "Invalid id"},
		{"id negative", id, int64(-1), nil, "Invalid id"},
		{"number", resource.NumberCheck{Min: 0, Msg: "nan", Negative: "neg"}, "2.5", "2.5", ""},
		{"number negative", resource.NumberCheck{Min: 0, Msg: "nan", Negative: "neg"}, int64(-1), nil, "neg"},
		{"abs", resource.AbsPathCheck{Msg: "must be absolute, not '%s'", Clean: true}, "/a//b/", "/a/b", ""},
		{"abs relative", resource.AbsPathCheck{Msg: "must be absolute, not '%s'"}, "a/b", nil, "must be absolute, not 'a/b'"},
		{"abs nul", resource.AbsPathCheck{Msg: "x"}, "/a\x00", nil, "path name contains null byte"},
		{"string", resource.StringOnly(), "x", "x", ""},
		{"string hash", resource.StringOnly(), hash("a", int64(1)), nil, "no implicit conversion of Hash into String"},
		{"string true", resource.StringOnly(), true, nil, "no implicit conversion of true into String"},
		{"array", resource.ArrayOf(resource.Boolean()), []catalog.Value{"true", false}, []catalog.Value{true, false}, ""},
		{"array bad", resource.ArrayOf(resource.Boolean()), []catalog.Value{true, "x"}, nil, `Invalid value "x". Valid values are true, false.`},
		{"mode", resource.ModeCheck{}, "u=rw,go=r", "u=rw,go=r", ""},
		{"mode bad", resource.ModeCheck{}, "0999", nil, `The file mode specification is invalid: "0999"`},
		{"mode int", resource.ModeCheck{}, int64(644), nil, "The file mode specification must be a string, not 'Integer'"},
	} {
		got, err := tt.check.Munge(tt.in)
		switch {
		case tt.err != "":
			if err == nil || err.Error() != tt.err {
				t.Errorf("%s: Munge(%v) error %v, want %q", tt.name, tt.in, err, tt.err)
			}
		case err != nil:
			t.Errorf("%s: Munge(%v): %v", tt.name, tt.in, err)
		case resource.Inspect(got) != resource.Inspect(tt.want):
			t.Errorf("%s: Munge(%v) = %s, want %s", tt.name, tt.in, resource.Inspect(got), resource.Inspect(tt.want))
		}
		if tt.check.Describe() == "" {
			t.Errorf("%s: no description", tt.name)
		}
	}
	if resource.MaxID != math.MaxUint32-1 {
		t.Errorf("MaxID = %d", resource.MaxID)
	}
}

var testSchema = resource.NewSchema(resource.Schema{
	Name: "thing",
	Attrs: []resource.Attr{
		{Name: "ensure", Kind: resource.KindProperty, Check: resource.Enum("present", "absent")},
		{Name: "tags", Kind: resource.KindProperty, Arrays: resource.EachAll, Check: resource.CheckFunc("words", func(v catalog.Value) (catalog.Value, error) {
			return strings.ToUpper(v.(string)), nil
		})},
		{Name: "body", Kind: resource.KindProperty, Arrays: resource.EachLast},
		{Name: "path", Namevar: true, Check: resource.AbsPathCheck{Msg: "paths must be absolute, not '%s'", Clean: true}},
		{Name: "force", Default: false, Check: resource.YesNo()},
		{Name: "tries", Check: resource.IntegerCheck{Min: 1, Max: 10, Msg: "tries must be 1 to 10", Munging: true}},
		{Name: "gone", Unsupported: "gone is not supported"},
	},
	TitlePatterns: []resource.TitlePattern{{Pattern: regexp.MustCompile(`^(.*?)/*$`), Attrs: []string{"path"}}},
	Providers:     []resource.Provider{{Name: "one", Default: true}, {Name: "two"}},
	Validate: func(v resource.Values) error {
		if v.Has("body") && v.String("ensure") == "absent" {
			return errFmt("no body when absent")
		}
		return nil
	},
})

type errFmt string

func (e errFmt) Error() string { return string(e) }

func res(title string, kv ...any) *catalog.Resource {
	r := &catalog.Resource{Type: "Thing", Title: title}
	for i := 0; i+1 < len(kv); i += 2 {
		r.Params = append(r.Params, catalog.Param{Name: kv[i].(string), Value: kv[i+1]})
	}
	return r
}

func TestSchemaCheck(t *testing.T) {
	for _, tt := range []struct {
		r    *catalog.Resource
		want string
	}{
		{res("/a"), ""},
		{res("/a", "ensure", []catalog.Value{"present"}), ""},
		{res("/a", "ensure", "bogus"), `Parameter ensure failed on Thing[/a]: Invalid value "bogus". Valid values are present, absent.`},
		{res("/a", "ensure", []catalog.Value{"present", "bogus"}), `Parameter ensure failed on Thing[/a]: Invalid value "bogus". Valid values are present, absent.`},
		{res("rel"), "Parameter path failed on Thing[rel]: paths must be absolute, not 'rel'"},
		{res("rel", "path", "/x"), ""},
		{res("/a", "force", []catalog.Value{true}), "Parameter force failed on Thing[/a]: Invalid value [true]. Valid values are true, false, yes, no."},
		{res("/a", "tries", "0"), `Parameter tries failed on Thing[/a]: Munging failed for value "0" in class tries: tries must be 1 to 10`},
		{res("/a", "gone", "x"), "Parameter gone failed on Thing[/a]: gone is not supported"},
		{res("/a", "provider", "three"), "Parameter provider failed on Thing[/a]: Invalid thing provider 'three'"},
		{res("/a", "noop", "maybe"), `Parameter noop failed on Thing[/a]: Invalid value "maybe". Valid values are true, false.`},
		{res("/a", "bodyy", "x"), "no parameter named 'bodyy' on Thing[/a]; did you mean 'body'?"},
		{res("/a", "body", &catalog.Rich{PType: "Deferred"}), "Parameter body failed on Thing[/a]: Deferred values are not supported by ordo"},
		{res("/a", "body", "x", "ensure", "absent"), "Validation of Thing[/a] failed: no body when absent"},
		// Puppet's order: namevar, provider, properties, parameters, then
		// unknown names.
		{res("rel", "zzz", "x", "tries", "0", "ensure", "bogus"), "Parameter path failed on Thing[rel]: paths must be absolute, not 'rel'"},
		{res("/a", "zzz", "x", "tries", "0", "ensure", "bogus"), `Parameter ensure failed on Thing[/a]: Invalid value "bogus". Valid values are present, absent.`},
		{res("/a", "zzz", "x", "tries", "0"), `Parameter tries failed on Thing[/a]: Munging failed for value "0" in class tries: tries must be 1 to 10`},
	} {
		got := ""
		if err := testSchema.Check(tt.r); err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%v %v:\n got %s\nwant %s", tt.r.Title, tt.r.Params, got, tt.want)
		}
	}
}

func TestValues(t *testing.T) {
	r := res("/a//b/", "ensure", []catalog.Value{"present", "absent"}, "tags", []catalog.Value{"x", "y"},
		"body", []catalog.Value{"one", "two"}, "force", "yes", "noop", true)
	if err := testSchema.Check(r); err != nil {
		t.Fatal(err)
	}
	v := resource.NewValues(testSchema, r)
	for _, tt := range []struct {
		name string
		want string
	}{
		{"path", `"/a/b"`}, {"ensure", `"present"`}, {"tags", `["X", "Y"]`}, {"body", `"two"`},
		{"force", "true"}, {"tries", "nil"}, {"noop", "true"}, {"loglevel", `"notice"`},
	} {
		if got := resource.Inspect(v.Get(tt.name)); got != tt.want {
			t.Errorf("Get(%s) = %s, want %s", tt.name, got, tt.want)
		}
	}
	if v.Has("tries") || !v.Has("body") || v.Provider().Name != "one" || v.Level() != resource.Notice {
		t.Errorf("Has/Provider/Level wrong")
	}
	if key, ok := testSchema.UniquenessKey(r); !ok || key != "/a/b" {
		t.Errorf("UniquenessKey = %q, %v", key, ok)
	}
	if key, ok := testSchema.KeyOfTitle("/x/y//"); !ok || key != "/x/y" {
		t.Errorf("KeyOfTitle = %q, %v", key, ok)
	}
	if testSchema.Attr("name") != testSchema.Namevar() || testSchema.Attr("alias").Kind != resource.KindMeta {
		t.Errorf("Attr lookups wrong")
	}
}

func TestConfine(t *testing.T) {
	h := fakeHost{cmds: map[string]bool{"useradd": true}, facts: map[string]string{"kernel": "Linux"}}
	for _, tt := range []struct {
		c    resource.Confine
		want bool
	}{
		{resource.Confine{}, true},
		{resource.Confine{Commands: []string{"useradd"}}, true},
		{resource.Confine{Commands: []string{"useradd", "pw"}}, false},
		{resource.Confine{Facts: map[string][]string{"kernel": {"linux", "freebsd"}}}, true},
		{resource.Confine{Facts: map[string][]string{"kernel": {"windows"}}}, false},
	} {
		if got := tt.c.Holds(h); got != tt.want {
			t.Errorf("%+v: Holds = %v", tt.c, got)
		}
	}
	if !(resource.LocalHost{}).HasCommand("sh") || (resource.LocalHost{}).HasCommand("ordoschema-no-such-command") {
		t.Errorf("LocalHost.HasCommand wrong")
	}
	if (resource.LocalHost{}).Fact("kernel") != "Linux" {
		t.Errorf("kernel fact %q", (resource.LocalHost{}).Fact("kernel"))
	}
}

type fakeHost struct {
	cmds  map[string]bool
	facts map[string]string
}

func (h fakeHost) HasCommand(name string) bool { return h.cmds[name] }
func (h fakeHost) Fact(name string) string     { return h.facts[name] }

func TestNewSchemaRefusesUndeclaredFeatures(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("no panic for a provider feature the type does not declare")
		}
	}()
	resource.NewSchema(resource.Schema{Name: "x", Providers: []resource.Provider{{Name: "p", Features: []string{"f"}}}})
}

// Puppet's complaints about sensitive_parameters it cannot honour
// (recorded: testdata/malformed/cat-sensitive-unknown).
func TestSensitiveNotes(t *testing.T) {
	r := res("/a", "body", "x", "force", true)
	r.Sensitive = []string{"nosuch", "force", "tags", "body"}
	var got []string
	for _, n := range testSchema.SensitiveNotes(r) {
		got = append(got, n.Level.String()+": "+n.Msg)
	}
	want := []string{
		"Error: Unable to mark 'nosuch' as sensitive: the property itself is not defined on thing.",
		"Warning: Unable to mark 'force' as sensitive: force is a parameter and not a property, and cannot be automatically redacted.",
		"Warning: Unable to mark 'tags' as sensitive: the property itself was not assigned a value.",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
