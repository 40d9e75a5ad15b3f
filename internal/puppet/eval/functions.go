package eval

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/puppet/ast"
	"github.com/ordoproject/ordo/internal/puppet/parser"
	"github.com/ordoproject/ordo/internal/rubyjson"
	"github.com/ordoproject/ordo/internal/source"
)

// builtinTable returns Puppet's built-in functions and the stdlib
// functions popular modules call, by lower-case name: of the latter,
// those the stdlib on the module path defines (nil: none).
func builtinTable(stdlib *stdlibModule) map[string]builtin {
	t := map[string]builtin{
		"include": fnInclude, "require": fnRequire, "contain": fnContain,
		"realize": fnRealize, "tag": fnTag, "tagged": fnTagged, "defined": fnDefined,
		"fail":   fnFail,
		"notice": logFn("notice"), "info": logFn("info"), "warning": logFn("warning"), "debug": logFn("debug"),
		"err": logFn("err"), "alert": logFn("alert"), "crit": logFn("crit"), "emerg": logFn("emerg"),
		"each": fnEach, "map": fnMap, "filter": fnFilter, "reduce": fnReduce, "with": fnWith,
		"then": fnThen, "lest": fnLest, "any": fnAny, "all": fnAll, "reverse_each": fnReverseEach,
		"slice": fnSlice, "index": fnIndex, "step": fnStep,
		"split": fnSplit, "join": fnJoin, "sprintf": fnSprintf, "versioncmp": fnVersioncmp,
		"upcase": strFn(strings.ToUpper), "downcase": strFn(strings.ToLower), "capitalize": strFn(capitalize),
		"strip": strFn(strings.TrimSpace), "lstrip": strFn(func(s string) string { return strings.TrimLeftFunc(s, unicode.IsSpace) }),
		"rstrip":    strFn(func(s string) string { return strings.TrimRightFunc(s, unicode.IsSpace) }),
		"chomp":     strFn(func(s string) string { return strings.TrimSuffix(strings.TrimSuffix(s, "\n"), "\r") }),
		"camelcase": strFn(camelcase),
		"regsubst":  fnRegsubst, "match": fnMatch, "size": fnSize, "length": fnSize, "count": fnCount,
		"empty": fnEmpty, "sort": fnSort, "unique": fnUnique, "flatten": fnFlatten, "keys": fnKeys,
		"values": fnValues, "abs": fnAbs, "min": fnMin, "max": fnMax, "type": fnType,
		"round": fnRound, "floor": fnFloor, "ceiling": fnCeiling,
		"assert_type": fnAssertType, "create_resources": fnCreateResources,
		"lookup": fnLookup, "hiera": fnLookup, "hiera_array": fnLookup, "hiera_hash": fnLookup, "template": fnTemplate, "inline_template": fnInlineTemplate, "epp": fnEpp, "inline_epp": fnInlineEpp,
		"getvar": fnGetvar, "dig": fnDig, "get": fnGet, "unwrap": fnUnwrap, "shellquote": fnShellquote,
		"return": fnReturn, "next": fnNext, "break": fnBreak, "file": fnFile,
		"convert_to": fnConvertTo, "new": fnNew, "fqdn_rand": fnFqdnRand,
	}
	for name, f := range digestFunctions() {
		t[name] = f
	}
	if stdlib != nil {
		for name, f := range map[string]builtin{
			"merge": fnMerge, "concat": fnConcat, "pick": fnPick, "pick_default": fnPickDefault,
			"delete_undef_values": fnDeleteUndef, "has_key": fnHasKey, "member": fnMember,
			"str2bool": fnStr2bool, "bool2str": fnBool2str, "any2array": fnAny2array,
			"prefix": fnPrefix, "suffix": fnSuffix, "delete": fnDelete,
			"is_string": isFn("String"), "is_array": isFn("Array"), "is_hash": isFn("Hash"), "is_bool": isFn("Boolean"),
			"is_integer": isFn("Integer"), "validate_string": validateFn("String"), "validate_array": validateFn("Array"),
			"validate_hash": validateFn("Hash"), "validate_bool": validateFn("Boolean"),
			"validate_absolute_path": fnValidateAbsPath, "ensure_packages": fnEnsurePackages,
			"ensure_resource": fnEnsureResource, "ensure_resources": fnEnsureResources, "stdlib::ensure": fnStdlibEnsure, "range": fnRange,
			"join_keys_to_values": fnJoinKeysToValues, "to_json": fnToJSON, "to_json_pretty": fnToJSON, "to_yaml": fnToYAML, "to_toml": fnToTOML, "squeeze": fnSqueeze, "enclose_ipv6": fnEncloseIPv6, "glob": fnGlob, "getparam": fnGetparam,
			"num2bool": fnNum2bool, "values_at": fnValuesAt, "zip": fnZip,
			"deprecation": fnDeprecation, "assert_private": fnAssertPrivate, "fact": fnFact,
			"nested_values": fnNestedValues, "is_a": fnIsA,
			"delete_at": fnDeleteAt, "delete_values": fnDeleteValues, "difference": setFn("difference"),
			"intersection": setFn("intersection"), "union": setFn("union"), "reverse": fnReverse,
			"basename": fnBasename, "dirname": fnDirname, "start_with": fnStartWith, "end_with": fnEndWith,
			"swapcase": strFn(swapcase), "bool2num": fnBool2num, "parsejson": fnParseJSON,
			"type_of": fnTypeOf, "validate_legacy": fnValidateLegacy, "grep": fnGrep,
			"shell_escape": fnShellEscape, "deep_merge": fnDeepMerge, "shell_join": fnShellJoin, "pw_hash": fnPwHash,
			"stdlib::os_version_gte": fnOSVersionGte, "stdlib::has_interface_with": fnHasInterfaceWith, "stdlib::fqdn_rand_string": fnFqdnRandString,
			"has_interface_with": fnHasInterfaceWith, "os_version_gte": fnOSVersionGte, "get_module_path": fnGetModulePath,
			"stdlib::seeded_rand": fnSeededRand, "stdlib::seeded_rand_string": fnSeededRandString,
		} {
			if stdlib.has(name) {
				t[name] = f
			}
			// stdlib 9 names its functions stdlib::name; the plain names
			// it keeps are deprecated shims (see Compiler.dispatch).
			if ns := "stdlib::" + name; !strings.Contains(name, "::") && stdlib.has(ns) {
				t[ns] = f
			}
		}
	}
	return t
}

// moduleFunctions are Go stand-ins for Ruby functions of popular modules,
// available when the module is on the module path.
func moduleFunctions(module string) map[string]builtin {
	switch module {
	case "apache":
		return map[string]builtin{"apache::bool2httpd": fnBool2httpd, "bool2httpd": fnBool2httpd}
	case "mysql":
		return mysqlFunctions()
	case "postgresql":
		return postgresqlFunctions()
	case "haproxy":
		return haproxyFunctions()
	case "docker":
		return dockerFunctions()
	case "sudo":
		return map[string]builtin{"sudo::defaults": fnSudoDefaults}
	case "ssh":
		return map[string]builtin{"ssh::ipaddresses": fnSSHIPAddresses}
	case "inifile":
		return inifileFunctions()
	case "accounts":
		return accountsFunctions()
	case "php":
		return phpFunctions()
	case "mongodb":
		return mongodbFunctions()
	case "letsencrypt":
		return letsencryptFunctions()
	case "consul":
		return consulFunctions()
	case "puppetdb":
		return puppetdbFunctions()
	case "memcached":
		return memcachedFunctions()
	case "archive":
		return archiveFunctions()
	case "gitlab_ci_runner":
		return gitlabCIRunnerFunctions()
	case "elasticsearch":
		return elasticsearchFunctions()
	case "jenkins":
		return jenkinsFunctions()
	case "extlib":
		return extlibFunctions()
	case "puppet_agent":
		return puppetAgentFunctions()
	case "collectd":
		return collectdFunctions()
	}
	return nil
}

func fnDeprecation(k *call) (Value, error) { return nil, nil }

// fnNormaliseAndDeepmerge is puppetlabs-mysql's normalise_and_deepmerge:
// a deep merge of hashes in which keys that differ only by '-' and '_'
// are one key.
func fnNormaliseAndDeepmerge(k *call) (Value, error) {
	if len(k.args) < 2 {
		return nil, failf("mysql::normalise_and_deepmerge(): wrong number of arguments (%d; must be at least 2)", len(k.args))
	}
	result := NewHash()
	var copyHash func(v Value) Value
	copyHash = func(v Value) Value {
		h, ok := v.(*Hash)
		if !ok {
			return v
		}
		out := NewHash()
		for i, kk := range h.keys {
			out.Set(kk, copyHash(h.vals[i]))
		}
		return out
	}
	normalized := func(h *Hash, key Value) bool {
		if _, ok := h.Get(key); ok {
			return true
		}
		ks, ok := key.(string)
		if !ok || !strings.ContainsAny(ks, "-_") {
			return false
		}
		other := strings.ReplaceAll(ks, "_", "-")
		if strings.Contains(ks, "-") {
			other = strings.ReplaceAll(ks, "-", "_")
		}
		v, ok := h.Get(other)
		if !ok {
			return false
		}
		h.Delete(other)
		h.Set(key, v)
		return true
	}
	var overlay func(h1, h2 *Hash)
	overlay = func(h1, h2 *Hash) {
		for i, key := range h2.keys {
			value := h2.vals[i]
			if normalized(h1, key) {
				if sub, ok := value.(*Hash); ok {
					if cur, _ := h1.Get(key); cur != nil {
						if curH, ok := cur.(*Hash); ok {
							overlay(curH, sub)
							continue
						}
					}
				}
			}
			h1.Set(key, value)
		}
	}
	for _, a := range k.args {
		if s, ok := a.(string); ok && s == "" {
			continue
		}
		h, ok := a.(*Hash)
		if !ok {
			return nil, failf("mysql::normalise_and_deepmerge: unexpected argument type %s, only expects hash arguments.", typeName(a))
		}
		overlay(result, copyHash(h).(*Hash))
	}
	return result, nil
}

func fnDeleteAt(k *call) (Value, error) {
	if err := k.argc(2, 2); err != nil {
		return nil, err
	}
	arr, ok := k.args[0].([]Value)
	if !ok {
		return nil, failf("delete_at(): Requires array to work with")
	}
	i, ok := toNumber(k.args[1]).(int64)
	if !ok || i < 0 || int(i) >= len(arr) {
		return nil, failf("delete_at(): Given index exceeds size of array given")
	}
	out := append(append([]Value{}, arr[:i]...), arr[i+1:]...)
	return out, nil
}

func fnDeleteValues(k *call) (Value, error) {
	h, ok := k.args[0].(*Hash)
	if !ok {
		return nil, failf("delete_values(): First argument must be a Hash. Given an argument of class %s.", typeName(k.args[0]))
	}
	out := NewHash()
	for i, kk := range h.keys {
		if !Equal(h.vals[i], k.args[1]) {
			out.Set(kk, h.vals[i])
		}
	}
	return out, nil
}

func setFn(op string) builtin {
	return func(k *call) (Value, error) {
		a, _ := k.args[0].([]Value)
		var out []Value
		contains := func(list []Value, v Value) bool {
			for _, e := range list {
				if Equal(e, v) {
					return true
				}
			}
			return false
		}
		switch op {
		case "union":
			for _, arg := range k.args {
				for _, e := range flattenOnce(arg) {
					if !contains(out, e) {
						out = append(out, e)
					}
				}
			}
		default:
			b, _ := k.args[1].([]Value)
			for _, e := range a {
				if contains(b, e) == (op == "intersection") && !contains(out, e) {
					out = append(out, e)
				}
			}
		}
		if out == nil {
			out = []Value{}
		}
		return out, nil
	}
}

func fnReverse(k *call) (Value, error) {
	switch x := k.args[0].(type) {
	case string:
		r := []rune(x)
		for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
			r[i], r[j] = r[j], r[i]
		}
		return string(r), nil
	case []Value:
		out := make([]Value, len(x))
		for i, e := range x {
			out[len(x)-1-i] = e
		}
		return out, nil
	}
	return nil, failf("reverse(): Requires either array or string to work with")
}

func fnBasename(k *call) (Value, error) {
	s := filepath.Base(ToS(k.args[0]))
	if len(k.args) > 1 {
		s = strings.TrimSuffix(s, ToS(k.args[1]))
	}
	return s, nil
}

func fnDirname(k *call) (Value, error) { return filepath.Dir(ToS(k.args[0])), nil }

func fnStartWith(k *call) (Value, error) {
	s := ToS(k.args[0])
	for _, p := range flattenOnce(k.args[1]) {
		if strings.HasPrefix(s, ToS(p)) {
			return true, nil
		}
	}
	return false, nil
}

func fnEndWith(k *call) (Value, error) {
	s := ToS(k.args[0])
	for _, p := range flattenOnce(k.args[1]) {
		if strings.HasSuffix(s, ToS(p)) {
			return true, nil
		}
	}
	return false, nil
}

func swapcase(s string) string {
	r := []rune(s)
	for i, c := range r {
		switch {
		case unicode.IsUpper(c):
			r[i] = unicode.ToLower(c)
		case unicode.IsLower(c):
			r[i] = unicode.ToUpper(c)
		}
	}
	return string(r)
}

func fnBool2num(k *call) (Value, error) {
	v, err := fnStr2bool(&call{args: []Value{k.args[0]}})
	if b, ok := k.args[0].(bool); ok {
		v, err = b, nil
	}
	if err != nil {
		return nil, err
	}
	if v == true {
		return int64(1), nil
	}
	return int64(0), nil
}

func fnParseJSON(k *call) (Value, error) {
	var raw any
	dec := json.NewDecoder(strings.NewReader(ToS(k.args[0])))
	dec.UseNumber()
	if err := dec.Decode(&raw); err != nil {
		if len(k.args) > 1 {
			return k.args[1], nil
		}
		return nil, failf("parsejson(): %v", err)
	}
	return fromJSON(raw), nil
}

func fromJSON(v any) Value {
	switch x := v.(type) {
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i
		}
		f, _ := x.Float64()
		return f
	case []any:
		out := make([]Value, len(x))
		for i, e := range x {
			out[i] = fromJSON(e)
		}
		return out
	case map[string]any:
		h := NewHash()
		for _, kk := range sortedKeys(x) {
			h.Set(kk, fromJSON(x[kk]))
		}
		return h
	}
	return v
}

func fnTypeOf(k *call) (Value, error) { return inferType(k.args[0]), nil }

func fnValidateLegacy(k *call) (Value, error) {
	if len(k.args) < 3 {
		return nil, nil
	}
	t := k.args[0]
	if s, ok := t.(string); ok {
		prog, diags := parser.Parse("", s)
		if diags.HasErrors() || len(prog.Body) != 1 {
			return nil, nil
		}
		tv, err := k.c.evalType(k.s, prog.Body[0])
		if err != nil {
			return nil, err
		}
		t = tv
	}
	v := k.args[len(k.args)-1]
	if !k.c.isInstance(t, v) {
		return nil, failf("validate_legacy(%s, ...) %s", Inspect(t), k.c.mismatch("", t, v))
	}
	return nil, nil
}

func fnGrep(k *call) (Value, error) {
	re, err := toRegexp(k.args[1])
	if err != nil {
		return nil, err
	}
	out := []Value{}
	for _, e := range flattenOnce(k.args[0]) {
		if re.MatchString(ToS(e)) {
			out = append(out, e)
		}
	}
	return out, nil
}

// fnShellEscape is stdlib's shell_escape: Ruby's Shellwords.escape.
func fnShellEscape(k *call) (Value, error) {
	if err := k.argc(1, 1); err != nil {
		return nil, err
	}
	str := ToS(k.args[0])
	if str == "" {
		return "''", nil
	}
	var b strings.Builder
	for _, r := range str {
		switch {
		case r == '\n':
			b.WriteString("'\n'")
		case r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("_-.,:+/@", r)):
			b.WriteRune(r)
		case r >= 0x80:
			b.WriteRune(r)
		default:
			b.WriteByte('\\')
			b.WriteRune(r)
		}
	}
	return b.String(), nil
}

// fnNestedValues is stdlib's nested_values: every non-hash value of a
// hash, depth first.
func fnNestedValues(k *call) (Value, error) {
	if err := k.argc(1, 1); err != nil {
		return nil, err
	}
	out := []Value{}
	var walk func(h *Hash)
	walk = func(h *Hash) {
		for _, v := range h.vals {
			if sub, ok := v.(*Hash); ok {
				walk(sub)
			} else {
				out = append(out, v)
			}
		}
	}
	h, ok := k.args[0].(*Hash)
	if !ok {
		return nil, failf("'stdlib::nested_values' parameter 'hash' expects a Hash value, got %s", inferredTypeName(k.args[0]))
	}
	walk(h)
	return out, nil
}

// fnIsA is stdlib's is_a(value, Type).
func fnIsA(k *call) (Value, error) {
	if err := k.argc(2, 2); err != nil {
		return nil, err
	}
	return k.c.isInstance(k.args[1], k.args[0]), nil
}

// fnFact is stdlib's fact('a.b.c'): a dotted path into $facts.
func fnFact(k *call) (Value, error) {
	if err := k.argc(1, 1); err != nil {
		return nil, err
	}
	v, _ := k.c.top.vars["facts"]
	for _, seg := range strings.Split(ToS(k.args[0]), ".") {
		switch x := v.(type) {
		case *Hash:
			v, _ = x.Get(seg)
		case []Value:
			i, err := strconv.Atoi(seg)
			if err != nil || i < 0 || i >= len(x) {
				return nil, nil
			}
			v = x[i]
		default:
			return nil, nil
		}
	}
	return v, nil
}

// fnConvertTo is convert_to(value, Type, args...): Type.new(value, args...).
func fnConvertTo(k *call) (Value, error) {
	if err := k.argc(2, -1); err != nil {
		return nil, err
	}
	return k.c.newValue(&call{c: k.c, s: k.s, name: "new", args: append([]Value{k.args[0]}, k.args[2:]...), rng: k.rng}, k.args[1])
}

// fnNew is new(Type, value, args...).
func fnNew(k *call) (Value, error) {
	if err := k.argc(2, -1); err != nil {
		return nil, err
	}
	return k.c.newValue(&call{c: k.c, s: k.s, name: "new", args: k.args[1:], rng: k.rng}, k.args[0])
}

// fnFile is Puppet's file(): the content of the first file found, named
// 'module/path' (in the module's files folder) or by an absolute path.
func fnFile(k *call) (Value, error) {
	if err := k.argc(1, -1); err != nil {
		return nil, err
	}
	for _, a := range k.args {
		path, ok := k.c.modulePathFile(ToS(a), "files")
		if !ok {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		return string(data), nil
	}
	var names []string
	for _, a := range k.args {
		names = append(names, ToS(a))
	}
	return nil, failf("Could not find any files from %s", strings.Join(names, ", "))
}

// fnAssertPrivate fails when a class or define is declared from outside
// its module, as stdlib's assert_private does.
func fnAssertPrivate(k *call) (Value, error) {
	mod, _ := k.s.lookup("module_name")
	caller, _ := k.s.lookup("caller_module_name")
	if Equal(mod, caller) {
		return nil, nil
	}
	if len(k.args) > 0 {
		return nil, failf("%s", ToS(k.args[0]))
	}
	kind := "Class"
	if k.s.real().kind == defineScope {
		kind = "Definition"
	}
	return nil, failf("%s %s is private", kind, k.s.real().name)
}

func fnBool2httpd(k *call) (Value, error) {
	if err := k.argc(1, 1); err != nil {
		return nil, err
	}
	switch x := k.args[0].(type) {
	case nil:
		return "Off", nil
	case bool:
		if x {
			return "On", nil
		}
		return "Off", nil
	case string:
		if strings.Contains(strings.ToLower(x), "false") {
			return "Off", nil
		}
		if strings.Contains(strings.ToLower(x), "true") {
			return "On", nil
		}
		return x, nil
	}
	return ToS(k.args[0]), nil
}

func (k *call) argc(min, max int) error {
	if len(k.args) < min || max >= 0 && len(k.args) > max {
		if min == max {
			return failf("'%s' expects %d argument%s, got %s", k.name, min, plural(min), countText(len(k.args)))
		}
		if max < 0 {
			return failf("'%s' expects at least %d argument%s, got %s", k.name, min, plural(min), countText(len(k.args)))
		}
		return failf("'%s' expects between %d and %d arguments, got %s", k.name, min, max, countText(len(k.args)))
	}
	return nil
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func (k *call) needBlock() error {
	if k.block == nil {
		return failf("'%s' expects a block", k.name)
	}
	// The iterating functions take a block of one or two parameters.
	switch name := strings.ToLower(k.name); name {
	case "each", "map", "filter":
		if n := len(k.block.def.Params); n < 1 || n > 2 {
			return failf("'%s' block expects between 1 and 2 arguments, got %s", name, countText(n))
		}
	case "reduce":
		if n := len(k.block.def.Params); n != 2 {
			return failf("'reduce' block expects 2 arguments, got %s", countText(n))
		}
	}
	return nil
}

// ---- classes ----

func classNames(args []Value) []string {
	var out []string
	for _, a := range flatten(args) {
		switch x := a.(type) {
		case Ref:
			if x.Type == "Class" {
				out = append(out, strings.ToLower(x.Title))
			} else {
				out = append(out, strings.ToLower(x.Type))
			}
		default:
			out = append(out, ToS(a))
		}
	}
	return out
}

func (k *call) declareClasses() ([]*Resource, error) {
	for i, a := range k.args {
		// include Foo: Puppet takes Foo for a resource type, which the
		// class is not
		if r, ok := a.(Ref); ok && r.Title == "" && r.Type != "Class" && !k.c.knownResourceType(r.Type) && i < len(k.argRng) {
			return nil, errAt(k.argRng[i], "Resource type not found: %s", r.Type)
		}
	}
	for _, a := range flatten(k.args) {
		if a == nil {
			return nil, failf("Cannot use undef as a class name")
		}
	}
	return k.c.includeClasses(k.s, classNames(k.args), k.name, k.rng)
}

func refsOf(rs []*Resource) []Value {
	out := make([]Value, len(rs))
	for i, r := range rs {
		out[i] = r.ref
	}
	return out
}

func fnInclude(k *call) (Value, error) {
	rs, err := k.declareClasses()
	return refsOf(rs), err
}

func fnRequire(k *call) (Value, error) {
	rs, err := k.declareClasses()
	if err != nil {
		return nil, err
	}
	if cont := k.s.container(); cont != nil {
		for _, r := range rs {
			cont.addRelation("require", []Value{r.ref}, "require function", k.rng)
		}
	}
	return refsOf(rs), nil
}

func fnContain(k *call) (Value, error) {
	// A class evaluated now is contained before its body is, as in
	// Puppet, so the containment edge comes before its members'.
	if cont := k.s.container(); cont != nil {
		for _, name := range classNames(k.args) {
			name = strings.ToLower(strings.TrimPrefix(name, "::"))
			if _, ok := k.c.containNext[name]; !ok {
				k.c.containNext[name] = pendingContain{container: cont, at: k.rng}
			}
		}
	}
	rs, err := k.declareClasses()
	for _, name := range classNames(k.args) {
		delete(k.c.containNext, strings.ToLower(strings.TrimPrefix(name, "::")))
	}
	if err != nil {
		return nil, err
	}
	if cont := k.s.container(); cont != nil {
		for _, r := range rs {
			k.c.contain(cont, r, "contain", k.rng)
		}
	}
	return refsOf(rs), nil
}

func fnRealize(k *call) (Value, error) {
	var refs []Ref
	for _, a := range flatten(k.args) {
		switch x := a.(type) {
		case Ref:
			refs = append(refs, x)
		case string:
			v, err := parseTypeString(x)
			if err != nil {
				return nil, failf("Could not parse resource reference %s", x)
			}
			for _, r := range flatten(v) {
				refs = append(refs, r.(Ref))
			}
		}
	}
	var missing []Ref
	for _, r := range refs {
		if res := k.c.findResource(r); res != nil {
			res.virtual = false
			continue
		}
		missing = append(missing, r)
	}
	if len(missing) > 0 {
		k.c.realizes = append(k.c.realizes, &realizeReq{refs: missing})
	}
	return nil, nil
}

func fnTag(k *call) (Value, error) {
	cont := k.s.container()
	if cont == nil {
		return nil, nil
	}
	for _, a := range flatten(k.args) {
		cont.addTags(ToS(a))
	}
	return nil, nil
}

func fnTagged(k *call) (Value, error) {
	cont := k.s.container()
	if cont == nil {
		return false, nil
	}
	for _, a := range flatten(k.args) {
		if !cont.hasTag(ToS(a)) {
			return false, nil
		}
	}
	return true, nil
}

func fnDefined(k *call) (Value, error) {
	if err := k.argc(1, -1); err != nil {
		return nil, err
	}
	for _, a := range k.args {
		switch x := a.(type) {
		case string:
			if strings.HasPrefix(x, "$") {
				if _, ok := k.s.lookup(x[1:]); ok {
					return true, nil
				}
				continue
			}
			name := strings.ToLower(strings.TrimPrefix(x, "::"))
			if k.c.findClass(name) != nil || k.c.findDefine(name) != nil {
				return true, nil
			}
			if _, ok := k.c.types.Lookup(name); ok {
				return true, nil
			}
			if k.c.findFunction(name) != nil || k.c.builtins[name] != nil {
				return true, nil
			}
		case Ref:
			if x.EmptyTitle {
				continue // Foo[''] names no resource
			}
			if x.Title == "" {
				if x.Type == "Class" {
					return true, nil
				}
				if _, ok := k.c.types.Lookup(x.Type); ok || k.c.findDefine(x.Type) != nil {
					return true, nil
				}
				continue
			}
			if x.Type == "Class" {
				if r := k.c.resourceAt(classRef(x.Title)); r != nil {
					return true, nil
				}
				continue
			}
			if r := k.c.findResource(x); r != nil {
				return true, nil
			}
		case *Type:
			return true, nil
		}
	}
	return false, nil
}

func fnFail(k *call) (Value, error) {
	parts := make([]string, len(k.args))
	for i, a := range k.args {
		parts[i] = ToS(a)
	}
	return nil, failf("%s", strings.Join(parts, " "))
}

func logFn(level string) builtin {
	return func(k *call) (Value, error) {
		parts := make([]string, len(k.args))
		for i, a := range k.args {
			parts[i] = ToS(a)
		}
		scope := "Class[main]"
		if cont := k.s.container(); cont != nil {
			scope = displayRef(cont)
		}
		k.c.logf(level, "Scope(%s): %s", scope, strings.Join(parts, " "))
		return nil, nil
	}
}

// ---- iteration ----

// pairs returns what iteration over v visits: elements of an array,
// [key, value] of a hash, 0..n-1 of an integer, characters of a string.
func pairs(v Value) ([]Value, []Value, bool, error) {
	switch x := v.(type) {
	case []Value:
		idx := make([]Value, len(x))
		for i := range x {
			idx[i] = int64(i)
		}
		return idx, x, false, nil
	case *Hash:
		return x.keys, x.vals, true, nil
	case int64:
		var out []Value
		for i := int64(0); i < x; i++ {
			out = append(out, i)
		}
		idx := make([]Value, len(out))
		copy(idx, out)
		return idx, out, false, nil
	case string:
		var out, idx []Value
		for i, r := range []rune(x) {
			out = append(out, string(r))
			idx = append(idx, int64(i))
		}
		return idx, out, false, nil
	case *Type:
		if x.Name == "Integer" && len(x.Params) == 2 {
			lo, _ := x.Params[0].(int64)
			hi, _ := x.Params[1].(int64)
			if lo != math.MinInt64 && hi != math.MaxInt64 {
				// an unbounded range is not Iterable
				var out, idx []Value
				for i := lo; i <= hi; i++ {
					out = append(out, i)
					idx = append(idx, int64(len(idx)))
				}
				return idx, out, false, nil
			}
		}
		if x.Name == "Enum" && len(x.Params) > 0 {
			// an Enum iterates over its strings, sorted as Puppet keeps them
			var strs []string
			for _, p := range x.Params {
				if str, ok := p.(string); ok {
					strs = append(strs, str)
				}
			}
			sort.Strings(strs)
			var out, idx []Value
			for _, str := range strs {
				out = append(out, str)
				idx = append(idx, int64(len(idx)))
			}
			return idx, out, false, nil
		}
	}
	return nil, nil, false, failf("expects an Iterable value, got %s", typeName(v))
}

func (k *call) iterate(fn func(key, val Value, isHash bool) (bool, error)) error {
	if len(k.args) < 1 {
		return failf("'%s' expects at least 1 argument, got none", k.name)
	}
	keys, vals, isHash, err := pairs(k.args[0])
	if err != nil {
		switch name := strings.ToLower(k.name); name {
		case "each", "map", "filter":
			// Puppet tries each of the function's signatures and says
			// why every one refused the value.
			got := typeName(k.args[0])
			if t, isType := k.args[0].(*Type); isType {
				// Puppet names a data type given as a value with its
				// general type: Type[Integer] for Integer[1, default].
				got = "Type[" + t.Name + "]"
			}
			return failf("The function '%s' was called with arguments it does not accept. It expects one of:\n"+
				"  (Hash hash, Callable[2, 2] block)\n    rejected: parameter 'hash' expects a Hash value, got %[2]s\n"+
				"  (Hash hash, Callable[1, 1] block)\n    rejected: parameter 'hash' expects a Hash value, got %[2]s\n"+
				"  (Iterable enumerable, Callable[2, 2] block)\n    rejected: parameter 'enumerable' expects an Iterable value, got %[2]s\n"+
				"  (Iterable enumerable, Callable[1, 1] block)\n    rejected: parameter 'enumerable' expects an Iterable value, got %[2]s", name, got)
		}
		return failf("'%s' parameter 'collection' %s", k.name, err)
	}
	for i := range vals {
		cont, err := fn(keys[i], vals[i], isHash)
		if _, ok := err.(breakSignal); ok {
			return nil
		}
		if err != nil {
			return err
		}
		if !cont {
			return nil
		}
	}
	return nil
}

// yield calls the block with one element, as (elem), (key, value) or
// (index, elem) by the block's arity.
func (k *call) yield(key, val Value, isHash bool, extra ...Value) (Value, error) {
	n := k.block.arity() - len(extra)
	if ps := k.block.def.Params; len(ps) > 0 && ps[len(ps)-1].Splat {
		// a lambda that captures the rest takes the two-argument form,
		// as Puppet's dispatch picks it first
		n = 2
	}
	args := append([]Value(nil), extra...)
	switch {
	case isHash && n >= 2:
		args = append(args, key, val)
	case isHash:
		args = append(args, []Value{key, val})
	case n >= 2:
		args = append(args, key, val)
	default:
		args = append(args, val)
	}
	return k.c.callLambda(k.block, args...)
}

func fnEach(k *call) (Value, error) {
	if err := k.needBlock(); err != nil {
		return nil, err
	}
	err := k.iterate(func(key, val Value, isHash bool) (bool, error) {
		_, err := k.yield(key, val, isHash)
		return true, err
	})
	if len(k.args) == 0 {
		return nil, err
	}
	return k.args[0], err
}

func fnReverseEach(k *call) (Value, error) {
	if len(k.args) == 0 {
		return nil, k.argc(1, 1)
	}
	keys, vals, isHash, err := pairs(k.args[0])
	if err != nil {
		return nil, err
	}
	rev := make([]Value, len(vals))
	for i, v := range vals {
		if isHash {
			// a hash is walked as [key, value] pairs
			v = []Value{keys[i], v}
		}
		rev[len(vals)-1-i] = v
	}
	if k.block == nil {
		return &Iterator{Elems: rev, Elem: iteratorElem(k.args[0])}, nil
	}
	for _, v := range rev {
		if _, err := k.c.callLambda(k.block, v); err != nil {
			return nil, err
		}
	}
	// Puppet's reverse_each with a block returns undef.
	return nil, nil
}

func fnMap(k *call) (Value, error) {
	if err := k.needBlock(); err != nil {
		return nil, err
	}
	out := []Value{}
	err := k.iterate(func(key, val Value, isHash bool) (bool, error) {
		v, err := k.yield(key, val, isHash)
		if err == nil {
			// break() ends the map without a value for its element
			out = append(out, v)
		}
		return true, err
	})
	return out, err
}

func fnFilter(k *call) (Value, error) {
	if err := k.needBlock(); err != nil {
		return nil, err
	}
	if len(k.args) > 0 {
		if _, ok := k.args[0].(*Hash); ok {
			out := NewHash()
			err := k.iterate(func(key, val Value, isHash bool) (bool, error) {
				v, err := k.yield(key, val, isHash)
				if IsTruthy(v) {
					out.Set(key, val)
				}
				return true, err
			})
			return out, err
		}
	}
	out := []Value{}
	err := k.iterate(func(key, val Value, isHash bool) (bool, error) {
		v, err := k.yield(key, val, isHash)
		if IsTruthy(v) {
			out = append(out, val)
		}
		return true, err
	})
	return out, err
}

func fnAny(k *call) (Value, error) {
	if err := k.needBlock(); err != nil {
		return nil, err
	}
	found := false
	err := k.iterate(func(key, val Value, isHash bool) (bool, error) {
		v, err := k.yield(key, val, isHash)
		if IsTruthy(v) {
			found = true
			return false, err
		}
		return true, err
	})
	return found, err
}

func fnAll(k *call) (Value, error) {
	if err := k.needBlock(); err != nil {
		return nil, err
	}
	all := true
	err := k.iterate(func(key, val Value, isHash bool) (bool, error) {
		v, err := k.yield(key, val, isHash)
		if !IsTruthy(v) {
			all = false
			return false, err
		}
		return true, err
	})
	return all, err
}

func fnReduce(k *call) (Value, error) {
	if err := k.needBlock(); err != nil {
		return nil, err
	}
	if len(k.args) == 0 {
		return nil, k.argc(1, 2)
	}
	keys, vals, isHash, err := pairs(k.args[0])
	if err != nil {
		return nil, err
	}
	elem := func(i int) Value {
		if isHash {
			return []Value{keys[i], vals[i]}
		}
		return vals[i]
	}
	var memo Value
	start := 0
	if len(k.args) > 1 {
		memo = k.args[1]
	} else {
		if len(vals) == 0 {
			return nil, nil
		}
		memo = elem(0)
		start = 1
	}
	for i := start; i < len(vals); i++ {
		memo, err = k.c.callLambda(k.block, memo, elem(i))
		if err != nil {
			return nil, err
		}
	}
	return memo, nil
}

func fnWith(k *call) (Value, error) {
	if err := k.needBlock(); err != nil {
		return nil, err
	}
	return k.c.callLambda(k.block, k.args...)
}

func fnThen(k *call) (Value, error) {
	if len(k.args) == 0 || k.args[0] == nil {
		return nil, nil
	}
	return k.c.callLambda(k.block, k.args[0])
}

func fnLest(k *call) (Value, error) {
	if len(k.args) > 0 && k.args[0] != nil {
		return k.args[0], nil
	}
	return k.c.callLambda(k.block)
}

func fnSlice(k *call) (Value, error) {
	if err := k.argc(2, 2); err != nil {
		return nil, err
	}
	n, isInt := k.args[1].(int64)
	if n < 1 {
		if _, isHash := k.args[0].(*Hash); !isHash {
			// Puppet tries both signatures and says why each refused
			size := fmt.Sprintf("parameter 'slice_size' expects an Integer[1] value, got Integer[%d, %d]", n, n)
			if !isInt {
				size = "parameter 'slice_size' expects an Integer value, got " + inferredTypeName(k.args[1])
			}
			return nil, failf("The function 'slice' was called with arguments it does not accept. It expects one of:\n"+
				"  (Hash hash, Integer[1] slice_size, Callable block?)\n    rejected: parameter 'hash' expects a Hash value, got %s\n"+
				"  (Iterable enumerable, Integer[1] slice_size, Callable block?)\n    rejected: %s",
				mismatchGot(k.args[0]), size)
		}
		return nil, failf("slice size must be positive")
	}
	keys, vals, isHash, err := pairs(k.args[0])
	if err != nil {
		return nil, err
	}
	var items []Value
	for i := range vals {
		if isHash {
			items = append(items, []Value{keys[i], vals[i]})
		} else {
			items = append(items, vals[i])
		}
	}
	var out []Value
	for i := 0; i < len(items); i += int(n) {
		end := i + int(n)
		if end > len(items) {
			end = len(items)
		}
		chunk := append([]Value(nil), items[i:end]...)
		if k.block != nil {
			if _, err := k.c.callLambda(k.block, chunkArgs(k.block, chunk)...); err != nil {
				return nil, err
			}
			continue
		}
		out = append(out, chunk)
	}
	if k.block != nil {
		return k.args[0], nil
	}
	return out, nil
}

func chunkArgs(l *lambda, chunk []Value) []Value {
	if n := l.arity(); n > 1 {
		// As Puppet: a short last slice is filled up with undef.
		for len(chunk) < n {
			chunk = append(chunk, nil)
		}
		return chunk
	}
	return []Value{chunk}
}

func fnIndex(k *call) (Value, error) {
	if len(k.args) == 0 {
		return nil, k.argc(1, 2)
	}
	if str, ok := k.args[0].(string); ok && len(k.args) > 1 && k.block == nil {
		if sub, ok := k.args[1].(string); ok {
			i := strings.Index(str, sub)
			if i < 0 {
				return nil, nil
			}
			return int64(len([]rune(str[:i]))), nil
		}
	}
	keys, vals, isHash, err := pairs(k.args[0])
	if err != nil {
		return nil, err
	}
	for i := range vals {
		if k.block != nil {
			v, err := k.yield(keys[i], vals[i], isHash)
			if err != nil {
				return nil, err
			}
			if IsTruthy(v) {
				return keys[i], nil
			}
		} else if len(k.args) > 1 && Equal(vals[i], k.args[1]) {
			return keys[i], nil
		}
	}
	return nil, nil
}

func fnStep(k *call) (Value, error) {
	if err := k.argc(2, 2); err != nil {
		return nil, err
	}
	_, vals, _, err := pairs(k.args[0])
	if err != nil {
		return nil, err
	}
	n, isInt := k.args[1].(int64)
	if !isInt {
		return nil, failf("'step' parameter 'step' expects an Integer value, got %s", inferredTypeName(k.args[1]))
	}
	if n < 1 {
		return nil, failf("'step' parameter 'step' expects an Integer[1] value, got %s", inferType(k.args[1]))
	}
	var out []Value
	for i := 0; i < len(vals); i += int(n) {
		out = append(out, vals[i])
	}
	if k.block != nil {
		for _, v := range out {
			if _, err := k.c.callLambda(k.block, v); err != nil {
				return nil, err
			}
		}
		return k.args[0], nil
	}
	return &Iterator{Elems: out, Elem: iteratorElem(k.args[0])}, nil
}

func fnRange(k *call) (Value, error) {
	if len(k.args) == 1 {
		// stdlib's range of one argument reads 'first..last'.
		if str, ok := k.args[0].(string); ok {
			if lo, hi, ok := strings.Cut(str, ".."); ok && lo != "" && hi != "" && !strings.HasPrefix(hi, ".") {
				kk := *k
				kk.args = []Value{lo, hi}
				return fnRange(&kk)
			}
			return nil, failf("range(): Unable to compute range from the value: %s", str)
		}
	}
	if err := k.argc(2, 3); err != nil {
		return nil, err
	}
	lo, ok1 := toNumber(k.args[0]).(int64)
	hi, ok2 := toNumber(k.args[1]).(int64)
	step := int64(1)
	if len(k.args) == 3 {
		step, _ = toNumber(k.args[2]).(int64)
		if step < 0 {
			step = -step
		}
	}
	if step == 0 {
		step = 1
	}
	if !ok1 || !ok2 {
		a, b := ToS(k.args[0]), ToS(k.args[1])
		// "host01".."host03"
		re := regexp.MustCompile(`^(.*?)(\d+)$`)
		ma, mb := re.FindStringSubmatch(a), re.FindStringSubmatch(b)
		if ma == nil || mb == nil || ma[1] != mb[1] {
			return nil, failf("Unknown range format")
		}
		x, _ := strconv.ParseInt(ma[2], 10, 64)
		y, _ := strconv.ParseInt(mb[2], 10, 64)
		var out []Value
		for i := x; i <= y; i += step {
			out = append(out, fmt.Sprintf("%s%0*d", ma[1], len(ma[2]), i))
		}
		return out, nil
	}
	out := []Value{}
	if lo <= hi {
		for i := lo; i <= hi; i += step {
			out = append(out, i)
		}
	} else {
		for i := lo; i >= hi; i -= step {
			out = append(out, i)
		}
	}
	return out, nil
}

func fnReturn(k *call) (Value, error) {
	var v Value
	if len(k.args) > 0 {
		v = k.args[0]
	}
	k.c.signalAt = k.rng
	return nil, returnSignal{v}
}

func fnNext(k *call) (Value, error) {
	var v Value
	if len(k.args) > 0 {
		v = k.args[0]
	}
	k.c.signalAt = k.rng
	return nil, nextSignal{v}
}

func fnBreak(k *call) (Value, error) {
	k.c.signalAt = k.rng
	return nil, breakSignal{}
}

// ---- strings ----

func strFn(f func(string) string) builtin {
	return func(k *call) (Value, error) {
		if err := k.argc(1, 1); err != nil {
			return nil, err
		}
		switch k.args[0].(type) {
		case string, int64, float64, []Value, *Hash:
		default:
			return nil, failf("'%s' parameter 'arg' expects a value of type Numeric, String, Array, or Hash, got %s", k.name, inferredTypeName(k.args[0]))
		}
		return mapStrings(k.args[0], f), nil
	}
}

func mapStrings(v Value, f func(string) string) Value {
	switch x := v.(type) {
	case string:
		return f(x)
	case []Value:
		out := make([]Value, len(x))
		for i, e := range x {
			out[i] = mapStrings(e, f)
		}
		return out
	case *Hash:
		out := NewHash()
		for i, kk := range x.keys {
			out.Set(mapStrings(kk, f), mapStrings(x.vals[i], f))
		}
		return out
	}
	return v
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	r := []rune(strings.ToLower(s))
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

func camelcase(s string) string {
	parts := strings.Split(s, "_")
	for i, p := range parts {
		parts[i] = capitalize(p)
	}
	return strings.Join(parts, "")
}

func toRegexp(v Value) (*rx, error) {
	switch x := v.(type) {
	case *Regexp:
		return x.Re, nil
	case string:
		return compileRegexp(x)
	case *Type:
		if x.Name == "Regexp" && len(x.Params) > 0 {
			return toRegexp(x.Params[0])
		}
	}
	return nil, failf("expects a String or Regexp, got %s", typeName(v))
}

// rubySplit splits like Ruby's String#split with a regexp: trailing
// empty fields are dropped, an empty match splits characters.
func rubySplit(s string, re *rx) []Value {
	out := []Value{}
	if s == "" {
		return out
	}
	var parts []string
	if re.String() == "" || re.MatchString("") && len(re.allSubmatchIndex(s, 1)) > 0 && re.allSubmatchIndex(s, 1)[0][1] == 0 {
		for _, r := range s {
			parts = append(parts, string(r))
		}
	} else {
		parts = re.split(s)
	}
	for len(parts) > 0 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	for _, p := range parts {
		out = append(out, p)
	}
	return out
}

func fnSplit(k *call) (Value, error) {
	if err := k.argc(2, 2); err != nil {
		return nil, err
	}
	s, ok := k.args[0].(string)
	if !ok {
		return nil, failf("'split' parameter 'str' expects a String value, got %s", inferredTypeName(k.args[0]))
	}
	switch p := k.args[1].(type) {
	case string, *Regexp:
	case *Type:
		if p.Name != "Regexp" {
			return nil, failf("'split' parameter 'pattern' expects a value of type String, Regexp, or Type[Regexp], got %s", inferredTypeName(p))
		}
	default:
		return nil, failf("'split' parameter 'pattern' expects a value of type String, Regexp, or Type[Regexp], got %s", inferredTypeName(p))
	}
	re, err := toRegexp(k.args[1])
	if err != nil {
		return nil, err
	}
	return rubySplit(s, re), nil
}

func fnJoin(k *call) (Value, error) {
	if err := k.argc(1, 2); err != nil {
		return nil, err
	}
	arr, ok := k.args[0].([]Value)
	if !ok {
		return nil, failf("'join' parameter 'arg' expects an Array value, got %s", inferredTypeName(k.args[0]))
	}
	sep := ""
	if len(k.args) > 1 {
		d, ok := k.args[1].(string)
		if !ok {
			return nil, failf("'join' parameter 'delimiter' expects a String value, got %s", inferredTypeName(k.args[1]))
		}
		sep = d
	}
	parts := []string{}
	for _, e := range flatten(arr) {
		parts = append(parts, ToS(e))
	}
	return strings.Join(parts, sep), nil
}

// fmtVerb is one conversion of Ruby's format: flags, an optional
// %<name> reference into a hash argument (flags may stand on either
// side of it), width, precision and the verb; or %{name}, a hash
// argument's value as a plain string.
var fmtVerb = lazyre.New(`%(?:\{([^}]*)\}|([-+ 0#]*)(?:<([^>]*)>)?([-+ 0#]*)(\d+|\*)?(?:\.(\d+))?([a-zA-Z%]))`)

func fnSprintf(k *call) (Value, error) {
	if err := k.argc(1, -1); err != nil {
		return nil, err
	}
	format, ok := k.args[0].(string)
	if !ok {
		// Puppet's sprintf hands the format to Ruby's, which refuses
		// anything but a String.
		got := typeName(k.args[0])
		switch x := k.args[0].(type) {
		case nil:
			got = "nil"
		case bool:
			got = strconv.FormatBool(x)
		}
		return nil, failf("no implicit conversion of %s into String", got)
	}
	args := k.args[1:]
	i := 0
	var ferr error
	// named takes a %<name> or %{name} reference from the one hash
	// argument, as Puppet's sprintf hands Ruby's a hash whose string
	// keys are symbols.
	named := func(name string) (Value, bool) {
		if ferr != nil {
			return nil, false
		}
		var h *Hash
		if len(args) == 1 {
			h, _ = args[0].(*Hash)
		}
		if h == nil {
			ferr = failf("one hash required")
			return nil, false
		}
		v, ok := h.Get(name)
		if !ok {
			ferr = failf("key<%s> not found", name)
			return nil, false
		}
		return v, true
	}
	out := fmtVerb.ReplaceAllStringFunc(format, func(m string) string {
		sub := fmtVerb.FindStringSubmatch(m)
		if strings.HasPrefix(m, "%{") {
			v, ok := named(sub[1])
			if !ok {
				return ""
			}
			return ToS(v)
		}
		verb := sub[7]
		if verb == "%" {
			return "%"
		}
		flags, width := sub[2]+sub[4], sub[5]
		var a Value
		if strings.Contains(m, "<") {
			v, ok := named(sub[3])
			if !ok {
				return ""
			}
			a = v
			if width == "*" {
				if ferr == nil {
					ferr = failf("width given twice")
				}
				return ""
			}
			return formatVerb(m, verb, flags, width, sub[6], a, &ferr)
		}
		if width == "*" {
			// the width is the next argument, as in Ruby; negative
			// left-justifies
			if i >= len(args) {
				ferr = failf("too few arguments")
				return ""
			}
			w, ok := toNumber(args[i]).(int64)
			if !ok {
				if ferr == nil {
					ferr = failf("invalid value for Integer(): %s", strconv.Quote(ToS(args[i])))
				}
				return m
			}
			i++
			if w < 0 {
				w = -w
				if !strings.Contains(flags, "-") {
					flags += "-"
				}
			}
			width = strconv.FormatInt(w, 10)
		}
		if i >= len(args) {
			ferr = failf("too few arguments")
			return ""
		}
		a = args[i]
		i++
		return formatVerb(m, verb, flags, width, sub[6], a, &ferr)
	})
	if ferr != nil {
		return nil, ferr
	}
	return out, nil
}

// formatVerb formats one argument a for the conversion m of Ruby's
// format (verb, flags, width and precision taken apart), setting *ferr
// where Ruby raises.
func formatVerb(m, verb, flags, width, precision string, a Value, ferr *error) string {
	spec := "%" + flags + width
	if precision != "" {
		spec += "." + precision
	}
	switch verb {
	case "s":
		return fmt.Sprintf(spec+"s", ToS(a))
	case "p":
		return fmt.Sprintf(spec+"s", Inspect(a))
	case "d", "i", "u":
		n := toNumber(a)
		if f, ok := n.(float64); ok {
			n = int64(f)
		}
		if _, isInt := n.(int64); !isInt {
			if *ferr == nil {
				// Ruby's sprintf refuses what Integer() refuses.
				*ferr = failf("invalid value for Integer(): %s", strconv.Quote(ToS(a)))
			}
			return m
		}
		return fmt.Sprintf(spec+"d", n)
	case "f", "e", "E", "g", "G":
		f, _ := toFloat(toNumber(a))
		return fmt.Sprintf(spec+verb, f)
	case "x", "X", "o", "b", "B":
		n := toNumber(a)
		return fmt.Sprintf(spec+strings.ToLower(verb), n)
	case "c":
		if n, ok := a.(int64); ok {
			return string(rune(n))
		}
		return ToS(a)[:1]
	}
	return m
}

var versionPart = lazyre.New(`[-.]|\d+|[^-.\d]+`)

// versioncmp compares versions as Puppet::Util::Package.versioncmp.
func versioncmp(a, b string) int64 {
	ax, bx := versionPart.FindAllString(a, -1), versionPart.FindAllString(b, -1)
	digits := regexp.MustCompile(`^\d+$`)
	for len(ax) > 0 && len(bx) > 0 {
		x, y := ax[0], bx[0]
		ax, bx = ax[1:], bx[1:]
		switch {
		case x == y:
			continue
		case x == "-":
			return -1
		case y == "-":
			return 1
		case x == ".":
			return -1
		case y == ".":
			return 1
		case digits.MatchString(x) && digits.MatchString(y):
			if strings.HasPrefix(x, "0") || strings.HasPrefix(y, "0") {
				return int64(strings.Compare(strings.ToUpper(x), strings.ToUpper(y)))
			}
			xi, _ := strconv.ParseInt(x, 10, 64)
			yi, _ := strconv.ParseInt(y, 10, 64)
			return int64(cmp3(float64(xi), float64(yi)))
		default:
			return int64(strings.Compare(strings.ToUpper(x), strings.ToUpper(y)))
		}
	}
	return int64(strings.Compare(a, b))
}

func fnVersioncmp(k *call) (Value, error) {
	if err := k.argc(2, 3); err != nil {
		return nil, err
	}
	for i, name := range []string{"a", "b"} {
		if _, ok := k.args[i].(string); !ok {
			return nil, failf("'versioncmp' parameter '%s' expects a String value, got %s", name, inferredTypeName(k.args[i]))
		}
	}
	return versioncmp(ToS(k.args[0]), ToS(k.args[1])), nil
}

func fnRegsubst(k *call) (Value, error) {
	if err := k.argc(3, 5); err != nil {
		return nil, err
	}
	switch k.args[0].(type) {
	case string, []Value:
	default:
		return nil, failf("'regsubst' parameter 'target' expects a value of type Array or String, got %s", inferredTypeName(k.args[0]))
	}
	flags := ""
	if len(k.args) > 3 {
		flags = ToS(k.args[3])
		if f, ok := k.args[3].(string); ok && strings.Trim(f, "GEIM") != "" {
			_, isRe := k.args[1].(*Regexp)
			first := "parameter 'flags' expects an undef value or a match for Pattern[/^[GEIM]*$/], got '" + f + "'"
			if isRe {
				first = "parameter 'pattern' expects a String value, got Regexp"
			}
			second := "parameter 'pattern' expects a value of type Regexp or Type[Regexp], got String"
			if isRe {
				second = "parameter 'flags' expects an undef value or a match for Pattern[/^G?$/], got '" + f + "'"
			}
			if _, isStr := k.args[1].(string); isStr || isRe {
				return nil, failf("The function 'regsubst' was called with arguments it does not accept. It expects one of:\n"+
					"  (Variant[Array[String], String] target, String pattern, Variant[String, Hash[String, String]] replacement, Pattern[/^[GEIM]*$/] flags?, Enum['E', 'N', 'S', 'U'] encoding?)\n    rejected: %s\n"+
					"  (Variant[Array[String], String] target, Variant[Regexp, Type[Regexp]] pattern, Variant[String, Hash[String, String]] replacement, Pattern[/^G?$/] flags?)\n    rejected: %s", first, second)
			}
		}
	}
	var re *rx
	var err error
	if r, ok := k.args[1].(*Regexp); ok {
		re = r.Re
	} else {
		src := ToS(k.args[1])
		prefix := ""
		if strings.Contains(flags, "I") {
			prefix += "(?i)"
		}
		if strings.Contains(flags, "M") {
			prefix += "(?s)"
		}
		re, err = compileRegexp(prefix + src)
		if err != nil {
			return nil, err
		}
	}
	repl := ToS(k.args[2])
	n := 1
	if strings.Contains(flags, "G") {
		n = -1
	}
	return mapStrings(k.args[0], func(s string) string { return re.replace(s, repl, n) }), nil
}

func fnMatch(k *call) (Value, error) {
	if err := k.argc(2, 2); err != nil {
		return nil, err
	}
	switch k.args[0].(type) {
	case string, []Value:
	default:
		return nil, failf("'match' parameter 'string' expects a value of type String or Array, got %s", inferredTypeName(k.args[0]))
	}
	re, err := toRegexp(k.args[1])
	if err != nil {
		return nil, err
	}
	one := func(s Value) Value {
		str, ok := s.(string)
		if !ok {
			return nil
		}
		m := re.FindStringSubmatch(str)
		if m == nil {
			return nil
		}
		out := make([]Value, len(m))
		for i, x := range m {
			out[i] = x
		}
		return out
	}
	if arr, ok := k.args[0].([]Value); ok {
		out := make([]Value, len(arr))
		for i, e := range arr {
			out[i] = one(e)
		}
		return out, nil
	}
	return one(k.args[0]), nil
}

func fnShellquote(k *call) (Value, error) {
	var parts []string
	safe := regexp.MustCompile(`^[-\w+./:=@,%]+$`)
	for _, a := range flatten(k.args) {
		s := ToS(a)
		switch {
		case s == "":
			parts = append(parts, `""`)
		case safe.MatchString(s):
			parts = append(parts, s)
		case !strings.ContainsAny(s, "'"):
			parts = append(parts, "'"+s+"'")
		default:
			r := strings.NewReplacer(`\`, `\\`, `"`, `\"`, "$", `\$`, "`", "\\`", "!", `\!`)
			parts = append(parts, `"`+r.Replace(s)+`"`)
		}
	}
	return strings.Join(parts, " "), nil
}

// ---- collections ----

func fnSize(k *call) (Value, error) {
	if err := k.argc(1, 1); err != nil {
		return nil, err
	}
	switch x := k.args[0].(type) {
	case string:
		return int64(len([]rune(x))), nil
	case []Value:
		return int64(len(x)), nil
	case *Hash:
		return int64(x.Len()), nil
	case *Binary:
		return int64(len(x.B)), nil
	}
	return nil, failf("'%s' parameter 'arg' expects a value of type Collection or String, got %s", k.name, inferredTypeName(k.args[0]))
}

func fnCount(k *call) (Value, error) {
	n := int64(0)
	if k.block == nil {
		_, vals, _, err := pairs(k.args[0])
		if err != nil {
			return nil, err
		}
		for _, v := range vals {
			if len(k.args) > 1 {
				if Equal(v, k.args[1]) {
					n++
				}
			} else if v != nil {
				n++
			}
		}
		return n, nil
	}
	err := k.iterate(func(key, val Value, isHash bool) (bool, error) {
		v, err := k.yield(key, val, isHash)
		if IsTruthy(v) {
			n++
		}
		return true, err
	})
	return n, err
}

func fnEmpty(k *call) (Value, error) {
	if err := k.argc(1, 1); err != nil {
		return nil, err
	}
	switch x := k.args[0].(type) {
	case nil:
		return true, nil
	case string:
		return x == "", nil
	case []Value:
		return len(x) == 0, nil
	case *Hash:
		return x.Len() == 0, nil
	case int64, float64:
		return false, nil
	}
	return false, nil
}

func fnSort(k *call) (Value, error) {
	if err := k.argc(1, 1); err != nil {
		return nil, err
	}
	arr, ok := k.args[0].([]Value)
	if !ok {
		if s, ok := k.args[0].(string); ok {
			r := []rune(s)
			sort.Slice(r, func(i, j int) bool { return r[i] < r[j] })
			return string(r), nil
		}
		return nil, failf("'sort' expects an Array value, got %s", typeName(k.args[0]))
	}
	out := append([]Value(nil), arr...)
	if k.block == nil {
		if err := sortComparable(out); err != nil {
			return nil, err
		}
	}
	var ferr error
	sort.SliceStable(out, func(i, j int) bool {
		if k.block != nil {
			v, err := k.c.callLambda(k.block, out[i], out[j])
			if err != nil {
				ferr = err
			}
			n, _ := v.(int64)
			return n < 0
		}
		return sortCompare(out[i], out[j]) < 0
	})
	return out, ferr
}

// sortComparable fails as Puppet's sort (Ruby's) does on values that
// cannot be ordered together, e.g. "comparison of Integer with String
// failed".
func sortComparable(arr []Value) error {
	kind := func(v Value) string {
		switch v.(type) {
		case int64, float64:
			return "number"
		case string:
			return "string"
		case []Value:
			return "array"
		}
		return typeName(v)
	}
	if len(arr) < 2 {
		return nil
	}
	first := kind(arr[0])
	for _, v := range arr[1:] {
		if kind(v) == first && first != "Hash" && first != "Boolean" && first != "Undef" {
			continue
		}
		// Ruby names a number, nil, true or false by its value
		other := typeName(v)
		switch x := v.(type) {
		case int64, float64:
			other = ToS(x)
		case nil:
			other = "nil"
		case bool:
			other = ToS(x)
		case *Hash:
			other = "Hash"
		}
		return failf("comparison of %s with %s failed", rubyClass(arr[0]), other)
	}
	return nil
}

// sortCompare orders values as sort() does: strings case-sensitively,
// numbers by value, arrays element by element.
func sortCompare(a, b Value) int {
	switch x := a.(type) {
	case string:
		if y, ok := b.(string); ok {
			return strings.Compare(x, y)
		}
	case []Value:
		if y, ok := b.([]Value); ok {
			for i := 0; i < len(x) && i < len(y); i++ {
				if c := sortCompare(x[i], y[i]); c != 0 {
					return c
				}
			}
			return len(x) - len(y)
		}
	}
	c, _ := compare(a, b)
	return c
}

func fnUnique(k *call) (Value, error) {
	if err := k.argc(1, 1); err != nil {
		return nil, err
	}
	switch x := k.args[0].(type) {
	case []Value:
		var out []Value
		seen := map[string]bool{}
		for _, e := range x {
			key := fmt.Sprintf("%T:%s", e, Inspect(e))
			if !seen[key] {
				seen[key] = true
				out = append(out, e)
			}
		}
		if out == nil {
			out = []Value{}
		}
		return out, nil
	case string:
		var b strings.Builder
		seen := map[rune]bool{}
		for _, r := range x {
			if !seen[r] {
				seen[r] = true
				b.WriteRune(r)
			}
		}
		return b.String(), nil
	}
	return k.args[0], nil
}

func fnFlatten(k *call) (Value, error) {
	if len(k.args) == 1 {
		if _, ok := k.args[0].([]Value); !ok {
			return []Value{k.args[0]}, nil
		}
		return flattenNonNil(k.args[0]), nil
	}
	return flattenNonNil(k.args), nil
}

func flattenNonNil(v Value) []Value {
	out := flatten(v)
	if out == nil {
		return []Value{}
	}
	return out
}

func fnKeys(k *call) (Value, error) {
	if err := k.argc(1, 1); err != nil {
		return nil, err
	}
	h, ok := k.args[0].(*Hash)
	if !ok {
		return nil, failf("'keys' parameter 'hsh' expects a Hash value, got %s", inferredTypeName(k.args[0]))
	}
	return append([]Value{}, h.keys...), nil
}

func fnValues(k *call) (Value, error) {
	if err := k.argc(1, 1); err != nil {
		return nil, err
	}
	h, ok := k.args[0].(*Hash)
	if !ok {
		return nil, failf("'values' parameter 'hsh' expects a Hash value, got %s", inferredTypeName(k.args[0]))
	}
	return append([]Value{}, h.vals...), nil
}

func fnAbs(k *call) (Value, error) {
	if err := k.argc(1, 1); err != nil {
		return nil, err
	}
	switch x := toNumber(k.args[0]).(type) {
	case int64:
		if x < 0 {
			return -x, nil
		}
		return x, nil
	case float64:
		if x < 0 {
			return -x, nil
		}
		return x, nil
	}
	return nil, failf("abs expects a Numeric value")
}

func minmax(k *call, less bool) (Value, error) {
	args := k.args
	if len(args) == 0 {
		return nil, failf("%s(): Wrong number of arguments need at least one", strings.ToLower(k.name))
	}
	if len(args) == 1 {
		if arr, ok := args[0].([]Value); ok {
			args = arr
		}
	}
	if len(args) == 0 {
		return nil, nil
	}
	best := args[0]
	for _, a := range args[1:] {
		cmp, ok := compare(toNumber(a), toNumber(best))
		if !ok {
			cmp, _ = compare(ToS(a), ToS(best))
		}
		if less && cmp < 0 || !less && cmp > 0 {
			best = a
		}
	}
	return best, nil
}

func fnMin(k *call) (Value, error) { return minmax(k, true) }
func fnMax(k *call) (Value, error) { return minmax(k, false) }

func fnRound(k *call) (Value, error) {
	f, ok := toFloat(k.args[0])
	if !ok {
		return nil, failf("'round' parameter 'val' expects a Numeric value, got %s", inferredTypeName(k.args[0]))
	}
	if f < 0 {
		return int64(f - 0.5), nil
	}
	return int64(f + 0.5), nil
}

func fnFloor(k *call) (Value, error) {
	f, _ := toFloat(toNumber(k.args[0]))
	n := int64(f)
	if float64(n) > f {
		n--
	}
	return n, nil
}

func fnCeiling(k *call) (Value, error) {
	f, _ := toFloat(toNumber(k.args[0]))
	n := int64(f)
	if float64(n) < f {
		n++
	}
	return n, nil
}

func fnNum2bool(k *call) (Value, error) {
	f, _ := toFloat(toNumber(k.args[0]))
	return f > 0, nil
}

func fnType(k *call) (Value, error) {
	if err := k.argc(1, 2); err != nil {
		return nil, err
	}
	if it, ok := k.args[0].(*Iterator); ok {
		if len(k.args) > 1 && ToS(k.args[1]) == "generalized" {
			return &Type{Name: "Iterator", Params: []Value{it.generalElem()}}, nil
		}
		return it.inferred(), nil
	}
	if len(k.args) > 1 && ToS(k.args[1]) == "generalized" {
		return generalizedType(k.args[0]), nil
	}
	return inferType(k.args[0]), nil
}

func fnAssertType(k *call) (Value, error) {
	if err := k.argc(2, 2); err != nil {
		return nil, err
	}
	t := k.args[0]
	if s, ok := t.(string); ok {
		prog, diags := parser.Parse("", s)
		if diags.HasErrors() || len(prog.Body) != 1 {
			return nil, failf("assert_type(): invalid type %s", s)
		}
		tv, err := k.c.evalType(k.s, prog.Body[0])
		if err != nil {
			return nil, err
		}
		t = tv
	}
	if k.c.isInstance(t, k.args[1]) {
		return k.args[1], nil
	}
	if k.block != nil {
		return k.c.callLambda(k.block, t, &Type{Name: typeName(k.args[1])})
	}
	lines := strings.Split(k.c.mismatch("", t, k.args[1]), "\n")
	if len(lines) > 1 {
		// Puppet's layout of several mismatches
		return nil, failf(" assert_type(): %s", strings.Join(lines, "\n  assert_type(): "))
	}
	return nil, failf("assert_type(): %s", lines[0])
}

// ---- resources ----

func fnCreateResources(k *call) (Value, error) {
	if err := k.argc(2, 3); err != nil {
		return nil, err
	}
	typ := strings.ToLower(strings.TrimPrefix(ToS(k.args[0]), "::"))
	form := ast.Regular
	if strings.HasPrefix(typ, "@@") {
		typ, form = typ[2:], ast.Exported
	} else if strings.HasPrefix(typ, "@") {
		typ, form = typ[1:], ast.Virtual
	}
	h, ok := k.args[1].(*Hash)
	if !ok {
		return nil, failf("create_resources(): second argument must be a hash")
	}
	var defaults *Hash
	if len(k.args) > 2 {
		defaults, _ = k.args[2].(*Hash)
	}
	for i, title := range h.keys {
		attrs, _ := h.vals[i].(*Hash)
		// The defaults a resource does not set come first, as Puppet
		// writes them.
		var ops []*param
		if defaults != nil {
			for j, an := range defaults.keys {
				name := ToS(an)
				if attrs != nil {
					if _, ok := attrs.Get(name); ok {
						continue
					}
				}
				ops = append(ops, newParam(name, defaults.vals[j], k.s, k.rng, "create_resources defaults"))
			}
		}
		if attrs != nil {
			for j, an := range attrs.keys {
				ops = append(ops, newParam(ToS(an), attrs.vals[j], k.s, k.rng, "create_resources"))
			}
		}
		if typ == "class" {
			def := k.c.findClass(ToS(title))
			if def == nil {
				return nil, failf("Could not find declared class %s", ToS(title))
			}
			if err := k.c.declareClassWithParams(k.s, def, ops, k.node); err != nil {
				return nil, err
			}
			continue
		}
		ref, err := k.c.declareOne(k.s, form, k.node, typ, ToS(title), ops, false)
		if err != nil {
			return nil, err
		}
		if r := k.c.resourceAt(ref); r != nil {
			r.byFunction = true
		}
		if _, isString := title.(string); !isString {
			if r := k.c.resourceAt(ref); r != nil {
				r.markTitleNotString()
			}
		}
	}
	return nil, nil
}

func fnEnsureResource(k *call) (Value, error) {
	if err := k.argc(2, 3); err != nil {
		return nil, err
	}
	typ := strings.ToLower(ToS(k.args[0]))
	var params *Hash
	if len(k.args) > 2 {
		params, _ = k.args[2].(*Hash)
	}
	for _, t := range flatten(k.args[1]) {
		existed := k.c.findResource(Ref{Type: catalog.CanonicalType(typ), Title: ToS(t)}) != nil
		if err := k.ensureOne(typ, ToS(t), params); err != nil {
			return nil, err
		}
		if _, isString := t.(string); !isString && !existed {
			if r := k.c.findResource(Ref{Type: catalog.CanonicalType(typ), Title: ToS(t)}); r != nil && !r.titleNotString {
				r.markTitleNotString()
			}
		}
	}
	return nil, nil
}

// fnEnsureResources is stdlib's ensure_resources: ensure_resource for
// each title of a hash, with the defaults under the title's parameters.
func fnEnsureResources(k *call) (Value, error) {
	if len(k.args) < 1 {
		return nil, failf("Must specify a type")
	}
	if len(k.args) < 2 {
		return nil, failf("Must specify a title")
	}
	titles, ok := k.args[1].(*Hash)
	if !ok {
		return nil, failf("ensure_resources(): Requires second argument to be a Hash")
	}
	defaults := NewHash()
	if len(k.args) > 2 {
		if d, ok := k.args[2].(*Hash); ok {
			defaults = d
		}
	}
	typ := strings.ToLower(ToS(k.args[0]))
	for i, title := range titles.keys {
		params := defaults.Copy()
		if h, ok := titles.vals[i].(*Hash); ok {
			for j, key := range h.keys {
				params.Set(key, h.vals[j])
			}
		}
		if err := k.ensureOne(typ, ToS(title), params); err != nil {
			return nil, err
		}
	}
	return nil, nil
}

func (k *call) ensureOne(typ, title string, params *Hash) error {
	ref := Ref{Type: catalog.CanonicalType(typ), Title: title}
	if typ == "class" {
		ref = classRef(title)
	}
	if r := k.c.findResource(ref); r != nil {
		return nil
	}
	var ops []*param
	if params != nil {
		for i, n := range params.keys {
			ops = append(ops, newParam(ToS(n), params.vals[i], k.s, k.rng, k.name))
		}
	}
	if typ == "class" {
		def := k.c.findClass(title)
		if def == nil {
			return failf("Could not find declared class %s", title)
		}
		return k.c.declareClassWithParams(k.s, def, ops, k.node)
	}
	made, err := k.c.declareOne(k.s, ast.Regular, k.node, typ, title, ops, false)
	if err != nil {
		return err
	}
	if r := k.c.resourceAt(made); r != nil {
		r.byFunction = true
	}
	return nil
}

func fnEnsurePackages(k *call) (Value, error) {
	if err := k.argc(1, 2); err != nil {
		return nil, err
	}
	var defaults *Hash
	if len(k.args) > 1 {
		defaults, _ = k.args[1].(*Hash)
	}
	withEnsure := func(h *Hash) *Hash {
		out := NewHash()
		out.Set("ensure", "installed")
		if h != nil {
			for i, kk := range h.keys {
				out.Set(kk, h.vals[i])
			}
		}
		return out
	}
	// present and installed are one ensure: stdlib asks for installed
	// unless the package is already declared with ensure => present.
	ensureOne := func(name string, p *Hash) error {
		if e, _ := p.Get("ensure"); e == "present" || e == "installed" {
			p.Set("ensure", "installed")
			if r := k.c.findResource(Ref{Type: "Package", Title: name}); r != nil {
				if v, ok := r.get("ensure"); ok && v == "present" {
					p.Set("ensure", "present")
				}
			}
		}
		return k.ensureOne("package", name, p)
	}
	switch x := k.args[0].(type) {
	case *Hash:
		for i, name := range x.keys {
			p := withEnsure(defaults)
			if h, ok := x.vals[i].(*Hash); ok {
				for j, kk := range h.keys {
					p.Set(kk, h.vals[j])
				}
			}
			if err := ensureOne(ToS(name), p); err != nil {
				return nil, err
			}
		}
	default:
		for _, name := range flatten(x) {
			if err := ensureOne(ToS(name), withEnsure(defaults)); err != nil {
				return nil, err
			}
		}
	}
	return nil, nil
}

func fnStdlibEnsure(k *call) (Value, error) {
	if err := k.argc(1, 2); err != nil {
		return nil, err
	}
	on := false
	switch x := k.args[0].(type) {
	case bool:
		on = x
	case string:
		on = x == "present"
	}
	res := ""
	if len(k.args) > 1 {
		res = ToS(k.args[1])
	}
	switch res {
	case "directory":
		if on {
			return "directory", nil
		}
		return "absent", nil
	case "file":
		if on {
			return "file", nil
		}
		return "absent", nil
	case "link":
		if on {
			return "link", nil
		}
		return "absent", nil
	case "package":
		if on {
			return "installed", nil
		}
		return "absent", nil
	case "service":
		if on {
			return "running", nil
		}
		return "stopped", nil
	}
	if on {
		return "present", nil
	}
	return "absent", nil
}

// ---- data ----

// lookupArgs checks lookup's arguments against its five signatures, as
// Puppet's dispatch does, and turns lookup(options_hash) into
// lookup(name, options_hash). When none accepts the call, the error
// lists every signature with why it refused, as Puppet's does.
func (k *call) lookupArgs() ([]Value, error) {
	args := k.args
	if msg := lookupMismatch(args, k.block); msg != "" {
		return nil, failf("%s", msg)
	}
	if h, ok := args[0].(*Hash); ok && len(args) == 1 {
		name, _ := h.Get("name")
		rest := h.Copy()
		rest.Delete("name")
		args = []Value{name, rest}
	}
	return args, nil
}

func fnLookup(k *call) (Value, error) {
	if err := k.argc(1, 4); err != nil {
		return nil, err
	}
	req := LookupRequest{Var: k.s.catalogVar, Undefined: k.c.undefinedVariable, ConvertTo: k.c.lookupConvertTo(k.s)}
	if k.name == "lookup" {
		args, err := k.lookupArgs()
		if err != nil {
			return nil, err
		}
		k.args = args
	}
	var names []Value
	if arr, ok := k.args[0].([]Value); ok {
		names = arr
	} else {
		names = []Value{k.args[0]}
	}
	for _, n := range names {
		req.Names = append(req.Names, ToS(n))
	}
	var valueType Value
	rest := k.args[1:]
	switch k.name {
	case "hiera", "hiera_array", "hiera_hash":
		// hiera(key, default, override): Hiera 3's functions, the
		// array and hash ones merging every level's value.
		if len(rest) > 0 {
			req.Default, req.HasDefault = ToCatalog(rest[0]), true
		}
		switch k.name {
		case "hiera_array":
			req.Merge = "unique"
		case "hiera_hash":
			req.Merge = "hash"
		}
		rest = nil
	}
	if len(rest) == 1 {
		if h, ok := rest[0].(*Hash); ok {
			// lookup(name, options_hash)
			if v, ok := h.Get("default_value"); ok {
				req.Default, req.HasDefault = ToCatalog(v), true
			}
			if v, ok := h.Get("merge"); ok {
				req.Merge = ToCatalog(v)
			}
			if v, ok := h.Get("value_type"); ok {
				valueType = v
			}
			if v, ok := h.Get("default_values_hash"); ok {
				req.DefaultValues, _ = ToCatalog(v).(*catalog.Hash)
			}
			if v, ok := h.Get("override"); ok {
				req.Override, _ = ToCatalog(v).(*catalog.Hash)
			}
			rest = nil
		}
	}
	if len(rest) > 0 {
		switch rest[0].(type) {
		case *Type, Ref:
			valueType = rest[0]
		}
	}
	if len(rest) > 1 && rest[1] != nil {
		req.Merge = ToCatalog(rest[1])
	}
	if len(rest) > 2 {
		req.Default, req.HasDefault = ToCatalog(rest[2]), true
	}
	if valueType != nil {
		req.Check = func(subject string, v catalog.Value) error {
			val := FromCatalog(v)
			if k.c.isInstance(valueType, val) {
				return nil
			}
			return failf("%s has wrong type, %s", subject, strings.TrimSpace(k.c.mismatch("", valueType, val)))
		}
	}
	if k.c.opts.Lookup != nil {
		v, found, err := k.c.opts.Lookup(k.c.ctx, req)
		if err != nil {
			return nil, err
		}
		if found {
			return FromCatalog(v), nil
		}
	} else if req.HasDefault {
		return FromCatalog(req.Default), nil
	}
	if k.block != nil {
		return k.c.callLambda(k.block, k.args[0])
	}
	// Puppet reports this one as it is, not as an evaluation error.
	if len(req.Names) == 1 {
		return nil, &Error{Msg: fmt.Sprintf("Function lookup() did not find a value for the name '%s'", req.Names[0]), Where: k.rng, Final: true, Bare: true}
	}
	quoted := make([]string, len(req.Names))
	for i, n := range req.Names {
		quoted[i] = "'" + n + "'"
	}
	return nil, &Error{Msg: fmt.Sprintf("Function lookup() did not find a value for any of the names [%s]", strings.Join(quoted, ", ")), Where: k.rng, Final: true}
}

// modulePathFile resolves "mod/rest" to <modulepath>/mod/<dir>/rest.
func (c *Compiler) modulePathFile(name, dir string) (string, bool) {
	if filepath.IsAbs(name) {
		_, err := os.Stat(name)
		return name, err == nil
	}
	mod, rest, ok := strings.Cut(name, "/")
	if !ok {
		return "", false
	}
	for _, mp := range c.opts.ModulePath {
		p := filepath.Join(mp, mod, dir, rest)
		if _, err := os.Stat(p); err == nil {
			return p, true
		}
	}
	return "", false
}

func fnTemplate(k *call) (Value, error) {
	if err := k.argc(1, -1); err != nil {
		return nil, err
	}
	var b strings.Builder
	for _, a := range k.args {
		path, ok := k.c.modulePathFile(ToS(a), "templates")
		if !ok {
			return nil, failf("Could not find template '%s'", ToS(a))
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return nil, err
		}
		out, err := k.renderERB(ToS(a), path, src)
		if err != nil {
			return nil, err
		}
		b.WriteString(out)
	}
	return b.String(), nil
}

func fnInlineTemplate(k *call) (Value, error) {
	if err := k.argc(1, -1); err != nil {
		return nil, err
	}
	var b strings.Builder
	for _, a := range k.args {
		out, err := k.renderERB("", "inline template", []byte(ToS(a)))
		if err != nil {
			return nil, err
		}
		b.WriteString(out)
	}
	return b.String(), nil
}

func (k *call) renderERB(arg, path string, src []byte) (string, error) {
	if k.c.opts.Template == nil {
		return "", failf("ERB templates are not available: cannot render %s", path)
	}
	return k.c.opts.Template(k.c.ctx, arg, path, src, &templateScope{c: k.c, s: k.s})
}

func fnEpp(k *call) (Value, error) {
	if err := k.argc(1, 2); err != nil {
		return nil, err
	}
	name := ToS(k.args[0])
	path, ok := k.c.modulePathFile(name, "templates")
	if !ok {
		return nil, failf("Could not find template '%s'", name)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	params, err := k.eppParams()
	if err != nil {
		return nil, err
	}
	return k.c.renderEPP("epp", source.NewFile(path, data), params)
}

// eppParams is the hash of parameters given to epp or inline_epp.
func (k *call) eppParams() (*Hash, error) {
	if len(k.args) < 2 || k.args[1] == nil {
		return nil, nil
	}
	params, ok := k.args[1].(*Hash)
	if !ok {
		return nil, failf("'%s' parameter 'parameters' expects a Hash value, got %s", k.name, inferredTypeName(k.args[1]))
	}
	return params, nil
}

func fnInlineEpp(k *call) (Value, error) {
	if err := k.argc(1, 2); err != nil {
		return nil, err
	}
	params, err := k.eppParams()
	if err != nil {
		return nil, err
	}
	// Puppet's name for the template's text in its messages
	return k.c.renderEPP("inline_epp", source.NewFile("inlined-epp-text", []byte(ToS(k.args[0]))), params)
}

// renderEPP evaluates an EPP template with its own scope under top scope.
func (c *Compiler) renderEPP(fn string, f *source.File, params *Hash) (Value, error) {
	prog, diags := parser.ParseEPP(f)
	if !diags.HasErrors() {
		diags = append(diags, parser.Validate(prog)...)
	}
	if diags.HasErrors() {
		// Puppet's text: the template's own place, then the call's
		msg := (&ParseError{Diags: diags}).Error()
		return nil, failf("%s(): Invalid EPP: %s", fn, strings.TrimPrefix(msg, "Could not parse for environment production: "))
	}
	s := c.newScope(functionScope, c.top, c.top, f)
	if prog.HasEPPParams && params != nil {
		// Puppet calls the template as a lambda
		for _, name := range params.keys {
			known := false
			for _, p := range prog.EPPParams {
				known = known || p.Name == ToS(name)
			}
			if !known {
				return nil, failf("lambda: has no parameter named '%s'", ToS(name))
			}
		}
	}
	if prog.HasEPPParams {
		var args []Value
		for _, p := range prog.EPPParams {
			if params != nil {
				if v, ok := params.Get(p.Name); ok {
					if p.Type != nil {
						t, err := c.evalType(s, p.Type)
						if err != nil {
							return nil, err
						}
						if !c.isInstance(t, v) {
							// Puppet checks a template's parameters as a lambda's.
							return nil, failf("lambda: %s", c.mismatch("parameter '"+p.Name+"'", t, v))
						}
					}
					s.vars[p.Name] = v
					continue
				}
			}
			if p.Default != nil {
				v, err := c.eval(s, p.Default)
				if err != nil {
					return nil, err
				}
				s.vars[p.Name] = v
				continue
			}
			if p.Type == nil || !c.acceptsUndef(s, p.Type) {
				return nil, failf("lambda: expects a value for parameter '%s'", p.Name)
			}
			s.vars[p.Name] = nil
		}
		_ = args
	} else if params != nil {
		for i, k := range params.keys {
			s.vars[ToS(k)] = params.vals[i]
		}
	}
	saved := c.render
	c.render = &strings.Builder{}
	defer func() { c.render = saved }()
	if _, err := c.evalBlock(s, prog.Body); err != nil {
		return nil, err
	}
	return c.render.String(), nil
}

// ---- stdlib ----

func fnMerge(k *call) (Value, error) {
	out := NewHash()
	for _, a := range k.args {
		switch x := a.(type) {
		case nil:
		case string:
			if x != "" {
				if k.block == nil {
					return nil, failf("%s", mergeMismatch(a))
				}
				return nil, failf("merge: unexpected argument type String, only expects hash arguments")
			}
		case *Hash:
			for i, kk := range x.keys {
				out.Set(kk, x.vals[i])
			}
		default:
			if k.block == nil {
				return nil, failf("%s", mergeMismatch(a))
			}
			return nil, failf("merge: unexpected argument type %s, only expects hash arguments", typeName(a))
		}
	}
	return out, nil
}

// fnConcat is stdlib's concat: the first array and the others (an
// argument that is no array is one element). As a 3.x function it
// receives an undef argument as the empty string.
func fnConcat(k *call) (Value, error) {
	if len(k.args) < 2 {
		return nil, failf("concat(): Wrong number of arguments given (%d for < 2)", len(k.args))
	}
	var out []Value
	for i, a := range k.args {
		if arr, ok := a.([]Value); ok {
			out = append(out, arr...)
		} else if i == 0 {
			return nil, failf("concat(): Requires array to work with")
		} else if a == nil {
			out = append(out, "")
		} else {
			out = append(out, a)
		}
	}
	if out == nil {
		out = []Value{}
	}
	return out, nil
}

// fnPick is stdlib's pick: the first argument that is neither undef nor
// the empty string (an array argument is one value, as the Ruby
// function takes it).
func fnPick(k *call) (Value, error) {
	for _, a := range k.args {
		if a == nil {
			continue
		}
		if s, ok := a.(string); ok && s == "" {
			continue
		}
		return a, nil
	}
	return nil, failf("pick(): must receive at least one non empty value")
}

func fnPickDefault(k *call) (Value, error) {
	if len(k.args) == 0 {
		return nil, failf("Must receive at least one argument.")
	}
	for _, a := range k.args {
		if a == nil {
			continue
		}
		if s, ok := a.(string); ok && (s == "" || s == "undef") {
			continue
		}
		return a, nil
	}
	return k.args[len(k.args)-1], nil
}

func fnDeleteUndef(k *call) (Value, error) {
	switch x := k.args[0].(type) {
	case *Hash:
		out := NewHash()
		for i, kk := range x.keys {
			if x.vals[i] != nil {
				out.Set(kk, x.vals[i])
			}
		}
		return out, nil
	case []Value:
		out := []Value{}
		for _, e := range x {
			if e != nil {
				out = append(out, e)
			}
		}
		return out, nil
	}
	return nil, failf("delete_undef_values(): expected an array or hash")
}

func fnHasKey(k *call) (Value, error) {
	if err := k.argc(2, 2); err != nil {
		return nil, err
	}
	h, ok := k.args[0].(*Hash)
	if !ok {
		return nil, failf("has_key(): expects the first argument to be a hash, got %s", Inspect(k.args[0]))
	}
	_, found := h.Get(k.args[1])
	return found, nil
}

func fnMember(k *call) (Value, error) {
	if err := k.argc(2, 2); err != nil {
		return nil, err
	}
	arr, ok := k.args[0].([]Value)
	if !ok {
		return nil, failf("member(): Requires array to work with")
	}
	for _, want := range flattenOnce(k.args[1]) {
		found := false
		for _, e := range arr {
			if ToS(e) == ToS(want) {
				found = true
			}
		}
		if !found {
			return false, nil
		}
	}
	return true, nil
}

func fnStr2bool(k *call) (Value, error) {
	switch x := k.args[0].(type) {
	case bool:
		return x, nil
	case string:
		switch strings.ToLower(x) {
		case "", "0", "f", "n", "false", "no", "undef", "undefined":
			return false, nil
		case "1", "t", "y", "true", "yes":
			return true, nil
		}
		return nil, failf("str2bool(): Unknown type of boolean given")
	}
	return nil, failf("str2bool(): Requires string to work with")
}

func fnBool2str(k *call) (Value, error) {
	b, ok := k.args[0].(bool)
	if !ok {
		return nil, failf("bool2str(): Requires a boolean to work with")
	}
	if len(k.args) == 3 {
		if b {
			return k.args[1], nil
		}
		return k.args[2], nil
	}
	return strconv.FormatBool(b), nil
}

func fnAny2array(k *call) (Value, error) {
	if len(k.args) == 0 {
		return []Value{}, nil
	}
	if len(k.args) > 1 {
		return append([]Value(nil), k.args...), nil
	}
	if k.args[0] == nil || k.args[0] == "" {
		// undef reaches the 3.x function as '', which gives []
		return []Value{}, nil
	}
	switch x := k.args[0].(type) {
	case []Value:
		return x, nil
	case *Hash:
		var out []Value
		for i, kk := range x.keys {
			out = append(out, kk, x.vals[i])
		}
		return out, nil
	}
	return []Value{k.args[0]}, nil
}

func fnGetvar(k *call) (Value, error) {
	if err := k.argc(1, 2); err != nil {
		return nil, err
	}
	v, ok := k.s.lookup(strings.TrimPrefix(ToS(k.args[0]), "$"))
	if !ok && len(k.args) > 1 {
		return k.args[1], nil
	}
	return v, nil
}

func digInto(v Value, path []Value) Value {
	for _, p := range path {
		switch x := v.(type) {
		case *Hash:
			v, _ = x.Get(p)
		case []Value:
			i, ok := p.(int64)
			if !ok || i < 0 || int(i) >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

func fnDig(k *call) (Value, error) {
	if err := k.argc(1, -1); err != nil {
		return nil, err
	}
	switch k.args[0].(type) {
	case nil, []Value, *Hash:
	default:
		return nil, failf("'dig' parameter 'data' expects a value of type Undef or Collection, got %s", inferredTypeName(k.args[0]))
	}
	return digInto(k.args[0], k.args[1:]), nil
}

func fnGet(k *call) (Value, error) {
	if err := k.argc(2, 3); err != nil {
		return nil, err
	}
	var path []Value
	for _, seg := range strings.Split(ToS(k.args[1]), ".") {
		if n, err := strconv.ParseInt(seg, 10, 64); err == nil {
			path = append(path, n)
		} else if seg != "" {
			path = append(path, seg)
		}
	}
	v := digInto(k.args[0], path)
	if v == nil && len(k.args) > 2 {
		return k.args[2], nil
	}
	return v, nil
}

func fnPrefix(k *call) (Value, error) {
	if err := affixTarget("prefix", k.args); err != nil {
		return nil, err
	}
	p := ""
	if len(k.args) > 1 {
		p = ToS(k.args[1])
	}
	return mapStringsTop(k.args[0], func(s string) string { return p + s }), nil
}

func fnSuffix(k *call) (Value, error) {
	if err := affixTarget("suffix", k.args); err != nil {
		return nil, err
	}
	p := ""
	if len(k.args) > 1 {
		p = ToS(k.args[1])
	}
	return mapStringsTop(k.args[0], func(s string) string { return s + p }), nil
}

// affixTarget is stdlib's error for prefix or suffix of a scalar.
func affixTarget(name string, args []Value) error {
	if len(args) == 0 {
		return nil
	}
	got := ""
	switch x := args[0].(type) {
	case int64, float64, bool:
		got = ToS(x)
	case string:
		got = strconv.Quote(x)
	default:
		return nil
	}
	return failf("%s(): expected first argument to be an Array or a Hash, got %s", name, got)
}

func mapStringsTop(v Value, f func(string) string) Value {
	switch x := v.(type) {
	case []Value:
		out := make([]Value, len(x))
		for i, e := range x {
			out[i] = f(ToS(e))
		}
		return out
	case *Hash:
		out := NewHash()
		for i, kk := range x.keys {
			out.Set(f(ToS(kk)), x.vals[i])
		}
		return out
	}
	return v
}

func fnDelete(k *call) (Value, error) {
	if err := k.argc(2, 2); err != nil {
		return nil, err
	}
	switch x := k.args[0].(type) {
	case []Value:
		out := []Value{}
		for _, e := range x {
			keep := true
			for _, d := range flattenOnce(k.args[1]) {
				if Equal(e, d) {
					keep = false
				}
			}
			if keep {
				out = append(out, e)
			}
		}
		return out, nil
	case *Hash:
		out := x.Copy()
		for _, d := range flattenOnce(k.args[1]) {
			out.Delete(d)
		}
		return out, nil
	case string:
		for _, d := range flattenOnce(k.args[1]) {
			x = strings.ReplaceAll(x, ToS(d), "")
		}
		return x, nil
	case nil:
		return k.args[0], nil
	}
	return nil, failf("delete(): First argument must be an Array, String, or Hash. Given an argument of class %s.", rubyClassOf(k.args[0]))
}

func fnJoinKeysToValues(k *call) (Value, error) {
	h, ok := k.args[0].(*Hash)
	if !ok {
		return nil, failf("join_keys_to_values(): The first argument must be a hash")
	}
	sep := ToS(k.args[1])
	out := []Value{}
	for i, kk := range h.keys {
		if arr, ok := h.vals[i].([]Value); ok {
			for _, e := range arr {
				out = append(out, ToS(kk)+sep+ToS(e))
			}
			continue
		}
		out = append(out, ToS(kk)+sep+ToS(h.vals[i]))
	}
	return out, nil
}

func fnValuesAt(k *call) (Value, error) {
	arr, _ := k.args[0].([]Value)
	var out []Value
	for _, i := range flattenOnce(k.args[1]) {
		if str, ok := i.(string); ok && strings.Trim(str, "0123456789") != "" && !strings.Contains(str, "-") {
			return nil, failf("values_at(): Unknown format of given index")
		}
		n, _ := toNumber(i).(int64)
		if int(n) < len(arr) {
			out = append(out, arr[n])
		}
	}
	return out, nil
}

func fnZip(k *call) (Value, error) {
	a, _ := k.args[0].([]Value)
	b, _ := k.args[1].([]Value)
	var out []Value
	for i, e := range a {
		var o Value
		if i < len(b) {
			o = b[i]
		}
		out = append(out, []Value{e, o})
	}
	return out, nil
}

func fnUnwrap(k *call) (Value, error) {
	if s, ok := k.args[0].(*Sensitive); ok {
		return s.V, nil
	}
	return k.args[0], nil
}

func isFn(typ string) builtin {
	return func(k *call) (Value, error) {
		if err := k.argc(1, 1); err != nil {
			return nil, err
		}
		return k.c.isInstance(&Type{Name: typ}, k.args[0]), nil
	}
}

func validateFn(typ string) builtin {
	return func(k *call) (Value, error) {
		for _, a := range k.args {
			if !k.c.isInstance(&Type{Name: typ}, a) {
				return nil, failf("%s is not %s %s.  It looks to be a %s", Inspect(a), article(strings.ToLower(typ)), strings.ToLower(typ), typeName(a))
			}
		}
		return nil, nil
	}
}

func fnValidateAbsPath(k *call) (Value, error) {
	for _, a := range flatten(k.args) {
		s := ToS(a)
		if !strings.HasPrefix(s, "/") {
			return nil, failf("%s is not an absolute path.", Inspect(a))
		}
	}
	return nil, nil
}

func fnToJSON(k *call) (Value, error) {
	if strings.HasSuffix(k.name, "to_json_pretty") && len(k.args) > 0 {
		switch k.args[0].(type) {
		case []Value, *Hash:
		default:
			return nil, failf("'stdlib::to_json_pretty' parameter 'data' expects a value of type Hash or Array, got %s", inferredTypeName(k.args[0]))
		}
	}
	if strings.HasSuffix(k.name, "to_json_pretty") {
		return toJSONPretty(k)
	}
	var b strings.Builder
	writeJSON(&b, k.args[0])
	return b.String(), nil
}

// jsonLayout is the layout options of Ruby's JSON generator.
type jsonLayout struct{ indent, space, spaceBefore, objectNL, arrayNL string }

// toJSONPretty is stdlib's to_json_pretty(data, skip_undef, opts):
// Ruby's JSON.pretty_generate of the data and a newline; skip_undef
// drops the undef values of the top-level hash or array, opts change the
// layout (indent, space, space_before, object_nl, array_nl; max_nesting
// limits nothing here).
func toJSONPretty(k *call) (Value, error) {
	if err := k.argc(1, 3); err != nil {
		return nil, err
	}
	data := k.args[0]
	if len(k.args) > 1 {
		skip, ok := k.args[1].(bool)
		if !ok {
			return nil, failf("'stdlib::to_json_pretty' parameter 'skip_undef' expects a Boolean value, got %s", inferredTypeName(k.args[1]))
		}
		if skip {
			switch x := data.(type) {
			case *Hash:
				h := NewHash()
				for i, key := range x.keys {
					if x.vals[i] != nil {
						h.Set(key, x.vals[i])
					}
				}
				data = h
			case []Value:
				var a []Value
				for _, e := range x {
					if e != nil {
						a = append(a, e)
					}
				}
				data = a
			}
		}
	}
	l := jsonLayout{indent: "  ", space: " ", objectNL: "\n", arrayNL: "\n"}
	if len(k.args) > 2 && k.args[2] != nil {
		opts, ok := k.args[2].(*Hash)
		if !ok {
			return nil, failf("'stdlib::to_json_pretty' parameter 'opts' expects a value of type Undef or Struct, got %s", inferredTypeName(k.args[2]))
		}
		for i, key := range opts.keys {
			v, isStr := opts.vals[i].(string)
			name := rubyToS(key)
			switch {
			case name == "max_nesting":
				continue
			case !isStr:
				return nil, failf("'stdlib::to_json_pretty' parameter 'opts' entry '%s' expects a String value, got %s", name, inferredTypeName(opts.vals[i]))
			}
			switch name {
			case "indent":
				l.indent = v
			case "space":
				l.space = v
			case "space_before":
				l.spaceBefore = v
			case "object_nl":
				l.objectNL = v
			case "array_nl":
				l.arrayNL = v
			default:
				return nil, failf("'stdlib::to_json_pretty' parameter 'opts' has no entry '%s'", name)
			}
		}
	}
	// stdlib::rewrap_sensitive_data: a Sensitive inside makes the text
	// Sensitive
	sensitive := false
	data = unwrapSensitiveDeep(data, &sensitive)
	var b strings.Builder
	writeJSONLayout(&b, data, l, 0)
	b.WriteByte('\n')
	if sensitive {
		return &Sensitive{V: b.String()}, nil
	}
	return b.String(), nil
}

// writeJSONLayout writes v as Ruby's JSON generator does with layout l,
// at nesting depth.
func writeJSONLayout(b *strings.Builder, v Value, l jsonLayout, depth int) {
	// the closing newline, and its indent only after one
	nl := func(s string, d int) {
		b.WriteString(s)
		if s != "" {
			b.WriteString(strings.Repeat(l.indent, d))
		}
	}
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case string:
		b.WriteString(rubyjson.Quote(x))
	case float64:
		b.WriteString(rubyjson.Float(x))
	case int64, bool:
		b.WriteString(ToS(x))
	case []Value:
		// Ruby 3.1's json 2.6 writes an empty array as "[", array_nl,
		// array_nl and the indent, and an empty hash as "{", object_nl
		// and the indent.
		b.WriteByte('[')
		b.WriteString(l.arrayNL)
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
				b.WriteString(l.arrayNL)
			}
			b.WriteString(strings.Repeat(l.indent, depth+1))
			writeJSONLayout(b, e, l, depth+1)
		}
		nl(l.arrayNL, depth)
		b.WriteByte(']')
	case *Hash:
		b.WriteByte('{')
		for i, kk := range x.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(l.objectNL)
			b.WriteString(strings.Repeat(l.indent, depth+1))
			b.WriteString(rubyjson.Quote(rubyToS(kk)))
			b.WriteString(l.spaceBefore + ":" + l.space)
			writeJSONLayout(b, x.vals[i], l, depth+1)
		}
		nl(l.objectNL, depth)
		b.WriteByte('}')
	default:
		b.WriteString(rubyjson.Quote(ToS(v)))
	}
}

func writeJSON(b *strings.Builder, v Value) {
	switch x := v.(type) {
	case nil:
		b.WriteString("null")
	case string:
		b.WriteString(strconv.Quote(x))
	case int64, float64, bool:
		b.WriteString(ToS(x))
	case []Value:
		b.WriteByte('[')
		for i, e := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			writeJSON(b, e)
		}
		b.WriteByte(']')
	case *Hash:
		b.WriteByte('{')
		for i, kk := range x.keys {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Quote(ToS(kk)))
			b.WriteByte(':')
			writeJSON(b, x.vals[i])
		}
		b.WriteByte('}')
	default:
		b.WriteString(strconv.Quote(ToS(v)))
	}
}

// newValue converts args to type t, as Integer('1') or String(1) do.
func (c *Compiler) newValue(k *call, t Value) (Value, error) {
	tt, ok := t.(*Type)
	if !ok {
		return c.newInstance(k, t)
	}
	if (tt.Name == "Optional" || tt.Name == "NotUndef") && len(tt.Params) == 1 {
		// new of Optional[T] and NotUndef[T] is T's.
		if inner, ok := tt.Params[0].(*Type); ok {
			return c.newValue(k, inner)
		}
	}
	v, err := c.newInstance(k, t)
	if err != nil || len(tt.Params) == 0 {
		return v, err
	}
	switch tt.Name {
	case "Integer", "Float", "Numeric", "String", "Array", "Tuple", "Hash", "Struct":
		// What a parameterized type's new made must be one of it.
		if !c.isInstance(tt, v) {
			return nil, stmtError("Function Call", k.rng, failf("Converted value from %s.new() has wrong type, %s", tt, strings.TrimSpace(c.mismatch("", tt, v))))
		}
	}
	return v, nil
}

// newInstance is new() of t before the result is checked against t's
// parameters.
func (c *Compiler) newInstance(k *call, t Value) (Value, error) {
	for i, a := range k.args {
		if it, ok := a.(*Iterator); ok {
			// a conversion walks the iterator: String([1, 2].step(1))
			// is '[1, 2]'
			k.args = append([]Value(nil), k.args...)
			k.args[i] = it.Elems
		}
	}
	tt, ok := t.(*Type)
	if ok && len(k.args) == 1 && tt.Name != "Init" && k.block == nil && c.isInstance(tt, k.args[0]) {
		// A value that already is an instance is returned as it is.
		return k.args[0], nil
	}
	if ok && len(k.args) == 0 {
		if _, known, err := c.newConversion(k, tt); known {
			return nil, stmtError(k.kind(), k.newRange(), err)
		}
	}
	if !ok || len(k.args) == 0 {
		return nil, stmtError(k.kind(), k.rng, failf("Creation of new instance of type '%s' is not supported", Inspect(t)))
	}
	if v, ok, err := c.newRichValue(k, tt); ok {
		if err != nil {
			if strings.Contains(err.Error(), "It expects one of:") {
				// Puppet names the dispatch of T.new at its parenthesis.
				return nil, stmtError(k.kind(), k.newRange(), err)
			}
			return nil, stmtError("Function Call", k.rng, err)
		}
		return v, nil
	}
	if v, ok, err := c.newConversion(k, tt); ok || err != nil {
		if err != nil {
			// Puppet names the call of T.new (a method call) at its
			// parenthesis.
			return nil, stmtError(k.kind(), k.newRange(), err)
		}
		return v, nil
	}
	a := k.args[0]
	if err := newArgsError(tt.Name, k.args); err != nil {
		return nil, stmtError(k.kind(), k.newRange(), err)
	}
	switch tt.Name {
	case "Integer", "Numeric", "Float":
		if h, isHash := a.(*Hash); isHash && len(k.args) == 1 {
			// NamedArgs: {from => ..., radix => ..., abs => ...}
			if f, ok := h.Get("from"); ok {
				args := []Value{f}
				r, hasRadix := h.Get("radix")
				if abs, ok := h.Get("abs"); ok {
					if !hasRadix {
						r = Default{}
					}
					args = append(args, r, abs)
				} else if hasRadix {
					args = append(args, r)
				}
				kk := *k
				kk.args = args
				return c.newValue(&kk, t)
			}
		}
		n := toNumber(a)
		switch x := n.(type) {
		case int64:
			if tt.Name == "Float" {
				return float64(x), nil
			}
			return x, nil
		case float64:
			if tt.Name == "Integer" {
				return int64(x), nil
			}
			return x, nil
		case bool:
			if x {
				return int64(1), nil
			}
			return int64(0), nil
		}
		return nil, errAt(k.rng, "Error while evaluating a Function Call, 'new' The string '%s' cannot be converted to %s", ToS(a), tt.Name)
	case "String":
		// Puppet's string converter: a Float by %f, a collection with its
		// strings quoted; a format string for a number is a printf format.
		if len(k.args) == 1 {
			switch x := a.(type) {
			case *Regexp:
				return x.Src, nil
			case float64:
				return strconv.FormatFloat(x, 'f', 6, 64), nil
			case []Value, *Hash:
				return inspectQuoted(a), nil
			}
			return ToS(a), nil
		}
		if f, isFormat := k.args[1].(string); isFormat && strings.HasPrefix(f, "%") {
			if _, isInt := a.(int64); isInt {
				if err := integerFormatError(f); err != nil {
					return nil, stmtError("Function Call", k.rng, err)
				}
			}
			switch x := a.(type) {
			case int64, float64:
				return fnSprintf(&call{c: k.c, s: k.s, name: "sprintf", args: []Value{f, a}, rng: k.rng, node: k.node})
			case bool:
				if word, ok := booleanFormat(x, f[len(f)-1]); ok {
					return word, nil
				}
			case string:
				out, err := formatString(x, f)
				if err != nil {
					return nil, errAt(k.rng, "%s", err.Error())
				}
				return out, nil
			case []Value, *Hash:
				if f == "%s" || f == "%p" {
					return inspectQuoted(x), nil
				}
			}
		}
		return ToS(a), nil
	case "Boolean":
		switch x := a.(type) {
		case bool:
			return x, nil
		case string:
			switch strings.ToLower(x) {
			case "true", "yes", "y":
				return true, nil
			case "false", "no", "n", "":
				return false, nil
			}
		case int64:
			return x != 0, nil
		}
		return nil, errAt(k.rng, "The string '%s' cannot be converted to Boolean", ToS(a))
	case "Array":
		switch x := a.(type) {
		case []Value:
			return x, nil
		case *Hash:
			var out []Value
			for i, kk := range x.keys {
				out = append(out, []Value{kk, x.vals[i]})
			}
			return out, nil
		}
		return []Value{a}, nil
	case "Hash":
		switch x := a.(type) {
		case *Hash:
			return x, nil
		case []Value:
			h := NewHash()
			for _, e := range x {
				if p, ok := e.([]Value); ok && len(p) == 2 {
					h.Set(p[0], p[1])
				}
			}
			if h.Len() == 0 {
				for i := 0; i+1 < len(x); i += 2 {
					h.Set(x[i], x[i+1])
				}
			}
			return h, nil
		}
	case "Sensitive":
		return &Sensitive{V: a}, nil
	}
	return nil, stmtError(k.kind(), k.rng, failf("Creation of new instance of type '%s' is not supported", tt))
}

// integerRadix is the alias Puppet prints for Integer.new's radix.
const integerRadix = "Radix = Variant[Default, Integer[2, 2], Integer[8, 8], Integer[10, 10], Integer[16, 16]]"

// integerConvertible is the alias Puppet prints for what Integer.new
// converts.
const integerConvertible = `Convertible = Variant[Numeric, Boolean, Pattern[/\A[+-]?\s*(?:(?:\d+)|(?:0[xX][0-9A-Fa-f]+)|(?:0[bB][01]+))\z/], Timespan, Timestamp]`

// newArgsError returns Puppet's error for arguments of T.new that no
// signature of T's new takes, for the counts and radixes ordo checks,
// or nil.
func newArgsError(typ string, args []Value) error {
	switch typ {
	case "Array":
		if len(args) > 2 {
			return failf("'new_array' expects between 1 and 2 arguments, got %d", len(args))
		}
	case "Integer":
		if len(args) > 3 {
			return failf("'new' expects between 1 and 3 arguments, got %d", len(args))
		}
		if len(args) < 2 {
			return nil
		}
		if !integerConvertibleValue(args[0]) {
			return failf("The function 'new' was called with arguments it does not accept. It expects one of:\n"+
				"  (%[1]s from, %[2]s radix?, Boolean abs?)\n    rejected: parameter 'from' expects a %[1]s value, got %[3]s\n"+
				"  (NamedArgs = Struct[{'from' => %[1]s, Optional['radix'] => %[2]s, Optional['abs'] => Boolean}] hash_args)\n    rejected: expects 1 argument, got %[4]d",
				integerConvertible, integerRadix, inferredTypeName(args[0]), len(args))
		}
		got := ""
		switch r := args[1].(type) {
		case Default:
		case int64:
			if r != 2 && r != 8 && r != 10 && r != 16 {
				got = inferType(r).(*Type).String()
			}
		default:
			got = inferredTypeName(r)
		}
		if got == "" {
			return nil
		}
		return failf("The function 'new' was called with arguments it does not accept. It expects one of:\n"+
			"  (%[1]s from, %[2]s radix?, Boolean abs?)\n    rejected: parameter 'radix' expects a %[2]s value, got %[3]s\n"+
			"  (NamedArgs = Struct[{'from' => %[1]s, Optional['radix'] => %[2]s, Optional['abs'] => Boolean}] hash_args)\n    rejected: expects 1 argument, got %[4]d",
			integerConvertible, integerRadix, got, len(args))
	}
	return nil
}

// newRange is where Puppet reports that T.new took no signature: at the
// parenthesis of a method call, else the whole call.
func (k *call) newRange() sourceRange {
	if m, ok := k.node.(*ast.CallMethod); ok {
		return methodCallRange(k.s, m)
	}
	return k.rng
}

// mergeMismatch is Puppet's error for stdlib::merge given a, neither a
// hash, undef nor the empty String, and no block: each of its three signatures
// refuses the call.
func mergeMismatch(a Value) string {
	first := "Undef, Hash, or String, got " + inferredTypeName(a)
	if _, ok := a.(string); ok {
		first = "Undef, Hash[Scalar, Any], or String[0, 0], got String"
	}
	block := "expects a block"
	switch a.(type) {
	case string, int64, []Value, *Hash, *Iterator:
	default:
		block = "parameter 'args' expects an Iterable value, got " + inferredTypeName(a)
	}
	return "The function 'stdlib::merge' was called with arguments it does not accept. It expects one of:\n" +
		"  (Variant[Hash[Scalar, Any], Undef, String[0, 0]] args*)\n    rejected: parameter 'args' expects a value of type " + first + "\n" +
		"  (Iterable args*, Callable[3, 3] block)\n    rejected: " + block + "\n" +
		"  (Iterable args*, Callable[2, 2] block)\n    rejected: " + block
}

// lookupConvertTo is the convert_to lookup option as Puppet applies it:
// the option's type (a string is parsed as one) and arguments are given
// to new() with the value found; the error is new()'s message alone.
func (c *Compiler) lookupConvertTo(s *Scope) func(ctx context.Context, spec catalog.Value, v catalog.Value) (catalog.Value, error) {
	return func(_ context.Context, spec catalog.Value, v catalog.Value) (catalog.Value, error) {
		parts, ok := spec.([]catalog.Value)
		if !ok {
			parts = []catalog.Value{spec}
		}
		var t Value
		if len(parts) > 0 {
			t = FromCatalog(parts[0])
		}
		if name, ok := t.(string); ok {
			parsed, err := c.typeFromLookupOption(s, name)
			if err != nil {
				return nil, err
			}
			t = parsed
		}
		args := []Value{FromCatalog(v)}
		if len(parts) > 1 {
			for _, p := range parts[1:] {
				args = append(args, FromCatalog(p))
			}
		}
		if _, isType := t.(*Type); !isType {
			return nil, fmt.Errorf("'new' parameter 'type' expects a Type value, got %s", inferredTypeName(t))
		}
		out, err := c.newValue(&call{c: c, s: s, name: "new", args: args}, t)
		if err != nil {
			msg := err.Error()
			if e, ok := err.(*Error); ok {
				msg = e.Msg
			}
			for _, prefix := range []string{"Error while evaluating a Function Call, ", "Error while evaluating a Method call, "} {
				msg = strings.TrimPrefix(msg, prefix)
			}
			return nil, errors.New(msg)
		}
		// The value goes back to the compiler as it is: a Binary, a
		// Timestamp or a type is no catalog data.
		return converted{out}, nil
	}
}

// converted carries a value convert_to made through Hiera's catalog
// values, back to the compiler unchanged (FromCatalog).
type converted struct{ v Value }

// typeFromLookupOption is the data type a convert_to option names, as
// Puppet's type parser reads it: a name it does not know is a
// TypeReference.
func (c *Compiler) typeFromLookupOption(s *Scope, name string) (Value, error) {
	prog, diags := parser.Parse("", name)
	if diags.HasErrors() {
		return nil, badTypeSpec{spec: name, detail: diags[0].Summary}
	}
	if len(prog.Body) != 1 {
		return nil, badTypeSpec{spec: name, detail: "not a data type"}
	}
	t, err := c.evalType(s, prog.Body[0])
	if tt, ok := t.(*Type); err != nil || !ok || tt.Name == name && !dataTypeNames[name] {
		return &Type{Name: "TypeReference", Params: []Value{name}}, nil
	}
	return t, nil
}

// integerPattern is what Integer.new converts of strings (Puppet's
// lenient integer pattern).
var integerPattern = regexp.MustCompile(`^[+-]?[ \t\r\n\f\v]*(?:(?:\d+)|(?:0[xX][0-9A-Fa-f]+)|(?:0[bB][01]+))$`)

// integerConvertibleValue reports whether Integer.new's first signature
// takes v as its from.
func integerConvertibleValue(v Value) bool {
	switch x := v.(type) {
	case int64, float64, bool, *Timespan, *Timestamp:
		return true
	case string:
		return integerPattern.MatchString(x)
	}
	return false
}

// badTypeSpec is a convert_to type that does not parse; Hiera reports it
// as Puppet does (hiera.ConvertSpecError).
type badTypeSpec struct{ spec, detail string }

func (b badTypeSpec) Error() string                      { return b.detail }
func (b badTypeSpec) ConvertSpec() (spec, detail string) { return b.spec, b.detail }

// formatString is String(s, format) for a string, as Puppet's string
// converter does it: s as it is, p quoted (# in double quotes), c and C
// capitalized, u upper case, d lower case, t trimmed (each quoted, in
// single quotes, with #), then padded to the width (left-justified with -) and cut to the
// precision.
func formatString(s, format string) (string, error) {
	m := stringFormatRe.FindStringSubmatch(format)
	if m == nil {
		return "", fmt.Errorf("The format '%s' is not a valid format on the form '%%<flags><width>.<prec><format>'", format)
	}
	flags, conv := m[1], m[4]
	alt, left := strings.Contains(flags, "#"), strings.Contains(flags, "-")
	var v string
	quoted := alt
	switch conv {
	case "s":
		v, quoted = s, false
	case "p":
		v, quoted = s, true
	case "c":
		v = capitalize(s)
	case "C":
		parts := strings.Split(s, "::")
		for i, p := range parts {
			parts[i] = capitalize(p)
		}
		v = strings.Join(parts, "::")
	case "u":
		v = strings.ToUpper(s)
	case "d":
		v = strings.ToLower(s)
	case "t":
		v = strings.TrimSpace(s)
	default:
		return "", fmt.Errorf("Illegal format '%s' specified for value of String type - expected one of the characters 'cCudspt'", conv)
	}
	if quoted {
		// # asks for double quotes of p alone; it quotes the others
		if alt && conv == "p" {
			v = catalog.PuppetDoubleQuote(v)
		} else {
			v = quoteString(v)
		}
	}
	if m[3] != "" {
		if prec, err := strconv.Atoi(m[3]); err == nil && utf8.RuneCountInString(v) > prec {
			v = string([]rune(v)[:prec])
		}
	}
	if m[2] != "" {
		if width, err := strconv.Atoi(m[2]); err == nil {
			if pad := width - utf8.RuneCountInString(v); pad > 0 {
				if left {
					v += strings.Repeat(" ", pad)
				} else {
					v = strings.Repeat(" ", pad) + v
				}
			}
		}
	}
	return v, nil
}
