package resources

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

// fake is a type whose provider lists a fixed set of instances.
type fake struct {
	schema *resource.Schema
}

func (f fake) Schema() *resource.Schema                       { return f.schema }
func (f fake) New(resource.Values) (resource.Instance, error) { return nil, nil }

func newFake(name string, ensure resource.Check, list []*catalog.Resource, listable bool) fake {
	p := resource.Provider{Name: "fakep", Default: true}
	if listable {
		p.Instances = func(context.Context, *resource.Handle) ([]*catalog.Resource, error) { return list, nil }
	}
	attrs := []resource.Attr{{Name: "name", Namevar: true}}
	if ensure != nil {
		attrs = append(attrs, resource.Attr{Name: "ensure", Kind: resource.KindProperty, Check: ensure})
	}
	attrs = append(attrs, resource.Attr{Name: "uid", Kind: resource.KindProperty})
	return fake{resource.NewSchema(resource.Schema{Name: name, Attrs: attrs, Providers: []resource.Provider{p}})}
}

func inst(typ, title string, uid int64) *catalog.Resource {
	r := &catalog.Resource{Type: typ, Title: title}
	r.Set("ensure", "present")
	r.Set("uid", uid)
	return r
}

type host struct{}

func (host) HasCommand(string) bool { return true }
func (host) Fact(string) string     { return "" }

func TestPurge(t *testing.T) {
	defs := filepath.Join(t.TempDir(), "login.defs")
	if err := os.WriteFile(defs, []byte("# x\nUID_MIN\t\t\t 1000 # first\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	widgets := []*catalog.Resource{inst("Widget", "a", 1), inst("Widget", "b", 2), inst("Widget", "c", 3)}
	users := []*catalog.Resource{inst("User", "root", 0), inst("User", "daemon", 1), inst("User", "sys5", 5),
		inst("User", "alice", 1000), inst("User", "bob", 1001), inst("User", "carol", 1002), inst("User", "nobody", 65534)}
	types := []resource.Type{
		newFake("widget", resource.Enum("present", "absent"), widgets, true),
		newFake("user", resource.Enum("present", "absent"), users, true),
		newFake("daemon", resource.Enum("running", "stopped"), widgets, true),
		newFake("unlisted", resource.Enum("present", "absent"), nil, false),
	}
	mt := NewType(types)
	mt.LoginDefs, mt.Host = defs, host{}
	cases := []struct {
		name     string
		params   []catalog.Param
		managed  []*catalog.Resource
		want     string // titles made, then their parameters
		wantLog  string
		wantErr  string
		invalids bool
	}{
		{name: "widget", params: []catalog.Param{{Name: "purge", Value: true}},
			want: "Widget[a] ensure=absent provider=fakep|Widget[b] ensure=absent provider=fakep|Widget[c] ensure=absent provider=fakep"},
		{name: "widget", params: []catalog.Param{{Name: "purge", Value: false}}},
		{name: "widget", params: []catalog.Param{{Name: "purge", Value: "yes"}, {Name: "noop", Value: true}, {Name: "alias", Value: "x"}, {Name: "tag", Value: "t"}},
			managed: []*catalog.Resource{{Type: "Widget", Title: "b"}, {Type: "Widget", Title: "other", Params: []catalog.Param{{Name: "name", Value: "c"}}}},
			want:    "Widget[a] ensure=absent provider=fakep noop=true tag=t"},
		{name: "user", params: []catalog.Param{{Name: "purge", Value: true}},
			want: "User[alice] ensure=absent provider=fakep audit=uid|User[bob] ensure=absent provider=fakep audit=uid|User[carol] ensure=absent provider=fakep audit=uid"},
		{name: "user", params: []catalog.Param{{Name: "purge", Value: true}, {Name: "unless_system_user", Value: "1000"}, {Name: "unless_uid", Value: []catalog.Value{"1002", int64(7)}}},
			want: "User[bob] ensure=absent provider=fakep audit=uid"},
		{name: "user", params: []catalog.Param{{Name: "purge", Value: true}, {Name: "unless_system_user", Value: int64(2)}},
			want: "User[sys5] ensure=absent provider=fakep audit=uid|User[alice] ensure=absent provider=fakep audit=uid|User[bob] ensure=absent provider=fakep audit=uid|User[carol] ensure=absent provider=fakep audit=uid"},
		{name: "user", params: []catalog.Param{{Name: "purge", Value: true}, {Name: "unless_system_user", Value: false}, {Name: "unless_uid", Value: int64(0)}},
			want: "User[root] ensure=absent provider=fakep|User[daemon] ensure=absent provider=fakep|User[sys5] ensure=absent provider=fakep|User[alice] ensure=absent provider=fakep|User[bob] ensure=absent provider=fakep|User[carol] ensure=absent provider=fakep|User[nobody] ensure=absent provider=fakep"},
		{name: "daemon", params: []catalog.Param{{Name: "purge", Value: true}},
			wantLog: strings.TrimSuffix(strings.Repeat("Error: /Resources[daemon]: The 'ensure' attribute on daemon resources does not accept 'absent' as a value\n", 3), "\n")},
		{name: "unlisted", params: []catalog.Param{{Name: "purge", Value: true}},
			wantErr: "To support listing resources of this type the 'fakep' provider needs to implement an 'instances' class method"},
		{name: "user", params: []catalog.Param{{Name: "purge", Value: true}, {Name: "unless_uid", Value: "junk"}}, invalids: true},
	}
	for _, c := range cases {
		r := &catalog.Resource{Type: "Resources", Title: c.name, Params: c.params}
		cat := catalog.New("x")
		for _, m := range c.managed {
			if err := cat.Add(m); err != nil {
				t.Fatal(err)
			}
		}
		log := &resourcetest.Logger{}
		h := &resource.Handle{Path: "/" + r.Ref().String(), Log: log}
		made, err := mt.PreGenerateFrom(context.Background(), h, r, cat)
		if c.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), c.wantErr) {
				t.Errorf("%s %v: err %v, want %q", c.name, c.params, err, c.wantErr)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s %v: %v", c.name, c.params, err)
		}
		if c.invalids {
			if _, err := resource.Instantiate(mt, r); err == nil {
				t.Errorf("%s %v: accepted", c.name, c.params)
			}
		}
		var got []string
		for _, m := range made {
			s := m.Ref().String()
			for _, p := range m.Params {
				s += " " + p.Name + "=" + catalog.Scalar(p.Value)
			}
			got = append(got, s)
		}
		if g := strings.Join(got, "|"); g != c.want {
			t.Errorf("%s %v:\n got %s\nwant %s", c.name, c.params, g, c.want)
		}
		if g := log.String(); g != c.wantLog {
			t.Errorf("%s %v: log\n%s\nwant\n%s", c.name, c.params, g, c.wantLog)
		}
	}
}

func TestChecks(t *testing.T) {
	mt := NewType([]resource.Type{newFake("widget", resource.Enum("present", "absent"), nil, true), newFake("thing", nil, nil, true)})
	for _, c := range []struct {
		params []catalog.Param
		title  string
		want   string
	}{
		{title: "nosuch", params: []catalog.Param{{Name: "purge", Value: true}}, want: "Parameter name failed on Resources[nosuch]: Could not find resource type 'nosuch'"},
		{title: "thing", params: []catalog.Param{{Name: "purge", Value: true}}, want: "Parameter purge failed on Resources[thing]: Purging is only supported on types that accept 'ensure'"},
		{title: "thing", params: []catalog.Param{{Name: "purge", Value: false}}},
		{title: "widget", params: []catalog.Param{{Name: "purge", Value: "maybe"}}, want: "Parameter purge failed on Resources[widget]: Invalid value \"maybe\". Valid values are true, false, yes, no."},
		{title: "widget", params: []catalog.Param{{Name: "unless_uid", Value: []catalog.Value{"300002", "junk"}}},
			want: "Parameter unless_uid failed on Resources[widget]: Munging failed for value [\"300002\", \"junk\"] in class unless_uid: invalid value for Integer(): \"junk\""},
		{title: "widget", params: []catalog.Param{{Name: "unless_uid", Value: []catalog.Value{"0x10", "1_000", int64(5), []catalog.Value{"7"}}}}},
		{title: "widget", params: []catalog.Param{{Name: "unless_system_user", Value: "lots"}},
			want: "Parameter unless_system_user failed on Resources[widget]: Invalid value \"lots\". Valid values are true, false. Valid values match /^\\d+$/."},
	} {
		r := &catalog.Resource{Type: "Resources", Title: c.title, Params: c.params}
		_, err := resource.Instantiate(mt, r)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s %v:\n got %s\nwant %s", c.title, c.params, got, c.want)
		}
	}
}
