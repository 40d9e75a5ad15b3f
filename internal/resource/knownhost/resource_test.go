package knownhost_test

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/cli"
	"github.com/ordoproject/ordo/internal/resource/knownhost"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

// TestResourceAgainstPuppet runs ordo resource sshkey on the machine's
// known hosts file holding testdata/resource/ssh_known_hosts and compares
// its output with what puppet resource sshkey printed there (all.txt,
// one.txt). It needs root, and a machine without a known hosts file of
// its own: the file is the test's, removed at the end.
func TestResourceAgainstPuppet(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to write " + knownhost.DefaultTarget)
	}
	providertest.Lock(t, "ordo-known-hosts")
	if _, err := os.Lstat(knownhost.DefaultTarget); err == nil {
		t.Skip(knownhost.DefaultTarget + " exists: it is not the test's to replace")
	}
	fixture, err := os.ReadFile("testdata/resource/ssh_known_hosts")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(knownhost.DefaultTarget, fixture, 0o644); err != nil {
		t.Skip("cannot write the known hosts file:", err)
	}
	t.Cleanup(func() { os.Remove(knownhost.DefaultTarget) })
	for _, c := range []struct {
		args []string
		want string
	}{
		{args: []string{"resource", "sshkey"}, want: "testdata/resource/all.txt"},
		{args: []string{"resource", "sshkey", "web.example@ssh-rsa"}, want: "testdata/resource/one.txt"},
	} {
		var out bytes.Buffer
		cli.Run(context.Background(), c.args, cli.Stdio{In: strings.NewReader(""), Out: &out, Err: &out})
		want, err := os.ReadFile(c.want)
		if err != nil {
			t.Fatal(err)
		}
		if out.String() != string(want) {
			t.Errorf("ordo %s:\n%s\npuppet:\n%s", strings.Join(c.args, " "), out.String(), want)
		}
	}
	// Puppet shows a key that is not there under its title twice over
	// (testdata/resource/missing.txt); ordo under its title.
	var out bytes.Buffer
	cli.Run(context.Background(), []string{"resource", "sshkey", "nosuch.example@ssh-rsa"}, cli.Stdio{In: strings.NewReader(""), Out: &out, Err: &out})
	want := "sshkey { 'nosuch.example@ssh-rsa':\n  ensure   => 'absent',\n  name     => 'nosuch.example',\n  provider => 'parsed',\n  type     => 'ssh-rsa',\n}\n"
	if out.String() != want {
		t.Errorf("missing key:\n%s\nwant:\n%s", out.String(), want)
	}
}
