// Package file implements the file type: plain files with content or a
// local source, directories, symbolic links and absence, with owner,
// group and mode. Content is written atomically: a new file is written
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
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// Type is the file resource type. The instances one Type makes share its
// account lookups; NewType makes one. The zero Type works too, with
// lookups that each instance makes afresh.
type Type struct{ host *host }

// NewType returns a file type whose instances share their lookups.
func NewType() Type { return Type{host: newHost()} }

// Name returns "file".
func (Type) Name() string { return "file" }

// Attributes lists file's attributes; properties in Puppet's sync order.
func (Type) Attributes() []resource.Attribute {
	attrs := []resource.Attribute{{Name: "path", Namevar: true}}
	for _, p := range []string{"ensure", "content", "target", "owner", "group", "mode", "checksum_value", "type", "seluser", "selrole", "seltype", "selrange", "ctime", "mtime"} {
		attrs = append(attrs, resource.Attribute{Name: p, Property: true})
	}
	for _, p := range []string{"backup", "recurse", "recurselimit", "max_files", "replace", "force", "ignore", "links", "purge", "sourceselect", "show_diff", "validate_cmd", "validate_replacement", "checksum", "source", "source_permissions", "selinux_ignore_defaults", "staging_location", "provider"} {
		attrs = append(attrs, resource.Attribute{Name: p})
	}
	return attrs
}

// instance manages one file. Its properties are built once in New so a
// converged run allocates little.
type instance struct {
	host *host
	path string
	ref  catalog.Ref
	decl *catalog.Resource // the declaration, for the location in errors

	ensure    string // "", absent, present, file, directory, link
	content   []byte
	hasData   bool // content or source manages the content
	sensitive bool
	sources   []string // local paths
	sourceURI []string // as written, for messages
	target    string
	hasTarget bool
	mode      *modeSpec
	owner     string
	group     string
	replace   bool
	force     bool
	backup    string // "" for none, ".suffix", or a bucket name
	showDiff  bool
	checksum  string

	validateCmd  string // validate_cmd, "" for none
	validateRepl string // validate_replacement, "%" by default
	staging      string // staging_location, "" for the file's directory

	props []resource.Property

	// ensureFromSource: ensure was not given and follows the source's
	// kind (a directory source makes a directory).
	ensureFromSource bool
	srcDir           bool

	// state from Retrieve
	st        fs.FileInfo // nil when absent
	curType   string      // "absent", "file", "directory", "link", ...
	curLink   string
	wantSum   string // desired content checksum
	curSum    string // current content checksum, "" until computed
	contentOK bool

	// disk is what is at path now, as far as this instance knows: Retrieve's
	// Lstat until something is changed there (as Puppet keeps its stat
	// until it changes the file). It is separate from st, which the change
	// messages read.
	disk      fs.FileInfo
	diskKnown bool

	pre prefetchState // prefetch.go
}

func unwrap(v catalog.Value) (catalog.Value, bool) {
	if s, ok := v.(catalog.Sensitive); ok {
		return s.Value, true
	}
	return v, false
}

// New validates r and returns its instance.
func (t Type) New(r *catalog.Resource) (resource.Instance, error) {
	ref := r.Ref()
	h := t.host
	if h == nil {
		h = newHost()
	}
	f := &instance{host: h, ref: ref, decl: r, replace: true, showDiff: true, checksum: "sha256", validateRepl: "%"}
	fail := func(param, format string, args ...any) error {
		return &resource.ParamError{Ref: ref, Param: param, Msg: fmt.Sprintf(format, args...)}
	}
	p := r.Title
	if v, ok := r.Get("path"); ok && v != nil {
		p = catalog.Scalar(v)
	}
	if !filepath.IsAbs(p) {
		return nil, fail("path", "File paths must be fully qualified, not '%s'", p)
	}
	f.path = filepath.Clean(p)
	var content catalog.Value
	hasContent := false
	for _, prm := range r.Params {
		v, sens := unwrap(prm.Value)
		if v == nil {
			continue
		}
		switch prm.Name {
		case "ensure":
			s := catalog.Scalar(v)
			switch s {
			case "absent", "false":
				f.ensure = "absent"
			case "present", "file", "directory", "link":
				f.ensure = s
			default:
				f.ensure = "link"
				f.target, f.hasTarget = s, true
			}
		case "content":
			content, hasContent = v, true
			f.sensitive = f.sensitive || sens || r.IsSensitive("content")
		case "source":
			for _, s := range catalog.Strings(v) {
				local, err := localSource(s)
				if err != nil {
					return nil, fail("source", "%v", err)
				}
				f.sources = append(f.sources, local)
				f.sourceURI = append(f.sourceURI, "file://"+local)
			}
		case "target":
			if f.ensure == "link" && f.hasTarget {
				break
			}
			f.target, f.hasTarget = catalog.Scalar(v), true
		case "mode":
			s, ok := v.(string)
			if !ok {
				return nil, fail("mode", "The file mode specification must be a string, not '%s'", resource.RubyClass(v))
			}
			if !validMode(s) {
				return nil, fail("mode", "The file mode specification is invalid: %s", strconv.Quote(s))
			}
			m := parseMode(s)
			f.mode = &m
		case "owner":
			f.owner = catalog.Scalar(v)
		case "group":
			f.group = catalog.Scalar(v)
		case "replace":
			b, ok := yesno(v)
			if !ok {
				return nil, fail("replace", "Invalid value %s. Valid values are true, false, yes, no.", resource.Inspect(v))
			}
			f.replace = b
		case "force":
			b, ok := yesno(v)
			if !ok {
				return nil, fail("force", "Invalid value %s. Valid values are true, false, yes, no.", resource.Inspect(v))
			}
			f.force = b
		case "show_diff":
			b, ok := yesno(v)
			if !ok {
				return nil, fail("show_diff", "Invalid value %s. Valid values are true, false, yes, no.", resource.Inspect(v))
			}
			f.showDiff = b
		case "backup":
			if l, ok := v.([]catalog.Value); ok && len(l) > 0 {
				v = l[0]
			}
			switch v {
			case false, "false":
				f.backup = ""
			case true, "true":
				f.backup = ".puppet-bak"
			default:
				s, ok := v.(string)
				if !ok {
					return nil, fail("backup", "Invalid backup type %s", resource.Inspect(v))
				}
				f.backup = s
			}
		case "checksum":
			switch s := catalog.Scalar(v); s {
			case "md5", "sha1", "sha224", "sha256", "sha384", "sha512":
				f.checksum = s
			}
		case "validate_cmd":
			f.validateCmd = catalog.Scalar(v)
		case "validate_replacement":
			f.validateRepl = catalog.Scalar(v)
		case "staging_location":
			s := catalog.Scalar(v)
			if !filepath.IsAbs(s) {
				return nil, fail("staging_location", "File paths must be fully qualified, not '%s'", s)
			}
			f.staging = filepath.Clean(s)
		case "links":
			if s := catalog.Scalar(v); s == "follow" {
				return nil, fail("links", "links => follow is not supported by ordo")
			}
		case "recurse":
			if b, ok := yesno(v); !ok || b {
				if s := catalog.Scalar(v); s != "false" && s != "no" {
					return nil, fail("recurse", "recursive file management is not supported by ordo")
				}
			}
		}
	}
	creators := 0
	if hasContent {
		creators++
	}
	if len(f.sources) > 0 {
		creators++
	}
	if f.hasTarget && (f.ensure == "" || f.ensure == "link") {
		creators++
	}
	if creators > 1 {
		return nil, fmt.Errorf("Validation of %s failed: You cannot specify more than one of content, source, target", ref)
	}
	if hasContent {
		switch x := content.(type) {
		case string:
			f.content = []byte(x)
		case *catalog.Rich:
			if x.PType != "Binary" {
				return nil, fail("content", "unsupported content value %s", catalog.Scalar(x))
			}
			b, err := binaryValue(x)
			if err != nil {
				return nil, fail("content", "%v", err)
			}
			f.content = b
		default:
			f.content = []byte(catalog.Scalar(x))
		}
		f.hasData = true
		f.wantSum = f.sum(f.content)
	}
	if len(f.sources) > 0 {
		f.hasData = true
	}
	if f.ensure == "" {
		switch {
		case f.hasTarget:
			f.ensure = "link"
		case hasContent || len(f.sources) > 0:
			f.ensure = "file"
			f.ensureFromSource = !hasContent
		}
	}
	if f.ensure == "directory" || f.ensure == "link" || f.ensure == "absent" {
		// Content applies to plain files only.
		f.hasData = f.hasData && f.ensure != "link" && f.ensure != "absent"
		if f.ensure == "directory" {
			f.hasData = false
		}
	}
	if f.ensure != "" {
		f.props = append(f.props, (*ensureProp)(f))
	}
	if f.hasData {
		f.props = append(f.props, (*contentProp)(f))
	}
	if f.hasTarget && f.ensure == "link" {
		f.props = append(f.props, (*targetProp)(f))
	}
	if f.owner != "" {
		f.props = append(f.props, (*ownerProp)(f))
	}
	if f.group != "" {
		f.props = append(f.props, (*groupProp)(f))
	}
	if f.mode != nil {
		f.props = append(f.props, (*modeProp)(f))
	}
	return f, nil
}

func binaryValue(x *catalog.Rich) ([]byte, error) {
	if x.Data == nil {
		return nil, errors.New("empty Binary value")
	}
	v, _ := x.Data.Get("__pvalue")
	s, _ := v.(string)
	return base64Decode(s)
}

func yesno(v catalog.Value) (bool, bool) {
	switch v {
	case true, "true", "yes":
		return true, true
	case false, "false", "no":
		return false, true
	}
	return false, false
}

// localSource turns a source into a local path; puppet:// sources need a
// server ordo does not talk to.
func localSource(s string) (string, error) {
	switch {
	case strings.HasPrefix(s, "/"):
		return filepath.Clean(s), nil
	case strings.HasPrefix(s, "file:"):
		u, err := url.Parse(s)
		if err != nil || u.Path == "" {
			return "", fmt.Errorf("Could not understand source %s", s)
		}
		return filepath.Clean(u.Path), nil
	case strings.HasPrefix(s, "puppet:"):
		return "", fmt.Errorf("Cannot use source %s: puppet:// sources need a Puppet server, which ordo does not use; use a local path or a file:// URL", s)
	}
	return "", fmt.Errorf("Cannot use relative URLs '%s'", s)
}

func (f *instance) newHash() hash.Hash {
	switch f.checksum {
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

func (f *instance) sum(b []byte) string {
	h := f.newHash()
	h.Write(b)
	return f.format(h)
}

func (f *instance) format(h hash.Hash) string {
	var buf [64]byte
	s := h.Sum(buf[:0])
	return "{" + f.checksum + "}" + hex.EncodeToString(s)
}

var bufPool = sync.Pool{New: func() any { b := make([]byte, 32<<10); return &b }}

// sumFile returns the checksum of the file at p.
func (f *instance) sumFile(p string) (string, error) {
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

// sumFD is the checksum of what is left to read from fd.
func (f *instance) sumFD(fd int) (string, error) {
	h := f.newHash()
	bp := bufPool.Get().(*[]byte)
	defer bufPool.Put(bp)
	buf := *bp
	for {
		n, err := ignoringEINTR(func() (int, error) { return syscall.Read(fd, buf) })
		if err != nil {
			return "", err
		}
		if n == 0 {
			break
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
	st, err := f.onDisk()
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
// missing), from the last Lstat unless the instance changed the path since.
func (f *instance) onDisk() (fs.FileInfo, error) {
	if !f.diskKnown {
		st, err := os.Lstat(f.path)
		if err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, syscall.ENOTDIR) {
			return nil, err
		}
		f.disk, f.diskKnown = st, true
	}
	return f.disk, nil
}

// changed records that the path was changed: the next onDisk reads it.
func (f *instance) changed() { f.disk, f.diskKnown = nil, false }

// Retrieve reads the file's state: one Lstat, and the content checksum
// only when content is managed and the sizes match.
func (f *instance) Retrieve(ctx context.Context, h *resource.Handle) error {
	f.pre.reached.Store(true)
	if err := f.stat(h); err != nil {
		return err
	}
	f.curSum, f.curLink, f.contentOK = "", "", false
	if f.curType == "link" && f.hasTarget {
		f.curLink, _ = os.Readlink(f.path)
	}
	if len(f.sources) > 0 {
		if err := f.readSource(); err != nil {
			return err
		}
	}
	if f.hasData && f.curType == "file" && f.st.Size() == int64(len(f.content)) {
		sum, ok := f.takePrefetched()
		if !ok {
			var err error
			if sum, err = f.sumFile(f.path); err != nil {
				return err
			}
		}
		f.curSum = sum
		f.contentOK = sum == f.wantSum
	}
	if f.hasData && f.ensure == "present" && f.curType == "directory" {
		h.Logf(resource.Warning, "Ensure set to :present but file type is directory so no content will be synced")
	}
	if h != nil && h.ShowDiff && f.showDiff && f.hasData && f.curType == "file" && !f.contentOK {
		if len(f.props) > 0 && f.props[0].Name() == "ensure" && !f.props[0].InSync() {
			return nil
		}
		if (*contentProp)(f).InSync() {
			return nil
		}
		f.logDiff(h)
	}
	return nil
}

// readSource takes the desired state from the first source that exists,
// as Puppet does with links => manage: the source's kind becomes ensure
// (a directory makes a directory, a link a link to the same target, a
// FIFO or a socket a link named after its kind, as Puppet's ensure takes
// any other word for a link target), and a plain file gives the content.
// A device is refused. Nothing here waits on the source: it is never
// opened unless it is a plain file.
func (f *instance) readSource() error {
	f.srcDir = false
	if f.ensure == "absent" {
		return nil
	}
	for i, s := range f.sources {
		st, err := os.Lstat(s)
		if err != nil {
			continue
		}
		switch kind := resource.FileType(st.Mode()); kind {
		case "file":
			b, err := readRegular(s)
			if err != nil {
				return err
			}
			f.ensure = "file"
			f.content = b
			f.wantSum = f.sum(b)
		case "directory":
			// Without recursion a directory source only makes a directory.
			f.srcDir = true
			f.ensure = "directory"
		case "link":
			dest, err := os.Readlink(s)
			if err != nil {
				return err
			}
			f.linkTo(dest)
		case "fifo", "socket":
			f.linkTo(kind)
		default:
			return fmt.Errorf("Could not retrieve file metadata for %s: Cannot manage files of type %s", f.sourceURI[i], kind)
		}
		return nil
	}
	return fmt.Errorf("Could not retrieve information from environment production source(s) %s", strings.Join(f.sourceURI, ", "))
}

// linkTo makes the file a link to target, as a source that is not a plain
// file or a directory asks.
func (f *instance) linkTo(target string) {
	f.ensure, f.target, f.hasTarget = "link", target, true
	f.curLink = ""
	if f.curType == "link" {
		f.curLink, _ = os.Readlink(f.path)
	}
	for _, p := range f.props {
		if p.Name() == "target" {
			return
		}
	}
	at := 0
	if len(f.props) > 0 && f.props[0].Name() == "ensure" {
		at = 1
	}
	f.props = append(f.props[:at], append([]resource.Property{(*targetProp)(f)}, f.props[at:]...)...)
}

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

func (f *instance) Exists() bool                    { return f.curType != "absent" }
func (f *instance) Properties() []resource.Property { return f.props }

// currentSum is the checksum of the file as it was at Retrieve.
func (f *instance) currentSum() string {
	if f.curSum == "" && f.curType == "file" {
		f.curSum, _ = f.sumFile(f.path)
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
	if errors.As(err, &ve) {
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
func describe(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return errnoText(pe.Err) + " @ " + rubyFunc(pe.Op) + " - " + pe.Path
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return errnoText(le.Err) + " @ rb_file_s_" + strings.ToLower(le.Op) + " - (" + le.Old + ", " + le.New + ")"
	}
	return err.Error()
}

// rubyFunc names the Ruby function whose failure Ruby's message names for
// a system call.
func rubyFunc(op string) string {
	switch op {
	case "lstat":
		return "rb_file_s_lstat"
	case "stat":
		return "rb_file_s_stat"
	case "readlink":
		return "rb_readlink"
	case "mkdir":
		return "dir_s_mkdir"
	case "write":
		return "io_write"
	case "remove", "unlink", "chmod", "chown", "lchown":
		// File.unlink, File.chmod, File.lchown
		return "apply2files"
	}
	return "rb_sysopen"
}

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

func errnoText(err error) string {
	var en syscall.Errno
	if errors.As(err, &en) {
		s := en.Error()
		return strings.ToUpper(s[:1]) + s[1:]
	}
	return err.Error()
}
