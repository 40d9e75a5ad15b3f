package eval

import (
	"bytes"
	"regexp"
	"strings"

	"github.com/ordoproject/ordo/internal/lazyre"
)

// TypeInfo is what the compiler needs to know about a built-in resource
// type: its attribute names, its namevar and whether resources of it are
// unique by namevar as well as by title.
type TypeInfo struct {
	Name       string // lower case: file, notify
	Attrs      []string
	Namevars   []string
	Isomorphic bool
	// TitleKey turns a title into the namevar value the title stands for
	// (file strips trailing slashes); nil keeps the title.
	TitleKey func(title string) string
	// TitleName is the namevar value the title patterns give, before
	// the namevar's munging (what Puppet's catalog carries); nil uses
	// TitleKey.
	TitleName func(title string) string
	// TitleParams gives, for a type with its own title_patterns, the
	// parameters its title patterns make of a title (namevars, or any
	// parameter a pattern names), in the patterns' order; nil when the
	// type has none.
	TitleParams func(title string) [][2]string
}

// HasAttr reports whether name is an attribute of the type or a
// metaparameter.
func (t *TypeInfo) HasAttr(name string) bool {
	if metaparams[name] {
		return true
	}
	for _, a := range t.Attrs {
		if a == name {
			return true
		}
	}
	return false
}

// ResourceTypes tells the compiler which built-in resource types exist.
// The type schema of package resource implements it; BuiltinTypes is
// Puppet 7's core set.
type ResourceTypes interface {
	Lookup(name string) (*TypeInfo, bool)
}

var metaparams = map[string]bool{
	"alias": true, "audit": true, "before": true, "loglevel": true, "noop": true, "notify": true,
	"require": true, "schedule": true, "stage": true, "subscribe": true, "tag": true,
}

var relationParams = []string{"require", "subscribe", "before", "notify"}

type builtinTypes map[string]*TypeInfo

func (b builtinTypes) Lookup(name string) (*TypeInfo, bool) {
	t, ok := b[strings.ToLower(name)]
	return t, ok
}

func stripSlashes(title string) string {
	for len(title) > 1 && strings.HasSuffix(title, "/") {
		title = title[:len(title)-1]
	}
	return title
}

// BuiltinTypes returns the core resource types of Puppet 7.
func BuiltinTypes() ResourceTypes {
	mk := func(name string, namevar string, iso bool, attrs string) *TypeInfo {
		return &TypeInfo{Name: name, Namevars: []string{namevar}, Isomorphic: iso, Attrs: append([]string{namevar}, strings.Fields(attrs)...)}
	}
	file := mk("file", "path", true, "ensure backup checksum checksum_value content ctime force group ignore links max_files mode mtime owner provider purge recurse recurselimit replace selinux_ignore_defaults selrange selrole seltype seluser show_diff source source_permissions sourceselect staging_location target type validate_cmd validate_replacement")
	file.TitleKey = stripSlashes
	tidy := mk("tidy", "path", true, "age backup matches max_files recurse rmdirs size type")
	tidy.TitleKey = stripSlashes
	pkg := mk("package", "name", true, "adminfile allow_virtual allowcdrom category command configfiles description enable_only ensure flavor install_only install_options instance mark package_settings platform provider reinstall_on_refresh responsefile root source status uninstall_options vendor")
	return builtinTypes{
		"notify":     mk("notify", "name", true, "message withpath"),
		"file":       file,
		"exec":       mk("exec", "command", false, "creates cwd environment group logoutput onlyif path provider refresh refreshonly returns timeout tries try_sleep umask unless user"),
		"user":       mk("user", "name", true, "allowdupe attribute_membership attributes auth_membership auths comment ensure expiry forcelocal gid groups home ia_load_module iterations key_membership keys loginclass managehome membership password password_max_age password_min_age password_warn_days profile_membership profiles project provider purge_ssh_keys role_membership roles salt shell system uid"),
		"group":      mk("group", "name", true, "allowdupe attribute_membership attributes auth_membership ensure forcelocal gid ia_load_module members provider system"),
		"package":    pkg,
		"service":    mk("service", "name", true, "binary control enable ensure flags hasrestart hasstatus logonaccount logonpassword manifest path pattern provider restart start status stop timeout"),
		"schedule":   mk("schedule", "name", true, "period periodmatch range repeat weekday"),
		"filebucket": mk("filebucket", "name", true, "path port server"),
		"stage":      mk("stage", "name", true, ""),
		"resources":  mk("resources", "name", true, "purge unless_system_user unless_uid"),
		"tidy":       tidy,
	}
}

// moduleTypeInfos are the resource types that popular modules define in
// Ruby, known when the module is on the module path.
var moduleTypeInfos = map[string]struct {
	module  string
	namevar string
	attrs   string
}{
	"anchor":          {"stdlib", "name", ""},
	"file_line":       {"stdlib", "name", "ensure match match_for_absence multiple after line path replace replace_all_matches_not_matching_line encoding append_on_no_match"},
	"concat_file":     {"concat", "path", "ensure tag owner group mode order backup replace validate_cmd ensure_newline format force selinux_ignore_defaults selrange selrole seltype seluser show_diff create_empty_file"},
	"concat_fragment": {"concat", "name", "target content source order tag"},
}

// cachedTypes remembers the answers of a ResourceTypes for one
// compilation: a type is looked up for every resource declared, and
// building its TypeInfo from the schema costs more than the lookup.
// The TypeInfos it hands out are shared and never changed.
type cachedTypes struct {
	inner ResourceTypes
	known map[string]cachedType
}

type cachedType struct {
	info *TypeInfo
	ok   bool
}

func (t *cachedTypes) Lookup(name string) (*TypeInfo, bool) {
	if e, ok := t.known[name]; ok {
		return e.info, e.ok
	}
	info, ok := t.inner.Lookup(name)
	t.known[name] = cachedType{info: info, ok: ok}
	return info, ok
}

// withModuleTypes adds the Ruby types of the modules present to base.
type withModuleTypes struct {
	base    ResourceTypes
	modules func(string) bool
	// rubyType finds a module's lib/puppet/type/NAME.rb and reads its
	// attributes; nil when no module defines the type.
	rubyType func(name string) *TypeInfo
}

func (w withModuleTypes) Lookup(name string) (*TypeInfo, bool) {
	if t, ok := w.base.Lookup(name); ok {
		return t, true
	}
	mt, ok := moduleTypeInfos[strings.ToLower(name)]
	if ok && w.modules(mt.module) {
		return &TypeInfo{Name: strings.ToLower(name), Namevars: []string{mt.namevar}, Isomorphic: true,
			Attrs: append([]string{mt.namevar}, strings.Fields(mt.attrs)...)}, true
	}
	if w.rubyType != nil && !strings.Contains(name, "::") {
		if t := w.rubyType(strings.ToLower(name)); t != nil {
			return t, true
		}
	}
	return nil, false
}

var (
	rubyAttr      = lazyre.New(`new(?:param|property)\(?\s*:"?([a-z_][a-z0-9_]*)`)
	rubyNamevar   = lazyre.New(`new(?:param|property)\(?\s*:"?([a-z_][a-z0-9_]*)"?\s*,\s*(?::namevar\s*=>\s*true|namevar:\s*true)`)
	rubyIsNamevar = lazyre.New(`(?s)newparam\(?\s*:([a-z_][a-z0-9_]*)\)?\s*do\b(?:[^e]|e[^n]|en[^d])*?isnamevar`)
)

var (
	resourceAPIKey     = lazyre.New(`^(\s+)([a-z_][a-z0-9_]*):\s*\{`)
	resourceAPINamevar = lazyre.New(`behaviou?r:\s*:namevar`)
)

// parseResourceAPIType reads the attributes of a type written with
// Puppet's Resource API (Puppet::ResourceApi.register_type): the keys of
// its attributes hash, and those whose behaviour is namevar.
func parseResourceAPIType(name string, src []byte) *TypeInfo {
	t := &TypeInfo{Name: name, Isomorphic: true}
	lines := strings.Split(string(src), "\n")
	start := -1
	for i, l := range lines {
		if strings.TrimSpace(l) == "attributes: {" {
			start = i + 1
			break
		}
	}
	if start < 0 {
		return t
	}
	indent := ""
	current := ""
	for _, l := range lines[start:] {
		if indent != "" && strings.HasPrefix(l, indent[:len(indent)-2]+"}") {
			break // the end of the attributes hash
		}
		if m := resourceAPIKey.FindStringSubmatch(l); m != nil && (indent == "" || m[1] == indent) {
			indent, current = m[1], m[2]
			t.Attrs = append(t.Attrs, current)
			continue
		}
		if current != "" && resourceAPINamevar.MatchString(l) {
			t.Namevars = append(t.Namevars, current)
		}
	}
	if len(t.Namevars) == 0 {
		t.Namevars = []string{"name"}
	}
	return t
}

// parseRubyType reads the attribute names of a resource type written in
// Ruby (newparam, newproperty, ensurable) and its namevar, which is all
// the compiler needs of it.
func parseRubyType(name string, src []byte) *TypeInfo {
	if bytes.Contains(src, []byte("Puppet::ResourceApi.register_type")) {
		return parseResourceAPIType(name, src)
	}
	t := &TypeInfo{Name: name, Isomorphic: true}
	seen := map[string]bool{}
	add := func(a string) {
		if !seen[a] {
			seen[a] = true
			t.Attrs = append(t.Attrs, a)
		}
	}
	if regexp.MustCompile(`\bensurable\b`).Match(src) {
		add("ensure")
	}
	for _, m := range rubyAttr.FindAllSubmatch(src, -1) {
		add(string(m[1]))
	}
	// Every parameter declared a namevar: a type with more than one
	// (alternative_entry's name and altlink) is unique by all of them
	// together, which the compiler leaves to the title.
	seenNV := map[string]bool{}
	for _, re := range []*lazyre.Regexp{rubyNamevar, rubyIsNamevar} {
		for _, m := range re.FindAllSubmatch(src, -1) {
			if nv := string(m[1]); !seenNV[nv] {
				seenNV[nv] = true
				t.Namevars = append(t.Namevars, nv)
			}
		}
	}
	if len(t.Namevars) == 0 {
		t.Namevars = []string{"name"}
	}
	for _, nv := range t.Namevars {
		add(nv)
	}
	t.TitleParams = rubyTitlePatterns(src)
	return t
}

var rubyTitlePatternsDef = lazyre.New(`(?m)^(\s*)def self\.title_patterns\b`)

// rubyTitlePattern is one entry of a Ruby type's title_patterns: the
// regular expression and the parameters its groups give, in order.
type rubyTitlePattern struct {
	re     *regexp.Regexp
	params []string
}

// rubyTitlePatterns reads the title_patterns method of a Ruby type: a
// list of %r{...} expressions, each followed by the parameters its
// groups set ([[:name], [:target]]), and returns what they make of a
// title (the first pattern that matches); nil when the type has no
// such method or one ordo cannot read.
func rubyTitlePatterns(src []byte) func(string) [][2]string {
	loc := rubyTitlePatternsDef.Get().FindSubmatchIndex(src)
	if loc == nil {
		return nil
	}
	body := string(src[loc[1]:])
	indent := string(src[loc[2]:loc[3]])
	if end := strings.Index(body, "\n"+indent+"end"); end >= 0 {
		body = body[:end]
	}
	var pats []rubyTitlePattern
	for {
		i := strings.Index(body, "%r{")
		if i < 0 {
			break
		}
		depth, j := 0, i+2
		for ; j < len(body); j++ {
			switch body[j] {
			case '\\':
				j++
				continue
			case '{':
				depth++
			case '}':
				depth--
			}
			if depth == 0 {
				break
			}
		}
		if j >= len(body) {
			return nil
		}
		expr := body[i+3 : j]
		rest := body[j+1:]
		flags := ""
		for len(rest) > 0 && strings.ContainsRune("imxo", rune(rest[0])) {
			flags += rest[:1]
			rest = rest[1:]
		}
		goFlags := ""
		if strings.Contains(flags, "i") {
			goFlags += "i"
		}
		if strings.Contains(flags, "m") {
			goFlags += "s"
		}
		if strings.Contains(flags, "x") {
			return nil
		}
		if goFlags != "" {
			expr = "(?" + goFlags + ")" + expr
		}
		re, err := regexp.Compile(expr)
		if err != nil {
			return nil
		}
		next := strings.Index(rest, "%r{")
		if next < 0 {
			next = len(rest)
		}
		var params []string
		for _, m := range rubySymbolParam.FindAllStringSubmatch(rest[:next], -1) {
			params = append(params, m[1])
		}
		pats = append(pats, rubyTitlePattern{re: re, params: params})
		body = rest
	}
	if len(pats) == 0 {
		return nil
	}
	return func(title string) [][2]string {
		for _, p := range pats {
			m := p.re.FindStringSubmatch(title)
			if m == nil {
				continue
			}
			var out [][2]string
			for i, name := range p.params {
				if i+1 < len(m) {
					out = append(out, [2]string{name, m[i+1]})
				}
			}
			return out
		}
		return nil
	}
}

var rubySymbolParam = lazyre.New(`\[\s*:([a-z_][a-z0-9_]*)`)

var (
	rubyRequire   = lazyre.New(`(?m)^\s*require\s*\(?\s*['"]([A-Za-z0-9_/]+)['"]`)
	rubyModuleDef = lazyre.New(`(?m)^\s*module\s+([A-Z][A-Za-z0-9_]*)`)
)

// addMixinAttrs adds to t the attributes of the modules a Ruby type
// extends or includes from files it requires (a module of lib/puppet_x
// whose self.extended or self.included hook declares parameters, as
// puppet-elasticsearch's REST types share theirs). read gives a required
// file's source, nil when the module path has none.
func addMixinAttrs(t *TypeInfo, src []byte, read func(lib string) []byte) {
	seen := map[string]bool{}
	for _, a := range t.Attrs {
		seen[a] = true
	}
	for _, m := range rubyRequire.FindAllSubmatch(src, -1) {
		lib := string(m[1])
		if strings.HasPrefix(lib, "puppet/") && !strings.HasPrefix(lib, "puppet_x/") {
			continue // Puppet's own files
		}
		dep := read(lib)
		if dep == nil || !rubyAttr.Match(dep) {
			continue
		}
		mixedIn := false
		for _, d := range rubyModuleDef.FindAllSubmatch(dep, -1) {
			use := regexp.MustCompile(`\b(?:extend|include)\s+(?:[A-Za-z0-9_]+::)*` + string(d[1]) + `\b`)
			if use.Match(src) {
				mixedIn = true
				break
			}
		}
		if !mixedIn {
			continue
		}
		for _, a := range rubyAttr.FindAllSubmatch(dep, -1) {
			if name := string(a[1]); !seen[name] {
				seen[name] = true
				t.Attrs = append(t.Attrs, name)
			}
		}
	}
}
