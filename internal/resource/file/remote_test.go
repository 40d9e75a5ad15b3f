package file

import (
	"context"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/file/sourcetest"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

// runCtx applies one file resource with ctx and the host h (for its
// fetcher's timeouts) and returns every line logged, debug included.
func runCtx(t *testing.T, ctx context.Context, h *host, title string, kv ...any) string {
	t.Helper()
	inst, err := resource.Instantiate(Type{host: h}, res(title, kv...))
	if err != nil {
		t.Fatal(err)
	}
	log := &resourcetest.Logger{MinLevel: resource.Debug}
	hd := &resource.Handle{Path: P(title), Log: log, Runner: command.Runner{}}
	resourcetest.Apply(ctx, inst, hd)
	return log.String()
}

var elapsed = regexp.MustCompile(`after [0-9.]+ seconds`)

// entries lists what is in dir, so that a failed fetch can be seen to
// leave nothing behind.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	es, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range es {
		out = append(out, e.Name())
	}
	return out
}

// Odd servers: each fails the resource with a message a person can act
// on, and leaves the file as it was (no file, or the old one), with no
// temporary file behind.
func TestRemoteSourceFailures(t *testing.T) {
	srv := httptest.NewServer(sourcetest.Handler())
	defer srv.Close()
	for _, tc := range []struct {
		name, path string
		read       time.Duration // the fetcher's read timeout; 0 for Puppet's
		want       string        // in the log
	}{
		{"missing", "/missing.txt", 0, "Could not retrieve information from environment production source(s) URL/missing.txt"},
		{"body cut short", "/cut.txt", 0, "Request to URL/cut.txt interrupted after N seconds: the server sent 14 of 1000 bytes"},
		{"huge content length", "/huge.bin", 0, "Request to URL/huge.bin interrupted after N seconds: the server sent 7 of 1099511627776 bytes"},
		{"redirect loop", "/loop.txt", 0, "Could not retrieve file metadata for URL/loop.txt: Too many HTTP redirections for URL/loop.txt"},
		{"GET fails", "/getfails.txt", 0, "Error 500 on SERVER: the disk is on fire"},
		{"slow body", "/slow.txt", 50 * time.Millisecond, "Request to URL/slow.txt timed out read operation after N seconds"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, existing := range []bool{false, true} {
				d := t.TempDir()
				p := filepath.Join(d, "f")
				if existing {
					write(t, p, "old\n", 0o644)
					old := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
					os.Chtimes(p, old, old)
				}
				h := newHost()
				h.fetch.read = tc.read
				log := runCtx(t, context.Background(), h, p, "source", srv.URL+tc.path)
				log = elapsed.ReplaceAllString(strings.ReplaceAll(log, srv.URL, "URL"), "after N seconds")
				if !strings.Contains(log, tc.want) {
					t.Errorf("existing %v: log:\n%s\nwant a line with %q", existing, log, tc.want)
				}
				got, err := os.ReadFile(p)
				switch {
				case existing && string(got) != "old\n":
					t.Errorf("the old file was changed: %q, %v", got, err)
				case !existing && !os.IsNotExist(err):
					t.Errorf("a file was made: %q, %v", got, err)
				}
				if want := map[bool]int{false: 0, true: 1}[existing]; len(entries(t, d)) != want {
					t.Errorf("left in the folder: %v", entries(t, d))
				}
			}
		})
	}
}

// A run interrupted (SIGINT cancels the run's context) while a source
// is being fetched stops at once and leaves nothing behind.
func TestRemoteSourceInterrupted(t *testing.T) {
	srv := httptest.NewServer(sourcetest.Handler())
	defer srv.Close()
	d := t.TempDir()
	p := filepath.Join(d, "f")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan string, 1)
	go func() { done <- runCtx(t, ctx, newHost(), p, "source", srv.URL+"/slow.txt") }()
	time.Sleep(100 * time.Millisecond)
	cancel()
	select {
	case log := <-done:
		log = elapsed.ReplaceAllString(strings.ReplaceAll(log, srv.URL, "URL"), "after N seconds")
		if !strings.Contains(log, "Request to URL/slow.txt interrupted after N seconds") {
			t.Errorf("log:\n%s", log)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the fetch does not stop when the run is interrupted")
	}
	if e := entries(t, d); len(e) != 0 {
		t.Errorf("left in the folder: %v", e)
	}
}

// A URL's password shows in no line: not in errors, not at debug level.
func TestRemoteSourcePasswordHidden(t *testing.T) {
	srv := httptest.NewServer(sourcetest.Handler())
	defer srv.Close()
	host := strings.TrimPrefix(srv.URL, "http://")
	for _, path := range []string{"/secret.txt", "/missing.txt", "/loop.txt", "/cut.txt", "/getfails.txt", "/badsum.txt"} {
		for _, pass := range []string{sourcetest.Password, "wrong"} {
			d := t.TempDir()
			p := filepath.Join(d, "f")
			log := runCtx(t, context.Background(), newHost(), p, "source", "http://"+sourcetest.User+":"+pass+"@"+host+path)
			if strings.Contains(log, pass) {
				t.Errorf("%s: the password shows:\n%s", path, log)
			}
			if path == "/secret.txt" && pass == sourcetest.Password {
				if got, err := os.ReadFile(p); string(got) != sourcetest.Bodies["/secret.txt"] {
					t.Errorf("with the password: %q, %v\n%s", got, err, log)
				}
				if !strings.Contains(log, "Debug: HTTP GET "+srv.URL+"/secret.txt returned 200 OK") {
					t.Errorf("no debug line for the request:\n%s", log)
				}
			}
		}
	}
	// Nor a refused source among others.
	d := t.TempDir()
	log := runCtx(t, context.Background(), newHost(), filepath.Join(d, "f"), "source", []any{"http://" + sourcetest.User + ":hunter2@" + host + "/missing.txt", srv.URL + "/gone.txt"})
	if strings.Contains(log, "hunter2") || !strings.Contains(log, "http://reader:xxxxx@") {
		t.Errorf("the password shows, or the source is not named:\n%s", log)
	}
}

// An https server whose certificate this machine does not trust: the
// error says so, and what ordo trusts.
func TestRemoteSourceUntrustedCertificate(t *testing.T) {
	srv := httptest.NewUnstartedServer(sourcetest.Handler())
	srv.Config.ErrorLog = log.New(io.Discard, "", 0) // the refused handshake
	srv.StartTLS()
	defer srv.Close()
	d := t.TempDir()
	p := filepath.Join(d, "f")
	out := runCtx(t, context.Background(), newHost(), p, "source", srv.URL+"/plain.txt")
	for _, want := range []string{"Could not retrieve file metadata for " + srv.URL + "/plain.txt: Request to " + srv.URL + "/plain.txt failed after ",
		"the server's certificate was not accepted (x509: certificate signed by unknown authority); ordo verifies https sources against this machine's certificate authorities"} {
		if !strings.Contains(out, want) {
			t.Errorf("log:\n%s\nwant %q", out, want)
		}
	}
	if _, err := os.Lstat(p); !os.IsNotExist(err) {
		t.Errorf("a file was made")
	}
}

// A server that is not there: Puppet's words for a refused connection
// (testdata/malformed/http-connection-refused).
func TestRemoteSourceConnectionRefused(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close()
	log := runCtx(t, context.Background(), newHost(), filepath.Join(t.TempDir(), "f"), "source", url+"/x")
	want := "Request to " + url + "/x failed after N seconds: Failed to open TCP connection to " + strings.TrimPrefix(url, "http://") + " (Connection refused - connect(2) for " + strings.TrimPrefix(url, "http://") + ")"
	if log = elapsed.ReplaceAllString(log, "after N seconds"); !strings.Contains(log, want) {
		t.Errorf("log:\n%s\nwant %q", log, want)
	}
}

// The content goes from the server to the file without being held in
// memory: a large body is written whole, and a second run finds it in
// sync by the server's checksum.
func TestRemoteSourceLargeBody(t *testing.T) {
	const size = 64 << 20
	mux := http.NewServeMux()
	mux.HandleFunc("/big", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("X-Checksum-Sha256", bigSum)
		w.Header().Set("Content-Length", "67108864")
		if r.Method == http.MethodHead {
			return
		}
		buf := make([]byte, 1<<20)
		for i := range buf {
			buf[i] = 'x'
		}
		for i := 0; i < size/len(buf); i++ {
			w.Write(buf)
		}
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	p := filepath.Join(t.TempDir(), "f")
	log := runCtx(t, context.Background(), newHost(), p, "source", srv.URL+"/big")
	if !strings.Contains(log, "ensure: defined content as '{sha256}"+bigSum+"'") {
		t.Fatalf("log:\n%s", log)
	}
	if st, err := os.Stat(p); err != nil || st.Size() != size {
		t.Fatalf("stat: %v, %v", st, err)
	}
	if log := runCtx(t, context.Background(), newHost(), p, "source", srv.URL+"/big"); strings.Contains(log, "Notice") {
		t.Errorf("second run changed something:\n%s", log)
	}
}

// bigSum is the sha256 of 64 MiB of 'x'.
const bigSum = "e20a69eca39368572e90b9135738a613838f954987a0b44b6220889c171cbb76"

// A second run finds each file made from an http source in sync: by the
// server's checksum, or by mtime (the file is newer than Last-Modified).
func TestRemoteSourceConverges(t *testing.T) {
	srv := httptest.NewServer(sourcetest.Handler())
	defer srv.Close()
	for _, path := range []string{"/plain.txt", "/sha256.txt", "/sha1.txt", "/md5.txt", "/nohead.txt", "/redirect.txt"} {
		p := filepath.Join(t.TempDir(), "f")
		if out := runCtx(t, context.Background(), newHost(), p, "source", srv.URL+path); !strings.Contains(out, "Notice: "+P(p)+"/ensure: defined content as ") {
			t.Fatalf("%s: first run:\n%s", path, out)
		}
		if out := runCtx(t, context.Background(), newHost(), p, "source", srv.URL+path); strings.Contains(out, "Notice") {
			t.Errorf("%s: second run changed something:\n%s", path, out)
		}
		if got, _ := os.ReadFile(p); string(got) != sourcetest.Bodies[strings.Replace(path, "/redirect.txt", "/redirected.txt", 1)] {
			t.Errorf("%s: content %q", path, got)
		}
	}
}

// validate_cmd sees the fetched content in the temporary file before it
// replaces the file; a refusal leaves the old file.
func TestRemoteSourceValidateCmd(t *testing.T) {
	srv := httptest.NewServer(sourcetest.Handler())
	defer srv.Close()
	for _, tc := range []struct {
		cmd, want string
	}{
		{"/bin/grep -q 'hello over http' %", sourcetest.Bodies["/plain.txt"]},
		{"/bin/grep -q nothing-like-this %", "old\n"},
	} {
		d := t.TempDir()
		p := filepath.Join(d, "f")
		write(t, p, "old\n", 0o644)
		old := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
		os.Chtimes(p, old, old)
		out := runCtx(t, context.Background(), newHost(), p, "source", srv.URL+"/plain.txt", "validate_cmd", tc.cmd)
		if got, _ := os.ReadFile(p); string(got) != tc.want {
			t.Errorf("%s: content %q, want %q\n%s", tc.cmd, got, tc.want, out)
		}
		if e := entries(t, d); len(e) != 1 {
			t.Errorf("%s: left in the folder: %v", tc.cmd, e)
		}
	}
}

// A busy server's Retry-After is honoured: the request is tried again
// after the wait, with Puppet's warning, a hundred times at most.
func TestRemoteSourceRetryAfter(t *testing.T) {
	srv := httptest.NewServer(sourcetest.Handler())
	defer srv.Close()
	p := filepath.Join(t.TempDir(), "f")
	out := runCtx(t, context.Background(), newHost(), p, "source", srv.URL+"/retry.txt")
	if got, _ := os.ReadFile(p); string(got) != sourcetest.Bodies["/retry.txt"] {
		t.Errorf("content %q\n%s", got, out)
	}
	if n := strings.Count(out, "Warning: Sleeping for 0 seconds before retrying the request"); n != 2 {
		t.Errorf("%d warnings, want 2 (HEAD and GET each retried once):\n%s", n, out)
	}
	p = filepath.Join(t.TempDir(), "f")
	out = runCtx(t, context.Background(), newHost(), p, "source", srv.URL+"/busy.txt")
	if n := strings.Count(out, "Warning: Sleeping for 0 seconds before retrying the request"); n != 100 {
		t.Errorf("%d warnings, want 100", n)
	}
	if want := "Could not retrieve file metadata for " + srv.URL + "/busy.txt: Too many HTTP retries for " + srv.URL + "/busy.txt"; !strings.Contains(out, want) {
		t.Errorf("log lacks %q", want)
	}
	if _, err := os.Lstat(p); !os.IsNotExist(err) {
		t.Errorf("a file was made")
	}
}

// Retry-After as seconds, as a date, or unreadable.
func TestRetryAfterHeader(t *testing.T) {
	u, _ := url.Parse("http://example.invalid/x")
	for _, tc := range []struct {
		header  string
		retries int
		wait    time.Duration
		ok      bool
		err     string
	}{
		{"", 0, 0, false, ""},
		{"7", 0, 7 * time.Second, true, ""},
		{"-3", 0, 0, true, ""},
		{"999999", 0, 30 * time.Minute, true, ""},
		{"Wed, 21 Oct 2015 07:28:00 GMT", 0, 0, true, ""},
		{"soon", 0, 0, false, "Failed to parse Retry-After header 'soon' as an integer or RFC 2822 date"},
		{"1", 100, 0, false, "Too many HTTP retries for http://example.invalid/x"},
	} {
		resp := &http.Response{Header: http.Header{}}
		if tc.header != "" {
			resp.Header.Set("Retry-After", tc.header)
		}
		wait, ok, err := retryAfter(resp, tc.retries, u)
		if wait != tc.wait || ok != tc.ok || (err == nil) != (tc.err == "") || err != nil && err.Error() != tc.err {
			t.Errorf("%q after %d: %v, %v, %v; want %v, %v, %q", tc.header, tc.retries, wait, ok, err, tc.wait, tc.ok, tc.err)
		}
	}
}

// --show_diff fetches an http source for the diff, as Puppet does, under
// --noop too (testdata/malformed/http-show-diff).
func TestRemoteSourceShowDiff(t *testing.T) {
	srv := httptest.NewServer(sourcetest.Handler())
	defer srv.Close()
	for _, noop := range []bool{false, true} {
		p := filepath.Join(t.TempDir(), "f")
		write(t, p, "old\n", 0o644)
		old := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
		log := run(t, res(p, "source", srv.URL+"/plain.txt"), opts{showDiff: true, noop: noop, host: newHost()})
		change := map[bool]string{false: "content: content changed '{mtime}", true: "content: current_value '{mtime}"}[noop]
		for _, want := range []string{"\n-old\n+hello over http", change} {
			if !strings.Contains(log, want) {
				t.Errorf("noop %v: log:\n%s\nwant %q", noop, log, want)
			}
		}
		got, _ := os.ReadFile(p)
		if want := map[bool]string{false: sourcetest.Bodies["/plain.txt"], true: "old\n"}[noop]; string(got) != want {
			t.Errorf("noop %v: file %q, want %q", noop, got, want)
		}
	}
}

// A host that does not resolve: Ruby's Net::HTTP words, with the port
// of the scheme.
func TestDescribeNetErrorDNS(t *testing.T) {
	for _, tc := range []struct {
		url      string
		notFound bool
		want     string
	}{
		{"https://packages.gitlab.com/gpg.key", true, "Failed to open TCP connection to packages.gitlab.com:443 (getaddrinfo: Name or service not known)"},
		{"http://example.invalid:8080/x", false, "Failed to open TCP connection to example.invalid:8080 (getaddrinfo: Temporary failure in name resolution)"},
		{"http://example.invalid/x", true, "Failed to open TCP connection to example.invalid:80 (getaddrinfo: Name or service not known)"},
	} {
		err := &url.Error{Op: "Get", URL: tc.url, Err: &net.OpError{Op: "dial", Net: "tcp", Err: &net.DNSError{Err: "no such host", Name: "h", IsNotFound: tc.notFound}}}
		if got := describeNetError(err); got != tc.want {
			t.Errorf("%s: %q, want %q", tc.url, got, tc.want)
		}
	}
}
