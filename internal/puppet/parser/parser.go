// Package parser turns Puppet manifests and EPP templates into syntax trees
// (package ast). It is a hand-written recursive-descent parser with one token
// of lookahead in almost all places and precedence climbing for binary
// operators; it reports problems as diagnostics, recovers at statement
// starts, stops after MaxErrors errors, and never panics on any input.
package parser

import (
	"bytes"
	"fmt"
	"math/big"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/diag"
	"github.com/ordoproject/ordo/internal/puppet/ast"
	"github.com/ordoproject/ordo/internal/puppet/lexer"
	"github.com/ordoproject/ordo/internal/source"
)

// MaxErrors is how many errors are reported for one file before parsing
// stops.
const MaxErrors = 10

// maxDepth bounds expression nesting so hostile input cannot exhaust the
// stack; each level of a construct uses a few units.
const maxDepth = 1000

// ParseFile parses f as an EPP template when its name ends in ".epp" and as
// a manifest otherwise.
func ParseFile(f *source.File) (*ast.Program, diag.List) {
	if strings.EqualFold(filepath.Ext(f.Name), ".epp") {
		return ParseEPP(f)
	}
	return ParseManifest(f)
}

// ParseManifest parses f as a .pp manifest. The program is never nil; when
// the returned list holds errors, parts of it may be *ast.BadExpr.
func ParseManifest(f *source.File) (*ast.Program, diag.List) {
	return parse(f, lexer.Manifest)
}

// ParseEPP parses f as an EPP template.
func ParseEPP(f *source.File) (*ast.Program, diag.List) {
	return parse(f, lexer.EPP)
}

// Parse parses a manifest held in a string; name is used in positions.
func Parse(name, src string) (*ast.Program, diag.List) {
	return ParseManifest(source.NewFile(name, []byte(src)))
}

// shared is the state common to a parser and the sub-parsers it starts for
// string interpolations.
type shared struct {
	file     *source.File
	diags    diag.List
	errors   int
	attempts int  // errors found, including those not reported as cascades
	lastLine int  // line of the last reported error, to drop cascades
	stopped  bool // MaxErrors reached
	lexFatal bool // the lexer gave up; errors at end of input are noise
	regexps  int  // regular expression literals made
	// openedInRecovery counts block-opening braces that error recovery
	// stepped into; their closing braces are dropped at the top level.
	openedInRecovery int
}

type parser struct {
	*shared
	toks  []lexer.Token
	i     int
	tok   lexer.Token
	depth int
	// stopAt, when above 0, is the token at which the top-level
	// statements stop: the first part of a split parse.
	stopAt int
}

// splitTokens is the number of tokens from which a manifest is parsed
// in two parts, the second on another goroutine.
const splitTokens = 8192

// splitStatement finds, after the middle of toks, a token likely to
// start a top-level statement: a class, define or node keyword or a
// statement call (include, ...) right after a '}' closing a top-level
// block; 0 when there is none.
func splitStatement(toks []lexer.Token) int {
	depth := 0
	for k, t := range toks {
		switch t.Kind {
		case lexer.LBrace, lexer.LBrack, lexer.ListStart, lexer.LParen, lexer.WSLParen, lexer.LCollect, lexer.LLCollect:
			depth++
		case lexer.RBrace, lexer.RBrack, lexer.RParen, lexer.RCollect, lexer.RRCollect:
			depth--
		case lexer.KwClass, lexer.KwDefine, lexer.KwNode, lexer.Name:
			if depth == 0 && k >= len(toks)/2 && toks[k-1].Kind == lexer.RBrace &&
				(t.Kind != lexer.Name || statementCalls[t.Text]) {
				return k
			}
		}
	}
	return 0
}

// parseSplit parses toks as parseTokens does, the top-level statements
// from k on on another goroutine; it returns nil, for parseTokens to
// parse the whole, unless both parts parse without a problem and the
// first ends exactly at k. Parsing depends on nothing before a
// top-level statement but where it starts: the parts then make the
// same statements as parsing the whole in one go.
func parseSplit(f *source.File, toks []lexer.Token, k int) *ast.Program {
	type part struct {
		body    []ast.Expr
		regexps int
		ok      bool
	}
	second := make(chan part, 1)
	go func() {
		s := &shared{file: f}
		p := &parser{shared: s, toks: toks, i: k, tok: toks[k]}
		body := p.statements(lexer.EOF)
		second <- part{body, s.regexps, p.tok.Kind == lexer.EOF && !p.stopped && len(s.diags) == 0}
	}()
	s := &shared{file: f}
	p := &parser{shared: s, toks: toks, tok: toks[0], stopAt: k}
	body := p.statements(lexer.EOF)
	rest := <-second
	if !rest.ok || p.i != k || p.stopped || len(s.diags) > 0 {
		return nil
	}
	prog := &ast.Program{File: f, Body: append(body, rest.body...)}
	prog.From, prog.To = 0, source.Pos(len(f.Content))
	prog.Regexps = s.regexps + rest.regexps
	return prog
}

func parse(f *source.File, mode lexer.Mode) (*ast.Program, diag.List) {
	toks, lexDiags := lexer.Lex(f, mode)
	if mode == lexer.Manifest && len(lexDiags) == 0 && len(toks) >= splitTokens && runtime.GOMAXPROCS(0) > 1 {
		if k := splitStatement(toks); k > 0 {
			if prog := parseSplit(f, toks, k); prog != nil {
				return prog, nil
			}
		}
	}
	return parseTokens(f, mode, toks, lexDiags)
}

// parseTokens parses f's tokens from start to end on this goroutine.
func parseTokens(f *source.File, mode lexer.Mode, toks []lexer.Token, lexDiags diag.List) (*ast.Program, diag.List) {
	s := &shared{file: f, diags: lexDiags}
	for _, d := range lexDiags {
		if d.Severity == diag.Error {
			s.errors++
			switch d.Code {
			case diag.UnclosedQuote, diag.UnclosedComment, diag.BadHeredoc, diag.BadEPP:
				s.lexFatal = true
			}
			if strings.HasPrefix(d.Summary, "Unclosed") {
				s.lexFatal = true
			}
		}
	}
	p := &parser{shared: s, toks: toks}
	p.tok = toks[0]
	prog := &ast.Program{File: f, EPP: mode == lexer.EPP}
	if prog.EPP {
		p.eppParams(prog)
	}
	prog.Body = p.statements(lexer.EOF)
	if p.tok.Kind != lexer.EOF && !p.stopped {
		p.syntaxError("end of input")
	}
	prog.From, prog.To = 0, source.Pos(len(f.Content))
	prog.Regexps = s.regexps
	// Lexer and parser problems interleave in source order; the error-cap
	// note stays last.
	sort.SliceStable(s.diags, func(i, j int) bool {
		if (s.diags[i].Code == diag.TooManyErrors) != (s.diags[j].Code == diag.TooManyErrors) {
			return s.diags[j].Code == diag.TooManyErrors
		}
		return s.diags[i].Subject.Start < s.diags[j].Subject.Start
	})
	return prog, s.diags
}

// ---- token handling ----

func (p *parser) next() {
	if p.i < len(p.toks)-1 {
		p.i++
	}
	p.tok = p.toks[p.i]
}

func (p *parser) peek(n int) lexer.Token {
	if p.i+n < len(p.toks) {
		return p.toks[p.i+n]
	}
	return p.toks[len(p.toks)-1]
}

func (p *parser) got(k lexer.Kind) bool {
	if p.tok.Kind == k {
		p.next()
		return true
	}
	return false
}

// expect consumes a token of kind k, or reports what was expected.
func (p *parser) expect(k lexer.Kind, what string) (source.Pos, bool) {
	if p.tok.Kind == k {
		end := p.tok.End
		p.next()
		return end, true
	}
	p.syntaxError(what)
	return p.tok.Pos, false
}

// tokenText renders the current token the way Puppet's messages do.
func (p *parser) tokenText(t lexer.Token) string {
	s := t.Src(p.file.Text())
	switch t.Kind {
	case lexer.Variable, lexer.String, lexer.Number, lexer.Name:
		s = t.Text // Puppet shows the value: 'x' for $x or "x"
	}
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	if len(s) > 20 {
		s = s[:20] + "..."
	}
	return s
}

// syntaxError reports "Syntax error at X" for the current token, with the
// expectation as detail.
func (p *parser) syntaxError(expected string) {
	t := p.tok
	if t.Kind == lexer.EOF {
		if p.lexFatal {
			return
		}
		p.report(diag.SyntaxError, t.Pos, t.End, "Syntax error at end of input", expected)
		return
	}
	p.report(diag.SyntaxError, t.Pos, t.End, fmt.Sprintf("Syntax error at '%s'", p.tokenText(t)), expected)
}

func (p *parser) report(code diag.Code, from, to source.Pos, summary, expected string) {
	p.attempts++
	if p.stopped {
		return
	}
	line := p.file.Position(from).Line
	if p.errors > 0 && line == p.lastLine {
		return
	}
	p.lastLine = line
	p.errors++
	d := &diag.Diagnostic{Severity: diag.Error, Code: code, Summary: summary,
		Subject: source.Range{File: p.file, Start: from, End: to}}
	if expected != "" {
		d.Detail = "expected " + expected
	}
	p.diags = append(p.diags, d)
	if p.errors >= MaxErrors {
		p.stopped = true
		p.diags = append(p.diags, &diag.Diagnostic{Severity: diag.Error, Code: diag.TooManyErrors,
			Summary: fmt.Sprintf("Too many errors, parsing stopped after %d", MaxErrors),
			Subject: source.Range{File: p.file, Start: from, End: to}})
		p.i = len(p.toks) - 1
		p.tok = p.toks[p.i]
	}
}

// errorAt reports a non-syntax error at a node.
func (p *parser) errorAt(code diag.Code, n ast.Node, summary, detail string) {
	p.report(code, n.Pos(), n.End(), summary, "")
	if detail != "" && len(p.diags) > 0 {
		p.diags[len(p.diags)-1].Detail = detail
	}
}

func (p *parser) bad(from source.Pos) *ast.BadExpr {
	to := p.tok.Pos
	if to < from {
		to = from
	}
	return &ast.BadExpr{Span: ast.Span{From: from, To: to}}
}

// ---- statements ----

// statementCalls are the functions that may be called without parentheses.
var statementCalls = map[string]bool{
	"require": true, "realize": true, "include": true, "contain": true, "tag": true,
	"debug": true, "info": true, "notice": true, "warning": true, "err": true,
	"fail": true, "import": true, "break": true, "next": true, "return": true,
}

// statements parses statements until a token of kind end (not consumed).
func (p *parser) statements(end lexer.Kind) []ast.Expr {
	var list []ast.Expr
	for p.tok.Kind != end && p.tok.Kind != lexer.EOF && !p.stopped {
		if end == lexer.EOF && p.stopAt > 0 && p.i >= p.stopAt {
			break
		}
		if p.got(lexer.Semi) {
			continue
		}
		if end == lexer.EOF && p.tok.Kind == lexer.RBrace {
			if p.openedInRecovery > 0 {
				p.openedInRecovery--
			} else {
				p.syntaxError("a statement")
			}
			p.next()
			continue
		}
		start, errs := p.i, p.attempts
		s := p.statement()
		if s != nil {
			list = append(list, s)
		}
		if p.attempts > errs || p.i == start {
			p.recoverStatement(start, end)
		}
	}
	return list
}

// statement parses one statement, turning "name arg, arg" into a call when
// name is one of the statement functions.
func (p *parser) statement() ast.Expr {
	e := p.assignment()
	name, ok := e.(*ast.QualifiedName)
	if !ok || !statementCalls[name.Name] {
		return e
	}
	call := &ast.CallNamedFunction{Span: name.Span, Func: name}
	if p.startsExpr() {
		call.Args = p.arguments(lexer.EOF)
		if n := len(call.Args); n > 0 {
			call.To = call.Args[n-1].End()
		}
		return call
	}
	// A bare name, even return, next or break, stays a name, as in Puppet
	// (where "next()" is needed to call next without arguments).
	return e
}

// recoverStatement skips to a plausible statement start after an error.
func (p *parser) recoverStatement(start int, end lexer.Kind) {
	if p.i == start && p.tok.Kind != lexer.EOF && p.tok.Kind != end {
		p.next()
	}
	depth := 0
	for p.tok.Kind != lexer.EOF {
		switch p.tok.Kind {
		case lexer.LBrace:
			if depth == 0 && p.endsLine() {
				// A block opens here: look for statements inside it
				// rather than skipping it whole.
				p.openedInRecovery++
				p.next()
				continue
			}
			depth++
		case lexer.RBrace:
			if depth == 0 {
				if end == lexer.EOF {
					p.next()
				}
				return
			}
			depth--
		case lexer.Semi:
			if depth == 0 {
				p.next()
				return
			}
		case lexer.KwClass, lexer.KwDefine, lexer.KwNode, lexer.KwFunction, lexer.KwIf,
			lexer.KwUnless, lexer.KwCase:
			if depth == 0 && p.startsLine() {
				return
			}
		case lexer.Name, lexer.Variable, lexer.TypeRef:
			if depth == 0 && p.startsLine() {
				return
			}
		}
		p.next()
	}
}

// endsLine reports whether the current token is the last on its line.
func (p *parser) endsLine() bool {
	next := p.peek(1)
	if next.Kind == lexer.EOF {
		return true
	}
	return bytes.IndexByte(p.file.Content[p.tok.End:next.Pos], '\n') >= 0
}

// startsLine reports whether the current token is the first on its line.
func (p *parser) startsLine() bool {
	src := p.file.Content
	for i := int(p.tok.Pos) - 1; i >= 0; i-- {
		switch src[i] {
		case '\n':
			return true
		case ' ', '\t', '\r':
			continue
		}
		return false
	}
	return true
}

// startsExpr reports whether the current token can begin an expression
// (used for arguments of calls written without parentheses).
func (p *parser) startsExpr() bool {
	switch p.tok.Kind {
	case lexer.Name, lexer.Word, lexer.TypeRef, lexer.Variable, lexer.Number, lexer.String,
		lexer.DQString, lexer.Heredoc, lexer.Regex, lexer.KwTrue, lexer.KwFalse, lexer.KwUndef,
		lexer.KwDefault, lexer.ListStart, lexer.LBrace, lexer.Not, lexer.Minus,
		lexer.Times, lexer.At, lexer.AtAt, lexer.KwCase, lexer.KwIf, lexer.KwUnless, lexer.WSLParen, lexer.LParen:
		return true
	case lexer.LBrack:
		return true
	}
	return false
}

// ---- expressions ----

// tooDeep reports, once, an input nested beyond maxDepth and ends parsing.
func (p *parser) tooDeep() bool {
	if p.depth <= maxDepth {
		return false
	}
	p.report(diag.SyntaxError, p.tok.Pos, p.tok.End, "Expression nested too deeply", "")
	p.i = len(p.toks) - 1
	p.tok = p.toks[p.i]
	return true
}

// assignment := relationship [('=' | '+=' | '-=') assignment]
func (p *parser) assignment() ast.Expr {
	if p.tooDeep() {
		return p.bad(p.tok.Pos)
	}
	p.depth++
	defer func() { p.depth-- }()
	left := p.relationship()
	switch p.tok.Kind {
	case lexer.Assign:
		p.next()
		right := p.assignment()
		return &ast.AssignExpr{Span: ast.Span{From: left.Pos(), To: right.End()}, Left: left, Right: right}
	case lexer.Appends, lexer.Deletes:
		op := p.tok
		p.report(diag.Unsupported, op.Pos, op.End, fmt.Sprintf("The operator '%s' is no longer supported. See http://links.puppet.com/remove-plus-equals", op.Kind), "'=' (Puppet 4 and later have no '+=' or '-=')")
		p.next()
		right := p.assignment()
		return &ast.AssignExpr{Span: ast.Span{From: left.Pos(), To: right.End()}, Left: left, Right: right}
	}
	return left
}

var relOps = map[lexer.Kind]ast.RelationshipOp{
	lexer.OutEdge: ast.Before, lexer.OutEdgeSub: ast.Notify, lexer.InEdge: ast.After, lexer.InEdgeSub: ast.Subscribe,
}

// relationship := resource (('->' | '~>' | '<-' | '<~') resource)*
func (p *parser) relationship() ast.Expr {
	left := p.resource()
	for {
		op, ok := relOps[p.tok.Kind]
		if !ok {
			return left
		}
		p.next()
		right := p.resource()
		left = &ast.RelationshipExpr{Span: ast.Span{From: left.Pos(), To: right.End()}, Op: op, Left: left, Right: right}
	}
}

// resource := ('@' | '@@') resource | 'class' '{' bodies '}' | expr ['{' bodies '}']
func (p *parser) resource() ast.Expr {
	if p.tooDeep() {
		return p.bad(p.tok.Pos)
	}
	p.depth++
	defer func() { p.depth-- }()
	switch p.tok.Kind {
	case lexer.At, lexer.AtAt:
		at := p.tok
		form := ast.Virtual
		if at.Kind == lexer.AtAt {
			form = ast.Exported
		}
		p.next()
		e := p.resource()
		switch r := e.(type) {
		case *ast.ResourceExpr:
			r.Form, r.From = form, at.Pos
		case *ast.ResourceDefaultsExpr:
			r.Form, r.From = form, at.Pos
			p.report(diag.SyntaxError, at.Pos, at.End, "Resource Defaults are not virtualizable", "a resource declaration after '"+at.Kind.String()+"'")
		case *ast.ResourceOverrideExpr:
			r.Form, r.From = form, at.Pos
			p.report(diag.SyntaxError, at.Pos, at.End, "Resource Defaults are not virtualizable", "a resource declaration after '"+at.Kind.String()+"'")
		default:
			what := "Virtual (@)"
			if form == ast.Exported {
				what = "Exported (@@)"
			}
			p.report(diag.SyntaxError, at.Pos, at.End, what+" can only be applied to a Resource Expression", "a resource declaration after '"+at.Kind.String()+"'")
		}
		return e
	case lexer.KwClass:
		if p.peek(1).Kind == lexer.LBrace {
			t := p.tok
			p.next()
			if k := p.peek(1).Kind; k == lexer.RBrace || p.isAttributeStartAt(1) {
				p.next()
				p.syntaxError("a class name and ':' before the parameters: class { 'name': ... }")
				p.skipTo(lexer.RBrace)
				p.next()
				return p.bad(t.Pos)
			}
			return p.resourceBody(&ast.QualifiedName{Span: ast.Span{From: t.Pos, To: t.End}, Name: "class"})
		}
	}
	e := p.expr()
	if p.tok.Kind == lexer.LBrace {
		// A value that cannot name a type followed by a hash on the
		// next line is two statements, as Puppet reads it.
		if !mayNameType(e) && p.peek(2).Kind == lexer.FArrow && p.startsLine() {
			return e
		}
		// As in Puppet, '{' after any expression opens a resource body;
		// resourceBody reports the shapes that cannot be resources.
		return p.resourceBody(e)
	}
	return e
}

// mayNameType reports whether e can stand before a resource body.
func mayNameType(e ast.Expr) bool {
	switch e.(type) {
	case *ast.QualifiedName, *ast.QualifiedReference, *ast.AccessExpr, *ast.Variable, *ast.LiteralString, *ast.InterpolatedString, *ast.ParenExpr, *ast.CallNamedFunction, *ast.CallMethod:
		return true
	}
	return false
}

// resourceBody parses '{' ... '}' after a resource type, reference or type
// expression, deciding between declaration, defaults and override.
func (p *parser) resourceBody(typ ast.Expr) ast.Expr {
	lbrace := p.tok
	p.next()
	if p.isAttributeStart() || p.tok.Kind == lexer.RBrace {
		ops := p.attributeOps()
		end, _ := p.expect(lexer.RBrace, "'}' to close the resource body")
		span := ast.Span{From: typ.Pos(), To: end}
		switch t := typ.(type) {
		case *ast.QualifiedReference:
			return &ast.ResourceDefaultsExpr{Span: span, TypeName: t, Ops: ops}
		case *ast.AccessExpr:
			// Puppet makes Resource[File] { ... } an override too.
			return &ast.ResourceOverrideExpr{Span: span, Resources: t, Ops: ops}
		case *ast.QualifiedName:
			// name { a => 1 } is a call of a statement function with a hash.
			if statementCalls[t.Name] {
				h := &ast.HashExpr{Span: ast.Span{From: lbrace.Pos, To: end}}
				for _, o := range ops {
					if o.Op != ast.AttrAssign {
						p.errorAt(diag.SyntaxError, o, "Syntax error resource body without title or hash with +>", "a title: 'title': attribute => value")
						break
					}
					h.Entries = append(h.Entries, &ast.HashEntry{Span: o.Span, Key: &ast.QualifiedName{Span: ast.Span{From: o.From, To: o.From + source.Pos(len(o.Name))}, Name: o.Name}, Value: o.Value})
				}
				return &ast.CallNamedFunction{Span: span, Func: t, Args: []ast.Expr{h}}
			}
			p.report(diag.SyntaxError, t.Pos(), t.End(), fmt.Sprintf("This expression is invalid. Did you try declaring a '%s' resource without a title?", t.Name), "a title before the attributes: "+t.Name+" { 'title': ... }")
			return &ast.ResourceExpr{Span: span, TypeName: t}
		}
		p.report(diag.SyntaxError, typ.Pos(), typ.End(), "Expression is not valid as a resource, resource-default, or resource-override", "a resource type name or reference")
		return &ast.BadExpr{Span: span}
	}
	r := &ast.ResourceExpr{TypeName: typ}
	for p.tok.Kind != lexer.RBrace && p.tok.Kind != lexer.EOF && !p.stopped {
		start := p.tok.Pos
		title := p.expr()
		if _, ok := p.expect(lexer.Colon, "':' after the resource title"); !ok {
			p.skipTo(lexer.RBrace)
			break
		}
		body := &ast.ResourceBody{Title: title, Ops: p.attributeOps()}
		body.From, body.To = start, p.prevEnd()
		r.Bodies = append(r.Bodies, body)
		if !p.got(lexer.Semi) {
			break
		}
	}
	end, _ := p.expect(lexer.RBrace, "'}' or ';' and another resource body")
	r.From, r.To = typ.Pos(), end
	return r
}

// prevEnd is the end of the token before the current one.
func (p *parser) prevEnd() source.Pos {
	if p.i > 0 {
		return p.toks[p.i-1].End
	}
	return 0
}

// skipTo advances to the next token of kind k at the current nesting level.
func (p *parser) skipTo(k lexer.Kind) {
	depth := 0
	for p.tok.Kind != lexer.EOF {
		switch p.tok.Kind {
		case lexer.LBrace, lexer.LBrack, lexer.ListStart, lexer.LParen, lexer.WSLParen:
			depth++
		case lexer.RBrace, lexer.RBrack, lexer.RParen:
			if depth == 0 && p.tok.Kind == k {
				return
			}
			depth--
			if depth < 0 {
				return
			}
		}
		if depth == 0 && p.tok.Kind == k {
			return
		}
		p.next()
	}
}

// isAttributeName reports whether t can name an attribute.
func isAttributeName(t lexer.Token) bool {
	return t.Kind == lexer.Name || (t.Kind.IsKeyword() && t.Kind != lexer.KwTrue && t.Kind != lexer.KwFalse)
}

// isAttributeStart reports whether an attribute operation starts here.
func (p *parser) isAttributeStart() bool {
	next := p.peek(1).Kind
	if next != lexer.FArrow && next != lexer.PArrow {
		return false
	}
	return isAttributeName(p.tok) || p.tok.Kind == lexer.Times
}

// attributeOps := [op (',' op)* [',']]
func (p *parser) attributeOps() []*ast.AttributeOp {
	var ops []*ast.AttributeOp
	for p.isAttributeStart() && !p.stopped {
		t := p.tok
		op := &ast.AttributeOp{Name: t.Src(p.file.Text()), Op: ast.AttrAssign}
		if t.Kind == lexer.Times {
			op.Name, op.Op = "*", ast.AttrSplat
		}
		p.next()
		if p.tok.Kind == lexer.PArrow {
			if op.Op == ast.AttrSplat {
				p.syntaxError("'=>' after '*'")
			}
			op.Op = ast.AttrAppend
		}
		p.next()
		op.Value = p.expr()
		op.From, op.To = t.Pos, op.Value.End()
		ops = append(ops, op)
		if !p.got(lexer.Comma) {
			break
		}
	}
	if p.tok.Kind == lexer.Name {
		switch {
		case len(ops) > 0 && p.isAttributeStart():
			p.syntaxError("',' after the previous attribute")
		case p.peek(1).Kind != lexer.Colon:
			// The token after the name is the one out of place.
			name := p.tokenText(p.tok)
			p.next()
			p.syntaxError("'=>' after the attribute name '" + name + "'")
		}
	}
	return ops
}

// binaryOp describes an infix operator token: its precedence (higher binds
// tighter; 0 means the token is not an infix operator) and AST operator.
type binaryOp struct {
	prec int
	op   ast.BinaryOp
}

// binaryOps is indexed by token kind: a table, as this is the parser's
// hottest lookup.
var binaryOps = func() (t [lexer.EPPEnd + 1]binaryOp) {
	set := func(k lexer.Kind, prec int, op ast.BinaryOp) { t[k] = binaryOp{prec, op} }
	set(lexer.KwOr, 1, ast.Or)
	set(lexer.KwAnd, 2, ast.And)
	t[lexer.QMark] = binaryOp{prec: 3} // the selector
	set(lexer.Lt, 4, ast.Lt)
	set(lexer.Le, 4, ast.Le)
	set(lexer.Gt, 4, ast.Gt)
	set(lexer.Ge, 4, ast.Ge)
	set(lexer.Eq, 5, ast.Eq)
	set(lexer.Ne, 5, ast.Ne)
	set(lexer.LShift, 6, ast.LShift)
	set(lexer.RShift, 6, ast.RShift)
	set(lexer.Plus, 7, ast.Add)
	set(lexer.Minus, 7, ast.Sub)
	set(lexer.Times, 8, ast.Mul)
	set(lexer.Div, 8, ast.Div)
	set(lexer.Mod, 8, ast.Mod)
	set(lexer.Match, 9, ast.Match)
	set(lexer.NoMatch, 9, ast.NoMatch)
	set(lexer.KwIn, 10, ast.In)
	return t
}()

// expr parses an expression without assignment, chaining or resource
// bodies: the operand of most constructs.
func (p *parser) expr() ast.Expr { return p.binary(1) }

func (p *parser) binary(minPrec int) ast.Expr {
	if p.tooDeep() {
		return p.bad(p.tok.Pos)
	}
	p.depth++
	defer func() { p.depth-- }()
	left := p.unary()
	for {
		var bop binaryOp
		if int(p.tok.Kind) < len(binaryOps) {
			bop = binaryOps[p.tok.Kind]
		}
		prec := bop.prec
		if prec == 0 || prec < minPrec {
			return left
		}
		if p.tok.Kind == lexer.QMark {
			left = p.selector(left)
			continue
		}
		op, opPos := bop.op, p.tok.Pos
		p.next()
		right := p.binary(prec + 1)
		left = &ast.BinaryExpr{Span: ast.Span{From: left.Pos(), To: right.End()}, Op: op, OpPos: opPos, Left: left, Right: right}
	}
}

// selector := X '?' '{' entry (',' entry)* [','] '}'
func (p *parser) selector(x ast.Expr) ast.Expr {
	p.next() // '?'
	sel := &ast.SelectorExpr{X: x}
	if p.tok.Kind != lexer.LBrace {
		e := p.selectorEntry()
		sel.Entries = append(sel.Entries, e)
		sel.From, sel.To = x.Pos(), e.End()
		return sel
	}
	p.next()
	if p.tok.Kind == lexer.RBrace {
		p.syntaxError("at least one selector option: match => value")
	}
	for p.tok.Kind != lexer.RBrace && p.tok.Kind != lexer.EOF && !p.stopped {
		sel.Entries = append(sel.Entries, p.selectorEntry())
		if !p.got(lexer.Comma) {
			break
		}
	}
	end, _ := p.expect(lexer.RBrace, "'}' or ',' in the selector")
	sel.From, sel.To = x.Pos(), end
	return sel
}

func (p *parser) selectorEntry() *ast.SelectorEntry {
	m := p.expr()
	p.expect(lexer.FArrow, "'=>' after the selector option")
	v := p.expr()
	return &ast.SelectorEntry{Span: ast.Span{From: m.Pos(), To: v.End()}, Match: m, Value: v}
}

// unary := ('!' | '-' | '*') unary | postfix
func (p *parser) unary() ast.Expr {
	t := p.tok
	var op ast.UnaryOp
	switch t.Kind {
	case lexer.Not:
		op = ast.Not
	case lexer.Minus:
		op = ast.Neg
	case lexer.Times:
		op = ast.Splat
	default:
		return p.postfix(p.primary())
	}
	if p.tooDeep() {
		return p.bad(t.Pos)
	}
	p.depth++
	defer func() { p.depth-- }()
	p.next()
	x := p.unary()
	return &ast.UnaryExpr{Span: ast.Span{From: t.Pos, To: x.End()}, Op: op, X: x}
}

// postfix parses access, method calls, calls and collectors after x.
func (p *parser) postfix(x ast.Expr) ast.Expr {
	for !p.stopped {
		switch p.tok.Kind {
		case lexer.LBrack:
			p.next()
			if p.tok.Kind == lexer.RBrack {
				p.syntaxError("at least one key or type parameter inside '[]'")
			}
			keys := p.arguments(lexer.RBrack)
			end, _ := p.expect(lexer.RBrack, "']' to close the access")
			x = &ast.AccessExpr{Span: ast.Span{From: x.Pos(), To: end}, X: x, Keys: keys}
		case lexer.Dot:
			p.next()
			t := p.tok
			if t.Kind != lexer.Name && !t.Kind.IsKeyword() && t.Kind != lexer.TypeRef {
				p.syntaxError("a function name after '.'")
				return x
			}
			p.next()
			m := &ast.CallMethod{Receiver: x, Name: t.Src(p.file.Text())}
			m.From, m.To = x.Pos(), t.End
			if p.tok.Kind == lexer.LParen {
				p.next()
				m.Args = p.arguments(lexer.RParen)
				m.To, _ = p.expect(lexer.RParen, "')' to close the argument list")
				m.Parens = true
			}
			if p.tok.Kind == lexer.Pipe {
				m.Lambda = p.lambda()
				m.To = m.Lambda.End()
			}
			x = m
		case lexer.LParen:
			switch f := x.(type) {
			case *ast.QualifiedName, *ast.QualifiedReference:
			case *ast.AccessExpr:
				// A parameterized type called: Struct[{a => Integer}]([...]).
				if _, isType := f.X.(*ast.QualifiedReference); isType {
					break
				}
				p.report(diag.SyntaxError, x.Pos(), x.End(), fmt.Sprintf("Illegal expression. %s is unacceptable as function name in a Function Call", capitalize(ast.AnLabel(x))), "a function name before '('")
			default:
				p.report(diag.SyntaxError, x.Pos(), x.End(), fmt.Sprintf("Illegal expression. %s is unacceptable as function name in a Function Call", capitalize(ast.AnLabel(x))), "a function name before '('")
			}
			p.next()
			c := &ast.CallNamedFunction{Func: x, Parens: true}
			c.Args = p.arguments(lexer.RParen)
			c.From = x.Pos()
			c.To, _ = p.expect(lexer.RParen, "')' to close the argument list")
			if p.tok.Kind == lexer.Pipe {
				c.Lambda = p.lambda()
				c.To = c.Lambda.End()
			}
			x = c
		case lexer.LCollect, lexer.LLCollect:
			x = p.collector(x)
		default:
			return x
		}
	}
	return x
}

// collector := Type ('<|' [query] '|>' | '<<|' [query] '|>>') ['{' ops '}']
func (p *parser) collector(typ ast.Expr) ast.Expr {
	exported := p.tok.Kind == lexer.LLCollect
	closeKind, closeText := lexer.RCollect, "'|>' to close the collector"
	if exported {
		closeKind, closeText = lexer.RRCollect, "'|>>' to close the exported collector"
	}
	p.next()
	c := &ast.CollectExpr{TypeName: typ, Exported: exported}
	if p.tok.Kind != closeKind {
		c.Query = p.expr()
	}
	c.From = typ.Pos()
	c.To, _ = p.expect(closeKind, closeText)
	if p.tok.Kind == lexer.LBrace && (p.isAttributeStartAt(1) || p.peek(1).Kind == lexer.RBrace) {
		p.next()
		c.Overrides = p.attributeOps()
		c.To, _ = p.expect(lexer.RBrace, "'}' to close the collector's attributes")
	}
	return c
}

func (p *parser) isAttributeStartAt(n int) bool {
	t, next := p.peek(n), p.peek(n+1).Kind
	return (next == lexer.FArrow || next == lexer.PArrow) && (isAttributeName(t) || t.Kind == lexer.Times)
}

// arguments parses comma-separated arguments (expressions or key => value
// pairs) up to a closing token of kind end, which is not consumed. With end
// EOF (calls without parentheses) it stops at the first token that is not a
// comma. Consecutive key => value pairs become one hash, as in Puppet.
func (p *parser) arguments(end lexer.Kind) []ast.Expr {
	var args []ast.Expr
	unfolded := -1 // index of the hash collecting key => value arguments
	for p.tok.Kind != end && p.tok.Kind != lexer.EOF && !p.stopped {
		var a ast.Expr
		if (p.tok.Kind == lexer.KwType || p.tok.Kind == lexer.KwFunction) && p.peek(1).Kind != lexer.LParen {
			// As in Puppet, the keywords type and function are strings here.
			a = &ast.LiteralString{Span: ast.Span{From: p.tok.Pos, To: p.tok.End}, Value: p.tok.Text}
			p.next()
		} else {
			a = p.assignment()
		}
		if p.tok.Kind == lexer.FArrow {
			p.next()
			v := p.assignment()
			entry := &ast.HashEntry{Span: ast.Span{From: a.Pos(), To: v.End()}, Key: a, Value: v}
			if n := len(args); n > 0 && unfolded == n-1 {
				h := args[n-1].(*ast.HashExpr)
				h.Entries = append(h.Entries, entry)
				h.To = entry.To
				goto next
			}
			args = append(args, &ast.HashExpr{Span: entry.Span, Entries: []*ast.HashEntry{entry}})
			unfolded = len(args) - 1
		} else {
			args = append(args, a)
		}
	next:
		if !p.got(lexer.Comma) {
			break
		}
	}
	return args
}

// primary parses literals, names, variables, collections and the keyword
// constructs.
func (p *parser) primary() ast.Expr {
	t := p.tok
	span := ast.Span{From: t.Pos, To: t.End}
	switch t.Kind {
	case lexer.Variable:
		p.next()
		return &ast.Variable{Span: span, Name: t.Text}
	case lexer.Number:
		p.next()
		return p.number(t)
	case lexer.String, lexer.Word:
		p.next()
		return &ast.LiteralString{Span: span, Value: t.Text}
	case lexer.DQString:
		p.next()
		return p.interpolated(span, t.Segments())
	case lexer.Heredoc:
		p.next()
		h := &ast.Heredoc{Span: span, Syntax: t.Syntax()}
		body := ast.Span{From: t.Str.BodyPos, To: t.Str.BodyEnd}
		if t.Segments() != nil {
			h.Text = p.interpolated(body, t.Segments())
		} else {
			h.Text = &ast.LiteralString{Span: body, Value: t.Text}
		}
		return h
	case lexer.Regex:
		p.next()
		p.regexps++
		return &ast.LiteralRegex{Span: span, Pattern: t.Text}
	case lexer.KwTrue, lexer.KwFalse:
		p.next()
		return &ast.LiteralBool{Span: span, Value: t.Kind == lexer.KwTrue}
	case lexer.KwUndef:
		p.next()
		return &ast.LiteralUndef{Span: span}
	case lexer.KwDefault:
		p.next()
		return &ast.LiteralDefault{Span: span}
	case lexer.Name:
		p.next()
		return &ast.QualifiedName{Span: span, Name: t.Text}
	case lexer.TypeRef:
		p.next()
		return &ast.QualifiedReference{Span: span, Name: t.Text}
	case lexer.KwPrivate, lexer.KwAttr:
		p.next()
		return &ast.ReservedWord{Span: span, Word: t.Text}
	case lexer.ListStart, lexer.LBrack:
		p.next()
		elems := p.arguments(lexer.RBrack)
		end, _ := p.expect(lexer.RBrack, "']' or ',' in the array")
		return &ast.ArrayExpr{Span: ast.Span{From: t.Pos, To: end}, Elems: elems}
	case lexer.LBrace:
		return p.hash()
	case lexer.LParen, lexer.WSLParen:
		p.next()
		x := p.assignment()
		end, _ := p.expect(lexer.RParen, "')' to close the parenthesis")
		return &ast.ParenExpr{Span: ast.Span{From: t.Pos, To: end}, X: x}
	case lexer.KwIf:
		return p.ifExpr()
	case lexer.KwUnless:
		return p.unlessExpr()
	case lexer.KwCase:
		return p.caseExpr()
	case lexer.KwClass:
		return p.classDef()
	case lexer.KwDefine:
		return p.defineDef()
	case lexer.KwNode:
		return p.nodeDef()
	case lexer.KwFunction:
		return p.functionDef()
	case lexer.KwType:
		if p.peek(1).Kind == lexer.LParen {
			p.next()
			return &ast.QualifiedName{Span: span, Name: "type"}
		}
		return p.typeAlias()
	case lexer.RenderString:
		p.next()
		return &ast.RenderString{Span: span, Text: t.Text}
	case lexer.RenderExpr:
		p.next()
		var x ast.Expr
		if p.tok.Kind == lexer.LBrace && p.peek(1).Kind != lexer.RBrace && !p.isAttributeStartAt(1) && p.peek(2).Kind != lexer.FArrow {
			// <%= { statements } %>
			lb := p.tok
			p.next()
			body := p.statements(lexer.RBrace)
			end, _ := p.expect(lexer.RBrace, "'}'")
			x = &ast.BlockExpr{Span: ast.Span{From: lb.Pos, To: end}, Body: body}
		} else {
			x = p.expr()
		}
		end := x.End()
		if p.tok.Kind == lexer.EPPEnd {
			end = p.tok.End
			p.next()
		} else {
			p.syntaxError("'%>' to close the '<%=' tag")
		}
		return &ast.RenderExpr{Span: ast.Span{From: t.Pos, To: end}, X: x}
	}
	p.syntaxError("an expression")
	b := &ast.BadExpr{Span: span}
	if t.Kind != lexer.EOF && t.Kind != lexer.RBrace && t.Kind != lexer.RParen && t.Kind != lexer.RBrack {
		p.next()
	}
	return b
}

func (p *parser) number(t lexer.Token) ast.Expr {
	span := ast.Span{From: t.Pos, To: t.End}
	s := t.Text
	if strings.ContainsAny(s, ".eE") && !strings.HasPrefix(s, "0x") && !strings.HasPrefix(s, "0X") {
		f, err := strconv.ParseFloat(s, 64)
		if err != nil {
			p.report(diag.BadNumber, t.Pos, t.End, fmt.Sprintf("Illegal number '%s'", s), "")
		}
		return &ast.LiteralFloat{Span: span, Value: f}
	}
	radix, digits := 10, s
	switch {
	case strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X"):
		radix, digits = 16, s[2:]
	case len(s) > 1 && s[0] == '0':
		radix, digits = 8, s[1:]
	}
	v, err := strconv.ParseInt(digits, radix, 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			big, _ := new(big.Int).SetString(digits, radix)
			p.report(diag.BadNumber, t.Pos, t.End, fmt.Sprintf("A Literal Integer resulted in a value outside of Puppet Integer max range, got '+0x%x'", big), "an integer between -2^63 and 2^63-1")
		}
	}
	return &ast.LiteralInteger{Span: span, Value: v, Radix: radix}
}

// interpolated builds a string from lexer segments, parsing each "${...}"
// with a sub-parser over its tokens.
func (p *parser) interpolated(span ast.Span, segs []lexer.Segment) ast.Expr {
	s := &ast.InterpolatedString{Span: span}
	for _, seg := range segs {
		sspan := ast.Span{From: seg.Pos, To: seg.End}
		switch seg.Kind {
		case lexer.SegText:
			s.Parts = append(s.Parts, &ast.LiteralString{Span: sspan, Value: seg.Text})
		case lexer.SegVar:
			v := &ast.Variable{Span: ast.Span{From: seg.Pos, To: seg.End}, Name: seg.Text}
			s.Parts = append(s.Parts, &ast.TextExpr{Span: sspan, Expr: v})
		case lexer.SegExpr:
			if v := p.nameVariable(seg.Tokens); v != nil {
				s.Parts = append(s.Parts, &ast.TextExpr{Span: sspan, Expr: v})
				continue
			}
			s.Parts = append(s.Parts, &ast.TextExpr{Span: sspan, Expr: p.segmentExpr(seg, sspan)})
		}
	}
	return s
}

// nameVariable is the variable "${name}" refers to, as most
// interpolations are: what parsing the one name gives, without a parser
// for it; nil for any other expression.
func (p *parser) nameVariable(toks []lexer.Token) *ast.Variable {
	if len(toks) != 2 || toks[1].Kind != lexer.EOF || p.stopped || p.depth >= maxDepth-64 {
		return nil
	}
	t := toks[0]
	if t.Kind != lexer.Name && t.Kind != lexer.Word && !t.Kind.IsKeyword() {
		return nil
	}
	return &ast.Variable{Span: ast.Span{From: t.Pos, To: t.End}, Name: t.Text}
}

// segmentExpr parses the expression of "${...}".
func (p *parser) segmentExpr(seg lexer.Segment, sspan ast.Span) ast.Expr {
	toks := seg.Tokens
	if toks[0].Kind.IsKeyword() || toks[0].Kind == lexer.Word {
		// "${type}" and "${_x}" name the variables $type and $_x.
		toks = append([]lexer.Token{toks[0]}, toks[1:]...)
		toks[0].Kind = lexer.Name
	}
	sub := &parser{shared: p.shared, toks: toks, depth: p.depth + 1}
	sub.tok = toks[0]
	if sub.tok.Kind == lexer.EOF {
		p.report(diag.SyntaxError, seg.Pos, seg.End, "Syntax error at '}'", "an expression inside '${}'")
		return &ast.BadExpr{Span: sspan}
	}
	body := sub.statements(lexer.EOF)
	switch len(body) {
	case 0:
		return &ast.BadExpr{Span: sspan}
	case 1:
		return p.interpolate(body[0])
	}
	return p.interpolate(body[len(body)-1])
}

// illegalNumericName is Puppet's error for "${1.5}", "${0x10}" or
// "${010}": a number there names a match variable, which is decimal.
func (p *parser) illegalNumericName(span ast.Span, name string) {
	p.report(diag.SyntaxError, span.From, span.To, "Illegal numeric variable name, The given name '"+name+"' must be a decimal value if it starts with a digit 0-9", "a match variable such as ${1}")
}

// interpolate turns the leading name of an expression inside "${}" into a
// variable: "${x}", "${x[1]}", "${x.f}", "${_x}" and "${1}" all refer to
// variables (Puppet does this to any number and bare word, as written).
func (p *parser) interpolate(e ast.Expr) ast.Expr {
	switch e := e.(type) {
	case *ast.QualifiedName:
		return &ast.Variable{Span: e.Span, Name: e.Name}
	case *ast.LiteralInteger:
		name := string(p.file.Content[e.From:e.To])
		if e.Radix != 10 || len(name) > 1 && name[0] == '0' {
			p.illegalNumericName(e.Span, name)
		}
		return &ast.Variable{Span: e.Span, Name: name}
	case *ast.LiteralFloat:
		p.illegalNumericName(e.Span, string(p.file.Content[e.From:e.To]))
		return &ast.Variable{Span: e.Span, Name: string(p.file.Content[e.From:e.To])}
	case *ast.LiteralString:
		if t := string(p.file.Content[e.From:e.To]); t == e.Value && t != "" && (t[0] == '_' || (t[0] >= 'a' && t[0] <= 'z')) {
			return &ast.Variable{Span: e.Span, Name: e.Value} // a bare word such as _x or a-b
		}
	case *ast.AccessExpr:
		e.X = p.interpolate(e.X)
	case *ast.CallMethod:
		e.Receiver = p.interpolate(e.Receiver)
	}
	return e
}

// hash := '{' [entry (',' entry)* [',']] '}'
func (p *parser) hash() ast.Expr {
	lb := p.tok
	p.next()
	h := &ast.HashExpr{}
	for p.tok.Kind != lexer.RBrace && p.tok.Kind != lexer.EOF && !p.stopped {
		var k ast.Expr
		if (p.tok.Kind == lexer.KwType || p.tok.Kind == lexer.KwFunction) && p.peek(1).Kind == lexer.FArrow {
			k = &ast.LiteralString{Span: ast.Span{From: p.tok.Pos, To: p.tok.End}, Value: p.tok.Text}
			p.next()
		} else {
			k = p.assignment()
		}
		if _, ok := p.expect(lexer.FArrow, "'=>' after the hash key"); !ok {
			p.skipTo(lexer.RBrace)
			break
		}
		v := p.assignment()
		h.Entries = append(h.Entries, &ast.HashEntry{Span: ast.Span{From: k.Pos(), To: v.End()}, Key: k, Value: v})
		if !p.got(lexer.Comma) {
			break
		}
	}
	end, _ := p.expect(lexer.RBrace, "'}' or ',' in the hash")
	h.From, h.To = lb.Pos, end
	return h
}
