package catalog

import "fmt"

// EdgeKind is what a relationship means. Puppet's metaparameters and
// arrows and Salt's requisites all lower into these few kinds:
//
//	kind      meaning                                         Puppet                                  Salt
//	Order     B runs after A; skipped if A failed             before/require, ->/<-, containment,     require(_in, _any)
//	                                                          stages, autorequire
//	Refresh   Order, and B refreshes once if A changed        notify/subscribe, ~>/<~                 watch(_in, _any), listen
//	OnChange  Order, and B runs only if A changed             exec refreshonly + refresh              onchanges(_in, _any)
//	OnFail    Order, and B runs only if A failed              -                                       onfail(_in, _any)
//	PreCheck  A is dry-run first; B runs before A only if     -                                       prereq(_in)
//	          A would change
type EdgeKind int

const (
	Order EdgeKind = iota
	Refresh
	OnChange
	OnFail
	PreCheck
)

func (k EdgeKind) String() string {
	switch k {
	case Order:
		return "order"
	case Refresh:
		return "refresh"
	case OnChange:
		return "on-change"
	case OnFail:
		return "on-fail"
	case PreCheck:
		return "pre-check"
	}
	return fmt.Sprintf("EdgeKind(%d)", int(k))
}

// Provenance says why an edge exists: the declaration that made it and
// where it was written.
type Provenance struct {
	// Via names the declaration: "require", "before", "notify",
	// "subscribe", "->", "~>", "autorequire", "contains", "stage", a Salt
	// requisite name, ...
	Via  string
	File string
	Line int
}

func (p Provenance) String() string {
	switch {
	case p.File != "" && p.Line > 0:
		return fmt.Sprintf("%s at %s:%d", p.Via, p.File, p.Line)
	case p.File != "":
		return fmt.Sprintf("%s in %s", p.Via, p.File)
	}
	return p.Via
}

// Relationship is an edge declared between two resources: Source is
// applied before Target.
type Relationship struct {
	Source, Target Ref
	Kind           EdgeKind
	Origin         Provenance
}
