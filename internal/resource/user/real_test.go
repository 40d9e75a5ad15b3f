package user_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"github.com/ordoproject/ordo/internal/resource/providertest"
	"os"
	"os/exec"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/group"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
	"github.com/ordoproject/ordo/internal/resource/user"
	ns "github.com/ordoproject/ordo/internal/resource/user/nameservice"
)

// requireAccounts skips tests that change real accounts unless they can.
func requireAccounts(t *testing.T) {
	t.Helper()
	if os.Geteuid() != 0 {
		t.Skip("needs root to manage accounts")
	}
	for _, p := range []string{"useradd", "usermod", "userdel", "groupadd", "groupmod", "groupdel", "chage", "chpasswd", "gpasswd"} {
		if ns.Program(p) == p {
			t.Skipf("%s is not installed", p)
		}
	}
	providertest.LockAccounts(t)
}

// throwaway returns n account names no real account has, and removes the
// users and then the groups of those names when the test ends, even on
// failure (a group cannot go while it is some user's primary group).
func throwaway(t *testing.T, n int) []string {
	t.Helper()
	b := make([]byte, 4)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	// One random stem and a letter each: the names sort in the order
	// they are handed out, which the expected messages rely on.
	var names []string
	for i := range n {
		names = append(names, "ordotest_"+hex.EncodeToString(b)+string(rune('a'+i)))
	}
	t.Cleanup(func() {
		for _, name := range names {
			exec.Command("userdel", "-r", name).Run()
		}
		for _, name := range names {
			exec.Command("groupdel", name).Run()
		}
	})
	return names
}

// freeIDs returns n numbers used by no account and no group.
// They start at from; groupadd and useradd pick the highest id in use
// plus one, so tests keep the ids they set apart from those.
func freeIDs(t *testing.T, from int64, n int) []int64 {
	t.Helper()
	var out []int64
	for id := from; id < from+10000 && len(out) < n; id++ {
		g, err := ns.Files{}.LookupGID(id)
		if err != nil {
			t.Fatal(err)
		}
		if g != nil || exec.Command("getent", "passwd", fmt.Sprint(id)).Run() == nil {
			continue
		}
		out = append(out, id)
	}
	if len(out) < n {
		t.Fatal("no free ids")
	}
	return out
}

type step struct {
	desc string
	res  []*catalog.Resource
	noop bool
	want []string
}

// run applies each step's resources in order through the real commands,
// as the engine does, and compares the info-and-above lines.
func run(t *testing.T, steps []step) {
	t.Helper()
	types := map[string]resource.Type{"User": user.Type{}, "Group": group.Type{}}
	for _, s := range steps {
		log := &resourcetest.Logger{MinLevel: resource.Info}
		for _, r := range s.res {
			inst, err := resource.Instantiate(types[r.Type], r)
			if err != nil {
				t.Fatalf("%s: New %s: %v", s.desc, r.Ref(), err)
			}
			h := &resource.Handle{Path: "/Stage[main]/Main/" + r.Ref().String(), Log: log, Noop: s.noop, Runner: command.Runner{}}
			resourcetest.Apply(context.Background(), inst, h)
		}
		if got := log.Lines(); !slices.Equal(got, s.want) {
			t.Fatalf("%s:\n%s\nwant:\n%s", s.desc, strings.Join(got, "\n"), strings.Join(s.want, "\n"))
		}
	}
}

func lookup(t *testing.T, name string) *ns.Account {
	t.Helper()
	a, err := ns.Files{}.LookupUser(name)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func lookupGroup(t *testing.T, name string) *ns.Group {
	t.Helper()
	g, err := ns.Files{}.LookupGroup(name)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// TestRealLifecycle creates, changes and removes a real user and its
// groups, checking every message against what Puppet 7.23 logs.
func TestRealLifecycle(t *testing.T) {
	requireAccounts(t)
	names := throwaway(t, 5)
	u, g1, g2, g3, g4 := names[0], names[1], names[2], names[3], names[4]
	ids := freeIDs(t, 47100, 3)
	uid, uid2, gid2 := ids[0], ids[1], ids[2]
	gid2b := freeIDs(t, 55000, 1)[0]
	home := "/tmp/" + u
	t.Cleanup(func() { os.RemoveAll(home); os.RemoveAll(home + "_x") })
	U := func(kv ...any) *catalog.Resource { return resourcetest.Resource("User", u, kv...) }
	G := func(name string, kv ...any) *catalog.Resource { return resourcetest.Resource("Group", name, kv...) }
	up := "Notice: /Stage[main]/Main/User[" + u + "]/"
	gp := func(name string) string { return "Notice: /Stage[main]/Main/Group[" + name + "]/" }

	create := []*catalog.Resource{
		G(g1, "ensure", "present"),
		G(g2, "ensure", "present", "gid", gid2),
		U("ensure", "present", "uid", uid, "gid", g1, "groups", []catalog.Value{g2}, "home", home,
			"shell", "/bin/sh", "comment", "Ordo Test", "expiry", "2030-01-01", "managehome", true,
			"password_max_age", 99, "password", catalog.Sensitive{Value: "x$1$abc"}),
	}
	run(t, []step{
		{"create", create, false, []string{gp(g1) + "ensure: created", gp(g2) + "ensure: created", up + "ensure: created"}},
		{"converged", create, false, nil},
	})
	a := lookup(t, u)
	if a == nil || a.UID != uid || a.Home != home || a.Shell != "/bin/sh" || a.Gecos != "Ordo Test" {
		t.Fatalf("created account %+v", a)
	}
	if fi, err := os.Stat(home); err != nil || !fi.IsDir() {
		t.Errorf("managehome: home not created: %v", err)
	}
	sh, _ := ns.Files{}.LookupShadow(u)
	if sh == nil || sh.Password != "x$1$abc" || sh.Max != 99 {
		t.Errorf("shadow %+v", sh)
	}
	gid1 := lookupGroup(t, g1).GID

	change := []*catalog.Resource{
		G(g1, "ensure", "present"),
		G(g3, "ensure", "present"),
		G(g2, "ensure", "present", "gid", fmt.Sprint(gid2b)),
		U("ensure", "present", "uid", fmt.Sprint(uid2), "gid", g3, "groups", []catalog.Value{g2, g1},
			"home", home+"_x", "shell", "/bin/bash", "comment", "Ordo Test 2", "expiry", "2031-01-01",
			"password_max_age", "98", "password_min_age", 1, "password_warn_days", 5, "password", "x$1$abd"),
	}
	noop := []*catalog.Resource{U("home", home+"_y", "comment", "Nope", "shell", "/bin/bash", "expiry", "absent")}
	run(t, []step{
		{"noop", noop, true, []string{
			up + "home: current_value '" + home + "', should be '" + home + "_y' (noop)",
			up + "comment: current_value 'Ordo Test', should be 'Nope' (noop)",
			up + "shell: current_value '/bin/sh', should be '/bin/bash' (noop)",
			up + "expiry: current_value '2030-01-01', should be 'absent' (noop)",
		}},
		{"noop changed nothing", create, false, nil},
		{"change", change, false, []string{
			gp(g3) + "ensure: created",
			fmt.Sprintf("%sgid: gid changed %d to %d", gp(g2), gid2, gid2b),
			fmt.Sprintf("%shome: home changed '%s' to '%s_x'", up, home, home),
			fmt.Sprintf("%suid: uid changed %d to %d", up, uid, uid2),
			fmt.Sprintf("%sgid: gid changed %d to '%s'", up, gid1, g3),
			up + "comment: comment changed 'Ordo Test' to 'Ordo Test 2'",
			up + "shell: shell changed '/bin/sh' to '/bin/bash'",
			up + "password: changed [redacted] to [redacted]",
			up + "password_min_age: password_min_age changed 0 to 1",
			up + "password_max_age: password_max_age changed 99 to 98",
			up + "password_warn_days: password_warn_days changed 7 to 5",
			fmt.Sprintf("%sgroups: groups changed %s to ['%s', '%s']", up, g2, g1, g2),
			up + "expiry: expiry changed '2030-01-01' to '2031-01-01'",
		}},
		{"converged after change", change, false, nil},
	})

	inclusive := []*catalog.Resource{
		G(g4, "ensure", "present"),
		U("groups", []catalog.Value{g4}, "membership", "inclusive", "expiry", "absent", "comment", ""),
	}
	run(t, []step{
		{"inclusive", inclusive, false, []string{
			gp(g4) + "ensure: created",
			up + "comment: comment changed 'Ordo Test 2' to ''",
			fmt.Sprintf("%sgroups: groups changed %s,%s to ['%s']", up, g1, g2, g4),
			up + "expiry: undefined 'expiry' from '2031-01-01'",
		}},
		{"converged after inclusive", inclusive, false, nil},
	})
	if got, _ := (ns.Files{}).GroupsOf(u); !slices.Equal(got, []string{g4}) {
		t.Errorf("groups of %s = %q", u, got)
	}

	remove := []*catalog.Resource{
		U("ensure", "absent", "managehome", true),
		G(g1, "ensure", "absent"), G(g2, "ensure", "absent"), G(g3, "ensure", "absent"), G(g4, "ensure", "absent"),
	}
	run(t, []step{
		{"remove", remove, false, []string{
			up + "ensure: removed",
			gp(g1) + "ensure: removed", gp(g2) + "ensure: removed", gp(g3) + "ensure: removed", gp(g4) + "ensure: removed",
		}},
		{"converged after remove", remove, false, nil},
	})
	if lookup(t, u) != nil || lookupGroup(t, g1) != nil {
		t.Error("user or group still there")
	}
}

// TestRealGroupsFromNone adds a first supplementary group and a comment to
// an account created with defaults.
func TestRealGroupsFromNone(t *testing.T) {
	requireAccounts(t)
	names := throwaway(t, 2)
	u, g := names[0], names[1]
	up := "Notice: /Stage[main]/Main/User[" + u + "]/"
	run(t, []step{
		{"create", []*catalog.Resource{
			resourcetest.Resource("Group", g),
			resourcetest.Resource("User", u, "ensure", "present"),
		}, false, []string{"Notice: /Stage[main]/Main/Group[" + g + "]/ensure: created", up + "ensure: created"}},
		{"change", []*catalog.Resource{
			resourcetest.Resource("User", u, "comment", "Hi", "groups", []catalog.Value{g}, "expiry", "2030-05-05"),
		}, false, []string{
			up + "comment: comment changed '' to 'Hi'",
			up + "groups: groups changed  to ['" + g + "']",
			up + "expiry: defined 'expiry' as '2030-05-05'",
		}},
	})
	// useradd made the user's own group (USERGROUPS_ENAB); it goes with
	// the user on removal, as Puppet leaves it to userdel.
	if a := lookup(t, u); a == nil {
		t.Fatal("user missing")
	}
}

// TestRealGroupMembers manages a group's member list with gpasswd.
func TestRealGroupMembers(t *testing.T) {
	requireAccounts(t)
	names := throwaway(t, 3)
	u1, u2, g := names[0], names[1], names[2]
	gp := "Notice: /Stage[main]/Main/Group[" + g + "]/"
	run(t, []step{
		{"create", []*catalog.Resource{
			resourcetest.Resource("User", u1, "ensure", "present"),
			resourcetest.Resource("User", u2, "ensure", "present"),
			resourcetest.Resource("Group", g, "members", []catalog.Value{u1}),
		}, false, []string{
			"Notice: /Stage[main]/Main/User[" + u1 + "]/ensure: created",
			"Notice: /Stage[main]/Main/User[" + u2 + "]/ensure: created",
			gp + "ensure: created",
		}},
		{"minimum adds", []*catalog.Resource{resourcetest.Resource("Group", g, "members", []catalog.Value{u2})}, false,
			[]string{gp + "members: members changed " + u1 + " to " + u1 + "," + u2}},
		{"minimum converged", []*catalog.Resource{resourcetest.Resource("Group", g, "members", []catalog.Value{u2})}, false, nil},
		{"inclusive", []*catalog.Resource{resourcetest.Resource("Group", g, "members", []catalog.Value{u2}, "auth_membership", true)}, false,
			[]string{gp + "members: members changed " + u1 + "," + u2 + " to " + u2}},
		{"inclusive converged", []*catalog.Resource{resourcetest.Resource("Group", g, "members", []catalog.Value{u2}, "auth_membership", true)}, false, nil},
	})
	if grp := lookupGroup(t, g); grp == nil || !slices.Equal(grp.Members, []string{u2}) {
		t.Errorf("group %+v", grp)
	}
}

// TestRealConcurrentChanges creates accounts from several goroutines at
// once, as a parallel run does: the shadow tools refuse to run while
// another holds the database lock, so the changes must take turns.
func TestRealConcurrentChanges(t *testing.T) {
	requireAccounts(t)
	names := throwaway(t, 6)
	var wg sync.WaitGroup
	logs := make([]*resourcetest.Logger, len(names))
	for i, name := range names {
		typ, r := resource.Type(user.Type{}), resourcetest.Resource("User", name, "ensure", "present", "comment", "c")
		if i%2 == 1 {
			typ, r = group.Type{}, resourcetest.Resource("Group", name)
		}
		inst, err := resource.Instantiate(typ, r)
		if err != nil {
			t.Fatal(err)
		}
		logs[i] = &resourcetest.Logger{MinLevel: resource.Info}
		h := &resource.Handle{Path: "/Stage[main]/Main/" + r.Ref().String(), Log: logs[i], Runner: command.Runner{}}
		wg.Add(1)
		go func() {
			defer wg.Done()
			resourcetest.Apply(context.Background(), inst, h)
		}()
	}
	wg.Wait()
	for i, name := range names {
		want := "Notice: /Stage[main]/Main/User[" + name + "]/ensure: created"
		if i%2 == 1 {
			want = "Notice: /Stage[main]/Main/Group[" + name + "]/ensure: created"
		}
		if got := logs[i].Lines(); !slices.Equal(got, []string{want}) {
			t.Errorf("%s: %q", name, got)
		}
	}
}
