package user_test

import (
	"context"
	"github.com/ordoproject/ordo/internal/resource/providertest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
	ns "github.com/ordoproject/ordo/internal/resource/user/nameservice"
)

// TestPurgeSSHKeys removes the keys of a user's authorized_keys that the
// catalog does not manage, and those of the files given, with the lines
// Puppet 7.23 with puppetlabs-sshkeys_core printed for the same manifest
// and files (a key of an account that does not exist is removed and then
// fails to be written, as there).
func TestPurgeSSHKeys(t *testing.T) {
	if os.Geteuid() != 0 || ns.Program("useradd") == "useradd" {
		t.Skip("needs root and useradd")
	}
	providertest.LockAccounts(t)
	const u, gone = "ordorespk", "ordorespk2"
	// The keys are written as their user, who must reach them: a folder
	// of its own rather than the test's private one.
	base, err := os.MkdirTemp("", "ordorespk")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(base) })
	if err := os.Chmod(base, 0o755); err != nil {
		t.Fatal(err)
	}
	home := filepath.Join(base, "home")
	cleanup := func() {
		exec.Command("userdel", u).Run()
		exec.Command("groupdel", u).Run()
	}
	cleanup()
	t.Cleanup(cleanup)
	if out, err := exec.Command("useradd", "-m", "-d", home, u).CombinedOutput(); err != nil {
		t.Fatalf("useradd: %v: %s", err, out)
	}
	keys := filepath.Join(home, ".ssh", "authorized_keys")
	extra := filepath.Join(home, "extra_keys")
	if err := os.MkdirAll(filepath.Dir(keys), 0o700); err != nil {
		t.Fatal(err)
	}
	write := func(p, s string) {
		if err := os.WriteFile(p, []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(keys, "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC1 keep@host\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI2 drop@host\n# comment line\nssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC3\n")
	write(extra, "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC9 extra@host\n")
	if out, err := exec.Command("chown", "-R", u, filepath.Dir(keys)).CombinedOutput(); err != nil {
		t.Fatalf("chown: %v: %s", err, out)
	}

	c := catalog.New("node")
	add := func(r *catalog.Resource, container catalog.Ref) {
		if err := c.Add(r); err != nil {
			t.Fatal(err)
		}
		if container.Type != "" {
			c.Contain(container, r.Ref())
		}
	}
	stage, class := catalog.Ref{Type: "Stage", Title: "main"}, catalog.Ref{Type: "Class", Title: "main"}
	add(&catalog.Resource{Type: "Stage", Title: "main"}, catalog.Ref{})
	add(&catalog.Resource{Type: "Class", Title: "main"}, stage)
	add(resourcetest.Resource("User", u, "purge_ssh_keys", true), class)
	add(resourcetest.Resource("Ssh_authorized_key", "keep@host", "user", u, "type", "ssh-rsa", "key", "AAAAB3NzaC1yc2EAAAADAQABAAABAQC1"), class)
	add(resourcetest.Resource("User", gone, "ensure", "absent", "purge_ssh_keys", []catalog.Value{extra, "~/.ssh/none"}), class)

	log := &resourcetest.Logger{MinLevel: resource.Notice}
	if _, err := apply.Apply(context.Background(), c, apply.Options{Types: builtin.Registry(), Runner: command.Runner{}, Log: log, BucketDir: t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, l := range log.Lines() {
		if !strings.Contains(l, "Applied catalog") {
			got = append(got, l)
		}
	}
	want := []string{
		"Notice: /Stage[main]/Main/Ssh_authorized_key[drop@host]/ensure: removed",
		"Notice: /Stage[main]/Main/Ssh_authorized_key[" + keys + ":unnamed-1]/ensure: removed",
		"Notice: /Stage[main]/Main/Ssh_authorized_key[extra@host]/ensure: removed",
		"Error: /Stage[main]/Main/Ssh_authorized_key[extra@host]: Could not evaluate: User '" + gone + "' does not exist",
	}
	if !slices.Equal(got, want) {
		t.Errorf("run:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	data, err := os.ReadFile(keys)
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if !strings.HasPrefix(l, "# HEADER") {
			kept = append(kept, l)
		}
	}
	if want := []string{"ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC1 keep@host", "# comment line"}; !slices.Equal(kept, want) {
		t.Errorf("%s holds\n%s\nwant\n%s", keys, strings.Join(kept, "\n"), strings.Join(want, "\n"))
	}
}
