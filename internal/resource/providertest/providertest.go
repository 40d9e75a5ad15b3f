// Package providertest replays the cases recorded from real Puppet for
// the system types (package, service, ...): a case is a manifest NAME.pp,
// the catalog Puppet compiled from it (NAME.json) and the lines Puppet
// logged applying it (NAME.log, filtered as Keep does). Run applies the
// catalog with ordo's engine on the real machine and returns ordo's
// lines, filtered the same way.
package providertest

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"syscall"
	"testing"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

// Case is one recorded case.
type Case struct {
	Name     string
	Manifest string
	Catalog  []byte
	Want     []string // Puppet's lines
	Setup    string   // shell run before the apply
	After    string   // shell run after it ("# after: ..."), e.g. to copy state into files
	Flags    []string
}

// Cases loads every dir/*.pp that has a recording.
func Cases(t *testing.T, dir string) []Case {
	t.Helper()
	pps, err := filepath.Glob(dir + "/*.pp")
	if err != nil {
		t.Fatal(err)
	}
	var cases []Case
	for _, pp := range pps {
		base := strings.TrimSuffix(pp, ".pp")
		src, err := os.ReadFile(pp)
		if err != nil {
			t.Fatal(err)
		}
		js, err1 := os.ReadFile(base + ".json")
		log, err2 := os.ReadFile(base + ".log")
		if err1 != nil || err2 != nil {
			continue
		}
		c := Case{Name: base[strings.LastIndex(base, "/")+1:], Manifest: string(src), Catalog: js}
		if s := strings.TrimRight(string(log), "\n"); s != "" {
			c.Want = Keep(strings.Split(s, "\n"))
		}
		for _, line := range strings.Split(string(src), "\n") {
			if v, ok := strings.CutPrefix(line, "# setup: "); ok {
				c.Setup = v
			}
			if v, ok := strings.CutPrefix(line, "# after: "); ok {
				c.After = v
			}
			if v, ok := strings.CutPrefix(line, "# flags: "); ok {
				c.Flags = strings.Fields(v)
			}
		}
		cases = append(cases, c)
	}
	return cases
}

// Lock takes a lock named name for the rest of the test, waiting while
// another process holds it: tests that change the same things on the
// machine (packages, an init script) run one at a time, also when several
// checkouts run their tests at once.
func Lock(t *testing.T, name string) {
	t.Helper()
	f, err := os.OpenFile(filepath.Join(os.TempDir(), name+".lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX); err != nil {
		f.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
}

// LockAccounts takes the machine-wide lock of the tests that create,
// change or remove users and groups. Some of them use fixed ids recorded
// in goldens, while useradd and groupadd give others the next free id, so
// that two such tests at once (two packages of one `go test ./...`, or
// two checkouts) could take each other's ids.
func LockAccounts(t *testing.T) { Lock(t, "ordo-accounts") }

// Shell runs a setup snippet with env added, failing the test on error.
func Shell(t *testing.T, script string, env ...string) {
	t.Helper()
	cmd := exec.Command("/bin/sh", "-c", script)
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", script, err, out)
	}
}

// Run applies the case's catalog, with each key of subst in it replaced by
// its value, and returns ordo's log lines with the values replaced back
// by their keys, filtered by Keep.
func Run(t *testing.T, c Case, types *resource.Registry, subst map[string]string) []string {
	t.Helper()
	return RunWith(t, c, types, subst, nil)
}

// RunWith is Run with the apply options changed by configure first (a
// module path, for instance), when it is not nil.
func RunWith(t *testing.T, c Case, types *resource.Registry, subst map[string]string, configure func(*apply.Options)) []string {
	t.Helper()
	js := string(c.Catalog)
	for k, v := range subst {
		js = strings.ReplaceAll(js, k, v)
	}
	cat, err := catalog.Decode([]byte(js), c.Name+".json")
	if err != nil {
		t.Fatal(err)
	}
	log := &resourcetest.Logger{}
	opts := apply.Options{Types: types, Log: log, Runner: &command.Runner{}, BucketDir: t.TempDir()}
	for _, f := range c.Flags {
		switch f {
		case "--noop":
			opts.Noop = true
		case "--show_diff":
			opts.ShowDiff = true
		}
	}
	if configure != nil {
		configure(&opts)
	}
	if _, err := apply.Apply(context.Background(), cat, opts); err != nil {
		// A catalog that cannot be applied at all, as ordo apply reports it.
		for _, e := range apply.Errors(err) {
			log.Log(resource.Err, "", e.Error())
		}
	}
	text := log.String()
	for k, v := range subst {
		text = strings.ReplaceAll(text, v, k)
	}
	return Keep(strings.Split(text, "\n"))
}

var (
	level = regexp.MustCompile(`^(Debug|Info|Notice|Warning|Error): `)
	drop  = regexp.MustCompile(`Compiled catalog|Applied catalog|Class\[|Stage\[main\]: |will propagate|does not support features` +
		`|Using environment|Applying configuration|Creating state file|Facter|Resource is being skipped|Nothing to manage|Loading facts`)
	noise = regexp.MustCompile(`^Executing:? '(/usr/bin/)?(facter|uname|lsb_release|/opt|diff -u )`)
	// The header of a content diff names a temporary file and two times.
	diffHeader = regexp.MustCompile(`^(---|\+\+\+) (\S+)\t.*$`)
	tempFile   = regexp.MustCompile(`^/tmp/(puppet|ordo)-file[0-9]+-[0-9]+-[a-z0-9]+$`)
	// A staged file for validate_cmd: the target's name, date, pid, random.
	stagedFile = regexp.MustCompile(`([^ /']+)[0-9]{8}-[0-9]+-[a-z0-9]+`)
)

// debugShortPath matches a line Puppet logged, because it ran with
// --debug, under a resource's short path (/Service[x]): under --debug,
// Puppet names a resource whose provider logged a line while the catalog
// was converted by the path it had before it was contained. Without
// --debug it logs the full path, as ordo always does.
var debugShortPath = regexp.MustCompile(`^(Debug|Info|Notice|Warning|Error): /([A-Z][a-z_]*\[)`)

// FullPath rewrites a line recorded under --debug with a short resource
// path to the full path of a resource of the main class.
func FullPath(line string) string {
	if m := debugShortPath.FindStringSubmatch(line); m != nil && m[2] != "Stage[" {
		return debugShortPath.ReplaceAllString(line, "$1: /Stage[main]/Main/$2")
	}
	return line
}

// Keep filters log lines as testdata/filter.py filters Puppet's: changes,
// errors and warnings about resources, notify messages, commands run and
// prefetches; a line without a level continues the message before it
// (a Debug line has no continuation: what follows one is stray output).
// Content diffs lose their headers' times and temporary file names, and
// the diff command Puppet runs for them is left out (ordo diffs in
// process).
func Keep(lines []string) []string {
	var out []string
	kept := false
	for _, line := range lines {
		m := level.FindString(line)
		if m == "" {
			if kept {
				if d := diffHeader.FindStringSubmatch(line); d != nil {
					name := d[2]
					if tempFile.MatchString(name) {
						name = "TEMPFILE"
					}
					line = d[1] + " " + name
				}
				out = append(out, line)
			}
			continue
		}
		kept = false
		if drop.MatchString(line) {
			continue
		}
		rest := line[len(m):]
		if m == "Debug: " && !(strings.HasPrefix(rest, "Executing") || strings.HasPrefix(rest, "Prefetching") || strings.HasPrefix(rest, "/Stage[main]/")) {
			continue
		}
		if m == "Debug: " && noise.MatchString(rest) {
			continue
		}
		kept = m != "Debug: "
		out = append(out, stagedFile.ReplaceAllString(line, "${1}STAGED"))
	}
	return out
}

// Files renders the regular files under dir, sorted, each as a
// "-- ./name --" line and its content, as the recorders write NAME.files.
func Files(t *testing.T, dir string) string {
	var names []string
	filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err == nil && fi.Mode().IsRegular() {
			names = append(names, p)
		}
		return nil
	})
	sort.Strings(names)
	var b strings.Builder
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString("-- ./" + strings.TrimPrefix(n, dir+"/") + " --\n")
		b.Write(data)
	}
	return b.String()
}
