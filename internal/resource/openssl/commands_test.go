package openssl_test

import (
	"context"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

// recorder answers every command with success and keeps it.
type recorder struct{ cmds []resource.Command }

func (r *recorder) Run(_ context.Context, c resource.Command) (resource.Result, error) {
	r.cmds = append(r.cmds, c)
	return resource.Result{}, nil
}

// TestCommandLines checks the openssl command line (and the password in
// its environment) of each way the module's providers make a file, also
// those the cases recorded from Puppet do not reach.
func TestCommandLines(t *testing.T) {
	dir := t.TempDir()
	cases := []struct {
		name string
		typ  string
		kv   []any
		argv string // without the openssl program
		env  string
	}{
		{"request", "X509_request", nil, "req -new -key D/x.key -config D/x.cnf -out D/x", ""},
		{"request with password", "X509_request", []any{"password", "pw", "encrypted", false, "template", "/t.cnf", "private_key", "/k.pem"},
			"req -new -key /k.pem -config /t.cnf -out D/x -passin env:CERTIFICATE_PASSIN", "CERTIFICATE_PASSIN=pw"},
		{"self-signed", "X509_cert", []any{"days", int64(7)}, "req -config D/x.cnf -new -x509 -days 7 -key D/x.key -out D/x", ""},
		{"self-signed with req_ext", "X509_cert", []any{"req_ext", true, "password", "pw"},
			"req -config D/x.cnf -new -x509 -days 3650 -key D/x.key -out D/x -passin env:CERTIFICATE_PASSIN -extensions v3_req", "CERTIFICATE_PASSIN=pw"},
		{"from a request", "X509_cert", []any{"csr", "/r.csr"}, "x509 -req -days 3650 -in /r.csr -out D/x -signkey D/x.key", ""},
		{"from a request with req_ext", "X509_cert", []any{"csr", "/r.csr", "req_ext", true},
			"x509 -req -days 3650 -in /r.csr -out D/x -signkey D/x.key -extensions v3_req -extfile D/x.cnf -extensions v3_req", ""},
		{"signed by a CA", "X509_cert", []any{"csr", "/r.csr", "ca", "/ca.crt", "cakey", "/ca.key", "cakey_password", "capw", "password", "pw"},
			"x509 -req -days 3650 -in /r.csr -out D/x -extfile D/x.cnf -CAcreateserial -CA /ca.crt -CAkey /ca.key -passin env:CERTIFICATE_PASSIN", "CERTIFICATE_PASSIN=capw"},
		{"dhparam", "Dhparam", []any{"size", int64(2048)}, "dhparam -out D/x 2048", ""},
		{"dhparam fastmode", "Dhparam", []any{"fastmode", true}, "dhparam -dsaparam -out D/x 512", ""},
	}
	reg := builtin.Registry()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := resourcetest.Resource(c.typ, dir+"/x", append([]any{"ensure", "present"}, c.kv...)...)
			inst, err := reg.Instantiate(res)
			if err != nil {
				t.Fatal(err)
			}
			rec := &recorder{}
			log := &resourcetest.Logger{}
			resourcetest.Apply(context.Background(), inst, &resource.Handle{Path: "/" + c.typ, Log: log, Runner: rec})
			if len(rec.cmds) != 1 {
				t.Fatalf("commands %v\n%s", rec.cmds, log)
			}
			got := strings.Join(rec.cmds[0].Argv[1:], " ")
			if want := strings.ReplaceAll(c.argv, "D/", dir+"/"); got != want {
				t.Errorf("argv:\n%s\nwant:\n%s", got, want)
			}
			if env := strings.Join(rec.cmds[0].Env, " "); env != c.env {
				t.Errorf("env %q, want %q", env, c.env)
			}
			if !strings.HasSuffix(rec.cmds[0].Argv[0], "openssl") {
				t.Errorf("program %s", rec.cmds[0].Argv[0])
			}
		})
	}
}
