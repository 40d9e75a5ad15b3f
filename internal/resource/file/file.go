// Package file implements the file type: plain files with content or a
// local source, directories, symbolic links and absence, with owner,
// group and mode, and recursion (recurse.go): a recursive directory makes
// a file resource for each entry of its tree and its sources' trees when
// the run reaches it, purges what no source has, and honours
// recurselimit, ignore, sourceselect, links and max_files as Puppet does. Content is written atomically: a new file is written
// unnamed in its directory and linked in, a replacement is written to a
// temporary file and renamed over the target, both with their mode and
// owner set first (atomic.go).
package file

import (
	"context"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"math"
	"math/bits"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
	"unicode/utf8"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/syserr"
)

// Type is the file resource type. The instances one Type makes share its
// account lookups; NewType makes one. The zero Type works too, with
// lookups that each instance makes afresh.
type Type struct{ host *host }

// NewType returns a file type whose instances share their lookups.
func NewType() Type { return Type{host: newHost()} }

var (
	yesNo = resource.YesNo()
	// checksums are the digests Puppet knows; the lite ones read only
	// the first 512 bytes.
	checksums = resource.Enum("sha256", "sha256lite", "md5", "md5lite", "sha1", "sha1lite", "sha512", "sha384", "sha224", "mtime", "ctime", "none")
	// sourceOnly are the checksums that compare times, not content.
	sourceOnly = []string{"mtime", "ctime", "none"}
)

var schema = resource.NewSchema(resource.Schema{
	Name: "file",
	Doc:  "Files, directories and symbolic links, with their content, owner, group and mode.",
	Attrs: []resource.Attr{
		{Name: "path", Namevar: true, Doc: "The file's absolute path; the title by default.", Check: resource.CheckFuncString("an absolute path", checkPath, checkPathString)},
		{Name: "ensure", Kind: resource.KindProperty, Doc: "What the file should be: present, absent, file, directory, link, or a link target.", Check: resource.CheckFunc("present, absent, false, file, directory, link, or a path to link to", checkEnsure)},
		{Name: "content", Kind: resource.KindProperty, Arrays: resource.EachLast, Doc: "The file's content, as a string or Binary.", Check: resource.StringOnly()},
		{Name: "checksum_value", Kind: resource.KindProperty, Doc: "The checksum the source's content must have (the source is then not looked at otherwise); without a source Puppet warns, and cannot create the file."},
		{Name: "target", Kind: resource.KindProperty, Doc: "The target of a symbolic link.", Check: resource.CheckFunc("a path", checkTarget)},
		{Name: "owner", Kind: resource.KindProperty, Doc: "The owner, by name or id (0 to 4294967294)."},
		{Name: "group", Kind: resource.KindProperty, Doc: "The group, by name or id (0 to 4294967294).", Check: resource.CheckFunc("a group name or id", checkGroup)},
		{Name: "mode", Kind: resource.KindProperty, Doc: "The permissions, numeric (0644) or symbolic (u=rw,go=r).", Check: resource.ModeCheck{}},
		{Name: "type", Kind: resource.KindProperty, Doc: "The file's type (read-only).", Check: readOnly("type")},
		{Name: "seluser", Kind: resource.KindProperty, Doc: "The SELinux user; ignored where SELinux is not enabled, as Puppet does."},
		{Name: "selrole", Kind: resource.KindProperty, Doc: "The SELinux role; ignored where SELinux is not enabled, as Puppet does."},
		{Name: "seltype", Kind: resource.KindProperty, Doc: "The SELinux type; ignored where SELinux is not enabled, as Puppet does."},
		{Name: "selrange", Kind: resource.KindProperty, Doc: "The SELinux range; ignored where SELinux is not enabled, as Puppet does."},
		{Name: "ctime", Kind: resource.KindProperty, Doc: "The time of the last status change (read-only).", Check: readOnly("ctime")},
		{Name: "mtime", Kind: resource.KindProperty, Doc: "The time of the last content change (read-only).", Check: readOnly("mtime")},
		{Name: "backup", Default: false, Doc: "Keep the old content before replacing it: false, true, a .suffix, or a filebucket's name.", Check: resource.CheckFunc("false, true, a .suffix or a filebucket name", checkBackup)},
		{Name: "recurse", Default: false, Doc: "Manage a directory's content recursively: true (the local tree and the sources'), remote (the sources' only) or false.", Check: resource.CheckFunc("true, false or remote", checkRecurse)},
		{Name: "recurselimit", Doc: "How many levels below the directory recursion manages (0: none); without recursion it has no effect, and Puppet warns.", Check: numeric{&resource.EnumCheck{Patterns: []resource.Pattern{lazyre.New(`^[0-9]+$`)}}}},
		{Name: "max_files", Default: int64(0), Doc: "The most entries a recursive listing may have (0: warn past 1,000; -1: no limit); without recursion it has no effect.", Check: numeric{&resource.EnumCheck{Patterns: []resource.Pattern{lazyre.New(`^[0-9]+$`), lazyre.New(`^-1$`)}}}},
		{Name: "replace", Default: true, Listed: true, Doc: "Replace the content of a file that exists but differs.", Check: yesNo},
		{Name: "force", Default: false, Doc: "Replace a directory or link that is in the way.", Check: yesNo},
		{Name: "ignore", Doc: "Name patterns (globs) recursion skips; without recursion it has no effect.", Check: resource.CheckFunc("a string or an array of strings", checkIgnore)},
		{Name: "links", Default: "manage", Doc: "How symbolic links are treated: manage (a link is a link) or follow (a link stands for its target).", Check: resource.Enum("follow", "manage")},
		{Name: "purge", Default: false, Listed: false, Doc: "With recursion, remove what no source has and no resource manages (directories only with force); without recursion it has no effect.", Check: yesNo},
		{Name: "sourceselect", Default: "first", Doc: "Which sources a recursive copy merges: the first that exists, or all (the first source having a file wins); without recursion the first that exists is used.", Check: resource.Enum("first", "all")},
		{Name: "show_diff", Default: true, Listed: true, Doc: "Log a content change as a diff.", Check: yesNo},
		{Name: "validate_cmd", Doc: "A command that must accept the new content before it replaces the file."},
		{Name: "validate_replacement", Default: "%", Doc: "The text in validate_cmd that stands for the new content's path."},
		{Name: "checksum", Default: "sha256", Doc: "How content is compared: a digest (md5, sha256, ...), or mtime or ctime (a file not older than its source is in sync).", Check: checksums},
		{Name: "source", Doc: "Files to copy the content from (absolute paths, file:// URLs, puppet:///modules/NAME/PATH for NAME/files/PATH on --modulepath, or http(s):// URLs); the first that exists is used.", Check: resource.CheckFunc("absolute paths or file://, puppet:// or http(s):// URLs", checkSource)},
		{Name: "source_permissions", Default: "ignore", Doc: "Whether to copy a local source's owner, group and mode where the resource does not set them: use, use_when_creating (only when the file is created) or ignore; deprecated, as in Puppet.", Check: sourcePermissions},
		{Name: "selinux_ignore_defaults", Default: false, Listed: "false", Doc: "Ignore SELinux's default contexts; has no effect where SELinux is not enabled.", Check: resource.Boolean()},
		{Name: "staging_location", Doc: "The directory the new content is written to before it is moved into place.", Check: resource.AbsPathCheck{Msg: "File paths must be fully qualified, not '%s'", Clean: true}},
	},
	TitlePatterns: []resource.TitlePattern{{Pattern: regexp.MustCompile(`(?s)^(/|.*?)/*$`), Attrs: []string{"path"}, Split: trimSlashes}},
	Features: []resource.Feature{
		{Name: "manages_symlinks", Doc: "Can manage symbolic links."},
	},
	Providers: []resource.Provider{
		{Name: "posix", Default: true, Features: []string{"manages_symlinks"}, Doc: "POSIX files, owners and modes.", Confine: resource.Confine{Facts: map[string][]string{"kernel": {"linux", "darwin", "freebsd", "openbsd", "netbsd", "sunos", "aix"}}},
			Find: find},
		{Name: "windows", Unimplemented: true, Features: []string{"manages_symlinks"}, Doc: "Windows files and ACLs; ordo does not have it.", Confine: resource.Confine{Facts: map[string][]string{"kernel": {"windows"}}}},
	},
	Redacts:  []string{"source"},
	Validate: validate,
	Warn:     warn,
})

// Schema returns file's schema.
func (Type) Schema() *resource.Schema { return schema }

// oddValues are the Ruby classes of values Puppet accepts and then fails
// to apply: a link target that is no string (ensure => 5), an owner or
// group that is neither a name nor a number.
type oddValues struct {
	target, owner, group string
	// checksumValue: checksum_value without content or source, which
	// makes Puppet fail to create the file.
	checksumValue bool
	// sourceSum is checksum_value beside a source: the checksum the
	// source's content must have; the source then decides nothing else.
	sourceSum string
}

func (f *instance) oddValues() *oddValues {
	x := f.ownExtras()
	if x.odd == nil {
		x.odd = &oddValues{}
	}
	return x.odd
}

// oddTypes returns the classes, all "" when nothing is odd.
func (f *instance) oddTypes() oddValues {
	if f.odd == nil {
		return oddValues{}
	}
	return *f.odd
}

// idType is the Ruby class of an owner or group that is neither a name
// nor a number, "" otherwise: Puppet fails to convert it when it sets it.
func idType(v resource.Values, name string) string {
	x, ok := v.Lookup(name)
	if !ok {
		return ""
	}
	switch x.(type) {
	case string, int64, int:
		return ""
	}
	return resource.RubyClass(x)
}

// trimSlashes is file's title pattern: the path is the title without
// trailing slashes.
func trimSlashes(title string, _ int) (string, bool) {
	for len(title) > 1 && title[len(title)-1] == '/' {
		title = title[:len(title)-1]
	}
	return title, true
}

func readOnly(name string) resource.Check {
	return resource.CheckFunc("nothing: read-only", func(catalog.Value) (catalog.Value, error) {
		return nil, errors.New(name + " is read-only")
	})
}

func checkPathString(s string) (string, error) {
	if !utf8.ValidString(s) {
		return "", errors.New("invalid byte sequence in UTF-8")
	}
	if !filepath.IsAbs(s) {
		return "", fmt.Errorf("File paths must be fully qualified, not '%s'", s)
	}
	if strings.IndexByte(s, 0) >= 0 {
		return "", &resource.MungeError{Msg: "path name contains null byte"}
	}
	return cleanPath(s), nil
}

func checkPath(v catalog.Value) (catalog.Value, error) {
	s, ok := v.(string)
	if !ok {
		return nil, fmt.Errorf("File paths must be fully qualified, not '%s'", resource.Inspect(v))
	}
	if !utf8.ValidString(s) {
		return nil, errors.New("invalid byte sequence in UTF-8")
	}
	if !filepath.IsAbs(s) {
		return nil, fmt.Errorf("File paths must be fully qualified, not '%s'", s)
	}
	if strings.IndexByte(s, 0) >= 0 {
		return nil, &resource.MungeError{Msg: "path name contains null byte"}
	}
	if clean := cleanPath(s); clean != s {
		return clean, nil
	}
	return v, nil
}

// cleanPath is filepath.Clean without its allocation for a clean path.
func cleanPath(p string) string {
	for i := 0; i < len(p); i++ {
		if p[i] == '/' && (i == len(p)-1 && i > 0 || i+1 < len(p) && (p[i+1] == '/' || p[i+1] == '.')) {
			return filepath.Clean(p)
		}
	}
	return p
}

// checkTarget refuses a target that is not UTF-8, as Puppet's validation
// of the value as a symbol does.
func checkTarget(v catalog.Value) (catalog.Value, error) {
	if s, ok := v.(string); ok && !utf8.ValidString(s) {
		return nil, fmt.Errorf("Validate method failed for class target: invalid symbol in encoding UTF-8 :%s", resource.Inspect(s))
	}
	if v == "" {
		return nil, errors.New(`Invalid value "". Valid values are notlink. Valid values match /./.`)
	}
	return v, nil
}

// checkGroup refuses an empty group, as Puppet's validation does.
func checkGroup(v catalog.Value) (catalog.Value, error) {
	if v == "" {
		return nil, errors.New(`Invalid group name '""'`)
	}
	return v, nil
}

func checkEnsure(v catalog.Value) (catalog.Value, error) {
	switch v {
	case false, "false":
		return "absent", nil
	case "":
		// Puppet's values, and the pattern that takes any other word as a
		// link target.
		return nil, errors.New(`Invalid value "". Valid values are absent, file, present, directory, link. Valid values match /./.`)
	}
	// Other values are kept: ensure => 5 is a link target that fails when
	// the link is made, as in Puppet.
	return v, nil
}

func checkBackup(v catalog.Value) (catalog.Value, error) {
	if l, ok := v.([]catalog.Value); ok && len(l) > 0 {
		v = l[0]
	}
	switch v {
	case false, "false":
		return false, nil
	case true, "true":
		return ".puppet-bak", nil
	}
	if s, ok := v.(string); ok {
		return s, nil
	}
	return nil, fmt.Errorf("Invalid backup type %s", resource.Inspect(v))
}

func checkRecurse(v catalog.Value) (catalog.Value, error) {
	switch v {
	case false, "false":
		return false, nil
	case true, "true":
		return true, nil
	case "remote":
		return "remote", nil
	}
	return nil, fmt.Errorf("Invalid recurse value %s", resource.Inspect(v))
}

// numeric checks a number attribute against Puppet's patterns, which
// match its decimal form, and gives it as a number.
type numeric struct{ *resource.EnumCheck }

func (c numeric) Munge(v catalog.Value) (catalog.Value, error) {
	s, ok := v.(string)
	if n, isInt := v.(int64); isInt {
		s, ok = strconv.FormatInt(n, 10), true
	}
	if !ok {
		return c.EnumCheck.Munge(v)
	}
	if _, err := c.EnumCheck.Munge(s); err != nil {
		_, err = c.EnumCheck.Munge(v) // worded with the value as given
		return nil, err
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if errors.Is(err, strconv.ErrRange) {
		// Ruby's numbers have no bound; past int64 every limit is as good
		// as none.
		return int64(math.MaxInt64), nil
	}
	if err != nil {
		return nil, fmt.Errorf("Invalid value %s", resource.Inspect(v))
	}
	return n, nil
}

// checkIgnore takes a string, an array (of anything Puppet shows as a
// string) or false.
func checkIgnore(v catalog.Value) (catalog.Value, error) {
	switch v.(type) {
	case string, []catalog.Value:
		return v, nil
	case bool:
		if v == false {
			return v, nil
		}
	}
	return nil, errors.New("Ignore must be a string or an Array")
}

// intValue reads a number that may be written as a string.
func intValue(v catalog.Value, def int) int {
	switch x := v.(type) {
	case int64:
		return int(x)
	case int:
		return x
	case string:
		if n, err := strconv.Atoi(x); err == nil {
			return n
		}
	}
	return def
}

var sourcePermissions = resource.Enum("use", "use_when_creating", "ignore")

func checkSource(v catalog.Value) (catalog.Value, error) {
	for _, s := range catalog.Strings(v) {
		if _, err := localSource(s); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// validate checks what no single attribute shows, in Puppet's order.
func validate(v resource.Values) error {
	creators := 0
	if v.Has("content") {
		creators++
	}
	if v.Has("source") {
		creators++
	}
	// A target counts when the file is (or may become) a link; ensure
	// can name the target itself.
	ensure := v.String("ensure")
	switch ensure {
	case "", "link":
		if v.Has("target") {
			creators++
		}
	case "absent", "present", "file", "directory":
	default:
		creators++
	}
	if creators > 1 {
		return errors.New("You cannot specify more than one of content, source, target")
	}
	if v.Get("recurse") == "remote" && !v.Has("source") {
		return errors.New("You cannot specify a remote recursion without a source")
	}
	sum := v.String("checksum")
	if cv, ok := v.Lookup("checksum_value"); ok && !validChecksum(sum, catalog.Scalar(cv)) {
		return fmt.Errorf("Checksum value '%s' is not a valid checksum type %s", catalog.Scalar(cv), sum)
	}
	if sum == "none" && v.Has("source") {
		return errors.New("You cannot specify source when using checksum 'none'")
	}
	for _, c := range sourceOnly {
		if sum == c && v.Has("content") {
			return fmt.Errorf("You cannot specify content when using checksum '%s'", c)
		}
	}
	// Puppet ignores SELinux contexts where SELinux is not enabled; where
	// it is, ordo cannot manage them and says so.
	for _, a := range selinuxAttrs {
		if v.Has(a) && selinuxEnabled() {
			return &resource.ParamError{Ref: v.Ref(), Param: a, Msg: a + " is not supported by ordo where SELinux is enabled"}
		}
	}
	return nil
}

// warn returns the warnings of Puppet's validation.
func warn(v resource.Values) []resource.Note {
	var out []resource.Note
	if !catalog.Truthy(v.Get("recurse")) && v.Has("recurselimit") {
		out = append(out, resource.Note{Level: resource.Warning, Msg: "Possible error: recurselimit is set but not recurse, no recursion will happen"})
	}
	if v.Has("checksum_value") && !v.Has("content") && !v.Has("source") {
		out = append(out, resource.Note{Level: resource.Warning, Msg: "Checksum value is ignored unless content or source are specified"})
	}
	// Puppet's deprecation warning, for a resource that has a file and a
	// line.
	if r := v.Resource(); v.String("source_permissions") != "ignore" && r != nil && r.File != "" && r.Line > 0 {
		out = append(out, resource.Note{Level: resource.Warning, Unattached: true,
			Msg: "The `source_permissions` parameter is deprecated. Explicitly set `owner`, `group`, and `mode`.\n   " + r.Location()})
	}
	return out
}

// selProps are the SELinux context properties, in Puppet's order.
var selProps = [...]string{"seluser", "selrole", "seltype", "selrange"}

// noteSELinux says, as Puppet's property checks do where SELinux is off,
// that each SELinux property set is ignored.
func (f *instance) noteSELinux(h *resource.Handle) {
	if f.sel == 0 || h == nil || h.Log == nil {
		return
	}
	for i, name := range selProps {
		if f.sel&(1<<i) != 0 {
			h.Log.Log(resource.Debug, h.Path+"/"+name, "SELinux bindings not found. Ignoring parameter.")
		}
	}
}

// hexSizes are the lengths of each digest's hexadecimal form.
var hexSizes = map[string]int{"md5": 32, "sha1": 40, "sha224": 56, "sha256": 64, "sha384": 96, "sha512": 128}

// validChecksum is Puppet's valid_checksum?: a digest of the type's
// length in hexadecimal, a time for mtime and ctime, nothing for none.
func validChecksum(typ, value string) bool {
	switch typ {
	case "none":
		return value == ""
	case "mtime", "ctime":
		return true // Ruby's DateTime.parse takes nearly anything; ordo does not judge
	}
	n := hexSizes[strings.TrimSuffix(typ, "lite")]
	if len(value) != n {
		return false
	}
	for _, c := range value {
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F') {
			return false
		}
	}
	return true
}

var selinuxAttrs = []string{"seluser", "selrole", "seltype", "selrange", "selinux_ignore_defaults"}

// selinuxEnabled reports whether the kernel has SELinux enabled.
func selinuxEnabled() bool {
	_, err := os.Stat("/sys/fs/selinux/enforce")
	return err == nil
}

// extras are what few files have: sources, validation, staging, odd
// values, a link's target, and the checksums a change message shows.
// Files without any share one empty extras, read-only, so that they cost
// one word: every write goes through ownExtras.
type extras struct {
	sources   []string // local paths
	sourceURI []string // as written, for messages (a password left out)
	// remote are the http(s) sources as written, "" for the others.
	remote []string
	// fetched is what Retrieve learned of the http(s) source it uses.
	fetched *remoteSource
	// permissions is source_permissions: "use" or "use_when_creating";
	// "" for ignore.
	permissions string
	// odd holds values Puppet accepts and then fails to apply.
	odd *oddValues

	validateCmd  string // validate_cmd, "" for none
	validateRepl string // validate_replacement, "%" by default
	staging      string // staging_location, "" for the file's directory

	target  string // the link's target
	curLink string // the link's target found by Retrieve
	wantSum string // desired content checksum, "" until a message needs it (a time checksum: the source's time)
	curSum  string // current content checksum, "" until computed

	// rec is the recursion of a recursive file, or a generated child's
	// source entry; nil for other files.
	rec *recursion
}

// noExtras is the extras of every file that has none; never written.
var noExtras = &extras{}

// ownExtras returns the instance's own extras, to write to.
func (f *instance) ownExtras() *extras {
	if f.extras == noExtras || f.extras == nil {
		f.extras = &extras{}
	}
	return f.extras
}

// instance manages one file. Its properties are built once in New, and it
// keeps only what its properties need, so that a converged run allocates
// and holds little: the content is the catalog's string, the checksums
// are made when a message needs them, the stat is held in place.
type instance struct {
	host *host
	path string
	decl *catalog.Resource // the declaration, for the location in errors

	ensure  string // "", absent, present, file, directory, link
	content string
	*extras
	mode     *modeSpec
	owner    string
	group    string
	backup   string // "" for none, ".suffix", or a bucket name
	checksum string

	// The flags together, so that they share a word.
	hasData bool // content or source manages the content
	// hasSources: the file has sources. The read-ahead reads this, not
	// the extras, whose pointer Retrieve may set meanwhile.
	hasSources bool
	sensitive  bool
	hasTarget  bool
	replace    bool
	force      bool
	showDiff   bool
	follow     bool // links => follow
	// sel has a bit for each SELinux property set (selProps order):
	// where SELinux is off each is only noted at debug level.
	sel uint8
	// props has a bit for each property managed (propEnsure, ...):
	// Properties makes the list in Puppet's order when asked.
	props propSet
	// srcDir: the source is a directory (readSource), so the file is one.
	srcDir    bool
	contentOK bool // from Retrieve: the file has the desired content
	diskKnown bool // see disk

	// state from Retrieve
	st        *fileStat // &retrieved, or nil when absent
	retrieved fileStat
	curType   string // "absent", "file", "directory", "link", ...

	// disk is what is at path now, as far as this instance knows: Retrieve's
	// Lstat until something is changed there (as Puppet keeps its stat
	// until it changes the file). It is separate from st, which the change
	// messages read.
	disk *fileStat

	pre prefetchState // prefetch.go
}

// New returns the instance for v.
func (t Type) New(v resource.Values) (resource.Instance, error) {
	r := v.Resource()
	h := t.host
	if h == nil {
		h = newHost()
	}
	f := &instance{
		host:     h,
		decl:     r,
		path:     v.String("path"),
		replace:  v.Bool("replace"),
		force:    v.Bool("force"),
		showDiff: v.Bool("show_diff"),
		checksum: v.String("checksum"),
		owner:    v.String("owner"),
		group:    v.String("group"),
		follow:   v.String("links") == "follow",
		extras:   noExtras,
	}
	if cmd, repl, staging := v.String("validate_cmd"), v.String("validate_replacement"), v.String("staging_location"); cmd != "" || repl != "%" || staging != "" {
		x := f.ownExtras()
		x.validateCmd, x.validateRepl, x.staging = cmd, repl, staging
	}
	if t := idType(v, "owner"); t != "" {
		f.oddValues().owner = t
	}
	if t := idType(v, "group"); t != "" {
		f.oddValues().group = t
	}
	if b, ok := v.Get("backup").(string); ok {
		f.backup = b
	}
	if m, ok := v.Lookup("mode"); ok {
		f.mode = h.modeSpec(m.(string))
	}
	if e, ok := v.Lookup("ensure"); ok {
		switch s, _ := e.(string); s {
		case "absent", "present", "file", "directory", "link":
			f.ensure = s
		default:
			f.ensure = "link"
			f.ownExtras().target, f.hasTarget = catalog.Scalar(e), true
			if _, isString := e.(string); !isString {
				f.oddValues().target = resource.RubyClass(e)
			}
		}
	}
	// target => notlink leaves the target alone.
	if t, ok := v.Lookup("target"); ok && !f.hasTarget && t != "notlink" {
		f.ownExtras().target, f.hasTarget = catalog.Scalar(t), true
	}
	if src, ok := v.Lookup("source"); ok {
		x := f.ownExtras()
		for _, s := range catalog.Strings(src) {
			local, _ := localSource(s)
			raw := ""
			if isRemote(s) {
				// Puppet drops a source's trailing slashes.
				raw = strings.TrimRight(s, "/")
				s = redactURL(raw)
			}
			x.sources = append(x.sources, local)
			x.sourceURI = append(x.sourceURI, sourceURI(s))
			x.remote = append(x.remote, raw)
		}
		f.hasSources = len(x.sources) > 0
		if p := v.String("source_permissions"); p != "ignore" {
			x.permissions = p
		}
	}
	content, hasContent := v.Lookup("content")
	if hasContent {
		f.sensitive = v.Sensitive("content")
		switch x := content.(type) {
		case string:
			f.content = x
		case *catalog.Rich:
			if x.PType != "Binary" {
				return nil, &resource.ParamError{Ref: r.Ref(), Param: "content", Msg: "unsupported content value " + catalog.Scalar(x)}
			}
			b, err := binaryValue(x)
			if err != nil {
				return nil, &resource.ParamError{Ref: r.Ref(), Param: "content", Msg: err.Error()}
			}
			f.content = string(b)
		}
		f.hasData = true
	}
	if len(f.sources) > 0 {
		f.hasData = true
		if cv, ok := v.Lookup("checksum_value"); ok {
			// As Puppet with a checksum_value: the source's metadata is
			// not read, so it gives neither ensure nor content.
			f.oddValues().sourceSum = catalog.Scalar(cv)
			f.hasData = false
		}
	}
	if !f.hasData && v.Has("checksum_value") && f.oddTypes().sourceSum == "" {
		f.oddValues().checksumValue = true
	}
	if f.ensure == "" {
		switch {
		case f.hasTarget:
			f.ensure = "link"
		case hasContent || len(f.sources) > 0 && f.oddTypes().sourceSum == "":
			f.ensure = "file"
		}
	}
	if f.ensure == "directory" || f.ensure == "link" || f.ensure == "absent" {
		// Content applies to plain files only.
		f.hasData = false
	}
	if f.ensure != "" {
		f.props |= propEnsure
	}
	if f.hasData {
		f.props |= propContent
	}
	if f.oddTypes().sourceSum != "" {
		f.props |= propChecksumValue
	}
	// Puppet manages the target of a file that is not to be absent: a
	// plain file or a folder given one (ensure => present, target => X)
	// is made a link to it once ensure is in sync.
	if f.hasTarget && f.ensure != "" && f.ensure != "absent" {
		f.props |= propTarget
	}
	if f.owner != "" {
		f.props |= propOwner
	}
	if f.group != "" {
		f.props |= propGroup
	}
	if f.mode != nil {
		f.props |= propMode
	}
	for i, name := range selProps {
		if v.Has(name) {
			f.sel |= 1 << i
		}
	}
	if rec := v.Get("recurse"); rec == true || rec == "remote" {
		f.ownExtras().rec = &recursion{
			remote:    rec == "remote",
			limit:     intValue(v.Get("recurselimit"), -1),
			maxFiles:  intValue(v.Get("max_files"), 0),
			purge:     v.Bool("purge"),
			sourceAll: v.String("sourceselect") == "all",
		}
		if ig, ok := v.Lookup("ignore"); ok && ig != false {
			f.rec.ignore = catalog.Strings(ig)
		}
		return recursive{f}, nil
	}
	return f, nil
}

func binaryValue(x *catalog.Rich) ([]byte, error) {
	if x.Data == nil {
		return nil, errors.New("empty Binary value")
	}
	v, _ := x.Data.Get("__pvalue")
	s, _ := v.(string)
	b, err := base64Decode(s)
	if err != nil {
		// Ruby's Base64.strict_decode64, as Puppet reads a Binary.
		return nil, errors.New("invalid base64")
	}
	return b, nil
}

// localSource turns a source into a local path. A file: URI's path is
// taken as written, %-escapes and all, as Puppet takes it. A puppet:
// source is looked up in the modules (sourcePath), an http(s) source is
// fetched (remote.go): both are "" here, without an error.
func localSource(s string) (string, error) {
	switch {
	case strings.HasPrefix(s, "/"):
		return filepath.Clean(s), nil
	case strings.HasPrefix(s, "file:"):
		u, err := url.Parse(s)
		if err != nil || u.Path == "" {
			return "", fmt.Errorf("Could not understand source %s", s)
		}
		return filepath.Clean(u.EscapedPath()), nil
	case strings.HasPrefix(s, "puppet:"):
		return "", nil
	}
	u, err := url.Parse(s)
	switch {
	case err != nil || u.Scheme == "":
		return "", fmt.Errorf("Cannot use relative URLs '%s'", s)
	case u.Opaque != "":
		return "", fmt.Errorf("Cannot use opaque URLs '%s'", s)
	case u.Scheme == "http" || u.Scheme == "https":
		return "", nil // fetched (remote.go)
	}
	return "", fmt.Errorf("Cannot use URLs of type '%s' as source for fileserving", u.Scheme)
}

// sourcePath is the local path of source i: a puppet:///modules/NAME/PATH
// source is NAME/files/PATH in the first folder of the module path that
// holds a module NAME (as Puppet's file server takes the first module of
// that name, whether or not it has the file); "" when none does.
func (f *instance) sourcePath(i int, h *resource.Handle) string {
	if f.sources[i] != "" || h == nil || len(h.ModulePath) == 0 {
		return f.sources[i]
	}
	return ModuleSource(f.sourceURI[i], h.ModulePath)
}

// ModuleSource is the local path of a puppet:///modules/NAME/PATH
// source: NAME/files/PATH in the first folder of modulePath that holds a
// module NAME (as Puppet's file server takes the first module of that
// name, whether or not it has the file); "" for any other source, or
// when no folder holds the module.
func ModuleSource(uri string, modulePath []string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "puppet" || u.Host != "" {
		return ""
	}
	rest, ok := strings.CutPrefix(u.Path, "/modules/")
	if !ok {
		return ""
	}
	name, file, _ := strings.Cut(rest, "/")
	if name == "" || strings.Contains(file, "..") {
		return ""
	}
	for _, dir := range modulePath {
		mod := filepath.Join(dir, name)
		if st, err := os.Stat(mod); err == nil && st.IsDir() {
			return filepath.Join(mod, "files", file)
		}
	}
	return ""
}

// sourceURI is a source as Puppet's messages show it: a path as a file://
// URI, a URI as written.
func sourceURI(s string) string {
	if strings.HasPrefix(s, "/") {
		return "file://" + filepath.Clean(s)
	}
	return s
}

// liteBytes is how much of a file the lite checksums (md5lite, sha1lite,
// sha256lite) read.
const liteBytes = 512

func (f *instance) lite() bool { return strings.HasSuffix(f.checksum, "lite") }

func (f *instance) newHash() hash.Hash {
	switch strings.TrimSuffix(f.checksum, "lite") {
	case "md5":
		return md5.New()
	case "sha1":
		return sha1.New()
	case "sha224":
		return sha256.New224()
	case "sha384":
		return sha512.New384()
	case "sha512":
		return sha512.New()
	}
	return sha256.New()
}

func (f *instance) sum(b string) string {
	h := f.newHash()
	if f.lite() && len(b) > liteBytes {
		b = b[:liteBytes]
	}
	io.WriteString(h, b)
	return f.format(h)
}

// desiredSum is the checksum of the desired content, as messages show it.
func (f *instance) desiredSum() string {
	if f.wantSum == "" {
		f.ownExtras().wantSum = f.sum(f.content)
	}
	return f.wantSum
}

func (f *instance) format(h hash.Hash) string {
	var buf [64]byte
	s := h.Sum(buf[:0])
	return "{" + f.checksum + "}" + hex.EncodeToString(s)
}

var bufPool = sync.Pool{New: func() any { b := make([]byte, 32<<10); return &b }}

// sumFile returns the checksum of the file at p.
func (f *instance) sumFile(p string) (string, error) {
	if f.timeSum() {
		st, err := os.Stat(p)
		if err != nil {
			return "", err
		}
		return f.formatTime(st), nil
	}
	// Plain system calls: os.Open registers every file with the runtime's
	// poller, which costs more than reading a small file. This runs once
	// per managed file and run.
	// O_NONBLOCK: a FIFO put in the file's place since it was looked at
	// fails the read instead of blocking it.
	fd, err := ignoringEINTR(func() (int, error) {
		return syscall.Open(p, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
	})
	if err != nil {
		return "", &fs.PathError{Op: "open", Path: p, Err: err}
	}
	defer syscall.Close(fd)
	sum, err := f.sumFD(fd)
	if err != nil {
		return "", &fs.PathError{Op: "read", Path: p, Err: err}
	}
	return sum, nil
}

// sameContentAt reports whether the file at p holds the desired content:
// all of it, or for a lite checksum its first bytes, those a lite
// checksum reads.
func (f *instance) sameContentAt(p string) (bool, error) {
	// O_NONBLOCK: a FIFO put in the file's place since it was looked at
	// fails the read instead of blocking it.
	fd, err := ignoringEINTR(func() (int, error) {
		return syscall.Open(p, syscall.O_RDONLY|syscall.O_CLOEXEC|syscall.O_NONBLOCK, 0)
	})
	if err != nil {
		return false, &fs.PathError{Op: "open", Path: p, Err: err}
	}
	defer syscall.Close(fd)
	same, err := f.sameContentFD(fd)
	if err != nil {
		return false, &fs.PathError{Op: "read", Path: p, Err: err}
	}
	return same, nil
}

// sameContentFD compares what is left to read from fd with the desired
// content, as equal checksums would find it, reading no more than it
// must: it stops at the first difference, and a short read of a plain
// file is its end.
func (f *instance) sameContentFD(fd int) (bool, error) {
	want := f.content
	bp := bufPool.Get().(*[]byte)
	defer bufPool.Put(bp)
	buf := *bp
	if f.lite() {
		// The checksum reads the first liteBytes of each.
		want = want[:min(len(want), liteBytes)]
		buf = buf[:liteBytes]
		got := 0
		for got < liteBytes {
			n, err := ignoringEINTR(func() (int, error) { return syscall.Read(fd, buf[got:]) })
			if err != nil {
				return false, err
			}
			if n == 0 {
				break
			}
			got += n
		}
		return string(buf[:got]) == want, nil
	}
	got := 0
	for {
		chunk := buf[:min(len(buf), len(want)-got+1)]
		n, err := ignoringEINTR(func() (int, error) { return syscall.Read(fd, chunk) })
		if err != nil {
			return false, err
		}
		if n == 0 {
			return got == len(want), nil
		}
		if got+n > len(want) || string(chunk[:n]) != want[got:got+n] {
			return false, nil
		}
		got += n
		if n < len(chunk) {
			return got == len(want), nil
		}
	}
}

// sumFD is the checksum of what is left to read from fd.
func (f *instance) sumFD(fd int) (string, error) {
	h := f.newHash()
	bp := bufPool.Get().(*[]byte)
	defer bufPool.Put(bp)
	buf := *bp
	left := -1 // bytes still to hash; -1 for all
	if f.lite() {
		left = liteBytes
	}
	for left != 0 {
		n, err := ignoringEINTR(func() (int, error) { return syscall.Read(fd, buf) })
		if err != nil {
			return "", err
		}
		if n == 0 {
			break
		}
		if left > 0 {
			n = min(n, left)
			left -= n
		}
		h.Write(buf[:n])
	}
	return f.format(h), nil
}

// ignoringEINTR retries a system call interrupted by a signal.
func ignoringEINTR(call func() (int, error)) (int, error) {
	for {
		n, err := call()
		if err != syscall.EINTR {
			return n, err
		}
	}
}

// stat reads what is at the path for Retrieve. As in Puppet, a missing
// file or folder on the way is absence, a path that cannot be searched or
// is invalid is absence with a warning, and anything else (a name too
// long, a loop of links) fails the resource.
func (f *instance) stat(h *resource.Handle) error {
	f.changed()
	f.st, f.curType = nil, "absent"
	st, err := f.onDisk(&f.retrieved)
	switch {
	case errors.Is(err, syscall.EACCES):
		h.Logf(resource.Warning, "Could not stat; permission denied")
		return nil
	case errors.Is(err, syscall.EINVAL):
		h.Logf(resource.Warning, "Could not stat; invalid pathname")
		return nil
	case err != nil:
		return errors.New(describe(err))
	case st == nil:
		return nil
	}
	f.st, f.curType = st, resource.FileType(st.Mode())
	return nil
}

// onDisk returns what is at path (nil for nothing, or a folder on the way
// missing), from the last Lstat (a Stat with links => follow) unless the
// instance changed the path since. A new stat is kept in into, or in a
// new fileStat when into is nil.
func (f *instance) onDisk(into *fileStat) (*fileStat, error) {
	if !f.diskKnown {
		st, ok, err := statPath(f.path, f.follow)
		if err != nil {
			return nil, err
		}
		f.disk, f.diskKnown = nil, true
		if ok {
			if into == nil {
				into = new(fileStat)
			}
			*into = st
			f.disk = into
		}
	}
	return f.disk, nil
}

// takeContent makes content, given by another resource (Type.Give), the
// file's desired content in place of its own, as Puppet's concat_file sets
// the content of the catalog's file on its path: the file's other
// attributes stay, its ensure too. A file that is to be a directory, a
// link or absent keeps that. Nothing reads the file ahead (Type.Promise), so nothing
// else reads these fields meanwhile.
func (f *instance) takeContent(content string) {
	if f.ensure == "directory" || f.ensure == "link" || f.ensure == "absent" {
		return
	}
	f.content, f.hasData = content, true
	if f.extras != noExtras {
		x := f.ownExtras()
		x.sources, x.sourceURI, x.remote = nil, nil, nil
		x.wantSum = "" // made from the content when needed
	}
	f.hasSources = false
	// Without ensure, as in Puppet where the content is set after the
	// file resource was made: a missing file stays missing ("Nothing to
	// manage"), an existing one gets the content.
	f.props |= propContent
}

// takeAbsent makes the file to be absent, given by another resource
// (Type.GiveAbsent), as puppetlabs-concat sets ensure => absent on the
// file of a concat_file that would be empty.
func (f *instance) takeAbsent() {
	f.ensure, f.hasData = "absent", false
	f.props = (f.props | propEnsure) &^ propContent
}

// useStat takes st, read ahead while nothing in the run could change the
// file, as what the file is now (stat, without reading it again).
func (f *instance) useStat(st fileStat) {
	f.retrieved = st
	f.disk, f.diskKnown = &f.retrieved, true
	f.st, f.curType = f.disk, resource.FileType(st.Mode())
}

// changed records that the path was changed: the next onDisk reads it.
func (f *instance) changed() { f.disk, f.diskKnown = nil, false }

// Retrieve reads the file's state: one Lstat, and the content checksum
// only when content is managed and the sizes match.
func (f *instance) Retrieve(ctx context.Context, h *resource.Handle) error {
	if err := f.retrieve(ctx, h); err != nil {
		return err
	}
	f.noteSELinux(h)
	return nil
}

func (f *instance) retrieve(ctx context.Context, h *resource.Handle) error {
	f.pre.reached.Store(true)
	if x, ok := f.host.given.take(f.path); ok {
		if x.absent {
			f.takeAbsent()
		} else {
			f.takeContent(x.content)
		}
	}
	pre := f.takePrefetched()
	if pre.current(f, h) {
		f.useStat(pre.stat)
	} else if err := f.stat(h); err != nil {
		return err
	}
	f.contentOK = false
	if f.extras != noExtras {
		f.curSum, f.curLink = "", ""
	}
	if f.curType == "link" && f.hasTarget {
		f.ownExtras().curLink, _ = os.Readlink(f.path)
	}
	if len(f.sources) > 0 && f.oddTypes().sourceSum == "" {
		if err := f.readSource(ctx, h); err != nil {
			return err
		}
	}
	// A file of another size has other content, unless the checksum
	// reads only its start or is a time.
	if f.hasData && f.curType == "file" && f.timeSum() {
		sum, err := f.sumFile(f.path)
		if err != nil {
			return err
		}
		f.ownExtras().curSum = sum
		f.contentOK = notOlder(sum, f.wantSum)
	} else if f.hasData && f.curType == "file" && f.fetched != nil {
		// The content is not here: its checksum is what the server said.
		sum, err := f.sumFile(f.path)
		if err != nil {
			return err
		}
		f.ownExtras().curSum = sum
		f.contentOK = sum == f.wantSum
	} else if f.hasData && f.curType == "file" && (f.st.Size() == int64(len(f.content)) || f.lite()) {
		// Equal checksums are equal content (of the first bytes, for a
		// lite checksum), so the content is compared as it is; the
		// checksums are made when a message shows them.
		same, ok := pre.sameAs(f.st)
		if !ok {
			var err error
			if same, err = f.sameContentAt(f.path); err != nil {
				return err
			}
		}
		f.contentOK = same
	}
	if f.hasData && f.ensure == "present" && f.curType != "absent" && f.curType != "file" {
		h.Logf(resource.Warning, "Ensure set to :present but file type is %s so no content will be synced", f.curType)
	}
	if h != nil && h.ShowDiff && f.showDiff && f.hasData && f.curType == "file" && !f.contentOK {
		if f.props&propEnsure != 0 && !(*ensureProp)(f).InSync() {
			return nil
		}
		if (*contentProp)(f).InSync() {
			return nil
		}
		if f.fetched == nil {
			f.logDiff(h, f.content)
			return nil
		}
		// As Puppet does, the http source is fetched for the diff; if
		// that fails, the change says so, without a diff.
		var body strings.Builder
		if err := f.host.fetch.get(ctx, fetchLog(h), f.fetched.url, &body); err == nil {
			f.logDiff(h, body.String())
		}
	}
	return nil
}

// timeSum reports whether the checksum is a file time (mtime, ctime):
// content is then taken to be in sync when the file is not older than
// its source.
func (f *instance) timeSum() bool { return f.checksum == "mtime" || f.checksum == "ctime" }

// formatTime is a file's time as Puppet's time checksums show it, Ruby's
// Time#to_s: {mtime}2020-01-02 00:00:00 +0000.
func (f *instance) formatTime(st fs.FileInfo) string {
	t := st.ModTime()
	if f.checksum == "ctime" {
		sys := st.Sys().(*syscall.Stat_t)
		t = time.Unix(sys.Ctim.Sec, sys.Ctim.Nsec)
	}
	return "{" + f.checksum + "}" + t.Local().Format("2006-01-02 15:04:05 -0700")
}

// notOlder compares two time checksums as Puppet's date_matches? does,
// to the second: in sync when the file's time is not before the source's.
func notOlder(cur, want string) bool {
	if cur == want {
		return true
	}
	parse := func(s string) (time.Time, bool) {
		if i := strings.IndexByte(s, '}'); i >= 0 {
			s = s[i+1:]
		}
		t, err := time.Parse("2006-01-02 15:04:05 -0700", s)
		if err != nil {
			// An http source's Last-Modified: 2023-01-02 03:04:05 UTC.
			t, err = time.Parse("2006-01-02 15:04:05 MST", s)
		}
		return t, err == nil
	}
	c, ok1 := parse(cur)
	w, ok2 := parse(want)
	return ok1 && ok2 && !c.Before(w)
}

// readSource takes the desired state from the first source that exists,
// as Puppet does with links => manage: the source's kind becomes ensure
// (a directory makes a directory, a link a link to the same target, a
// FIFO or a socket a link named after its kind, as Puppet's ensure takes
// any other word for a link target), and a plain file gives the content.
// A device is refused. Nothing here waits on the source: it is never
// opened unless it is a plain file.
func (f *instance) readSource(ctx context.Context, h *resource.Handle) error {
	f.srcDir = false
	f.fetched = nil
	if f.ensure == "absent" {
		return nil
	}
	if f.rec != nil && f.rec.src != nil && len(f.sources) > 0 {
		// A generated child: its parent's listing saw the source entry.
		e := f.rec.src
		if f.permissions != "" {
			st, err := os.Lstat(f.sources[0])
			if f.follow {
				st, err = os.Stat(f.sources[0])
			}
			if err == nil {
				f.usePermissions(st)
			}
		}
		return f.fromSource(f.sources[0], f.sourceURI[0], e.kind, e.dest)
	}
	for i := range f.sources {
		if f.remote[i] != "" {
			found, err := f.host.fetch.metadata(ctx, fetchLog(h), f.remote[i], f.checksum)
			if err != nil {
				return fmt.Errorf("Could not retrieve file metadata for %s: %w", f.sourceURI[i], err)
			}
			if found == nil {
				continue
			}
			return f.fromRemote(found)
		}
		// A source must exist, through its links (a dangling link is a
		// missing source), but its own kind is what it gives, unless
		// links are followed.
		s := f.sourcePath(i, h)
		if s == "" {
			continue // a puppet: source not found in the modules
		}
		if _, err := os.Stat(s); err != nil {
			continue
		}
		st, err := os.Lstat(s)
		if f.follow {
			st, err = os.Stat(s)
		}
		if err != nil {
			continue
		}
		kind, dest := resource.FileType(st.Mode()), ""
		if kind == "link" {
			if dest, err = os.Readlink(s); err != nil {
				return err
			}
		}
		f.usePermissions(st)
		return f.fromSource(s, f.sourceURI[i], kind, dest)
	}
	return fmt.Errorf("Could not retrieve information from environment production source(s) %s", strings.Join(f.sourceURI, ", "))
}

// fromSource takes the desired state from the source at s, of kind (and
// for a link, pointing to dest).
func (f *instance) fromSource(s, uri, kind, dest string) error {
	switch kind {
	case "file":
		b, err := readRegular(s)
		if err != nil {
			return err
		}
		// Even under ensure => directory or link.
		f.ensure, f.hasData = "file", true
		f.content = string(b)
		if f.extras != noExtras {
			f.wantSum = "" // made from the content when needed
		}
		if f.timeSum() {
			st, err := os.Stat(s)
			if err != nil {
				return err
			}
			f.ownExtras().wantSum = f.formatTime(st)
		}
		f.props |= propContent // even under ensure => directory or link
	case "directory":
		// Without recursion a directory source only makes a directory.
		f.srcDir = true
		f.ensure = "directory"
	case "link":
		f.linkTo(dest)
	case "fifo", "socket":
		f.linkTo(kind)
	default:
		return fmt.Errorf("Could not retrieve file metadata for %s: Cannot manage files of type %s", uri, kind)
	}
	return nil
}

// linkTo makes the file a link to target, as a source that is not a plain
// file or a directory asks.
func (f *instance) linkTo(target string) {
	x := f.ownExtras()
	f.ensure, x.target, f.hasTarget = "link", target, true
	x.curLink = ""
	if f.curType == "link" {
		x.curLink, _ = os.Readlink(f.path)
	}
	f.props |= propTarget
}

// propSet is a set of a file's properties, a bit each, in the order
// Puppet syncs them; a source can add content or target to those
// declared, as it makes a file of another kind.
type propSet uint8

const (
	propEnsure propSet = 1 << iota
	propContent
	propChecksumValue // beside a source only
	propTarget
	propOwner
	propGroup
	propMode
)

// readRegular reads the plain file at p. It opens without waiting (a FIFO
// put there since the Lstat would block an open) and reads only a plain
// file.
func readRegular(p string) ([]byte, error) {
	fd, err := ignoringEINTR(func() (int, error) {
		return syscall.Open(p, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	})
	if err != nil {
		return nil, &fs.PathError{Op: "open", Path: p, Err: err}
	}
	fh := os.NewFile(uintptr(fd), p)
	defer fh.Close()
	st, err := fh.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, fmt.Errorf("Could not read %s: not a plain file", p)
	}
	return io.ReadAll(fh)
}

func (f *instance) Exists() bool { return f.curType != "absent" }

// Properties lists the managed properties in Puppet's order. The list is
// made for each call rather than kept by every file.
func (f *instance) Properties() []resource.Property {
	out := make([]resource.Property, 0, bits.OnesCount8(uint8(f.props)))
	if f.props&propEnsure != 0 {
		out = append(out, (*ensureProp)(f))
	}
	if f.props&propContent != 0 {
		out = append(out, (*contentProp)(f))
	}
	if f.props&propChecksumValue != 0 {
		out = append(out, (*checksumValueProp)(f))
	}
	if f.props&propTarget != 0 {
		out = append(out, (*targetProp)(f))
	}
	if f.props&propOwner != 0 {
		out = append(out, (*ownerProp)(f))
	}
	if f.props&propGroup != 0 {
		out = append(out, (*groupProp)(f))
	}
	if f.props&propMode != 0 {
		out = append(out, (*modeProp)(f))
	}
	return out
}

// currentSum is the checksum of the file as it was at Retrieve.
func (f *instance) currentSum() string {
	if f.curSum == "" && f.curType == "file" {
		f.ownExtras().curSum, _ = f.sumFile(f.path)
	}
	if f.curSum == "" {
		return "absent"
	}
	return f.curSum
}

// setErr wraps an error raised while syncing ensure the way Puppet
// reports it, with the declaration's location.
func (f *instance) setErr(should string, err error) error {
	var ve *validateError
	var re *idRangeError
	var ce *checksumError
	if errors.As(err, &ve) || errors.As(err, &re) || errors.As(err, &ce) {
		return err
	}
	cause := describe(err)
	msg := fmt.Sprintf("Could not set '%s' on ensure: %s", should, cause)
	if loc := f.decl.Location(); loc != "" {
		msg += " " + loc
	}
	return &resource.WrappedError{Msg: msg, Cause: errors.New(cause)}
}

// describe renders an OS error as Ruby's Errno messages read.
func describe(err error) string { return syserr.Describe(err) }

// rubyError words a system error as Ruby's message reads, as Puppet shows
// it; other errors are left as they are.
func rubyError(err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	if errors.As(err, &pe) || errors.As(err, &le) {
		return sysError(describe(err))
	}
	return err
}

func errnoText(err error) string { return syserr.Errno(err) }
