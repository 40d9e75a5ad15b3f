package facts

import (
	"context"
	"os/exec"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
)

var augparseVersion = lazyre.New(`(?m)^augparse (\d+\.\d+\.\d+)`)

// augeas is Facter's augeas fact: the version of Augeas that `augparse
// --version` prints, when augparse is on PATH (a few milliseconds). It
// is nil for a prepared tree, and where Augeas is not installed.
func (s Source) augeas(ctx context.Context) *catalog.Hash {
	if s.Root != "" && s.Root != "/" {
		return nil
	}
	path, err := exec.LookPath("augparse")
	if err != nil {
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	out, _ := exec.CommandContext(ctx, path, "--version").CombinedOutput()
	m := augparseVersion.FindSubmatch(out)
	if m == nil {
		return nil
	}
	h := catalog.NewHash()
	h.Set("version", string(m[1]))
	return h
}
