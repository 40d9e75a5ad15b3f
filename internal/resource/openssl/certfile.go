package openssl

import (
	"bytes"
	"context"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/httpfetch"
)

// CertFileType is cert_file: a certificate downloaded over http(s) and
// written as PEM or DER.
type CertFileType struct{}

var certFileSchema = resource.NewSchema(resource.Schema{
	Name: "cert_file",
	Doc:  "An X.509 certificate file downloaded from an http(s) source and written as PEM or DER (puppet-openssl).",
	Attrs: []resource.Attr{
		ensureAttr(),
		{Name: "path", Namevar: true, Doc: "The path of the file.", Check: resource.CheckFunc("an absolute path", qualified)},
		{Name: "source", Doc: "The http or https URL of the certificate.", Check: resource.CheckFunc("an http(s) URL", httpSource)},
		{Name: "format", Default: "pem", Doc: "The format the certificate is written in: pem or der.", Check: resource.Enum("der", "pem")},
	},
	Providers: []resource.Provider{{Name: "posix", Default: true, Doc: "Downloads the certificate and writes it."}},
})

// qualified is the module's path check and munge: an absolute path,
// cleaned.
func qualified(v catalog.Value) (catalog.Value, error) {
	s := catalog.Scalar(v)
	if !filepath.IsAbs(s) {
		return nil, fmt.Errorf("File paths must be fully qualified, not '%s'", s)
	}
	if c := filepath.Clean(s); c != s {
		return c, nil
	}
	return v, nil
}

// httpSource is the module's source check: an absolute http or https URL.
func httpSource(v catalog.Value) (catalog.Value, error) {
	s := catalog.Scalar(v)
	u, err := url.Parse(s)
	if err != nil {
		return nil, fmt.Errorf("Could not understand source %s: %v", s, err)
	}
	// The module raises these as Ruby errors, which Puppet prefixes.
	const prefix = "Validate method failed for class source: "
	switch {
	case !u.IsAbs():
		return nil, fmt.Errorf("%sCannot use relative URLs '%s'", prefix, s)
	case u.Opaque != "":
		return nil, fmt.Errorf("%sCannot use opaque URLs '%s'", prefix, s)
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, fmt.Errorf("%sCannot use URLs of type '%s' as source for fileserving", prefix, u.Scheme)
	}
	return v, nil
}

// Schema returns cert_file's schema.
func (CertFileType) Schema() *resource.Schema { return certFileSchema }

// New returns the instance that manages the file v describes.
func (CertFileType) New(v resource.Values) (resource.Instance, error) {
	return &certFile{
		path:   v.String("path"),
		ensure: v.String("ensure"),
		source: v.String("source"),
		der:    v.String("format") == "der",
		where:  v.Resource().Location(),
	}, nil
}

type certFile struct {
	path, ensure, source string
	der                  bool
	where                string
	present, same        bool
	remote               *x509.Certificate // fetched by Retrieve, for Sync
}

// Retrieve is the module's exists?: the file is there, in the format
// asked for, and holds the source's certificate.
func (c *certFile) Retrieve(ctx context.Context, h *resource.Handle) error {
	c.present, c.same, c.remote = false, false, nil
	data, err := os.ReadFile(c.path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	c.present = true
	if c.ensure != "present" {
		return nil
	}
	local, ok := parseCert(data, c.der)
	if !ok {
		return nil
	}
	remote, err := c.fetch(ctx, h)
	if err != nil {
		return err
	}
	c.remote = remote
	c.same = remote != nil && local.Equal(remote)
	return nil
}

// parseCert reads a certificate in the format asked for (PEM when the
// file begins with -----BEGIN).
func parseCert(data []byte, der bool) (*x509.Certificate, bool) {
	isPEM := bytes.HasPrefix(data, []byte("-----BEGIN"))
	if isPEM == der {
		return nil, false
	}
	raw := data
	if isPEM {
		b, _ := pem.Decode(data)
		if b == nil {
			return nil, false
		}
		raw = b.Bytes
	}
	crt, err := x509.ParseCertificate(raw)
	return crt, err == nil
}

// fetch downloads the certificate; nil (with a debug line) when the
// server does not answer 2xx. A body that is not a certificate fails as
// Puppet's HTTP client reports an error met while reading a response
// (without its "Wrapped exception" lines).
func (c *certFile) fetch(ctx context.Context, h *resource.Handle) (*x509.Certificate, error) {
	start := time.Now()
	resp, err := httpfetch.Get(ctx, c.source, httpfetch.Options{})
	if err != nil {
		return nil, fmt.Errorf("Request to %s failed after %.3f seconds: %v", c.source, time.Since(start).Seconds(), errors.Unwrap(err))
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		if h.Log != nil {
			h.Log.Log(resource.Debug, "", fmt.Sprintf("Failed to get certificate: %d - %s", resp.StatusCode, httpReason(resp.Status)))
		}
		return nil, nil
	}
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	raw := body
	if b, _ := pem.Decode(body); b != nil {
		raw = b.Bytes
	}
	crt, err := x509.ParseCertificate(raw)
	if err != nil {
		return nil, fmt.Errorf("Request to %s failed after %.3f seconds: PEM_read_bio_X509: no start line", c.source, time.Since(start).Seconds())
	}
	return crt, nil
}

func httpReason(status string) string {
	if len(status) > 4 {
		return status[4:]
	}
	return status
}

func (c *certFile) Exists() bool { return c.present }

func (c *certFile) Properties() []resource.Property {
	if c.ensure == "" {
		return nil
	}
	return []resource.Property{&resource.Presence{
		Type:   "cert_file",
		Want:   c.ensure == "present",
		Exists: func() bool { return c.present && (c.ensure != "present" || c.same) },
		Create: c.create,
		Remove: func(context.Context, *resource.Handle) error { return removeFile(c.path) },
	}}
}

// create writes the source's certificate in the format asked for. A
// source that did not answer 2xx fails, naming it (the module fails with
// a Ruby NoMethodError).
func (c *certFile) create(ctx context.Context, h *resource.Handle) error {
	remote := c.remote
	if remote == nil {
		var err error
		if remote, err = c.fetch(ctx, h); err != nil {
			return err
		}
	}
	if remote == nil {
		return fmt.Errorf("Could not set 'present' on ensure: could not download the certificate from %s %s", c.source, c.where)
	}
	data := remote.Raw
	if !c.der {
		data = pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: remote.Raw})
	}
	return writeFile(c.path, data)
}
