package sshkey_test

import (
	"context"
	"fmt"
	"os"
	"os/user"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

// TestJobsShareTheFile adds keys to one file with --jobs 8: the keys are
// applied one at a time, and the file ends with every key, in the order
// of a serial run.
func TestJobsShareTheFile(t *testing.T) {
	me, err := user.Current()
	if err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(t.TempDir(), "authorized_keys")
	c := catalog.New("node")
	const n = 16
	for i := range n {
		r := &catalog.Resource{Type: "Ssh_authorized_key", Title: fmt.Sprintf("key%02d", i), Params: []catalog.Param{
			{Name: "type", Value: "ssh-ed25519"}, {Name: "key", Value: fmt.Sprintf("AAAAC3NzaC1lZDI1NTE5AAAAIKey%02d", i)},
			{Name: "user", Value: me.Username}, {Name: "target", Value: target}}}
		if err := c.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	log := &resourcetest.Logger{}
	if _, err := apply.Apply(context.Background(), c, apply.Options{Types: builtin.Registry(), Log: log, Runner: &command.Runner{}, BucketDir: t.TempDir(), Jobs: 8}); err != nil {
		t.Fatalf("%v\n%s", err, log.String())
	}
	data, err := os.ReadFile(target)
	if err != nil {
		t.Fatal(err)
	}
	var want, got []string
	for i := range n {
		want = append(want, fmt.Sprintf("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIKey%02d key%02d", i, i))
	}
	for _, l := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if !strings.HasPrefix(l, "#") {
			got = append(got, l)
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("file:\n%s\nwant the keys in order:\n%s", data, strings.Join(want, "\n"))
	}
}
