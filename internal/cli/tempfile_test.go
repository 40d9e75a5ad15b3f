package cli_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"
)

// TestKilledRunLeavesNoTempFile: a run killed (SIGKILL) while a file's new
// content waits in its temporary file, here during a validate_cmd, leaves
// that file behind; the next run of the same resource removes it.
func TestKilledRunLeavesNoTempFile(t *testing.T) {
	bin := ordoBinary(t)
	dir := t.TempDir()
	target := filepath.Join(dir, "f")
	if err := os.WriteFile(target, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	catalogFor := func(validate string) string {
		p := filepath.Join(dir, "catalog-"+strconv.Itoa(len(validate))+".json")
		doc := map[string]any{"name": "n", "version": 1, "catalog_format": 2, "environment": "production",
			"resources": []any{map[string]any{"type": "File", "title": target, "exported": false,
				"parameters": map[string]any{"content": "new\n", "validate_cmd": validate}}}}
		data, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	lock := filepath.Join(dir, "lock")
	cmd := exec.Command(bin, "apply", "--catalog", catalogFor("sleep 2 && test -f %"), "--lockfile", lock)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	temps := func() []string {
		names, _ := filepath.Glob(target + "[0-9]*-*-*")
		return names
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(temps()) == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	cmd.Wait()
	left := temps()
	if len(left) != 1 {
		t.Fatalf("the killed run left %v, want one temporary file", left)
	}
	out, err := exec.Command(bin, "apply", "--catalog", catalogFor("test -f %"), "--lockfile", lock).CombinedOutput()
	if err != nil {
		t.Fatalf("second run: %v\n%s", err, out)
	}
	if got := temps(); len(got) != 0 {
		t.Errorf("the next run left %v", got)
	}
	if data, _ := os.ReadFile(target); string(data) != "new\n" {
		t.Errorf("%s holds %q", target, data)
	}
}

// TestInterruptDuringValidateCmd: SIGINT while a file's validate_cmd runs
// stops the command and the run at once; the file keeps its content and
// no temporary file is left.
func TestInterruptDuringValidateCmd(t *testing.T) {
	bin := ordoBinary(t)
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		dir := t.TempDir()
		target := filepath.Join(dir, "f")
		if err := os.WriteFile(target, []byte("old\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		doc := map[string]any{"name": "n", "version": 1, "catalog_format": 2, "environment": "production",
			"resources": []any{map[string]any{"type": "File", "title": target, "exported": false,
				"parameters": map[string]any{"content": "new\n", "validate_cmd": "/bin/sleep 30"}}}}
		data, _ := json.Marshal(doc)
		cat := filepath.Join(dir, "catalog.json")
		if err := os.WriteFile(cat, data, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command(bin, "apply", "--catalog", cat, "--lockfile", filepath.Join(dir, "lock"))
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		waited := make(chan error, 1)
		go func() { waited <- cmd.Wait() }()
		sleep := childSleep(t, cmd.Process.Pid)
		if !signalAndWait(t, cmd, waited, sig, 5*time.Second) {
			_ = syscall.Kill(-sleep, syscall.SIGKILL)
			t.Fatalf("ordo did not stop after %v\nstdout:\n%s\nstderr:\n%s", sig, &stdout, &stderr)
		}
		if alive(sleep) {
			_ = syscall.Kill(-sleep, syscall.SIGKILL)
			t.Errorf("%v: the validate_cmd (pid %d) outlived the run", sig, sleep)
		}
		if code := cmd.ProcessState.ExitCode(); code != 1 {
			t.Errorf("%v: exit code %d, want 1", sig, code)
		}
		if data, _ := os.ReadFile(target); string(data) != "old\n" {
			t.Errorf("%v: %s holds %q", sig, target, data)
		}
		if names, _ := filepath.Glob(target + "?*"); len(names) > 0 {
			t.Errorf("%v: left %v", sig, names)
		}
	}
}
