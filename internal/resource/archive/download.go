package archive

import (
	"context"
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/hex"
	"errors"
	"fmt"
	"hash"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/httpfetch"
	"github.com/ordoproject/ordo/internal/resource/syscmd"
)

// fileChecksum is the hexadecimal digest of kind of the file at p (sha2
// is sha256, as Ruby's Digest::SHA2 is by default).
func fileChecksum(p, kind string) (string, error) {
	var h hash.Hash
	switch kind {
	case "md5":
		h = md5.New()
	case "sha1":
		h = sha1.New()
	case "sha2", "sha256":
		h = sha256.New()
	case "sha384":
		h = sha512.New384()
	case "sha512":
		h = sha512.New()
	default:
		return "", fmt.Errorf("invalid checksum type %s", kind)
	}
	f, err := os.Open(p)
	if err != nil {
		return "", rubyIOError(err, "rb_sysopen", p)
	}
	defer f.Close()
	if _, err := io.Copy(h, f); err != nil {
		return "", rubyIOError(err, "io_fread", p)
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// rubyIOError words a failed file operation as Ruby's Errno errors are
// worded ("No such file or directory @ rb_sysopen - /x").
func rubyIOError(err error, where, p string) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	msg := err.Error()
	if msg != "" {
		msg = strings.ToUpper(msg[:1]) + msg[1:]
	}
	return rubyError{fmt.Errorf("%s @ %s - %s", msg, where, p)}
}

// rubyError is a failure the module meets as a Ruby error rather than a
// Puppet::Error (a file that cannot be opened, a missing folder): Puppet
// wraps it in "Could not set 'present' on ensure: ... (file: F, line: L)".
type rubyError struct{ err error }

func (e rubyError) Error() string { return e.err.Error() }
func (e rubyError) Unwrap() error { return e.err }

// tempName is a temporary file's path as Ruby's Dir::Tmpname.create
// makes one from the module's prefix (the file name and the checksum):
// <dir>/<prefix><YYYYMMDD>-<pid>-<random>.
func (a *instance) tempName() string {
	dir := a.tempDir
	if dir == "" {
		dir = os.TempDir()
	}
	prefix := a.filename + "_" + a.checksum
	if a.checksum == "none" {
		prefix = a.filename + "_" + strconv.FormatUint(rand.Uint64(), 36)
	}
	return filepath.Join(dir, fmt.Sprintf("%s%s-%d-%s", prefix, time.Now().Format("20060102"), os.Getpid(), strconv.FormatUint(uint64(rand.Uint32()), 36)))
}

// downloadFile fetches location into a new temporary file and returns
// its path (also on failure, when it was made: the caller removes it).
func (a *instance) downloadFile(ctx context.Context, h *resource.Handle, location string) (string, error) {
	if a.tempDir != "" {
		if fi, err := os.Stat(a.tempDir); err != nil || !fi.IsDir() {
			return "", fmt.Errorf("Temporary directory %s doesn't exist", a.tempDir)
		}
	}
	tmp := a.tempName()
	var err error
	switch {
	case strings.HasPrefix(location, "puppet"):
		err = a.puppetDownload(h, location, tmp)
	case strings.HasPrefix(location, "http"), strings.HasPrefix(location, "ftp"):
		err = a.download(ctx, h, location, tmp)
	case strings.HasPrefix(location, "file"):
		u, perr := url.Parse(location)
		if perr != nil {
			return "", perr
		}
		p, _ := url.PathUnescape(u.Path)
		err = copyFile(p, tmp)
	case strings.HasPrefix(location, "s3"):
		argv := append([]string{"s3", "cp", location, tmp}, a.options...)
		err = a.optionalCommand(ctx, h, "aws", argv)
	case strings.HasPrefix(location, "gs"):
		argv := append([]string{"cp", location, tmp}, a.options...)
		err = a.optionalCommand(ctx, h, "gsutil", argv)
	default:
		if !pathExists(location) {
			return "", fmt.Errorf("Source file: %s does not exists.", location)
		}
		err = copyFile(location, tmp)
	}
	return tmp, err
}

// optionalCommand runs one of the ruby provider's optional commands.
func (a *instance) optionalCommand(ctx context.Context, h *resource.Handle, name string, args []string) error {
	exe := syscmd.SearchPath(name)
	if exe == "" {
		return fmt.Errorf("Command %s is missing", name)
	}
	_, err := syscmd.Exec(ctx, h, append([]string{exe}, args...), syscmd.Options{})
	return err
}

// puppetDownload copies a puppet:///modules/NAME/PATH source from the
// module path, as puppet apply serves it.
func (a *instance) puppetDownload(h *resource.Handle, location, tmp string) error {
	rest, ok := strings.CutPrefix(location, "puppet:///modules/")
	if ok {
		if mod, p, ok := strings.Cut(rest, "/"); ok {
			for _, dir := range h.ModulePath {
				src := filepath.Join(dir, mod, "files", p)
				if pathExists(src) {
					return copyFile(src, tmp)
				}
			}
		}
	}
	return rubyError{fmt.Errorf("Previous error(s) resulted in Puppet being unable to retrieve information from environment production source(s) %s'\nMost probable cause is file not found.", location)}
}

// copyFile is FileUtils.copy: dst made (or truncated) with src's bytes.
func copyFile(src, dst string) error {
	in, err := os.Open(src)
	if err != nil {
		return rubyIOError(err, "rb_sysopen", src)
	}
	defer in.Close()
	if fi, err := in.Stat(); err == nil && fi.IsDir() {
		return rubyError{fmt.Errorf("Is a directory @ io_fread - %s", src)}
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666)
	if err != nil {
		return rubyIOError(err, "rb_sysopen", dst)
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// moveInPlace is FileUtils.mkdir_p of the destination's folder and
// FileUtils.mv: a rename, or a copy and removal across file systems; a
// destination that is a folder receives the file under its own name.
func moveInPlace(from, to string) error {
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	if fi, err := os.Stat(to); err == nil && fi.IsDir() {
		to = filepath.Join(to, filepath.Base(from))
	}
	if err := os.Rename(from, to); err == nil {
		return nil
	}
	if err := copyFile(from, to); err != nil {
		return err
	}
	return os.Remove(from)
}

// download fetches an http(s) or ftp URL with the provider's tool.
func (a *instance) download(ctx context.Context, h *resource.Handle, location, tmp string) error {
	switch a.provider {
	case "wget":
		return a.wget(ctx, h, location, tmp)
	case "ruby":
		return a.fetch(ctx, location, tmp)
	}
	return a.curl(ctx, h, location, tmp)
}

func (a *instance) curl(ctx context.Context, h *resource.Handle, location, tmp string) error {
	exe := syscmd.SearchPath("curl")
	if exe == "" {
		return errors.New("Command curl is missing")
	}
	argv := []string{exe}
	for _, hd := range a.headers {
		argv = append(argv, "--header", hd)
	}
	argv = append(argv, location, "-o", tmp, "-fsSLg", "--max-redirs", "5")
	if a.hasUser {
		if strings.ContainsAny(a.username, " \t\n\v\f\r") || strings.ContainsAny(a.password, " \t\n\v\f\r") {
			h.Log.Log(resource.Warning, "", "Username or password contains a space. Unable to use netrc file to hide credentials")
			account := a.username
			if a.hasPassword {
				account += ":" + a.password
			}
			argv = append(argv, "--user", account)
		} else {
			netrc, err := a.netrc(location)
			if err != nil {
				return err
			}
			defer os.Remove(netrc)
			argv = append(argv, "--netrc-file", netrc)
		}
	}
	if a.proxyServer != "" {
		argv = append(argv, "--proxy", a.proxyServer)
	}
	if a.insecure {
		argv = append(argv, "--insecure")
	}
	argv = append(argv, a.options...)
	if a.cookie != "" {
		argv = append(argv, "--cookie", a.cookie)
	}
	_, err := syscmd.Exec(ctx, h, argv, syscmd.Options{})
	return err
}

// netrc writes the credentials into a temporary netrc file for curl, as
// the curl provider does, so that they are not on its command line.
func (a *instance) netrc(location string) (string, error) {
	host := ""
	if u, err := url.Parse(location); err == nil {
		host = u.Hostname()
	}
	name := filepath.Join(os.TempDir(), fmt.Sprintf(".puppet_archive_curl%s-%d-%s", time.Now().Format("20060102"), os.Getpid(), strconv.FormatUint(uint64(rand.Uint32()), 36)))
	content := fmt.Sprintf("machine %s\nlogin %s\npassword %s\n", host, a.username, a.password)
	if err := os.WriteFile(name, []byte(content), 0o600); err != nil {
		return "", err
	}
	return name, nil
}

func (a *instance) wget(ctx context.Context, h *resource.Handle, location, tmp string) error {
	argv := []string{"wget", shellEscape(location), "-O", tmp, "--max-redirect=5"}
	if a.hasUser {
		argv = append(argv, "--user="+shellEscape(a.username))
	}
	if a.hasPassword {
		argv = append(argv, "--password="+shellEscape(a.password))
	}
	if a.cookie != "" {
		argv = append(argv, `--header="Cookie: `+a.cookie+`"`)
	}
	if a.proxyServer != "" {
		argv = append(argv, "-e use_proxy=yes", "-e "+a.proxyType+"_proxy="+a.proxyServer)
	}
	if a.insecure {
		argv = append(argv, "--no-check-certificate")
	}
	argv = append(argv, a.options...)
	// The wget provider runs the words joined, through the shell when
	// they hold its metacharacters.
	line := strings.Join(argv, " ")
	cmd := resource.CommandLine(line)
	h.Log.Log(resource.Debug, "", "Executing: '"+line+"'")
	res, err := h.Runner.Run(ctx, cmd)
	if err != nil {
		return err
	}
	if res.ExitCode != 0 || res.TimedOut {
		return &syscmd.ExecError{Command: line, Code: res.ExitCode, Output: strings.TrimRight(string(res.Output), "\n")}
	}
	return nil
}

// fetch is the ruby provider's own download of an http(s) URL: basic
// authentication, a cookie, a proxy, five redirects at most, and any
// answer but 2xx an error with the body.
func (a *instance) fetch(ctx context.Context, location, tmp string) error {
	o := httpfetch.Options{
		Insecure:  a.insecure,
		BasicAuth: a.hasUser && a.hasPassword,
		Username:  a.username,
		Password:  a.password,
		Cookie:    a.cookie,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) > 5 {
				return fmt.Errorf("Redirect limit exceeded, last url: %s", via[len(via)-1].URL)
			}
			return nil
		},
	}
	if a.proxyServer != "" {
		p := a.proxyServer
		if !strings.Contains(p, "://") {
			p = a.proxyType + "://" + p
		}
		pu, err := url.Parse(p)
		if err != nil {
			return err
		}
		o.Proxy = pu
	}
	resp, err := httpfetch.Get(ctx, location, o)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		return fmt.Errorf("HTTP Error Code %d\nURL: %s\nContent:\n%s", resp.StatusCode, resp.Request.URL, body)
	}
	out, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o666)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, resp.Body); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
