package user_test

import (
	"context"
	"os"
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

// confRecorder keeps, for every command, the libuser configuration it
// was given ("" for none).
type confRecorder struct{ confs []string }

func (r *confRecorder) Run(_ context.Context, c resource.Command) (resource.Result, error) {
	conf := ""
	for _, e := range c.Env {
		if path, ok := strings.CutPrefix(e, "LIBUSER_CONF="); ok {
			data, err := os.ReadFile(path)
			if err != nil {
				return resource.Result{}, err
			}
			conf = string(data)
		}
	}
	r.confs = append(r.confs, conf)
	return resource.Result{}, nil
}

// TestForcelocalCommandLines checks the command lines of forcelocal with
// libuser taken as installed (the real runs are TestCasesAgainstPuppet's
// forcelocal cases, where it is): libuser's tools, told to use the local
// files, and usermod for what they cannot set.
func TestForcelocalCommandLines(t *testing.T) {
	files := fakeFiles(t, passwdDB, groupDB, shadowDB)
	typ := user.Type{Files: files, Libuser: func() bool { return true }}
	l := func(tool string) string { return ns.Program(tool) }
	for _, tc := range []struct {
		name  string
		r     *catalog.Resource
		want  []string
		lines []string
	}{
		{"create", resourcetest.Resource("User", "carol", "forcelocal", true,
			"ensure", "present", "uid", "5001", "gid", "staff", "groups", []catalog.Value{"wheel", "dev"},
			"home", "/home/carol", "shell", "/bin/sh", "comment", "Carol C", "expiry", "2030-01-01",
			"password", catalog.Sensitive{Value: "$6$salt$hash"}, "password_max_age", "99",
			"managehome", true, "allowdupe", true, "system", true),
			[]string{
				l("luseradd") + " -c 'Carol C' -g staff -d /home/carol -s /bin/sh -u 5001 -r carol",
				l("lchage") + " -M 99 carol",
				"/usr/sbin/usermod -G dev,wheel carol",
				"/usr/sbin/usermod -e 2030-01-01 carol",
				"/usr/sbin/chpasswd -e",
			}, []string{"Notice: /Stage[main]/Main/User[carol]/ensure: created"}},
		{"duplicate uid", resourcetest.Resource("User", "carol", "forcelocal", true, "ensure", "present", "uid", 5000),
			nil, []string{
				"Error: UID 5000 already exists, use allowdupe to force user creation",
				"Error: /Stage[main]/Main/User[carol]/ensure: change from 'absent' to 'present' failed: UID 5000 already exists, use allowdupe to force user creation",
			}},
		{"modify", resourcetest.Resource("User", "bob", "forcelocal", true, "uid", 5000, "comment", "Bob New",
			"groups", []catalog.Value{"dev"}, "password_warn_days", 3),
			[]string{
				l("lusermod") + " -c 'Bob New' bob",
				l("lchage") + " -W 3 bob",
				"/usr/sbin/usermod -G dev,wheel bob",
			}, []string{
				"Notice: /Stage[main]/Main/User[bob]/comment: comment changed 'Bob Old' to 'Bob New'",
				"Notice: /Stage[main]/Main/User[bob]/password_warn_days: password_warn_days changed 7 to 3",
				"Notice: /Stage[main]/Main/User[bob]/groups: groups changed wheel to ['dev', 'wheel']",
			}},
		{"uid taken", resourcetest.Resource("User", "bob", "forcelocal", true, "uid", 0),
			nil, []string{
				"Error: UID 0 already exists, use allowdupe to force user creation",
				"Error: /Stage[main]/Main/User[bob]/uid: change from '5000' to 0 failed: UID 0 already exists, use allowdupe to force user creation",
			}},
		{"delete", resourcetest.Resource("User", "bob", "forcelocal", true, "ensure", "absent", "managehome", true),
			[]string{l("luserdel") + " -r bob"}, []string{"Notice: /Stage[main]/Main/User[bob]/ensure: removed"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			inst, err := resource.Instantiate(typ, tc.r)
			if err != nil {
				t.Fatal(err)
			}
			rec := &confRecorder{}
			fake := &command.Fake{Next: rec}
			log := &resourcetest.Logger{MinLevel: resource.Info}
			h := &resource.Handle{Path: "/Stage[main]/Main/" + tc.r.Ref().String(), Log: log, Runner: fake}
			resourcetest.Apply(context.Background(), inst, h)
			if got := fake.Lines(); !slices.Equal(got, tc.want) {
				t.Errorf("commands:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			for i, c := range fake.Lines() {
				local := strings.Contains(c, "/luser") || strings.Contains(c, "/lchage") || strings.HasPrefix(c, "luser") || strings.HasPrefix(c, "lchage")
				if has := strings.Contains(rec.confs[i], "modules = files shadow"); has != local {
					t.Errorf("%s: local-files configuration given: %v", c, has)
				}
			}
			if got := log.Lines(); !slices.Equal(got, tc.lines) {
				t.Errorf("lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.lines, "\n"))
			}
		})
	}
}
