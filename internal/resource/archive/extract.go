package archive

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/user"
	"regexp"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/syscmd"
)

// extractArchive runs the extraction command in extract_path, as the
// given user and group, as the module does.
func (a *instance) extractArchive(ctx context.Context, h *resource.Handle) error {
	if !a.extract {
		return nil
	}
	if a.extractPath == "" {
		return rubyError{errors.New("missing archive extract_path")}
	}
	line, err := a.extractCommandLine()
	if err != nil {
		return err
	}
	if h.Log != nil {
		h.Log.Log(resource.Debug, "", fmt.Sprintf("Archive extracting %s in %s: %s", a.path, a.extractPath, line))
	}
	if a.user != "" || a.group != "" {
		if err := os.Chmod(a.path, 0o644); err != nil {
			return rubyIOError(err, "apply2files", a.path)
		}
	}
	if h.Log != nil {
		h.Log.Log(resource.Debug, "", syscmd.Executing(a.user, a.group, line))
	}
	if fi, err := os.Stat(a.extractPath); err != nil || !fi.IsDir() {
		return rubyError{fmt.Errorf("Working directory %s does not exist!", a.extractPath)}
	}
	// Through the shell, so that the program sees itself called as the
	// line names it (its messages say "tar:", as under Puppet); as
	// another user through setpriv, which drops the privileges after the
	// change of folder, as Puppet does (the user need not be able to
	// reach the folder's parents).
	cmd := resource.Command{Argv: []string{"/bin/sh", "-c", line}, Dir: a.extractPath}
	// As Puppet's execution, without the variables of the user it runs as.
	cmd.UnsetEnv = []string{"HOME", "USER", "LOGNAME"}
	if a.user != "" || a.group != "" {
		var priv []string
		var gid uint32
		if a.user != "" {
			var uid uint32
			var err error
			if uid, gid, err = lookupUser(a.user); err != nil {
				return err
			}
			priv = append(priv, fmt.Sprintf("--reuid=%d", uid), "--init-groups")
		} else {
			priv = append(priv, "--keep-groups")
		}
		if a.group != "" {
			var err error
			if gid, err = lookupGroup(a.group); err != nil {
				return err
			}
		}
		priv = append(priv, fmt.Sprintf("--regid=%d", gid))
		cmd.Argv = append(append([]string{"setpriv"}, priv...), cmd.Argv...)
	}
	res, err := h.Runner.Run(ctx, cmd)
	if err != nil {
		return err
	}
	if res.ExitCode != 0 || res.TimedOut {
		return &syscmd.ExecError{Command: line, Code: res.ExitCode, Output: strings.TrimSpace(string(res.Output))}
	}
	return nil
}

func lookupUser(name string) (uint32, uint32, error) {
	u, err := user.Lookup(name)
	if err != nil {
		if u, err = user.LookupId(name); err != nil {
			return 0, 0, fmt.Errorf("Invalid user: %s", name)
		}
	}
	uid, _ := strconv.ParseUint(u.Uid, 10, 32)
	gid, _ := strconv.ParseUint(u.Gid, 10, 32)
	return uint32(uid), uint32(gid), nil
}

func lookupGroup(name string) (uint32, error) {
	g, err := user.LookupGroup(name)
	if err != nil {
		if g, err = user.LookupGroupId(name); err != nil {
			return 0, fmt.Errorf("Invalid group: %s", name)
		}
	}
	gid, _ := strconv.ParseUint(g.Gid, 10, 32)
	return uint32(gid), nil
}

// extractCommandLine is the command the module builds: extract_command
// with the archive in place of %s, or followed by extract_flags and the
// archive, or the default command for the archive's kind of file.
func (a *instance) extractCommandLine() (string, error) {
	file := shellEscape(a.path)
	if a.extractCommand != "" {
		if strings.Contains(a.extractCommand, "%s") {
			return strings.ReplaceAll(a.extractCommand, "%s", file), nil
		}
		return a.extractCommand + " " + flagsString(a.extractFlags) + " " + file, nil
	}
	flags := func(def, command string) (string, error) { return parseFlags(def, a.extractFlags, command) }
	type kind struct {
		re    *regexp.Regexp
		build func() (string, error)
	}
	two := func(first, firstDef, firstCmd string) func() (string, error) {
		return func() (string, error) {
			f1 := firstDef // uncompress's own flag is fixed
			if firstCmd != "" {
				var err error
				if f1, err = flags(firstDef, firstCmd); err != nil {
					return "", err
				}
			}
			f2, err := flags("xf", "tar")
			if err != nil {
				return "", err
			}
			return fmt.Sprintf("%s %s %s | tar %s -", first, f1, file, f2), nil
		}
	}
	one := func(prog, def, command string) func() (string, error) {
		return func() (string, error) {
			f, err := flags(def, command)
			if err != nil {
				return "", err
			}
			return fmt.Sprintf("%s %s %s", prog, f, file), nil
		}
	}
	kinds := []kind{
		{regexp.MustCompile(`\.tar$`), one("tar", "xf", "tar")},
		{regexp.MustCompile(`(\.tgz|\.tar\.gz)$`), one("tar", "xzf", "tar")},
		{regexp.MustCompile(`(\.tbz|\.tar\.bz2)$`), one("tar", "xjf", "tar")},
		{regexp.MustCompile(`(\.txz|\.tar\.xz)$`), two("unxz", "-dc", "unxz")},
		{regexp.MustCompile(`\.gz$`), one("gunzip", "-d", "gunzip")},
		{regexp.MustCompile(`(\.zip|\.war|\.jar)$`), one("unzip", "-o", "zip")},
		{regexp.MustCompile(`(\.bz2)$`), one("bunzip2", "-d", "bunzip2")},
		{regexp.MustCompile(`(\.tar\.Z)$`), two("uncompress", "-c", "")},
	}
	for _, k := range kinds {
		if k.re.MatchString(a.path) {
			return k.build()
		}
	}
	return "", fmt.Errorf("Unknown filetype: %s", a.path)
}

// parseFlags is the module's parse_flags: the default unless
// extract_flags is given, as a string for every command or as a hash by
// command.
func parseFlags(def string, options catalog.Value, command string) (string, error) {
	switch o := options.(type) {
	case nil:
		return def, nil
	case string:
		if o == "undef" {
			return def, nil
		}
		return o, nil
	case *catalog.Hash:
		if v, ok := o.Get(command); ok && v != nil {
			return catalog.Scalar(v), nil
		}
		return "", nil
	}
	return "", rubyError{fmt.Errorf("Invalid options for command %s: %s", command, resource.Inspect(options))}
}

// flagsString is extract_flags as Ruby interpolates it after a custom
// command.
func flagsString(options catalog.Value) string {
	switch o := options.(type) {
	case nil:
		return ""
	case string:
		return o
	}
	return resource.Inspect(options)
}

// shellEscape is Ruby's Shellwords.shellescape.
func shellEscape(s string) string {
	if s == "" {
		return "''"
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n':
			b.WriteString("'\n'")
		case !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || strings.ContainsRune("_-.,:+/@", r)):
			b.WriteByte('\\')
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
