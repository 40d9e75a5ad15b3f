package cli_test

import (
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ordoproject/ordo/internal/resource/file/sourcetest"
)

// TestInterruptDownload sends SIGINT to an apply while a file's http
// source sends its body slowly: the download stops at once, the file is
// not made, no temporary file is left, and ordo exits 1.
func TestInterruptDownload(t *testing.T) {
	bin := ordoBinary(t)
	srv := httptest.NewServer(sourcetest.Handler())
	defer srv.Close()
	dir := t.TempDir()
	out := filepath.Join(dir, "r")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	cat := filepath.Join(dir, "catalog.json")
	js := `{"tags": ["settings"], "name": "node.example", "version": 1, "code_id": null, "catalog_uuid": "00000000-0000-0000-0000-000000000000", "catalog_format": 2, "environment": "production",
 "resources": [
  {"type": "Stage", "title": "main", "tags": ["stage"], "exported": false, "parameters": {"name": "main"}},
  {"type": "Class", "title": "main", "tags": ["class"], "exported": false, "parameters": {"name": "main"}},
  {"type": "File", "title": "@OUT@/slow", "exported": false, "parameters": {"source": "@URL@/slow.txt"}}
 ],
 "edges": [{"source": "Stage[main]", "target": "Class[main]"}, {"source": "Class[main]", "target": "File[@OUT@/slow]"}]}`
	js = strings.NewReplacer("@OUT@", out, "@URL@", srv.URL).Replace(js)
	if err := os.WriteFile(cat, []byte(js), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "apply", "--debug", "--catalog", cat, "--lockfile", filepath.Join(dir, "lock"), "--bucketdir", filepath.Join(dir, "bucket"))
	var stdout, stderr syncBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	// Wait until the body has begun.
	for i := 0; !strings.Contains(stdout.String(), "HTTP GET "+srv.URL+"/slow.txt returned 200 OK"); i++ {
		if i == 200 {
			t.Fatalf("the download did not start\nstdout:\n%s\nstderr:\n%s", &stdout, &stderr)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if !signalAndWait(t, cmd, waited, syscall.SIGINT, 10*time.Second) {
		t.Fatalf("ordo did not stop after SIGINT\nstdout:\n%s\nstderr:\n%s", &stdout, &stderr)
	}
	t.Logf("stdout:\n%s\nstderr:\n%s", &stdout, &stderr)
	if code := cmd.ProcessState.ExitCode(); code != 1 {
		t.Errorf("exit code %d, want 1", code)
	}
	if !strings.Contains(stderr.String(), "Request to "+srv.URL+"/slow.txt interrupted after ") {
		t.Errorf("the interrupted download is not reported")
	}
	if es, _ := os.ReadDir(out); len(es) != 0 {
		t.Errorf("left behind: %v", es)
	}
}
