// Package ast defines the syntax tree of the Puppet language as produced by
// the parser: every node records its start and end byte offsets, a walker
// visits the tree, and Dump renders it as canonical S-expressions for golden
// tests and `ordo parser dump`.
//
// In Puppet everything is an expression, so definitions (class, define,
// node, function, type alias) are Exprs too; the evaluator decides where
// each may appear. Statement lists are plain []Expr.
package ast

import "github.com/ordoproject/ordo/internal/source"

// Node is any syntax tree node. End is the offset just after the node.
type Node interface {
	Pos() source.Pos
	End() source.Pos
}

// Expr is a node that produces a value.
type Expr interface {
	Node
	exprNode()
}

// Span holds a node's source range and implements Node.
type Span struct {
	From, To source.Pos
}

// Pos returns the offset of the node's first byte.
func (s Span) Pos() source.Pos { return s.From }

// End returns the offset just after the node's last byte.
func (s Span) End() source.Pos { return s.To }

// Program is a parsed .pp file or .epp template.
type Program struct {
	Span
	File *source.File
	Body []Expr
	// EPP is set for templates. Their text and <%= %> parts are
	// RenderString and RenderExpr statements in Body.
	EPP bool
	// EPPParams holds the template's "<%- | ... | -%>" parameters;
	// HasEPPParams tells "<%- || -%>" from no parameter tag.
	EPPParams    []*Parameter
	HasEPPParams bool
	// Regexps counts the regular expression literals the parser made
	// (error recovery may have dropped some from Body): none means there
	// is none to look for.
	Regexps int
}

// ---- literals ----

// LiteralString is a string without interpolation: 'x', "x", or a bare word
// such as foo-bar.
type LiteralString struct {
	Span
	Value string
}

// LiteralInteger is an integer literal. Radix is 10, 16 or 8 as written.
type LiteralInteger struct {
	Span
	Value int64
	Radix int
}

// LiteralFloat is a floating point literal.
type LiteralFloat struct {
	Span
	Value float64
}

// LiteralBool is true or false.
type LiteralBool struct {
	Span
	Value bool
}

// LiteralUndef is undef.
type LiteralUndef struct{ Span }

// LiteralDefault is the default keyword.
type LiteralDefault struct{ Span }

// LiteralRegex is /pattern/; Pattern holds the text between the slashes.
type LiteralRegex struct {
	Span
	Pattern string
}

// InterpolatedString is a double-quoted string or heredoc body with
// interpolation. Parts are *LiteralString and *TextExpr.
type InterpolatedString struct {
	Span
	Parts []Expr
}

// TextExpr is an interpolated "$x" or "${expr}" inside a string; the value
// of Expr is converted to a string.
type TextExpr struct {
	Span
	Expr Expr
}

// Heredoc is @(TAG:syntax) text. Its range is the "@(...)" tag; Text (a
// *LiteralString or *InterpolatedString) has the range of the body lines,
// which come after the tag's line, so it is not inside the Heredoc's range.
type Heredoc struct {
	Span
	Syntax string
	Text   Expr
}

// QualifiedName is a lower-case name: foo, foo::bar, ::foo. As a value it is
// a string; before parentheses it names a function.
type QualifiedName struct {
	Span
	Name string
}

// QualifiedReference is a capitalized name denoting a type: File, Foo::Bar.
type QualifiedReference struct {
	Span
	Name string
}

// ReservedWord is a word reserved for future use (private, attr).
type ReservedWord struct {
	Span
	Word string
}

// Variable is $name. Name excludes the '$' and may be qualified ("::x",
// "a::b") or numeric ("0" for a regex match group).
type Variable struct {
	Span
	Name string
}

// ArrayExpr is [a, b, ...].
type ArrayExpr struct {
	Span
	Elems []Expr
}

// HashEntry is key => value in a hash or in access arguments.
type HashEntry struct {
	Span
	Key, Value Expr
}

func (*HashEntry) exprNode() {}

// HashExpr is { k => v, ... }.
type HashExpr struct {
	Span
	Entries []*HashEntry
}

// ---- operators ----

// UnaryOp is a prefix operator.
type UnaryOp int

// Unary operators.
const (
	Not   UnaryOp = iota // !x
	Neg                  // -x
	Splat                // *x (unfold an array into arguments or case options)
)

var unaryOpText = [...]string{Not: "!", Neg: "-", Splat: "*"}

func (o UnaryOp) String() string { return unaryOpText[o] }

// UnaryExpr is Op X.
type UnaryExpr struct {
	Span
	Op UnaryOp
	X  Expr
}

// BinaryOp is an infix operator other than assignment and relationships.
type BinaryOp int

// Binary operators.
const (
	Add     BinaryOp = iota // +
	Sub                     // -
	Mul                     // *
	Div                     // /
	Mod                     // %
	LShift                  // <<
	RShift                  // >>
	Eq                      // ==
	Ne                      // !=
	Lt                      // <
	Le                      // <=
	Gt                      // >
	Ge                      // >=
	Match                   // =~
	NoMatch                 // !~
	In                      // in
	And                     // and
	Or                      // or
)

var binaryOpText = [...]string{
	Add: "+", Sub: "-", Mul: "*", Div: "/", Mod: "%", LShift: "<<", RShift: ">>", Eq: "==",
	Ne: "!=", Lt: "<", Le: "<=", Gt: ">", Ge: ">=", Match: "=~", NoMatch: "!~", In: "in",
	And: "and", Or: "or",
}

func (o BinaryOp) String() string { return binaryOpText[o] }

// BinaryExpr is Left Op Right. OpPos is the offset of the operator, where
// Puppet reports problems with the expression.
type BinaryExpr struct {
	Span
	Op          BinaryOp
	OpPos       source.Pos
	Left, Right Expr
}

// AssignExpr is Left = Right. Left is a *Variable or an *ArrayExpr of them.
type AssignExpr struct {
	Span
	Left, Right Expr
}

// RelationshipOp is a chaining arrow.
type RelationshipOp int

// Chaining arrows.
const (
	Before    RelationshipOp = iota // ->  left before right
	Notify                          // ~>  left before right, and refreshes it
	After                           // <-  right before left
	Subscribe                       // <~  right before left, and refreshes it
)

var relOpText = [...]string{Before: "->", Notify: "~>", After: "<-", Subscribe: "<~"}

func (o RelationshipOp) String() string { return relOpText[o] }

// RelationshipExpr is Left Op Right; chains are left-associative.
type RelationshipExpr struct {
	Span
	Op          RelationshipOp
	Left, Right Expr
}

// ParenExpr is (X).
type ParenExpr struct {
	Span
	X Expr
}

// AccessExpr is X[Keys...]: indexing, slicing, type parameters
// (Optional[String]) and resource references (File['a', 'b']).
type AccessExpr struct {
	Span
	X    Expr
	Keys []Expr
}

// SelectorEntry is Match => Value inside a selector.
type SelectorEntry struct {
	Span
	Match, Value Expr
}

// SelectorExpr is X ? { match => value, ... }.
type SelectorExpr struct {
	Span
	X       Expr
	Entries []*SelectorEntry
}

// ---- calls ----

// Parameter is one parameter of a class, define, function, lambda or EPP
// template: [Type] [*]$Name [= Default]. Its range covers all of that.
type Parameter struct {
	Span
	Name    string
	Type    Expr // nil when untyped
	Default Expr // nil when none
	Splat   bool // *$rest captures the remaining arguments
}

// Lambda is |params| >> ReturnType { body } attached to a call.
type Lambda struct {
	Span
	Params     []*Parameter
	ReturnType Expr // nil when not declared
	Body       []Expr
}

// CallNamedFunction is name(args) or a statement call without parentheses
// (include a, b). Func is a *QualifiedName, or a *QualifiedReference for
// type conversion calls such as Integer('1'). Arguments written as
// key => value pairs arrive as one *HashExpr, as in Puppet. A bare name,
// even return, next or break, is a *QualifiedName, not a call.
type CallNamedFunction struct {
	Span
	Func   Expr
	Args   []Expr
	Lambda *Lambda // nil when none
	Parens bool    // written with parentheses
}

// CallMethod is Receiver.Name(args) |lambda| {...}.
type CallMethod struct {
	Span
	Receiver Expr
	Name     string
	Args     []Expr
	Lambda   *Lambda
	Parens   bool
}

// ---- control flow ----

// IfExpr is if/elsif/else; an elsif is an Else holding one *IfExpr with
// Elsif set.
type IfExpr struct {
	Span
	Cond  Expr
	Then  []Expr
	Else  []Expr
	Elsif bool // this if came from an elsif
}

// UnlessExpr is unless Cond { Then } else { Else }.
type UnlessExpr struct {
	Span
	Cond Expr
	Then []Expr
	Else []Expr
}

// CaseOption is values: { body } inside a case.
type CaseOption struct {
	Span
	Values []Expr
	Body   []Expr
}

// CaseExpr is case Subject { options }.
type CaseExpr struct {
	Span
	Subject Expr
	Options []*CaseOption
}

// ---- resources ----

// ResourceForm tells a declared resource from a virtual or exported one.
type ResourceForm int

// Resource forms.
const (
	Regular  ResourceForm = iota
	Virtual               // @type { ... }
	Exported              // @@type { ... }
)

var formText = [...]string{Regular: "regular", Virtual: "virtual", Exported: "exported"}

func (f ResourceForm) String() string { return formText[f] }

// AttributeOpKind is how an attribute operation combines with the value.
type AttributeOpKind int

// Attribute operations.
const (
	AttrAssign AttributeOpKind = iota // name => value
	AttrAppend                        // name +> value (amend an override or collector)
	AttrSplat                         // * => hash (attributes from a hash)
)

// AttributeOp is one attribute setting in a resource body.
type AttributeOp struct {
	Span
	Name  string // "*" for AttrSplat
	Op    AttributeOpKind
	Value Expr
}

// ResourceBody is Title: attributes inside a resource expression. A title of
// *LiteralDefault makes a "default:" body whose attributes apply to the
// other bodies.
type ResourceBody struct {
	Span
	Title Expr
	Ops   []*AttributeOp
}

// ResourceExpr declares resources: type { title: ... ; title2: ... }.
// TypeName is a *QualifiedName (file, foo::bar, class), or, as the grammar
// allows any expression there, a *QualifiedReference (File { 'x': }), an
// *AccessExpr (Resource[File] { 'x': }) or a *Variable ($type { 'x': }).
type ResourceExpr struct {
	Span
	Form     ResourceForm
	TypeName Expr
	Bodies   []*ResourceBody
}

// ResourceDefaultsExpr sets defaults for a type: File { mode => '0644' }.
type ResourceDefaultsExpr struct {
	Span
	Form     ResourceForm
	TypeName Expr // *QualifiedReference
	Ops      []*AttributeOp
}

// ResourceOverrideExpr amends resources already declared:
// File['/x'] { mode => '0600' }. Resources is an *AccessExpr; as in
// Puppet, Resource[File] { ... } (attributes without a title) is also an
// override, whose evaluation decides what it means.
type ResourceOverrideExpr struct {
	Span
	Form      ResourceForm
	Resources Expr
	Ops       []*AttributeOp
}

// CollectExpr is Type <| query |> (Exported: Type <<| query |>>) with
// optional override attributes { ... }. Query is nil for an empty query.
type CollectExpr struct {
	Span
	TypeName  Expr // *QualifiedReference
	Query     Expr
	Exported  bool
	Overrides []*AttributeOp
}

// ---- definitions ----

// ClassDef is class name(params) inherits parent { body }.
type ClassDef struct {
	Span
	Name   string
	Params []*Parameter
	Parent string // "" when none
	Body   []Expr
}

// DefineDef is define name(params) { body }.
type DefineDef struct {
	Span
	Name   string
	Params []*Parameter
	Body   []Expr
}

// NodeDef is node matches inherits parent { body }. Matches are
// *LiteralString (names, dotted names), *LiteralRegex and *LiteralDefault.
type NodeDef struct {
	Span
	Matches []Expr
	Parent  Expr // nil when none
	Body    []Expr
}

// FunctionDef is a function written in Puppet:
// function name(params) >> ReturnType { body }.
type FunctionDef struct {
	Span
	Name       string
	Params     []*Parameter
	ReturnType Expr
	Body       []Expr
}

// TypeAlias is type Name = Type.
type TypeAlias struct {
	Span
	Name string
	Type Expr
}

// ---- EPP ----

// RenderString is template text, output as is.
type RenderString struct {
	Span
	Text string
}

// RenderExpr is <%= X %>: X's value is output.
type RenderExpr struct {
	Span
	X Expr
}

// BlockExpr is a sequence of expressions whose value is the last one's, as
// in <%= { $a = 1 $a + 1 } %>.
type BlockExpr struct {
	Span
	Body []Expr
}

// BadExpr stands where the parser could not make sense of the input.
type BadExpr struct{ Span }

func (*LiteralString) exprNode()        {}
func (*LiteralInteger) exprNode()       {}
func (*LiteralFloat) exprNode()         {}
func (*LiteralBool) exprNode()          {}
func (*LiteralUndef) exprNode()         {}
func (*LiteralDefault) exprNode()       {}
func (*LiteralRegex) exprNode()         {}
func (*InterpolatedString) exprNode()   {}
func (*TextExpr) exprNode()             {}
func (*Heredoc) exprNode()              {}
func (*QualifiedName) exprNode()        {}
func (*QualifiedReference) exprNode()   {}
func (*ReservedWord) exprNode()         {}
func (*Variable) exprNode()             {}
func (*ArrayExpr) exprNode()            {}
func (*HashExpr) exprNode()             {}
func (*UnaryExpr) exprNode()            {}
func (*BinaryExpr) exprNode()           {}
func (*AssignExpr) exprNode()           {}
func (*RelationshipExpr) exprNode()     {}
func (*ParenExpr) exprNode()            {}
func (*AccessExpr) exprNode()           {}
func (*SelectorExpr) exprNode()         {}
func (*CallNamedFunction) exprNode()    {}
func (*CallMethod) exprNode()           {}
func (*IfExpr) exprNode()               {}
func (*UnlessExpr) exprNode()           {}
func (*CaseExpr) exprNode()             {}
func (*ResourceExpr) exprNode()         {}
func (*ResourceDefaultsExpr) exprNode() {}
func (*ResourceOverrideExpr) exprNode() {}
func (*CollectExpr) exprNode()          {}
func (*ClassDef) exprNode()             {}
func (*DefineDef) exprNode()            {}
func (*NodeDef) exprNode()              {}
func (*FunctionDef) exprNode()          {}
func (*TypeAlias) exprNode()            {}
func (*RenderString) exprNode()         {}
func (*RenderExpr) exprNode()           {}
func (*BadExpr) exprNode()              {}
func (*BlockExpr) exprNode()            {}
