package sshkey_test

import (
	"context"
	"os"
	"os/user"
	"path/filepath"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/sshkey"
)

// A run that is cancelled before the file is written leaves the file as
// it was: the write, a command run as the user, takes the run's context.
func TestFlushCancelledWritesNothing(t *testing.T) {
	me, err := user.Current()
	if err != nil {
		t.Fatal(err)
	}
	target := filepath.Join(t.TempDir(), "authorized_keys")
	const before = "# kept\n"
	if err := os.WriteFile(target, []byte(before), 0o600); err != nil {
		t.Fatal(err)
	}
	r := &catalog.Resource{Type: "Ssh_authorized_key", Title: "ordo@test"}
	r.Set("ensure", "present")
	r.Set("type", "ssh-ed25519")
	r.Set("key", "AAAAC3NzaC1lZDI1NTE5AAAAIOrdoTestKey")
	r.Set("user", me.Username)
	r.Set("target", target)
	typ := sshkey.Type{}
	inst, err := typ.New(resource.NewValues(typ.Schema(), r))
	if err != nil {
		t.Fatal(err)
	}
	h := &resource.Handle{Runner: &command.Runner{}}
	ctx := context.Background()
	if err := inst.Retrieve(ctx, h); err != nil {
		t.Fatal(err)
	}
	ensure := inst.Properties()[0]
	if ensure.InSync() {
		t.Fatal("the key is already there")
	}
	if err := ensure.Sync(ctx, h); err != nil {
		t.Fatal(err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if err := inst.(resource.Flusher).Flush(cancelled, h); err == nil {
		t.Error("Flush with a cancelled context succeeded")
	}
	if got, err := os.ReadFile(target); err != nil || string(got) != before {
		t.Errorf("file after a cancelled flush: %q %v, want %q", got, err, before)
	}
}
