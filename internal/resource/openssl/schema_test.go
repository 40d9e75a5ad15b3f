package openssl_test

import (
	"testing"

	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

// TestChecks checks the module's validations, with its messages.
func TestChecks(t *testing.T) {
	reg := builtin.Registry()
	for _, c := range []struct {
		typ, title string
		kv         []any
		want       string // "" for accepted
	}{
		{"Ssl_pkey", "key", nil, "Parameter path failed on Ssl_pkey[key]: Path must be absolute: key"},
		{"Ssl_pkey", "/k", []any{"mode", "644"}, "Parameter mode failed on Ssl_pkey[/k]: 644 is not a valid file mode"},
		{"Ssl_pkey", "/k", []any{"owner", "a b"}, "Parameter owner failed on Ssl_pkey[/k]: a b is not a valid user name"},
		{"Ssl_pkey", "/k", []any{"size", int64(4096), "authentication", "ec", "mode", "0600"}, ""},
		{"Ssl_pkey", "/k", []any{"authentication", "dsa"}, "Parameter authentication failed on Ssl_pkey[/k]: Invalid value \"dsa\". Valid values are rsa, ec."},
		{"Dhparam", "/d", []any{"size", "0"}, "Parameter size failed on Dhparam[/d]: Size must be a positive integer: \"0\""},
		{"Dhparam", "/d", []any{"size", "12a"}, "Parameter size failed on Dhparam[/d]: Size must be a positive integer: \"12a\""},
		{"Dhparam", "/d", []any{"fastmode", "yes"}, "Parameter fastmode failed on Dhparam[/d]: Fastmode must be a boolean: \"yes\" String"},
		{"X509_cert", "/c", []any{"template", "c.cnf"}, "Parameter template failed on X509_cert[/c]: Path must be absolute: c.cnf"},
		{"X509_request", "/r", []any{"force", "maybe"}, "Parameter force failed on X509_request[/r]: Invalid value \"maybe\". Valid values are true, false."},
		{"Cert_file", "/f", []any{"source", "ca.crt"}, "Parameter source failed on Cert_file[/f]: Validate method failed for class source: Cannot use relative URLs 'ca.crt'"},
		{"Cert_file", "f", nil, "Parameter path failed on Cert_file[f]: File paths must be fully qualified, not 'f'"},
	} {
		_, err := reg.Instantiate(resourcetest.Resource(c.typ, c.title, c.kv...))
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.want {
			t.Errorf("%s[%s] %v:\n got %s\nwant %s", c.typ, c.title, c.kv, got, c.want)
		}
	}
}
