package eval

import (
	"bytes"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Go stand-ins for the Ruby functions of puppet-gitlab_ci_runner: its
// TOML writer, and the two that its runners' Deferred values call on the
// agent to register a runner with GitLab and unregister it.

func gitlabCIRunnerFunctions() map[string]builtin {
	return map[string]builtin{
		"gitlab_ci_runner::to_toml":              fnGitlabToTOML,
		"gitlab_ci_runner::register_to_file":     fnGitlabRegisterToFile,
		"gitlab_ci_runner::unregister_from_file": fnGitlabUnregisterFromFile,
	}
}

// fnGitlabToTOML is gitlab_ci_runner::to_toml: a hash as TOML, with the
// module's own copy of the dumper stdlib's to_toml uses (see fnToTOML),
// which writes a Sensitive value as Ruby inspects it.
func fnGitlabToTOML(k *call) (Value, error) {
	if len(k.args) != 1 {
		return nil, failf("'gitlab_ci_runner::to_toml' expects 1 argument, got %d", len(k.args))
	}
	h, ok := k.args[0].(*Hash)
	if !ok {
		return nil, failf("'gitlab_ci_runner::to_toml' parameter 'data' expects a Hash value, got %s", inferredTypeName(k.args[0]))
	}
	var b strings.Builder
	if err := tomlVisit(&b, h, nil, false); err != nil {
		return nil, err
	}
	return b.String(), nil
}

// gitlabTokenDir is where the module keeps each runner's token, in
// auth-token-NAME.
const gitlabTokenDir = "/etc/gitlab-runner"

// gitlabArgs checks how many arguments the register and unregister
// functions were given.
func gitlabArgs(k *call, name string, least, most int) error {
	if len(k.args) < least || len(k.args) > most {
		return failf("'%s' expects between %d and %d arguments, got %d", name, least, most, len(k.args))
	}
	return nil
}

func optString(args []Value, i int) string {
	if i < len(args) {
		if s, ok := args[i].(string); ok {
			return s
		}
	}
	return ""
}

// fnGitlabRegisterToFile is gitlab_ci_runner::register_to_file(url,
// regtoken, runner_name, additional_options, proxy, ca_file): the token
// kept in /etc/gitlab-runner/auth-token-NAME; where there is none yet,
// DUMMY-NOOP-TOKEN under noop, or else the token GitLab gives when the
// runner registers (POST URL/api/v4/runners), which is kept there.
func fnGitlabRegisterToFile(k *call) (Value, error) {
	const name = "gitlab_ci_runner::register_to_file"
	if err := gitlabArgs(k, name, 3, 6); err != nil {
		return nil, err
	}
	host, _ := k.args[0].(string)
	regtoken := k.args[1]
	if s, ok := regtoken.(*Sensitive); ok {
		regtoken = s.V
	}
	runner, _ := k.args[2].(string)
	if host == "" || runner == "" {
		return nil, failf("'%s' expects String[1] url and runner_name", name)
	}
	file := filepath.Join(gitlabTokenDir, "auth-token-"+runner)
	if data, err := os.ReadFile(file); err == nil {
		return strings.TrimSpace(string(data)), nil
	}
	if k.c.opts.Noop {
		return "DUMMY-NOOP-TOKEN", nil
	}
	proxy, caFile := optString(k.args, 4), optString(k.args, 5)
	if caFile != "" {
		if _, err := os.Stat(caFile); err != nil {
			k.c.logf("warning", "Unable to register gitlab runner at this time as the specified `ca_file` does not exist (yet).  If puppet is managing this file, the next run should complete the registration process.")
			return "Specified CA file doesn't exist, not attempting to create authtoken", nil
		}
	}
	body := NewHash()
	if len(k.args) > 3 {
		if h, ok := k.args[3].(*Hash); ok {
			for i, key := range h.keys {
				body.Set(key, h.vals[i])
			}
		}
	}
	body.Set("token", regtoken)
	k.c.logf("info", "Registering gitlab runner with %s", host)
	reply, err := gitlabRequest(k, http.MethodPost, host+"/api/v4/runners", body, proxy, caFile)
	if err != nil {
		var he gitlabHTTPError
		if errors.As(err, &he) {
			return nil, failf("Gitlab runner failed to register: %s", he.message)
		}
		return nil, err
	}
	var answer map[string]any
	if err := json.Unmarshal(reply, &answer); err != nil {
		return nil, failf("Gitlab runner failed to register: %s", err)
	}
	token, _ := answer["token"].(string)
	if _, err := os.Stat(gitlabTokenDir); err != nil {
		if err := os.MkdirAll(gitlabTokenDir, 0o755); err != nil {
			return nil, err
		}
		if err := os.Chmod(gitlabTokenDir, 0o700); err != nil {
			return nil, err
		}
	}
	if err := os.WriteFile(file, []byte(token), 0o644); err != nil {
		return nil, err
	}
	if err := os.Chmod(file, 0o400); err != nil {
		return nil, err
	}
	return token, nil
}

// fnGitlabUnregisterFromFile is
// gitlab_ci_runner::unregister_from_file(url, runner_name, proxy,
// ca_file): with the token kept in /etc/gitlab-runner/auth-token-NAME,
// the runner is unregistered from GitLab (DELETE URL/api/v4/runners),
// except under noop; it returns what happened, and an answer other than
// 2xx is a warning.
func fnGitlabUnregisterFromFile(k *call) (Value, error) {
	const name = "gitlab_ci_runner::unregister_from_file"
	if err := gitlabArgs(k, name, 2, 4); err != nil {
		return nil, err
	}
	host, _ := k.args[0].(string)
	runner, _ := k.args[1].(string)
	file := filepath.Join(gitlabTokenDir, "auth-token-"+runner)
	data, err := os.ReadFile(file)
	if err != nil {
		return file + " file doesn't exist", nil
	}
	token := strings.TrimSpace(string(data))
	if k.c.opts.Noop {
		msg := "Not unregistering gitlab runner " + runner + " when in noop mode"
		k.c.logf("debug", "%s", msg)
		return msg, nil
	}
	proxy, caFile := optString(k.args, 2), optString(k.args, 3)
	if caFile != "" {
		if _, err := os.Stat(caFile); err != nil {
			k.c.logf("warning", "Unable to unregister gitlab runner at this time as the specified `ca_file` does not exist. The runner config will be removed from this hosts config only; please remove from gitlab manually.")
			return "Specified CA file doesn't exist, not attempting to create authtoken", nil
		}
	}
	body := NewHash()
	body.Set("token", token)
	k.c.logf("info", "Unregistering gitlab runner with %s", host)
	if _, err := gitlabRequest(k, http.MethodDelete, host+"/api/v4/runners", body, proxy, caFile); err != nil {
		var he gitlabHTTPError
		if !errors.As(err, &he) {
			return nil, err
		}
		msg := fmt.Sprintf("Error whilst unregistering gitlab runner %s: %s", runner, he.message)
		k.c.logf("warning", "%s", msg)
		return msg, nil
	}
	msg := "Successfully unregistered gitlab runner " + runner
	k.c.logf("debug", "%s", msg)
	return msg, nil
}

// gitlabHTTPError is an answer other than 2xx; message is its reason
// phrase, as Ruby's Net::HTTPError has it.
type gitlabHTTPError struct{ message string }

func (e gitlabHTTPError) Error() string { return e.message }

// gitlabRequest sends body as JSON to url, through proxy when one is
// given (and no proxy otherwise, as the module's client asks), checking
// an https server against caFile when one is given.
func gitlabRequest(k *call, method, rawURL string, body *Hash, proxy, caFile string) ([]byte, error) {
	var payload strings.Builder
	writeJSON(&payload, body)
	tr := &http.Transport{Proxy: nil}
	if proxy != "" {
		pu, err := url.Parse(proxy)
		if err != nil {
			return nil, failf("bad proxy %s: %s", proxy, err)
		}
		tr.Proxy = http.ProxyURL(pu)
	}
	if caFile != "" {
		pem, err := os.ReadFile(caFile)
		if err != nil {
			return nil, err
		}
		pool := x509.NewCertPool()
		pool.AppendCertsFromPEM(pem)
		tr.TLSClientConfig = &tls.Config{RootCAs: pool}
	}
	client := &http.Client{Transport: tr, Timeout: 60 * time.Second}
	req, err := http.NewRequestWithContext(k.c.ctx, method, rawURL, strings.NewReader(payload.String()))
	if err != nil {
		return nil, failf("%s", err)
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Content-Type", "application/json")
	resp, err := client.Do(req)
	if err != nil {
		host := req.URL.Host
		return nil, failf("Could not connect to %s when trying to register/unregister gitlab runner: %s", host, err)
	}
	defer resp.Body.Close()
	var out bytes.Buffer
	if _, err := out.ReadFrom(resp.Body); err != nil {
		return nil, err
	}
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, gitlabHTTPError{message: strings.TrimSpace(strings.TrimPrefix(resp.Status, fmt.Sprint(resp.StatusCode)))}
	}
	return out.Bytes(), nil
}
