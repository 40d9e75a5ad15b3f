package cli_test

import (
	"bytes"
	"context"
	"fmt"
	"github.com/ordoproject/ordo/internal/resource/providertest"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/cli"
	"github.com/ordoproject/ordo/internal/trace"
)

const corpus = "../../testdata/differential"

// differentialCase is one case of the corpus recorded from Puppet 7.23: the
// manifest, the catalog Puppet compiled from it, and what Puppet printed
// when it applied it.
type differentialCase struct {
	name    string
	catalog []byte
	flags   []string
	trace   string
	log     string
}

func loadCorpus(t *testing.T) []differentialCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(corpus, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []differentialCase
	for _, file := range files {
		base := strings.TrimSuffix(file, ".json")
		tr, err := os.ReadFile(base + ".trace")
		if err != nil {
			continue
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		c := differentialCase{name: filepath.Base(base), catalog: data, trace: strings.TrimRight(string(tr), "\n")}
		if pp, err := os.ReadFile(base + ".pp"); err == nil {
			first, _, _ := strings.Cut(string(pp), "\n")
			if flags, ok := strings.CutPrefix(first, "# flags: "); ok {
				c.flags = strings.Fields(flags)
			}
		}
		if log, err := os.ReadFile(base + ".log"); err == nil {
			c.log = string(log)
		}
		cases = append(cases, c)
	}
	if len(cases) < 40 {
		t.Fatalf("the differential corpus has %d cases with a catalog and a trace; want at least 40", len(cases))
	}
	return cases
}

// runCase applies the case's catalog in a fresh sandbox as the oracle's
// `trace ordo-catalog` does (--evaltrace --verbose) and returns the
// combined output and the root.
func runCase(t *testing.T, c differentialCase, extra ...string) (string, string) {
	t.Helper()
	return applyCase(t, c, append([]string{"--evaltrace", "--verbose"}, extra...)...)
}

// applyCase applies the case's catalog in a fresh sandbox with the case's
// flags and extra, and returns the combined output and the root.
func applyCase(t *testing.T, c differentialCase, extra ...string) (string, string) {
	t.Helper()
	lockAccountsFor(t, c.catalog)
	root := t.TempDir()
	if err := os.MkdirAll(filepath.Join(root, "r"), 0o755); err != nil {
		t.Fatal(err)
	}
	catalogFile := filepath.Join(root, "catalog.json")
	data := bytes.ReplaceAll(c.catalog, []byte("@ROOT@"), []byte(root))
	if err := os.WriteFile(catalogFile, data, 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"apply", "--color=false",
		"--bucketdir", filepath.Join(root, ".bucket"), "--lockfile", filepath.Join(root, ".lock"),
		"--statedir", filepath.Join(root, ".state")}
	args = append(args, c.flags...)
	args = append(args, extra...)
	args = append(args, "--catalog", catalogFile)
	var out bytes.Buffer
	cli.Run(context.Background(), args, cli.Stdio{In: strings.NewReader(""), Out: &out, Err: &out})
	return out.String(), root
}

// accountTypes finds users and groups, or the purge of either, in a
// catalog or a manifest.
var accountTypes = regexp.MustCompile(`"type":\s*"(User|Group)"|(?m)^\s*(user|group)\s*\{|(?m)^\s*resources\s*\{\s*'(user|group)'`)

// lockAccountsFor waits for the machine's account lock when src (a
// catalog or a manifest) manages users or groups: see
// providertest.LockAccounts.
func lockAccountsFor(t *testing.T, src []byte) {
	if accountTypes.Match(src) {
		providertest.LockAccounts(t)
	}
}

// TestDifferentialTraces applies every recorded catalog and compares
// ordo's normalized trace with Puppet's.
func TestDifferentialTraces(t *testing.T) {
	for _, c := range loadCorpus(t) {
		t.Run(c.name, func(t *testing.T) {
			out, root := runCase(t, c)
			got, want := trace.MaskTempNames(trace.Normalize(out, root)), trace.MaskTempNames(c.trace)
			if got != want {
				t.Errorf("trace differs from Puppet's\n%s\n--- ordo output\n%s", lineDiff(want, got), out)
			}
		})
	}
}

var (
	secondsRE = regexp.MustCompile(`in [0-9]+\.[0-9]+ seconds`)
	// The header of a --show_diff diff names a temporary file and times.
	diffHeaderRE = regexp.MustCompile(`^(---|\+\+\+) (\S+)\t\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+ [+-]\d{4}$`)
	diffTempRE   = regexp.MustCompile(`^/tmp/(puppet|ordo)-file\d+-\d+-\w+$`)
	// Lines about Puppet's own machinery that ordo does not print.
	puppetOnlyRE = regexp.MustCompile(`^(Notice: Compiled catalog|Info: Creating state file|Info: Applying configuration version|Info: Loading facts|Warning: .*Facter)`)
)

// TestDifferentialLogs compares ordo's whole console output with Puppet's,
// line for line, but for timings and the lines about Puppet's own state.
func TestDifferentialLogs(t *testing.T) {
	for _, c := range loadCorpus(t) {
		if c.log == "" {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			out, root := runCase(t, c)
			got := comparableLog(strings.ReplaceAll(out, root, "@ROOT@"))
			want := comparableLog(c.log)
			if got != want {
				t.Errorf("log differs from Puppet's\n%s", lineDiff(want, got))
			}
		})
	}
}

func comparableLog(s string) string {
	// Puppet applied the manifest as case.pp; the catalog was compiled
	// from the same text saved as the environment's site.pp.
	s = strings.ReplaceAll(s, "@ROOT@/.pcode/environments/production/manifests/site.pp", "@ROOT@/case.pp")
	var keep []string
	for _, line := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		if puppetOnlyRE.MatchString(line) {
			continue
		}
		if m := diffHeaderRE.FindStringSubmatch(line); m != nil {
			name := m[2]
			if diffTempRE.MatchString(name) {
				name = "TEMPFILE"
			}
			line = m[1] + " " + name + "\tTIME"
		}
		keep = append(keep, trace.MaskTempNames(secondsRE.ReplaceAllString(line, "in 0.00 seconds")))
	}
	return strings.Join(keep, "\n")
}

// lineDiff shows the lines where want and got part.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; (i < len(w) || i < len(g)) && b.Len() < 3000; i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			fmt.Fprintf(&b, "line %d:\n  puppet: %s\n  ordo:   %s\n", i+1, wl, gl)
		}
	}
	return b.String()
}

// TestDifferentialParallel applies every recorded catalog with --jobs 4:
// the order of unrelated resources may change, but not what happens to
// each resource: the same changes, refreshes, skips and failures.
func TestDifferentialParallel(t *testing.T) {
	for _, c := range loadCorpus(t) {
		t.Run(c.name, func(t *testing.T) {
			out, root := runCase(t, c, "--jobs", "4")
			got := outcomes(trace.MaskTempNames(trace.Normalize(out, root)))
			want := outcomes(trace.MaskTempNames(c.trace))
			if got != want {
				t.Errorf("with --jobs 4 the outcomes differ from Puppet's serial run\n%s\n--- ordo output\n%s", lineDiff(want, got), out)
			}
		})
	}
}

// outcomes reduces a trace to what happened to each resource, sorted:
// which dependency announces a failure first depends on the order, so
// depfail lines keep only their dependency.
func outcomes(tr string) string {
	var lines []string
	for _, l := range strings.Split(tr, "\n") {
		if strings.HasPrefix(l, "depfail ") {
			_, dep, _ := strings.Cut(l, " <- ")
			l = "depfail <- " + dep
		}
		lines = append(lines, l)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// debugLineRE keeps the lines of a --debug run that are about resources
// and containers, and the "Executing" lines: the same filter the recorder
// applies to Puppet's output (Puppet's internal debug lines are left out).
var debugLineRE = regexp.MustCompile(`^(Debug|Info|Notice|Warning|Error): (/|[A-Z][A-Za-z0-9_:]*\[)|^Debug: Executing`)

// With --debug, Puppet computes the log path of user and group resources
// before it knows their container (to log unsupported provider features
// while loading the catalog) and keeps that short path (/User[x]) for all
// their own lines; ordo prints the full path, as Puppet does without
// --debug (README: where ordo differs on purpose).
var debugPathQuirk = map[string]bool{"user-create-owner": true, "user-modify": true}

// TestDifferentialDebug compares the resource lines of ordo's --debug
// output with Puppet's: relationships added, events scheduled and
// propagated, commands executed, checks, skips.
func TestDifferentialDebug(t *testing.T) {
	compared := 0
	for _, c := range loadCorpus(t) {
		want, err := os.ReadFile(filepath.Join(corpus, c.name+".debug"))
		if err != nil || debugPathQuirk[c.name] {
			continue
		}
		compared++
		t.Run(c.name, func(t *testing.T) {
			out, root := applyCase(t, c, "--debug")
			var keep []string
			// Lines are picked as the recorder picks them, before the sandbox
			// becomes @ROOT@: a generated resources' sentinel logs under a
			// bare path.
			for _, line := range strings.Split(out, "\n") {
				if debugLineRE.MatchString(line) {
					keep = append(keep, strings.ReplaceAll(line, root, "@ROOT@"))
				}
			}
			got := comparableLog(strings.Join(keep, "\n"))
			// Puppet runs diff(1) for show_diff; ordo computes the diff itself.
			var wantLines []string
			for _, line := range strings.Split(string(want), "\n") {
				if !strings.HasPrefix(line, "Debug: Executing: 'diff -u ") {
					wantLines = append(wantLines, line)
				}
			}
			if w := comparableLog(strings.Join(wantLines, "\n")); got != w {
				t.Errorf("debug lines differ from Puppet's\n%s", lineDiff(w, got))
			}
		})
	}
	if compared < 100 {
		t.Errorf("compared the debug output of %d cases; the corpus records more", compared)
	}
}
