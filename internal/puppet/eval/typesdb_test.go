package eval

import (
	"reflect"
	"strings"
	"testing"
)

func TestParseRubyType(t *testing.T) {
	src := []byte(`
Puppet::Type.newtype(:ini_setting) do
  ensurable do
    defaultvalues
  end
  newparam(:name, namevar: true) do
    desc 'An arbitrary name used as the identity of the resource.'
  end
  newparam(:section) do
  end
  newproperty(:value) do
  end
  newparam(:path, :namevar => false)
  newparam :key_val_separator do
  end
end
`)
	got := parseRubyType("ini_setting", src)
	want := &TypeInfo{Name: "ini_setting", Isomorphic: true, Namevars: []string{"name"},
		Attrs: []string{"ensure", "name", "section", "value", "path", "key_val_separator"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
	old := parseRubyType("x", []byte("newparam(:target) do\n  isnamevar\nend\nnewparam(:other) do\nend\n"))
	if old.Namevars[0] != "target" {
		t.Errorf("isnamevar: got namevar %v", old.Namevars)
	}
}

func TestParseResourceAPIType(t *testing.T) {
	src := []byte(`
require 'puppet/resource_api'

Puppet::ResourceApi.register_type(
  name: 'fwchain',
  docs: <<-DESC,
    name: { not an attribute
  DESC
  features: ['custom_insync'],
  attributes: {
    ensure: {
      type: 'Enum[present, absent]',
      default: 'present',
    },
    name: {
      type: 'String',
      desc: <<-DESC
      policy: {
      DESC
      behaviour: :namevar
    },
    policy: {
      type: "Optional[Enum['accept', 'drop']]",
    },
  },
  title_patterns: [],
)
`)
	got := parseRubyType("fwchain", src)
	want := &TypeInfo{Name: "fwchain", Isomorphic: true, Namevars: []string{"name"},
		Attrs: []string{"ensure", "name", "policy"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v\nwant %+v", got, want)
	}
}

// A Ruby type with two namevars (puppet-alternatives' alternative_entry)
// has both, and its title patterns give them from a title.
func TestRubyTypeCompositeNamevars(t *testing.T) {
	src := []byte(`Puppet::Type.newtype(:alternative_entry) do
  ensurable
  newparam(:name) do
    isnamevar
  end
  newparam(:altlink) do
    isnamevar
  end
  newproperty(:priority) do
  end
  def self.title_patterns
    [
      [
        %r{^([^:]+)$},
        [
          [:name]
        ]
      ],
      [
        %r{^(.*):([a-z]:(/|\\).*)$}i,
        [
          [:name],
          [:altlink]
        ]
      ],
      [
        %r{^(.*):(.*)$},
        [
          [:name],
          [:altlink]
        ]
      ]
    ]
  end
end
`)
	ti := parseRubyType("alternative_entry", src)
	if strings.Join(ti.Namevars, ",") != "name,altlink" {
		t.Fatalf("namevars = %v", ti.Namevars)
	}
	if ti.TitleParams == nil {
		t.Fatal("no title patterns")
	}
	for title, want := range map[string]string{
		"/usr/bin/vim.basic":             "name=/usr/bin/vim.basic",
		"/usr/bin/vim.basic:/usr/bin/vi": "name=/usr/bin/vim.basic altlink=/usr/bin/vi",
		`c:\a:D:\b`:                      `name=c:\a altlink=D:\b`,
	} {
		var got []string
		for _, kv := range ti.TitleParams(title) {
			got = append(got, kv[0]+"="+kv[1])
		}
		if strings.Join(got, " ") != want {
			t.Errorf("%s: %v, want %s", title, got, want)
		}
	}
}

// A type with one namevar may still split its title into parameters
// (puppet-openldap's openldap_access: "0 on dc=example,dc=com").
func TestRubyTypeTitlePatternsOneNamevar(t *testing.T) {
	src := []byte(`Puppet::Type.newtype(:openldap_access) do
  newparam(:name) do
  end
  newparam(:position) do
  end
  newparam(:suffix) do
  end
  def self.title_patterns
    [
      [
        %r{^((\d+)\s+on\s+(.+))$},
        [
          [:name],
          [:position],
          [:suffix],
        ],
      ],
    ]
  end
end
`)
	ti := parseRubyType("openldap_access", src)
	if strings.Join(ti.Namevars, ",") != "name" {
		t.Fatalf("namevars = %v", ti.Namevars)
	}
	if ti.TitleParams == nil {
		t.Fatal("no title patterns")
	}
	var got []string
	for _, kv := range ti.TitleParams("0 on dc=example,dc=com") {
		got = append(got, kv[0]+"="+kv[1])
	}
	if want := "name=0 on dc=example,dc=com position=0 suffix=dc=example,dc=com"; strings.Join(got, " ") != want {
		t.Errorf("got %v, want %s", got, want)
	}
	if ti := parseRubyType("plain", []byte("Puppet::Type.newtype(:plain) do\n  newparam(:name)\nend\n")); ti.TitleParams != nil {
		t.Error("a type without title_patterns has title params")
	}
}
