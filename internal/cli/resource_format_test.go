package cli

import (
	"context"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
)

// The expectations are what Ruby 3.1's YAML.dump (Psych) writes.
func TestYAMLScalar(t *testing.T) {
	for in, want := range map[string]string{
		"true": "'true'", "123": "'123'", "a: b": "'a: b'", "-x": `"-x"`, "~": `"~"`, "2020-01-01": "'2020-01-01'",
		"": "''", "y": `"y"`, "foo bar": "foo bar", "é": "é", "x:": "'x:'", "1.5": "'1.5'", "null": "'null'",
		"yes": "'yes'", "on": "'on'", "1_000": "'1_000'", "/root": `"/root"`, "*": `"*"`, "$6$a": `"$6$a"`,
		`ab"c/`: `ab"c/`, "a#b": "a#b", "a #b": "'a #b'", "x\ty": `"x\ty"`, "09": "'09'", "Off": "'Off'",
		"@x": `"@x"`, "12:30": "'12:30'", "0x1F": "'0x1F'", ".5": `".5"`, "-": `"-"`, "useradd": "useradd",
	} {
		if got := yamlScalar(in); got != want {
			t.Errorf("yamlScalar(%q) = %s, want %s", in, got, want)
		}
	}
}

func TestManifestOf(t *testing.T) {
	r := &catalog.Resource{Type: "User", Title: "o'x"}
	r.Set("uid", int64(5))
	r.Set("groups", []catalog.Value{"a", "b"})
	r.Set("ensure", "present")
	r.Set("comment", `back\slash`)
	want := strings.Join([]string{
		`user { 'o\'x':`,
		`  ensure  => 'present',`,
		`  comment => 'back\slash',`,
		`  groups  => ['a', 'b'],`,
		`  uid     => 5,`,
		`}`,
	}, "\n")
	if got := manifestOf("user", r); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// Puppet 7.23 refuses a command line that is not UTF-8 before it looks
// at it: puppet resource user "$(printf 'o\xffx')".
func TestResourceRefusesNonUTF8(t *testing.T) {
	var out, errb strings.Builder
	code := Run(context.Background(), []string{"resource", "user", "o\xffx"}, Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	want := "Error: Could not initialize global default settings: invalid byte sequence in UTF-8\n"
	if code != 1 || out.String() != "" || errb.String() != want {
		t.Errorf("exit %d, stdout %q, stderr %q; want exit 1 and %q", code, out.String(), errb.String(), want)
	}
}

// puppet resource ssh_authorized_key --to_yaml, with no keys, printed
// this (Puppet 7.23 with puppetlabs-sshkeys_core).
func TestWriteYAMLNone(t *testing.T) {
	var b strings.Builder
	writeYAML(&b, "ssh_authorized_key", nil)
	if got, want := b.String(), "---\nssh_authorized_key:\n"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
