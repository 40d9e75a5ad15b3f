package group_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/group"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
	ns "github.com/ordoproject/ordo/internal/resource/user/nameservice"
)

type okRunner struct{}

func (okRunner) Run(context.Context, resource.Command) (resource.Result, error) {
	return resource.Result{}, nil
}

func files(t *testing.T) ns.Files {
	t.Helper()
	dir := t.TempDir()
	f := ns.Files{Passwd: filepath.Join(dir, "passwd"), Group: filepath.Join(dir, "group"), Shadow: filepath.Join(dir, "shadow")}
	for path, text := range map[string]string{
		f.Passwd: "alice:x:5000:5000::/home/alice:/bin/sh\nbob:x:5001:5001::/home/bob:/bin/sh\n",
		f.Group:  "staff:x:100:bob\nempty:x:101:\n",
		f.Shadow: "",
	} {
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

func apply(t *testing.T, f ns.Files, r *catalog.Resource, noop bool) (lines, cmds []string) {
	t.Helper()
	inst, err := resource.Instantiate(group.Type{Files: f}, r)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	fake := &command.Fake{Next: okRunner{}}
	log := &resourcetest.Logger{MinLevel: resource.Info}
	resourcetest.Apply(context.Background(), inst, &resource.Handle{Path: "/Stage[main]/Main/" + r.Ref().String(), Log: log, Noop: noop, Runner: fake})
	return log.Lines(), fake.Lines()
}

func TestCommandLines(t *testing.T) {
	f := files(t)
	const p = "Notice: /Stage[main]/Main/Group["
	for _, tc := range []struct {
		desc  string
		r     *catalog.Resource
		cmds  []string
		lines []string
	}{
		{"create", resourcetest.Resource("Group", "g", "ensure", "present"),
			[]string{"/usr/sbin/groupadd g"}, []string{p + "g]/ensure: created"}},
		{"create by default", resourcetest.Resource("Group", "g"),
			[]string{"/usr/sbin/groupadd g"}, []string{p + "g]/ensure: created"}},
		{"create with options", resourcetest.Resource("Group", "g", "gid", "4242", "allowdupe", true, "system", "yes", "forcelocal", false, "provider", "groupadd"),
			[]string{"/usr/sbin/groupadd -g 4242 -o -r g"}, []string{p + "g]/ensure: created"}},
		{"create with members", resourcetest.Resource("Group", "g", "members", []catalog.Value{"bob", "alice"}),
			[]string{"/usr/sbin/groupadd g", "/usr/bin/gpasswd -M alice,bob g"}, []string{p + "g]/ensure: created"}},
		{"gid", resourcetest.Resource("Group", "staff", "gid", int64(200)),
			[]string{"/usr/sbin/groupmod -g 200 staff"}, []string{p + "staff]/gid: gid changed 100 to 200"}},
		{"gid allowdupe", resourcetest.Resource("Group", "staff", "gid", int64(101), "allowdupe", true),
			[]string{"/usr/sbin/groupmod -g 101 -o staff"}, []string{p + "staff]/gid: gid changed 100 to 101"}},
		{"in sync", resourcetest.Resource("Group", "staff", "gid", "100", "members", []catalog.Value{"bob"}), nil, nil},
		{"members minimum", resourcetest.Resource("Group", "staff", "members", []catalog.Value{"alice"}),
			[]string{"/usr/bin/gpasswd -M alice,bob staff"}, []string{p + "staff]/members: members changed bob to alice,bob"}},
		{"members inclusive", resourcetest.Resource("Group", "staff", "members", []catalog.Value{"alice"}, "auth_membership", true),
			[]string{"/usr/bin/gpasswd -M alice staff"}, []string{p + "staff]/members: members changed bob to alice"}},
		{"members from none", resourcetest.Resource("Group", "empty", "members", []catalog.Value{"alice"}),
			[]string{"/usr/bin/gpasswd -M alice empty"}, []string{p + "empty]/members: members changed  to alice"}},
		{"remove", resourcetest.Resource("Group", "staff", "ensure", "absent", "gid", 5),
			[]string{"/usr/sbin/groupdel staff"}, []string{p + "staff]/ensure: removed"}},
		{"absent already", resourcetest.Resource("Group", "nope", "ensure", "absent"), nil, nil},
	} {
		lines, cmds := apply(t, f, tc.r, false)
		if !slices.Equal(cmds, tc.cmds) {
			t.Errorf("%s: commands %q, want %q", tc.desc, cmds, tc.cmds)
		}
		if !slices.Equal(lines, tc.lines) {
			t.Errorf("%s: lines %q, want %q", tc.desc, lines, tc.lines)
		}
	}
}

func TestNoop(t *testing.T) {
	lines, cmds := apply(t, files(t), resourcetest.Resource("Group", "g"), true)
	if len(cmds) != 0 {
		t.Errorf("noop ran %q", cmds)
	}
	if want := []string{"Notice: /Stage[main]/Main/Group[g]/ensure: current_value 'absent', should be 'present' (noop)"}; !slices.Equal(lines, want) {
		t.Errorf("lines %q, want %q", lines, want)
	}
}

func TestFailures(t *testing.T) {
	f := files(t)
	fake := &command.Fake{Results: map[string]resource.Result{
		"/usr/sbin/groupmod -g 101 staff": {ExitCode: 4, Output: []byte("groupmod: GID '101' already exists\n")},
	}}
	inst, err := resource.Instantiate(group.Type{Files: f}, resourcetest.Resource("Group", "staff", "gid", 101))
	if err != nil {
		t.Fatal(err)
	}
	log := &resourcetest.Logger{MinLevel: resource.Info}
	resourcetest.Apply(context.Background(), inst, &resource.Handle{Path: "/Stage[main]/Main/Group[staff]", Log: log, Runner: fake})
	want := []string{"Error: Could not set gid on group[staff]: Execution of '/usr/sbin/groupmod -g 101 staff' returned 4: groupmod: GID '101' already exists"}
	if got := log.Lines(); len(got) != 2 || got[0] != want[0] {
		t.Errorf("lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	lines, _ := apply(t, f, resourcetest.Resource("Group", "staff", "members", []catalog.Value{"nobody_here"}), false)
	if len(lines) == 0 || lines[0] != "Error: can't find user for nobody_here" {
		t.Errorf("lines %q", lines)
	}
}

func TestValidation(t *testing.T) {
	for _, tc := range []struct {
		kv   []any
		want string
	}{
		{[]any{"gid", "abc"}, "Parameter gid failed on Group[v]: Invalid GID abc"},
		{[]any{"ensure", "bogus"}, `Parameter ensure failed on Group[v]: Invalid value "bogus". Valid values are present, absent.`},
		{[]any{"auth_membership", "maybe"}, `Parameter auth_membership failed on Group[v]: Invalid value "maybe". Valid values are true, false, yes, no.`},
		{[]any{"system", "maybe"}, `Parameter system failed on Group[v]: Invalid value "maybe". Valid values are true, false, yes, no.`},
		{[]any{"member", "x"}, "no parameter named 'member' on Group[v]; did you mean 'members'?"},
	} {
		_, err := resource.Instantiate(group.Type{}, resourcetest.Resource("Group", "v", tc.kv...))
		if err == nil || err.Error() != tc.want {
			t.Errorf("%v: error %v, want %q", tc.kv, err, tc.want)
		}
	}
}
