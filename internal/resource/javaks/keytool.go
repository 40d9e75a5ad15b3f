package javaks

import (
	"bytes"
	"context"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// spec is a java_ks's checked attributes.
type spec struct {
	alias, target, ensure        string
	certificate, certContent     string
	hasCertContent               bool
	privateKey, keyContent       string
	hasKeyContent, hasKey        bool
	chain, storetype             string
	password, passwordFile       string
	hasPassword, failReset       bool
	destkeypass                  string
	hasDestkeypass, trustcacerts bool
	sourcePassword, sourceAlias  string
	hasSourcePw                  bool
	path                         []string
	timeout                      time.Duration
	location                     string // where the resource was declared
}

func timeoutOf(v catalog.Value) time.Duration {
	switch x := v.(type) {
	case int64:
		return time.Duration(x) * time.Second
	case float64:
		return time.Duration(x * float64(time.Second))
	}
	return 120 * time.Second
}

// commandError is a keytool command that failed or timed out: its
// message is the whole error, as Puppet reports a failed command.
type commandError struct{ msg string }

func (e *commandError) Error() string { return e.msg }

// wrap gives any other failure of a change Puppet's form for an error
// that is not its own: "Could not set 'present' on ensure: ... (file:
// ..., line: ...)", with the cause logged after it.
func (i *instance) wrap(err error) error {
	var ce *commandError
	if err == nil || errors.As(err, &ce) {
		return err
	}
	return &resource.WrappedError{
		Msg:   strings.TrimSpace(fmt.Sprintf("Could not set '%s' on ensure: %v %s", i.spec.ensure, err, i.spec.location)),
		Cause: err,
	}
}

// instance manages one keystore entry.
type instance struct {
	spec         spec
	exists       bool
	latestInSync bool
	tmp          string // folder for the files made from content, and bundles
}

func (i *instance) Exists() bool { return i.exists }

func (i *instance) Properties() []resource.Property {
	ps := []resource.Property{ensure{i}}
	if i.spec.hasPassword {
		ps = append(ps, passwordProp{})
	}
	return ps
}

// keystorePassword is the password, or the password file's first line.
func (i *instance) keystorePassword() (string, error) {
	if !i.spec.hasPassword && i.spec.passwordFile != "" {
		b, err := os.ReadFile(i.spec.passwordFile)
		if err != nil {
			return "", err
		}
		return strings.TrimSuffix(strings.TrimSuffix(string(b), "\n"), "\r"), nil
	}
	return i.spec.password, nil
}

// stdin is what keytool reads for its password prompts: the store's
// password (or the source's) twice, or three times when the keystore is
// to be made.
func (i *instance) stdin() ([]byte, error) {
	pw, err := i.keystorePassword()
	if err != nil {
		return nil, err
	}
	src := pw
	if i.spec.hasSourcePw {
		src = i.spec.sourcePassword
	}
	if st, err := os.Stat(i.spec.target); err == nil && st.Size() > 0 {
		return []byte(pw + "\n" + src), nil
	}
	return []byte(pw + "\n" + pw + "\n" + src), nil
}

// run runs one command, failing as Puppet's execute does when it exits
// non-zero. With target set, an empty keystore file is removed first
// (keytool cannot read one), keytool makes the new one under umask 077
// (so that no one else can read it before its mode is put back), and its
// owner and mode are put back after.
func (i *instance) run(ctx context.Context, h *resource.Handle, argv []string, stdin []byte, target bool) (string, error) {
	cmd := i.command(argv)
	cmd.Stdin = stdin
	if target {
		if st, err := os.Stat(i.spec.target); err == nil && st.Size() == 0 && st.Mode().IsRegular() {
			if err := os.Remove(i.spec.target); err != nil {
				return "", err
			}
			defer restoreOwner(i.spec.target, st)
			private := 0o077
			cmd.Umask = &private
		}
	}
	h.Logf(resource.Debug, "Executing: '%s'", strings.Join(argv, " "))
	res, err := h.Runner.Run(ctx, cmd)
	if res.TimedOut {
		return "", &commandError{fmt.Sprintf("Timed out waiting for '%s' to run keytool", i.spec.alias)}
	}
	if err != nil {
		return "", err
	}
	out := string(res.Output)
	if res.ExitCode != 0 {
		return out, &commandError{fmt.Sprintf("Execution of '%s' returned %d: %s", strings.Join(argv, " "), res.ExitCode, strings.TrimSpace(out))}
	}
	return out, nil
}

// command is argv run with the resource's timeout and search path, env
// added to the environment.
func (i *instance) command(argv []string, env ...string) resource.Command {
	cmd := resource.Command{Argv: argv, Env: env, Timeout: i.spec.timeout}
	if len(i.spec.path) > 0 {
		cmd.Path = i.spec.path
		cmd.Env = append(cmd.Env, "PATH="+strings.Join(i.spec.path, ":"))
	}
	return cmd
}

// listArgv is keytool -list of the entry, with -v for its fingerprints.
func (i *instance) listArgv(verbose bool) []string {
	argv := []string{"keytool", "-list"}
	if verbose {
		argv = append(argv, "-v")
	}
	argv = append(argv, "-keystore", i.spec.target, "-alias", i.spec.alias)
	if i.spec.storetype == "jceks" {
		argv = append(argv, "-storetype", "jceks")
	}
	return argv
}

// Retrieve runs keytool -list to learn whether the entry is there and,
// for latest, compares fingerprints.
func (i *instance) Retrieve(ctx context.Context, h *resource.Handle) error {
	i.exists, i.latestInSync = false, false
	stdin, err := i.stdin()
	if err != nil {
		return err
	}
	_, err = i.run(ctx, h, i.listArgv(false), stdin, false)
	if err != nil {
		if strings.Contains(strings.ToLower(err.Error()), "password was incorrect") && i.spec.failReset && !h.Noop {
			if err := os.Remove(i.spec.target); err != nil && !errors.Is(err, os.ErrNotExist) {
				return err
			}
		}
		if strings.HasPrefix(err.Error(), "Timed out") {
			return err
		}
		return nil
	}
	i.exists = true
	if i.spec.ensure != "latest" {
		return nil
	}
	latest, err := i.latest(ctx, h)
	if err != nil {
		return err
	}
	if latest == nil {
		return nil // noop without the certificate: a change to show
	}
	if stdin, err = i.stdin(); err != nil {
		return err
	}
	out, err := i.run(ctx, h, i.listArgv(true), stdin, false)
	if err != nil {
		return err
	}
	i.latestInSync = subset(latest, fingerprints(out))
	return nil
}

// latest returns the fingerprints of the certificate (and chain) to
// import; nil in noop when the certificate file is not there yet. A
// certificate given as content is written for keytool and removed after.
func (i *instance) latest(ctx context.Context, h *resource.Handle) ([]string, error) {
	defer i.cleanup()
	cert, err := i.certificate()
	if err != nil {
		return nil, err
	}
	if h.Noop && !fileExists(cert) {
		return nil, nil
	}
	if i.spec.storetype == "pkcs12" {
		out, err := i.run(ctx, h, []string{"keytool", "-v", "-list", "-keystore", cert, "-storetype", "PKCS12", "-storepass", i.spec.sourcePassword}, nil, false)
		if err != nil {
			return nil, err
		}
		return fingerprints(out), nil
	}
	out, err := i.run(ctx, h, []string{"keytool", "-v", "-printcert", "-file", cert}, nil, false)
	if err != nil {
		return nil, err
	}
	if i.spec.chain != "" {
		more, err := i.run(ctx, h, []string{"keytool", "-v", "-printcert", "-file", i.spec.chain}, nil, false)
		if err != nil {
			return nil, err
		}
		out += more
	}
	return fingerprints(out), nil
}

// tempDir is the run's folder for files made from content and bundles.
func (i *instance) tempDir() (string, error) {
	if i.tmp == "" {
		d, err := os.MkdirTemp("", "ordo-java_ks-")
		if err != nil {
			return "", err
		}
		i.tmp = d
	}
	return i.tmp, nil
}

// certificate is the certificate file: certificate, or certificate_content
// written to a private file.
func (i *instance) certificate() (string, error) {
	if !i.spec.hasCertContent {
		return i.spec.certificate, nil
	}
	return i.contentFile("certificate", i.spec.certContent)
}

func (i *instance) privateKey() (string, error) {
	if !i.spec.hasKeyContent {
		return i.spec.privateKey, nil
	}
	return i.contentFile("private_key", i.spec.keyContent)
}

func (i *instance) contentFile(name, content string) (string, error) {
	d, err := i.tempDir()
	if err != nil {
		return "", err
	}
	p := filepath.Join(d, name)
	if fileExists(p) {
		return p, nil
	}
	return p, os.WriteFile(p, []byte(content), 0o600)
}

func (i *instance) cleanup() {
	if i.tmp != "" {
		os.RemoveAll(i.tmp)
		i.tmp = ""
	}
}

// create imports the entry: a key with its certificates through a
// PKCS#12 bundle, a PKCS#12 file as it is, or a certificate.
func (i *instance) create(ctx context.Context, h *resource.Handle) error {
	defer i.cleanup()
	cert, err := i.certificate()
	if err != nil {
		return err
	}
	var argv []string
	switch {
	case i.spec.hasKey:
		bundle, err := i.bundle(ctx, h, cert)
		if err != nil {
			return err
		}
		argv = []string{"keytool", "-importkeystore", "-srcstoretype", "PKCS12", "-destkeystore", i.spec.target, "-srckeystore", bundle, "-alias", i.spec.alias}
		if i.spec.trustcacerts {
			argv = append(argv, "-trustcacerts")
		}
		if i.spec.hasDestkeypass {
			argv = append(argv, "-destkeypass", i.spec.destkeypass)
		}
		if i.spec.storetype != "" {
			argv = append(argv, "-deststoretype", i.spec.storetype)
		}
	case i.spec.storetype == "jceks":
		der, err := i.der(cert)
		if err != nil {
			return err
		}
		argv = []string{"keytool", "-importcert", "-noprompt", "-alias", i.spec.alias, "-file", der, "-keystore", i.spec.target, "-storetype", "jceks"}
		if i.spec.trustcacerts {
			argv = append(argv, "-trustcacerts")
		}
		if i.spec.hasDestkeypass {
			argv = append(argv, "-destkeypass", i.spec.destkeypass)
		}
	case i.spec.storetype == "pkcs12":
		argv = []string{"keytool", "-importkeystore", "-srcstoretype", "PKCS12", "-destkeystore", i.spec.target, "-srckeystore", cert}
		if i.spec.sourceAlias != "" {
			argv = append(argv, "-srcalias", i.spec.sourceAlias, "-destalias", i.spec.alias)
		}
		if i.spec.hasDestkeypass {
			argv = append(argv, "-destkeypass", i.spec.destkeypass)
		}
	default:
		argv = []string{"keytool", "-importcert", "-noprompt", "-alias", i.spec.alias, "-file", cert, "-keystore", i.spec.target}
		if i.spec.trustcacerts {
			argv = append(argv, "-trustcacerts")
		}
	}
	stdin, err := i.stdin()
	if err != nil {
		return err
	}
	_, err = i.run(ctx, h, argv, stdin, true)
	return err
}

// destroy deletes the entry.
func (i *instance) destroy(ctx context.Context, h *resource.Handle) error {
	argv := []string{"keytool", "-delete", "-alias", i.spec.alias, "-keystore", i.spec.target}
	if i.spec.storetype == "jceks" {
		argv = append(argv, "-storetype", "jceks")
	}
	stdin, err := i.stdin()
	if err != nil {
		return err
	}
	_, err = i.run(ctx, h, argv, stdin, false)
	return err
}

// pemCert finds the PEM certificates of a file, as the module's
// get_chain does.
var pemCert = regexp.MustCompile(`(?s)-----BEGIN [^\n]*CERTIFICATE.*?-----END [^\n]*CERTIFICATE-----`)

// readCerts returns the certificates of a PEM file (or a DER one),
// each checked, as DER.
func readCerts(path string) ([][]byte, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	blocks := pemCert.FindAll(b, -1)
	if len(blocks) == 0 {
		blocks = [][]byte{b}
	}
	var ders [][]byte
	for _, blk := range blocks {
		der := blk
		if bytes.HasPrefix(blk, []byte("-----BEGIN")) {
			p, _ := pem.Decode(blk)
			if p == nil {
				return nil, fmt.Errorf("%s: not a PEM certificate", path)
			}
			der = p.Bytes
		}
		if _, err := x509.ParseCertificate(der); err != nil {
			return nil, fmt.Errorf("%s: not a certificate: %v", path, err)
		}
		ders = append(ders, der)
	}
	return ders, nil
}

func writePEM(path string, ders [][]byte) error {
	var b bytes.Buffer
	for _, d := range ders {
		if err := pem.Encode(&b, &pem.Block{Type: "CERTIFICATE", Bytes: d}); err != nil {
			return err
		}
	}
	return os.WriteFile(path, b.Bytes(), 0o600)
}

// der writes the certificate's first certificate as DER, for jceks.
func (i *instance) der(cert string) (string, error) {
	ders, err := readCerts(cert)
	if err != nil {
		return "", err
	}
	d, err := i.tempDir()
	if err != nil {
		return "", err
	}
	p := filepath.Join(d, "certificate.der")
	return p, os.WriteFile(p, ders[0], 0o600)
}

// bundle makes the PKCS#12 file of the key, its certificate and chain,
// protected by the keystore's password, with openssl.
func (i *instance) bundle(ctx context.Context, h *resource.Handle, cert string) (string, error) {
	key, err := i.privateKey()
	if err != nil {
		return "", err
	}
	var leaf, chain [][]byte
	if i.spec.chain != "" {
		all, err := readCerts(cert)
		if err != nil {
			return "", err
		}
		leaf = all[:1]
		if chain, err = readCerts(i.spec.chain); err != nil {
			return "", err
		}
	} else {
		all, err := readCerts(cert)
		if err != nil {
			return "", err
		}
		leaf, chain = all[:1], all[1:]
	}
	d, err := i.tempDir()
	if err != nil {
		return "", err
	}
	leafFile, chainFile, out := filepath.Join(d, "leaf.pem"), filepath.Join(d, "chain.pem"), filepath.Join(d, "bundle.p12")
	if err := writePEM(leafFile, leaf); err != nil {
		return "", err
	}
	pw, err := i.keystorePassword()
	if err != nil {
		return "", err
	}
	argv := []string{"openssl", "pkcs12", "-export", "-in", leafFile, "-inkey", key, "-name", i.spec.alias, "-out", out, "-passin", "env:ORDO_JAVA_KS_PASSWORD", "-passout", "env:ORDO_JAVA_KS_PASSWORD"}
	if len(chain) > 0 {
		if err := writePEM(chainFile, chain); err != nil {
			return "", err
		}
		argv = append(argv, "-certfile", chainFile)
	}
	res, err := h.Runner.Run(ctx, i.command(argv, "ORDO_JAVA_KS_PASSWORD="+pw))
	if err != nil {
		return "", err
	}
	if res.ExitCode != 0 {
		return "", fmt.Errorf("could not read the private key %s with its certificate: %s", key, strings.TrimSpace(string(res.Output)))
	}
	return out, nil
}

// restoreOwner puts back the owner and mode of a keystore file that was
// empty before keytool wrote it.
func restoreOwner(path string, st os.FileInfo) {
	if uid, gid, ok := ownerOf(st); ok {
		_ = os.Chown(path, uid, gid)
	}
	_ = os.Chmod(path, st.Mode().Perm())
}
