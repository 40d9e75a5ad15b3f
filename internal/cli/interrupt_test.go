package cli_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

var (
	buildOnce sync.Once
	ordoBin   string
	buildErr  error
)

// ordoBinary builds cmd/ordo once for the tests that need a real process
// (signals reach the binary's own handler, not testscript's).
func ordoBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "ordo-bin")
		if err != nil {
			buildErr = err
			return
		}
		ordoBin = filepath.Join(dir, "ordo")
		out, err := exec.Command("go", "build", "-o", ordoBin, "github.com/ordoproject/ordo/cmd/ordo").CombinedOutput()
		if err != nil {
			buildErr = err
			t.Logf("%s", out)
		}
	})
	if buildErr != nil {
		t.Fatalf("building ordo: %v", buildErr)
	}
	return ordoBin
}

// childSleep waits for a /bin/sleep whose parent is pid and returns its pid.
func childSleep(t *testing.T, pid int) int {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		ents, _ := os.ReadDir("/proc")
		for _, e := range ents {
			n, err := strconv.Atoi(e.Name())
			if err != nil {
				continue
			}
			stat, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
			if err != nil {
				continue
			}
			// pid (comm) state ppid ...
			s := string(stat)
			i := strings.LastIndexByte(s, ')')
			if i < 0 || !strings.HasSuffix(s[:i], "(sleep") {
				continue
			}
			f := strings.Fields(s[i+1:])
			if len(f) > 1 && f[1] == strconv.Itoa(pid) {
				return n
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("the slow exec never started")
	return 0
}

// alive reports whether pid runs (a zombie counts as gone).
func alive(pid int) bool {
	stat, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return false
	}
	s := string(stat)
	i := strings.LastIndexByte(s, ')')
	return i >= 0 && !strings.HasPrefix(strings.TrimSpace(s[i+1:]), "Z")
}

const interruptCatalog = `{"name": "n", "version": 1, "catalog_format": 2, "environment": "production",
 "resources": [
  {"type": "Stage", "title": "main", "exported": false, "parameters": {"name": "main"}},
  {"type": "Class", "title": "main", "exported": false, "parameters": {"name": "main"}},
  {"type": "Exec", "title": "slow", "exported": false, "parameters": {"command": "/bin/sleep 30", "timeout": 60}},
  {"type": "File", "title": "@ROOT@/after", "exported": false, "parameters": {"content": "x", "require": "Exec[slow]"}},
  {"type": "File", "title": "@ROOT@/unrelated", "exported": false, "parameters": {"content": "x"}}
 ],
 "edges": [{"source": "Stage[main]", "target": "Class[main]"}, {"source": "Class[main]", "target": "Exec[slow]"},
  {"source": "Class[main]", "target": "File[@ROOT@/after]"}, {"source": "Class[main]", "target": "File[@ROOT@/unrelated]"}]}`

// TestInterrupt sends SIGINT (or SIGTERM) to an apply while a slow exec
// runs: the exec's process group is killed at once, nothing after it is
// applied, the report says the run failed and did not complete, and ordo
// exits 1, as puppet apply does when interrupted.
func TestInterrupt(t *testing.T) {
	bin := ordoBinary(t)
	for _, tc := range []struct {
		name string
		sig  syscall.Signal
		args []string
		// parallel: the unrelated file may be applied while the exec runs.
		parallel bool
	}{
		{"INT", syscall.SIGINT, nil, false},
		{"TERM", syscall.SIGTERM, []string{"--jobs", "2", "--detailed-exitcodes"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			cat := filepath.Join(dir, "catalog.json")
			if err := os.WriteFile(cat, []byte(strings.ReplaceAll(interruptCatalog, "@ROOT@", dir)), 0o644); err != nil {
				t.Fatal(err)
			}
			reportFile := filepath.Join(dir, "report.json")
			args := append([]string{"apply", "--debug", "--catalog", cat, "--report", reportFile,
				"--lockfile", filepath.Join(dir, "lock"), "--bucketdir", filepath.Join(dir, "bucket")}, tc.args...)
			cmd := exec.Command(bin, args...)
			var stdout, stderr bytes.Buffer
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			waited := make(chan error, 1)
			go func() { waited <- cmd.Wait() }()
			t.Cleanup(func() { _ = cmd.Process.Kill() })
			sleep := childSleep(t, cmd.Process.Pid)
			sent := time.Now()
			if !signalAndWait(t, cmd, waited, tc.sig, 10*time.Second) {
				_ = syscall.Kill(-sleep, syscall.SIGKILL)
				t.Fatalf("ordo did not stop after SIG%s\nstdout:\n%s\nstderr:\n%s", tc.name, &stdout, &stderr)
			}
			if d := time.Since(sent); d > 5*time.Second {
				t.Errorf("ordo took %v to stop", d)
			}
			if alive(sleep) {
				_ = syscall.Kill(-sleep, syscall.SIGKILL)
				t.Errorf("the exec's sleep (pid %d) outlived the run", sleep)
			}
			out := stdout.String()
			t.Logf("stdout:\n%s\nstderr:\n%s", out, &stderr)
			if code := cmd.ProcessState.ExitCode(); code != 1 {
				t.Errorf("exit code %d, want 1", code)
			}
			notApplied := []string{"after", "unrelated"}
			if tc.parallel {
				notApplied = notApplied[:1]
			}
			for _, f := range notApplied {
				if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
					t.Errorf("%s was applied after the interrupt", f)
				}
			}
			wants := []string{
				"Debug: /Stage[main]/Main/File[" + dir + "/after]: Transaction canceled, skipping\n",
				"Notice: Caught " + tc.name + "; exiting\n",
			}
			if !tc.parallel {
				wants = append(wants, "Debug: /Stage[main]/Main/File["+dir+"/unrelated]: Transaction canceled, skipping\n")
			}
			for _, want := range wants {
				if !strings.Contains(out, want) {
					t.Errorf("stdout lacks %q", want)
				}
			}
			if strings.Contains(out, "Applied catalog") {
				t.Errorf("an interrupted run says it applied the catalog")
			}
			if !strings.Contains(stderr.String(), "Error: /Stage[main]/Main/Exec[slow]/returns: change from 'notrun' to ['0'] failed: Command interrupted: context canceled\n") {
				t.Errorf("the interrupted exec is not reported failed")
			}
			data, err := os.ReadFile(reportFile)
			if err != nil {
				t.Fatal(err)
			}
			var rep struct {
				Status               string `json:"status"`
				TransactionCompleted bool   `json:"transaction_completed"`
				ResourceStatuses     []struct {
					Resource string `json:"resource"`
					Failed   bool   `json:"failed"`
					Skipped  bool   `json:"skipped"`
				} `json:"resource_statuses"`
			}
			if err := json.Unmarshal(data, &rep); err != nil {
				t.Fatal(err)
			}
			if rep.Status != "failed" || rep.TransactionCompleted {
				t.Errorf("report status %q, transaction_completed %v; want failed, false", rep.Status, rep.TransactionCompleted)
			}
			for _, s := range rep.ResourceStatuses {
				switch {
				case s.Resource == "Exec[slow]" && !s.Failed:
					t.Errorf("Exec[slow] not failed in the report")
				case strings.HasSuffix(s.Resource, "/after]") && !s.Skipped,
					strings.HasSuffix(s.Resource, "/unrelated]") && !s.Skipped && !tc.parallel:
					t.Errorf("%s not skipped in the report", s.Resource)
				}
			}
		})
	}
}

// TestInterruptWhileWaitingForLock: an apply waiting for another's run
// lock stops waiting on SIGINT instead of hanging until the lock is free.
func TestInterruptWhileWaitingForLock(t *testing.T) {
	bin := ordoBinary(t)
	dir := t.TempDir()
	lock := filepath.Join(dir, "lock")
	fh, err := os.OpenFile(lock, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	if err := syscall.Flock(int(fh.Fd()), syscall.LOCK_EX); err != nil {
		t.Fatal(err)
	}
	cat := filepath.Join(dir, "catalog.json")
	if err := os.WriteFile(cat, []byte(strings.ReplaceAll(interruptCatalog, "@ROOT@", dir)), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "apply", "--catalog", cat, "--lockfile", lock, "--bucketdir", filepath.Join(dir, "bucket"))
	// The output goes to a file, read while ordo runs.
	outFile := filepath.Join(dir, "stdout")
	out, err := os.Create(outFile)
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = out, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	stdout := func() string {
		data, _ := os.ReadFile(outFile)
		return string(data)
	}
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(stdout(), "waiting for it to finish") {
		if time.Now().After(deadline) {
			_ = cmd.Process.Kill()
			<-waited
			t.Fatalf("ordo did not wait for the lock\nstdout:\n%s\nstderr:\n%s", stdout(), &stderr)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !signalAndWait(t, cmd, waited, syscall.SIGINT, 5*time.Second) {
		t.Fatalf("ordo kept waiting for the lock after SIGINT\nstdout:\n%s\nstderr:\n%s", stdout(), &stderr)
	}
	if code := cmd.ProcessState.ExitCode(); code != 1 {
		t.Errorf("exit code %d, want 1", code)
	}
	if want := "Error: gave up waiting for the run lock " + lock + ": caught INT\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
	if _, err := os.Stat(filepath.Join(dir, "unrelated")); err == nil {
		t.Errorf("the catalog was applied without the lock")
	}
}

// TestInterruptWhileReadingStdin: `apply --catalog -` waiting for a
// catalog on standard input stops on SIGINT.
func TestInterruptWhileReadingStdin(t *testing.T) {
	bin := ordoBinary(t)
	dir := t.TempDir()
	cmd := exec.Command(bin, "apply", "--catalog", "-", "--lockfile", filepath.Join(dir, "lock"))
	stdin, err := cmd.StdinPipe() // kept open: the catalog never comes
	if err != nil {
		t.Fatal(err)
	}
	defer stdin.Close()
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	// Give ordo time to install its signal handler and start reading.
	time.Sleep(300 * time.Millisecond)
	if !signalAndWait(t, cmd, waited, syscall.SIGINT, 5*time.Second) {
		t.Fatalf("ordo kept reading standard input after SIGINT\nstdout:\n%s\nstderr:\n%s", &stdout, &stderr)
	}
	if code := cmd.ProcessState.ExitCode(); code != 1 {
		t.Errorf("exit code %d, want 1", code)
	}
	if want := "Error: stopped reading the catalog from standard input: caught INT\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
}

// TestInterruptWhileOpeningFIFO: a --catalog that is a FIFO no one
// writes to waits in open(2); SIGINT and SIGTERM still stop ordo.
func TestInterruptWhileOpeningFIFO(t *testing.T) {
	bin := ordoBinary(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		dir := t.TempDir()
		fifo := filepath.Join(dir, "catalog.json")
		if err := syscall.Mkfifo(fifo, 0o600); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, "apply", "--catalog", fifo, "--lockfile", filepath.Join(dir, "lock"))
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		waited := make(chan error, 1)
		go func() { waited <- cmd.Wait() }()
		time.Sleep(300 * time.Millisecond)
		if !signalAndWait(t, cmd, waited, sig, 5*time.Second) {
			t.Fatalf("ordo kept waiting for the FIFO after %v\nstderr:\n%s", sig, &stderr)
		}
		name := map[syscall.Signal]string{syscall.SIGINT: "INT", syscall.SIGTERM: "TERM"}[sig]
		if want := "Error: stopped reading the catalog from " + fifo + ": caught " + name + "\n"; stderr.String() != want {
			t.Errorf("stderr %q, want %q", stderr.String(), want)
		}
		if code := cmd.ProcessState.ExitCode(); code != 1 {
			t.Errorf("exit code %d, want 1", code)
		}
	}
}

// A FIFO with a writer is read like a file: `--catalog <(command)`.
func TestCatalogFromFIFO(t *testing.T) {
	bin := ordoBinary(t)
	dir := t.TempDir()
	fifo := filepath.Join(dir, "catalog.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	go func() {
		fh, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		defer fh.Close()
		fh.WriteString(`{"name": "n", "resources": [{"type": "Notify", "title": "from a pipe"}]}`)
	}()
	out, err := exec.Command(bin, "apply", "--catalog", fifo, "--lockfile", filepath.Join(dir, "lock")).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "Notice: from a pipe\n") {
		t.Errorf("apply from a FIFO: %v\n%s", err, out)
	}
}

// signalAndWait sends sig to ordo and waits up to within for it to exit.
// If it does not, it is killed and signalAndWait reports false.
func signalAndWait(t *testing.T, cmd *exec.Cmd, waited <-chan error, sig os.Signal, within time.Duration) bool {
	t.Helper()
	if err := cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	select {
	case <-waited:
		return true
	case <-time.After(within):
		_ = cmd.Process.Kill()
		<-waited
		return false
	}
}
