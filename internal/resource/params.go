package resource

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
)

// UnknownParamError is an attribute that neither the type nor the
// metaparameters know.
type UnknownParamError struct {
	Ref        catalog.Ref
	Param      string
	Suggestion string // "" when nothing is close
}

func (e *UnknownParamError) Error() string {
	msg := fmt.Sprintf("no parameter named '%s' on %s", e.Param, e.Ref)
	if e.Suggestion != "" {
		msg += fmt.Sprintf("; did you mean '%s'?", e.Suggestion)
	}
	return msg
}

// CheckParams reports the first parameter of r that t does not accept,
// with the closest valid name as a suggestion.
func CheckParams(t Type, r *catalog.Resource) error {
	return checkParams(t.Attributes(), r)
}

// checkParams is CheckParams against a known attribute list. It runs for
// every resource of a catalog, so it allocates nothing unless r is wrong.
func checkParams(attrs []Attribute, r *catalog.Resource) error {
	for _, p := range r.Params {
		if p.Name == "name" || IsMetaparam(p.Name) || hasAttribute(attrs, p.Name) {
			continue
		}
		names := make([]string, len(attrs))
		for i, a := range attrs {
			names[i] = a.Name
		}
		return &UnknownParamError{Ref: r.Ref(), Param: p.Name, Suggestion: Suggest(p.Name, names)}
	}
	return nil
}

func hasAttribute(attrs []Attribute, name string) bool {
	for _, a := range attrs {
		if a.Name == name {
			return true
		}
	}
	return false
}

// Suggest returns the candidate closest to name by edit distance, or ""
// when none is within a third of the name's length (at least 1, at most 3).
func Suggest(name string, candidates []string) string {
	limit := len(name) / 3
	if limit < 1 {
		limit = 1
	}
	if limit > 3 {
		limit = 3
	}
	best, bestDist := "", limit+1
	for _, c := range candidates {
		if d := distance(name, c); d < bestDist {
			best, bestDist = c, d
		}
	}
	return best
}

// distance is the Levenshtein distance between a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

// ParamError is an invalid attribute value, worded as Puppet words it:
// "Parameter mode failed on File[/x]: <what is wrong>".
type ParamError struct {
	Ref   catalog.Ref
	Param string
	Msg   string
}

func (e *ParamError) Error() string {
	return fmt.Sprintf("Parameter %s failed on %s: %s", e.Param, e.Ref, e.Msg)
}

// Inspect renders a bad value the way Puppet quotes it in errors:
// strings in double quotes, arrays of them in brackets, others bare.
func Inspect(v catalog.Value) string {
	switch x := v.(type) {
	case string:
		return strconv.Quote(x)
	case []catalog.Value:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = Inspect(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	return catalog.Scalar(v)
}

// RubyClass names the Ruby class Puppet's agent sees for a catalog value,
// as its type-mismatch errors do ("must be a String, not 'Integer'").
func RubyClass(v catalog.Value) string {
	switch v.(type) {
	case nil:
		return "NilClass"
	case bool:
		if v == true {
			return "TrueClass"
		}
		return "FalseClass"
	case int64, int:
		return "Integer"
	case float64:
		return "Float"
	case []catalog.Value:
		return "Array"
	case *catalog.Hash:
		return "Hash"
	}
	return "String"
}
