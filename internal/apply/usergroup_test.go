package apply_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
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
	var names []string
	for range 3 {
		b := make([]byte, 4)
		if _, err := rand.Read(b); err != nil {
			t.Fatal(err)
		}
		names = append(names, "ordotest_"+hex.EncodeToString(b))
	}
	u, g1, g2 := names[0], names[1], names[2]
	t.Cleanup(func() {
		exec.Command("userdel", "-r", u).Run()
		exec.Command("groupdel", g1).Run()
		exec.Command("groupdel", g2).Run()
	})
	path := filepath.Join(t.TempDir(), "owned")

	build := func() *catalog.Catalog {
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
		add(resourcetest.Resource("User", u, "ensure", "present", "gid", g1, "groups", []catalog.Value{g2}), class)
		add(resourcetest.Resource("Group", g1, "ensure", "present"), class)
		add(resourcetest.Resource("Group", g2, "ensure", "present"), class)
		add(resourcetest.Resource("File", path, "ensure", "file", "owner", u, "group", g2, "content", "hi\n"), class)
		return c
	}
	run := func() []string {
		log := &resourcetest.Logger{MinLevel: resource.Notice}
		res, err := apply.Apply(context.Background(), build(), apply.Options{Types: builtin.Registry(), Runner: command.Runner{}, Log: log, BucketDir: t.TempDir()})
		if err != nil {
			t.Fatal(err)
		}
		_ = res
		var out []string
		for _, l := range log.Lines() {
			if !strings.Contains(l, "Applied catalog") {
				out = append(out, l)
			}
		}
		return out
	}

	got := run()
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

	if got := run(); len(got) != 0 {
		t.Errorf("second run changed:\n%s", strings.Join(got, "\n"))
	}
}
