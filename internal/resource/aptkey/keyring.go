package aptkey

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/httpfetch"
	"github.com/ordoproject/ordo/internal/resource/syscmd"
)

// key is one public key of the keyring, as the module's instances read it.
type key struct {
	fingerprint, long, short string
	expired                  bool
	expiry                   string // YYYY-MM-DD, "" for none
	size, typ, created       string
}

func (k *key) property(name string) string {
	switch name {
	case "fingerprint":
		return k.fingerprint
	case "long":
		return k.long
	case "short":
		return k.short
	case "expired":
		return strconv.FormatBool(k.expired)
	case "expiry":
		return k.expiry
	case "size":
		return k.size
	case "type":
		return k.typ
	}
	return k.created
}

// keyring is what apt-key lists.
type keyring struct{ keys []key }

// find returns the key an id names: by fingerprint, long or short id as
// its length says; nil when there is none.
func (r *keyring) find(id string) *key {
	for i := range r.keys {
		k := &r.keys[i]
		switch len(id) {
		case 40:
			if k.fingerprint == id {
				return k
			}
		case 16:
			if k.long == id {
				return k
			}
		case 8:
			if k.short == id {
				return k
			}
		}
	}
	return nil
}

func prefetch(ctx context.Context, h *resource.Handle) (any, error) {
	if h.Log != nil {
		h.Log.Log(resource.Debug, "", "Prefetching apt_key resources for apt_key")
	}
	return list(ctx, h)
}

// list reads the keyring with apt-key adv --list-keys, as the module's
// instances does.
func list(ctx context.Context, h *resource.Handle) (*keyring, error) {
	out, err := syscmd.Exec(ctx, h, []string{aptKey, "adv", "--no-tty", "--list-keys", "--with-colons", "--fingerprint", "--fixed-list-mode"}, syscmd.Options{})
	if err != nil {
		return nil, err
	}
	return parseKeys(out), nil
}

// parseKeys reads gpg's colon listing: each pub line with the first
// fingerprint after it; a key is expired when its pub line says so or
// when it has subkeys and all of them are.
func parseKeys(out string) *keyring {
	r := &keyring{}
	lines := strings.Split(out, "\n")
	var pub []string
	var fprs [][]string
	var subs [][]string
	for i, line := range lines {
		f := strings.Split(line, ":")
		switch {
		case strings.HasPrefix(line, "pub"):
			pub, fprs, subs = f, nil, nil
		case strings.HasPrefix(line, "fpr"):
			fprs = append(fprs, f)
		case strings.HasPrefix(line, "sub"):
			subs = append(subs, f)
		}
		last := i+1 >= len(lines) || lines[i+1] == "" && i+2 >= len(lines) || strings.HasPrefix(lines[i+1], "pub")
		if pub == nil || len(fprs) == 0 || !last {
			continue
		}
		r.keys = append(r.keys, newKey(pub, fprs[0], subs))
		pub = nil
	}
	return r
}

func field(f []string, i int) string {
	if i < len(f) {
		return f[i]
	}
	return ""
}

func newKey(pub, fpr []string, subs [][]string) key {
	fp := fpr[len(fpr)-1]
	if fp == "" && len(fpr) > 1 {
		fp = fpr[len(fpr)-2] // the line ends with a colon
	}
	k := key{fingerprint: fp, size: field(pub, 2), expired: field(pub, 1) == "e"}
	if len(fp) >= 16 {
		k.long, k.short = fp[len(fp)-16:], fp[len(fp)-8:]
	}
	if !k.expired && len(subs) > 0 {
		all := true
		for _, s := range subs {
			if field(s, 1) == "-" {
				all = false
			}
		}
		k.expired = all
	}
	switch field(pub, 3) {
	case "1":
		k.typ = "rsa"
	case "17":
		k.typ = "dsa"
	case "18":
		k.typ = "ecc"
	case "19":
		k.typ = "ecdsa"
	}
	day := func(s string) string {
		n, _ := strconv.ParseInt(s, 10, 64)
		return time.Unix(n, 0).Format("2006-01-02")
	}
	k.created = day(field(pub, 5))
	if e := field(pub, 6); e != "" {
		k.expiry = day(e)
	}
	return k
}

// create adds the key: from the key server when there is neither
// content nor source, else from the content or the source's file.
func (k *instance) create(ctx context.Context, h *resource.Handle) error {
	var argv []string
	switch {
	case !k.hasContent && k.source == "":
		argv = []string{aptKey, "adv", "--no-tty", "--keyserver", k.server}
		if k.hasOptions {
			argv = append(argv, "--keyserver-options", k.options)
		}
		argv = append(argv, "--recv-keys", k.id)
	case k.hasContent:
		p, err := k.tempfile(ctx, h, []byte(k.content))
		if err != nil {
			return err
		}
		defer os.Remove(p)
		argv = []string{aptKey, "add", p}
	default:
		p, temp, err := k.sourceFile(ctx, h)
		if err != nil {
			return err
		}
		if temp {
			defer os.Remove(p)
		}
		argv = []string{aptKey, "add", p}
	}
	_, err := syscmd.Exec(ctx, h, argv, syscmd.Options{})
	return err
}

// sourceFile is the module's source_to_file: a path is used as it is, a
// URL is fetched into a temporary file.
func (k *instance) sourceFile(ctx context.Context, h *resource.Handle) (string, bool, error) {
	u, err := url.Parse(k.source)
	if err != nil || u.Scheme == "" {
		if _, err := os.Stat(k.source); err != nil {
			return "", false, fmt.Errorf("The file %s does not exist", k.source)
		}
		return k.source, false, nil
	}
	body, err := k.fetch(ctx, u)
	if err != nil {
		return "", false, err
	}
	p, err := k.tempfile(ctx, h, body)
	return p, true, err
}

// fetch reads an http(s) source (with the credentials its URL gives); ftp
// is refused.
func (k *instance) fetch(ctx context.Context, u *url.URL) ([]byte, error) {
	if u.Scheme != "http" && u.Scheme != "https" {
		return nil, fmt.Errorf("ordo does not fetch %s sources: %s", u.Scheme, k.source)
	}
	o := httpfetch.Options{Insecure: u.Scheme == "https" && k.weakSSL, Timeout: 2 * time.Minute}
	if u.User != nil {
		o.BasicAuth = true
		o.Username = u.User.Username()
		o.Password, _ = u.User.Password()
		bare := *u
		bare.User = nil
		u = &bare
	}
	resp, err := httpfetch.Get(ctx, u.String(), o)
	if err != nil {
		var dns *net.DNSError
		switch {
		case errors.As(err, &dns):
			return nil, fmt.Errorf("could not resolve %s", k.source)
		case errors.Is(err, syscall.ECONNREFUSED):
			// Ruby's words for it, which the module lets through.
			return nil, fmt.Errorf("Failed to open TCP connection to %s (Connection refused - connect(2) for %s)", u.Host, u.Host)
		}
		return nil, fmt.Errorf("%v for %s", err, k.source)
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return nil, fmt.Errorf("%s for %s", strings.TrimSpace(resp.Status), k.source)
	}
	return io.ReadAll(resp.Body)
}

// tempfile writes the key into a temporary file (named as Ruby's Tempfile
// names one) and, when the id is a fingerprint, checks with gpg that the
// key has it.
func (k *instance) tempfile(ctx context.Context, h *resource.Handle, content []byte) (string, error) {
	p := filepath.Join(os.TempDir(), fmt.Sprintf("apt_key%s-%d-%s", time.Now().Format("20060102"), os.Getpid(), strconv.FormatUint(uint64(rand.Uint32()), 36)))
	if err := os.WriteFile(p, content, 0o600); err != nil {
		return "", err
	}
	if len(k.id) != 40 {
		return p, nil
	}
	if fi, err := os.Stat(gpg); err != nil || fi.Mode()&0o111 == 0 {
		h.Logf(resource.Warning, "/usr/bin/gpg cannot be found for verification of the id.")
		return p, nil
	}
	line := gpg + " --no-tty --with-fingerprint --with-colons " + p + " | awk -F: '/^fpr:/ { print $10 }'"
	if h.Log != nil {
		h.Log.Log(resource.Debug, "", "Executing: '"+line+"'")
	}
	res, err := h.Runner.Run(ctx, resource.Command{Argv: []string{line}, Shell: true})
	if err != nil {
		os.Remove(p)
		return "", err
	}
	for _, l := range strings.Split(strings.TrimRight(string(res.Output), "\n"), "\n") {
		if strings.TrimSpace(l) == k.id {
			return p, nil
		}
	}
	os.Remove(p)
	return "", fmt.Errorf("The id in your manifest %s and the fingerprint from content/source don't match. Check for an error in the id and content/source is legitimate.", k.id)
}

// destroy removes the key with apt-key del and its short id, as long as
// apt-key list shows it, as the module does.
func (k *instance) destroy(ctx context.Context, h *resource.Handle) error {
	short := k.found.short
	for {
		if _, err := syscmd.Exec(ctx, h, []string{aptKey, "del", short}, syscmd.Options{}); err != nil {
			return err
		}
		line := aptKey + " list | grep '/" + short + " '"
		if h.Log != nil {
			h.Log.Log(resource.Debug, "", "Executing: '"+line+"'")
		}
		res, err := h.Runner.Run(ctx, resource.Command{Argv: []string{line}, Shell: true})
		if err != nil {
			return err
		}
		if res.ExitCode != 0 {
			return nil
		}
	}
}
