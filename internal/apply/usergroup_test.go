package apply_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"github.com/ordoproject/ordo/internal/resource/providertest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
	ns "github.com/ordoproject/ordo/internal/resource/user/nameservice"
)

// TestUserBeforeItsGroups applies a user declared before its groups and a
// file it owns: autorequire puts the groups first, the file after the user.
func TestUserBeforeItsGroups(t *testing.T) {
	if os.Geteuid() != 0 || ns.Program("useradd") == "useradd" {
		t.Skip("needs root and useradd")
	}
	providertest.LockAccounts(t)
	b := make([]byte, 4)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	// One random stem and a letter each, so the names sort as listed.
	var names []string
	for i := range 3 {
		names = append(names, "ordotest_"+hex.EncodeToString(b)+string(rune('a'+i)))
	}
	u, g1, g2 := names[0], names[1], names[2]
	t.Cleanup(func() {
		exec.Command("userdel", "-r", u).Run()
		exec.Command("groupdel", g1).Run()
		exec.Command("groupdel", g2).Run()
	})
	path := filepath.Join(t.TempDir(), "owned")

	build := func(userParams ...any) *catalog.Catalog {
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
		if userParams == nil {
			userParams = []any{"ensure", "present", "gid", g1, "groups", []catalog.Value{g2}}
		}
		add(resourcetest.Resource("User", u, userParams...), class)
		add(resourcetest.Resource("Group", g1, "ensure", "present"), class)
		add(resourcetest.Resource("Group", g2, "ensure", "present"), class)
		add(resourcetest.Resource("File", path, "ensure", "file", "owner", u, "group", g2, "content", "hi\n"), class)
		return c
	}
	run := func(c *catalog.Catalog, noop bool) []string {
		log := &resourcetest.Logger{MinLevel: resource.Notice}
		_, err := apply.Apply(context.Background(), c, apply.Options{Types: builtin.Registry(), Runner: command.Runner{}, Log: log, BucketDir: t.TempDir(), Noop: noop})
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, l := range log.Lines() {
			if !strings.Contains(l, "Applied catalog") && !strings.Contains(l, "Would have triggered") {
				out = append(out, l)
			}
		}
		return out
	}

	got := run(build(), false)
	want := []string{
		"Notice: /Stage[main]/Main/Group[" + g1 + "]/ensure: created",
		"Notice: /Stage[main]/Main/Group[" + g2 + "]/ensure: created",
		"Notice: /Stage[main]/Main/User[" + u + "]/ensure: created",
		"Notice: /Stage[main]/Main/File[" + path + "]/ensure: defined content as '{sha256}98ea6e4f216f2fb4b69fff9b3a44842c38686ca685f3f55dc48c5d3fb1107be4'",
	}
	if !slices.Equal(got, want) {
		t.Fatalf("first run:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	acct, err := ns.Files{}.LookupUser(u)
	if err != nil || acct == nil {
		t.Fatalf("user %s: %v", u, err)
	}
	grp, _ := ns.Files{}.LookupGroup(g1)
	if grp == nil || acct.GID != grp.GID {
		t.Errorf("primary group of %s is %d, want %s's", u, acct.GID, g1)
	}
	if groups, _ := (ns.Files{}).GroupsOf(u); !slices.Equal(groups, []string{g2}) {
		t.Errorf("groups of %s = %q", u, groups)
	}
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if st := fi.Sys().(*syscall.Stat_t); int64(st.Uid) != acct.UID {
		t.Errorf("file owner %d, want %d", st.Uid, acct.UID)
	}

	if got := run(build(), false); len(got) != 0 {
		t.Errorf("second run changed:\n%s", strings.Join(got, "\n"))
	}

	// Noop and failure lines show numbers bare and the current groups
	// unquoted, as Puppet's is_to_s does.
	p := "Notice: /Stage[main]/Main/User[" + u + "]/"
	got = run(build("uid", acct.UID+1, "groups", []catalog.Value{g1}, "comment", "x"), true)
	want = []string{
		fmt.Sprintf("%suid: current_value %d, should be %d (noop)", p, acct.UID, acct.UID+1),
		p + "comment: current_value '', should be 'x' (noop)",
		fmt.Sprintf("%sgroups: current_value %s, should be '%s,%s' (noop)", p, g2, g1, g2),
	}
	if !slices.Equal(got, want) {
		t.Errorf("noop run:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	got = run(build("uid", 0), false)
	want = []string{
		"Error: Could not set uid on user[" + u + "]: Execution of '/usr/sbin/usermod -u 0 " + u + "' returned 4: usermod: UID '0' already exists",
		fmt.Sprintf("Error: /Stage[main]/Main/User[%s]/uid: change from %d to 0 failed: Could not set uid on user[%s]: Execution of '/usr/sbin/usermod -u 0 %s' returned 4: usermod: UID '0' already exists", u, acct.UID, u, u),
	}
	if len(got) < 2 || !slices.Equal(got[:2], want) {
		t.Errorf("failing run:\n%s\nwant first:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
