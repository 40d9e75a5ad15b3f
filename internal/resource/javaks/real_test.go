package javaks_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

// pki is a throw-away CA, a server key and certificate it signed, a
// second certificate of the same key, and the key and certificates as
// PKCS#12 (alias src, password p12pass).
type pki struct{ dir, ca, key, cert, cert2, bundle, p12 string }

func sh(t *testing.T, dir, script string) {
	t.Helper()
	cmd := exec.Command("/bin/sh", "-ec", script)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", script, err, out)
	}
}

func makePKI(t *testing.T) pki {
	t.Helper()
	for _, c := range []string{"keytool", "openssl"} {
		if _, err := exec.LookPath(c); err != nil {
			t.Fatalf("%s is needed: %v", c, err)
		}
	}
	// The fixed test keys and certificates (testdata/README.md): making
	// RSA keys in every test takes longer than the tests themselves.
	d := t.TempDir()
	sh(t, d, "cp "+mustAbs(t, "testdata/pki")+"/* .")
	j := func(n string) string { return filepath.Join(d, n) }
	return pki{d, j("ca.pem"), j("server.key"), j("server.pem"), j("server2.pem"), j("bundle.pem"), j("server.p12")}
}

// ks is one java_ks resource.
func ks(title string, params ...any) *catalog.Resource {
	r := &catalog.Resource{Type: "Java_ks", Title: title}
	for i := 0; i < len(params); i += 2 {
		r.Params = append(r.Params, catalog.Param{Name: params[i].(string), Value: params[i+1]})
	}
	return r
}

func run(t *testing.T, noop bool, rs ...*catalog.Resource) []string {
	t.Helper()
	c := &catalog.Catalog{Resources: rs}
	log := &resourcetest.Logger{MinLevel: resource.Info}
	opts := apply.Options{Types: builtin.Registry(), Log: log, Runner: &command.Runner{}, BucketDir: t.TempDir(), Noop: noop}
	if _, err := apply.Apply(context.Background(), c, opts); err != nil {
		for _, e := range apply.Errors(err) {
			log.Log(resource.Err, "", e.Error())
		}
	}
	var out []string
	for _, l := range log.Lines() {
		if strings.Contains(l, "Java_ks[") {
			out = append(out, l)
		}
	}
	return out
}

var entryLine = regexp.MustCompile(`(?m)^([^,\n]+), .*, (\w+Entry),`)

// entries lists the keystore's aliases and entry kinds, from keytool -list.
func entries(t *testing.T, store, storetype string) []string {
	t.Helper()
	args := []string{"-list", "-keystore", store, "-storepass", "changeit"}
	if storetype != "" {
		args = append(args, "-storetype", storetype)
	}
	out, err := exec.Command("keytool", args...).CombinedOutput()
	if err != nil {
		t.Fatalf("keytool -list: %v\n%s", err, out)
	}
	var es []string
	for _, m := range entryLine.FindAllStringSubmatch(string(out), -1) {
		es = append(es, m[1]+" "+m[2])
	}
	sort.Strings(es)
	return es
}

func chainLength(t *testing.T, store, alias string) string {
	out, err := exec.Command("keytool", "-list", "-v", "-keystore", store, "-storepass", "changeit", "-alias", alias).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	m := regexp.MustCompile(`Certificate chain length: (\d+)`).FindStringSubmatch(string(out))
	if m == nil {
		return ""
	}
	return m[1]
}

func same(t *testing.T, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestTrustedCertificate(t *testing.T) {
	p := makePKI(t)
	store := filepath.Join(t.TempDir(), "trust.jks")
	r := ks("CA:"+store, "certificate", p.ca, "password", "changeit", "trustcacerts", true)
	path := "Notice: /Java_ks[CA:" + store + "]/ensure: "
	same(t, run(t, true, r), []string{path + "current_value 'absent', should be 'present' (noop)"})
	if _, err := os.Stat(store); err == nil {
		t.Fatal("noop made the keystore")
	}
	same(t, run(t, false, r), []string{path + "created"})
	same(t, entries(t, store, ""), []string{"ca trustedCertEntry"})
	same(t, run(t, false, r), nil)
	// absent removes the entry.
	same(t, run(t, false, ks("CA:"+store, "ensure", "absent", "password", "changeit")), []string{path + "removed"})
	same(t, entries(t, store, ""), nil)
}

func TestPrivateKeyWithChain(t *testing.T) {
	p := makePKI(t)
	store := filepath.Join(t.TempDir(), "keys.jks")
	path := "Notice: /Java_ks[server:" + store + "]/ensure: "
	// The chain in the certificate file.
	same(t, run(t, false, ks("server:"+store, "certificate", p.bundle, "private_key", p.key, "password", "changeit")), []string{path + "created"})
	same(t, entries(t, store, ""), []string{"server PrivateKeyEntry"})
	if n := chainLength(t, store, "server"); n != "2" {
		t.Errorf("chain length %s, want 2", n)
	}
	// The chain in its own file, the key given as content.
	key, err := os.ReadFile(p.key)
	if err != nil {
		t.Fatal(err)
	}
	path2 := "Notice: /Java_ks[other:" + store + "]/ensure: "
	same(t, run(t, false, ks("other:"+store, "certificate", p.cert, "chain", p.ca, "private_key_content", string(key), "password", "changeit", "destkeypass", "changeit")), []string{path2 + "created"})
	same(t, entries(t, store, ""), []string{"other PrivateKeyEntry", "server PrivateKeyEntry"})
	if n := chainLength(t, store, "other"); n != "2" {
		t.Errorf("chain length %s, want 2", n)
	}
}

func TestLatest(t *testing.T) {
	p := makePKI(t)
	store := filepath.Join(t.TempDir(), "latest.jks")
	cert := filepath.Join(t.TempDir(), "cert.pem")
	sh(t, p.dir, "cp "+p.cert+" "+cert)
	r := ks("server:"+store, "ensure", "latest", "certificate", cert, "private_key", p.key, "chain", p.ca, "password", "changeit")
	path := "Notice: /Java_ks[server:" + store + "]/ensure: "
	same(t, run(t, false, r), []string{path + "created"})
	same(t, run(t, false, r), nil)
	sh(t, p.dir, "cp "+p.cert2+" "+cert)
	same(t, run(t, true, r), []string{path + "current_value 'present', should be 'latest' (noop)"})
	same(t, run(t, false, r), []string{path + "ensure changed 'present' to 'latest'"})
	same(t, run(t, false, r), nil)
	same(t, entries(t, store, ""), []string{"server PrivateKeyEntry"})
}

func TestStoreTypes(t *testing.T) {
	p := makePKI(t)
	dir := t.TempDir()
	p12 := filepath.Join(dir, "store.p12")
	same(t, run(t, false, ks("src:"+p12, "certificate", p.p12, "storetype", "pkcs12", "source_password", "p12pass", "password", "changeit")),
		[]string{"Notice: /Java_ks[src:" + p12 + "]/ensure: created"})
	same(t, entries(t, p12, ""), []string{"src PrivateKeyEntry"})
	jceks := filepath.Join(dir, "store.jceks")
	same(t, run(t, false, ks("ca:"+jceks, "certificate", p.ca, "storetype", "jceks", "password", "changeit")),
		[]string{"Notice: /Java_ks[ca:" + jceks + "]/ensure: created"})
	same(t, entries(t, jceks, "jceks"), []string{"ca trustedCertEntry"})
	same(t, run(t, false, ks("ca:"+jceks, "certificate", p.ca, "storetype", "jceks", "password", "changeit")), nil)
}

func TestFailures(t *testing.T) {
	p := makePKI(t)
	dir := t.TempDir()
	store := filepath.Join(dir, "s.jks")
	same(t, run(t, false, ks("ca:"+store, "certificate", p.ca, "password", "changeit")), []string{"Notice: /Java_ks[ca:" + store + "]/ensure: created"})
	before, err := os.ReadFile(store)
	if err != nil {
		t.Fatal(err)
	}
	// A wrong password: the entry cannot be read, the import fails.
	got := run(t, false, ks("ca:"+store, "certificate", p.ca, "password", "wrongpass"))
	if len(got) == 0 || !strings.Contains(got[0], "Error: /Java_ks[ca:"+store+"]/ensure: change from 'absent' to 'present' failed: Execution of 'keytool -importcert -noprompt -alias ca -file "+p.ca+" -keystore "+store+"' returned 1: ") ||
		!strings.Contains(got[0], "password was incorrect") {
		t.Errorf("wrong password: %q", got)
	}
	// A certificate file that is not there.
	missing := filepath.Join(dir, "missing.pem")
	got = run(t, false, ks("x:"+store, "certificate", missing, "password", "changeit"))
	if len(got) == 0 || !strings.Contains(got[0], "change from 'absent' to 'present' failed: Execution of 'keytool -importcert -noprompt -alias x -file "+missing) {
		t.Errorf("missing certificate: %q", got)
	}
	// A corrupt PEM with a key.
	bad := filepath.Join(dir, "bad.pem")
	if err := os.WriteFile(bad, []byte("-----BEGIN CERTIFICATE-----\nnot base64\n-----END CERTIFICATE-----\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got = run(t, false, ks("y:"+store, "certificate", bad, "private_key", p.key, "password", "changeit"))
	if len(got) == 0 || !strings.Contains(got[0], "change from 'absent' to 'present' failed: Could not set 'present' on ensure: "+bad+": not a PEM certificate") {
		t.Errorf("corrupt certificate: %q", got)
	}
	after, err := os.ReadFile(store)
	if err != nil {
		t.Fatal(err)
	}
	if string(before) != string(after) {
		t.Error("a failed import changed the keystore")
	}
	// Validation.
	got = run(t, false, ks("z:"+store, "certificate", p.ca, "password", "short"))
	if len(got) == 0 || !strings.Contains(got[0], "password is 5 characters long; must be 6 characters or greater in length") {
		t.Errorf("short password: %q", got)
	}
	got = run(t, false, ks("z:"+store, "certificate", p.ca))
	if len(got) == 0 || !strings.Contains(got[0], "You must pass one of 'password' or 'password_file'.") {
		t.Errorf("no password: %q", got)
	}
}

func TestPasswordFileAndFailReset(t *testing.T) {
	p := makePKI(t)
	dir := t.TempDir()
	store := filepath.Join(dir, "s.jks")
	pw := filepath.Join(dir, "pw")
	if err := os.WriteFile(pw, []byte("changeit\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	same(t, run(t, false, ks("ca:"+store, "certificate", p.ca, "password_file", pw)), []string{"Notice: /Java_ks[ca:" + store + "]/ensure: created"})
	same(t, entries(t, store, ""), []string{"ca trustedCertEntry"})
	// password_fail_reset makes a new keystore when the password is wrong.
	same(t, run(t, false, ks("new:"+store, "certificate", p.ca, "password", "otherpass", "password_fail_reset", true)), []string{"Notice: /Java_ks[new:" + store + "]/ensure: created"})
	out, err := exec.Command("keytool", "-list", "-keystore", store, "-storepass", "otherpass").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "new, ") || strings.Contains(string(out), "ca, ") {
		t.Errorf("reset keystore: %v\n%s", err, out)
	}
	// An empty keystore file is replaced, its mode kept.
	empty := filepath.Join(dir, "empty.jks")
	if err := os.WriteFile(empty, nil, 0o640); err != nil {
		t.Fatal(err)
	}
	same(t, run(t, false, ks("ca:"+empty, "certificate", p.ca, "password", "changeit")), []string{"Notice: /Java_ks[ca:" + empty + "]/ensure: created"})
	if st, err := os.Stat(empty); err != nil || st.Mode().Perm() != 0o640 {
		t.Errorf("empty keystore: %v %v", st.Mode(), err)
	}
}

func TestTitle(t *testing.T) {
	r := ks("MyAlias:/tmp/ordo-javaks/x.jks", "certificate", "/tmp/c.pem", "password", "changeit")
	v := resource.NewValues(builtin.Registry().Schema("java_ks"), r)
	if got := v.String("name"); got != "myalias" {
		t.Errorf("name %q", got)
	}
	if got, _ := v.Schema().TitleValue(r.Title, "target"); got != "/tmp/ordo-javaks/x.jks" {
		t.Errorf("target %q", got)
	}
}

// An empty keystore file is removed before keytool makes the keystore
// anew; keytool runs with umask 077 meanwhile, as the module sets it, so
// that the new keystore is never readable by others before its mode is
// put back.
func TestEmptyKeystoreUmask(t *testing.T) {
	p := makePKI(t)
	dir := t.TempDir()
	bin := filepath.Join(dir, "bin")
	if err := os.Mkdir(bin, 0o755); err != nil {
		t.Fatal(err)
	}
	// A keytool that lists nothing and, to import, records its umask and
	// the mode of the file it makes.
	record := filepath.Join(dir, "umask")
	script := "#!/bin/sh\ncase \"$1\" in -list) echo \"keytool error: java.lang.Exception: Alias <ca> does not exist\"; exit 1;; esac\n" +
		"while [ $# -gt 0 ]; do [ \"$1\" = -keystore ] && ks=$2; shift; done\n" +
		"umask > " + record + "\n: > \"$ks\"\nstat -c %a \"$ks\" >> " + record + "\n"
	if err := os.WriteFile(filepath.Join(bin, "keytool"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	empty := filepath.Join(dir, "empty.jks")
	if err := os.WriteFile(empty, nil, 0o640); err != nil {
		t.Fatal(err)
	}
	same(t, run(t, false, ks("ca:"+empty, "certificate", p.ca, "password", "changeit", "path", bin+":/usr/bin:/bin")),
		[]string{"Notice: /Java_ks[ca:" + empty + "]/ensure: created"})
	got, err := os.ReadFile(record)
	if err != nil {
		t.Fatal(err)
	}
	if string(got) != "0077\n600\n" {
		t.Errorf("keytool ran with umask and made the keystore with mode %q, want 0077 and 600", got)
	}
	if st, err := os.Stat(empty); err != nil || st.Mode().Perm() != 0o640 {
		t.Errorf("keystore mode %v %v, want 0640 put back", st.Mode(), err)
	}
}

// The certificate given as content is written to a private folder to
// compare fingerprints for latest; the folder goes when the check is
// done, in noop as in a real run, whether or not there is a change.
func TestLatestContentLeavesNoFiles(t *testing.T) {
	p := makePKI(t)
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	store := filepath.Join(t.TempDir(), "latest.jks")
	cert, err := os.ReadFile(p.cert)
	if err != nil {
		t.Fatal(err)
	}
	r := ks("server:"+store, "ensure", "latest", "certificate_content", string(cert), "private_key", p.key, "chain", p.ca, "password", "changeit")
	same(t, run(t, false, r), []string{"Notice: /Java_ks[server:" + store + "]/ensure: created"})
	same(t, run(t, false, r), nil)
	same(t, run(t, true, r), nil)
	left, err := os.ReadDir(tmp)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range left {
		t.Errorf("left behind: %s", e.Name())
	}
}
