package cli_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestSaltInterrupt sends SIGINT to ordo salt apply while a slow cmd.run
// runs: the command's process group is killed at once, the states after
// it do not run, the states that ran are printed and ordo exits 1.
func TestSaltInterrupt(t *testing.T) {
	bin := ordoBinary(t)
	dir := t.TempDir()
	sls := `first:
  test.succeed_with_changes
slow:
  cmd.run:
    - name: sleep 30
after:
  file.managed:
    - name: ` + filepath.Join(dir, "after") + `
    - contents: x
`
	if err := os.WriteFile(filepath.Join(dir, "slow.sls"), []byte(sls), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "salt", "apply", "--file-root", dir, "--pillar-root", filepath.Join(dir, "none"),
		"--lockfile", filepath.Join(dir, "lock"), "--out", "json", "slow")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	sleeper := childSleep(t, cmd.Process.Pid)
	start := time.Now()
	if !signalAndWait(t, cmd, waited, syscall.SIGINT, 10*time.Second) {
		t.Fatal("ordo did not stop on SIGINT")
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("stopping took %v", d)
	}
	if alive(sleeper) {
		t.Errorf("the command (pid %d) still runs", sleeper)
	}
	if code := cmd.ProcessState.ExitCode(); code != 1 {
		t.Errorf("exit code %d, want 1; stderr:\n%s", code, stderr.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "after")); err == nil {
		t.Error("the state after the interrupted one ran")
	}
	out := stdout.String()
	if !strings.Contains(out, `"test_|-first_|-first_|-succeed_with_changes"`) || strings.Contains(out, "file_|-after") {
		t.Errorf("output:\n%s", out)
	}
}
