package vcsrepo_test

import (
	"context"
	"os"
	"os/user"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"syscall"
	"testing"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

// recorder runs commands for real and keeps each one as it was asked.
type recorder struct {
	mu   sync.Mutex
	cmds []resource.Command
}

func (r *recorder) Run(ctx context.Context, c resource.Command) (resource.Result, error) {
	r.mu.Lock()
	r.cmds = append(r.cmds, c)
	r.mu.Unlock()
	return command.Runner{}.Run(ctx, c)
}

// TestRunsAsUser makes a repository as another user, with an identity
// and a umask: every git command runs as that user, with that user's
// HOME, the C locale, the SSH command that takes only the identity and
// the umask; the repository is that user's.
func TestRunsAsUser(t *testing.T) {
	nobody, err := user.Lookup("nobody")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	providertest.OpenToUsers(t, dir)
	if err := os.Chmod(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "repo")
	c := catalog.New("node")
	if err := c.Add(&catalog.Resource{Type: "Vcsrepo", Title: path, Params: []catalog.Param{
		{Name: "ensure", Value: "present"}, {Name: "provider", Value: "git"}, {Name: "user", Value: "nobody"},
		{Name: "identity", Value: "/nonexistent/id_ed25519"}, {Name: "umask", Value: "0027"},
	}}); err != nil {
		t.Fatal(err)
	}
	rec := &recorder{}
	log := &resourcetest.Logger{}
	res, err := apply.Apply(context.Background(), c, apply.Options{Types: builtin.Registry(), Log: log, Runner: rec, BucketDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	if res.ExitCode() != 2 {
		t.Fatalf("exit %d:\n%s", res.ExitCode(), log.String())
	}
	uid, _ := strconv.Atoi(nobody.Uid)
	gid, _ := strconv.Atoi(nobody.Gid)
	var argvs [][]string
	for _, cmd := range rec.cmds {
		argvs = append(argvs, cmd.Argv)
		if cmd.UID == nil || int(*cmd.UID) != uid || cmd.GID == nil || int(*cmd.GID) != gid {
			t.Errorf("%v: not run as nobody (%v, %v)", cmd.Argv, cmd.UID, cmd.GID)
		}
		if cmd.Umask == nil || *cmd.Umask != 0o027 {
			t.Errorf("%v: umask %v", cmd.Argv, cmd.Umask)
		}
		if cmd.Dir != path {
			t.Errorf("%v: runs in %q", cmd.Argv, cmd.Dir)
		}
		for _, e := range []string{"HOME=" + nobody.HomeDir, "LC_ALL=C",
			`GIT_SSH_COMMAND=ssh -i /nonexistent/id_ed25519 -o "IgnoreUnknown IdentityAgent" -o "IdentitiesOnly yes" -o "IdentityAgent none" -o "PasswordAuthentication no" -o "KbdInteractiveAuthentication no"`} {
			if !slices.Contains(cmd.Env, e) {
				t.Errorf("%v: no %s in %q", cmd.Argv, e, cmd.Env)
			}
		}
	}
	// With an identity, the module asks git's version before each command.
	want := [][]string{{"git", "--version"}, {"git", "init"}}
	if !slices.EqualFunc(argvs, want, slices.Equal) {
		t.Errorf("commands %q, want %q", argvs, want)
	}
	st, err := os.Stat(filepath.Join(path, ".git", "HEAD"))
	if err != nil {
		t.Fatal(err)
	}
	if sys := st.Sys().(*syscall.Stat_t); int(sys.Uid) != uid || st.Mode().Perm() != 0o640 {
		t.Errorf("HEAD: uid %d, mode %v; want nobody's, 0640", sys.Uid, st.Mode().Perm())
	}
}
