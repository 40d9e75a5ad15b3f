package ruby

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// Script is a Ruby program as ERB compiles a template into one: code with
// TextMarker and OutputMarker standing for the template's text and `<%= %>`.
type Script struct {
	Code  []byte
	Texts []string
	// ResultMarker says the code ends with ResultMarker: Run then makes
	// the output the value of the last statement when a comment hid the
	// marker, as ERB's result does.
	ResultMarker bool
}

// Program is a parsed script, ready to run any number of times.
type Program struct {
	body         Node
	resultMarker bool
}

// Error is a syntax or runtime error at an offset of the script.
type Error struct {
	Offset int
	// Class is the Ruby exception class: SyntaxError, NoMethodError,
	// TypeError, ArgumentError, NameError, ZeroDivisionError,
	// RuntimeError ...; NotImplementedError marks a construct this
	// interpreter does not support.
	Class string
	Msg   string
	// Cause is the host's error when a host call failed.
	Cause error
}

func (e *Error) Error() string { return e.Msg }

func (e *Error) Unwrap() error { return e.Cause }

// Unsupported reports whether the error names a Ruby construct that this
// interpreter does not implement (rather than an error Ruby raises too).
func (e *Error) Unsupported() bool { return e.Class == "NotImplementedError" }

type parser struct {
	script *Script
	lex    *lexer
	tok    token
	ahead  []token
	scopes []map[string]bool // local variables, innermost last
	noDo   int               // > 0 while `do` belongs to an enclosing construct
	err    *Error
	// numbered holds, for each block being parsed without parameters,
	// the highest numbered parameter (_1.._9) its body uses.
	numbered []int
	depth    int // nesting of expressions, bounded so that no input exhausts the stack
}

type bailout struct{}

// Parse parses a script.
func Parse(s *Script) (prog *Program, err error) {
	p := &parser{script: s, scopes: []map[string]bool{{}}}
	p.lex = newLexer(s.Code, 0, len(s.Code), p.isLocal)
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			prog, err = nil, p.err
		}
	}()
	p.advance()
	body := p.stmts()
	if p.tok.kind != tEOF {
		p.unexpected()
	}
	return &Program{body: body, resultMarker: s.ResultMarker}, nil
}

func (p *parser) isLocal(name string) bool {
	for i := len(p.scopes) - 1; i >= 0; i-- {
		if p.scopes[i][name] {
			return true
		}
	}
	return false
}

func (p *parser) declare(name string) { p.scopes[len(p.scopes)-1][name] = true }

func (p *parser) advance() {
	if len(p.ahead) > 0 {
		p.tok = p.ahead[0]
		p.ahead = p.ahead[1:]
	} else {
		p.tok = p.lex.next()
	}
	if p.lex.err != nil && p.tok.kind == tEOF {
		p.failAt(p.lex.err.pos, "SyntaxError", "%s", p.lex.err.msg)
	}
}

// peek returns the token after the current one.
func (p *parser) peek() token {
	if len(p.ahead) == 0 {
		p.ahead = append(p.ahead, p.lex.next())
	}
	return p.ahead[0]
}

func (p *parser) failAt(pos int, class, format string, args ...any) {
	if p.err == nil {
		p.err = &Error{Offset: pos, Class: class, Msg: fmt.Sprintf(format, args...)}
	}
	panic(bailout{})
}

func (p *parser) unsupported(pos int, what string) {
	p.failAt(pos, "NotImplementedError", "%s is not supported in templates", what)
}

func describe(t token) string {
	switch t.kind {
	case tEOF:
		return "end-of-input"
	case tNL:
		if t.text == ";" {
			return "';'"
		}
		return "end-of-line"
	case tText:
		return "template text"
	case tOutput:
		return "'<%='"
	case tString:
		return "string literal"
	case tInt, tFloat:
		return "number " + t.text
	case tKeyword:
		return "`" + t.text + "'"
	case tIdent:
		return "local variable or method '" + t.text + "'"
	case tConst:
		return "constant " + t.text
	case tIVar:
		return "instance variable @" + t.text
	case tLabel:
		return "label " + t.text + ":"
	}
	return "'" + t.text + "'"
}

func (p *parser) unexpected() {
	p.failAt(p.tok.pos, "SyntaxError", "syntax error, unexpected %s", describe(p.tok))
}

func (p *parser) isOp(s string) bool      { return p.tok.kind == tOp && p.tok.text == s }
func (p *parser) isKeyword(s string) bool { return p.tok.kind == tKeyword && p.tok.text == s }

func (p *parser) expectOp(s string) {
	if !p.isOp(s) {
		p.failAt(p.tok.pos, "SyntaxError", "syntax error, unexpected %s, expecting '%s'", describe(p.tok), s)
	}
	p.advance()
}

func (p *parser) expectKeyword(s string) {
	if !p.isKeyword(s) {
		p.failAt(p.tok.pos, "SyntaxError", "syntax error, unexpected %s, expecting `%s'", describe(p.tok), s)
	}
	p.advance()
}

// skipNewlines skips line breaks but not ';', which ends a statement
// where Ruby wants an operand.
func (p *parser) skipNewlines() {
	for p.tok.kind == tNL && p.tok.text == "\n" {
		p.advance()
	}
}

func (p *parser) skipTerms() {
	for p.tok.kind == tNL {
		p.advance()
	}
}

// stmts parses statements up to a keyword that ends a body (end, else,
// elsif, when, rescue, ensure, '}') or the end of input.
func (p *parser) stmts() Node {
	s := &seq{node: node{p.tok.pos}}
	for {
		p.skipTerms()
		if p.atBodyEnd() {
			break
		}
		s.stmts = append(s.stmts, p.stmt())
		if p.tok.kind != tNL && !p.atBodyEnd() && p.tok.kind != tText && p.tok.kind != tOutput && p.tok.kind != tResult {
			p.unexpected()
		}
	}
	if len(s.stmts) == 1 {
		return s.stmts[0]
	}
	return s
}

func (p *parser) atBodyEnd() bool {
	switch p.tok.kind {
	case tEOF:
		return true
	case tKeyword:
		switch p.tok.text {
		case "end", "else", "elsif", "when", "rescue", "ensure", "then", "in":
			return true
		}
	case tOp:
		return p.tok.text == "}" || p.tok.text == ")"
	}
	return false
}

// maxNesting bounds how deeply expressions nest.
const maxNesting = 3000

// enter counts one more level of nesting; the caller defers leave.
func (p *parser) enter() {
	p.depth++
	if p.depth > maxNesting {
		p.failAt(p.tok.pos, "SyntaxError", "expressions nest too deeply")
	}
}

func (p *parser) leave() { p.depth-- }

func (p *parser) stmt() Node {
	p.enter()
	defer p.leave()
	x := p.exprStmt()
	for p.tok.kind == tKeyword {
		pos := p.tok.pos
		switch p.tok.text {
		case "if":
			p.advance()
			c := p.exprStmt()
			x = &ifNode{node: node{pos}, cond: c, then: x}
		case "unless":
			p.advance()
			c := p.exprStmt()
			x = &ifNode{node: node{pos}, cond: &notNode{node{pos}, c}, then: x}
		case "while", "until":
			until := p.tok.text == "until"
			p.advance()
			c := p.exprStmt()
			b, isBegin := x.(*beginNode)
			x = &whileNode{node: node{pos}, cond: c, body: x, until: until, doWhile: isBegin && b.explicit}
		case "rescue":
			p.advance()
			r := p.exprStmt()
			x = &beginNode{node: node{pos}, body: x, rescues: []rescueClause{{body: r}}}
		default:
			return x
		}
	}
	return x
}

// exprStmt parses `not`, `and` and `or`, the lowest precedences.
func (p *parser) exprStmt() Node {
	x := p.notExpr()
	for p.isKeyword("and") || p.isKeyword("or") {
		op := p.tok.text
		pos := p.tok.pos
		p.advance()
		p.skipTerms()
		r := p.notExpr()
		if op == "and" {
			x = &andNode{node{pos}, x, r}
		} else {
			x = &orNode{node{pos}, x, r}
		}
	}
	return x
}

func (p *parser) notExpr() Node {
	p.enter()
	defer p.leave()
	if p.isKeyword("not") {
		pos := p.tok.pos
		p.advance()
		return &notNode{node{pos}, p.notExpr()}
	}
	return p.expr()
}

// expr parses an argument-level expression, including assignment.
func (p *parser) expr() Node {
	p.enter()
	defer p.leave()
	start := p.tok
	// multiple assignment: a, b = ...
	if (start.kind == tIdent || start.kind == tIVar) && p.looksLikeMultiAssign() {
		return p.multiAssign()
	}
	if p.isOp("*") && (p.peek().kind == tIdent || p.peek().kind == tIVar) && !p.lex.valueEnded() {
		return p.multiAssign()
	}
	x := p.ternary()
	if p.tok.kind == tOp {
		switch op := p.tok.text; op {
		case "=":
			if !assignable(x) {
				return x
			}
			pos := p.tok.pos
			p.advance()
			p.skipNewlines()
			target := p.toTarget(x)
			var v Node
			if p.isOp("*") {
				v = p.rhsList()
			} else {
				v = p.assignRHS()
			}
			return &assign{node{pos}, target, v}
		case "+=", "-=", "*=", "/=", "%=", "**=", "||=", "&&=", "<<=", ">>=", "|=", "&=", "^=":
			if !assignable(x) {
				return x
			}
			pos := p.tok.pos
			p.advance()
			p.skipNewlines()
			target := p.toTarget(x)
			return &opAssign{node{pos}, target, strings.TrimSuffix(op, "="), p.assignRHS()}
		}
	}
	return x
}

func (p *parser) assignRHS() Node {
	x := p.expr()
	if p.isKeyword("rescue") {
		pos := p.tok.pos
		p.advance()
		r := p.expr()
		x = &beginNode{node: node{pos}, body: x, rescues: []rescueClause{{body: r}}}
	}
	return x
}

func (p *parser) rhsList() Node {
	pos := p.tok.pos
	var elems []Node
	for {
		if p.isOp("*") {
			sp := p.tok.pos
			p.advance()
			elems = append(elems, &splat{node{sp}, p.ternary()})
		} else {
			elems = append(elems, p.ternary())
		}
		if !p.isOp(",") {
			break
		}
		p.advance()
		p.skipTerms()
	}
	if len(elems) == 1 {
		if _, ok := elems[0].(*splat); !ok {
			return elems[0]
		}
	}
	return &arrayLit{node{pos}, elems}
}

// looksLikeMultiAssign scans ahead on the raw bytes for `a, b = `.
func (p *parser) looksLikeMultiAssign() bool {
	src := p.lex.src
	i := p.tok.end
	depth := 0
	comma := false
	for i < p.lex.limit {
		c := src[i]
		switch c {
		case '(', '[', '{':
			depth++
		case ')', ']', '}':
			depth--
			if depth < 0 {
				return false
			}
		case '\n', ';', TextMarker, OutputMarker:
			return false
		case '"', '\'', '|':
			if depth == 0 {
				return false
			}
		case ',':
			if depth == 0 {
				comma = true
			}
		case '=':
			if depth == 0 {
				if !comma {
					return false
				}
				n := byte(0)
				if i+1 < p.lex.limit {
					n = src[i+1]
				}
				prev := src[i-1]
				return n != '=' && n != '~' && n != '>' && prev != '!' && prev != '<' && prev != '>' && prev != '='
			}
		}
		i++
	}
	return false
}

func (p *parser) multiAssign() Node {
	pos := p.tok.pos
	m := &multiAssign{node: node{pos}, splatAt: -1}
	for {
		if p.isOp("*") {
			p.advance()
			m.splatAt = len(m.targets)
		}
		x := p.primaryPostfix()
		if !assignable(x) {
			p.failAt(x.Pos(), "SyntaxError", "syntax error, unexpected '=', cannot assign to this expression")
		}
		m.targets = append(m.targets, p.toTarget(x))
		if !p.isOp(",") {
			break
		}
		p.advance()
	}
	p.expectOp("=")
	p.skipTerms()
	m.value = p.rhsList()
	return m
}

func assignable(x Node) bool {
	switch n := x.(type) {
	case *localVar, *ivar, *gvar:
		return true
	case *call:
		if n.bareIdent {
			return true
		}
		if n.recv != nil && n.block == nil && n.blockArg == nil {
			return n.name == "[]" || isPlainName(n.name)
		}
	case *constRef:
		return true
	}
	return false
}

func isPlainName(s string) bool {
	if s == "" || !isIdentStart(s[0]) {
		return false
	}
	last := s[len(s)-1]
	return last != '?' && last != '!'
}

// toTarget turns a parsed expression into an assignment target, declaring
// a new local variable for a bare name.
func (p *parser) toTarget(x Node) Node {
	switch n := x.(type) {
	case *call:
		if n.bareIdent {
			p.declare(n.name)
			return &localVar{node{n.pos}, n.name}
		}
	case *localVar:
		p.declare(n.name)
	case *constRef:
		p.unsupported(n.pos, "assigning a constant")
	case *gvar:
		p.unsupported(n.pos, "assigning a global variable")
	}
	return x
}

func (p *parser) ternary() Node {
	p.enter()
	defer p.leave()
	c := p.rangeExpr()
	if p.isOp("?") {
		pos := p.tok.pos
		p.advance()
		p.skipTerms()
		var a Node
		if p.tok.kind == tLabel {
			// `c ? x: y` lexes x: as a label
			t := p.tok
			p.advance()
			a = p.nameRef(token{kind: tIdent, text: t.text, pos: t.pos, end: t.end - 1})
		} else {
			a = p.ternary()
			p.skipTerms()
			p.expectOp(":")
		}
		p.skipTerms()
		b := p.ternary()
		return &ifNode{node: node{pos}, cond: c, then: a, els: b}
	}
	return c
}

func (p *parser) rangeExpr() Node {
	x := p.binary(0)
	if p.isOp("..") || p.isOp("...") {
		pos := p.tok.pos
		excl := p.tok.text == "..."
		p.advance()
		var hi Node
		if p.canStartExpr() {
			hi = p.binary(0)
		}
		return &rangeLit{node{pos}, x, hi, excl}
	}
	return x
}

// binary operator precedences, lowest first.
var binaryLevels = [][]string{
	{"||"},
	{"&&"},
	{"<=>", "==", "===", "!=", "=~", "!~"},
	{"<", "<=", ">", ">="},
	{"|", "^"},
	{"&"},
	{"<<", ">>"},
	{"+", "-"},
	{"*", "/", "%"},
}

func (p *parser) binaryOpAt(level int) (string, bool) {
	if p.tok.kind != tOp {
		return "", false
	}
	for _, op := range binaryLevels[level] {
		if p.tok.text == op {
			return op, true
		}
	}
	return "", false
}

func (p *parser) binary(level int) Node {
	if level >= len(binaryLevels) {
		return p.unaryMinus()
	}
	if level == 2 && p.isKeyword("defined?") {
		return p.definedExpr()
	}
	x := p.binary(level + 1)
	for {
		op, ok := p.binaryOpAt(level)
		if !ok {
			return x
		}
		pos := p.tok.pos
		p.advance()
		p.skipTerms()
		y := p.binary(level + 1)
		switch op {
		case "||":
			x = &orNode{node{pos}, x, y}
		case "&&":
			x = &andNode{node{pos}, x, y}
		case "!=":
			x = &call{node: node{pos}, recv: x, name: "!=", args: []Node{y}}
		case "!~":
			x = &notNode{node{pos}, &call{node: node{pos}, recv: x, name: "=~", args: []Node{y}}}
		default:
			x = &call{node: node{pos}, recv: x, name: op, args: []Node{y}}
		}
		if level == 2 {
			// comparisons do not chain
			if _, again := p.binaryOpAt(level); again {
				p.unexpected()
			}
		}
	}
}

func (p *parser) definedExpr() Node {
	pos := p.tok.pos
	p.advance()
	paren := p.isOp("(") && !p.tok.spaceBefore
	if paren {
		p.advance()
		p.skipTerms()
	}
	var x Node
	if paren {
		x = p.exprStmt()
		p.skipTerms()
		p.expectOp(")")
		return p.postfix(&definedNode{node{pos}, x})
	}
	x = p.unaryMinus()
	return &definedNode{node{pos}, x}
}

func (p *parser) unaryMinus() Node {
	p.enter()
	defer p.leave()
	if p.isOp("-") {
		pos := p.tok.pos
		nt := p.peek()
		if (nt.kind == tInt || nt.kind == tFloat) && !nt.spaceBefore {
			p.advance()
			lit := p.tok
			p.advance()
			if p.isOp("**") {
				// -2 ** 2 is -(2 ** 2)
				x := p.powRest(p.numberLit(lit))
				return &call{node: node{pos}, recv: x, name: "-@"}
			}
			neg := p.numberLit(token{kind: lit.kind, text: "-" + lit.text, pos: pos})
			return p.powRest(p.postfix(neg))
		}
		p.advance()
		x := p.unaryMinus()
		return &call{node: node{pos}, recv: x, name: "-@"}
	}
	return p.pow()
}

func (p *parser) pow() Node {
	x := p.unary()
	return p.powRest(x)
}

func (p *parser) powRest(x Node) Node {
	p.enter()
	defer p.leave()
	if p.isOp("**") {
		pos := p.tok.pos
		p.advance()
		p.skipTerms()
		y := p.unaryMinus() // right associative
		return &call{node: node{pos}, recv: x, name: "**", args: []Node{y}}
	}
	return x
}

func (p *parser) unary() Node {
	p.enter()
	defer p.leave()
	if p.tok.kind == tOp {
		pos := p.tok.pos
		switch p.tok.text {
		case "!":
			p.advance()
			return &notNode{node{pos}, p.unary()}
		case "~":
			p.advance()
			return &call{node: node{pos}, recv: p.unary(), name: "~"}
		case "+":
			p.advance()
			return &call{node: node{pos}, recv: p.unary(), name: "+@"}
		case "&":
			p.unsupported(pos, "a block argument here")
		case "->":
			return p.postfix(p.lambda())
		}
	}
	return p.primaryPostfix()
}

func (p *parser) lambda() Node {
	pos := p.tok.pos
	p.advance()
	p.scopes = append(p.scopes, map[string]bool{})
	defer func() { p.scopes = p.scopes[:len(p.scopes)-1] }()
	b := &blockNode{node: node{pos}}
	if p.isOp("(") {
		p.advance()
		b.params = p.paramList(")")
		p.expectOp(")")
	} else if p.tok.kind == tIdent {
		b.params = p.paramList("{")
	}
	if p.isOp("{") {
		p.advance()
		b.body = p.stmts()
		p.expectOp("}")
	} else {
		p.expectKeyword("do")
		b.body = p.stmts()
		p.expectKeyword("end")
	}
	return &lambdaNode{node{pos}, b}
}

func (p *parser) primaryPostfix() Node {
	return p.postfix(p.primary())
}

func (p *parser) numberLit(t token) Node {
	if t.kind == tFloat {
		f, err := strconv.ParseFloat(t.text, 64)
		if err != nil {
			p.failAt(t.pos, "SyntaxError", "invalid number %s", t.text)
		}
		return &floatLit{node{t.pos}, f}
	}
	text := t.text
	neg := strings.HasPrefix(text, "-")
	text = strings.TrimPrefix(text, "-")
	base := 10
	if len(text) > 1 && text[0] == '0' {
		switch text[1] {
		case 'x', 'X':
			base, text = 16, text[2:]
		case 'b', 'B':
			base, text = 2, text[2:]
		case 'o', 'O':
			base, text = 8, text[2:]
		case 'd', 'D':
			base, text = 10, text[2:]
		default:
			base, text = 8, text[1:]
		}
	}
	n, ok := new(big.Int).SetString(text, base)
	if !ok {
		p.failAt(t.pos, "SyntaxError", "invalid number %s", t.text)
	}
	if neg {
		n.Neg(n)
	}
	if !n.IsInt64() {
		p.unsupported(t.pos, "an integer beyond 64 bits")
	}
	return &intLit{node{t.pos}, n.Int64()}
}

func (p *parser) strParts(parts []strPart) []strNode {
	out := make([]strNode, 0, len(parts))
	for _, sp := range parts {
		if !sp.code {
			out = append(out, strNode{lit: sp.lit})
			continue
		}
		out = append(out, strNode{expr: p.subParse(sp.start, sp.end)})
	}
	return out
}

// subParse parses the statements of an interpolation #{...} in a fresh
// lexer over the same script.
func (p *parser) subParse(start, end int) Node {
	saveLex, saveTok, saveAhead := p.lex, p.tok, p.ahead
	p.lex = newLexer(p.lex.src, start, end, p.isLocal)
	p.ahead = nil
	p.advance()
	x := p.stmts()
	if p.tok.kind != tEOF {
		p.unexpected()
	}
	p.lex, p.tok, p.ahead = saveLex, saveTok, saveAhead
	if s, ok := x.(*seq); ok && len(s.stmts) == 0 {
		return &nilLit{node{start}}
	}
	return x
}

func (p *parser) primary() Node {
	t := p.tok
	pos := t.pos
	switch t.kind {
	case tInt, tFloat:
		p.advance()
		return p.numberLit(t)
	case tString:
		p.advance()
		s := &strLit{node{pos}, p.strParts(t.parts)}
		// adjacent literals concatenate: "a" "b"
		for p.tok.kind == tString {
			s.parts = append(s.parts, p.strParts(p.tok.parts)...)
			p.advance()
		}
		return s
	case tXString:
		p.unsupported(pos, "running a shell command (backticks or %x)")
	case tSymbol:
		p.advance()
		return &symLit{node{pos}, t.text}
	case tDSymbol:
		p.advance()
		return &dsymLit{node{pos}, p.strParts(t.parts)}
	case tRegexp:
		p.advance()
		r := &regexLit{node: node{pos}, parts: p.strParts(t.parts), flags: t.flags}
		if len(r.parts) == 1 && r.parts[0].expr == nil {
			re, err := NewRegexp(r.parts[0].lit, t.flags)
			if err != nil {
				p.failAt(pos, errClass(err), "%s", err.Error())
			}
			r.re = re
		}
		return r
	case tWords, tSymbols:
		p.advance()
		a := &arrayLit{node: node{pos}}
		for _, w := range t.words {
			parts := p.strParts(w)
			if t.kind == tSymbols {
				a.elems = append(a.elems, &dsymLit{node{pos}, parts})
			} else {
				a.elems = append(a.elems, &strLit{node{pos}, parts})
			}
		}
		return a
	case tIVar:
		p.advance()
		return &ivar{node{pos}, t.text}
	case tGVar:
		p.advance()
		return &gvar{node{pos}, t.text}
	case tConst:
		p.advance()
		if p.isOp("(") && !p.tok.spaceBefore {
			// Array(x), String(x), Integer(x): Kernel methods
			return p.callRest(&call{node: node{pos}, name: t.text})
		}
		if p.tok.kind == tString && p.tok.spaceBefore {
			return p.commandCall(&call{node: node{pos}, name: t.text})
		}
		return &constRef{node: node{pos}, name: t.text}
	case tIdent:
		p.advance()
		return p.nameRef(t)
	case tLabel:
		p.failAt(pos, "SyntaxError", "syntax error, unexpected label")
	case tText:
		p.advance()
		return &textNode{node{pos}, p.script.Texts[t.textIndex]}
	case tResult:
		p.advance()
		return &resultNode{node{pos}}
	case tOutput:
		p.advance()
		p.expectOp("(")
		x := p.stmts()
		p.expectOp(")")
		return &outputNode{node{pos}, x}
	case tOp:
		switch t.text {
		case "(":
			p.advance()
			p.skipTerms()
			if p.isOp(")") {
				p.advance()
				return &nilLit{node{pos}}
			}
			saved := p.noDo
			p.noDo = 0
			x := p.stmts()
			p.noDo = saved
			p.skipTerms()
			p.expectOp(")")
			return x
		case "[":
			p.advance()
			a := &arrayLit{node: node{pos}}
			a.elems = p.argList("]")
			p.expectOp("]")
			return a
		case "{":
			p.advance()
			return p.hashLit(pos)
		case "::":
			p.advance()
			if p.tok.kind != tConst {
				p.unexpected()
			}
			name := p.tok.text
			p.advance()
			return &constRef{node: node{pos}, name: name}
		case "..", "...":
			p.advance()
			hi := p.binary(0)
			return &rangeLit{node{pos}, &nilLit{node{pos}}, hi, t.text == "..."}
		case "->":
			return p.lambda()
		case "*":
			p.advance()
			return &splat{node{pos}, p.ternary()}
		}
	case tKeyword:
		switch t.text {
		case "nil":
			p.advance()
			return &nilLit{node{pos}}
		case "true":
			p.advance()
			return &trueLit{node{pos}}
		case "false":
			p.advance()
			return &falseLit{node{pos}}
		case "self":
			p.advance()
			return &selfNode{node{pos}}
		case "if", "unless":
			return p.ifExpr()
		case "while", "until":
			return p.whileExpr()
		case "for":
			return p.forExpr()
		case "case":
			return p.caseExpr()
		case "begin":
			return p.beginExpr()
		case "defined?":
			return p.definedExpr()
		case "not":
			p.advance()
			return &notNode{node{pos}, p.expr()}
		case "next", "break", "return":
			p.advance()
			j := &jumpNode{node: node{pos}, kind: t.text}
			if p.canStartExpr() && !p.isKeyword("if") && !p.isKeyword("unless") {
				j.x = p.rhsList()
			}
			return j
		case "__FILE__":
			p.advance()
			return &call{node: node{pos}, name: "file", bareIdent: true}
		case "__LINE__":
			p.unsupported(pos, "__LINE__")
		case "def":
			return p.defExpr()
		case "class", "module":
			p.unsupported(pos, "defining a class or module")
		case "yield", "super", "alias", "undef", "redo", "retry", "BEGIN", "END":
			p.unsupported(pos, "'"+t.text+"'")
		}
	}
	p.unexpected()
	return nil
}

// canStartExpr reports whether the current token can begin an expression.
func (p *parser) canStartExpr() bool {
	t := p.tok
	switch t.kind {
	case tEOF, tNL, tLabel:
		return false
	case tOp:
		switch t.text {
		case "(", "[", "{", "-", "!", "::", "->", "~", "*", "..", "...":
			return true
		}
		return false
	case tKeyword:
		switch t.text {
		case "end", "else", "elsif", "when", "then", "do", "rescue", "ensure", "and", "or", "if", "unless", "while", "until", "in":
			return false
		}
	}
	return true
}

// canStartCommandArg reports whether the token after a bare name (with a
// space between) starts an argument of a call without parentheses.
func (p *parser) canStartCommandArg() bool {
	t := p.tok
	if !t.spaceBefore {
		return false
	}
	switch t.kind {
	case tInt, tFloat, tString, tSymbol, tDSymbol, tRegexp, tWords, tSymbols, tIVar, tGVar, tConst, tIdent, tXString, tLabel:
		return true
	case tKeyword:
		switch t.text {
		case "nil", "true", "false", "self", "not", "defined?", "__FILE__", "lambda", "proc":
			return true
		}
		return false
	case tOp:
		next := p.lex.peekByte(0)
		if len(p.ahead) > 0 {
			return false
		}
		switch t.text {
		case "[", "-", "*", "::", "!", "->":
			return t.end == p.lex.pos && next != ' ' && next != '\n' && next != '\t' && next != '='
		case "(":
			return true
		}
	}
	return false
}

// adjacentArg reports whether the token right after a method name
// ending in ? or ! (with no space between) is its first argument, as
// Ruby reads `list.include?name`.
func (p *parser) adjacentArg(name string) bool {
	if p.tok.spaceBefore || !(strings.HasSuffix(name, "?") || strings.HasSuffix(name, "!")) {
		return false
	}
	switch p.tok.kind {
	case tIdent, tConst, tIVar, tGVar, tInt, tFloat, tString, tSymbol, tDSymbol:
		return true
	}
	return false
}

// nameRef resolves a bare identifier: a local variable, or a method call
// on self with or without arguments.
func (p *parser) nameRef(t token) Node {
	pos := t.pos
	if n := len(p.numbered); n > 0 && len(t.text) == 2 && t.text[0] == '_' && t.text[1] >= '1' && t.text[1] <= '9' && !p.isLocal(t.text) {
		if k := int(t.text[1] - '0'); k > p.numbered[n-1] {
			p.numbered[n-1] = k
		}
		return &localVar{node{pos}, t.text}
	}
	if p.isLocal(t.text) && !(p.isOp("(") && !p.tok.spaceBefore) {
		return &localVar{node{pos}, t.text}
	}
	c := &call{node: node{pos}, name: t.text}
	if p.isOp("(") && !p.tok.spaceBefore {
		return p.callRest(c)
	}
	if p.canStartCommandArg() && !p.isOp("(") {
		return p.commandCall(c)
	}
	if p.isOp("(") && p.tok.spaceBefore {
		// `foo (x)`: one parenthesised argument
		return p.commandCall(c)
	}
	c.bareIdent = true
	p.maybeBlock(c)
	if c.block != nil {
		c.bareIdent = false
	}
	return c
}

// commandCall parses the arguments of a call without parentheses.
func (p *parser) commandCall(c *call) Node {
	p.noDo++
	c.args = p.cmdArgs()
	p.noDo--
	p.extractBlockArg(c)
	if p.noDo == 0 {
		p.maybeDoBlock(c)
	}
	return c
}

// cmdArgs parses comma-separated arguments up to the end of a command.
func (p *parser) cmdArgs() []Node {
	var args []Node
	var hash *hashLit
	for {
		if p.tok.kind == tLabel || p.isHashArgStart() {
			if hash == nil {
				hash = &hashLit{node: node{p.tok.pos}}
				args = append(args, hash)
			}
			p.hashPair(hash)
		} else if p.isOp("*") {
			pos := p.tok.pos
			p.advance()
			args = append(args, &splat{node{pos}, p.ternary()})
		} else if p.isOp("&") {
			pos := p.tok.pos
			p.advance()
			args = append(args, &blockPass{node{pos}, p.ternary()})
		} else {
			x := p.expr()
			if p.isOp("=>") {
				if hash == nil {
					hash = &hashLit{node: node{x.Pos()}}
					args = append(args, hash)
				}
				p.advance()
				p.skipTerms()
				hash.keys = append(hash.keys, x)
				hash.vals = append(hash.vals, p.expr())
			} else {
				args = append(args, x)
			}
		}
		if !p.isOp(",") {
			return args
		}
		p.advance()
		p.skipTerms()
	}
}

func (p *parser) isHashArgStart() bool { return p.isOp("**") }

// callRest parses a parenthesised argument list and an optional block.
func (p *parser) callRest(c *call) Node {
	p.expectOp("(")
	saved := p.noDo
	p.noDo = 0
	c.args = p.argList(")")
	p.noDo = saved
	p.expectOp(")")
	p.extractBlockArg(c)
	p.maybeBlock(c)
	return c
}

func (p *parser) extractBlockArg(c *call) {
	if n := len(c.args); n > 0 {
		if bp, ok := c.args[n-1].(*blockPass); ok {
			c.blockArg = bp.x
			c.args = c.args[:n-1]
		}
	}
}

// argList parses arguments up to the closing token (not consumed).
func (p *parser) argList(closing string) []Node {
	p.skipTerms()
	var args []Node
	var hash *hashLit
	for !p.isOp(closing) {
		if p.tok.kind == tLabel || p.isOp("**") {
			if hash == nil {
				hash = &hashLit{node: node{p.tok.pos}}
				args = append(args, hash)
			}
			p.hashPair(hash)
		} else if p.isOp("*") {
			pos := p.tok.pos
			p.advance()
			args = append(args, &splat{node{pos}, p.ternary()})
		} else if p.isOp("&") {
			pos := p.tok.pos
			p.advance()
			args = append(args, &blockPass{node{pos}, p.ternary()})
		} else {
			x := p.notExpr()
			if p.isOp("=>") {
				if hash == nil {
					hash = &hashLit{node: node{x.Pos()}}
					args = append(args, hash)
				}
				p.advance()
				p.skipTerms()
				hash.keys = append(hash.keys, x)
				hash.vals = append(hash.vals, p.expr())
			} else {
				args = append(args, x)
			}
		}
		p.skipTerms()
		if !p.isOp(",") {
			break
		}
		p.advance()
		p.skipTerms()
	}
	return args
}

func (p *parser) hashPair(h *hashLit) {
	if p.isOp("**") {
		p.advance()
		h.keys = append(h.keys, nil)
		h.vals = append(h.vals, p.ternary())
		return
	}
	if p.tok.kind == tLabel {
		t := p.tok
		p.advance()
		p.skipTerms()
		h.keys = append(h.keys, &symLit{node{t.pos}, t.text})
		h.vals = append(h.vals, p.expr())
		return
	}
	if p.tok.kind == tString && p.lex.peekByte(0) == ':' && p.tok.end == p.lex.pos {
		// "str": value
		t := p.tok
		p.advance()
		p.expectOp(":")
		h.keys = append(h.keys, &dsymLit{node{t.pos}, p.strParts(t.parts)})
		h.vals = append(h.vals, p.expr())
		return
	}
	k := p.expr()
	p.skipTerms()
	p.expectOp("=>")
	p.skipTerms()
	h.keys = append(h.keys, k)
	h.vals = append(h.vals, p.expr())
}

func (p *parser) hashLit(pos int) Node {
	h := &hashLit{node: node{pos}}
	p.skipTerms()
	for !p.isOp("}") {
		p.hashPair(h)
		p.skipTerms()
		if !p.isOp(",") {
			break
		}
		p.advance()
		p.skipTerms()
	}
	p.expectOp("}")
	return h
}

// maybeBlock attaches a `{ }` block, or a `do` block when allowed.
func (p *parser) maybeBlock(c *call) {
	if p.isOp("{") {
		c.block = p.braceBlock()
		return
	}
	if p.noDo == 0 {
		p.maybeDoBlock(c)
	}
}

func (p *parser) maybeDoBlock(c *call) {
	if p.isKeyword("do") {
		pos := p.tok.pos
		p.advance()
		c.block = p.blockBody(pos, "end")
	}
}

func (p *parser) braceBlock() *blockNode {
	pos := p.tok.pos
	p.advance()
	return p.blockBody(pos, "}")
}

func (p *parser) blockBody(pos int, closing string) *blockNode {
	p.scopes = append(p.scopes, map[string]bool{})
	defer func() { p.scopes = p.scopes[:len(p.scopes)-1] }()
	saved := p.noDo
	p.noDo = 0
	defer func() { p.noDo = saved }()
	b := &blockNode{node: node{pos}}
	p.skipTermsOnly()
	implicit := false
	if p.isOp("||") {
		p.advance()
		b.params = &paramList{splat: -1}
	} else if p.isOp("|") {
		p.advance()
		b.params = p.paramList("|")
		p.expectOp("|")
	} else {
		implicit = true
		p.numbered = append(p.numbered, 0)
	}
	if closing == "}" {
		b.body = p.stmts()
		p.expectOp("}")
	} else {
		b.body = p.bodyWithRescue()
		p.expectKeyword("end")
	}
	if implicit {
		n := p.numbered[len(p.numbered)-1]
		p.numbered = p.numbered[:len(p.numbered)-1]
		if n > 0 {
			// _1 alone takes the whole value; _1 with _2 spread it
			b.params = &paramList{splat: -1}
			for i := 1; i <= n; i++ {
				b.params.names = append(b.params.names, param{name: "_" + string(rune('0'+i))})
			}
			b.params.nparams = n
		}
	}
	return b
}

func (p *parser) skipTermsOnly() {
	for p.tok.kind == tNL {
		p.advance()
	}
}

func (p *parser) paramList(closing string) *paramList {
	pl := &paramList{splat: -1}
	for !p.isOp(closing) {
		switch {
		case p.isOp("*"):
			p.advance()
			pl.splat = len(pl.names)
			name := ""
			if p.tok.kind == tIdent {
				name = p.tok.text
				p.declare(name)
				p.advance()
			}
			pl.names = append(pl.names, param{name: name})
		case p.isOp("("):
			p.advance()
			sub := p.paramList(")")
			p.expectOp(")")
			pl.names = append(pl.names, param{sub: sub})
		case p.tok.kind == tIdent:
			name := p.tok.text
			p.declare(name)
			p.advance()
			var def Node
			if p.isOp("=") {
				p.advance()
				def = p.ternary()
			}
			pl.names = append(pl.names, param{name: name, def: def})
		case p.isOp("&") && closing != "|" && closing != "{" && pl.block == "":
			// def m(a, &blk): the block the method was called with, as
			// a Proc (nil without one); it comes last
			p.advance()
			if p.tok.kind != tIdent {
				p.unexpected()
			}
			pl.block = p.tok.text
			p.declare(pl.block)
			p.advance()
			if p.isOp(",") {
				p.unexpected()
			}
		case p.isOp("&") || p.isOp("**") || p.tok.kind == tLabel:
			p.unsupported(p.tok.pos, "this kind of block parameter")
		case p.isOp(";"), p.tok.kind == tNL && p.tok.text == ";":
			p.unsupported(p.tok.pos, "block-local variables")
		default:
			p.unexpected()
		}
		if !p.isOp(",") {
			break
		}
		p.advance()
		if p.isOp(closing) {
			// |a, | takes the first element only
			pl.names = append(pl.names, param{name: ""})
			pl.trailingComma = true
		}
	}
	pl.nparams = len(pl.names)
	return pl
}

// postfix parses method calls, indexing and `::` after a primary.
func (p *parser) postfix(x Node) Node {
	for {
		switch {
		case p.tok.kind == tOp && (p.tok.text == "." || p.tok.text == "&."):
			safe := p.tok.text == "&."
			p.advance()
			p.skipTerms()
			t := p.tok
			var name string
			switch t.kind {
			case tIdent, tConst, tKeyword:
				name = t.text
			case tLabel:
				// x.y ? a: b is rare; a label here is name followed by ':'
				p.failAt(t.pos, "SyntaxError", "syntax error, unexpected label")
			case tOp:
				if t.text == "[" && p.lex.peekByte(0) == ']' {
					// x.[](k) and x&.[](k)
					p.advance()
					t = p.tok
					name = "[]"
					p.advance()
					c := &call{node: node{t.pos}, recv: x, name: name, safeNav: safe}
					if p.isOp("(") && !p.tok.spaceBefore {
						x = p.callRest(c)
					} else {
						x = c
					}
					continue
				}
				if t.text == "(" {
					// x.() is x.call()
					name = "call"
					c := &call{node: node{t.pos}, recv: x, name: name, safeNav: safe}
					x = p.callRest(c)
					continue
				}
				name = t.text
			default:
				p.unexpected()
			}
			p.advance()
			c := &call{node: node{t.pos}, recv: x, name: name, safeNav: safe}
			if p.isOp("=") && isPlainName(name) {
				// attribute assignment x.y = v is handled by expr
				x = c
				return x
			}
			if p.isOp("(") && !p.tok.spaceBefore {
				x = p.callRest(c)
			} else if (p.canStartCommandArg() || p.adjacentArg(name)) && !p.isOp("(") && p.tok.kind != tLabel {
				x = p.commandCall(c)
				return x
			} else {
				p.maybeBlock(c)
				x = c
			}
		case p.tok.kind == tOp && p.tok.text == "::":
			p.advance()
			t := p.tok
			if t.kind == tConst {
				p.advance()
				if p.isOp("(") && !p.tok.spaceBefore {
					x = p.callRest(&call{node: node{t.pos}, recv: x, name: t.text})
				} else {
					x = &constRef{node: node{t.pos}, scope: x, name: t.text}
				}
			} else if t.kind == tIdent {
				p.advance()
				c := &call{node: node{t.pos}, recv: x, name: t.text}
				if p.isOp("(") && !p.tok.spaceBefore {
					x = p.callRest(c)
				} else {
					p.maybeBlock(c)
					x = c
				}
			} else {
				p.unexpected()
			}
		case p.tok.kind == tOp && p.tok.text == "[" && (!p.tok.spaceBefore || isValueNode(x)):
			pos := p.tok.pos
			p.advance()
			args := p.argList("]")
			p.expectOp("]")
			x = &call{node: node{pos}, recv: x, name: "[]", args: args}
		default:
			return x
		}
	}
}

// isValueNode reports whether `x [..]` with a space indexes x (x is not a
// method that could take an array argument).
func isValueNode(x Node) bool {
	switch x.(type) {
	case *localVar, *ivar, *gvar, *constRef:
		return true
	}
	return false
}

func (p *parser) thenClause() {
	p.skipTerms()
	if p.isKeyword("then") {
		p.advance()
	}
}

func (p *parser) ifExpr() Node {
	pos := p.tok.pos
	unless := p.tok.text == "unless"
	p.advance()
	p.noDo++
	cond := p.exprStmt()
	p.noDo--
	p.thenClause()
	then := p.stmts()
	n := &ifNode{node: node{pos}, cond: cond, then: then}
	if unless {
		n.cond = &notNode{node{pos}, cond}
	}
	cur := n
	for p.isKeyword("elsif") {
		if unless {
			p.unexpected()
		}
		epos := p.tok.pos
		p.advance()
		c := p.exprStmt()
		p.thenClause()
		b := p.stmts()
		next := &ifNode{node: node{epos}, cond: c, then: b}
		cur.els = next
		cur = next
	}
	if p.isKeyword("else") {
		p.advance()
		cur.els = p.stmts()
	}
	p.expectKeyword("end")
	return n
}

func (p *parser) whileExpr() Node {
	pos := p.tok.pos
	until := p.tok.text == "until"
	p.advance()
	p.noDo++
	cond := p.exprStmt()
	p.noDo--
	p.skipTerms()
	if p.isKeyword("do") {
		p.advance()
	}
	body := p.stmts()
	p.expectKeyword("end")
	return &whileNode{node: node{pos}, cond: cond, body: body, until: until}
}

func (p *parser) forExpr() Node {
	pos := p.tok.pos
	p.advance()
	vars := &paramList{splat: -1}
	for {
		if p.tok.kind != tIdent {
			p.unexpected()
		}
		vars.names = append(vars.names, param{name: p.tok.text})
		p.declare(p.tok.text)
		p.advance()
		if !p.isOp(",") {
			break
		}
		p.advance()
	}
	vars.nparams = len(vars.names)
	p.expectKeyword("in")
	p.noDo++
	iter := p.exprStmt()
	p.noDo--
	p.skipTerms()
	if p.isKeyword("do") {
		p.advance()
	}
	body := p.stmts()
	p.expectKeyword("end")
	return &forNode{node: node{pos}, vars: vars, iter: iter, body: body}
}

func (p *parser) caseExpr() Node {
	pos := p.tok.pos
	p.advance()
	n := &caseNode{node: node{pos}}
	if p.tok.kind != tNL && !p.isKeyword("when") {
		n.subject = p.exprStmt()
	}
	p.skipTerms()
	if p.isKeyword("in") {
		p.unsupported(p.tok.pos, "pattern matching (case/in)")
	}
	if !p.isKeyword("when") {
		p.failAt(p.tok.pos, "SyntaxError", "syntax error, unexpected %s, expecting 'when'", describe(p.tok))
	}
	for p.isKeyword("when") {
		p.advance()
		var w whenClause
		for {
			p.skipTerms()
			if p.isOp("*") {
				sp := p.tok.pos
				p.advance()
				w.conds = append(w.conds, &splat{node{sp}, p.ternary()})
			} else {
				w.conds = append(w.conds, p.ternary())
			}
			if !p.isOp(",") {
				break
			}
			p.advance()
		}
		p.thenClause()
		w.body = p.stmts()
		n.whens = append(n.whens, w)
	}
	if p.isKeyword("else") {
		p.advance()
		n.els = p.stmts()
	}
	p.expectKeyword("end")
	return n
}

func (p *parser) beginExpr() Node {
	p.advance()
	x := p.bodyWithRescue()
	p.expectKeyword("end")
	if b, ok := x.(*beginNode); ok {
		b.explicit = true
		return b
	}
	return &beginNode{node: node{x.Pos()}, body: x, explicit: true}
}

// bodyWithRescue parses statements with optional rescue/else/ensure
// clauses, as begin and do-blocks allow.
func (p *parser) bodyWithRescue() Node {
	pos := p.tok.pos
	body := p.stmts()
	if !p.isKeyword("rescue") && !p.isKeyword("ensure") {
		return body
	}
	b := &beginNode{node: node{pos}, body: body}
	for p.isKeyword("rescue") {
		p.advance()
		var rc rescueClause
		for p.tok.kind == tConst || p.isOp("::") {
			rc.classes = append(rc.classes, p.primaryPostfix())
			if !p.isOp(",") {
				break
			}
			p.advance()
		}
		if p.isOp("=>") {
			p.advance()
			if p.tok.kind != tIdent {
				p.unexpected()
			}
			rc.varName = p.tok.text
			p.declare(rc.varName)
			p.advance()
		}
		p.thenClause()
		rc.body = p.stmts()
		b.rescues = append(b.rescues, rc)
	}
	if p.isKeyword("else") {
		p.advance()
		b.els = p.stmts()
	}
	if p.isKeyword("ensure") {
		p.advance()
		b.ensure = p.stmts()
	}
	return b
}

// defExpr parses a method definition; its body sees none of the
// enclosing local variables.
func (p *parser) defExpr() Node {
	pos := p.tok.pos
	p.advance()
	t := p.tok
	switch {
	case t.kind == tIdent || t.kind == tConst || t.kind == tKeyword && t.text != "self":
	case t.kind == tLabel:
		p.unexpected()
	default:
		if t.kind == tKeyword && t.text == "self" {
			p.unsupported(pos, "defining a singleton method (def self.x)")
		}
		p.unexpected()
	}
	name := t.text
	p.advance()
	if p.isOp("=") && !p.tok.spaceBefore {
		p.advance()
		name += "="
	}
	savedScopes, savedNoDo, savedNumbered := p.scopes, p.noDo, p.numbered
	p.numbered = nil
	defer func() { p.numbered = savedNumbered }()
	p.scopes = []map[string]bool{{}}
	p.noDo = 0
	defer func() { p.scopes, p.noDo = savedScopes, savedNoDo }()
	var params *paramList
	if p.isOp("(") {
		p.advance()
		p.skipTerms()
		params = p.paramList(")")
		p.skipTerms()
		p.expectOp(")")
	} else if p.tok.kind != tNL {
		params = p.paramList("\n")
	}
	if params == nil {
		params = &paramList{splat: -1}
	}
	body := p.bodyWithRescue()
	p.expectKeyword("end")
	return &defNode{node: node{pos}, name: name, params: params, body: body}
}
