package file

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"

	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
)

// A run killed while it replaced a file leaves its temporary file next to
// the file (or in staging_location), named as Puppet names it:
// <name><YYYYMMDD>-<pid>-<random> (Puppet's own runs leave the same, and
// never clean them up; earlier ordo runs left a hidden .<name>.ordo<random>).
// The next run that replaces the same file removes those of its name: the
// hidden ones always (only an ordo run writes them, and runs hold the run
// lock), the others when the process that made them is gone.

// puppetTempRE matches Puppet's temporary names: the file's name, the date,
// the process id and a random part.
var puppetTempRE = lazyre.New(`^(.+)\d{8}-(\d+)-[0-9a-z]+$`)

// staleTemps remembers, per folder, the temporary files found there when
// the run first replaced a file in it; a folder is listed once per run.
type staleTemps struct {
	mu   sync.Mutex
	dirs map[string]map[string][]string // folder -> file name -> temporary names
}

// take returns the stale temporary files of the file named base in dir,
// once.
func (s *staleTemps) take(dir, base string) []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.dirs == nil {
		s.dirs = map[string]map[string][]string{}
	}
	byName, ok := s.dirs[dir]
	if !ok {
		byName = listStale(dir)
		s.dirs[dir] = byName
	}
	names := byName[base]
	delete(byName, base)
	return names
}

// listStale lists the temporary files in dir that no running process
// writes, by the name of the file they were for.
func listStale(dir string) map[string][]string {
	out := map[string][]string{}
	fh, err := os.Open(dir)
	if err != nil {
		return out
	}
	names, _ := fh.Readdirnames(-1)
	fh.Close()
	for _, n := range names {
		if strings.HasPrefix(n, ".") {
			if k := strings.LastIndex(n, ".ordo"); k > 1 && isBase36(n[k+5:]) {
				out[n[1:k]] = append(out[n[1:k]], n)
				continue
			}
		}
		if m := puppetTempRE.FindStringSubmatch(n); m != nil && processGone(m[2]) {
			out[m[1]] = append(out[m[1]], n)
		}
	}
	return out
}

func isBase36(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z') {
			return false
		}
	}
	return true
}

// processGone reports whether no process has the id pid.
func processGone(pid string) bool {
	n, err := strconv.Atoi(pid)
	if err != nil || n <= 0 || n == os.Getpid() {
		return false
	}
	return syscall.Kill(n, 0) == syscall.ESRCH
}

// removeStaleTemps removes what a killed run left while replacing the file,
// in its folder and in the staging folder.
func (f *instance) removeStaleTemps(h *resource.Handle) {
	dir, base := filepath.Split(f.path)
	dirs := []string{filepath.Clean(dir)}
	if f.staging != "" && f.staging != dirs[0] {
		dirs = append(dirs, f.staging)
	}
	for _, d := range dirs {
		for _, n := range f.host.temps.take(d, base) {
			p := filepath.Join(d, n)
			if err := os.Remove(p); err == nil {
				h.Logf(resource.Debug, "Removed the temporary file %s that an interrupted run left", p)
			}
		}
	}
}
