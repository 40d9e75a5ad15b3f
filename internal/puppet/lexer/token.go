// Package lexer turns Puppet manifest (.pp) and EPP template (.epp) source
// into tokens, resolving the context-dependent cases (regex or division,
// list start or access bracket, heredoc bodies, string interpolation) the way
// Puppet's own lexer does.
package lexer

import (
	"fmt"

	"github.com/ordoproject/ordo/internal/source"
)

// Kind is the kind of a token.
type Kind int

// Token kinds.
const (
	EOF Kind = iota

	Name     // lower-case (possibly qualified) name: file, foo::bar, ::foo
	Word     // bare word that is not a name: foo-bar, _x
	TypeRef  // capitalized name: File, Foo::Bar
	Variable // $x, $::x, $a::b; Text holds the name without '$'
	Number   // Text holds the literal as written
	String   // quoted string without interpolation; Text holds the value
	DQString // double-quoted string with interpolation; Segments hold it
	Heredoc  // @(TAG); Segments hold the body, Syntax the :tag
	Regex    // /re/; Text holds the pattern between the slashes

	// Keywords.
	KwAnd
	KwAttr
	KwCase
	KwClass
	KwDefault
	KwDefine
	KwElse
	KwElsif
	KwFalse
	KwFunction
	KwIf
	KwIn
	KwInherits
	KwNode
	KwOr
	KwPrivate
	KwTrue
	KwType
	KwUndef
	KwUnless

	// Punctuation and operators.
	LBrack     // [ directly after a token: access
	ListStart  // [ after whitespace or at the start: array
	RBrack     // ]
	LBrace     // {
	RBrace     // }
	LParen     // ( continuing a line: call arguments or grouping
	WSLParen   // ( first on its line: never call arguments
	RParen     // )
	Assign     // =
	Appends    // +=
	Deletes    // -=
	Eq         // ==
	Ne         // !=
	Match      // =~
	NoMatch    // !~
	Ge         // >=
	Gt         // >
	Le         // <=
	Lt         // <
	FArrow     // =>
	PArrow     // +>
	Plus       // +
	Minus      // -
	Times      // *
	Div        // /
	Mod        // %
	LShift     // <<
	RShift     // >>
	Not        // !
	Dot        // .
	Pipe       // |
	At         // @
	AtAt       // @@
	Colon      // :
	Comma      // ,
	Semi       // ;
	QMark      // ?
	InEdge     // <-
	InEdgeSub  // <~
	OutEdge    // ->
	OutEdgeSub // ~>
	LCollect   // <|
	RCollect   // |>
	LLCollect  // <<|
	RRCollect  // |>>

	// EPP templates.
	RenderString // text outside <% %>; Text holds it
	RenderExpr   // <%= (the expression follows)
	EPPEnd       // %> or -%> closing a <%= tag
)

var kindText = map[Kind]string{
	EOF: "end of input", Name: "name", Word: "word", TypeRef: "type name", Variable: "variable",
	Number: "number", String: "string", DQString: "string", Heredoc: "heredoc", Regex: "regex",
	KwAnd: "and", KwAttr: "attr", KwCase: "case", KwClass: "class", KwDefault: "default",
	KwDefine: "define", KwElse: "else", KwElsif: "elsif", KwFalse: "false", KwFunction: "function",
	KwIf: "if", KwIn: "in", KwInherits: "inherits", KwNode: "node", KwOr: "or", KwPrivate: "private",
	KwTrue: "true", KwType: "type", KwUndef: "undef", KwUnless: "unless",
	LBrack: "[", ListStart: "[", RBrack: "]", LBrace: "{", RBrace: "}", LParen: "(", WSLParen: "(",
	RParen: ")", Assign: "=", Appends: "+=", Deletes: "-=", Eq: "==", Ne: "!=", Match: "=~",
	NoMatch: "!~", Ge: ">=", Gt: ">", Le: "<=", Lt: "<", FArrow: "=>", PArrow: "+>", Plus: "+",
	Minus: "-", Times: "*", Div: "/", Mod: "%", LShift: "<<", RShift: ">>", Not: "!", Dot: ".",
	Pipe: "|", At: "@", AtAt: "@@", Colon: ":", Comma: ",", Semi: ";", QMark: "?", InEdge: "<-",
	InEdgeSub: "<~", OutEdge: "->", OutEdgeSub: "~>", LCollect: "<|", RCollect: "|>",
	LLCollect: "<<|", RRCollect: "|>>", RenderString: "epp text", RenderExpr: "<%=", EPPEnd: "%>",
}

func (k Kind) String() string {
	if s, ok := kindText[k]; ok {
		return s
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// IsKeyword reports whether k is a reserved word.
func (k Kind) IsKeyword() bool { return k >= KwAnd && k <= KwUnless }

var keywords = map[string]Kind{
	"and": KwAnd, "attr": KwAttr, "case": KwCase, "class": KwClass, "default": KwDefault,
	"define": KwDefine, "else": KwElse, "elsif": KwElsif, "false": KwFalse, "function": KwFunction,
	"if": KwIf, "in": KwIn, "inherits": KwInherits, "node": KwNode, "or": KwOr, "private": KwPrivate,
	"true": KwTrue, "type": KwType, "undef": KwUndef, "unless": KwUnless,
}

// SegmentKind says what a piece of an interpolated string is.
type SegmentKind int

// Segment kinds.
const (
	SegText SegmentKind = iota // literal text (escapes already processed)
	SegVar                     // "$name"
	SegExpr                    // "${ tokens }"
)

// Segment is one piece of a double-quoted string or heredoc body.
type Segment struct {
	Kind     SegmentKind
	Pos, End source.Pos // the source span, including "$" or "${" "}"
	Text     string     // SegText: the text; SegVar: the variable name
	Tokens   []Token    // SegExpr: the tokens between "${" and "}", ending in EOF
}

// Token is one lexical token.
type Token struct {
	Kind     Kind
	Pos, End source.Pos
	Text     string   // value: see the Kind's comment
	Str      *StrInfo // DQString and Heredoc only
}

// StrInfo holds the parts of an interpolated string or heredoc.
type StrInfo struct {
	Segments []Segment // nil for a heredoc without interpolation
	Syntax   string    // Heredoc: the syntax tag after ':', if any
	// Heredoc: the range of the body lines (the tag's token range is
	// only "@(...)").
	BodyPos, BodyEnd source.Pos
}

// Segments returns the pieces of an interpolated string or heredoc.
func (t Token) Segments() []Segment {
	if t.Str == nil {
		return nil
	}
	return t.Str.Segments
}

// Syntax returns a heredoc's syntax tag.
func (t Token) Syntax() string {
	if t.Str == nil {
		return ""
	}
	return t.Str.Syntax
}

// Src returns the token as it appears in text, the source as a string
// (source.File.Text), without a copy.
func (t Token) Src(text string) string {
	if t.Pos < 0 || int(t.End) > len(text) || t.End < t.Pos {
		return ""
	}
	return text[t.Pos:t.End]
}
