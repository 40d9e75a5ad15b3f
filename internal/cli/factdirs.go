package cli

import (
	"os"
	"path/filepath"

	"github.com/ordoproject/ordo/internal/resource"
)

// logFactDirs says, as Puppet does when it gathers the facts before a
// run, which modules bring facts of their own: "Loading facts" (info) for
// each module's lib/facter or plugins/facter folder, and "Loading facts
// from FILE" (debug) for each Ruby file in it. ordo reads no Ruby facts;
// it says what Puppet says so that logs compare line for line, and a
// user sees which modules' facts Puppet would have loaded.
func logFactDirs(log resource.Logger, modulePath []string) {
	info, debug := enabledFor(log, resource.Info), enabledFor(log, resource.Debug)
	if !info {
		return
	}
	for _, dir := range modulePath {
		if dir == "" {
			continue
		}
		for _, sub := range []string{"lib", "plugins"} {
			found, _ := filepath.Glob(filepath.Join(dir, "*", sub, "facter"))
			for _, d := range found {
				if st, err := os.Stat(d); err != nil || !st.IsDir() {
					continue
				}
				log.Log(resource.Info, "", "Loading facts")
				if !debug {
					continue
				}
				files, _ := filepath.Glob(filepath.Join(d, "*.rb"))
				for _, file := range files {
					log.Log(resource.Debug, "", "Loading facts from "+file)
				}
			}
		}
	}
}

// enabledFor reports whether log shows lines of level l (a logger that
// does not say shows them all).
func enabledFor(log resource.Logger, l resource.Level) bool {
	if e, ok := log.(interface{ Enabled(resource.Level) bool }); ok {
		return e.Enabled(l)
	}
	return true
}
