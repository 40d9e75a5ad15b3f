package vcsrepo

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"syscall"

	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/syscmd"
)

// git is the git provider of one resource. Its methods follow the
// module's provider method for method, so that the same git commands
// run in the same order as under Puppet.
type git struct {
	dropped              []string // attributes git has no feature for, with Puppet's debug line
	path                 string
	remote               string
	force                bool
	submodules           bool
	trustCert, keepLocal bool
	user, owner, group   string
	identity             string
	depth, branch        string
	revision             string
	hasRevision          bool
	ensure               string
	hasEnsure            bool
	hasSource            bool
	source               string            // a single source
	sourceHash           map[string]string // or remotes by name
	sourceKeys           []string          // the hash's keys in catalog order
	safeDirSet, safeDir  bool
	umask                *int
	proxy                string
	proxies              [][2]string
	hasExcludes          bool
	excludes             []string
	hasIncludes          bool
	includes             []string
	hasSkipHooks         bool
	skipHooks            string
	location, ref        string
	me                   string // the user ordo runs as, once asked
	ctx                  context.Context
	h                    *resource.Handle
}

// puppetError is an error Puppet raises as its own (Puppet::Error, a
// command that failed): a failed change shows it as it is.
type puppetError interface{ puppetError() }

type plainError struct{ msg string }

func (e *plainError) Error() string { return e.msg }
func (*plainError) puppetError()    {}

// execError is a git command that exited non-zero.
type execError struct{ syscmd.ExecError }

func (*execError) puppetError() {}

func (g *git) notice(format string, args ...any) {
	if g.h != nil && g.h.Log != nil {
		g.h.Log.Log(resource.Notice, g.ref+"(provider=git)", fmt.Sprintf(format, args...))
	}
}

// desiredSource is the source property's value: a string or a map.
func (g *git) desiredSource() any {
	if g.sourceHash != nil {
		return g.sourceHash
	}
	return g.source
}

// --- running git ---

// currentUser is the name of the user ordo runs as (Facter's id).
func currentUser() string {
	if u, err := user.LookupId(strconv.Itoa(os.Getuid())); err == nil {
		return u.Username
	}
	return ""
}

// execGit runs git with args in dir, as the resource's user when that
// is not the user ordo runs as, with that user's HOME, C locale messages
// and the resource's umask; a non-zero exit is an *execError.
func (g *git) execGit(dir string, args ...string) (string, error) {
	argv := append([]string{"git"}, args...)
	line := syscmd.Line(argv)
	cmd := resource.Command{Argv: argv, Dir: dir, Umask: g.umask,
		Env:      []string{"LANG=C", "LC_ALL=C", "LANGUAGE=C"},
		UnsetEnv: []string{"GIT_DIR", "GIT_WORK_TREE"}}
	as := ""
	if g.me == "" {
		g.me = currentUser()
	}
	if g.user != "" && g.user != g.me {
		u, err := user.Lookup(g.user)
		if err != nil {
			return "", fmt.Errorf("can't find user for %s", g.user)
		}
		uid, _ := strconv.ParseUint(u.Uid, 10, 32)
		gid, _ := strconv.ParseUint(u.Gid, 10, 32)
		u32, g32 := uint32(uid), uint32(gid)
		cmd.UID, cmd.GID = &u32, &g32
		cmd.Env = append(cmd.Env, "HOME="+u.HomeDir)
		as = g.user
	} else if u, err := user.LookupId(strconv.Itoa(os.Getuid())); err == nil {
		cmd.Env = append(cmd.Env, "HOME="+u.HomeDir)
	}
	if g.identity != "" {
		cmd.Env = append(cmd.Env, "GIT_SSH_COMMAND="+sshCommand(g.identity))
	}
	if g.h.Log != nil {
		g.h.Log.Log(resource.Debug, "", syscmd.Executing(as, "", line))
	}
	res, err := g.h.Runner.Run(g.ctx, cmd)
	if err != nil {
		return "", err
	}
	out := string(res.Output)
	if res.ExitCode != 0 || res.TimedOut {
		return out, &execError{syscmd.ExecError{Command: line, Code: res.ExitCode, Output: strings.TrimSpace(out)}}
	}
	return out, nil
}

// sshCommand is the GIT_SSH_COMMAND that makes ssh use only identity.
func sshCommand(identity string) string {
	return "ssh -i " + identity + ` -o "IgnoreUnknown IdentityAgent" -o "IdentitiesOnly yes" -o "IdentityAgent none" -o "PasswordAuthentication no" -o "KbdInteractiveAuthentication no"`
}

// gitAt runs git in the repository (the module's git_with_identity
// inside at_path): with trust_server_cert or identity, git's version is
// asked first, as the module asks it before every such command.
func (g *git) gitAt(args ...string) (string, error) { return g.gitIn(g.path, args...) }

func (g *git) gitIn(dir string, args ...string) (string, error) {
	if err := g.chdir(dir); err != nil {
		return "", err
	}
	if g.trustCert {
		if _, err := g.gitVersion(dir); err != nil {
			return "", err
		}
		args = append([]string{"-c", "http.sslVerify=false"}, args...)
	}
	if g.identity != "" {
		if _, err := g.gitVersion(dir); err != nil {
			return "", err
		}
	}
	return g.execGit(dir, args...)
}

// chdir checks that git can run in dir, failing as Ruby's Dir.chdir.
func (g *git) chdir(dir string) error {
	st, err := os.Stat(dir)
	if err != nil {
		return rubyErr(err, "dir_s_chdir", dir)
	}
	if !st.IsDir() {
		return fmt.Errorf("Not a directory @ dir_s_chdir - %s", dir)
	}
	return nil
}

// remoteAction is a git command that talks to a remote: with the
// resource's proxies.
func (g *git) remoteAction(dir string, args ...string) (string, error) {
	if g.proxy != "" {
		args = append([]string{"-c", "http.proxy=" + g.proxy}, args...)
	}
	for _, p := range g.proxies {
		args = append([]string{"-c", "remote." + p[0] + ".proxy=" + p[1]}, args...)
	}
	return g.gitIn(dir, args...)
}

var versionPattern = lazyre.New(`[0-9]+\.[0-9]+\.[0-9]+(\.[0-9]+)?`)

// gitVersion runs git --version (every time, as the module does).
func (g *git) gitVersion(dir string) (string, error) {
	out, err := g.execGit(dir, "--version")
	if err != nil {
		return "", err
	}
	return versionPattern.FindString(out), nil
}

// versionAtLeast compares dotted versions.
func versionAtLeast(v, min string) bool {
	a, b := strings.Split(v, "."), strings.Split(min, ".")
	for i := 0; i < len(a) || i < len(b); i++ {
		var x, y int
		if i < len(a) {
			x, _ = strconv.Atoi(a[i])
		}
		if i < len(b) {
			y, _ = strconv.Atoi(b[i])
		}
		if x != y {
			return x > y
		}
	}
	return true
}

func failed(err error) bool {
	var e *execError
	return errors.As(err, &e)
}

// --- what is there ---

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

func pathExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// defaultURL is the URL of the remote tracked.
func (g *git) defaultURL() (string, error) {
	if g.sourceHash == nil {
		return g.source, nil
	}
	if u, ok := g.sourceHash[g.remote]; ok {
		return u, nil
	}
	return "", fmt.Errorf("You must specify the URL for remote '%s' in the :source hash", g.remote)
}

// workingCopyExists: path/.git is a folder and, with a source, the
// tracked remote's URL is the source's; without, git status works.
func (g *git) workingCopyExists() (bool, error) {
	if !isDir(filepath.Join(g.path, ".git")) {
		return false, nil
	}
	if g.hasSource {
		out, err := g.gitAt("config", "--get", "remote."+g.remote+".url")
		if err != nil {
			if failed(err) {
				return false, nil
			}
			return false, err
		}
		u, err := g.defaultURL()
		if err != nil {
			return false, err
		}
		return strings.TrimSuffix(out, "\n") == u, nil
	}
	if _, err := g.gitAt("status"); err != nil {
		if failed(err) {
			return false, nil
		}
		return false, err
	}
	return true, nil
}

func (g *git) bareConfigExists() (bool, error) {
	if !pathExists(filepath.Join(g.path, "config")) {
		return false, nil
	}
	if _, err := g.gitAt("config", "--list", "--file", "config"); err != nil {
		if failed(err) {
			return false, nil
		}
		return false, err
	}
	return true, nil
}

func (g *git) bareExists() (bool, error) {
	ok, err := g.bareConfigExists()
	if !ok || err != nil {
		return false, err
	}
	wc, err := g.workingCopyExists()
	return !wc, err
}

func (g *git) exists() (bool, error) {
	if err := g.updateSafeDirectory(); err != nil {
		return false, err
	}
	wc, err := g.workingCopyExists()
	if wc || err != nil {
		return wc, err
	}
	return g.bareExists()
}

func (g *git) isMirror() (bool, error) {
	_, err := g.gitAt("config", "--get-regexp", `remote\..*\.mirror`)
	if err != nil {
		if failed(err) {
			return false, nil
		}
		return false, err
	}
	return true, nil
}

// retrieveEnsure is the ensure property's retrieve.
func (g *git) retrieveEnsure() (string, error) {
	wc, err := g.workingCopyExists()
	if err != nil {
		return "", err
	}
	if wc {
		if g.ensure == latest {
			ok, err := g.isLatest()
			if err != nil {
				return "", err
			}
			if ok {
				return latest, nil
			}
		}
		return present, nil
	}
	b, err := g.bareExists()
	if err != nil {
		return "", err
	}
	if b {
		m, err := g.isMirror()
		if err != nil {
			return "", err
		}
		if m {
			return mirror, nil
		}
		return bare, nil
	}
	return absent, nil
}

// --- revisions ---

func (g *git) isLatest() (bool, error) {
	cur, err := g.currentRevision()
	if err != nil {
		return false, err
	}
	l, err := g.latestRevision()
	return cur == l, err
}

// latest is the revision latest moves to: the branch checked out when
// no revision is given.
func (g *git) latest() (string, error) {
	if !g.hasRevision {
		b, err := g.onBranch()
		if err != nil || b != "" {
			return b, err
		}
	}
	return g.revision, nil
}

func (g *git) currentRevision() (string, error) { return g.getRevision("HEAD") }

// latestRevision is the newest revision of the branch checked out. The
// module's provider first removes and clones again, with force, a
// working copy that is the repository wanted (every run, and under noop
// too); ordo leaves it as it is, as it does without force.
func (g *git) latestRevision() (string, error) {
	wc, err := g.workingCopyExists()
	if err != nil {
		return "", err
	}
	if !wc {
		if err := g.create(); err != nil {
			return "", err
		}
	}
	b, err := g.onBranch()
	if err != nil {
		return "", err
	}
	if b != "" {
		return g.getRevision(g.remote + "/" + b)
	}
	return g.getRevision("HEAD")
}

var (
	initialCommit = lazyre.New(`Initial commit|No commits yet`)
	onBranchLine  = lazyre.New(`On branch (.*)`)
)

// getRevision is rev as the revision property shows it: the revision
// asked for when rev is at it, else rev's commit.
func (g *git) getRevision(rev string) (string, error) {
	if !g.hasSource {
		status, err := g.gitAt("status")
		if err != nil {
			return "", err
		}
		if initialCommit.MatchString(status) {
			if m := onBranchLine.FindStringSubmatch(status); m != nil {
				return m[1], nil
			}
			return "", nil
		}
	}
	out, err := g.gitAt("rev-parse", rev)
	if err != nil {
		return "", err
	}
	current := strings.TrimSpace(out)
	if g.hasRevision && g.revision == current {
		return current, nil
	}
	if g.hasSource {
		if err := g.updateReferences(); err != nil {
			return "", err
		}
	}
	if g.hasRevision {
		var canonical string
		isTag, err := g.tagRevision(g.revision)
		if err != nil {
			return "", err
		}
		var args []string
		switch {
		case isTag:
			args = []string{"rev-parse", g.revision + "^0"}
		default:
			local, err := g.localBranch(g.revision)
			if err != nil {
				return "", err
			}
			if local {
				args = []string{"rev-parse", g.revision}
				break
			}
			remote, err := g.remoteBranch(g.revision)
			if err != nil {
				return "", err
			}
			if remote {
				args = []string{"rev-parse", g.remote + "/" + g.revision}
			} else {
				args = []string{"rev-parse", "--revs-only", g.revision}
			}
		}
		out, err := g.gitAt(args...)
		if err != nil {
			return "", err
		}
		canonical = strings.TrimSpace(out)
		if canonical == "" {
			return "", fmt.Errorf("%s is not a local or remote ref", g.revision)
		}
		if current == canonical {
			current = g.revision
		}
	}
	return current, nil
}

func (g *git) updateReferences() error {
	v, err := g.gitVersion(g.path)
	if err != nil {
		return err
	}
	tags := []string{"fetch", "--tags"}
	if versionAtLeast(v, "2.20.0") {
		tags = append(tags, "--force")
	}
	if err := g.chdir(g.path); err != nil {
		return err
	}
	if _, err := g.remoteAction(g.path, "fetch", g.remote); err != nil {
		return err
	}
	if _, err := g.remoteAction(g.path, append(tags, g.remote)...); err != nil {
		return err
	}
	return g.updateOwnerAndExcludes()
}

// branches lists git branch -a, the current one's star taken off.
func (g *git) branches() ([]string, error) {
	out, err := g.gitAt("branch", "--no-color", "-a")
	if err != nil {
		return nil, err
	}
	var list []string
	for _, l := range strings.Split(strings.ReplaceAll(out, "*", " "), "\n") {
		list = append(list, strings.TrimSpace(l))
	}
	if len(list) > 0 && list[len(list)-1] == "" && strings.HasSuffix(out, "\n") {
		list = list[:len(list)-1]
	}
	return list, nil
}

func (g *git) localBranch(rev string) (bool, error) {
	list, err := g.branches()
	for _, b := range list {
		if b == rev {
			return true, err
		}
	}
	return false, err
}

func (g *git) remoteBranch(rev string) (bool, error) {
	list, err := g.branches()
	if err != nil {
		return false, err
	}
	// The module puts the revision into the pattern as it is.
	re, rerr := regexp.Compile(`(remotes/)?` + g.remote + "/" + rev + `$`)
	if rerr != nil {
		re = regexp.MustCompile(`(remotes/)?` + regexp.QuoteMeta(g.remote+"/"+rev) + `$`)
	}
	for _, b := range list {
		if re.MatchString(b) {
			return true, nil
		}
	}
	return false, nil
}

func (g *git) tagRevision(rev string) (bool, error) {
	out, err := g.gitAt("tag", "-l")
	if err != nil {
		return false, err
	}
	for _, t := range strings.Split(out, "\n") {
		if strings.TrimSpace(t) == rev {
			return true, nil
		}
	}
	return false, nil
}

var (
	starLine = lazyre.New(`\*\s+(.*)`)
	detached = lazyre.New(`\(detached from|\(HEAD detached at|\(no branch`)
)

// onBranch is the branch checked out, "" when HEAD is detached.
func (g *git) onBranch() (string, error) {
	out, err := g.gitAt("branch", "--no-color", "-a")
	if err != nil {
		return "", err
	}
	m := starLine.FindStringSubmatch(out)
	if m == nil {
		// A repository without commits lists no branch (the module
		// fails on a Ruby NoMethodError): it is on none.
		return "", nil
	}
	if detached.MatchString(m[1]) {
		return "", nil
	}
	return m[1], nil
}

// checkout checks rev out from what was fetched: a branch not yet local
// as a new branch tracking the remote's.
func (g *git) checkout(rev string) error {
	if g.keepLocal {
		if _, err := g.gitAt("stash", "save"); err != nil {
			return err
		}
	}
	local, err := g.localBranch(rev)
	if err != nil {
		return err
	}
	remote := false
	if !local {
		if remote, err = g.remoteBranch(rev); err != nil {
			return err
		}
	}
	if !local && remote {
		_, err = g.gitAt("checkout", "--force", "-b", rev, "--track", g.remote+"/"+rev)
	} else {
		_, err = g.gitAt("checkout", "--force", rev)
	}
	if err != nil {
		return err
	}
	if g.keepLocal {
		if _, err := g.gitAt("stash", "pop"); err != nil {
			return err
		}
	}
	return nil
}

// setRevision moves the working copy to desired; a branch is reset to
// the remote's (or, without a source, its own) head.
func (g *git) setRevision(desired string) error {
	if err := g.checkout(desired); err != nil {
		return err
	}
	local, err := g.localBranch(desired)
	if err != nil {
		return err
	}
	if local {
		target := desired
		if g.hasSource {
			target = g.remote + "/" + desired
		}
		if _, err := g.gitAt("reset", "--hard", target); err != nil {
			return err
		}
	}
	if !g.bareOrMirror() && g.submodules {
		if _, err := g.gitAt("submodule", "update", "--init", "--recursive"); err != nil {
			return err
		}
	}
	return g.updateOwnerAndExcludes()
}

func (g *git) bareOrMirror() bool { return g.ensure == bare || g.ensure == mirror }

// --- ensure ---

// syncEnsure makes the repository what ensure says, as the module's
// ensure property's values do.
func (g *git) syncEnsure() error {
	switch g.ensure {
	case present:
		ok, err := g.exists()
		if err != nil {
			return err
		}
		if !ok {
			return g.create()
		}
		if b, err := g.bareExists(); err != nil || !b {
			return err
		}
		return g.convertBareToWorkingCopy()
	case bare, mirror:
		return g.syncBare()
	case absent:
		ok, err := g.exists()
		if err != nil || !ok {
			return err
		}
		return g.destroy()
	case latest:
		return g.syncLatest()
	}
	return nil
}

// syncBare makes the repository bare, or a mirror: created, converted
// from a working copy, or its remotes' mirror settings changed.
func (g *git) syncBare() error {
	ok, err := g.exists()
	if err != nil {
		return err
	}
	if !ok {
		return g.create()
	}
	wc, err := g.workingCopyExists()
	if err != nil {
		return err
	}
	if wc {
		return g.convertWorkingCopyToBare()
	}
	m, err := g.isMirror()
	if err != nil {
		return err
	}
	if g.ensure == bare && m {
		return g.setNoMirror()
	}
	if g.ensure == mirror && !m {
		return g.setMirror()
	}
	return nil
}

// syncLatest moves an existing working copy (a bare repository made one
// first) to its branch's newest revision, or, with force or when there
// is none, creates the repository.
func (g *git) syncLatest() error {
	ok, err := g.exists()
	if err != nil {
		return err
	}
	if !ok || g.force {
		if g.h.Log != nil {
			g.h.Log.Log(resource.Notice, g.h.Path+"/ensure", "Creating repository from latest")
		}
		return g.create()
	}
	if b, err := g.bareExists(); err != nil {
		return err
	} else if b {
		if err := g.convertBareToWorkingCopy(); err != nil {
			return err
		}
	}
	if err := g.updateReferences(); err != nil {
		return err
	}
	ref, err := g.latest()
	if err != nil {
		return err
	}
	if ref == "" {
		if ref, err = g.currentRevision(); err != nil {
			return err
		}
	}
	if g.h.Log != nil {
		g.h.Log.Log(resource.Notice, g.h.Path+"/ensure", fmt.Sprintf("Updating to latest '%s' revision", ref))
	}
	return g.setRevision(ref)
}

func (g *git) checkForce() error {
	if !isDir(g.path) {
		return nil
	}
	entries, err := os.ReadDir(g.path)
	if err != nil {
		return rubyErr(err, "dir_initialize", g.path)
	}
	if len(entries) == 0 {
		return nil
	}
	if !g.force {
		return &plainError{fmt.Sprintf("Path %s exists and is not the desired repository.", g.path)}
	}
	g.notice("Removing %s to replace with desired repository.", g.path)
	return g.destroy()
}

func (g *git) create() error {
	if err := g.checkForce(); err != nil {
		return err
	}
	if g.hasRevision && g.bareOrMirror() {
		return fmt.Errorf("Cannot set a revision (%s) on a bare repository", g.revision)
	}
	if g.hasSource {
		u, err := g.defaultURL()
		if err != nil {
			return err
		}
		if err := g.cloneRepository(u); err != nil {
			return err
		}
		if err := g.updateRemotes(g.desiredSource()); err != nil {
			return err
		}
		if g.ensure == mirror && g.sourceHash != nil {
			if err := g.setMirror(); err != nil {
				return err
			}
		}
		if g.hasSkipHooks {
			if err := g.setSkipHooks(g.skipHooks); err != nil {
				return err
			}
		}
		if g.hasIncludes {
			if err := g.configureSparseCheckout(); err != nil {
				return err
			}
		}
		if g.hasRevision {
			if err := g.checkout(g.revision); err != nil {
				return err
			}
		}
		if !g.bareOrMirror() && g.submodules {
			if _, err := g.gitAt("submodule", "update", "--init", "--recursive"); err != nil {
				return err
			}
		}
	} else {
		if g.ensure == mirror {
			return errors.New("Cannot init repository with mirror option, try bare instead")
		}
		if err := g.initRepository(); err != nil {
			return err
		}
		if g.hasSkipHooks {
			if err := g.setSkipHooks(g.skipHooks); err != nil {
				return err
			}
		}
	}
	return g.updateOwnerAndExcludes()
}

func (g *git) destroy() error {
	if err := g.removeSafeDirectory(); err != nil {
		return err
	}
	return os.RemoveAll(g.path)
}

func (g *git) cloneRepository(source string) error {
	args := []string{"clone"}
	if n, err := strconv.Atoi(strings.TrimSpace(g.depth)); err == nil && n > 0 {
		args = append(args, "--depth", g.depth)
		if g.hasRevision && g.branch == "" {
			args = append(args, "--branch", g.revision)
		}
	}
	if g.branch != "" {
		args = append(args, "--branch", g.branch)
	}
	switch g.ensure {
	case bare:
		args = append(args, "--bare")
	case mirror:
		args = append(args, "--mirror")
	}
	if g.remote != "origin" {
		args = append(args, "--origin", g.remote)
	}
	wc, err := g.workingCopyExists()
	if err != nil {
		return err
	}
	if wc {
		g.notice("Repo has already been cloned")
		return nil
	}
	args = append(args, source, g.path)
	_, err = g.remoteAction("/", args...)
	return err
}

func (g *git) initRepository() error {
	if g.ensure == bare {
		if wc, err := g.workingCopyExists(); err != nil {
			return err
		} else if wc {
			return g.convertWorkingCopyToBare()
		}
	} else if g.ensure == present {
		if b, err := g.bareExists(); err != nil {
			return err
		} else if b {
			return g.convertBareToWorkingCopy()
		}
	}
	if err := os.Mkdir(g.path, 0o755); err != nil {
		return rubyErr(err, "dir_s_mkdir", g.path)
	}
	if g.user != "" {
		uid, _, err := lookupOwner(g.user, "")
		if err != nil {
			return err
		}
		if err := os.Chown(g.path, uid, -1); err != nil {
			return rubyErr(err, "rb_file_s_chown", g.path)
		}
	}
	args := []string{"init"}
	if g.ensure == bare {
		args = append(args, "--bare")
	}
	_, err := g.gitAt(args...)
	return err
}

// --- bare and mirror ---

// tempdir is where a repository's git folder moves while it is turned
// from a working copy into a bare repository or back: beside it, so
// that the move is a rename.
func (g *git) tempdir() string {
	return filepath.Join(filepath.Dir(g.path), ".vcsrepo-"+filepath.Base(g.path)+".tmp")
}

func (g *git) convertWorkingCopyToBare() error {
	wc, err := g.workingCopyExists()
	if err != nil || !wc {
		return err
	}
	if b, err := g.bareExists(); err != nil || b {
		return err
	}
	g.notice("Converting working copy repository to bare repository")
	tmp := g.tempdir()
	if err := os.Rename(filepath.Join(g.path, ".git"), tmp); err != nil {
		return rubyErr(err, "rb_file_s_rename", g.path)
	}
	if err := os.RemoveAll(g.path); err != nil {
		return err
	}
	if err := os.Rename(tmp, g.path); err != nil {
		return rubyErr(err, "rb_file_s_rename", g.path)
	}
	if _, err := g.execGitAt("config", "--local", "--bool", "core.bare", "true"); err != nil {
		return err
	}
	if g.ensure != mirror {
		return nil
	}
	if !g.hasSource {
		return errors.New("Cannot have empty repository that is also a mirror.")
	}
	return g.setMirror()
}

// execGitAt runs git in the repository without the identity and
// certificate options (the module's exec_git).
func (g *git) execGitAt(args ...string) (string, error) {
	if err := g.chdir(g.path); err != nil {
		return "", err
	}
	return g.execGit(g.path, args...)
}

func (g *git) convertBareToWorkingCopy() error {
	g.notice("Converting bare repository to working copy repository")
	tmp := g.tempdir()
	if err := os.Rename(g.path, tmp); err != nil {
		return rubyErr(err, "rb_file_s_rename", g.path)
	}
	if err := os.Mkdir(g.path, 0o755); err != nil {
		return rubyErr(err, "dir_s_mkdir", g.path)
	}
	if err := os.Rename(tmp, filepath.Join(g.path, ".git")); err != nil {
		return rubyErr(err, "rb_file_s_rename", g.path)
	}
	commits, err := g.hasCommits()
	if err != nil {
		return err
	}
	if commits {
		if _, err := g.execGitAt("config", "--local", "--bool", "core.bare", "false"); err != nil {
			return err
		}
		if _, err := g.gitAt("reset", "--hard", "HEAD"); err != nil {
			return err
		}
		if _, err := g.gitAt("checkout", "--force"); err != nil {
			return err
		}
		if err := g.updateOwnerAndExcludes(); err != nil {
			return err
		}
	}
	m, err := g.isMirror()
	if err != nil || !m {
		return err
	}
	return g.setNoMirror()
}

func (g *git) hasCommits() (bool, error) {
	out, err := g.gitAt("rev-list", "--all", "--count")
	if err != nil {
		if failed(err) {
			return false, nil
		}
		return false, err
	}
	n, _ := strconv.Atoi(strings.TrimSpace(out))
	return n > 0, nil
}

func (g *git) remoteNames() []string {
	if g.sourceHash != nil {
		return g.sourceKeys
	}
	return []string{g.remote}
}

func (g *git) setMirror() error {
	for _, r := range g.remoteNames() {
		if _, err := g.gitAt("config", "remote."+r+".mirror", "true"); err != nil {
			return err
		}
	}
	return nil
}

func (g *git) setNoMirror() error {
	for _, r := range g.remoteNames() {
		if _, err := g.execGitAt("config", "--unset", "remote."+r+".mirror"); err != nil && !failed(err) {
			return err
		}
	}
	return nil
}

// --- remotes ---

// currentSource reads the remotes: the one URL when there is one
// remote, else a hash of them.
func (g *git) currentSource() (any, error) {
	out, err := g.gitAt("remote")
	if err != nil {
		return nil, err
	}
	var names []string
	for _, n := range strings.Split(out, "\n") {
		if n != "" {
			names = append(names, n)
		}
	}
	if len(names) == 1 {
		u, err := g.gitAt("config", "--get", "remote."+names[0]+".url")
		return strings.TrimSuffix(u, "\n"), err
	}
	m := map[string]string{}
	for _, n := range names {
		u, err := g.gitAt("config", "--get", "remote."+n+".url")
		if err != nil {
			return nil, err
		}
		m[n] = strings.TrimSuffix(u, "\n")
	}
	return m, nil
}

func (g *git) setSource() error {
	current, err := g.currentSource()
	if err != nil {
		return err
	}
	desired := g.desiredSource()
	if cur, ok := current.(map[string]string); ok {
		for _, r := range sortedKeys(cur) {
			_, dHash := desired.(map[string]string)
			remove := false
			if dHash {
				_, has := g.sourceHash[r]
				remove = !has
			} else if r != g.remote {
				remove = true
			}
			if remove {
				if _, err := g.gitAt("remote", "remove", r); err != nil {
					return err
				}
			}
		}
	}
	_, curString := current.(string)
	if curString && g.sourceHash == nil {
		return g.create()
	}
	return g.updateRemotes(desired)
}

func (g *git) updateRemotes(source any) error {
	update := false
	if m, ok := source.(map[string]string); ok {
		for _, name := range sortedKeys(m) {
			u, err := g.updateRemoteURL(name, m[name])
			if err != nil {
				return err
			}
			update = update || u
		}
	} else {
		u, err := g.updateRemoteURL(g.remote, source.(string))
		if err != nil {
			return err
		}
		update = u
	}
	if update {
		_, err := g.remoteAction(g.path, "remote", "update")
		return err
	}
	return nil
}

func (g *git) updateRemoteURL(name, url string) (bool, error) {
	current, err := g.gitAt("config", "-l")
	if err != nil {
		return false, err
	}
	switch {
	case !strings.Contains(current, "remote."+name+".url"):
		_, err = g.gitAt("remote", "add", name, url)
		return true, err
	case !strings.Contains(current, "remote."+name+".url="+url):
		_, err = g.gitAt("remote", "set-url", name, url)
		return true, err
	}
	return false, nil
}

// --- includes and hooks ---

func (g *git) currentIncludes() ([]string, bool, error) {
	if b, err := g.bareExists(); err != nil || b {
		return nil, true, err
	}
	if err := g.chdir(g.path); err != nil {
		return nil, true, err
	}
	data, err := os.ReadFile(filepath.Join(g.path, ".git", "info", "sparse-checkout"))
	if err != nil {
		return nil, true, nil
	}
	var out []string
	for _, l := range strings.SplitAfter(string(data), "\n") {
		if l != "" {
			out = append(out, strings.TrimSuffix(strings.TrimSuffix(l, "\n"), "\r"))
		}
	}
	return out, false, nil
}

// setIncludes makes the working copy sparse and checks the revision out
// again. Without a revision there is nothing to check out: git's
// sparse-checkout has already updated the files (the module runs
// git checkout with an empty revision, which git refuses).
func (g *git) setIncludes() error {
	if err := g.configureSparseCheckout(); err != nil {
		return err
	}
	if !g.hasRevision {
		return nil
	}
	return g.checkout(g.revision)
}

func (g *git) configureSparseCheckout() error {
	if g.bareOrMirror() {
		return fmt.Errorf("Cannot set includes on a %s repository", g.ensure)
	}
	if b, err := g.bareExists(); err != nil {
		return err
	} else if b {
		return fmt.Errorf("Cannot set includes on a %s repository", g.ensure)
	}
	v, err := g.gitVersion(g.path)
	if err != nil {
		return err
	}
	if versionAtLeast(v, "2.25.0") {
		_, err := g.execGitAt(append([]string{"sparse-checkout", "set", "--no-cone"}, g.includes...)...)
		return err
	}
	if _, err := g.execGitAt("config", "--local", "--bool", "core.sparseCheckout", "true"); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(g.path, ".git", "info", "sparse-checkout"), []byte(putsLines(g.includes)), 0o644)
}

func (g *git) configArgs() ([]string, error) {
	v, err := g.gitVersion(g.path)
	if err != nil {
		return nil, err
	}
	if versionAtLeast(v, "1.7.4") {
		return []string{"config", "--local"}, nil
	}
	return []string{"config"}, nil
}

func (g *git) currentSkipHooks() (string, error) {
	args, err := g.configArgs()
	if err != nil {
		return "", err
	}
	out, err := g.gitAt(append(args, "--get", "core.hooksPath")...)
	if err != nil {
		if failed(err) {
			return "false", nil
		}
		return "", err
	}
	if strings.TrimSuffix(out, "\n") == "/dev/null" {
		return "true", nil
	}
	return "false", nil
}

func (g *git) setSkipHooks(desired string) error {
	args, err := g.configArgs()
	if err != nil {
		return err
	}
	if desired == "true" {
		_, err = g.execGitAt(append(args, "core.hooksPath", "/dev/null")...)
		return err
	}
	if _, err := g.execGitAt(append(args, "--unset", "core.hooksPath")...); err != nil && !failed(err) {
		return err
	}
	return nil
}

// --- owner, excludes, safe.directory ---

func (g *git) updateOwnerAndExcludes() error {
	if g.owner != "" || g.group != "" {
		if err := g.setOwnership(); err != nil {
			return err
		}
	}
	if g.hasExcludes {
		return g.setExcludes()
	}
	return nil
}

// lookupOwner resolves a user and a group given by name or id; -1 for
// one not given. The errors are Ruby's.
func lookupOwner(owner, group string) (int, int, error) {
	uid, gid := -1, -1
	if owner != "" {
		if n, err := strconv.Atoi(owner); err == nil {
			uid = n
		} else if u, err := user.Lookup(owner); err == nil {
			uid, _ = strconv.Atoi(u.Uid)
		} else {
			return 0, 0, fmt.Errorf("can't find user for %s", owner)
		}
	}
	if group != "" {
		if n, err := strconv.Atoi(group); err == nil {
			gid = n
		} else if gr, err := user.LookupGroup(group); err == nil {
			gid, _ = strconv.Atoi(gr.Gid)
		} else {
			return 0, 0, fmt.Errorf("can't find group for %s", group)
		}
	}
	return uid, gid, nil
}

// setOwnership gives the repository's files and links to owner and
// group: all of them, or, with excludes, those (not hidden) outside the
// excludes.
func (g *git) setOwnership() error {
	uid, gid, err := lookupOwner(g.owner, g.group)
	if err != nil {
		return err
	}
	if len(g.excludes) == 0 {
		return filepath.WalkDir(g.path, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if err := os.Lchown(p, uid, gid); err != nil {
				return rubyErr(err, "rb_file_s_lchown", p)
			}
			return nil
		})
	}
	var files []string
	filepath.WalkDir(g.path, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == g.path {
			return nil
		}
		if strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		for _, x := range g.excludes {
			if strings.HasPrefix(p, g.path+"/"+x) {
				return nil
			}
		}
		files = append(files, p)
		return nil
	})
	// A symbolic link is given away itself, never what it points to
	// (which may lie outside the repository, or in its excludes), as
	// Ruby's FileUtils.chown does.
	for _, f := range files {
		if err := os.Lchown(f, uid, gid); err != nil {
			return rubyErr(err, "rb_file_s_chown", f)
		}
	}
	return nil
}

func putsLines(lines []string) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(l)
		if !strings.HasSuffix(l, "\n") {
			b.WriteString("\n")
		}
	}
	return b.String()
}

func (g *git) setExcludes() error {
	if err := g.chdir(g.path); err != nil {
		return err
	}
	p := filepath.Join(g.path, ".git", "info", "exclude")
	if err := os.WriteFile(p, []byte(putsLines(g.excludes)), 0o644); err != nil {
		return rubyErr(err, "rb_sysopen", ".git/info/exclude")
	}
	return nil
}

// safeDirectories lists git's system-wide safe.directory entries.
func (g *git) safeDirectories() []string {
	out, err := g.gitIn("/", "config", "--system", "--get-all", "safe.directory")
	if err != nil {
		return nil
	}
	var list []string
	for _, l := range strings.Split(out, "\n") {
		if l != "" {
			list = append(list, l)
		}
	}
	return list
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// updateSafeDirectory adds the path to the safe directories when owner
// is not the user git runs as, unless safe_directory is false; with
// safe_directory false, it takes the path off the list.
func (g *git) updateSafeDirectory() error {
	if g.owner == "" {
		return nil
	}
	if g.owner != g.user && !(g.safeDirSet && !g.safeDir) && !contains(g.safeDirectories(), g.path) {
		g.notice("Adding '%s' to safe directory list", g.path)
		_, err := g.gitIn("/", "config", "--system", "--add", "safe.directory", g.path)
		return err
	}
	if g.safeDirSet && !g.safeDir && contains(g.safeDirectories(), g.path) {
		return g.unsetSafeDirectory()
	}
	return nil
}

func (g *git) removeSafeDirectory() error {
	if !contains(g.safeDirectories(), g.path) {
		return nil
	}
	return g.unsetSafeDirectory()
}

func (g *git) unsetSafeDirectory() error {
	g.notice("Removing '%s' from safe directory list", g.path)
	_, err := g.gitIn("/", "config", "--system", "--unset", "safe.directory", g.path)
	return err
}

// --- small things ---

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func sortStrings(s []string) { sort.Strings(s) }

// rubyErr words a system error as Ruby does ("No such file or directory
// @ dir_s_mkdir - /x").
func rubyErr(err error, fn, path string) error {
	var errno syscall.Errno
	if !errors.As(err, &errno) {
		return err
	}
	msg := map[syscall.Errno]string{
		syscall.ENOENT:    "No such file or directory",
		syscall.EEXIST:    "File exists",
		syscall.ENOTDIR:   "Not a directory",
		syscall.EACCES:    "Permission denied",
		syscall.EPERM:     "Operation not permitted",
		syscall.EISDIR:    "Is a directory",
		syscall.ENOTEMPTY: "Directory not empty",
		syscall.EXDEV:     "Invalid cross-device link",
	}[errno]
	if msg == "" {
		msg = errno.Error()
	}
	return fmt.Errorf("%s @ %s - %s", msg, fn, path)
}
