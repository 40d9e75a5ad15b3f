package state

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/ordoproject/ordo/internal/resource"
)

// pkgrepo.managed and pkgrepo.absent keep APT's one-line sources: the
// files sources.list and sources.list.d/*.list under Env.AptDir, plus
// the file a state names. A key_url that is a salt:// or local file is
// written where the entry's signed-by option says, as Salt does without
// apt-key (aptkey: False); keys from a key server, a URL or apt-key, and
// the package index refresh Salt runs after a change, are not done:
// they need the network or change apt's own keyring.

// aptSource is one entry of a sources file.
type aptSource struct {
	file     string
	disabled bool
	typ      string
	options  []string // inside [ ], as written
	uri      string
	dist     string
	comps    []string
	comment  string
	line     string // as read; rebuilt when the entry changes
}

// architectures is the arch= option's list.
func (s *aptSource) architectures() []string {
	for _, o := range s.options {
		if v, ok := strings.CutPrefix(o, "arch="); ok {
			return strings.Split(v, ",")
		}
	}
	return []string{}
}

func (s *aptSource) signedBy() string {
	for _, o := range s.options {
		if v, ok := strings.CutPrefix(o, "signed-by="); ok {
			return v
		}
	}
	return ""
}

// render writes the entry as APT reads it.
func (s *aptSource) render() string {
	var parts []string
	if s.disabled {
		parts = append(parts, "#")
	}
	parts = append(parts, s.typ)
	if len(s.options) > 0 {
		parts = append(parts, "["+strings.Join(s.options, " ")+"]")
	}
	parts = append(parts, s.uri, s.dist)
	parts = append(parts, s.comps...)
	line := strings.Join(parts, " ")
	if s.disabled {
		line = "#" + strings.TrimPrefix(line, "# ")
	}
	if s.comment != "" {
		line += " #" + s.comment
	}
	return line
}

// parseAptLine reads one line; ok is false for anything that is not an
// entry (blank lines, comments, deb822 stanzas).
func parseAptLine(file, line string) (*aptSource, bool) {
	s := &aptSource{file: file, line: strings.TrimSpace(line)}
	text := strings.TrimSpace(line)
	if rest, ok := strings.CutPrefix(text, "#"); ok {
		s.disabled = true
		text = strings.TrimSpace(rest)
	}
	if body, comment, ok := strings.Cut(text, "#"); ok {
		text, s.comment = body, comment
	}
	if open := strings.Index(text, "["); open >= 0 {
		end := strings.Index(text, "]")
		if end < open {
			return nil, false
		}
		s.options = strings.Fields(text[open+1 : end])
		text = text[:open] + " " + text[end+1:]
	}
	f := strings.Fields(text)
	if len(f) < 3 || (f[0] != "deb" && f[0] != "deb-src") {
		return nil, false
	}
	s.typ, s.uri, s.dist, s.comps = f[0], f[1], f[2], append([]string{}, f[3:]...)
	return s, true
}

// aptSources is every file's lines and entries.
type aptSources struct {
	files   []string
	lines   map[string][]string
	entries map[string][]*aptSource // by file, one per line (nil for none)
	removed map[*aptSource]bool
	changed map[string]bool
}

func (e *Env) aptDir() string {
	if e.AptDir != "" {
		return e.AptDir
	}
	return "/etc/apt"
}

func readAptSources(dir string, extra ...string) *aptSources {
	a := &aptSources{lines: map[string][]string{}, entries: map[string][]*aptSource{}, removed: map[*aptSource]bool{}, changed: map[string]bool{}}
	files := []string{filepath.Join(dir, "sources.list")}
	more, _ := filepath.Glob(filepath.Join(dir, "sources.list.d", "*.list"))
	files = append(files, more...)
	for _, x := range extra {
		if x != "" && !contains(files, x) {
			files = append(files, x)
		}
	}
	for _, f := range files {
		a.load(f)
	}
	return a
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func (a *aptSources) load(file string) {
	data, err := os.ReadFile(file)
	if err != nil {
		return
	}
	a.files = append(a.files, file)
	text := strings.TrimSuffix(string(data), "\n")
	for _, l := range strings.Split(text, "\n") {
		a.lines[file] = append(a.lines[file], l)
		s, _ := parseAptLine(file, l)
		a.entries[file] = append(a.entries[file], s)
	}
}

// all lists the entries in file order.
func (a *aptSources) all() []*aptSource {
	var out []*aptSource
	for _, f := range a.files {
		for _, s := range a.entries[f] {
			if s != nil && !a.removed[s] {
				out = append(out, s)
			}
		}
	}
	return out
}

// find is Salt's get_repo: the first entry of the same type, URI and
// suite that has one of want's components (any, when want has none).
func (a *aptSources) find(want *aptSource) *aptSource {
	for _, s := range a.all() {
		if s.typ != want.typ || s.uri != want.uri || s.dist != want.dist {
			continue
		}
		if len(want.comps) == 0 {
			return s
		}
		for _, c := range want.comps {
			if contains(s.comps, c) {
				return s
			}
		}
	}
	return nil
}

// add appends an entry to file.
func (a *aptSources) add(s *aptSource) {
	if _, ok := a.lines[s.file]; !ok && !contains(a.files, s.file) {
		a.files = append(a.files, s.file)
	}
	a.lines[s.file] = append(a.lines[s.file], "")
	a.entries[s.file] = append(a.entries[s.file], s)
	a.changed[s.file] = true
}

// save writes the changed files; one of sources.list.d left without a
// line is removed.
func (a *aptSources) save() error {
	for _, f := range a.files {
		if !a.changed[f] {
			continue
		}
		var b strings.Builder
		n := 0
		for i, l := range a.lines[f] {
			s := a.entries[f][i]
			switch {
			case s != nil && a.removed[s]:
				continue
			case s != nil && s.line == "":
				l = s.render()
			case s != nil:
				l = s.line
			}
			b.WriteString(l + "\n")
			n++
		}
		if n == 0 && strings.Contains(f, "sources.list.d/") {
			if err := os.Remove(f); err != nil && !os.IsNotExist(err) {
				return err
			}
			continue
		}
		if err := os.MkdirAll(filepath.Dir(f), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(f, []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// repoView is what Salt compares of an entry.
func repoView(s *aptSource) map[string]any {
	return map[string]any{
		"comps":         s.comps,
		"disabled":      s.disabled,
		"dist":          s.dist,
		"type":          s.typ,
		"uri":           s.uri,
		"line":          strings.TrimSpace(s.lineText()),
		"architectures": s.architectures(),
		"signedby":      s.signedBy(),
	}
}

func (s *aptSource) lineText() string {
	if s.line != "" {
		return s.line
	}
	return s.render()
}

// sortedFrom sorts the words of a line from the fourth on, as Salt
// compares them.
func sortedFrom(words []string) []string {
	out := append([]string{}, words...)
	if len(out) > 3 {
		tail := out[3:]
		sort.Strings(tail)
	}
	return out
}

func sameSet(a, b []string) bool {
	x, y := append([]string{}, a...), append([]string{}, b...)
	sort.Strings(x)
	sort.Strings(y)
	return reflect.DeepEqual(x, y)
}

func pkgrepoManaged(ctx context.Context, env *Env, c Call) Return {
	name := c.Name
	if r, bad := mappingArg(c, "comments"); bad {
		return r
	}
	r := Return{Result: None, Changes: Changes{}}
	has := func(k string) bool { _, ok := c.Args[k]; return ok }
	// Salt marks these conflicts failed and goes on; ordo stops there.
	switch {
	case has("key_text") && has("key_url"):
		return failed(`You may not use both "key_url" and "key_text" argument.`)
	case has("key_text") && (has("keyid") || has("keyserver")):
		return failed(`You may not use both "keyid"/"keyserver" and "key_text" argument.`)
	case has("key_url") && (has("keyid") || has("keyserver")):
		return failed(`You may not use both "keyid"/"keyserver" and "key_url" argument.`)
	}
	if has("repo") {
		return failed("'repo' is not a supported argument for this state. The 'name' argument is probably what was intended.")
	}
	enabled, disabled := c.Args["enabled"], c.Args["disabled"]
	if enabled != nil && disabled != nil {
		return failed("Only one of enabled/disabled is allowed")
	}
	isDisabled := false
	switch {
	case disabled != nil:
		isDisabled = boolArg(c.Args, "disabled", false)
	case enabled != nil:
		isDisabled = !boolArg(c.Args, "enabled", true)
	}
	if has("key_url") && !boolArg(c.Args, "allow_insecure_key", true) && strings.HasPrefix(strings.TrimSpace(str(c.Args, "key_url")), "http:") {
		return failed("Cannot have 'key_url' using http with 'allow_insecure_key' set to True")
	}
	for _, k := range []string{"keyid", "keyserver", "key_text", "ppa", "copr"} {
		if has(k) {
			return failed("Failed to configure repo '%s': %s is not supported by ordo (keys and PPAs need the network)", name, k)
		}
	}
	// Salt uses apt-key unless told not to (aptkey: False) or it is not
	// installed; without it the key goes to the signed-by keyring.
	aptKey := boolArg(c.Args, "aptkey", true)
	if _, err := exec.LookPath("apt-key"); err != nil {
		aptKey = false
	}
	want, ok := parseAptLine("", name)
	if !ok {
		return failed("Failed to examine repo '%s': Error: repo '%s' is not a well formatted definition", name, name)
	}
	want.line = ""
	if v := str(c.Args, "comps"); v != "" {
		want.comps = splitComma(v)
	}
	if v := str(c.Args, "architectures"); v != "" {
		want.options = setOption(want.options, "arch", strings.Join(splitComma(v), ","))
	}
	want.disabled = isDisabled
	if cm, ok := c.Args["comments"]; ok && cm != nil {
		want.comment = strings.Join(strList(cm), " ")
	}
	file := str(c.Args, "file")
	if file == "" {
		file = filepath.Join(env.aptDir(), "sources.list")
	} else if !filepath.IsAbs(file) {
		return failed("Failed to configure repo '%s': The repo file %s is not an absolute path", name, file)
	}
	want.file = file
	srcs := readAptSources(env.aptDir(), file)
	pre := srcs.find(want)
	wantView := repoView(want)
	if pre != nil {
		if repoMatches(pre, want, c.Args) {
			return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("Package repo '%s' already configured", name)}
		}
	}
	if c.Test {
		r.Comment = fmt.Sprintf("Package repo '%s' would be configured. This may cause pkg states to behave differently than stated if this action is repeated without test=True, due to the differences in the configured repositories.", name)
		if pre != nil {
			preView := repoView(pre)
			for _, k := range sortedKeys(wantView) {
				if !reflect.DeepEqual(wantView[k], preView[k]) {
					r.Changes[k] = map[string]any{"new": wantView[k], "old": preView[k]}
				}
			}
		} else {
			r.Changes["repo"] = name
		}
		return r
	}
	if boolArg(c.Args, "clean_file", false) {
		if err := os.WriteFile(file, nil, 0o644); err != nil {
			return failed("Failed to configure repo '%s': %s", name, err)
		}
		srcs = readAptSources(env.aptDir(), file)
		pre = srcs.find(want)
	}
	if !aptKey && want.signedBy() == "" {
		return failed("Failed to configure repo '%s': missing 'signedby' option when apt-key is missing", name)
	}
	if has("key_url") {
		if aptKey {
			return failed("Failed to configure repo '%s': key_url with apt-key is not supported by ordo (it changes apt's own keyring): give aptkey: False and a signed-by option", name)
		}
		if err := addRepoKey(ctx, env, str(c.Args, "key_url"), want.signedBy()); err != nil {
			return failed("Failed to configure repo '%s': %s", name, err)
		}
	}
	var before map[string]any
	if pre != nil {
		before = repoView(pre)
		mod := pre
		mod.comps, mod.options, mod.disabled = want.comps, want.options, want.disabled
		if want.comment != "" {
			mod.comment = want.comment
		}
		mod.line = ""
		srcs.changed[mod.file] = true
		if mod.file != file && str(c.Args, "file") != "" {
			srcs.removed[mod] = true
			moved := *mod
			moved.file = file
			srcs.add(&moved)
		}
	} else {
		srcs.add(want)
	}
	if err := srcs.save(); err != nil {
		return failed("Failed to configure repo '%s': %s", name, err)
	}
	post := readAptSources(env.aptDir(), file).find(want)
	if post == nil {
		return failed("Failed to confirm config of repo '%s': not found after writing", name)
	}
	ch := Changes{}
	if before != nil {
		after := repoView(post)
		for _, k := range sortedKeys(wantView) {
			if !reflect.DeepEqual(after[k], before[k]) {
				ch[k] = map[string]any{"new": after[k], "old": before[k]}
			}
		}
	} else {
		ch["repo"] = name
	}
	return Return{Result: True, Changes: ch, Comment: fmt.Sprintf("Configured package repo '%s'", name)}
}

// repoMatches is Salt's test that an entry is already as wanted.
func repoMatches(pre, want *aptSource, args map[string]any) bool {
	if !sameSet(pre.comps, want.comps) || pre.disabled != want.disabled || pre.dist != want.dist ||
		pre.typ != want.typ || pre.uri != want.uri || pre.signedBy() != want.signedBy() {
		return false
	}
	if a := want.architectures(); len(a) > 0 && !sameSet(a, pre.architectures()) {
		return false
	}
	if !want.disabled {
		body, preComment, _ := strings.Cut(pre.lineText(), "#")
		if pre.disabled {
			body = pre.lineText()
		}
		if !reflect.DeepEqual(sortedFrom(strings.Fields(want.render())), sortedFrom(strings.Fields(body))) {
			return false
		}
		if _, ok := args["comments"]; ok && strings.TrimSpace(preComment) != strings.TrimSpace(want.comment) {
			return false
		}
	}
	return true
}

func splitComma(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		out = append(out, strings.TrimSpace(p))
	}
	return out
}

// setOption sets key=value among a line's [ ] options.
func setOption(opts []string, key, value string) []string {
	out := []string{}
	for _, o := range opts {
		if !strings.HasPrefix(o, key+"=") {
			out = append(out, o)
		}
	}
	return append(out, key+"="+value)
}

func pkgrepoAbsent(ctx context.Context, env *Env, c Call) Return {
	name := c.Name
	if c.Args["keyid"] != nil || c.Args["keyid_ppa"] != nil || c.Args["ppa"] != nil {
		return failed("Repo key management is not implemented for this platform")
	}
	want, ok := parseAptLine("", name)
	if !ok {
		return failed("Failed to configure repo '%s': Error: repo '%s' is not a well formatted definition", name, name)
	}
	srcs := readAptSources(env.aptDir(), str(c.Args, "file"))
	if srcs.find(want) == nil {
		return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("Package repo %s is absent", name)}
	}
	if c.Test {
		return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("Package repo '%s' will be removed. This may cause pkg states to behave differently than stated if this action is repeated without test=True, due to the differences in the configured repositories.", name)}
	}
	// Every entry of the same type, architectures, URI and suite loses
	// the named components, and goes when none is left.
	for _, s := range srcs.all() {
		if s.typ != want.typ || s.uri != want.uri || s.dist != want.dist || !reflect.DeepEqual(s.architectures(), want.architectures()) {
			continue
		}
		var left []string
		hit := false
		for _, comp := range s.comps {
			if contains(want.comps, comp) {
				hit = true
				continue
			}
			left = append(left, comp)
		}
		if !hit {
			continue
		}
		s.comps, s.line = left, ""
		if len(left) == 0 {
			srcs.removed[s] = true
		}
		srcs.changed[s.file] = true
	}
	if err := srcs.save(); err != nil {
		return failed("%s", err)
	}
	if readAptSources(env.aptDir(), str(c.Args, "file")).find(want) != nil {
		return failed("Failed to remove repo %s", name)
	}
	return Return{Result: True, Changes: Changes{"repo": name}, Comment: fmt.Sprintf("Removed repo %s", name)}
}

// addRepoKey writes the key at keyURL (salt:// or a local file) to the
// keyring signedBy, as Salt's aptpkg does without apt-key: the key is
// cached under the keyring's name, an ASCII-armored key is dearmored
// with gpg (beside the cached copy, ".decrypted"), and the result copied
// to the keyring, whose folder must exist. (Salt renames a local key
// file in place; ordo copies it into the cache.)
func addRepoKey(ctx context.Context, env *Env, keyURL, signedBy string) error {
	var src, rel string
	switch {
	case strings.HasPrefix(keyURL, "salt://"):
		rel = path.Clean("/" + strings.TrimPrefix(keyURL, "salt://"))[1:]
		src = filepath.Join(env.FileRoot, filepath.FromSlash(rel))
	case strings.HasPrefix(keyURL, "file://"):
		src = strings.TrimPrefix(keyURL, "file://")
		rel = path.Join("_local", src)
	case strings.HasPrefix(keyURL, "/"):
		src = keyURL
		rel = path.Join("_local", src)
	default:
		return fmt.Errorf("Error: key_url %s is not supported by ordo: keys are read from salt:// or local files, not the network", keyURL)
	}
	data, err := os.ReadFile(src)
	if err != nil {
		return fmt.Errorf("Error: file not found: %s", keyURL)
	}
	cached := filepath.Join(env.cacheDir(), "files", saltEnv, filepath.FromSlash(path.Dir(rel)), filepath.Base(signedBy))
	keydir := filepath.Dir(signedBy)
	if st, err := os.Stat(keydir); err != nil || !st.IsDir() {
		return fmt.Errorf("Error: Could not add key: %s", cached)
	}
	if err := os.MkdirAll(filepath.Dir(cached), 0o700); err != nil {
		return err
	}
	if err := os.WriteFile(cached, data, 0o600); err != nil {
		return err
	}
	key := cached
	if utf8.Valid(data) && strings.HasPrefix(strings.TrimLeft(string(data), "-"), "BEGIN PGP") {
		key = cached + ".decrypted"
		// Salt's command; like Salt, a failure shows when the copy finds
		// no file.
		_, _ = env.runner().Run(ctx, resource.Command{Argv: []string{"gpg", "--yes", "--output", key, "--dearmor", cached}, SplitStderr: true})
	}
	out, err := os.ReadFile(key)
	if err != nil {
		return fmt.Errorf("[Errno 2] No such file or directory: '%s'", key)
	}
	mode := fs.FileMode(0o644)
	if st, err := os.Stat(signedBy); err == nil {
		mode = st.Mode().Perm()
	}
	return os.WriteFile(signedBy, out, mode)
}

// saltEnv is the one Salt environment, a folder of the minion's file
// cache.
const saltEnv = "base"

func addPkgrepo(f Functions) {
	f["pkgrepo.managed"] = pkgrepoManaged
	f["pkgrepo.absent"] = pkgrepoAbsent
}
