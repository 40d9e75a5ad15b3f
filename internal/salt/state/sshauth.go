package state

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"os"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/lazyre"
)

// ssh_auth.present and ssh_auth.absent manage one line of a user's
// authorized_keys file, found by the key itself as Salt finds it.
// ordo's ssh_authorized_key type finds a key by its name (the comment,
// which Puppet requires); Salt's keys often have none, so these states
// read and write the file here, line for line as Salt's ssh module does.

// sshKeyLine matches a key line: options, then the type, key and comment.
var sshKeyLine = lazyre.New(`^(.*?)\s?((?:sk-)?(?:ssh\-|ecds)[\w@.-]+\s.+)$`)

// sshNameLine splits the name argument the states take: a bare key
// with an optional comment, or a whole line.
var sshNameLine = lazyre.New(`^(.*?)\s?((?:sk-)?(?:ssh\-|ecds)[\w-]+\s.+)$`)

// sshReplaceLine is the stricter pattern a replacement looks for.
var sshReplaceLine = lazyre.New(`((.*)\s)?((?:sk-)?(?:ssh|ecdsa)-[a-z0-9@.-]+)\s([a-zA-Z0-9+/]+={0,2})(\s(.*))?`)

// sshKey is one wanted or found key.
type sshKey struct {
	key, enc, comment string
	options           []string
}

func (k sshKey) line() string {
	s := ""
	if len(k.options) > 0 {
		s = strings.Join(k.options, ",") + " "
	}
	return fmt.Sprintf("%s%s %s %s\n", s, k.enc, k.key, k.comment)
}

// sshArgs reads the states' arguments, the name split as Salt splits it.
func sshArgs(c Call, present bool) sshKey {
	k := sshKey{key: c.Name, enc: "ssh-rsa", comment: str(c.Args, "comment"), options: strList(c.Args["options"])}
	if v := str(c.Args, "enc"); v != "" {
		k.enc = v
	}
	if str(c.Args, "source") != "" {
		return k
	}
	if m := sshNameLine.FindStringSubmatch(c.Name); m != nil {
		if m[1] != "" {
			k.options = strings.Split(m[1], ",")
		}
		var comps []string
		if present {
			comps = splitN(m[2], 3)
		} else {
			comps = strings.Fields(m[2])
		}
		k.enc, k.key = comps[0], comps[1]
		if len(comps) == 3 {
			k.comment = comps[2]
		}
		return k
	}
	parts := splitN(c.Name, 2)
	if len(parts) > 0 {
		k.key = parts[0]
	}
	if len(parts) == 2 {
		k.comment = parts[1]
	}
	return k
}

// splitN is Python's str.split(None, n-1): at runs of white space, at
// most n parts, the last keeping its inner spaces.
func splitN(s string, n int) []string {
	s = strings.TrimLeft(s, " \t\n\r\v\f")
	var out []string
	for len(out) < n-1 {
		i := strings.IndexAny(s, " \t\n\r\v\f")
		if i < 0 {
			break
		}
		out = append(out, s[:i])
		s = strings.TrimLeft(s[i:], " \t\n\r\v\f")
	}
	if s = strings.TrimRight(s, " \t\n\r\v\f"); s != "" {
		out = append(out, s)
	}
	return out
}

// refineEnc is Salt's list of key types and their short names.
func refineEnc(enc string) (string, error) {
	switch enc {
	case "r", "rsa", "ssh-rsa":
		return "ssh-rsa", nil
	case "d", "dsa", "dss", "ssh-dss":
		return "ssh-dss", nil
	case "e", "ecdsa":
		return "ecdsa-sha2-nistp256", nil
	case "ecdsa-sha2-nistp521", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp256":
		return enc, nil
	case "ed25519", "ssh-ed25519":
		return "ssh-ed25519", nil
	case "rsa-sha2-512", "rsa-sha2-256", "rsa-sha2-512-cert-v01@openssh.com", "rsa-sha2-256-cert-v01@openssh.com",
		"ssh-rsa-cert-v01@openssh.com", "ecdsa-sha2-nistp256-cert-v01@openssh.com", "ecdsa-sha2-nistp384-cert-v01@openssh.com",
		"ecdsa-sha2-nistp521-cert-v01@openssh.com", "sk-ecdsa-sha2-nistp256@openssh.com", "sk-ecdsa-sha2-nistp256-cert-v01@openssh.com",
		"ssh-ed25519-cert-v01@openssh.com", "sk-ssh-ed25519@openssh.com", "sk-ssh-ed25519-cert-v01@openssh.com":
		return enc, nil
	}
	return "", fmt.Errorf("Incorrect encryption key type '%s'.", enc)
}

// validKey is Salt's test of a key: strict base64.
func validKey(key string) bool {
	_, err := base64.StdEncoding.Strict().DecodeString(key)
	return err == nil && key != ""
}

// authKeysPath is the user's file: config with %h and %u expanded,
// under the home folder when relative.
func authKeysPath(userName, config string) (string, *user.User, error) {
	u, err := user.Lookup(userName)
	if err != nil {
		return "", nil, fmt.Errorf("User '%s' does not exist", userName)
	}
	var b strings.Builder
	escape := false
	for _, ch := range config {
		if escape {
			escape = false
			switch ch {
			case '%':
				b.WriteByte('%')
			case 'u':
				b.WriteString(userName)
			case 'h':
				b.WriteString(u.HomeDir)
			default:
				return "", nil, fmt.Errorf("AuthorizedKeysFile path: unknown token character \"%%%c\"", ch)
			}
			continue
		}
		if ch == '%' {
			escape = true
			continue
		}
		b.WriteRune(ch)
	}
	if escape {
		return "", nil, errors.New("AuthorizedKeysFile path: Last character can't be escape character")
	}
	p := b.String()
	if !filepath.IsAbs(p) {
		p = filepath.Join(u.HomeDir, p)
	}
	return p, u, nil
}

// fileLines reads a file's lines as Salt's ssh module does: stripped,
// blank ones dropped. A missing file has none.
func fileLines(path string) []string {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	var out []string
	for _, l := range strings.Split(string(data), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// currentKeys is the user's keys by key, as Salt reads them; a user or
// file that does not exist has none.
func currentKeys(userName, config string) map[string]sshKey {
	out := map[string]sshKey{}
	p, _, err := authKeysPath(userName, config)
	if err != nil {
		return out
	}
	for _, l := range fileLines(p) {
		if strings.HasPrefix(l, "#") {
			continue
		}
		m := sshKeyLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		comps := strings.Fields(m[2])
		if len(comps) < 2 || !validKey(comps[1]) {
			continue
		}
		k := sshKey{enc: comps[0], key: comps[1], comment: strings.Join(comps[2:], " "), options: []string{}}
		if m[1] != "" {
			k.options = strings.Split(m[1], ",")
		}
		out[k.key] = k
	}
	return out
}

// checkKey is "add", "update" or "exists".
func checkKey(userName, config string, want sshKey) (string, error) {
	enc, err := refineEnc(want.enc)
	if err != nil {
		return "", err
	}
	want.enc = enc
	cur, ok := currentKeys(userName, config)[want.key]
	switch {
	case !ok:
		return "add", nil
	case cur.line() != want.line():
		return "update", nil
	}
	return "exists", nil
}

// setAuthKey is Salt's ssh.set_auth_key: "new", "replace", "no change",
// "invalid", "Invalid public key" or "fail".
func setAuthKey(userName, config string, want sshKey) (string, error) {
	if len(strings.Fields(want.key)) > 1 {
		return "invalid", nil
	}
	enc, err := refineEnc(want.enc)
	if err != nil {
		return "", err
	}
	want.enc = enc
	if _, err := user.Lookup(userName); err != nil {
		return "fail", nil
	}
	if !validKey(want.key) {
		return "Invalid public key", nil
	}
	status, err := checkKey(userName, config, want)
	if err != nil {
		return "", err
	}
	path, u, err := authKeysPath(userName, config)
	if err != nil {
		return "", err
	}
	switch status {
	case "exists":
		return "no change", nil
	case "update":
		var out strings.Builder
		for _, l := range fileLines(path) {
			if !strings.HasPrefix(l, "#") {
				if m := sshReplaceLine.FindStringSubmatch(l); m != nil && m[4] == want.key {
					out.WriteString(want.line())
					continue
				}
			}
			out.WriteString(l + "\n")
		}
		if err := rewriteKeeping(path, out.String()); err != nil {
			return "", fmt.Errorf("Problem reading or writing to key file: %s", err)
		}
		return "replace", nil
	}
	if strings.HasPrefix(path, u.HomeDir) {
		if st, err := os.Stat(u.HomeDir); err != nil || !st.IsDir() {
			return "fail", nil
		}
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	if dir := filepath.Dir(path); !isDir(dir) {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return "", err
		}
		_ = os.Chown(dir, uid, gid)
		_ = os.Chmod(dir, 0o700)
	}
	_, statErr := os.Stat(path)
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return "", fmt.Errorf("Could not write to key file: %s", err)
	}
	_, werr := f.WriteString(want.line())
	if cerr := f.Close(); werr == nil {
		werr = cerr
	}
	if werr != nil {
		return "", fmt.Errorf("Could not write to key file: %s", werr)
	}
	if statErr != nil {
		_ = os.Chown(path, uid, gid)
		_ = os.Chmod(path, 0o600)
	}
	return "new", nil
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}

// rewriteKeeping writes text over path in place, keeping its mode and
// owner, as Salt's module opens the file for writing.
func rewriteKeeping(path, text string) error {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_TRUNC, 0)
	if err != nil {
		return err
	}
	_, err = f.WriteString(text)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}

// rmAuthKey is Salt's ssh.rm_auth_key: "Key removed" or "Key not
// present". Like Salt's, it drops the lines that are neither comments
// nor keys.
func rmAuthKey(userName, config, key string) (string, error) {
	if _, ok := currentKeys(userName, config)[key]; !ok {
		return "Key not present", nil
	}
	path, _, err := authKeysPath(userName, config)
	if err != nil {
		return "", err
	}
	var out strings.Builder
	for _, l := range fileLines(path) {
		if strings.HasPrefix(l, "#") {
			out.WriteString(l + "\n")
			continue
		}
		m := sshKeyLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		comps := strings.Fields(m[2])
		if len(comps) >= 2 && comps[1] == key {
			continue
		}
		out.WriteString(l + "\n")
	}
	if err := rewriteKeeping(path, out.String()); err != nil {
		return "Key not removed", nil
	}
	return "Key removed", nil
}

// sourceKeys reads a source file of keys: a salt:// file of the file
// root or a local path. ok is false when it is not there.
func sourceKeys(env *Env, source string) ([]string, bool) {
	p := strings.TrimPrefix(source, "file://")
	if rest, isSalt := strings.CutPrefix(source, "salt://"); isSalt {
		p = filepath.Join(env.FileRoot, filepath.FromSlash(rest))
	}
	data, err := os.ReadFile(p)
	if err != nil {
		return nil, false
	}
	return strings.Split(strings.TrimRight(string(data), " \t\r\n"), "\n"), true
}

// sourceLineKey is a key line of a source file as Salt splits it: at
// single spaces, type, key and comment.
func sourceLineKey(line string, options []string) sshKey {
	f := strings.Split(line, " ")
	k := sshKey{enc: f[0], options: options}
	if len(f) > 1 {
		k.key = f[1]
	}
	if len(f) > 2 {
		k.comment = f[2]
	}
	return k
}

var sshSourceKeyLine = lazyre.New(`^(sk-)?(ssh\-|ecds)`)

// sourceFileKeys are the valid keys of a source file, in file order.
func sourceFileKeys(lines []string) []sshKey {
	var out []sshKey
	for _, l := range lines {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		m := sshKeyLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		comps := strings.Fields(m[2])
		if len(comps) < 2 || !validKey(comps[1]) {
			continue
		}
		k := sshKey{enc: comps[0], key: comps[1], comment: strings.Join(comps[2:], " "), options: []string{}}
		if m[1] != "" {
			k.options = strings.Split(m[1], ",")
		}
		out = append(out, k)
	}
	return out
}

func sshAuthPresent(ctx context.Context, env *Env, c Call) Return {
	if r, ok := missingParams(c, "user"); !ok {
		return r
	}
	if r, bad := mappingArg(c, "options"); bad {
		return r
	}
	userName := str(c.Args, "user")
	config := str(c.Args, "config")
	if config == "" {
		config = ".ssh/authorized_keys"
	}
	source := str(c.Args, "source")
	want := sshArgs(c, true)
	name := want.key
	if source != "" {
		name = c.Name
	}
	ret := func(res Result, ch Changes, format string, a ...any) Return {
		return Return{Result: res, Changes: ch, Comment: fmt.Sprintf(format, a...)}
	}
	exception := func(err error) Return { return failed("An exception occurred in this state: %s", err) }
	if c.Test {
		if source != "" {
			lines, ok := sourceKeys(env, source)
			if ok {
				comment := ""
				for _, k := range sourceFileKeys(lines) {
					status, err := checkKey(userName, config, k)
					if err != nil {
						return exception(err)
					}
					if status != "exists" {
						comment += fmt.Sprintf("Set to %s: %s\n", status, k.key)
					}
				}
				if comment != "" {
					return ret(None, Changes{}, "%s", comment)
				}
			}
			return ret(True, Changes{}, "All host keys in file %s are already present", source)
		}
		status, err := checkKey(userName, config, want)
		if err != nil {
			return exception(err)
		}
		switch status {
		case "update":
			return ret(None, Changes{}, "Key %s for user %s is set to be updated", name, userName)
		case "add":
			return ret(None, Changes{}, "Key %s for user %s is set to be added", name, userName)
		}
		return ret(True, Changes{}, "The authorized host key %s is already present for user %s", name, userName)
	}
	var data string
	if source != "" {
		lines, ok := sourceKeys(env, source)
		if !ok {
			data = "no key"
		}
		for _, l := range lines {
			var err error
			if sshSourceKeyLine.MatchString(l) {
				data, err = setAuthKey(userName, config, sourceLineKey(l, want.options))
			} else {
				data, err = setFromFile(userName, config, source, lines)
			}
			var nk noKeysError
			if errors.As(err, &nk) {
				return failed("%s", err)
			}
			if err != nil {
				return exception(err)
			}
		}
	} else {
		var err error
		if data, err = setAuthKey(userName, config, want); err != nil {
			return exception(err)
		}
	}
	switch data {
	case "replace":
		return ret(True, Changes{name: "Updated"}, "The authorized host key %s for user %s was updated", name, userName)
	case "no change":
		return ret(True, Changes{}, "The authorized host key %s is already present for user %s", name, userName)
	case "new":
		return ret(True, Changes{name: "New"}, "The authorized host key %s for user %s was added", name, userName)
	case "no key":
		return ret(False, Changes{}, "Failed to add the ssh key. Source file %s is missing", source)
	case "fail":
		return ret(False, Changes{}, "Failed to add the ssh key. Is the home directory available, and/or does the key file exist?")
	case "invalid", "Invalid public key":
		return ret(False, Changes{}, "Invalid public ssh key, most likely has spaces or invalid syntax")
	}
	return ret(True, Changes{}, "")
}

// setFromFile is Salt's ssh.set_auth_key_from_file: every key of the
// file, the strongest outcome reported.
func setFromFile(userName, config, source string, lines []string) (string, error) {
	keys := sourceFileKeys(lines)
	if len(keys) == 0 {
		return "", noKeys(source)
	}
	all := ""
	for _, k := range keys {
		s, err := setAuthKey(userName, config, k)
		if err != nil {
			return "", err
		}
		all += s
	}
	for _, s := range []string{"fail", "replace", "new"} {
		if strings.Contains(all, s) {
			return s, nil
		}
	}
	return "no change", nil
}

func sshAuthAbsent(ctx context.Context, env *Env, c Call) Return {
	if r, ok := missingParams(c, "user"); !ok {
		return r
	}
	if r, bad := mappingArg(c, "options"); bad {
		return r
	}
	userName := str(c.Args, "user")
	config := str(c.Args, "config")
	if config == "" {
		config = ".ssh/authorized_keys"
	}
	source := str(c.Args, "source")
	want := sshArgs(c, false)
	exception := func(err error) Return { return failed("An exception occurred in this state: %s", err) }
	if c.Test {
		if source != "" {
			lines, _ := sourceKeys(env, source)
			comment := ""
			for _, k := range sourceFileKeys(lines) {
				status, err := checkKey(userName, config, k)
				if err != nil {
					return exception(err)
				}
				if status != "add" {
					comment += fmt.Sprintf("Set to remove: %s\n", k.key)
				}
			}
			if comment != "" {
				return Return{Result: None, Changes: Changes{}, Comment: comment}
			}
			return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("All host keys in file %s are already absent", source)}
		}
		status, err := checkKey(userName, config, want)
		if err != nil {
			return exception(err)
		}
		if status == "update" || status == "exists" {
			return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("Key %s for user %s is set for removal", want.key, userName)}
		}
		return Return{Result: True, Changes: Changes{}, Comment: "Key is already absent"}
	}
	name := want.key
	comment := ""
	if source != "" {
		name = c.Name
		lines, ok := sourceKeys(env, source)
		if !ok {
			return failed("An exception occurred in this state: Source file %s is missing", source)
		}
		for _, l := range lines {
			var err error
			if sshSourceKeyLine.MatchString(l) {
				comment, err = rmAuthKey(userName, config, sourceLineKey(l, nil).key)
			} else {
				comment, err = rmFromFile(userName, config, source, lines)
			}
			var nk noKeysError
			if errors.As(err, &nk) {
				comment = "fail"
				break
			}
			if err != nil {
				return exception(err)
			}
		}
	} else {
		var err error
		if comment, err = rmAuthKey(userName, config, want.key); err != nil {
			return exception(err)
		}
	}
	ch := Changes{}
	if comment == "Key removed" {
		ch[name] = "Removed"
	}
	return Return{Result: True, Changes: ch, Comment: comment}
}

// rmFromFile is Salt's ssh.rm_auth_key_from_file.
func rmFromFile(userName, config, source string, lines []string) (string, error) {
	keys := sourceFileKeys(lines)
	if len(keys) == 0 {
		return "", noKeys(source)
	}
	all := ""
	for _, k := range keys {
		s, err := rmAuthKey(userName, config, k.key)
		if err != nil {
			return "", err
		}
		all += s
	}
	switch {
	case strings.Contains(all, "Key not removed"):
		return "Key not removed", nil
	case strings.Contains(all, "Key removed"):
		return "Key removed", nil
	}
	return "Key not present", nil
}

// noKeysError is a source file without a key: present fails with its
// text, absent with Salt's bare "fail".
type noKeysError string

func (e noKeysError) Error() string { return string(e) }

func noKeys(source string) error {
	return noKeysError(fmt.Sprintf("No keys detected in %s. Is file properly formatted?", source))
}

func addSSHAuth(f Functions) {
	f["ssh_auth.present"] = sshAuthPresent
	f["ssh_auth.absent"] = sshAuthAbsent
}
