package eval

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// register_to_file and unregister_from_file against a GitLab API on
// loopback, keeping the token in /etc/gitlab-runner as the module does
// (a throw-away runner name; the folder is removed if the test made it).
func TestGitlabRegisterUnregister(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("keeps the token under /etc/gitlab-runner")
	}
	var got []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		got = append(got, r.Method+" "+r.URL.Path+" "+r.Header.Get("Content-Type")+" "+string(body))
		switch {
		case r.Method == http.MethodPost && r.URL.Path == "/api/v4/runners":
			var req map[string]any
			if json.Unmarshal(body, &req) != nil || req["token"] != "regtok" {
				w.WriteHeader(http.StatusForbidden)
				return
			}
			fmt.Fprint(w, `{"id":12,"token":"glrt-made"}`)
		case r.Method == http.MethodDelete && r.URL.Path == "/api/v4/runners":
			w.WriteHeader(http.StatusNoContent)
		default:
			w.WriteHeader(http.StatusNotFound)
		}
	}))
	defer srv.Close()
	if _, err := os.Stat(gitlabTokenDir); os.IsNotExist(err) {
		t.Cleanup(func() { os.RemoveAll(gitlabTokenDir) })
	}
	runner := fmt.Sprintf("ordo-test-%d", time.Now().UnixNano())
	file := filepath.Join(gitlabTokenDir, "auth-token-"+runner)
	t.Cleanup(func() { os.Remove(file) })
	var logs []string
	mk := func(noop bool) *Compiler {
		return newCompiler(context.Background(), Options{Noop: noop, Log: func(level, msg string) { logs = append(logs, level+": "+msg) }})
	}
	call := func(c *Compiler, name string, args ...Value) (Value, error) {
		return gitlabCIRunnerFunctions()[name](&call{c: c, name: name, args: args})
	}

	// Under noop nothing is registered.
	v, err := call(mk(true), "gitlab_ci_runner::register_to_file", srv.URL, "regtok", runner)
	if err != nil || v != "DUMMY-NOOP-TOKEN" || len(got) != 0 {
		t.Fatalf("noop: %v, %v, requests %q", v, err, got)
	}
	v, err = call(mk(false), "gitlab_ci_runner::register_to_file", srv.URL, &Sensitive{V: "regtok"}, runner, mustHash(t, `{"tag_list":"a,b"}`))
	if err != nil || v != "glrt-made" {
		t.Fatalf("register: %v, %v", v, err)
	}
	if want := `POST /api/v4/runners application/json {"tag_list":"a,b","token":"regtok"}`; len(got) != 1 || got[0] != want {
		t.Errorf("requests %q, want %q", got, want)
	}
	if data, err := os.ReadFile(file); err != nil || string(data) != "glrt-made" {
		t.Errorf("token file: %q, %v", data, err)
	}
	if st, err := os.Stat(file); err != nil || st.Mode().Perm() != 0o400 {
		t.Errorf("token file mode: %v, %v", st, err)
	}
	// The kept token is used from then on, without asking GitLab.
	if v, err := call(mk(false), "gitlab_ci_runner::register_to_file", srv.URL, "other", runner); err != nil || v != "glrt-made" || len(got) != 1 {
		t.Errorf("again: %v, %v, requests %q", v, err, got)
	}
	// A refused registration is an error with the reason.
	if _, err := call(mk(false), "gitlab_ci_runner::register_to_file", srv.URL, "wrong", runner+"-x"); err == nil || err.Error() != "Gitlab runner failed to register: Forbidden" {
		t.Errorf("refused: %v", err)
	}
	if v, err := call(mk(true), "gitlab_ci_runner::unregister_from_file", srv.URL, runner); err != nil || v != "Not unregistering gitlab runner "+runner+" when in noop mode" {
		t.Errorf("unregister noop: %v, %v", v, err)
	}
	if v, err := call(mk(false), "gitlab_ci_runner::unregister_from_file", srv.URL, runner); err != nil || v != "Successfully unregistered gitlab runner "+runner {
		t.Errorf("unregister: %v, %v", v, err)
	}
	if want := `DELETE /api/v4/runners application/json {"token":"glrt-made"}`; got[len(got)-1] != want {
		t.Errorf("last request %q, want %q", got[len(got)-1], want)
	}
	if v, err := call(mk(false), "gitlab_ci_runner::unregister_from_file", srv.URL, runner+"-none"); err != nil || v != file+"-none file doesn't exist" {
		t.Errorf("unregister without a token: %v, %v", v, err)
	}
	// An answer other than 2xx to unregistering is a warning.
	if v, err := call(mk(false), "gitlab_ci_runner::unregister_from_file", srv.URL+"/nowhere", runner); err != nil || v != "Error whilst unregistering gitlab runner "+runner+": Not Found" {
		t.Errorf("unregister refused: %v, %v", v, err)
	}
	if last := logs[len(logs)-1]; last != "warning: Error whilst unregistering gitlab runner "+runner+": Not Found" {
		t.Errorf("last log %q", last)
	}
}

func mustHash(t *testing.T, text string) *Hash {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(text), &m); err != nil {
		t.Fatal(err)
	}
	h := NewHash()
	for k, v := range m {
		h.Set(k, v)
	}
	return h
}
