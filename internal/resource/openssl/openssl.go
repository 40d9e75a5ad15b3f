// Package openssl implements voxpupuli puppet-openssl's types: ssl_pkey
// (a private key), x509_request (a certificate signing request),
// x509_cert (a certificate, self-signed or signed by a CA), dhparam
// (Diffie-Hellman parameters) and cert_file (a certificate downloaded
// over http), managed as the module's providers manage them: keys made
// in process, as the module makes them with Ruby's OpenSSL library,
// requests, certificates and parameters with the real openssl command
// and the module's command lines, and each file's owner, group and mode
// as properties.
package openssl

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/file"
	"github.com/ordoproject/ordo/internal/resource/syscmd"
)

// NewTypes returns the module's types.
func NewTypes() []resource.Type {
	return []resource.Type{PkeyType{}, RequestType{}, CertType{}, DhparamType{}, CertFileType{}}
}

// absolute is the module's check of a path parameter.
func absolute(v catalog.Value) (catalog.Value, error) {
	s := catalog.Scalar(v)
	if !filepath.IsAbs(s) {
		return nil, fmt.Errorf("Path must be absolute: %s", s)
	}
	return v, nil
}

var (
	wordRE = lazyre.New(`^\w+$`)
	modeRE = lazyre.New(`^0\d\d\d$`)
	digits = lazyre.New(`\d+`)
)

// matching is a property's check: the value, as a string, must match re
// (Ruby's ^ and $ match at line ends, so a line of the value will do).
func matching(re *lazyre.Regexp, what string) resource.Check {
	return resource.CheckFunc("a "+what, func(v catalog.Value) (catalog.Value, error) {
		s := catalog.Scalar(v)
		for _, l := range strings.Split(s, "\n") {
			if re.MatchString(l) {
				return v, nil
			}
		}
		return nil, fmt.Errorf("%s is not a valid %s", s, what)
	})
}

// numeric is the check of newvalues(/\d+/): a value whose text holds a
// digit.
func numeric() resource.Check {
	return resource.CheckFunc("a number", func(v catalog.Value) (catalog.Value, error) {
		if digits.MatchString(catalog.Scalar(v)) {
			return v, nil
		}
		return nil, fmt.Errorf("Invalid value %s. Valid values match /\\d+/.", resource.Inspect(v))
	})
}

// fileAttrs are the owner, group and mode properties every type of the
// module has.
func fileAttrs() []resource.Attr {
	return []resource.Attr{
		{Name: "owner", Kind: resource.KindProperty, Doc: "The file's owner (a user name).", Check: matching(wordRE, "user name")},
		{Name: "group", Kind: resource.KindProperty, Doc: "The file's group (a group name).", Check: matching(wordRE, "group name")},
		{Name: "mode", Kind: resource.KindProperty, Doc: "The file's mode, four octal digits such as 0600.", Check: matching(modeRE, "file mode")},
	}
}

func ensureAttr() resource.Attr {
	return resource.Attr{Name: "ensure", Kind: resource.KindProperty, Doc: "present or absent; present when owner, group or mode is given and ensure is not.", Check: resource.Enum("present", "absent")}
}

func pathAttr(doc string) resource.Attr {
	return resource.Attr{Name: "path", Namevar: true, Doc: doc, Check: resource.CheckFunc("an absolute path", absolute)}
}

// perms is a file's owner, group and mode as the resource wants them;
// empty for those it does not manage.
type perms struct {
	owner, group, mode string
}

func permsOf(v resource.Values) perms {
	return perms{owner: v.String("owner"), group: v.String("group"), mode: v.String("mode")}
}

// ensureOf is the ensure the resource manages: its own, else present
// when it manages a file property (Puppet's default for a managed
// resource), else none.
func ensureOf(v resource.Values, p perms) string {
	if v.Has("ensure") {
		return v.String("ensure")
	}
	if p.owner != "" || p.group != "" || p.mode != "" {
		return "present"
	}
	return ""
}

// fileState is what the module's provider reads of a file: its owner's
// and group's names and its mode ("0644"), each "absent" when the file
// is not there.
type fileState struct {
	exists             bool
	owner, group, mode string
}

func readState(path string) (fileState, error) {
	st, err := os.Stat(path)
	if errors.Is(err, os.ErrNotExist) {
		return fileState{owner: "absent", group: "absent", mode: "absent"}, nil
	}
	if err != nil {
		return fileState{}, err
	}
	s := fileState{exists: true, mode: fmt.Sprintf("0%o", unixMode(st))}
	if sys, ok := st.Sys().(*syscall.Stat_t); ok {
		uid := strconv.FormatUint(uint64(sys.Uid), 10)
		gid := strconv.FormatUint(uint64(sys.Gid), 10)
		s.owner, s.group = uid, gid
		if u, err := user.LookupId(uid); err == nil {
			s.owner = u.Username
		}
		if g, err := user.LookupGroupId(gid); err == nil {
			s.group = g.Name
		}
	}
	return s, nil
}

// unixMode is a file's permission bits with setuid, setgid and sticky,
// as stat's st_mode & 07777.
func unixMode(st os.FileInfo) uint32 {
	if sys, ok := st.Sys().(*syscall.Stat_t); ok {
		return sys.Mode & 0o7777
	}
	return uint32(st.Mode().Perm())
}

// uidOf and gidOf are Puppet's uid and gid helpers: a number, or the id
// of the account named; -1 (no change) for a name no account has, as
// the module's chown then changes nothing.
func uidOf(name string) int {
	if n, err := strconv.Atoi(name); err == nil {
		return n
	}
	u, err := user.Lookup(name)
	if err != nil {
		return -1
	}
	n, _ := strconv.Atoi(u.Uid)
	return n
}

func gidOf(name string) int {
	if n, err := strconv.Atoi(name); err == nil {
		return n
	}
	g, err := user.LookupGroup(name)
	if err != nil {
		return -1
	}
	n, _ := strconv.Atoi(g.Gid)
	return n
}

// parseMode reads a mode property's value, octal as the module reads it.
func parseMode(s string) (os.FileMode, error) {
	n, err := strconv.ParseUint(s, 8, 32)
	if err != nil {
		return 0, fmt.Errorf("invalid value for Integer(): %q", "0"+s)
	}
	m := os.FileMode(n & 0o777)
	if n&0o4000 != 0 {
		m |= os.ModeSetuid
	}
	if n&0o2000 != 0 {
		m |= os.ModeSetgid
	}
	if n&0o1000 != 0 {
		m |= os.ModeSticky
	}
	return m, nil
}

// setPerms is the module's set_file_perm: the owner, group and mode the
// resource gives, after the file was made.
func setPerms(path string, p perms) error {
	if p.owner != "" {
		if err := os.Chown(path, uidOf(p.owner), -1); err != nil {
			return err
		}
	}
	if p.group != "" {
		if err := os.Chown(path, -1, gidOf(p.group)); err != nil {
			return err
		}
	}
	if p.mode != "" {
		m, err := parseMode(p.mode)
		if err != nil {
			return err
		}
		return os.Chmod(path, m)
	}
	return nil
}

// permProp is the owner, group or mode property of a file the module's
// types make.
type permProp struct {
	name, want string
	path       string
	state      *fileState
}

func (p permProp) Name() string { return p.name }

func (p permProp) Current() catalog.Value {
	switch p.name {
	case "owner":
		return p.state.owner
	case "group":
		return p.state.group
	}
	return p.state.mode
}

func (p permProp) Desired() catalog.Value { return p.want }
func (p permProp) InSync() bool           { return p.Current() == p.want }

func (p permProp) Message() string {
	return fmt.Sprintf("%s changed '%s' to '%s'", p.name, p.Current(), p.want)
}

func (p permProp) Event() string { return p.name + "_changed" }

func (p permProp) Sync(context.Context, *resource.Handle) error {
	switch p.name {
	case "owner":
		if err := os.Chown(p.path, uidOf(p.want), -1); err != nil {
			return fmt.Errorf("Failed to set owner to '%s': %v", p.want, err)
		}
		return nil
	case "group":
		if err := os.Chown(p.path, -1, gidOf(p.want)); err != nil {
			return fmt.Errorf("Failed to set group to '%s': %v", p.want, err)
		}
		return nil
	}
	m, err := parseMode(p.want)
	if err != nil {
		return err
	}
	return os.Chmod(p.path, m)
}

// permProps are the file properties the resource manages, in the
// module's order.
func permProps(path string, p perms, st *fileState) []resource.Property {
	var ps []resource.Property
	for _, x := range [][2]string{{"owner", p.owner}, {"group", p.group}, {"mode", p.mode}} {
		if x[1] != "" {
			ps = append(ps, permProp{name: x[0], want: x[1], path: path, state: st})
		}
	}
	return ps
}

// removeFile is the module's destroy.
func removeFile(path string) error { return os.Remove(path) }

// opensslPath is the openssl command the providers run, found on PATH
// as Puppet's commands declaration finds it.
func opensslPath() string {
	if p := syscmd.SearchPath("openssl"); p != "" {
		return p
	}
	return "openssl"
}

// runOpenssl runs openssl with args (its output and errors combined),
// logged and failing as the module's execute does; password, when set,
// is in the environment as CERTIFICATE_PASSIN.
func runOpenssl(ctx context.Context, h *resource.Handle, args []string, password string, hasPassword bool) error {
	argv := append([]string{opensslPath()}, args...)
	var o syscmd.Options
	if hasPassword {
		o.Env = []string{"CERTIFICATE_PASSIN=" + password}
	}
	_, err := syscmd.Exec(ctx, h, argv, o)
	return err
}

// autoFiles returns the File resources of the catalog at paths, in
// order, for the types' autorequires.
func autoFiles(c *catalog.Catalog, paths ...string) []catalog.Ref {
	var refs []catalog.Ref
	for _, p := range paths {
		if p == "" {
			continue
		}
		if ref, ok := file.Find(c, p); ok {
			refs = append(refs, ref)
		}
	}
	return refs
}

// sibling is the module's default for a file beside path: the same
// folder and name, with ext in place of path's extension.
func sibling(path, ext string) string {
	base := filepath.Base(path)
	base = strings.TrimSuffix(base, filepath.Ext(base))
	return filepath.Join(filepath.Dir(path), base+ext)
}

// secret is a password parameter's value.
func secret(v resource.Values, name string) (string, bool) {
	if !v.Has(name) {
		return "", false
	}
	return catalog.Scalar(resource.Unsensitive(v.Get(name))), true
}
