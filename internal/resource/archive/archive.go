// Package archive implements voxpupuli puppet-archive's archive type: a
// file downloaded from a path, a file:// or http(s):// URL (or s3:// and
// gs:// with the aws and gsutil commands), checked against a checksum,
// extracted with the tar, unzip, unxz, gunzip or bunzip2 command as the
// module runs them, and cleaned up after extraction, deciding what to do
// as puppet-archive 8.1's ruby provider does.
package archive

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/file"
)

// Type is the archive resource type.
type Type struct{}

var checksumTypes = []string{"none", "md5", "sha1", "sha2", "sha256", "sha384", "sha512"}

// sourcePattern is what a source or checksum_url must contain unless it
// is an absolute path: the module checks for a scheme name anywhere.
var sourcePattern = lazyre.New(`puppet|http|https|ftp|file|s3|gs`)

func urlCheck(what string) resource.Check {
	return resource.CheckFunc("a path or a puppet, http(s), ftp, file, s3 or gs URL", func(v catalog.Value) (catalog.Value, error) {
		s, ok := v.(string)
		if !ok {
			s = resource.Inspect(v)
		}
		if !ok || !(sourcePattern.MatchString(s) || filepath.IsAbs(s)) {
			return nil, fmt.Errorf("invalid %s: %s", what, s)
		}
		return v, nil
	})
}

func absCheck(msg string) resource.Check { return resource.AbsPathCheck{Msg: msg} }

var checksumCheck = resource.CheckFunc("a hexadecimal checksum (5 to 128 digits), true or false", func(v catalog.Value) (catalog.Value, error) {
	switch x := v.(type) {
	case bool:
		return v, nil
	case string:
		if x == "" || x == "true" || x == "false" || x == "undef" || hexSum.MatchString(x) {
			return v, nil
		}
	}
	return nil, fmt.Errorf("Invalid value %s. Valid values are true, false, undef, , . Valid values match /\\b[0-9a-f]{5,128}\\b/.", resource.Inspect(v))
})

var hexSum = lazyre.New(`\b[0-9a-f]{5,128}\b`)

var schema = resource.NewSchema(resource.Schema{
	Name: "archive",
	Doc:  "An archive file downloaded, checked, extracted and cleaned up (voxpupuli puppet-archive).",
	Attrs: []resource.Attr{
		{Name: "ensure", Kind: resource.KindProperty, Default: "present", Doc: "Whether the archive file is present (default) or absent.", Check: resource.Enum("present", "absent")},
		{Name: "path", Namevar: true, Doc: "The archive file's absolute path.", Check: absCheck("archive path must be absolute: %s")},
		{Name: "filename", Doc: "The archive's file name (the last part of path)."},
		{Name: "extract", Default: "false", Doc: "Extract the archive after downloading it.", Check: resource.Enum("true", "false")},
		{Name: "extract_path", Doc: "The folder the archive is extracted in (it must exist).", Check: absCheck("archive extract_path must be absolute: %s")},
		{Name: "target", Doc: "extract_path under camptocamp/archive's name.", Check: absCheck("archive extract_path must be absolute: %s")},
		{Name: "extract_command", Doc: "The command that extracts the archive instead of the default one; %s stands for the archive, else it goes last after extract_flags."},
		{Name: "temp_dir", Doc: "The folder downloads are made in (default: the system's temporary folder).", Check: absCheck("Invalid temp_dir %s")},
		{Name: "extract_flags", Default: "undef", Doc: "Options replacing the extraction command's default ones ('xvf'), or a hash of them by command ({'tar' => 'xzf'})."},
		{Name: "creates", Kind: resource.KindProperty, Doc: "A file the extraction makes: while it exists, the archive is neither downloaded nor extracted."},
		{Name: "cleanup", Default: "true", Doc: "Remove the archive file after extracting it.", Check: resource.Enum("true", "false")},
		{Name: "source", Doc: "Where the archive comes from: an absolute path, or a file, http(s), ftp, s3, gs or puppet URL.", Check: urlCheck("source url")},
		{Name: "url", Doc: "source under camptocamp/archive's name.", Check: urlCheck("source url")},
		{Name: "cookie", Doc: "A cookie sent with the download."},
		{Name: "checksum", Doc: "The archive's checksum, of checksum_type.", Check: checksumCheck},
		{Name: "digest_string", Doc: "checksum under camptocamp/archive's name.", Check: resource.CheckFunc("a hexadecimal checksum", func(v catalog.Value) (catalog.Value, error) {
			if s, ok := v.(string); ok && hexSum.MatchString(s) {
				return v, nil
			}
			return nil, fmt.Errorf("Invalid value %s. Valid values match /\\b[0-9a-f]{5,128}\\b/.", resource.Inspect(v))
		})},
		{Name: "checksum_url", Doc: "Where the checksum comes from: a file whose first hexadecimal word of 32 to 128 digits is the checksum.", Check: urlCheck("checksum url")},
		{Name: "digest_url", Doc: "checksum_url under camptocamp/archive's name.", Check: urlCheck("digest url")},
		{Name: "checksum_type", Default: "none", Doc: "The checksum's kind.", Check: resource.Enum(checksumTypes...)},
		{Name: "digest_type", Doc: "checksum_type under camptocamp/archive's name.", Check: resource.Enum(checksumTypes...)},
		{Name: "checksum_verify", Default: "true", Doc: "Check the download against the checksum.", Check: resource.Enum("true", "false")},
		{Name: "username", Doc: "The user name the download authenticates with."},
		{Name: "password", Doc: "The password the download authenticates with."},
		{Name: "headers", Doc: "HTTP headers sent with the download (curl provider).", Check: resource.CheckFunc("an array of headers", func(v catalog.Value) (catalog.Value, error) {
			if _, ok := v.([]catalog.Value); !ok {
				return nil, fmt.Errorf("headers must be an array: %s", catalog.Scalar(v))
			}
			return v, nil
		})},
		{Name: "user", Doc: "The user the extraction runs as (the archive is then made readable, 0644)."},
		{Name: "group", Doc: "The group the extraction runs as (the archive is then made readable, 0644)."},
		{Name: "proxy_type", Doc: "The proxy's kind (default: proxy_server's scheme).", Check: resource.Enum("none", "ftp", "http", "https")},
		{Name: "proxy_server", Doc: "The proxy downloads go through."},
		{Name: "allow_insecure", Default: false, Doc: "Do not verify the https server's certificate.", Check: resource.YesNo()},
		{Name: "download_options", Doc: "Options added to the download command (curl, wget, aws, gsutil).", Check: resource.CheckFunc("a string or an array of strings", func(v catalog.Value) (catalog.Value, error) {
			switch v.(type) {
			case string, []catalog.Value:
				return v, nil
			}
			return nil, fmt.Errorf("download_options should be String or Array: %s", catalog.Scalar(v))
		})},
	},
	Providers: []resource.Provider{
		{Name: "curl", Default: true, Doc: "Downloads http(s) and ftp sources with curl.", Confine: resource.Confine{Commands: []string{"curl"}}},
		{Name: "wget", Doc: "Downloads http(s) and ftp sources with wget.", Confine: resource.Confine{Commands: []string{"wget"}}},
		{Name: "ruby", Doc: "Downloads http(s) sources itself."},
	},
	Validate: func(v resource.Values) error {
		if v.Has("source") && v.Has("url") && v.String("source") != v.String("url") {
			return fmt.Errorf("invalid parameter: url (%s) and source (%s) are mutually exclusive.", v.String("url"), v.String("source"))
		}
		if v.Has("checksum_url") && v.Has("digest_url") && v.String("checksum_url") != v.String("digest_url") {
			return fmt.Errorf("invalid parameter: checksum_url (%s) and digest_url (%s) are mutually exclusive.", v.String("checksum_url"), v.String("digest_url"))
		}
		return nil
	},
})

// Schema returns archive's schema.
func (Type) Schema() *resource.Schema { return schema }

// AutoRequire returns the folder of path, extract_path, aws's
// configuration files and the execs that install aws and gsutil, as the
// module's autorequires do.
func (Type) AutoRequire(r *catalog.Resource, c *catalog.Catalog) []catalog.Ref {
	var refs []catalog.Ref
	paths := []string{}
	if p, ok := r.Get("path"); ok {
		if s, ok := p.(string); ok {
			paths = append(paths, filepath.Dir(s))
		}
	}
	for _, name := range []string{"extract_path", "target"} {
		if p, ok := r.Get(name); ok {
			if s, ok := p.(string); ok {
				paths = append(paths, s)
				break
			}
		}
	}
	paths = append(paths, "/root/.aws/config", "/root/.aws/credentials")
	for _, p := range paths {
		if ref, ok := file.Find(c, p); ok {
			refs = append(refs, ref)
		}
	}
	return append(refs, catalog.NewRef("Exec", "install_aws_cli"), catalog.NewRef("Exec", "install_gsutil"))
}

// spec is an archive's checked attributes.
type spec struct {
	present        bool
	path, filename string
	extract        bool
	extractPath    string
	extractCommand string
	extractFlags   catalog.Value
	tempDir        string
	creates        string
	hasCreates     bool
	cleanup        bool
	source         string
	hasSource      bool
	cookie         string
	checksum       string // "" when not given
	checksumURL    string
	checksumType   string
	checksumVerify bool
	username       string
	password       string
	hasUser        bool
	hasPassword    bool
	headers        []string
	user, group    string
	proxyType      string
	proxyServer    string
	insecure       bool
	options        []string
	provider       string
	location       string // where the resource was declared, for messages
}

// New returns the instance that manages the archive v describes.
func (Type) New(v resource.Values) (resource.Instance, error) {
	s := spec{
		present:        v.String("ensure") != "absent",
		path:           v.String("path"),
		extract:        v.String("extract") == "true",
		cleanup:        v.String("cleanup") == "true",
		checksumType:   v.String("checksum_type"),
		checksumVerify: v.String("checksum_verify") == "true",
		insecure:       v.Bool("allow_insecure"),
		extractFlags:   v.Get("extract_flags"),
		provider:       v.Provider().Name,
		location:       v.Resource().Location(),
	}
	s.filename = filepath.Base(s.path)
	pick := func(names ...string) (string, bool) {
		for _, n := range names {
			if v.Has(n) {
				return v.String(n), true
			}
		}
		return "", false
	}
	s.extractPath, _ = pick("target", "extract_path")
	s.extractCommand, _ = pick("extract_command")
	s.tempDir, _ = pick("temp_dir")
	s.creates, s.hasCreates = pick("creates")
	s.source, s.hasSource = pick("url", "source")
	s.cookie, _ = pick("cookie")
	s.checksumURL, _ = pick("digest_url", "checksum_url")
	if t, ok := pick("digest_type"); ok {
		s.checksumType = t
	}
	if x, ok := v.Lookup("checksum"); ok {
		switch c := x.(type) {
		case bool:
			s.checksumVerify = c
			s.checksum = fmt.Sprint(c)
		case string:
			if c == "" || c == "undef" {
				c = "false"
			}
			s.checksum = c
		}
	}
	if d, ok := pick("digest_string"); ok && d != "" {
		s.checksum = d
	}
	s.username, s.hasUser = pick("username")
	s.password, s.hasPassword = pick("password")
	s.headers = v.Strings("headers")
	s.user, _ = pick("user")
	s.group, _ = pick("group")
	s.proxyServer, _ = pick("proxy_server")
	s.proxyType = "none"
	if s.proxyServer != "" {
		if t, ok := pick("proxy_type"); ok {
			s.proxyType = t
		} else if i := strings.Index(s.proxyServer, "://"); i > 0 {
			s.proxyType = s.proxyServer[:i]
		}
	}
	if v.Has("download_options") {
		s.options = v.Strings("download_options")
	}
	return &instance{spec: s}, nil
}

// instance manages one archive.
type instance struct {
	spec
	exists bool
	// archiveChecksum is the checksum of the archive file found, when it
	// was computed (it exists and checksum_type is not none): the change
	// messages show it.
	archiveChecksum string
	// remoteSum caches the checksum read from checksum_url.
	remoteSum    string
	hasRemoteSum bool
	extracted    bool
}

// Retrieve decides, as the module's exists? does, whether the archive is
// there: when what it creates exists, the archive file need not be (a
// missing one is cleaned up, which does nothing); otherwise the file
// must exist with the expected checksum.
func (a *instance) Retrieve(ctx context.Context, h *resource.Handle) error {
	a.archiveChecksum = ""
	a.extracted = a.hasCreates && pathExists(a.creates)
	var err error
	switch {
	case !a.extracted, pathExists(a.path):
		a.exists, err = a.checksumOK(ctx, h)
	default:
		a.exists = true
	}
	return err
}

func pathExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// checksumOK is the module's checksum?: the archive file exists and,
// unless checksum_type is none, has the expected checksum.
func (a *instance) checksumOK(ctx context.Context, h *resource.Handle) (bool, error) {
	if !pathExists(a.path) {
		return false, nil
	}
	if a.checksumType == "none" {
		return true, nil
	}
	sum, err := fileChecksum(a.path, a.checksumType)
	if err != nil {
		return false, err
	}
	a.archiveChecksum = sum
	want, err := a.expectedChecksum(ctx, h)
	if err != nil {
		return false, err
	}
	return want == sum, nil
}

// expectedChecksum is the checksum given, or the one checksum_url gives.
func (a *instance) expectedChecksum(ctx context.Context, h *resource.Handle) (string, error) {
	if a.checksum != "" || a.checksumURL == "" {
		return a.checksum, nil
	}
	if !a.hasRemoteSum {
		sum, err := a.remoteChecksum(ctx, h)
		if err != nil {
			return "", err
		}
		a.remoteSum, a.hasRemoteSum = sum, true
	}
	return a.remoteSum, nil
}

var remoteSumPattern = lazyre.New(`(?i)\b[\da-f]{32,128}\b`)

func (a *instance) remoteChecksum(ctx context.Context, h *resource.Handle) (string, error) {
	tmp, err := a.downloadFile(ctx, h, a.checksumURL)
	if tmp != "" {
		defer os.Remove(tmp)
	}
	if err != nil {
		return "", err
	}
	data, err := os.ReadFile(tmp)
	if err != nil {
		return "", err
	}
	return remoteSumPattern.FindString(string(data)), nil
}

// Exists reports whether the archive is there, after Retrieve.
func (a *instance) Exists() bool { return a.exists }

// Properties lists ensure and creates.
func (a *instance) Properties() []resource.Property {
	ps := []resource.Property{a.ensure()}
	if a.hasCreates {
		ps = append(ps, (*createsProp)(a))
	}
	return ps
}

// create is the module's create: the download unless the file is there
// with its checksum, then the extraction, and the cleanup whatever
// happened.
func (a *instance) create(ctx context.Context, h *resource.Handle) (err error) {
	defer func() {
		a.cleanupArchive(h)
	}()
	ok, err := a.checksumOK(ctx, h)
	if err != nil {
		return err
	}
	if !ok {
		if err := a.transfer(ctx, h); err != nil {
			return err
		}
	}
	return a.extractArchive(ctx, h)
}

func (a *instance) destroy() {
	// As FileUtils.rm_f: what cannot be removed is left without a word.
	os.Remove(a.path)
}

func (a *instance) cleanupArchive(h *resource.Handle) {
	if !a.cleanup || !a.extract {
		return
	}
	if h.Log != nil {
		h.Log.Log(resource.Debug, "", "Cleanup archive "+a.path)
	}
	a.destroy()
}

// transfer downloads the archive into a temporary file, checks its
// checksum and moves it into place.
func (a *instance) transfer(ctx context.Context, h *resource.Handle) error {
	if !a.hasSource {
		return errors.New("Unable to fetch archive, the source parameter is nil.")
	}
	tmp, err := a.downloadFile(ctx, h, a.source)
	if tmp != "" {
		defer os.Remove(tmp)
	}
	if err != nil {
		return err
	}
	if a.checksumVerify && a.checksumType != "none" {
		actual, err := fileChecksum(tmp, a.checksumType)
		if err != nil {
			return err
		}
		want, err := a.expectedChecksum(ctx, h)
		if err != nil {
			return err
		}
		if actual != want {
			a.destroy()
			return fmt.Errorf("Download file checksum mismatch (expected: %s actual: %s)", want, actual)
		}
	}
	return moveInPlace(tmp, a.path)
}

// ensureProp is the archive's ensure property, with the module's change
// line and, once the archive's checksum is known, its values.
type ensureProp struct {
	*resource.Presence
	a *instance
}

func (a *instance) ensure() *ensureProp {
	return &ensureProp{a: a, Presence: &resource.Presence{
		Type:   "archive",
		Want:   a.present,
		Exists: a.Exists,
		Create: func(ctx context.Context, h *resource.Handle) error { return a.wrap(a.create(ctx, h)) },
		Remove: func(context.Context, *resource.Handle) error {
			a.destroy()
			return nil
		},
	}}
}

// Message is the module's change_to_s.
func (e *ensureProp) Message() string {
	a := e.a
	switch {
	case !a.exists:
		if a.archiveChecksum != "" {
			return fmt.Sprintf("replace archive: %s from %s to %s", a.path, e.isToS(), e.shouldToS())
		}
		extract := ""
		if a.extract {
			extract = "and extracted in " + a.extractPath
		}
		cleanup := "without cleanup"
		if a.cleanup {
			cleanup = "with cleanup"
		}
		return fmt.Sprintf("download archive from %s to %s %s %s", a.source, a.path, extract, cleanup)
	case !a.present:
		return "remove archive: " + a.path + " "
	}
	return "ensure changed 'present' to 'present'"
}

// wrap gives a Ruby error Puppet's wrapping: "Could not set 'present' on
// ensure: MSG (file: F, line: L)", with MSG as its cause.
func (a *instance) wrap(err error) error {
	var re rubyError
	if !errors.As(err, &re) {
		return err
	}
	return &resource.WrappedError{
		Msg:   strings.TrimSpace(fmt.Sprintf("Could not set 'present' on ensure: %v %s", err, a.location)),
		Cause: err,
	}
}

func (e *ensureProp) isToS() string     { return "(" + e.a.checksumType + ")" + e.a.archiveChecksum }
func (e *ensureProp) shouldToS() string { return "(" + e.a.checksumType + ")" + e.a.checksum }

// FormatValue shows the checksums instead of present and absent once the
// archive file's was computed, as the module's is_to_s and should_to_s.
func (e *ensureProp) FormatValue(v catalog.Value) string {
	if e.a.archiveChecksum == "" {
		return catalog.Format(v)
	}
	if v == e.Current() {
		return e.isToS()
	}
	return e.shouldToS()
}

// createsProp is the creates property: out of sync when the archive is
// to be extracted and what it creates is missing; syncing extracts.
type createsProp instance

func (c *createsProp) Name() string { return "creates" }
func (c *createsProp) Current() catalog.Value {
	if c.extract && !c.extracted {
		return "archive not extracted"
	}
	return c.creates
}
func (c *createsProp) Desired() catalog.Value { return c.creates }
func (c *createsProp) InSync() bool           { return c.Current() == c.creates }
func (c *createsProp) Sync(ctx context.Context, h *resource.Handle) error {
	return (*instance)(c).extractArchive(ctx, h)
}
func (c *createsProp) Message() string {
	return fmt.Sprintf("creates changed %s to %s", catalog.Format(c.Current()), c.FormatValue(c.creates))
}
func (c *createsProp) Event() string { return "creates_changed" }

// FormatValue is the module's should_to_s for creates.
func (c *createsProp) FormatValue(v catalog.Value) string {
	if v == c.Current() {
		return catalog.Format(v)
	}
	return fmt.Sprintf("extracting in %s to create %s", c.extractPath, catalog.Scalar(v))
}
