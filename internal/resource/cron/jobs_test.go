package cron_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

// TestJobsShareTheCrontab adds jobs to one user's crontab with --jobs 8:
// they are applied one at a time, and the crontab ends with every job,
// in the order of a serial run.
func TestJobsShareTheCrontab(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to manage users' crontabs")
	}
	if _, err := exec.LookPath("crontab"); err != nil {
		t.Skip("needs crontab (apt-get install cron)")
	}
	const who = "ordoprovcronjobs"
	providertest.LockAccounts(t)
	exec.Command("userdel", who).Run()
	if out, err := exec.Command("useradd", who).CombinedOutput(); err != nil {
		t.Fatalf("useradd: %v\n%s", err, out)
	}
	t.Cleanup(func() {
		exec.Command("crontab", "-u", who, "-r").Run()
		exec.Command("userdel", who).Run()
	})
	c := catalog.New("node")
	const n = 12
	for i := range n {
		r := &catalog.Resource{Type: "Cron", Title: fmt.Sprintf("job%02d", i), Params: []catalog.Param{
			{Name: "command", Value: fmt.Sprintf("/bin/true %02d", i)}, {Name: "user", Value: who}, {Name: "minute", Value: int64(i)}}}
		if err := c.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	log := &resourcetest.Logger{}
	if _, err := apply.Apply(context.Background(), c, apply.Options{Types: builtin.Registry(), Log: log, Runner: &command.Runner{}, BucketDir: t.TempDir(), Jobs: 8}); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	out, err := exec.Command("crontab", "-u", who, "-l").CombinedOutput()
	if err != nil {
		t.Fatalf("crontab -l: %v\n%s", err, out)
	}
	var got, want []string
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasPrefix(l, "# Puppet Name: ") {
			got = append(got, strings.TrimPrefix(l, "# Puppet Name: "))
		}
	}
	for i := range n {
		want = append(want, fmt.Sprintf("job%02d", i))
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("crontab:\n%s\nwant the jobs in order: %s", out, strings.Join(want, " "))
	}
}
