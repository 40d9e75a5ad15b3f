package catalog

import "fmt"

// EdgeKind is what a relationship means. Puppet's metaparameters and
// arrows and Salt's requisites all lower into these few kinds; for an
// edge A -> B (A the source, applied first):
//
//	kind      meaning                                         Puppet                                  Salt
//	Order     B runs after A; skipped if A failed             before/require, ->/<-, stages,          require(_in, _any)
//	                                                          autorequire
//	Refresh   Order, and B refreshes once if A changed        notify/subscribe, ~>/<~, containment    watch(_in, _any), listen
//	                                                          (events pass through containers)
//	OnChange  Order, and B runs only if A changed             exec refreshonly + refresh              onchanges(_in, _any)
//	OnFail    B runs after A, and only if A failed            -                                       onfail(_in, _any, _all)
//	PreCheck  B is dry-run first; A runs before B only if     -                                       prereq(_in): A has
//	          B would change, and B is skipped if A failed                                            prereq B
//
// Salt's _any forms, plain onfail and onfail_all group the edges of one
// kind into one target: see Quantifier.
//
// A PreCheck edge points the way the two run: from the prerequiring
// resource (A, run first when it is needed) to the resource it watches
// (B, tried in a dry run before A's turn). The transaction decides, in
// one place per kind (see package apply), whether a target may run given
// each source's outcome.
type EdgeKind uint8

const (
	Order EdgeKind = iota
	Refresh
	OnChange
	OnFail
	PreCheck
)

// Refreshes reports whether events travel along edges of this kind: the
// target of a Refresh edge is refreshed once when its source changed.
func (k EdgeKind) Refreshes() bool { return k == Refresh }

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
	// Column is the column (in characters, 1-based) of the declaration
	// on Line; 0 when only the line is known, as in a catalog read from
	// JSON.
	Column int
}

func (p Provenance) String() string {
	switch {
	case p.File != "" && p.Line > 0 && p.Column > 0:
		return fmt.Sprintf("%s at %s:%d:%d", p.Via, p.File, p.Line, p.Column)
	case p.File != "" && p.Line > 0:
		return fmt.Sprintf("%s at %s:%d", p.Via, p.File, p.Line)
	case p.File != "":
		return fmt.Sprintf("%s in %s", p.Via, p.File)
	}
	return p.Via
}

// Quantifier says how the edges of one kind into one target count
// together when the target decides whether it runs. Puppet's edges, and
// Salt's plain requisites, want every source (All); Salt's _any forms
// (and plain onfail) are satisfied by one source (Any).
//
//	kind      All                                     Any
//	Order     skipped if any source failed            skipped only if no source succeeded
//	Refresh   as Order                                as Order
//	OnChange  runs if one changed; fails if one       runs if one changed, whatever failed
//	          failed
//	OnFail    runs only if every source failed        runs if one source failed
type Quantifier uint8

const (
	All Quantifier = iota
	Any
)

func (q Quantifier) String() string {
	if q == Any {
		return "any"
	}
	return "all"
}

// Relationship is an edge declared between two resources: Source is
// applied before Target.
type Relationship struct {
	Source, Target Ref
	Kind           EdgeKind
	// Quantifier groups the relationships of one kind into Target.
	Quantifier Quantifier
	Origin     Provenance
}
