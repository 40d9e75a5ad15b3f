package state

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"time"

	udiff "github.com/aymanbagabas/go-udiff"
)

const testNote = "\nNote: No changes made, actual changes may\nbe different due to other states."

// diff is Salt's unified diff of two texts: empty labels, three lines of
// context.
func diff(old, new string) string {
	return udiff.Unified("", "", old, new)
}

// fileMode parses Salt's mode argument (644, "0644", 0o644 as an int
// written in octal digits) into a permission mode.
func fileMode(v any) (fs.FileMode, bool, error) {
	if v == nil {
		return 0, false, nil
	}
	s := fmt.Sprint(v)
	if s == "" {
		return 0, false, nil
	}
	n, err := strconv.ParseUint(s, 8, 32)
	if err != nil {
		return 0, false, fmt.Errorf("invalid mode %s", s)
	}
	return fs.FileMode(n) & 0o7777, true, nil
}

// modeString prints a mode as Salt does: four octal digits.
func modeString(m fs.FileMode) string { return fmt.Sprintf("%04o", uint32(m&0o7777)) }

// checkPerms brings owner, group and mode of path in line, recording what
// changed in ch. In test mode it only records.
func checkPerms(path string, args map[string]any, modeKey string, test bool, ch Changes) error {
	st, err := os.Lstat(path)
	if err != nil {
		if test {
			return nil
		}
		return err
	}
	sys := st.Sys().(*syscall.Stat_t)
	uid, gid := -1, -1
	if name := str(args, "user"); name != "" {
		u, err := user.Lookup(name)
		if err != nil {
			return fmt.Errorf("User %s is not available", name)
		}
		id, _ := strconv.Atoi(u.Uid)
		if uint32(id) != sys.Uid {
			uid = id
			ch["user"] = name
		}
	}
	if name := str(args, "group"); name != "" {
		g, err := user.LookupGroup(name)
		if err != nil {
			return fmt.Errorf("Group %s is not available", name)
		}
		id, _ := strconv.Atoi(g.Gid)
		if uint32(id) != sys.Gid {
			gid = id
			ch["group"] = name
		}
	}
	if !test && (uid >= 0 || gid >= 0) {
		if err := os.Lchown(path, uid, gid); err != nil {
			return err
		}
	}
	mode, ok, err := fileMode(args[modeKey])
	if err != nil {
		return err
	}
	if ok && st.Mode()&fs.ModeSymlink == 0 && st.Mode().Perm()|(st.Mode()&(fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky)) != goMode(mode) {
		ch["mode"] = modeString(mode)
		if !test {
			if err := os.Chmod(path, goMode(mode)); err != nil {
				return err
			}
		}
	}
	return nil
}

// goMode turns Unix permission bits into Go's FileMode with its own
// set-id and sticky flags.
func goMode(m fs.FileMode) fs.FileMode {
	out := m & 0o777
	if m&0o4000 != 0 {
		out |= fs.ModeSetuid
	}
	if m&0o2000 != 0 {
		out |= fs.ModeSetgid
	}
	if m&0o1000 != 0 {
		out |= fs.ModeSticky
	}
	return out
}

func failed(format string, args ...any) Return {
	return Return{Result: False, Changes: Changes{}, Comment: fmt.Sprintf(format, args...)}
}

func notAbsolute(name string) (Return, bool) {
	if !filepath.IsAbs(name) {
		return failed("Specified file %s is not an absolute path", name), true
	}
	return Return{}, false
}

// wantedContent works out file.managed's content: contents (a string or
// a list of lines), or a salt:// or local source, rendered with
// template: jinja. ok is false when the state does not manage content.
func wantedContent(env *Env, c Call) (content string, ok bool, fail *Return) {
	for key, data := range map[string]map[string]any{"contents_pillar": env.Pillar, "contents_grains": env.Grains} {
		if path := str(c.Args, key); path != "" {
			v := lookupPath(data, path)
			if v == nil {
				r := failed("%s '%s' does not exist", map[string]string{"contents_pillar": "Pillar", "contents_grains": "Grain"}[key], path)
				return "", false, &r
			}
			c.Args = copyArgs(c.Args)
			c.Args["contents"] = v
		}
	}
	if v, has := c.Args["contents"]; has && v != nil {
		switch v := v.(type) {
		case []any:
			lines := make([]string, len(v))
			for i, l := range v {
				lines[i] = fmt.Sprint(l)
			}
			content = strings.Join(lines, "\n") + "\n"
		default:
			content = fmt.Sprint(v)
			if !strings.HasSuffix(content, "\n") {
				content += "\n"
			}
		}
		return content, true, nil
	}
	// A list of sources: the first that exists.
	var sources []string
	switch s := c.Args["source"].(type) {
	case nil:
	case []any:
		for _, x := range s {
			sources = append(sources, fmt.Sprint(x))
		}
	default:
		sources = []string{fmt.Sprint(s)}
	}
	if len(sources) == 0 {
		return "", false, nil
	}
	var b []byte
	src := ""
	for _, s := range sources {
		p := strings.TrimPrefix(s, "file://")
		if rest, isSalt := strings.CutPrefix(s, "salt://"); isSalt {
			p = filepath.Join(env.FileRoot, filepath.FromSlash(rest))
		}
		if data, err := os.ReadFile(p); err == nil {
			b, src = data, s
			break
		}
	}
	if src == "" {
		r := failed("Source file %s not found in saltenv 'base'", sources[0])
		if len(sources) > 1 {
			r = failed("none of the specified sources were found")
		}
		return "", false, &r
	}
	content = string(b)
	if str(c.Args, "template") == "jinja" {
		// Salt's file templates see the state's name, source, user,
		// group, mode and attrs (None when not given), then defaults and
		// context.
		vars := map[string]any{"name": c.Name, "source": src}
		for _, key := range []string{"user", "group", "mode", "attrs"} {
			vars[key] = c.Args[key]
		}
		for _, key := range []string{"defaults", "context"} {
			if m, isMap := c.Args[key].(map[string]any); isMap {
				for k, v := range m {
					vars[k] = v
				}
			}
		}
		if acc := env.acc.forFile(c.Name); acc != nil {
			vars["accumulator"] = acc.templateVar()
		}
		rel := strings.TrimPrefix(src, "salt://")
		out, err := env.Render(rel, b, vars)
		if err != nil {
			r := failed("Unable to manage file: %s", err)
			return "", false, &r
		}
		content = out
	} else if t := str(c.Args, "template"); t != "" {
		r := failed("Specified template format %s is not supported", t)
		return "", false, &r
	}
	return content, true, nil
}

func managed(ctx context.Context, env *Env, c Call) Return {
	name := c.Name
	if name == "" {
		return failed("Must provide name to file.managed")
	}
	if r, bad := notAbsolute(name); bad {
		return r
	}
	content, manage, fail := wantedContent(env, c)
	if fail != nil {
		return *fail
	}
	replace := boolArg(c.Args, "replace", true)
	st, err := os.Stat(name)
	exists := err == nil
	if exists && st.IsDir() {
		return failed("Specified target %s is a directory", name)
	}
	ch := Changes{}
	if !exists {
		if _, err := os.Stat(filepath.Dir(name)); err != nil && !boolArg(c.Args, "makedirs", false) {
			return failed("Parent directory not present")
		}
		if c.Test {
			ch["newfile"] = name
			return Return{Result: None, Changes: ch, Comment: fmt.Sprintf("The file %s is set to be changed", name) + testNote}
		}
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return failed("%s", err)
		}
		// As Salt, a file whose mode is asked for is created readable by
		// its owner only, then given the mode; so are its changes.
		params := map[string]any{"ensure": "file", "content": content}
		if m, ok, _ := fileMode(c.Args["mode"]); ok && m != 0 {
			params["mode"] = "0600"
		}
		if err := applyFile(ctx, env, name, params); err != nil {
			return failed("Unable to manage file: %s", err)
		}
		if !manage {
			ch["new"] = fmt.Sprintf("file %s created", name)
		} else {
			ch["diff"] = "New file"
		}
		if err := checkPerms(name, c.Args, "mode", false, ch); err != nil {
			return Return{Result: False, Changes: ch, Comment: err.Error()}
		}
		comment := fmt.Sprintf("File %s updated", name)
		if !manage {
			comment = "Empty file"
		}
		return Return{Result: True, Changes: ch, Comment: comment}
	}
	var old []byte
	if manage && replace {
		old, err = os.ReadFile(name)
		if err != nil {
			return failed("Unable to manage file: %s", err)
		}
		if string(old) != content {
			ch["diff"] = diff(string(old), content)
		}
	}
	if err := checkPerms(name, c.Args, "mode", true, ch); err != nil {
		return Return{Result: False, Changes: Changes{}, Comment: err.Error()}
	}
	if len(ch) == 0 {
		return Return{Result: True, Changes: ch, Comment: fmt.Sprintf("File %s is in the correct state", name)}
	}
	if c.Test {
		if _, ok := ch["diff"]; ok && !boolArg(c.Args, "show_changes", true) {
			ch["diff"] = "<show_changes=False>"
		}
		return Return{Result: None, Changes: ch, Comment: fmt.Sprintf("The file %s is set to be changed", name) + testNote}
	}
	if _, ok := ch["diff"]; ok {
		if err := backupMinion(env, name, c.Args["backup"]); err != nil {
			return failed("Unable to manage file: %s", err)
		}
		if err := applyFile(ctx, env, name, map[string]any{"ensure": "file", "content": content}); err != nil {
			return failed("Unable to manage file: %s", err)
		}
	}
	real := Changes{}
	if d, ok := ch["diff"]; ok {
		real["diff"] = d
		if !boolArg(c.Args, "show_changes", true) {
			real["diff"] = "<show_changes=False>"
		}
	}
	if err := checkPerms(name, c.Args, "mode", false, real); err != nil {
		return Return{Result: False, Changes: real, Comment: err.Error()}
	}
	return Return{Result: True, Changes: real, Comment: fmt.Sprintf("File %s updated", name)}
}

// backupMinion is the copy Salt keeps of a file whose content is about
// to be replaced, when the state's backup is minion (or both): under
// the minion's cache, in file_backup/, at the file's path with the time
// appended (/etc/app.conf becomes file_backup/etc/app.conf_Fri_Nov_27_
// 17:10:33_123456_2026, the microseconds before the year), with the
// file's mode and owner. Any other value keeps no copy, as in Salt
// (master is not done there either).
func backupMinion(env *Env, name string, mode any) error {
	if m, _ := mode.(string); m != "minion" && m != "both" {
		return nil
	}
	st, err := os.Stat(name)
	if err != nil {
		return nil
	}
	now := time.Now()
	if env.Now != nil {
		now = env.Now()
	}
	stamp := fmt.Sprintf("%s_%06d_%s", now.Format("Mon_Jan_02_15:04:05"), now.Nanosecond()/1000, now.Format("2006"))
	dest := filepath.Join(env.cacheDir(), "file_backup", strings.TrimPrefix(filepath.Dir(name), "/"), filepath.Base(name)+"_"+stamp)
	if err := os.MkdirAll(filepath.Dir(dest), 0o755); err != nil {
		return err
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	if err := os.WriteFile(dest, data, 0o600); err != nil {
		return err
	}
	sys := st.Sys().(*syscall.Stat_t)
	if err := os.Chown(dest, int(sys.Uid), int(sys.Gid)); err != nil {
		return err
	}
	return os.Chmod(dest, st.Mode().Perm())
}

// writeReplacing writes content to a temporary file beside name and
// renames it into place, keeping the old mode and owner.
func writeReplacing(name string, content []byte, perm fs.FileMode) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".ordo-")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(content); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if st, err := os.Stat(name); err == nil {
		sys := st.Sys().(*syscall.Stat_t)
		_ = os.Chown(tmp.Name(), int(sys.Uid), int(sys.Gid))
		perm = st.Mode()
	}
	if err := os.Chmod(tmp.Name(), perm); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), name)
}

func directory(ctx context.Context, env *Env, c Call) Return {
	name := strings.TrimSuffix(c.Name, "/")
	if name == "" {
		name = "/"
	}
	if r, bad := notAbsolute(name); bad {
		return r
	}
	st, err := os.Stat(name)
	if err == nil && !st.IsDir() {
		return failed("Specified location %s exists and is a file", name)
	}
	if err != nil {
		if _, perr := os.Stat(filepath.Dir(name)); perr != nil && !boolArg(c.Args, "makedirs", false) {
			return failed("No directory to create %s in", name)
		}
		ch := Changes{name: map[string]any{"directory": "new"}}
		if c.Test {
			return Return{Result: None, Changes: ch, Comment: fmt.Sprintf("The following files will be changed:\n%s: directory - new\n", name)}
		}
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return failed("%s", err)
		}
		if err := applyFile(ctx, env, name, map[string]any{"ensure": "directory"}); err != nil {
			return failed("Failed to create directory %s", name)
		}
		if err := checkPerms(name, c.Args, "dir_mode", false, Changes{}); err != nil {
			return Return{Result: False, Changes: ch, Comment: err.Error()}
		}
		return Return{Result: True, Changes: ch, Comment: fmt.Sprintf("Directory %s updated", name)}
	}
	args := c.Args
	if _, ok := args["dir_mode"]; !ok {
		if m, has := args["mode"]; has {
			args = copyArgs(args)
			args["dir_mode"] = m
		}
	}
	perm := Changes{}
	if err := checkPerms(name, args, "dir_mode", true, perm); err != nil {
		return Return{Result: False, Changes: Changes{}, Comment: err.Error()}
	}
	if len(perm) == 0 {
		return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("Directory %s is in the correct state", name)}
	}
	if c.Test {
		var lines []string
		for _, k := range []string{"user", "group", "mode"} {
			if v, ok := perm[k]; ok {
				lines = append(lines, fmt.Sprintf("%s: %v", k, v))
			}
		}
		return Return{Result: None, Changes: Changes{name: perm}, Comment: fmt.Sprintf("The following files will be changed:\n%s: %s\n", name, strings.Join(lines, " - "))}
	}
	real := Changes{}
	if err := checkPerms(name, args, "dir_mode", false, real); err != nil {
		return Return{Result: False, Changes: real, Comment: err.Error()}
	}
	return Return{Result: True, Changes: real, Comment: fmt.Sprintf("Directory %s updated", name)}
}

func copyArgs(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// absent is file.absent on ordo's file type (ensure absent, forced).
// As in Salt, only what is a regular file (links followed), a link or a
// directory is removed; anything else (a FIFO, a socket) is "not
// present".
func absent(ctx context.Context, env *Env, c Call) Return {
	name := c.Name
	if name == "" {
		return failed("Must provide name to file.absent")
	}
	if r, bad := notAbsolute(name); bad {
		return r
	}
	if name == "/" {
		return failed("Refusing to make \"/\" absent")
	}
	lst, lerr := os.Lstat(name)
	st, serr := os.Stat(name)
	isLink := lerr == nil && lst.Mode()&fs.ModeSymlink != 0
	what := ""
	switch {
	case (serr == nil && st.Mode().IsRegular()) || isLink:
		what = "File"
	case serr == nil && st.IsDir():
		what = "Directory"
	default:
		return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("File %s is not present", name)}
	}
	if c.Test {
		return Return{Result: None, Changes: Changes{"removed": name}, Comment: fmt.Sprintf("%s %s is set for removal", what, name)}
	}
	if err := applyFile(ctx, env, name, map[string]any{"ensure": "absent", "force": true}); err != nil {
		if what == "Directory" {
			return failed("Failed to remove directory %s", name)
		}
		return failed("%s", err)
	}
	return Return{Result: True, Changes: Changes{"removed": name}, Comment: fmt.Sprintf("Removed %s %s", strings.ToLower(what), name)}
}

func symlink(ctx context.Context, env *Env, c Call) Return {
	if r, ok := missingParams(c, "target"); !ok {
		return r
	}
	name := c.Name
	target := str(c.Args, "target")
	if r, bad := notAbsolute(name); bad {
		return r
	}
	cur, err := os.Readlink(name)
	switch {
	case err == nil && cur == target:
		ch := Changes{}
		if err := checkPerms(name, c.Args, "", c.Test, ch); err != nil {
			return failed("%s", err)
		}
		owner, group := ownerOf(name)
		return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("Symlink %s is present and owned by %s:%s", name, owner, group)}
	case err == nil:
		if c.Test {
			return Return{Result: None, Changes: Changes{"change": name}, Comment: fmt.Sprintf("Link %s target is set to be changed to %s", name, target)}
		}
		if err := applyFile(ctx, env, name, map[string]any{"ensure": "link", "target": target, "force": true}); err != nil {
			return failed("%s", err)
		}
		return Return{Result: True, Changes: Changes{"change": name}, Comment: fmt.Sprintf("Set symlink %s -> %s", name, target)}
	}
	if lst, lerr := os.Lstat(name); lerr == nil {
		kind := "File system entry"
		switch {
		case lst.Mode().IsRegular():
			kind = "File"
		case lst.IsDir():
			kind = "Directory"
		}
		if !boolArg(c.Args, "force", false) {
			return failed("%s exists where the symlink %s should be", kind, name)
		}
		if kind == "Directory" && !c.Test {
			// Salt's forced replacement unlinks, which a directory refuses.
			return failed("Unable to create new symlink %s -> %s: [Errno 21] Is a directory: '%s'", name, target, name)
		}
	}
	if _, perr := os.Stat(filepath.Dir(name)); perr != nil && !boolArg(c.Args, "makedirs", false) {
		if c.Test {
			return Return{Result: None, Changes: Changes{"new": name}, Comment: fmt.Sprintf("Symlink %s to %s is set for creation", name, target)}
		}
		return failed("Directory %s for symlink is not present", filepath.Dir(name))
	}
	if c.Test {
		return Return{Result: None, Changes: Changes{"new": name}, Comment: fmt.Sprintf("Symlink %s to %s is set for creation", name, target)}
	}
	_ = os.MkdirAll(filepath.Dir(name), 0o755)
	if err := applyFile(ctx, env, name, map[string]any{"ensure": "link", "target": target, "force": true}); err != nil {
		return failed("Unable to create new symlink %s -> %s: %s", name, target, err)
	}
	ch := Changes{"new": name}
	_ = checkPerms(name, c.Args, "", false, Changes{})
	return Return{Result: True, Changes: ch, Comment: fmt.Sprintf("Created new symlink %s -> %s", name, target)}
}

func ownerOf(path string) (string, string) {
	st, err := os.Lstat(path)
	if err != nil {
		return "", ""
	}
	sys := st.Sys().(*syscall.Stat_t)
	owner, group := strconv.Itoa(int(sys.Uid)), strconv.Itoa(int(sys.Gid))
	if u, err := user.LookupId(owner); err == nil {
		owner = u.Username
	}
	if g, err := user.LookupGroupId(group); err == nil {
		group = g.Name
	}
	return owner, group
}

// textLines reads file.append's text argument: a string (possibly with
// several lines) or a list of strings.
func textLines(v any) []string {
	var out []string
	switch v := v.(type) {
	case []any:
		for _, x := range v {
			out = append(out, strings.Split(strings.TrimRight(fmt.Sprint(x), "\n"), "\n")...)
		}
	case nil:
	default:
		out = strings.Split(strings.TrimRight(fmt.Sprint(v), "\n"), "\n")
	}
	return out
}

func appendText(ctx context.Context, env *Env, c Call) Return {
	name := c.Name
	if r, bad := notAbsolute(name); bad {
		return r
	}
	lines := textLines(c.Args["text"])
	if len(lines) == 0 {
		return Return{Result: True, Changes: Changes{}, Comment: "No text found to append. Nothing appended"}
	}
	old, err := os.ReadFile(name)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return failed("%s", err)
	}
	if err != nil {
		if _, perr := os.Stat(filepath.Dir(name)); perr != nil && !boolArg(c.Args, "makedirs", false) {
			return failed("Parent directory not present")
		}
	}
	text := string(old)
	var add []string
	for _, l := range lines {
		if !strings.Contains(text, l) {
			add = append(add, l)
		}
	}
	if len(add) == 0 {
		return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("File %s is in correct state", name)}
	}
	next := text
	if next != "" && !strings.HasSuffix(next, "\n") {
		next += "\n"
	}
	next += strings.Join(add, "\n") + "\n"
	ch := Changes{"diff": diff(text, next)}
	if c.Test {
		return Return{Result: None, Changes: ch, Comment: fmt.Sprintf("File %s is set to be updated", name)}
	}
	_ = os.MkdirAll(filepath.Dir(name), 0o755)
	if err := writeReplacing(name, []byte(next), 0o644); err != nil {
		return failed("%s", err)
	}
	word := "lines"
	if len(add) == 1 {
		word = "line"
	}
	return Return{Result: True, Changes: ch, Comment: fmt.Sprintf("Appended %d %s", len(add), word)}
}

func replace(ctx context.Context, env *Env, c Call) Return {
	name := c.Name
	if r, bad := notAbsolute(name); bad {
		return r
	}
	pattern := str(c.Args, "pattern")
	repl := str(c.Args, "repl")
	re, err := regexp.Compile("(?m)" + pattern)
	if err != nil {
		return failed("An exception occurred in this state: %s", err)
	}
	old, err := os.ReadFile(name)
	if err != nil {
		return failed("%s: file not found", name)
	}
	count := 0
	if n, ok := c.Args["count"].(int); ok {
		count = n
	}
	goRepl := regexp.MustCompile(`\\(\d)`).ReplaceAllString(strings.ReplaceAll(repl, "$", "$$"), "${$1}")
	next := string(old)
	if count <= 0 {
		next = re.ReplaceAllString(next, goRepl)
	} else {
		done := 0
		next = re.ReplaceAllStringFunc(next, func(m string) string {
			if done >= count {
				return m
			}
			done++
			return re.ReplaceAllString(m, goRepl)
		})
	}
	if !re.MatchString(string(old)) && boolArg(c.Args, "append_if_not_found", false) {
		if next != "" && !strings.HasSuffix(next, "\n") {
			next += "\n"
		}
		next += repl + "\n"
	}
	if next == string(old) {
		return Return{Result: True, Changes: Changes{}, Comment: "No changes needed to be made"}
	}
	ch := Changes{"diff": diff(string(old), next)}
	if c.Test {
		return Return{Result: None, Changes: ch, Comment: "Changes would have been made"}
	}
	if err := writeReplacing(name, []byte(next), 0o644); err != nil {
		return failed("%s", err)
	}
	return Return{Result: True, Changes: ch, Comment: "Changes were made"}
}

func line(ctx context.Context, env *Env, c Call) Return {
	name := c.Name
	if r, bad := notAbsolute(name); bad {
		return r
	}
	mode := strings.ToLower(str(c.Args, "mode"))
	if mode == "" {
		return failed("Mode was not defined. How to process the file?")
	}
	content := str(c.Args, "content")
	match := str(c.Args, "match")
	if match == "" {
		match = content
	}
	old, err := os.ReadFile(name)
	if err != nil {
		if !boolArg(c.Args, "create", false) {
			return failed("%s: file not found", name)
		}
	}
	text := string(old)
	lines := strings.SplitAfter(text, "\n")
	if len(lines) > 0 && lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	matchRe, err := regexp.Compile(match)
	if err != nil {
		return failed("An exception occurred in this state: %s", err)
	}
	has := func(re *regexp.Regexp, l string) bool { return re.MatchString(strings.TrimRight(l, "\n")) }
	var out []string
	switch mode {
	case "delete":
		for _, l := range lines {
			if !has(matchRe, l) {
				out = append(out, l)
			}
		}
	case "replace":
		for _, l := range lines {
			if has(matchRe, l) {
				l = content + "\n"
			}
			out = append(out, l)
		}
	case "ensure", "insert":
		present := false
		for _, l := range lines {
			if strings.TrimRight(l, "\n") == content {
				present = true
			}
		}
		if present {
			out = lines
			break
		}
		after, before := str(c.Args, "after"), str(c.Args, "before")
		location := str(c.Args, "location")
		switch {
		case after != "" || before != "":
			inserted := false
			for _, l := range lines {
				if before != "" && !inserted && regexp.MustCompile(regexp.QuoteMeta(before)).MatchString(l) {
					out = append(out, content+"\n")
					inserted = true
				}
				out = append(out, l)
				if after != "" && !inserted && regexp.MustCompile(regexp.QuoteMeta(after)).MatchString(l) {
					out = append(out, content+"\n")
					inserted = true
				}
			}
			if !inserted {
				return failed("Neither before or after was found in file %s", name)
			}
		case location == "start":
			out = append([]string{content + "\n"}, lines...)
		case mode == "ensure" && location == "":
			return failed("Unable to ensure line without knowing where to put it.")
		default:
			out = append(lines, content+"\n")
			if len(lines) > 0 && !strings.HasSuffix(lines[len(lines)-1], "\n") {
				out[len(lines)-1] += "\n"
			}
		}
	default:
		return failed("Unknown mode: %s", mode)
	}
	next := strings.Join(out, "")
	if next == text {
		return Return{Result: True, Changes: Changes{}, Comment: "No changes needed to be made"}
	}
	ch := Changes{"diff": diff(text, next)}
	if c.Test {
		return Return{Result: None, Changes: ch, Comment: "Changes would be made"}
	}
	if err := writeReplacing(name, []byte(next), 0o644); err != nil {
		return failed("%s", err)
	}
	return Return{Result: True, Changes: ch, Comment: "Changes were made"}
}

func exists(ctx context.Context, env *Env, c Call) Return {
	if _, err := os.Lstat(c.Name); err != nil {
		return failed("Specified path %s does not exist", c.Name)
	}
	return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("Path %s exists", c.Name)}
}

func missing(ctx context.Context, env *Env, c Call) Return {
	if _, err := os.Lstat(c.Name); err == nil {
		return failed("Specified path %s exists", c.Name)
	}
	return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("Path %s is missing", c.Name)}
}

func touch(ctx context.Context, env *Env, c Call) Return {
	name := c.Name
	if r, bad := notAbsolute(name); bad {
		return r
	}
	_, err := os.Stat(name)
	existed := err == nil
	if c.Test {
		if existed {
			return Return{Result: None, Changes: Changes{"touched": name}, Comment: fmt.Sprintf("File %s is set to be updated", name)}
		}
		return Return{Result: None, Changes: Changes{"new": name}, Comment: fmt.Sprintf("File %s is set to be created", name)}
	}
	if !existed {
		if err := os.WriteFile(name, nil, 0o644); err != nil {
			return failed("Directory not present to touch file %s", name)
		}
		return Return{Result: True, Changes: Changes{"new": name}, Comment: fmt.Sprintf("Created empty file %s", name)}
	}
	now := time.Now()
	_ = os.Chtimes(name, now, now)
	return Return{Result: True, Changes: Changes{"touched": name}, Comment: fmt.Sprintf("Updated times on file %s", name)}
}

func addFile(f Functions) {
	f["file.managed"] = managed
	f["file.directory"] = directory
	f["file.absent"] = absent
	f["file.symlink"] = symlink
	f["file.append"] = appendText
	f["file.replace"] = replace
	f["file.line"] = line
	f["file.exists"] = exists
	f["file.missing"] = missing
	f["file.touch"] = touch
	f["file.copy"] = copyFile
	f["file.serialize"] = serialize
	f["file.recurse"] = recurse
	f["file.accumulated"] = accumulated
	addFileBlock(f)
}

// lookupPath walks a colon-delimited path through nested mappings, as
// contents_pillar and contents_grains name their data.
func lookupPath(data map[string]any, path string) any {
	var cur any = data
	for _, part := range strings.Split(path, ":") {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = m[part]
	}
	return cur
}
