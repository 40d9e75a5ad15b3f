package eval

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
)

// SemVer is a semantic version (semver.org 2.0), Puppet's SemVer.
type SemVer struct {
	Major, Minor, Patch int64
	Pre                 []string // prerelease identifiers
	Build               string
}

var semverRE = lazyre.New(`^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?$`)

// parseSemVer reads a version such as 1.2.3-rc.1+build.5.
func parseSemVer(s string) (*SemVer, bool) {
	m := semverRE.FindStringSubmatch(s)
	if m == nil {
		return nil, false
	}
	v := &SemVer{Build: m[5]}
	v.Major, _ = strconv.ParseInt(m[1], 10, 64)
	v.Minor, _ = strconv.ParseInt(m[2], 10, 64)
	v.Patch, _ = strconv.ParseInt(m[3], 10, 64)
	if m[4] != "" {
		v.Pre = strings.Split(m[4], ".")
	}
	return v, true
}

func (v *SemVer) String() string {
	s := fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch)
	if len(v.Pre) > 0 {
		s += "-" + strings.Join(v.Pre, ".")
	}
	if v.Build != "" {
		s += "+" + v.Build
	}
	return s
}

func (v *SemVer) typeName() string { return "SemVer" }

// toCatalog: a catalog without rich data holds the version's string, as
// Puppet writes it (with a warning, see richString).
func (v *SemVer) toCatalog() catalog.Value { return richScalar("SemVer", v.String()) }

// compareSemVer orders two versions by semver precedence: the numbers,
// then a release after its prereleases, then the prerelease
// identifiers (numeric ones numerically and before alphanumeric ones).
func compareSemVer(a, b *SemVer) int {
	for _, d := range [3]int64{a.Major - b.Major, a.Minor - b.Minor, a.Patch - b.Patch} {
		if d != 0 {
			if d < 0 {
				return -1
			}
			return 1
		}
	}
	switch {
	case len(a.Pre) == 0 && len(b.Pre) == 0:
		return 0
	case len(a.Pre) == 0:
		return 1
	case len(b.Pre) == 0:
		return -1
	}
	for i := 0; i < len(a.Pre) && i < len(b.Pre); i++ {
		x, y := a.Pre[i], b.Pre[i]
		xn, xerr := strconv.ParseInt(x, 10, 64)
		yn, yerr := strconv.ParseInt(y, 10, 64)
		switch {
		case xerr == nil && yerr == nil:
			if xn != yn {
				if xn < yn {
					return -1
				}
				return 1
			}
		case xerr == nil:
			return -1
		case yerr == nil:
			return 1
		default:
			if c := strings.Compare(x, y); c != 0 {
				return c
			}
		}
	}
	return cmpInt(len(a.Pre), len(b.Pre))
}

func cmpInt(a, b int) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// SemVerRange is a set of versions, Puppet's SemVerRange: comparator
// sets joined by ||, each a conjunction of comparisons.
type SemVerRange struct {
	Text string
	Sets [][]semverBound
}

// semverBound is one comparison: op is one of < <= > >= =.
type semverBound struct {
	op string
	v  *SemVer
}

func (r *SemVerRange) String() string   { return r.Text }
func (r *SemVerRange) typeName() string { return "SemVerRange" }
func (r *SemVerRange) toCatalog() catalog.Value {
	return richScalar("SemVerRange", r.Text)
}

// Includes reports whether v is in the range. A prerelease is only in a
// set that names a prerelease of the same major, minor and patch.
func (r *SemVerRange) Includes(v *SemVer) bool {
	for _, set := range r.Sets {
		ok := true
		for _, b := range set {
			if !b.holds(v) {
				ok = false
				break
			}
		}
		if !ok {
			continue
		}
		if len(v.Pre) == 0 {
			return true
		}
		for _, b := range set {
			if len(b.v.Pre) > 0 && b.v.Major == v.Major && b.v.Minor == v.Minor && b.v.Patch == v.Patch {
				return true
			}
		}
	}
	return false
}

func (b semverBound) holds(v *SemVer) bool {
	c := compareSemVer(v, b.v)
	switch b.op {
	case "<":
		return c < 0
	case "<=":
		return c <= 0
	case ">":
		return c > 0
	case ">=":
		return c >= 0
	}
	return c == 0
}

var partialRE = lazyre.New(`^(~>|>=|<=|[<>=~^])?\s*v?(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-([0-9A-Za-z-.]+))?(?:\+([0-9A-Za-z-.]+))?$`)

// parseSemVerRange reads a range as Puppet's SemanticPuppet does:
// comparisons (<, <=, >, >=, =), tilde (~1.2), tilde-arrow (~> 1.2),
// caret (^1.2.3), x-ranges (1.x, 1.2.*), hyphen ranges (1.0.0 - 2.0.0)
// and unions (||).
func parseSemVerRange(text string) (*SemVerRange, bool) {
	r := &SemVerRange{Text: text}
	for _, part := range strings.Split(text, "||") {
		part = strings.TrimSpace(part)
		var set []semverBound
		if part == "" || part == "*" {
			set = []semverBound{{op: ">=", v: &SemVer{}}}
			r.Sets = append(r.Sets, set)
			continue
		}
		if lo, hi, ok := strings.Cut(part, " - "); ok {
			a, ok1 := partialBounds(">=", strings.TrimSpace(lo))
			b, ok2 := partialBounds("<=", strings.TrimSpace(hi))
			if !ok1 || !ok2 {
				return nil, false
			}
			r.Sets = append(r.Sets, append(a, b...))
			continue
		}
		toks := strings.Fields(part)
		for i := 0; i < len(toks); i++ {
			t := toks[i]
			// An operator written apart from its version: ">= 1.0.0".
			if (t == "~>" || t == ">=" || t == "<=" || t == ">" || t == "<" || t == "=" || t == "~" || t == "^") && i+1 < len(toks) {
				t += toks[i+1]
				i++
			}
			bs, ok := partialBounds("", t)
			if !ok {
				return nil, false
			}
			set = append(set, bs...)
		}
		r.Sets = append(r.Sets, set)
	}
	return r, true
}

// partialBounds turns one comparator with a possibly partial version
// into bounds; def is the operator when none is written ("" means an
// exact or x-range match).
func partialBounds(def, t string) ([]semverBound, bool) {
	m := partialRE.FindStringSubmatch(t)
	if m == nil {
		return nil, false
	}
	op := m[1]
	if op == "" {
		op = def
	}
	wild := func(s string) bool { return s == "" || s == "x" || s == "X" || s == "*" }
	num := func(s string) int64 { n, _ := strconv.ParseInt(s, 10, 64); return n }
	parts := 0
	for _, s := range m[2:5] {
		if wild(s) {
			break
		}
		parts++
	}
	v := &SemVer{Major: num(m[2]), Minor: num(m[3]), Patch: num(m[4]), Build: m[6]}
	if parts == 3 && m[5] != "" {
		v.Pre = strings.Split(m[5], ".")
	}
	next := func(level int) *SemVer { // the first version past the given part
		switch level {
		case 0:
			return &SemVer{Major: v.Major + 1}
		case 1:
			return &SemVer{Major: v.Major, Minor: v.Minor + 1}
		}
		return &SemVer{Major: v.Major, Minor: v.Minor, Patch: v.Patch + 1}
	}
	low := &SemVer{Major: v.Major, Minor: v.Minor, Patch: v.Patch, Pre: v.Pre}
	switch op {
	case "~>":
		if parts <= 1 {
			return []semverBound{{">=", low}, {"<", next(0)}}, true
		}
		return []semverBound{{">=", low}, {"<", next(parts - 2)}}, true
	case "~":
		if parts <= 1 {
			return []semverBound{{">=", low}, {"<", next(0)}}, true
		}
		return []semverBound{{">=", low}, {"<", next(1)}}, true
	case "^":
		switch {
		case v.Major > 0 || parts == 1:
			return []semverBound{{">=", low}, {"<", next(0)}}, true
		case v.Minor > 0 || parts == 2:
			return []semverBound{{">=", low}, {"<", next(1)}}, true
		}
		return []semverBound{{">=", low}, {"<", next(2)}}, true
	case ">", "<=":
		if parts < 3 {
			// >1.2 is >=1.3.0; <=1.2 is <1.3.0.
			if op == ">" {
				return []semverBound{{">=", next(parts - 1)}}, parts > 0
			}
			return []semverBound{{"<", next(parts - 1)}}, parts > 0
		}
		return []semverBound{{op, v}}, true
	case ">=", "<":
		return []semverBound{{op, low}}, true
	}
	// = or none: exact, or the x-range.
	if parts == 3 {
		return []semverBound{{"=", v}}, true
	}
	if parts == 0 {
		return []semverBound{{">=", &SemVer{}}}, true
	}
	return []semverBound{{">=", low}, {"<", next(parts - 1)}}, true
}

// newSemVer is SemVer(string), SemVer(major, minor, patch[, prerelease[,
// build]]) or SemVer(hash).
func newSemVer(k *call) (Value, error) {
	switch a := k.args[0].(type) {
	case string:
		if v, ok := parseSemVer(a); ok {
			return v, nil
		}
		return nil, failf("'new_Version' The string '%s' cannot be converted to a SemVer", a)
	case int64:
		if len(k.args) == 1 {
			// Each of SemVer.new's signatures refuses a lone integer.
			pattern := `SemVerPattern = Pattern[/\A(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?\Z/]`
			qualifier := `SemVerQualifier = Pattern[/\A(?<part>[0-9A-Za-z-]+)(?:\.\g<part>)*\Z/]`
			hash := "SemVerHash = Struct[{'major' => PositiveInteger = Integer[0], 'minor' => PositiveInteger = Integer[0], 'patch' => PositiveInteger = Integer[0], Optional['prerelease'] => " + qualifier + ", Optional['build'] => " + qualifier + "}]"
			return nil, failf("The function 'new_Version' was called with arguments it does not accept. It expects one of:\n"+
				"  (%[1]s str)\n    rejected: parameter 'str' expects a match for %[1]s, got Integer\n"+
				"  (PositiveInteger = Integer[0] major, PositiveInteger = Integer[0] minor, PositiveInteger = Integer[0] patch, %[2]s prerelease?, %[2]s build?)\n    rejected: expects between 3 and 5 arguments, got 1\n"+
				"  (%[3]s hash_args)\n    rejected: parameter 'hash_args' expects a %[3]s value, got Integer", pattern, qualifier, hash)
		}
		if len(k.args) < 3 {
			return nil, failf("'new_Version' expects between 3 and 5 arguments, got %d", len(k.args))
		}
		v := &SemVer{Major: a}
		var ok1, ok2 bool
		v.Minor, ok1 = k.args[1].(int64)
		v.Patch, ok2 = k.args[2].(int64)
		if !ok1 || !ok2 {
			return nil, failf("'new_Version' expects Integer values for minor and patch")
		}
		if len(k.args) > 3 && k.args[3] != nil {
			v.Pre = strings.Split(ToS(k.args[3]), ".")
		}
		if len(k.args) > 4 && k.args[4] != nil {
			v.Build = ToS(k.args[4])
		}
		return v, nil
	case *Hash:
		get := func(key string) Value { x, _ := a.Get(key); return x }
		v := &SemVer{}
		v.Major, _ = get("major").(int64)
		v.Minor, _ = get("minor").(int64)
		v.Patch, _ = get("patch").(int64)
		if p := get("prerelease"); p != nil {
			v.Pre = strings.Split(ToS(p), ".")
		}
		if b := get("build"); b != nil {
			v.Build = ToS(b)
		}
		return v, nil
	case *SemVer:
		return a, nil
	}
	return nil, failf("'new_Version' expects a String, Integer or Hash value, got %s", typeName(k.args[0]))
}

// newSemVerRange is SemVerRange(string) or SemVerRange(min, max[,
// exclude_max]).
func newSemVerRange(k *call) (Value, error) {
	switch a := k.args[0].(type) {
	case string:
		if r, ok := parseSemVerRange(a); ok {
			return r, nil
		}
		return nil, failf("Unparsable version range: %q", a)
	case *SemVerRange:
		return a, nil
	}
	if len(k.args) >= 2 {
		lo, ok1 := semverArg(k.args[0])
		hi, ok2 := semverArg(k.args[1])
		if ok1 && ok2 {
			op := "<="
			if len(k.args) > 2 && IsTruthy(k.args[2]) {
				op = "<"
			}
			sep := " - "
			if op == "<" {
				sep = " ... "
			}
			return &SemVerRange{Text: lo.String() + sep + hi.String(), Sets: [][]semverBound{{{">=", lo}, {op, hi}}}}, nil
		}
	}
	return nil, failf("'new_VersionRange' expects a String value, got %s", typeName(k.args[0]))
}

func semverArg(v Value) (*SemVer, bool) {
	switch x := v.(type) {
	case *SemVer:
		return x, true
	case string:
		return parseSemVer(x)
	}
	return nil, false
}

// semverTypeIncludes is the SemVer[ranges...] type's test: a version in
// any of the ranges (no range: any version).
func semverTypeIncludes(params []Value, v Value) bool {
	sv, ok := v.(*SemVer)
	if !ok {
		return false
	}
	if len(params) == 0 {
		return true
	}
	for _, p := range params {
		var r *SemVerRange
		switch x := p.(type) {
		case *SemVerRange:
			r = x
		case string:
			r, _ = parseSemVerRange(x)
		}
		if r != nil && r.Includes(sv) {
			return true
		}
	}
	return false
}
