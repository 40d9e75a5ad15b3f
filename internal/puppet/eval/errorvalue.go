package eval

import "github.com/ordoproject/ordo/internal/catalog"

// ErrorValue is Puppet's Error object: a message, a kind, details and
// an issue code.
type ErrorValue struct {
	Msg, Kind, IssueCode string
	Details              Value
	hasKind, hasIssue    bool
	hasDetails           bool
}

func (e *ErrorValue) attrs() *Hash {
	h := NewHash()
	h.Set("msg", e.Msg)
	if e.hasKind {
		h.Set("kind", e.Kind)
	}
	if e.hasDetails {
		h.Set("details", e.Details)
	}
	if e.hasIssue {
		h.Set("issue_code", e.IssueCode)
	}
	return h
}

// String is how Puppet prints an Error: Error({'msg' => ..., ...}).
func (e *ErrorValue) String() string { return "Error(" + inspectQuoted(e.attrs()) + ")" }

func (e *ErrorValue) typeName() string { return "Error" }

func (e *ErrorValue) toCatalog() catalog.Value { return e.String() }

// attr is the value of one of the Error's attributes, read as a method
// call ($e.message, $e.kind, $e.details, $e.issue_code).
func (e *ErrorValue) attr(name string) (Value, bool) {
	switch name {
	case "message", "msg":
		return e.Msg, true
	case "kind":
		if !e.hasKind {
			return nil, true
		}
		return e.Kind, true
	case "details":
		if !e.hasDetails {
			return nil, true
		}
		return e.Details, true
	case "issue_code":
		if !e.hasIssue {
			return nil, true
		}
		return e.IssueCode, true
	}
	return nil, false
}

// newError is Error(message[, kind[, details[, issue_code]]]) or
// Error(hash).
func newError(k *call) (Value, error) {
	e := &ErrorValue{}
	if h, ok := k.args[0].(*Hash); ok && len(k.args) == 1 {
		get := func(key string) (Value, bool) { return h.Get(key) }
		if m, ok := get("msg"); ok {
			e.Msg = ToS(m)
		} else if m, ok := get("message"); ok {
			e.Msg = ToS(m)
		}
		if v, ok := get("kind"); ok && v != nil {
			e.Kind, e.hasKind = ToS(v), true
		}
		if v, ok := get("details"); ok && v != nil {
			e.Details, e.hasDetails = v, true
		}
		if v, ok := get("issue_code"); ok && v != nil {
			e.IssueCode, e.hasIssue = ToS(v), true
		}
		return e, nil
	}
	msg, ok := k.args[0].(string)
	if !ok {
		hashRejected := "parameter 'hash' expects a Struct value, got " + typeName(k.args[0])
		if len(k.args) > 1 {
			hashRejected = "expects 1 argument, got " + countText(len(k.args))
		}
		return nil, failf("The function 'new_Error' was called with arguments it does not accept. It expects one of:\n"+
			"  (Struct[{'msg' => String[1], 'kind' => Optional[String[1]], 'details' => Optional[Hash[String[1], Data]], 'issue_code' => Optional[String[1]]}] hash)\n"+
			"    rejected: %s\n"+
			"  (String[1] msg, String[1] kind?, Hash[String[1], Data] details?, String[1] issue_code?)\n"+
			"    rejected: parameter 'msg' expects a String value, got %s", hashRejected, inferredTypeName(k.args[0]))
	}
	e.Msg = msg
	if len(k.args) > 1 && k.args[1] != nil {
		e.Kind, e.hasKind = ToS(k.args[1]), true
	}
	if len(k.args) > 2 && k.args[2] != nil {
		e.Details, e.hasDetails = k.args[2], true
	}
	if len(k.args) > 3 && k.args[3] != nil {
		e.IssueCode, e.hasIssue = ToS(k.args[3]), true
	}
	return e, nil
}

// errorTypeIncludes is the Error[kind, issue_code] type's test.
func errorTypeIncludes(params []Value, v Value) bool {
	e, ok := v.(*ErrorValue)
	if !ok {
		return false
	}
	if len(params) > 0 && params[0] != nil {
		if !matchesTypeParam(params[0], e.Kind) {
			return false
		}
	}
	if len(params) > 1 && params[1] != nil {
		if !matchesTypeParam(params[1], e.IssueCode) {
			return false
		}
	}
	return true
}

// matchesTypeParam compares a string type parameter (or a regexp) with a
// value.
func matchesTypeParam(p Value, s string) bool {
	switch x := p.(type) {
	case string:
		return x == s
	case *Regexp:
		return x.Re.MatchString(s)
	}
	return true
}
