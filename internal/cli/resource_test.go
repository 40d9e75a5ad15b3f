package cli_test

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"github.com/ordoproject/ordo/internal/resource/providertest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/ordoproject/ordo/internal/cli"
)

// recordResource re-records testdata/resource from puppet resource:
// go test ./internal/cli -run TestResourceGoldens -record-resource
// (as root, with Puppet 7.23 installed). Each case's commands are run in
// order, so a case that creates an account also removes it.
var recordResource = flag.Bool("record-resource", false, "record testdata/resource/*.txtar from puppet resource")

const resourceSuite = "testdata/resource"

// resourceStep is one command of a case: ordo resource's arguments and
// what puppet resource printed for them.
type resourceStep struct {
	args           []string
	sh             string // a shell command instead, run as it is in both modes
	stdout, stderr string
	exit           int
}

// resourceCase is one golden: steps run in order, and the commands whose
// output must be as recorded for the case to apply to this machine
// (requires: "command => output" lines).
type resourceCase struct {
	name     string
	comment  string
	requires []string
	steps    []resourceStep
	cleanup  []string // ordo resource commands run after the case, whatever happened
}

func loadResourceCases(t *testing.T) []resourceCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(resourceSuite, "*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no resource goldens: %v", err)
	}
	var out []resourceCase
	for _, file := range files {
		a, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		c := resourceCase{name: strings.TrimSuffix(filepath.Base(file), ".txtar"), comment: string(a.Comment)}
		steps := map[int]*resourceStep{}
		step := func(n int) *resourceStep {
			if steps[n] == nil {
				steps[n] = &resourceStep{}
			}
			return steps[n]
		}
		for _, f := range a.Files {
			data := string(f.Data)
			switch {
			case f.Name == "requires":
				c.requires = nonEmptyLines(data)
			case f.Name == "cleanup":
				c.cleanup = nonEmptyLines(data)
			default:
				num, kind, ok := strings.Cut(f.Name, ".")
				n, err := strconv.Atoi(num)
				if !ok || err != nil {
					t.Fatalf("%s: unexpected section %s", file, f.Name)
				}
				s := step(n)
				switch kind {
				case "cmd":
					s.args = splitWords(strings.TrimSpace(data))
				case "sh":
					s.sh = strings.TrimSpace(data)
				case "stdout":
					s.stdout = data
				case "stderr":
					s.stderr = data
				case "exit":
					s.exit, _ = strconv.Atoi(strings.TrimSpace(data))
				default:
					t.Fatalf("%s: unexpected section %s", file, f.Name)
				}
			}
		}
		for n := 1; steps[n] != nil; n++ {
			c.steps = append(c.steps, *steps[n])
		}
		out = append(out, c)
	}
	return out
}

func nonEmptyLines(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	return out
}

// splitWords splits a command line on spaces, keeping 'single-quoted'
// and "double-quoted" words whole (without escapes).
func splitWords(s string) []string {
	var out []string
	var cur strings.Builder
	inWord := false
	var quote rune
	for _, r := range s {
		switch {
		case quote == 0 && (r == '\'' || r == '"'):
			quote = r
			inWord = true
		case r == quote:
			quote = 0
		case r == ' ' && quote == 0:
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out
}

// machineMatches checks a case's requires lines: each "command =>
// output" must print that output here.
func machineMatches(t *testing.T, reqs []string) (string, bool) {
	for _, r := range reqs {
		cmd, want, _ := strings.Cut(r, " => ")
		got, _ := exec.Command("/bin/sh", "-c", cmd).Output()
		if strings.TrimSpace(string(got)) != strings.TrimSpace(want) {
			return fmt.Sprintf("%s printed %q here, the golden was recorded with %q", cmd, strings.TrimSpace(string(got)), want), false
		}
	}
	return "", true
}

func runOrdoResource(args []string) (stdout, stderr string, code int) {
	var out, errb bytes.Buffer
	code = cli.Run(context.Background(), append([]string{"resource", "--color=false"}, args...), cli.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	return out.String(), errb.String(), code
}

// TestResourceGoldens runs ordo resource on the cases recorded from
// puppet resource (Puppet 7.23) and compares what it prints.
func TestResourceGoldens(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("the cases create and remove accounts: run as root")
	}
	t.Setenv("ORDO_LOCKFILE", filepath.Join(t.TempDir(), "lock"))
	// The cases use fixed account names and ids.
	providertest.LockAccounts(t)
	if *recordResource {
		recordResourceCases(t)
		return
	}
	for _, c := range loadResourceCases(t) {
		t.Run(c.name, func(t *testing.T) {
			if why, ok := machineMatches(t, c.requires); !ok {
				t.Skip(why)
			}
			t.Cleanup(func() {
				for _, cl := range c.cleanup {
					cleanupStep(cl, func(args []string) { runOrdoResource(args) })
				}
			})
			for i, s := range c.steps {
				var out, errs string
				var code int
				if s.sh != "" {
					r := runShell(s.sh)
					out, errs, code = r.stdout, r.stderr, r.exit
				} else {
					out, errs, code = runOrdoResource(s.args)
				}
				if out != s.stdout || errs != s.stderr || code != s.exit {
					t.Errorf("step %d: ordo resource %s\n--- got (exit %d)\n%s--- stderr\n%s--- want (exit %d)\n%s--- stderr\n%s",
						i+1, strings.Join(s.args, " "), code, out, errs, s.exit, s.stdout, s.stderr)
				}
			}
		})
	}
}

// puppetNoise is what Puppet prints on this machine that is no part of
// the answer: Facter's complaints about the container.
var puppetNoise = regexp.MustCompile(`(?m)^.*(/proc/1/environ|Facter).*\n`)

// recordResourceCases runs each case's commands through puppet resource
// and rewrites the case with what it printed.
func recordResourceCases(t *testing.T) {
	if _, err := exec.LookPath("puppet"); err != nil {
		t.Skip("puppet is not installed")
	}
	only := os.Getenv("ORDO_RECORD_ONLY") // a case name, to record one case
	for _, c := range loadResourceCases(t) {
		if only != "" && c.name != only {
			continue
		}
		file := filepath.Join(resourceSuite, c.name+".txtar")
		a, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, cl := range c.cleanup {
			cleanupStep(cl, func(args []string) { puppetResource(args) })
		}
		var files []txtar.File
		for _, f := range a.Files {
			if f.Name == "requires" || f.Name == "cleanup" || strings.HasSuffix(f.Name, ".cmd") || strings.HasSuffix(f.Name, ".sh") {
				if strings.HasSuffix(f.Name, ".cmd") || strings.HasSuffix(f.Name, ".sh") {
					n, _, _ := strings.Cut(f.Name, ".")
					files = append(files, f)
					var r resourceStep
					if strings.HasSuffix(f.Name, ".sh") {
						r = runShell(strings.TrimSpace(string(f.Data)))
					} else {
						r = puppetResource(splitWords(strings.TrimSpace(string(f.Data))))
					}
					files = append(files, txtar.File{Name: n + ".stdout", Data: []byte(r.stdout)})
					if r.stderr != "" {
						files = append(files, txtar.File{Name: n + ".stderr", Data: []byte(r.stderr)})
					}
					if r.exit != 0 {
						files = append(files, txtar.File{Name: n + ".exit", Data: []byte(strconv.Itoa(r.exit) + "\n")})
					}
					continue
				}
				if f.Name == "requires" {
					var lines []string
					for _, r := range nonEmptyLines(string(f.Data)) {
						cmd, _, _ := strings.Cut(r, " => ")
						got, _ := exec.Command("/bin/sh", "-c", cmd).Output()
						lines = append(lines, cmd+" => "+strings.TrimSpace(string(got)))
					}
					f.Data = []byte(strings.Join(lines, "\n") + "\n")
				}
				files = append(files, f)
			}
		}
		for _, cl := range c.cleanup {
			cleanupStep(cl, func(args []string) { puppetResource(args) })
		}
		a.Files = files
		if err := os.WriteFile(file, txtar.Format(a), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// cleanupStep runs one cleanup line: "sh COMMAND" through the shell,
// anything else as resource arguments.
func cleanupStep(line string, resource func(args []string)) {
	if cmd, ok := strings.CutPrefix(line, "sh "); ok {
		runShell(cmd)
		return
	}
	resource(splitWords(line))
}

// runShell runs a step's shell command.
func runShell(line string) resourceStep {
	cmd := exec.Command("/bin/sh", "-c", line)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	s := resourceStep{sh: line, stdout: out.String(), stderr: errb.String()}
	if ee, ok := err.(*exec.ExitError); ok {
		s.exit = ee.ExitCode()
	}
	return s
}

// puppetResource runs puppet resource. ORDO_PUPPET_MODULEPATH names the
// modulepath with the types Puppet 7 moved to modules (host_core,
// cron_core, sshkeys_core, mount_core).
func puppetResource(args []string) resourceStep {
	if mp := os.Getenv("ORDO_PUPPET_MODULEPATH"); mp != "" {
		args = append([]string{"--modulepath", mp}, args...)
	}
	cmd := exec.Command("puppet", append([]string{"resource", "--color=false"}, args...)...)
	var out, errb bytes.Buffer
	// Puppet lists the packages of every provider whose command is on
	// PATH; a pip shim that fails (pyenv's) stops the whole listing.
	cmd.Env = append(os.Environ(), "PATH=/usr/sbin:/usr/bin:/sbin:/bin")
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	s := resourceStep{args: args, stdout: out.String(), stderr: puppetNoise.ReplaceAllString(errb.String(), "")}
	if ee, ok := err.(*exec.ExitError); ok {
		s.exit = ee.ExitCode()
	}
	return s
}

// TestResourceListingsAgainstPuppet compares whole listings with
// puppet resource on this machine, where Puppet is installed. Puppet
// lists gem and pip packages too, which ordo does not manage: only the
// apt provider's are compared. host needs puppetlabs-host_core on the
// modulepath given by ORDO_PUPPET_MODULEPATH, alternatives and
// alternative_entry voxpupuli puppet-alternatives.
func TestResourceListingsAgainstPuppet(t *testing.T) {
	if _, err := exec.LookPath("puppet"); err != nil {
		t.Skip("puppet is not installed")
	}
	if testing.Short() {
		t.Skip("runs puppet")
	}
	for _, typ := range []string{"user", "group", "package", "service", "host", "cron", "mount", "alternatives", "alternative_entry"} {
		t.Run(typ, func(t *testing.T) {
			modular := typ == "host" || typ == "cron" || typ == "mount" || strings.HasPrefix(typ, "alternative")
			if modular && os.Getenv("ORDO_PUPPET_MODULEPATH") == "" {
				t.Skip("ORDO_PUPPET_MODULEPATH is not set")
			}
			if strings.HasPrefix(typ, "alternative") {
				// The alternatives package's tests make and remove
				// alternatives meanwhile.
				providertest.Lock(t, "ordo-alternatives")
			}
			want := puppetResource([]string{typ})
			got, errs, code := runOrdoResource([]string{typ})
			if code != 0 || errs != "" {
				t.Fatalf("ordo resource %s: exit %d: %s", typ, code, errs)
			}
			if typ == "package" {
				want.stdout = onlyProvider(want.stdout, "apt")
			}
			// Other tests create and remove ordo* accounts, groups and
			// packages meanwhile.
			want.stdout, got = withoutOrdo(want.stdout), withoutOrdo(got)
			if got != want.stdout {
				t.Errorf("ordo resource %s differs from puppet resource:\n%s", typ, listingDiff(want.stdout, got))
			}
		})
	}
}

// onlyProvider keeps the resources of a listing that name provider.
func onlyProvider(listing, provider string) string {
	var kept []string
	for _, block := range strings.SplitAfter(listing, "\n}\n") {
		if strings.Contains(block, "\n  provider => '"+provider+"',\n") {
			kept = append(kept, strings.TrimSuffix(block, "\n"))
		}
	}
	return strings.Join(kept, "\n") + "\n"
}

// withoutOrdo drops the resources whose title starts with ordo.
func withoutOrdo(listing string) string {
	var kept []string
	for _, block := range strings.SplitAfter(listing, "\n}\n") {
		if !strings.Contains(block, " { 'ordo") && block != "" {
			kept = append(kept, block)
		}
	}
	return strings.Join(kept, "")
}

// listingDiff lists the lines only one side has.
func listingDiff(want, got string) string {
	w, g := map[string]int{}, map[string]int{}
	for _, l := range strings.Split(want, "\n") {
		w[l]++
	}
	for _, l := range strings.Split(got, "\n") {
		g[l]++
	}
	var b strings.Builder
	n := 0
	for _, l := range strings.Split(want, "\n") {
		if g[l] < w[l] && n < 40 {
			fmt.Fprintf(&b, "- %s\n", l)
			n++
		}
	}
	for _, l := range strings.Split(got, "\n") {
		if w[l] < g[l] && n < 80 {
			fmt.Fprintf(&b, "+ %s\n", l)
			n++
		}
	}
	return b.String()
}
