package file

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"io/fs"
	"math"
	"net"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/ordoproject/ordo/internal/resource"
)

// An http(s) source is read as Puppet 7 reads one. Retrieve asks for its
// metadata with a HEAD request (a GET of the first byte when the server
// refuses HEAD with 403 or 405); a source that does not answer 2xx does
// not exist, and the next one is tried. The checksum is the first the
// headers give of the resource's own checksum type, sha256, sha1, md5
// (X-Checksum-Sha256, X-Checksum-Sha1, X-Checksum-Md5 or Content-MD5) and
// mtime (Last-Modified, else the time of the request), and it becomes the
// resource's checksum type, as in Puppet. The content is fetched only to
// write it, streamed into the temporary file, and refused unless it has
// the checksum the headers promised. Redirects (301, 302, 307) are
// followed ten times at most; credentials in the URL are sent as basic
// authentication and never shown.

// remoteSource is what Retrieve learned of an http(s) source.
type remoteSource struct {
	url   string // as written, credentials and all
	shown string // for messages: the password replaced
	// sum is the checksum the headers give, as {type}value; sumType its
	// type.
	sum, sumType string
}

// Puppet's defaults: http_connect_timeout and http_read_timeout (a read
// that waits longer for data fails), and its redirect limit.
const (
	connectTimeout = 2 * time.Minute
	readTimeout    = 10 * time.Minute
	redirectLimit  = 10
	// errorBodyLimit is how much of an error response's body its message
	// shows.
	errorBodyLimit = 4096
)

// fetcher makes the requests of http(s) sources. One is shared by the
// files of a Type, so that they share connections.
type fetcher struct {
	once   sync.Once
	client *http.Client
	// connect and read are the timeouts; zero for Puppet's defaults.
	connect, read time.Duration
}

func (f *fetcher) httpClient() *http.Client {
	f.once.Do(func() {
		connect := f.connect
		if connect == 0 {
			connect = connectTimeout
		}
		read := f.read
		if read == 0 {
			read = readTimeout
		}
		tr := &http.Transport{
			Proxy:                 http.ProxyFromEnvironment,
			DialContext:           (&net.Dialer{Timeout: connect, KeepAlive: 30 * time.Second}).DialContext,
			TLSHandshakeTimeout:   connect,
			ResponseHeaderTimeout: read,
			MaxIdleConnsPerHost:   4,
			IdleConnTimeout:       4 * time.Second, // Puppet's http_keepalive_timeout
			// The system's certificate authorities: TLSClientConfig nil.
		}
		f.client = &http.Client{
			Transport: tr,
			// Redirects are followed by do, as Puppet follows them.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		}
	})
	return f.client
}

func (f *fetcher) readTimeout() time.Duration {
	if f.read == 0 {
		return readTimeout
	}
	return f.read
}

// isRemote reports whether the source s is an http(s) URL.
func isRemote(s string) bool {
	u, err := url.Parse(s)
	return err == nil && (strings.EqualFold(u.Scheme, "http") || strings.EqualFold(u.Scheme, "https"))
}

// redactURL is s with its password replaced, as messages show it.
func redactURL(s string) string {
	u, err := url.Parse(s)
	if err != nil || u.User == nil {
		return s
	}
	if _, ok := u.User.Password(); !ok {
		return s
	}
	return u.Redacted()
}

// requestError is a request that failed before a response came, worded
// as Puppet words it.
type requestError struct {
	url     string // shown
	elapsed time.Duration
	err     error
}

func (e *requestError) Error() string {
	return fmt.Sprintf("Request to %s failed after %s seconds: %s", e.url, seconds(e.elapsed), describeNetError(e.err))
}

func (e *requestError) Unwrap() error { return e.err }

// seconds is a duration as Puppet shows the time a request took: seconds
// rounded to the millisecond, as Ruby prints a Float.
func seconds(d time.Duration) string {
	s := strconv.FormatFloat(math.Round(d.Seconds()*1000)/1000, 'f', -1, 64)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	return s
}

// describeNetError says what went wrong on the way to a server, the
// certificate's fault in words a person can act on.
func describeNetError(err error) string {
	var unknown x509.UnknownAuthorityError
	var hostname x509.HostnameError
	var invalid x509.CertificateInvalidError
	var verify *tls.CertificateVerificationError
	var cert error
	switch {
	case errors.As(err, &unknown):
		cert = unknown
	case errors.As(err, &hostname):
		cert = hostname
	case errors.As(err, &invalid):
		cert = invalid
	case errors.As(err, &verify):
		cert = verify.Err
	}
	if cert != nil {
		return "the server's certificate was not accepted (" + cert.Error() + "); ordo verifies https sources against this machine's certificate authorities (/etc/ssl/certs, or SSL_CERT_FILE and SSL_CERT_DIR)"
	}
	switch {
	case errors.Is(err, context.Canceled):
		return "interrupted"
	case errors.Is(err, context.DeadlineExceeded):
		return "timed out"
	}
	var op *net.OpError
	if errors.As(err, &op) && op.Op == "dial" && op.Addr != nil {
		why := errnoText(op.Err)
		var errno syscall.Errno
		if errors.As(op.Err, &errno) {
			// Ruby's Errno from connect names the call and the address:
			// "Connection refused - connect(2) for 127.0.0.1:1".
			why += " - connect(2) for " + op.Addr.String()
		}
		return "Failed to open TCP connection to " + op.Addr.String() + " (" + why + ")"
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		var dns *net.DNSError
		if u, perr := url.Parse(ue.URL); perr == nil && errors.As(ue.Err, &dns) {
			// Ruby's Net::HTTP names the host and port it could not
			// resolve, with getaddrinfo's words (glibc's gai_strerror).
			why := "Temporary failure in name resolution"
			if dns.IsNotFound {
				why = "Name or service not known"
			}
			return "Failed to open TCP connection to " + hostPort(u) + " (getaddrinfo: " + why + ")"
		}
		return describeNetError(ue.Err)
	}
	return err.Error()
}

// hostPort is the host and port a request to u connects to, the port
// its scheme's where u names none.
func hostPort(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = "80"
		if u.Scheme == "https" {
			port = "443"
		}
	}
	return net.JoinHostPort(u.Hostname(), port)
}

// do sends req, following redirects as Puppet does (301, 302 and 307,
// ten at most; the credentials only to the first host), and returns the
// final response. shown is the URL for messages.
func (f *fetcher) do(ctx context.Context, log logFunc, method, raw string, header http.Header) (*http.Response, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, err
	}
	var user *url.Userinfo
	user, u.User = u.User, nil
	host := u.Host
	start := time.Now()
	redirects, retries := 0, 0
	for {
		req, err := http.NewRequestWithContext(ctx, method, u.String(), nil)
		if err != nil {
			return nil, err
		}
		for k, v := range header {
			req.Header[k] = v
		}
		req.Header.Set("User-Agent", "ordo")
		if user != nil && strings.EqualFold(u.Host, host) {
			pass, _ := user.Password()
			req.SetBasicAuth(user.Username(), pass)
		}
		resp, err := f.httpClient().Do(req)
		if err != nil {
			return nil, &requestError{url: u.String(), elapsed: time.Since(start), err: err}
		}
		// As Puppet's debug line; the URL has no credentials.
		log(resource.Debug, fmt.Sprintf("HTTP %s %s returned %s", method, u, resp.Status))
		switch resp.StatusCode {
		case http.StatusMovedPermanently, http.StatusFound, http.StatusTemporaryRedirect:
		case http.StatusTooManyRequests, http.StatusServiceUnavailable:
			wait, ok, err := retryAfter(resp, retries, u)
			if err != nil {
				drain(resp)
				return nil, err
			}
			if !ok {
				return resp, nil
			}
			drain(resp)
			retries++
			log(resource.Warning, fmt.Sprintf("Sleeping for %d seconds before retrying the request", int64(wait/time.Second)))
			t := time.NewTimer(wait)
			select {
			case <-ctx.Done():
				t.Stop()
				return nil, &requestError{url: u.String(), elapsed: time.Since(start), err: ctx.Err()}
			case <-t.C:
			}
			continue
		default:
			return resp, nil
		}
		drain(resp)
		redirects++
		if redirects > redirectLimit {
			return nil, fmt.Errorf("Too many HTTP redirections for %s", u)
		}
		loc := resp.Header.Get("Location")
		if loc == "" {
			return nil, errors.New("Location response header is missing")
		}
		next, err := u.Parse(loc)
		if err != nil {
			return nil, fmt.Errorf("Location URI is invalid: %v", err)
		}
		next.User = nil
		u = next
	}
}

// drain reads what is left of a small response and closes it, so that
// its connection can be used again.
func drain(resp *http.Response) {
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
}

// Puppet's limits on Retry-After: retries of one request, and the longest
// wait (its runinterval).
const (
	retryLimit = 100
	maxSleep   = 30 * time.Minute
)

// retryAfter reads a 429 or 503 answer as Puppet's RetryAfterHandler
// does: without a Retry-After header the answer stands (ok false);
// otherwise the request is tried again after the seconds it gives, or
// until the date it gives, at most maxSleep, and at most retryLimit
// times.
func retryAfter(resp *http.Response, retries int, u *url.URL) (wait time.Duration, ok bool, err error) {
	if retries >= retryLimit {
		return 0, false, fmt.Errorf("Too many HTTP retries for %s", u)
	}
	v := resp.Header.Get("Retry-After")
	if v == "" {
		return 0, false, nil
	}
	if n, err := strconv.ParseInt(strings.TrimSpace(v), 10, 64); err == nil {
		wait = time.Duration(max(n, 0)) * time.Second
	} else if t, err := http.ParseTime(v); err == nil {
		wait = max(time.Until(t).Truncate(time.Second), 0)
	} else {
		return 0, false, fmt.Errorf("Failed to parse Retry-After header '%s' as an integer or RFC 2822 date", v)
	}
	return min(wait, maxSleep), true, nil
}

func success(code int) bool { return code >= 200 && code < 300 }

// metadata asks for the source's metadata: nil when the server does not
// have it. want is the resource's checksum type.
func (f *fetcher) metadata(ctx context.Context, log logFunc, raw, want string) (*remoteSource, error) {
	resp, err := f.do(ctx, log, http.MethodHead, raw, nil)
	if err != nil {
		return nil, err
	}
	drain(resp)
	if !success(resp.StatusCode) {
		if resp.StatusCode != http.StatusForbidden && resp.StatusCode != http.StatusMethodNotAllowed {
			return nil, nil
		}
		// S3's presigned URLs and some servers refuse HEAD: a GET of the
		// first byte carries the same headers.
		resp, err = f.do(ctx, log, http.MethodGet, raw, http.Header{"Range": {"bytes=0-0"}})
		if err != nil {
			return nil, err
		}
		drain(resp)
		if !success(resp.StatusCode) {
			return nil, nil
		}
	}
	m := &remoteSource{url: raw, shown: redactURL(raw)}
	m.sumType, m.sum = headerChecksum(resp.Header, want, time.Now())
	return m, nil
}

// headerChecksum picks the checksum of a response as Puppet's
// HttpMetadata does: of want, sha256, sha1, md5 and mtime the first the
// headers give; mtime is always given, by Last-Modified or else now.
func headerChecksum(h http.Header, want string, now time.Time) (typ, sum string) {
	sums := map[string]string{"mtime": "{mtime}" + now.Local().Format("2006-01-02 15:04:05 -0700")}
	if v := h.Get("Content-Md5"); v != "" {
		// Ruby's unpack("m") is lenient: what does not decode is dropped.
		b, _ := base64.StdEncoding.DecodeString(strings.TrimSpace(v))
		sums["md5"] = "{md5}" + hex.EncodeToString(b)
	}
	for _, c := range [...]struct{ typ, header string }{{"md5", "X-Checksum-Md5"}, {"sha1", "X-Checksum-Sha1"}, {"sha256", "X-Checksum-Sha256"}} {
		if v := h.Get(c.header); v != "" {
			sums[c.typ] = "{" + c.typ + "}" + v
		}
	}
	if v := h.Get("Last-Modified"); v != "" {
		if t, err := http.ParseTime(v); err == nil {
			sums["mtime"] = "{mtime}" + t.UTC().Format("2006-01-02 15:04:05") + " UTC"
		}
	}
	for _, t := range [...]string{want, "sha256", "sha1", "md5", "mtime"} {
		if s, ok := sums[t]; ok {
			return t, s
		}
	}
	return "mtime", sums["mtime"]
}

// get fetches the source's content into w. An answer other than 2xx is
// Puppet's "Error CODE on SERVER: body"; a body shorter than its
// Content-Length, or one that stops for longer than the read timeout,
// is an error.
func (f *fetcher) get(ctx context.Context, log logFunc, raw string, w io.Writer) error {
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	start := time.Now()
	resp, err := f.do(ctx, log, http.MethodGet, raw, nil)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	shown := redactURL(raw)
	if !success(resp.StatusCode) {
		b, _ := io.ReadAll(io.LimitReader(resp.Body, errorBodyLimit))
		msg := string(b)
		if msg == "" {
			msg = strings.TrimSpace(strings.TrimPrefix(resp.Status, strconv.Itoa(resp.StatusCode)))
		}
		return fmt.Errorf("Error %d on SERVER: %s", resp.StatusCode, msg)
	}
	// A read that waits longer than the read timeout ends the request.
	idle := f.readTimeout()
	timer := time.AfterFunc(idle, func() { cancel(errReadTimeout) })
	defer timer.Stop()
	n, err := io.Copy(w, &timedReader{r: resp.Body, timer: timer, idle: idle})
	if err == nil {
		return nil
	}
	if cause := context.Cause(ctx); errors.Is(cause, errReadTimeout) {
		return fmt.Errorf("Request to %s timed out read operation after %s seconds", shown, seconds(time.Since(start)))
	}
	if ctx.Err() != nil {
		return fmt.Errorf("Request to %s interrupted after %s seconds", shown, seconds(time.Since(start)))
	}
	if errors.Is(err, io.ErrUnexpectedEOF) && resp.ContentLength > 0 {
		return fmt.Errorf("Request to %s interrupted after %s seconds: the server sent %d of %d bytes", shown, seconds(time.Since(start)), n, resp.ContentLength)
	}
	var we *writeError
	if errors.As(err, &we) {
		return we.err
	}
	return fmt.Errorf("Request to %s failed after %s seconds: %s", shown, seconds(time.Since(start)), describeNetError(err))
}

var errReadTimeout = errors.New("read timeout")

// timedReader puts off the timer by idle at each read.
type timedReader struct {
	r     io.Reader
	timer *time.Timer
	idle  time.Duration
}

func (t *timedReader) Read(p []byte) (int, error) {
	n, err := t.r.Read(p)
	if n > 0 {
		t.timer.Reset(t.idle)
	}
	return n, err
}

// writeError is a failure to write the fetched content, told apart from
// the network's failures.
type writeError struct{ err error }

func (e *writeError) Error() string { return e.err.Error() }

// fromRemote takes the desired state from an http(s) source's metadata,
// as Puppet's copy_source_values does: a plain file (whatever ensure
// said) whose content has the checksum the server gave, compared with the
// checksum's type, which becomes the file's. The server gives no owner,
// group or mode: source_permissions other than ignore fail as Puppet's
// do.
func (f *instance) fromRemote(m *remoteSource) error {
	if f.permissions != "" {
		for _, p := range [...]struct {
			name string
			set  bool
		}{{"owner", f.owner != ""}, {"mode", f.mode != nil}, {"group", f.group != ""}} {
			if p.name != "mode" && os.Geteuid() != 0 {
				continue
			}
			if !p.set && (f.permissions == "use" || !pathExists(f.path)) {
				return fmt.Errorf("Got nil value for %s", p.name)
			}
		}
	}
	x := f.ownExtras()
	x.fetched = m
	f.checksum = m.sumType
	x.wantSum = m.sum
	f.ensure, f.hasData = "file", true
	f.content = ""
	f.props |= propContent
	return nil
}

// pathExists is Ruby's File.exist?: something is at p, through links.
func pathExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// usePermissions copies the owner, group and mode of a local source st
// that the resource does not set, as source_permissions asks (use; with
// use_when_creating only when nothing is at the path). The owner and
// group only when ordo runs as root, as in Puppet.
func (f *instance) usePermissions(st fs.FileInfo) {
	if f.permissions == "" || f.permissions == "use_when_creating" && pathExists(f.path) {
		return
	}
	sys, ok := st.Sys().(*syscall.Stat_t)
	if !ok {
		return
	}
	if os.Geteuid() == 0 {
		if f.owner == "" {
			f.owner = strconv.Itoa(int(sys.Uid))
			if n, ok := f.host.userName(int(sys.Uid)); ok {
				f.owner = n
			}
			f.props |= propOwner
		}
		if f.group == "" {
			f.group = strconv.Itoa(int(sys.Gid))
			if n, ok := f.host.groupName(int(sys.Gid)); ok {
				f.group = n
			}
			f.props |= propGroup
		}
	}
	if f.mode == nil {
		f.mode = f.host.modeSpec(strconv.FormatUint(uint64(sys.Mode&0o7777), 8))
		f.props |= propMode
	}
}

// writeRemote fetches the http(s) source into the file, refusing content
// whose checksum is not want ("" to take any).
func (f *instance) writeRemote(ctx context.Context, h *resource.Handle, raw, want string) error {
	if _, err := f.removeExisting(h, "file"); err != nil {
		return err
	}
	return f.writeData(ctx, h, nil, func(w io.Writer) error {
		var sum hash.Hash
		if want != "" {
			sum = f.newHash()
			w = io.MultiWriter(w, sum)
		}
		if err := f.host.fetch.get(ctx, fetchLog(h), raw, w); err != nil {
			return err
		}
		if sum != nil {
			if got := f.format(sum); got != want {
				return &checksumError{got: got, want: want}
			}
		}
		return nil
	}, true)
}

// remoteWant is the checksum fetched content must have, as Puppet's
// desired_checksum says: none for a time checksum.
func (f *instance) remoteWant() string {
	if f.timeSum() || f.checksum == "none" || f.fetched == nil {
		return ""
	}
	return f.fetched.sum
}

// logFunc logs a line of the fetcher.
type logFunc func(level resource.Level, msg string)

// fetchLog logs the fetcher's lines as Puppet logs those of its HTTP
// client: without the resource's path.
func fetchLog(h *resource.Handle) logFunc {
	return func(level resource.Level, msg string) {
		if h != nil && h.Log != nil {
			h.Log.Log(level, "", msg)
		}
	}
}
