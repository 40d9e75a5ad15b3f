package user_test

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
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
	"github.com/ordoproject/ordo/internal/resource/user"
	ns "github.com/ordoproject/ordo/internal/resource/user/nameservice"
)

// stdinRecorder keeps the stdin of every command it answers.
type stdinRecorder struct{ stdin []string }

func (r *stdinRecorder) Run(_ context.Context, c resource.Command) (resource.Result, error) {
	r.stdin = append(r.stdin, string(c.Stdin))
	return resource.Result{}, nil
}

// fakeFiles writes account databases into a temporary directory.
func fakeFiles(t *testing.T, passwd, group, shadow string) ns.Files {
	t.Helper()
	dir := t.TempDir()
	f := ns.Files{Passwd: filepath.Join(dir, "passwd"), Group: filepath.Join(dir, "group"), Shadow: filepath.Join(dir, "shadow")}
	for path, text := range map[string]string{f.Passwd: passwd, f.Group: group, f.Shadow: shadow} {
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return f
}

const (
	passwdDB = "root:x:0:0:root:/root:/bin/bash\nbob:x:5000:100:Bob Old:/home/bob:/bin/sh\n"
	groupDB  = "root:x:0:\nstaff:x:100:\nwheel:x:10:bob\ndev:x:20:\nbob:x:5000:\n"
	shadowDB = "root:*:19000:0:99999:7:::\nbob:!:19000:0:99999:7:::\n"
)

type applied struct {
	lines    []string // log lines at info and above
	commands []string
	stdin    []string
}

func applyFake(t *testing.T, typ user.Type, r *catalog.Resource, noop bool) applied {
	t.Helper()
	inst, err := resource.Instantiate(typ, r)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	rec := &stdinRecorder{}
	fake := &command.Fake{Next: rec}
	log := &resourcetest.Logger{MinLevel: resource.Info}
	h := &resource.Handle{Path: "/Stage[main]/Main/" + r.Ref().String(), Log: log, Noop: noop, Runner: fake}
	resourcetest.Apply(context.Background(), inst, h)
	return applied{lines: log.Lines(), commands: fake.Lines(), stdin: rec.stdin}
}

func TestCreateCommandLine(t *testing.T) {
	files := fakeFiles(t, passwdDB, groupDB, shadowDB)
	r := resourcetest.Resource("User", "carol",
		"ensure", "present", "uid", "5001", "gid", "staff", "groups", []catalog.Value{"wheel", "dev"},
		"home", "/home/carol", "shell", "/bin/sh", "comment", "Carol C", "expiry", "2030-01-01",
		"password", catalog.Sensitive{Value: "$6$salt$hash"}, "password_min_age", 1, "password_max_age", "99",
		"password_warn_days", int64(5), "managehome", true, "system", true, "allowdupe", true,
		"purge_ssh_keys", false, "forcelocal", false, "membership", "minimum")
	got := applyFake(t, user.Type{Files: files}, r, false)
	want := []string{
		"/usr/sbin/useradd -c 'Carol C' -e 2030-01-01 -g staff -G dev,wheel -d /home/carol -s /bin/sh -u 5001 -o -m -r carol",
		"/usr/bin/chage -m 1 -M 99 -W 5 carol",
		"/usr/sbin/chpasswd -e",
	}
	if !slices.Equal(got.commands, want) {
		t.Errorf("commands:\n%s\nwant:\n%s", strings.Join(got.commands, "\n"), strings.Join(want, "\n"))
	}
	if !slices.Equal(got.stdin, []string{"", "", "carol:$6$salt$hash\n"}) {
		t.Errorf("stdin = %q", got.stdin)
	}
	if wantLines := []string{"Notice: /Stage[main]/Main/User[carol]/ensure: created"}; !slices.Equal(got.lines, wantLines) {
		t.Errorf("lines = %q, want %q", got.lines, wantLines)
	}
}

func TestCreateMinimal(t *testing.T) {
	files := fakeFiles(t, passwdDB, groupDB, shadowDB)
	for _, tc := range []struct {
		name string
		r    *catalog.Resource
		want string
	}{
		{"bare", resourcetest.Resource("User", "carol", "ensure", "present"), "/usr/sbin/useradd -M carol"},
		// A group named after the user becomes its primary group.
		{"own group", resourcetest.Resource("User", "dev", "ensure", "present"), "/usr/sbin/useradd -g dev -M dev"},
		{"expiry absent", resourcetest.Resource("User", "carol", "expiry", "absent", "uid", 7), "/usr/sbin/useradd -e '' -u 7 -M carol"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := applyFake(t, user.Type{Files: files}, tc.r, false)
			if !slices.Equal(got.commands, []string{tc.want}) {
				t.Errorf("commands = %q, want %q", got.commands, tc.want)
			}
		})
	}
}

func TestModifyCommandLines(t *testing.T) {
	files := fakeFiles(t, passwdDB, groupDB, shadowDB)
	r := resourcetest.Resource("User", "bob",
		"home", "/home/bob2", "uid", 5001, "gid", "dev", "comment", "Bob New", "shell", "/bin/bash",
		"password", "$6$x$y", "password_max_age", 30, "groups", []catalog.Value{"dev"}, "expiry", "2030-01-01")
	got := applyFake(t, user.Type{Files: files}, r, false)
	wantCmds := []string{
		"/usr/sbin/usermod -d /home/bob2 bob",
		"/usr/sbin/usermod -u 5001 bob",
		"/usr/sbin/usermod -g 20 bob",
		"/usr/sbin/usermod -c 'Bob New' bob",
		"/usr/sbin/usermod -s /bin/bash bob",
		"/usr/sbin/chpasswd -e",
		"/usr/bin/chage -M 30 bob",
		"/usr/sbin/usermod -G dev,wheel bob",
		"/usr/sbin/usermod -e 2030-01-01 bob",
	}
	if !slices.Equal(got.commands, wantCmds) {
		t.Errorf("commands:\n%s\nwant:\n%s", strings.Join(got.commands, "\n"), strings.Join(wantCmds, "\n"))
	}
	p := "Notice: /Stage[main]/Main/User[bob]/"
	wantLines := []string{
		p + "home: home changed '/home/bob' to '/home/bob2'",
		p + "uid: uid changed 5000 to 5001",
		p + "gid: gid changed 100 to 'dev'",
		p + "comment: comment changed 'Bob Old' to 'Bob New'",
		p + "shell: shell changed '/bin/sh' to '/bin/bash'",
		p + "password: changed [redacted] to [redacted]",
		p + "password_max_age: password_max_age changed 99999 to 30",
		p + "groups: groups changed wheel to ['dev', 'wheel']",
		p + "expiry: defined 'expiry' as '2030-01-01'",
	}
	if !slices.Equal(got.lines, wantLines) {
		t.Errorf("lines:\n%s\nwant:\n%s", strings.Join(got.lines, "\n"), strings.Join(wantLines, "\n"))
	}
}

func TestInSyncRunsNothing(t *testing.T) {
	files := fakeFiles(t, passwdDB, groupDB, shadowDB)
	r := resourcetest.Resource("User", "bob", "ensure", "present",
		"home", "/home/bob", "uid", "5000", "gid", 100, "comment", "Bob Old", "shell", "/bin/sh",
		"password", "!", "password_max_age", 99999, "groups", []catalog.Value{"wheel"}, "expiry", "absent")
	got := applyFake(t, user.Type{Files: files}, r, false)
	if len(got.commands) != 0 || len(got.lines) != 0 {
		t.Errorf("commands %q, lines %q; want none", got.commands, got.lines)
	}
	// gid by name, minimum membership: wheel is kept, nothing to add.
	r = resourcetest.Resource("User", "bob", "gid", "staff", "groups", []catalog.Value{})
	if got := applyFake(t, user.Type{Files: files}, r, false); len(got.commands) != 0 {
		t.Errorf("commands %q; want none", got.commands)
	}
}

func TestInclusiveMembershipAndRemoval(t *testing.T) {
	files := fakeFiles(t, passwdDB, groupDB, shadowDB)
	r := resourcetest.Resource("User", "bob", "groups", []catalog.Value{"dev"}, "membership", "inclusive", "expiry", "absent")
	got := applyFake(t, user.Type{Files: files}, r, false)
	if want := []string{"/usr/sbin/usermod -G dev bob"}; !slices.Equal(got.commands, want) {
		t.Errorf("commands = %q, want %q", got.commands, want)
	}
	if want := []string{"Notice: /Stage[main]/Main/User[bob]/groups: groups changed wheel to ['dev']"}; !slices.Equal(got.lines, want) {
		t.Errorf("lines = %q, want %q", got.lines, want)
	}

	r = resourcetest.Resource("User", "bob", "ensure", "absent", "managehome", "true", "uid", 1)
	got = applyFake(t, user.Type{Files: files}, r, false)
	if want := []string{"/usr/sbin/userdel -r bob"}; !slices.Equal(got.commands, want) {
		t.Errorf("commands = %q, want %q", got.commands, want)
	}
	if want := []string{"Notice: /Stage[main]/Main/User[bob]/ensure: removed"}; !slices.Equal(got.lines, want) {
		t.Errorf("lines = %q, want %q", got.lines, want)
	}
}

func TestNoopRunsNothing(t *testing.T) {
	files := fakeFiles(t, passwdDB, groupDB, shadowDB)
	r := resourcetest.Resource("User", "bob", "comment", "New", "password", catalog.Sensitive{Value: "$1$x"})
	got := applyFake(t, user.Type{Files: files}, r, true)
	if len(got.commands) != 0 {
		t.Errorf("noop ran %q", got.commands)
	}
	p := "Notice: /Stage[main]/Main/User[bob]/"
	want := []string{
		p + "comment: current_value 'Bob Old', should be 'New' (noop)",
		p + "password: current_value [redacted], should be [redacted] (noop)",
	}
	// resourcetest.Apply shows a sensitive property's values only when they
	// are wrapped; the engine wraps them for every SensitiveProperty.
	if got.lines[0] != want[0] {
		t.Errorf("lines = %q, want %q", got.lines, want)
	}
}

func TestFailures(t *testing.T) {
	files := fakeFiles(t, passwdDB, groupDB, shadowDB)
	fail := &command.Fake{Results: map[string]resource.Result{
		"/usr/sbin/usermod -u 0 bob":      {ExitCode: 4, Output: []byte("usermod: UID '0' already exists\n")},
		"/usr/sbin/useradd -g nogrp -M x": {ExitCode: 6, Output: []byte("useradd: group 'nogrp' does not exist\n")},
	}}
	run := func(r *catalog.Resource) []string {
		inst, err := resource.Instantiate(user.Type{Files: files}, r)
		if err != nil {
			t.Fatal(err)
		}
		log := &resourcetest.Logger{MinLevel: resource.Info}
		resourcetest.Apply(context.Background(), inst, &resource.Handle{Path: "/Stage[main]/Main/" + r.Ref().String(), Log: log, Runner: fail})
		return log.Lines()
	}
	got := run(resourcetest.Resource("User", "bob", "uid", 0))
	// The engine's own failure line (with the values shown as Puppet
	// shows them) is checked in internal/apply.
	want := []string{"Error: Could not set uid on user[bob]: Execution of '/usr/sbin/usermod -u 0 bob' returned 4: usermod: UID '0' already exists"}
	if len(got) != 2 || got[0] != want[0] {
		t.Errorf("lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	got = run(resourcetest.Resource("User", "x", "gid", "nogrp"))
	if want := "Error: Could not create user x: Execution of '/usr/sbin/useradd -g nogrp -M x' returned 6: useradd: group 'nogrp' does not exist"; len(got) == 0 || got[0] != want {
		t.Errorf("lines = %q, want first %q", got, want)
	}
	got = run(resourcetest.Resource("User", "x", "shell", "/nonexistent/sh"))
	if want := "Error: Shell /nonexistent/sh must exist"; len(got) == 0 || got[0] != want {
		t.Errorf("lines = %q, want first %q", got, want)
	}
	got = run(resourcetest.Resource("User", "bob", "gid", "nogrp"))
	if want := "Error: Could not find group(s) nogrp"; len(got) == 0 || got[0] != want {
		t.Errorf("lines = %q, want first %q", got, want)
	}
}

func TestValidation(t *testing.T) {
	for _, tc := range []struct {
		kv   []any
		want string
	}{
		{[]any{"groups", []catalog.Value{"a,b"}}, "Parameter groups failed on User[v]: Group names must be provided as an array, not a comma-separated list."},
		{[]any{"groups", []catalog.Value{"123"}}, "Parameter groups failed on User[v]: Group names must be provided, not GID numbers."},
		{[]any{"groups", []catalog.Value{""}}, `Parameter groups failed on User[v]: Group names must not be empty. If you want to specify "no groups" pass an empty array`},
		{[]any{"expiry", "2020-1-1"}, `Parameter expiry failed on User[v]: Expiry dates must be YYYY-MM-DD or the string "absent"`},
		{[]any{"password", "a:b"}, "Parameter password failed on User[v]: Passwords cannot include ':'"},
		{[]any{"membership", "bogus"}, `Parameter membership failed on User[v]: Invalid value "bogus". Valid values are inclusive, minimum.`},
		{[]any{"ensure", "bogus"}, `Parameter ensure failed on User[v]: Invalid value "bogus". Valid values are present, absent, role.`},
		{[]any{"ensure", "role"}, "Parameter ensure failed on User[v]: Provider useradd must have features 'manages_solaris_rbac' to set 'ensure' to 'role'"},
		{[]any{"managehome", "maybe"}, `Parameter managehome failed on User[v]: Munging failed for value "maybe" in class managehome: expected a boolean value`},
		{[]any{"system", "maybe"}, `Parameter system failed on User[v]: Invalid value "maybe". Valid values are true, false, yes, no.`},
		{[]any{"password_max_age", "x"}, "Parameter password_max_age failed on User[v]: Password maximum age must be provided as a number."},
		{[]any{"password_min_age", "x"}, "Parameter password_min_age failed on User[v]: Password minimum age must be provided as a number."},
		{[]any{"password_warn_days", "x"}, "Parameter password_warn_days failed on User[v]: Password warning days must be provided as a number."},
		{[]any{"purge_ssh_keys", int64(5)}, "Parameter purge_ssh_keys failed on User[v]: purge_ssh_keys must be true, false, or an array of file names, not 5"},
		{[]any{"purge_ssh_keys", "keys"}, "Parameter purge_ssh_keys failed on User[v]: Paths to keyfiles must be absolute, not keys"},
		{[]any{"coment", "x"}, "no parameter named 'coment' on User[v]; did you mean 'comment'?"},
		// Puppet validates in attribute order, not declaration order.
		{[]any{"expiry", "bad", "groups", []catalog.Value{"1"}}, "Parameter groups failed on User[v]: Group names must be provided, not GID numbers."},
	} {
		_, err := resource.Instantiate(user.Type{}, resourcetest.Resource("User", "v", tc.kv...))
		if err == nil || err.Error() != tc.want {
			t.Errorf("%v: error %v, want %q", tc.kv, err, tc.want)
		}
	}
	for _, kv := range [][]any{
		{"purge_ssh_keys", false}, {"purge_ssh_keys", "false"}, {"forcelocal", false}, {"provider", "useradd"},
		{"managehome", "yes"}, {"roles", []catalog.Value{"r"}}, {"uid", "abc"},
	} {
		if _, err := resource.Instantiate(user.Type{}, resourcetest.Resource("User", "v", kv...)); err != nil {
			t.Errorf("%v: %v", kv, err)
		}
	}
}

func TestAutoRequire(t *testing.T) {
	c := catalog.New("node")
	add := func(r *catalog.Resource) {
		if err := c.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	add(resourcetest.Resource("Group", "numbered", "gid", "4242"))
	add(resourcetest.Resource("Group", "other", "gid", 4243))
	u := resourcetest.Resource("User", "bob", "gid", 4242, "groups", []catalog.Value{"g1", "g2"}, "roles", "r1,r2")
	add(u)
	var got []string
	for _, ref := range (user.Type{}).AutoRequire(u, c) {
		got = append(got, ref.String())
	}
	// roles are not managed by useradd, so they require nothing.
	want := []string{"Group[numbered]", "Group[g1]", "Group[g2]"}
	if !slices.Equal(got, want) {
		t.Errorf("AutoRequire = %q, want %q", got, want)
	}
	u2 := resourcetest.Resource("User", "carol", "gid", "staff")
	refs := (user.Type{}).AutoRequire(u2, c)
	if len(refs) != 1 || refs[0].String() != "Group[staff]" {
		t.Errorf("AutoRequire = %v, want Group[staff]", refs)
	}
}

var _ resource.AutoRelater = user.Type{}
