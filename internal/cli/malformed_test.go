package cli_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/ordoproject/ordo/internal/cli"
	"github.com/ordoproject/ordo/internal/resource/providertest"
	ns "github.com/ordoproject/ordo/internal/resource/user/nameservice"
	"github.com/ordoproject/ordo/internal/trace"
)

const malformedSuite = "../../testdata/malformed"

// malformedCase is one case of testdata/malformed: a catalog as a new user
// might write it, and what Puppet 7.23 did with it (README.md there).
type malformedCase struct {
	name    string
	compare []string // the comment's compare: lines
	// notAtHour is the comment's not-at-hour: line, an hour of the day
	// (this machine's time) in which the case's outcome is another
	// than recorded, and why.
	notAtHour string
	catalog   []byte
	setup     string
	after     string
	between   string
	runs      int
	flags     []string
	exit      int
	log       string
	tree      string
	recorded  bool
	// libuser is "with" for a case recorded where libuser is installed
	// ("(libuser)" in its comment), "without" for one recorded where it
	// is not ("(no libuser)"): Puppet's forcelocal differs between the
	// two, and so does ordo's. Each case of such a pair runs on the
	// machines it was recorded for.
	libuser string
}

func loadMalformed(t *testing.T) []malformedCase {
	t.Helper()
	// The recordings were made with umask 022: the modes of what Puppet
	// made, and of the sandbox, depend on it.
	old := syscall.Umask(0o022)
	t.Cleanup(func() { syscall.Umask(old) })
	files, err := filepath.Glob(filepath.Join(malformedSuite, "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []malformedCase
	for _, file := range files {
		a, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		c := malformedCase{name: strings.TrimSuffix(filepath.Base(file), ".txtar"), runs: 1}
		switch {
		case strings.Contains(string(a.Comment), "(no libuser)"):
			c.libuser = "without"
		case strings.Contains(string(a.Comment), "(libuser)"):
			c.libuser = "with"
		}
		for _, line := range strings.Split(string(a.Comment), "\n") {
			if v, ok := strings.CutPrefix(line, "compare: "); ok {
				c.compare = append(c.compare, v)
			}
			if v, ok := strings.CutPrefix(line, "not-at-hour: "); ok {
				c.notAtHour = v
			}
		}
		for _, f := range a.Files {
			switch f.Name {
			case "catalog.json":
				c.catalog = f.Data
			case "setup.sh":
				c.setup = string(f.Data)
			case "after.sh":
				c.after = string(f.Data)
			case "between.sh":
				c.between = string(f.Data)
			case "runs":
				c.runs, err = strconv.Atoi(strings.TrimSpace(string(f.Data)))
				if err != nil {
					t.Fatalf("%s: runs: %v", file, err)
				}
			case "flags":
				c.flags = strings.Fields(string(f.Data))
			case "puppet.exit":
				c.exit, err = strconv.Atoi(strings.TrimSpace(string(f.Data)))
				if err != nil {
					t.Fatalf("%s: puppet.exit: %v", file, err)
				}
				c.recorded = true
			case "puppet.log":
				c.log = string(f.Data)
			case "puppet.tree":
				c.tree = string(f.Data)
			}
		}
		if !c.recorded {
			t.Fatalf("%s has no recording from Puppet: run testdata/malformed/record", file)
		}
		cases = append(cases, c)
	}
	if len(cases) < 60 {
		t.Fatalf("the malformed suite has %d cases; want at least 60", len(cases))
	}
	return cases
}

// knownMalformed lists the cases where ordo still does not do what Puppet
// 7.23 does, each with the part of ordo that has to change (schema: type
// declarations and validation; engine: catalog-level refusals and the
// command's face) and what differs. The test checks that each of them
// still differs, so that the list shrinks as they are fixed: remove a case
// here once it passes.
var knownMalformed = map[string]string{
	// none at present: a case that differs goes here, with why
}

// intended is a case where ordo differs from Puppet 7.23 on purpose
// (README: where ordo knowingly differs): in the files it leaves, its
// exit status or its messages, and everything else must match; or in
// everything, where Puppet hangs (ordo must still end).
type intended struct {
	differs string // "files", "exit status", "messages" or "everything"
	why     string
}

// intendedMalformed lists the cases where ordo differs on purpose.
var intendedMalformed = map[string]intended{
	"val-owner-missing":  {"files", "a file whose owner does not exist is not written at all; Puppet writes it as root, then fails"},
	"val-group-missing":  {"files", "a file whose group does not exist is not written at all; Puppet writes it as root, then fails"},
	"val-owner-uid-huge": {"files", "a file whose owner cannot be set is not written at all; Puppet writes it as root, then fails"},
	"val-group-gid-huge": {"files", "a file whose group cannot be set is not written at all; Puppet writes it as root, then fails"},
	// puppet apply --catalog exits 0 when it fails the whole catalog;
	// puppet apply of a manifest exits 1 for the same failures (with or
	// without --detailed-exitcodes), and so does ordo, for both.
	"link-to-self":             {"exit status", "a dependency cycle (a link autorequiring itself) fails the run: exit 1"},
	"meta-before-self":         {"exit status", "a dependency cycle fails the run: exit 1"},
	"meta-require-missing":     {"everything", "a relationship to a resource not in the catalog refuses the catalog in the words of puppet apply of a manifest (Could not find dependency X for Y), exit 1"},
	"meta-schedule-missing":    {"exit status", "a schedule that does not exist fails the run: exit 1"},
	"sched-name-array":         {"exit status", "a schedule given as an array names no schedule: the run fails, exit 1"},
	"sched-range-seconds-huge": {"exit status", "a range with seconds past 60 fails the run as Puppet's Time.local does: exit 1"},
	"sched-repeat-zero":        {"exit status", "a schedule dividing its period by repeat 0 fails the run: exit 1"},
	// puppet apply --catalog does not finalize the catalog it reads, so
	// the schedules Puppet makes for every other run (puppet, hourly,
	// daily, weekly, monthly, never) are missing; ordo adds them, as
	// Puppet's agent and puppet apply of a manifest do.
	"audit-not-a-property": {"messages", "audit naming a parameter that is not a property fails the resource with ordo's words; Puppet's are a Ruby NoMethodError"},
	// Puppet reads a FIFO target and waits for a writer until it is
	// killed (the recorder's 60 seconds); ordo fails the resource.
	"host-target-fifo": {"everything", "a host target that is a FIFO fails the resource as one that cannot be read; Puppet hangs"},
	// Puppet opens the FIFO to write the setting and waits for a reader
	// until it is killed; ordo fails the resource and goes on.
	"ini-path-fifo": {"everything", "an ini_setting whose path is a FIFO fails the resource (No such device or address); Puppet hangs"},
	// inifile 6.3.1 joins an integer into the setting's text and fails
	// with a Ruby TypeError; ordo writes the integer as text, as
	// ini_setting does with an integer value.
	"inisub-value-integer":        {"everything", "an ini_subsetting with an integer value is applied; Puppet fails it (no implicit conversion of Integer into String)"},
	"sched-builtin-apply-catalog": {"messages", "the built-in schedules exist: the notify is applied where Puppet fails the catalog (Could not find schedule daily)"},
}

// TestMalformedCatalogs applies every case of testdata/malformed with ordo
// in a fresh sandbox, as the recorder applied it with Puppet, and compares
// the exit status, the files left in the sandbox and the messages, as the
// case's compare: lines say (README.md in the suite).
func TestMalformedCatalogs(t *testing.T) {
	for _, c := range loadMalformed(t) {
		t.Run(c.name, func(t *testing.T) {
			if c.libuser != "" && (c.libuser == "with") != ns.HasLibuser() {
				t.Skipf("recorded %s libuser; its twin recorded the other way runs here", c.libuser)
			}
			if hour, why, ok := strings.Cut(c.notAtHour, " "); ok && hour == strconv.Itoa(time.Now().Hour()) {
				t.Skipf("recorded in another hour than %s: %s", hour, why)
			}
			diffs := compareMalformed(t, c, nil)
			if in, ok := intendedMalformed[c.name]; ok {
				// On purpose, ordo differs in one way; it says the same.
				allowed := map[string]string{"files": "files left in the sandbox differ", "exit status": "exit status", "messages": "compare ", "everything": ""}[in.differs]
				if len(diffs) == 0 {
					t.Errorf("listed in intendedMalformed (%s) but ordo now does what Puppet does: remove it from the list", in.why)
				}
				for _, d := range diffs {
					if strings.HasPrefix(d, "ordo hangs") || strings.HasPrefix(d, "ordo did not finish") || !strings.HasPrefix(d, allowed) && !strings.HasPrefix(d, "--- ordo output") {
						t.Errorf("differs from Puppet 7.23 beyond the %s on purpose (%s):\n%s", in.differs, in.why, strings.Join(diffs, "\n"))
						return
					}
				}
				t.Logf("differs on purpose in its %s (%s):\n%s", in.differs, in.why, strings.Join(diffs, "\n"))
				return
			}
			known, isKnown := knownMalformed[c.name]
			switch {
			case isKnown && len(diffs) == 0:
				t.Errorf("listed in knownMalformed (%s) but ordo now does what Puppet does: remove it from the list", known)
			case isKnown:
				t.Logf("known difference (%s):\n%s", known, strings.Join(diffs, "\n"))
			case len(diffs) > 0:
				t.Errorf("ordo differs from Puppet 7.23:\n%s", strings.Join(diffs, "\n"))
			}
		})
	}
}

// TestMalformedCatalogsParallel applies every case that ordo gets right
// with --jobs 4: the same exit status and the same files, whatever the
// order (messages are not compared: their order may differ).
func TestMalformedCatalogsParallel(t *testing.T) {
	for _, c := range loadMalformed(t) {
		if _, known := knownMalformed[c.name]; known {
			continue
		}
		if _, intended := intendedMalformed[c.name]; intended {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			c.compare = nil
			if diffs := compareMalformed(t, c, []string{"--jobs", "4"}); len(diffs) > 0 {
				t.Errorf("with --jobs 4, ordo differs from Puppet 7.23:\n%s", strings.Join(diffs, "\n"))
			}
		})
	}
}

// compareMalformed applies the case with ordo, with extra flags, and
// returns how the outcome differs from Puppet's. Package cases run dpkg
// and apt-get, whose lock other programs on the machine (other packages'
// tests) may hold for a while: such a run is tried again.
func compareMalformed(t *testing.T, c malformedCase, extra []string) []string {
	if bytes.Contains(c.catalog, []byte(`"type": "Package"`)) {
		// The package tests of other packages hold dpkg's lock for long
		// stretches (installing, purging): take turns with them.
		providertest.Lock(t, "ordoprov-pkg")
	}
	for try := 1; ; try++ {
		diffs := applyMalformed(t, c, extra)
		if try == 10 || !dpkgLocked.MatchString(strings.Join(diffs, "\n")) {
			return diffs
		}
		time.Sleep(3 * time.Second)
	}
}

// dpkgLocked matches what dpkg and apt-get say when another process holds
// dpkg's lock.
var dpkgLocked = regexp.MustCompile(`dpkg frontend lock was locked by another process|Could not get lock /var/lib/dpkg/lock`)

// applyMalformed is one apply of compareMalformed.
func applyMalformed(t *testing.T, c malformedCase, extra []string) []string {
	root := t.TempDir()
	if err := os.Mkdir(filepath.Join(root, "r"), 0o755); err != nil {
		t.Fatal(err)
	}
	lockAccountsFor(t, c.catalog)
	serveMalformedHTTP(t, c.catalog)
	catalogFile := filepath.Join(root, "catalog.json")
	if err := os.WriteFile(catalogFile, bytes.ReplaceAll(c.catalog, []byte("@ROOT@"), []byte(root)), 0o644); err != nil {
		t.Fatal(err)
	}
	if c.setup != "" {
		// Some setups mount small file systems in the sandbox or make
		// files immutable (chattr +i); the sandbox must go all the same.
		t.Cleanup(func() { releaseSandbox(root) })
		script, socks := splitSetup(c.setup)
		cmd := exec.Command("sh", "-e", "-c", script)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "ROOT="+root)
		if out, err := cmd.CombinedOutput(); err != nil {
			if strings.Contains(c.setup, "mount ") || strings.Contains(c.setup, "chattr ") {
				// Containers may forbid both; the case needs them.
				t.Skipf("setup.sh cannot mount or chattr here: %v\n%s", err, out)
			}
			t.Fatalf("setup.sh: %v\n%s", err, out)
		}
		for _, name := range socks {
			if err := bindSocket(filepath.Join(root, name)); err != nil {
				t.Fatalf("setup.sh: mksock %s: %v", name, err)
			}
		}
	}
	// Puppet ran in the sandbox: relative paths are relative to it.
	t.Chdir(root)
	// A run that waits on something (a FIFO, a device) must still end: it
	// is given a while, canceled, and given a while more. One that does
	// not end even then is left behind, and the case fails.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var out syncBuffer
	args := []string{"apply", "--catalog", catalogFile, "--verbose", "--color=false",
		"--bucketdir", filepath.Join(root, ".bucket"), "--lockfile", filepath.Join(root, ".lock"),
		"--statedir", filepath.Join(root, ".state")}
	var code int
	// A case with runs is applied that many times in a row, between.sh
	// before each run after the first, whose output starts with a line
	// the recorder writes too.
	for run := 1; run <= c.runs; run++ {
		if run > 1 {
			if c.between != "" {
				cmd := exec.Command("sh", "-e", "-c", c.between)
				cmd.Dir = root
				cmd.Env = append(os.Environ(), "ROOT="+root)
				if o, err := cmd.CombinedOutput(); err != nil {
					t.Fatalf("between.sh: %v\n%s", err, o)
				}
			}
			fmt.Fprintf(&out, "Notice: -- run %d --\n", run)
		}
		done := make(chan int, 1)
		go func() {
			done <- cli.Run(ctx, append(append(args, c.flags...), extra...), cli.Stdio{In: strings.NewReader(""), Out: &out, Err: &out})
		}()
		select {
		case code = <-done:
		case <-time.After(40 * time.Second):
			return []string{"ordo hangs, even after its context ended\n--- ordo output so far\n" + out.String()}
		}
		if ctx.Err() != nil {
			return []string{"ordo did not finish within 30 seconds"}
		}
	}
	if c.after != "" {
		// It copies what the case changed outside the sandbox into it
		// (a crontab, dpkg's status), and removes it.
		cmd := exec.Command("sh", "-c", c.after)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "ROOT="+root)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Errorf("after.sh: %v\n%s", err, out)
		}
	}
	got := strings.ReplaceAll(out.String(), root, "@ROOT@")
	var diffs []string
	if (code == 0) != (c.exit == 0) {
		diffs = append(diffs, fmt.Sprintf("exit status %d, Puppet's %d", code, c.exit))
	}
	tree, err := sandboxTree(root)
	if err != nil {
		t.Fatal(err)
	}
	if tree = strings.ReplaceAll(tree, root, "@ROOT@"); tree != c.tree {
		diffs = append(diffs, "files left in the sandbox differ:\n"+lineDiff(c.tree, tree))
	}
	for _, how := range c.compare {
		if d := compareMessages(how, c.log, got); d != "" {
			diffs = append(diffs, "compare "+how+": "+d)
		}
	}
	if len(diffs) > 0 {
		diffs = append(diffs, "--- ordo output\n"+got)
	}
	return diffs
}

// headerTimeRE is the time in the header Puppet's parsed-file providers
// (host, mount, ssh_authorized_key, cron) write at the top of a file; the
// recorder masks it too.
var headerTimeRE = regexp.MustCompile(`autogenerated at \d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4}`)

// syncBuffer is a bytes.Buffer that a run left behind may still write to.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// Lines about Puppet's own machinery, or that the two engines word
// differently on purpose, which no compare mode looks at.
var malformedMachineryRE = regexp.MustCompile(`^(Info: Creating state file|Info: Loading facts|Notice: Local environment: .* doesn't match server specified environment)`)

// splitSetup separates the lines "mksock PATH" of a setup, which the
// harness runs after the rest (a Unix socket bound at PATH), from the
// script sh runs.
func splitSetup(setup string) (script string, socks []string) {
	var rest []string
	for _, line := range strings.Split(setup, "\n") {
		if name, ok := strings.CutPrefix(line, "mksock "); ok {
			socks = append(socks, strings.TrimSpace(name))
			continue
		}
		rest = append(rest, line)
	}
	return strings.Join(rest, "\n"), socks
}

// bindSocket leaves a Unix socket file at path, as binding one does.
func bindSocket(path string) error {
	fd, err := syscall.Socket(syscall.AF_UNIX, syscall.SOCK_STREAM, 0)
	if err != nil {
		return err
	}
	defer syscall.Close(fd)
	return syscall.Bind(fd, &syscall.SockaddrUnix{Name: path})
}

// releaseSandbox unmounts what a setup mounted under root and makes its
// files mutable again.
func releaseSandbox(root string) {
	mounts, _ := os.ReadFile("/proc/mounts")
	lines := strings.Split(string(mounts), "\n")
	for i := len(lines) - 1; i >= 0; i-- {
		if f := strings.Fields(lines[i]); len(f) > 1 && strings.HasPrefix(f[1], root+"/") {
			exec.Command("umount", f[1]).Run()
		}
	}
	exec.Command("chattr", "-R", "-i", root).Run()
}

// compareMessages compares Puppet's log with ordo's output as how says:
//
//	log             every line, but for Puppet's machinery
//	errors          the Error: lines
//	warnings        the Warning: lines
//	refused         Puppet could not run at all ("Error: Could not run:"):
//	                ordo says Error: too; the wording is not compared, as
//	                Puppet's is the Ruby error of its deserializer
//	refused-same    as refused, and one of ordo's Error: lines says what
//	                Puppet's says, but for the wrappers of where each found
//	                it (refusalCore)
//	error ~ REGEXP  ordo prints an Error: line matching REGEXP
//	line ~ REGEXP   ordo prints a line matching REGEXP
//	none            no message is compared
func compareMessages(how, want, got string) string {
	switch {
	case how == "none":
		return ""
	case how == "log":
		return diffLines(logLines(want, ""), logLines(got, ""))
	case how == "errors":
		return diffLines(logLines(want, "Error: "), logLines(got, "Error: "))
	case how == "warnings":
		return diffLines(logLines(want, "Warning: "), logLines(got, "Warning: "))
	case how == "refused":
		if !strings.Contains(want, "Error: Could not run:") {
			return "the case says refused, but Puppet did not print Error: Could not run:"
		}
		if len(logLines(got, "Error: ")) == 0 {
			return "ordo printed no Error: line"
		}
		return ""
	case how == "refused-same":
		if d := compareMessages("refused", want, got); d != "" {
			return d
		}
		puppet := refusalCore(logLines(want, "Error: Could not run: ")[0])
		for _, l := range logLines(got, "Error: ") {
			if refusalCore(l) == puppet {
				return ""
			}
		}
		return "no Error: line of ordo says " + puppet
	case strings.HasPrefix(how, "line ~ "):
		re, err := regexp.Compile(strings.TrimPrefix(how, "line ~ "))
		if err != nil {
			return err.Error()
		}
		for _, l := range strings.Split(got, "\n") {
			if re.MatchString(l) {
				return ""
			}
		}
		return "no line matches " + re.String()
	case strings.HasPrefix(how, "error ~ "):
		re, err := regexp.Compile(strings.TrimPrefix(how, "error ~ "))
		if err != nil {
			return err.Error()
		}
		for _, l := range logLines(got, "Error: ") {
			if re.MatchString(l) {
				return ""
			}
		}
		return "no Error: line matches " + re.String()
	}
	return "unknown compare mode"
}

// logLines returns the lines of a log that start with prefix, with the
// lines that continue them, but for machinery lines; timings masked.
func logLines(s, prefix string) []string {
	var out []string
	keep := false
	for _, line := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		line = trace.MaskTempNames(secondsRE.ReplaceAllString(line, "in 0.00 seconds"))
		if levelRE.MatchString(line) {
			keep = strings.HasPrefix(line, prefix) && !malformedMachineryRE.MatchString(line)
		}
		if keep {
			out = append(out, line)
		}
	}
	return out
}

// refusalCore is what a whole-catalog refusal says without saying where it
// was found: Puppet's "Could not run:" and the wrappers of its catalog
// deserializer, ordo's position in the catalog file.
func refusalCore(line string) string {
	line = strings.TrimPrefix(line, "Error: ")
	line = refusalWrapperRE.ReplaceAllString(line, "")
	return line
}

var refusalWrapperRE = regexp.MustCompile(`^(Could not run: |Could not deserialize catalog from rich_data_json: |Could not intern from rich_data_json: |Could not intern from data: |@ROOT@/catalog\.json(:\d+:\d+)?: )*`)

var levelRE = regexp.MustCompile(`^(Debug|Info|Notice|Warning|Error): `)

func diffLines(want, got []string) string {
	w, g := strings.Join(want, "\n"), strings.Join(got, "\n")
	if w == g {
		return ""
	}
	return "\n" + lineDiff(w, g)
}

// Top-level names in the sandbox that belong to the engines, not the case
// (the recorder leaves out the same).
var sandboxMachinery = map[string]bool{".pv": true, ".pc": true, ".pcode": true, ".pl": true, ".pr": true,
	"catalog.json": true, ".bucket": true, ".lock": true, ".state": true}

// sandboxTree describes every file under root in the recorder's format:
// one line each, by path, with kind, mode, owner:group and the content or
// link target.
func sandboxTree(root string) (string, error) {
	var lines []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == root {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		if !strings.Contains(rel, "/") && sandboxMachinery[rel] {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		st, err := os.Lstat(p)
		if err != nil {
			return err
		}
		sys := st.Sys().(*syscall.Stat_t)
		kind := map[fs.FileMode]string{0: "file", fs.ModeDir: "dir", fs.ModeSymlink: "link", fs.ModeNamedPipe: "fifo",
			fs.ModeSocket: "socket", fs.ModeDevice | fs.ModeCharDevice: "char", fs.ModeDevice: "block"}[st.Mode().Type()]
		mode := fmt.Sprintf("%04o", sys.Mode&0o7777)
		if kind == "link" {
			mode = "-"
		}
		line := fmt.Sprintf("%s %s %s %s", escapeBytes([]byte(rel)), kind, mode, ownerNames(sys.Uid, sys.Gid))
		switch kind {
		case "file":
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			data = headerTimeRE.ReplaceAll(data, []byte("autogenerated at TIME"))
			if len(data) <= 256 {
				line += " " + escapeBytes(data)
			} else {
				sum := sha256.Sum256(data)
				line += fmt.Sprintf(" size=%d sha256=%s", len(data), hex.EncodeToString(sum[:]))
			}
		case "link":
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			line += " -> " + escapeBytes([]byte(target))
		}
		lines = append(lines, line)
		return nil
	})
	if err != nil {
		return "", err
	}
	// WalkDir visits names in byte order and a folder's content right
	// after it, as the recorder lists them.
	if len(lines) == 0 {
		return "", nil
	}
	return strings.Join(lines, "\n") + "\n", nil
}

// escapeBytes quotes b as the recorder does: printable ASCII as it is,
// \\ \" \n \t, every other byte as \xNN.
func escapeBytes(b []byte) string {
	var s strings.Builder
	s.WriteByte('"')
	for _, c := range b {
		switch {
		case c == '\\':
			s.WriteString(`\\`)
		case c == '"':
			s.WriteString(`\"`)
		case c == '\n':
			s.WriteString(`\n`)
		case c == '\t':
			s.WriteString(`\t`)
		case c >= 0x20 && c < 0x7f:
			s.WriteByte(c)
		default:
			fmt.Fprintf(&s, `\x%02x`, c)
		}
	}
	s.WriteByte('"')
	return s.String()
}

func ownerNames(uid, gid uint32) string {
	u := strconv.Itoa(int(uid))
	if x, err := user.LookupId(u); err == nil {
		u = x.Username
	}
	g := strconv.Itoa(int(gid))
	if x, err := user.LookupGroupId(g); err == nil {
		g = x.Name
	}
	return u + ":" + g
}
