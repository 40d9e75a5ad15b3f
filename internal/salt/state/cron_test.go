package state

import (
	"context"
	"github.com/ordoproject/ordo/internal/resource/providertest"
	"os"
	"os/exec"
	"testing"
)

// TestCron adds, finds and removes a job in a throw-away user's crontab,
// under Salt's identifier marker. It needs crontab (apt-get install
// cron) and root.
func TestCron(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to manage crontabs")
	}
	if _, err := exec.LookPath("crontab"); err != nil {
		t.Skip("needs crontab (apt-get install cron)")
	}
	providertest.LockAccounts(t)
	const userName = "ordosaltst5"
	exec.Command("userdel", userName).Run()
	if out, err := exec.Command("useradd", "-M", "-u", "47935", userName).CombinedOutput(); err != nil {
		t.Fatalf("useradd: %v %s", err, out)
	}
	t.Cleanup(func() {
		exec.Command("crontab", "-u", userName, "-r").Run()
		exec.Command("userdel", userName).Run()
	})
	f := Default()
	env := &Env{}
	ctx := context.Background()
	call := func(fun string, test bool) Return {
		fn, _ := f.Lookup("cron", fun)
		return fn(ctx, env, Call{Module: "cron", Fun: fun, Name: "/bin/true ordosalt-cron", Test: test,
			Args: map[string]any{"minute": "5", "identifier": "ordosalt-cron", "user": userName}})
	}
	t.Cleanup(func() { call("absent", false) })
	for _, step := range []struct {
		fun     string
		test    bool
		result  Result
		comment string
	}{
		{"present", true, None, "Cron /bin/true ordosalt-cron is set to be added"},
		{"present", false, True, "Cron /bin/true ordosalt-cron added to ordosaltst5's crontab"},
		{"present", false, True, "Cron /bin/true ordosalt-cron already present"},
		{"absent", true, None, "Cron /bin/true ordosalt-cron is set to be removed"},
		{"absent", false, True, "Cron /bin/true ordosalt-cron removed from ordosaltst5's crontab"},
		{"absent", false, True, "Cron /bin/true ordosalt-cron already absent"},
	} {
		if r := call(step.fun, step.test); r.Result != step.result || r.Comment != step.comment {
			t.Errorf("cron.%s (test %v): %s %q, want %s %q", step.fun, step.test, r.Result, r.Comment, step.result, step.comment)
		}
	}
}
