package eval

import (
	"reflect"
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
