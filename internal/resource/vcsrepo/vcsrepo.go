// Package vcsrepo implements puppetlabs-vcsrepo's vcsrepo type (7.0.0)
// with its git provider: a repository at a path kept present (a working
// copy), bare, a mirror, at the latest revision of its branch, or absent,
// cloned from one source or several remotes, at a revision (branch, tag
// or commit). It drives the git command as the module's provider does,
// one command after another in the same order, so that the commands
// logged and the repositories left are Puppet's.
//
// The module's other providers (hg, svn, bzr, cvs, p4) are not
// implemented: a resource naming one fails as one whose provider is not
// functional on the host; one naming none gets the module's dummy
// default provider, which fails it with the module's message.
package vcsrepo

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
)

// Type is the vcsrepo resource type.
type Type struct{}

var trueFalse = resource.Enum("true", "false")

var schema = resource.NewSchema(resource.Schema{
	Name: "vcsrepo",
	Doc:  "A local version control repository (puppetlabs-vcsrepo); ordo manages git repositories.",
	Attrs: []resource.Attr{
		{Name: "ensure", Kind: resource.KindProperty, Doc: "What the repository is: present (a working copy), bare, mirror, latest (a working copy at the newest revision of its branch) or absent.",
			Check: resource.Enum("present", "bare", "mirror", "absent", "latest")},
		{Name: "path", Namevar: true, Doc: "The repository's absolute path.", Check: resource.AbsPathCheck{Msg: "Path must be absolute: %s"}},
		{Name: "source", Kind: resource.KindProperty, Arrays: resource.Whole, Doc: "The URL or path cloned from, or a hash of remote names to URLs."},
		{Name: "fstype", Feature: "filesystem_types", Doc: "Filesystem type (not used by git)."},
		{Name: "revision", Kind: resource.KindProperty, Doc: "The branch, tag or commit checked out.",
			Check: &resource.EnumCheck{Patterns: []resource.Pattern{lazyre.New(`^\S+$`)}}},
		{Name: "owner", Doc: "The user (name or id) the repository's files are given to."},
		{Name: "group", Doc: "The group (name or id) the repository's files are given to."},
		{Name: "user", Doc: "The user git runs as."},
		{Name: "excludes", Doc: "Paths written to .git/info/exclude (and left alone by owner and group)."},
		{Name: "includes", Kind: resource.KindProperty, Feature: "include_paths", Arrays: resource.EachAll, Doc: "Paths checked out (a sparse checkout).",
			Check: resource.CheckFunc("a relative path", checkInclude)},
		{Name: "force", Default: false, Doc: "Remove what is at path when it is not the repository wanted.", Check: resource.YesNo()},
		{Name: "compression", Feature: "gzip_compression", Doc: "Compression level (not used by git)."},
		{Name: "basic_auth_username", Feature: "basic_auth", Doc: "HTTP basic authentication user name (not used by git)."},
		{Name: "basic_auth_password", Feature: "basic_auth", Doc: "HTTP basic authentication password (not used by git)."},
		{Name: "identity", Feature: "ssh_identity", Doc: "The SSH private key git uses."},
		{Name: "module", Kind: resource.KindProperty, Feature: "modules", Doc: "The repository module (not used by git)."},
		{Name: "remote", Default: "origin", Feature: "multiple_remotes", Doc: "The remote tracked."},
		{Name: "configuration", Feature: "configuration", Doc: "The configuration folder (not used by git)."},
		{Name: "cvs_rsh", Feature: "cvs_rsh", Doc: "CVS_RSH (not used by git)."},
		{Name: "depth", Feature: "depth", Doc: "Clone only this many commits."},
		{Name: "branch", Feature: "branch", Doc: "The branch cloned."},
		{Name: "p4config", Feature: "p4config", Doc: "P4CONFIG (not used by git)."},
		{Name: "submodules", Default: "true", Feature: "submodules", Doc: "Initialize and update the submodules.", Check: trueFalse},
		{Name: "conflict", Doc: "What to do on conflicts (not used by git)."},
		{Name: "trust_server_cert", Default: "false", Doc: "Do not verify the server's certificate (http.sslVerify=false).", Check: trueFalse},
		{Name: "keep_local_changes", Default: "false", Doc: "Stash local changes before a checkout and restore them after.", Check: trueFalse},
		{Name: "safe_directory", Default: "false", Feature: "safe_directory", Doc: "Add the path to git's safe.directory list (system-wide) when owner is not user.", Check: trueFalse},
		{Name: "skip_hooks", Kind: resource.KindProperty, Feature: "hooks_allowed", Doc: "Skip the hooks of the repository (core.hooksPath=/dev/null).", Check: trueFalse},
		{Name: "umask", Feature: "umask", Doc: "The umask git runs with.", Check: resource.CheckFunc("an octal umask", checkUmask)},
		{Name: "http_proxy", Feature: "http_proxy", Doc: "The HTTP(S) proxy for remote access, or a hash of remote names to proxies.", Arrays: resource.Whole, Check: resource.CheckFunc("an http(s) URL", checkProxy)},
		{Name: "tmpdir", Feature: "tmpdir", Doc: "The temporary folder for wrapper scripts."},
	},
	Features: []resource.Feature{
		{Name: "gzip_compression", Doc: "Explicit GZip compression levels."},
		{Name: "basic_auth", Doc: "HTTP basic authentication."},
		{Name: "bare_repositories", Doc: "Bare repositories apart from working copies."},
		{Name: "filesystem_types", Doc: "Filesystem types."},
		{Name: "reference_tracking", Doc: "Revisions that move (branches)."},
		{Name: "ssh_identity", Doc: "An SSH identity file."},
		{Name: "user", Doc: "Runs as another user."},
		{Name: "modules", Doc: "Modules of the repository."},
		{Name: "multiple_remotes", Doc: "Several remotes."},
		{Name: "configuration", Doc: "A configuration folder."},
		{Name: "cvs_rsh", Doc: "CVS_RSH."},
		{Name: "depth", Doc: "Shallow clones."},
		{Name: "branch", Doc: "The branch cloned."},
		{Name: "p4config", Doc: "Perforce configuration."},
		{Name: "submodules", Doc: "Submodules."},
		{Name: "conflict", Doc: "Conflict resolution."},
		{Name: "include_paths", Doc: "Checking out some paths only."},
		{Name: "keep_local_changes", Doc: "Keeping local changes across checkouts."},
		{Name: "safe_directory", Doc: "git's safe.directory."},
		{Name: "hooks_allowed", Doc: "Skipping hooks."},
		{Name: "umask", Doc: "A umask."},
		{Name: "http_proxy", Doc: "An HTTP(S) proxy."},
		{Name: "tmpdir", Doc: "A temporary folder."},
	},
	Providers: []resource.Provider{
		{Name: "bzr", Doc: "Bazaar (not implemented by ordo).", Unimplemented: true, Features: []string{"reference_tracking"}},
		{Name: "cvs", Doc: "CVS (not implemented by ordo).", Unimplemented: true, Features: []string{"gzip_compression", "reference_tracking", "modules", "cvs_rsh", "user"}},
		{Name: "dummy", Default: true, Doc: "The module's default: fails every resource, which must name a provider."},
		{Name: "git", Doc: "Git repositories, with the git command.", Features: []string{"bare_repositories", "reference_tracking", "ssh_identity", "multiple_remotes",
			"user", "depth", "branch", "submodules", "safe_directory", "hooks_allowed", "umask", "http_proxy", "tmpdir", "include_paths"}},
		{Name: "hg", Doc: "Mercurial (not implemented by ordo).", Unimplemented: true, Features: []string{"reference_tracking", "ssh_identity", "user", "basic_auth"}},
		{Name: "p4", Doc: "Perforce (not implemented by ordo).", Unimplemented: true, Features: []string{"filesystem_types", "reference_tracking", "p4config"}},
		{Name: "svn", Doc: "Subversion (not implemented by ordo).", Unimplemented: true, Features: []string{"filesystem_types", "reference_tracking", "basic_auth", "configuration", "conflict", "depth", "include_paths"}},
	},
})

func checkInclude(v catalog.Value) (catalog.Value, error) {
	s, ok := v.(string)
	if !ok {
		return v, nil
	}
	if strings.HasPrefix(s, "/") {
		return nil, fmt.Errorf("Include path '%s' starts with a '/'; remove it", s)
	}
	return v, nil
}

var umaskPattern = lazyre.New(`^0?[0-7]{1,4}$`)

func checkUmask(v catalog.Value) (catalog.Value, error) {
	if !umaskPattern.MatchString(catalog.Scalar(v)) {
		return nil, fmt.Errorf("The umask specification is invalid: %s", resource.Inspect(v))
	}
	return v, nil
}

var proxyPattern = lazyre.New(`^https?://\S+$`)

func checkProxy(v catalog.Value) (catalog.Value, error) {
	if h, ok := v.(*catalog.Hash); ok {
		for _, k := range h.Keys() {
			x, _ := h.Get(k)
			if !proxyPattern.MatchString(catalog.Scalar(x)) {
				return nil, fmt.Errorf("HTTP Proxy for %s must be an HTTP/HTTPS URL: %s", catalog.Scalar(k), catalog.Scalar(x))
			}
		}
		return v, nil
	}
	if !proxyPattern.MatchString(catalog.Scalar(v)) {
		return nil, fmt.Errorf("HTTP Proxy must be an HTTP/HTTPS URL: %s", catalog.Scalar(v))
	}
	return v, nil
}

// Schema returns vcsrepo's schema.
func (Type) Schema() *resource.Schema { return schema }

// AutoRequire returns the packages of the version control tools, as the
// module's type autorequires them.
func (Type) AutoRequire(r *catalog.Resource, c *catalog.Catalog) []catalog.Ref {
	var out []catalog.Ref
	for _, p := range []string{"git", "git-core", "mercurial", "subversion"} {
		out = append(out, catalog.Ref{Type: "Package", Title: p})
	}
	return out
}

// New returns the instance that manages the repository v describes.
func (Type) New(v resource.Values) (resource.Instance, error) {
	p := v.Provider()
	if p == nil || p.Name != "git" {
		return dummy{}, nil
	}
	g := &git{
		dropped:      v.Dropped(p),
		path:         v.String("path"),
		remote:       v.String("remote"),
		force:        v.Bool("force"),
		submodules:   v.String("submodules") == "true",
		trustCert:    v.String("trust_server_cert") == "true",
		keepLocal:    v.String("keep_local_changes") == "true",
		user:         v.String("user"),
		owner:        v.String("owner"),
		group:        v.String("group"),
		identity:     v.String("identity"),
		depth:        v.String("depth"),
		branch:       v.String("branch"),
		revision:     v.String("revision"),
		hasRevision:  v.Has("revision"),
		ensure:       v.String("ensure"),
		hasEnsure:    v.Has("ensure"),
		location:     v.Resource().Location(),
		ref:          v.Ref().String(),
		hasExcludes:  v.Has("excludes"),
		excludes:     v.Strings("excludes"),
		hasIncludes:  v.Has("includes"),
		includes:     v.Strings("includes"),
		hasSkipHooks: v.Has("skip_hooks"),
		skipHooks:    v.String("skip_hooks"),
	}
	if g.remote == "" {
		g.remote = "origin"
	}
	if !g.hasEnsure && (v.Has("source") || g.hasRevision || g.hasIncludes || g.hasSkipHooks) {
		// A resource that manages properties is ensured present, as
		// Puppet ensures a managed resource of an ensurable type.
		g.ensure, g.hasEnsure = present, true
	}
	if x, ok := v.Lookup("safe_directory"); ok {
		g.safeDirSet = true
		g.safeDir = catalog.Scalar(x) == "true"
	}
	if v.Has("umask") {
		var m int
		fmt.Sscanf(v.String("umask"), "%o", &m)
		g.umask = &m
	}
	if x, ok := v.Lookup("source"); ok {
		g.hasSource = true
		switch s := x.(type) {
		case *catalog.Hash:
			g.sourceHash = map[string]string{}
			for _, k := range s.Keys() {
				val, _ := s.Get(k)
				g.sourceHash[catalog.Scalar(k)] = catalog.Scalar(val)
				g.sourceKeys = append(g.sourceKeys, catalog.Scalar(k))
			}
		default:
			g.source = catalog.Scalar(x)
		}
	}
	if x, ok := v.Lookup("http_proxy"); ok {
		switch s := x.(type) {
		case *catalog.Hash:
			for _, k := range s.Keys() {
				val, _ := s.Get(k)
				g.proxies = append(g.proxies, [2]string{catalog.Scalar(k), catalog.Scalar(val)})
			}
		default:
			g.proxy = catalog.Scalar(x)
		}
	}
	return &instance{g: g}, nil
}

// dummy is the module's default provider: it cannot manage anything.
type dummy struct{}

func (dummy) Retrieve(context.Context, *resource.Handle) error {
	return errors.New("vcsrepo resource must have a provider, available: bzr, cvs, git, hg, p4, svn")
}
func (dummy) Exists() bool                    { return false }
func (dummy) Properties() []resource.Property { return nil }

// Repository states, as the ensure property names them.
const (
	absent  = "absent"
	present = "present"
	bare    = "bare"
	mirror  = "mirror"
	latest  = "latest"
)

// instance manages one repository.
type instance struct {
	g *git
	// What Retrieve read: the repository's state and, when it exists,
	// its source and revision.
	state     string
	curSource any // string or map[string]string
	curRev    string
	curHooks  string
	curIncl   []string
	inclNil   bool
}

// Retrieve reads the repository's state as the module's type does:
// ensure first (which for latest asks the remote for its newest
// revision), then, unless the repository is absent, each managed
// property in the type's order.
func (in *instance) Retrieve(ctx context.Context, h *resource.Handle) error {
	g := in.g
	g.ctx, g.h = ctx, h
	defer func() { g.ctx, g.h = nil, nil }()
	for _, d := range g.dropped {
		h.Logf(resource.Debug, "%s", d)
	}
	st, err := g.retrieveEnsure()
	if err != nil {
		return err
	}
	in.state = st
	if st == absent {
		return nil
	}
	if g.hasSource {
		if in.curSource, err = g.currentSource(); err != nil {
			return err
		}
	}
	if g.hasRevision {
		if in.curRev, err = g.currentRevision(); err != nil {
			return err
		}
	}
	if g.hasIncludes {
		if in.curIncl, in.inclNil, err = g.currentIncludes(); err != nil {
			return err
		}
	}
	if g.hasSkipHooks {
		if in.curHooks, err = g.currentSkipHooks(); err != nil {
			return err
		}
	}
	return nil
}

// ExclusiveKey keeps apart, under --jobs, the resources that may change
// git's system-wide configuration (its safe.directory list): git refuses
// a change while another holds the file's lock.
func (in *instance) ExclusiveKey() string {
	if in.g.owner != "" || in.g.ensure == absent || in.g.force {
		return "vcsrepo:git-system-config"
	}
	return ""
}

// Exists reports whether the repository is there, in any form.
func (in *instance) Exists() bool { return in.state != absent }

// Properties lists the managed properties in the type's order.
func (in *instance) Properties() []resource.Property {
	var out []resource.Property
	if in.g.hasEnsure {
		out = append(out, (*ensureProp)(in))
	}
	if in.g.hasSource {
		out = append(out, (*sourceProp)(in))
	}
	if in.g.hasRevision {
		out = append(out, (*revisionProp)(in))
	}
	if in.g.hasIncludes {
		out = append(out, (*includesProp)(in))
	}
	if in.g.hasSkipHooks {
		out = append(out, (*skipHooksProp)(in))
	}
	return out
}

// run gives the provider the handle for one change. An owner or group
// that does not exist fails the change before anything is done (the
// module finds out after cloning, when it gives the files away).
func (in *instance) run(ctx context.Context, h *resource.Handle, f func() error) error {
	g := in.g
	g.ctx, g.h = ctx, h
	defer func() { g.ctx, g.h = nil, nil }()
	if g.ensure != absent {
		if _, _, err := lookupOwner(g.owner, g.group); err != nil {
			return err
		}
	}
	return f()
}

// setError is a failed change as Puppet reports it: its own errors
// (a command that failed, a path in the way) as they are, others (the
// module's plain raises, system errors) wrapped in "Could not set".
func (in *instance) setError(prop, should string, err error) error {
	if err == nil {
		return nil
	}
	var pe puppetError
	if errors.As(err, &pe) {
		return err
	}
	return &resource.WrappedError{Msg: strings.TrimSpace(fmt.Sprintf("Could not set '%s' on %s: %v %s", should, prop, err, in.g.location)), Cause: err}
}

type ensureProp instance

func (e *ensureProp) Name() string           { return "ensure" }
func (e *ensureProp) Current() catalog.Value { return e.state }
func (e *ensureProp) Desired() catalog.Value { return e.g.ensure }
func (e *ensureProp) InSync() bool {
	switch e.g.ensure {
	case present:
		return e.state != absent
	case latest:
		return e.state == latest
	}
	return e.state == e.g.ensure
}
func (e *ensureProp) Message() string {
	switch {
	case e.state == absent:
		return "created"
	case e.g.ensure == absent:
		return "removed"
	}
	return fmt.Sprintf("ensure changed '%s' to '%s'", e.state, e.g.ensure)
}
func (e *ensureProp) Event() string {
	switch {
	case e.state == absent:
		return "vcsrepo_created"
	case e.g.ensure == absent:
		return "vcsrepo_removed"
	}
	return "vcsrepo_changed"
}
func (e *ensureProp) Sync(ctx context.Context, h *resource.Handle) error {
	in := (*instance)(e)
	return in.setError("ensure", e.g.ensure, in.run(ctx, h, e.g.syncEnsure))
}

type sourceProp instance

func (s *sourceProp) Name() string           { return "source" }
func (s *sourceProp) Current() catalog.Value { return sourceValue(s.curSource) }
func (s *sourceProp) Desired() catalog.Value {
	if s.g.sourceHash != nil {
		return sourceValue(desiredHash{s.g.sourceKeys, s.g.sourceHash})
	}
	return s.g.source
}
func (s *sourceProp) InSync() bool {
	switch want := s.g.desiredSource().(type) {
	case string:
		is, ok := s.curSource.(string)
		if !ok {
			return false
		}
		return is == want || strings.TrimSuffix(want, "/") == is && strings.HasSuffix(want, "/") ||
			strings.HasSuffix(is, "/") && !strings.HasSuffix(want, "/") && strings.TrimSuffix(is, "/") == want
	case map[string]string:
		is, ok := s.curSource.(map[string]string)
		if !ok || len(is) != len(want) {
			return false
		}
		for k, v := range want {
			if is[k] != v {
				return false
			}
		}
		return true
	}
	return false
}
func (s *sourceProp) Message() string {
	return fmt.Sprintf("source changed %s to %s", catalog.Format(s.Current()), catalog.Format(s.Desired()))
}
func (s *sourceProp) Event() string { return "source_changed" }
func (s *sourceProp) Sync(ctx context.Context, h *resource.Handle) error {
	in := (*instance)(s)
	return in.setError("source", catalog.Scalar(s.Desired()), in.run(ctx, h, s.g.setSource))
}

// sourceValue is a source as a catalog value: a string, or a hash in the
// order Puppet shows it (the catalog's, which for a current value read
// from git is the order of git remote).
func sourceValue(v any) catalog.Value {
	switch x := v.(type) {
	case string:
		return x
	case map[string]string:
		h := catalog.NewHash()
		for _, k := range sortedKeys(x) {
			h.Set(k, x[k])
		}
		return h
	case desiredHash:
		h := catalog.NewHash()
		for _, k := range x.keys {
			h.Set(k, x.m[k])
		}
		return h
	}
	return nil
}

// desiredHash is a source hash in the catalog's order.
type desiredHash struct {
	keys []string
	m    map[string]string
}

type revisionProp instance

func (r *revisionProp) Name() string           { return "revision" }
func (r *revisionProp) Current() catalog.Value { return r.curRev }
func (r *revisionProp) Desired() catalog.Value { return r.g.revision }
func (r *revisionProp) InSync() bool           { return r.curRev == r.g.revision }
func (r *revisionProp) Message() string {
	return fmt.Sprintf("revision changed '%s' to '%s'", r.curRev, r.g.revision)
}
func (r *revisionProp) Event() string { return "revision_changed" }
func (r *revisionProp) Sync(ctx context.Context, h *resource.Handle) error {
	in := (*instance)(r)
	return in.setError("revision", r.g.revision, in.run(ctx, h, func() error { return r.g.setRevision(r.g.revision) }))
}

type includesProp instance

func (p *includesProp) Name() string { return "includes" }
func (p *includesProp) Current() catalog.Value {
	if p.inclNil {
		return nil
	}
	return stringsValue(p.curIncl)
}
func (p *includesProp) Desired() catalog.Value { return stringsValue(p.g.includes) }
func (p *includesProp) InSync() bool {
	if p.inclNil {
		return false
	}
	a, b := append([]string(nil), p.curIncl...), append([]string(nil), p.g.includes...)
	sortStrings(a)
	sortStrings(b)
	return strings.Join(a, "\x00") == strings.Join(b, "\x00")
}
func (p *includesProp) Message() string {
	return fmt.Sprintf("includes changed %s to %s", p.FormatValue(p.Current()), p.FormatValue(p.Desired()))
}

// FormatValue shows includes as the module's property does: nothing for
// a working copy that is not sparse.
func (p *includesProp) FormatValue(v catalog.Value) string {
	if v == nil {
		return ""
	}
	return catalog.Format(v)
}
func (p *includesProp) Event() string { return "includes_changed" }
func (p *includesProp) Sync(ctx context.Context, h *resource.Handle) error {
	in := (*instance)(p)
	return in.setError("includes", strings.Join(p.g.includes, ", "), in.run(ctx, h, p.g.setIncludes))
}

type skipHooksProp instance

func (p *skipHooksProp) Name() string           { return "skip_hooks" }
func (p *skipHooksProp) Current() catalog.Value { return p.curHooks }
func (p *skipHooksProp) Desired() catalog.Value { return p.g.skipHooks }
func (p *skipHooksProp) InSync() bool           { return p.curHooks == p.g.skipHooks }
func (p *skipHooksProp) Message() string {
	return fmt.Sprintf("skip_hooks changed '%s' to '%s'", p.curHooks, p.g.skipHooks)
}
func (p *skipHooksProp) Event() string { return "skip_hooks_changed" }
func (p *skipHooksProp) Sync(ctx context.Context, h *resource.Handle) error {
	in := (*instance)(p)
	return in.setError("skip_hooks", p.g.skipHooks, in.run(ctx, h, func() error { return p.g.setSkipHooks(p.g.skipHooks) }))
}

func stringsValue(s []string) catalog.Value {
	out := make([]catalog.Value, len(s))
	for i, x := range s {
		out[i] = x
	}
	return out
}
