package file

import (
	"fmt"
	"github.com/ordoproject/ordo/internal/resource/providertest"
	"math/rand/v2"
	"os"
	"os/exec"
	"testing"
)

// A user renumbered during the run is looked up afresh: the id cache
// follows /etc/passwd.
func TestIDCacheFollowsTheAccountDatabase(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to create a user")
	}
	providertest.LockAccounts(t)
	name := fmt.Sprintf("ordotest_ids%d", rand.IntN(1_000_000))
	run := func(args ...string) {
		t.Helper()
		if out, err := exec.Command(args[0], args[1:]...).CombinedOutput(); err != nil {
			t.Fatalf("%v: %v\n%s", args, err, out)
		}
	}
	run("useradd", "-M", "-u", "47701", name)
	t.Cleanup(func() { exec.Command("userdel", name).Run() })
	h := newHost()
	if uid, ok := h.uidOf(name); !ok || uid != 47701 {
		t.Fatalf("uidOf = %d, %v; want 47701", uid, ok)
	}
	run("usermod", "-u", "47702", name)
	if uid, ok := h.uidOf(name); !ok || uid != 47702 {
		t.Errorf("after usermod uidOf = %d, %v; want 47702", uid, ok)
	}
	if n, ok := h.userName(47702); !ok || n != name {
		t.Errorf("userName(47702) = %q, %v", n, ok)
	}
}
