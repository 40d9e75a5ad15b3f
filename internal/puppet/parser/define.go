package parser

import (
	"strings"

	"github.com/ordoproject/ordo/internal/diag"
	"github.com/ordoproject/ordo/internal/puppet/ast"
	"github.com/ordoproject/ordo/internal/puppet/lexer"
	"github.com/ordoproject/ordo/internal/source"
)

// block := '{' statements '}'; it returns the statements and the end offset.
func (p *parser) block(what string) ([]ast.Expr, source.Pos) {
	if _, ok := p.expect(lexer.LBrace, "'{' to open "+what); !ok {
		return nil, p.tok.Pos
	}
	body := p.statements(lexer.RBrace)
	end, _ := p.expect(lexer.RBrace, "'}' to close "+what)
	return body, end
}

// ifExpr := 'if' expr block ['elsif' ... | 'else' block]
func (p *parser) ifExpr() ast.Expr {
	t := p.tok
	p.next()
	n := &ast.IfExpr{Cond: p.expr(), Elsif: t.Kind == lexer.KwElsif}
	n.Then, n.To = p.block("the if body")
	n.From = t.Pos
	switch p.tok.Kind {
	case lexer.KwElsif:
		e := p.ifExpr()
		n.Else = []ast.Expr{e}
		n.To = e.End()
	case lexer.KwElse:
		p.next()
		n.Else, n.To = p.block("the else body")
		if n.Else == nil {
			n.Else = []ast.Expr{}
		}
	}
	return n
}

// unlessExpr := 'unless' expr block ['else' block]
func (p *parser) unlessExpr() ast.Expr {
	t := p.tok
	p.next()
	n := &ast.UnlessExpr{Cond: p.expr()}
	n.Then, n.To = p.block("the unless body")
	n.From = t.Pos
	if p.tok.Kind == lexer.KwElsif {
		p.report(diag.SyntaxError, p.tok.Pos, p.tok.End, "Syntax error at 'elsif'", "'else' or the end of the unless; unless has no elsif")
		p.next()
	}
	if p.got(lexer.KwElse) {
		n.Else, n.To = p.block("the else body")
		if n.Else == nil {
			n.Else = []ast.Expr{}
		}
	}
	return n
}

// caseExpr := 'case' expr '{' (values ':' block)+ '}'
func (p *parser) caseExpr() ast.Expr {
	t := p.tok
	p.next()
	n := &ast.CaseExpr{Subject: p.expr()}
	p.expect(lexer.LBrace, "'{' to open the case body")
	if p.tok.Kind == lexer.RBrace {
		p.syntaxError("at least one case option: value: { ... }")
	}
	for p.tok.Kind != lexer.RBrace && p.tok.Kind != lexer.EOF && !p.stopped {
		start, errs := p.i, p.attempts
		o := &ast.CaseOption{}
		o.From = p.tok.Pos
		for {
			o.Values = append(o.Values, p.expr())
			if !p.got(lexer.Comma) {
				break
			}
		}
		if _, ok := p.expect(lexer.Colon, "':' after the case option"); ok {
			o.Body, o.To = p.block("the case option body")
		}
		if o.To < o.From {
			o.To = o.From
		}
		n.Options = append(n.Options, o)
		if p.attempts > errs || p.i == start {
			if p.i == start {
				p.next()
			}
			p.skipTo(lexer.RBrace)
			break
		}
	}
	n.From = t.Pos
	n.To, _ = p.expect(lexer.RBrace, "'}' to close the case")
	return n
}

// className reads the name of a class, define or function.
func (p *parser) className(what string) string {
	t := p.tok
	switch t.Kind {
	case lexer.Name, lexer.Word, lexer.TypeRef, lexer.KwClass:
		p.next()
		return t.Src(p.file.Text())
	case lexer.String:
		p.next()
		return t.Text
	}
	p.syntaxError("the name of the " + what)
	return ""
}

// params := ['(' [param (',' param)* [',']] ')']
func (p *parser) params() []*ast.Parameter {
	if p.tok.Kind != lexer.LParen && p.tok.Kind != lexer.WSLParen {
		return nil
	}
	p.next()
	ps := p.paramList(lexer.RParen)
	p.expect(lexer.RParen, "')' or ',' in the parameter list")
	return ps
}

// paramList parses parameters up to a token of kind end (not consumed).
func (p *parser) paramList(end lexer.Kind) []*ast.Parameter {
	ps := []*ast.Parameter{}
	for p.tok.Kind != end && p.tok.Kind != lexer.EOF && !p.stopped {
		before := p.i
		ps = append(ps, p.param())
		if p.i == before {
			p.next()
		}
		if !p.got(lexer.Comma) {
			break
		}
	}
	return ps
}

// param := [Type] ['*'] $name ['=' expr]
func (p *parser) param() *ast.Parameter {
	par := &ast.Parameter{}
	par.From = p.tok.Pos
	if p.tok.Kind == lexer.TypeRef {
		par.Type = p.typeExpr()
	}
	if p.got(lexer.Times) {
		par.Splat = true
	}
	if p.tok.Kind != lexer.Variable {
		p.syntaxError("a parameter name such as $x")
		par.To = p.tok.Pos
		return par
	}
	par.Name = p.tok.Text
	par.To = p.tok.End
	p.next()
	if p.got(lexer.Assign) {
		par.Default = p.expr()
		par.To = par.Default.End()
	}
	return par
}

// typeExpr := TypeRef ('[' args ']')*
func (p *parser) typeExpr() ast.Expr {
	t := p.tok
	var x ast.Expr = &ast.QualifiedReference{Span: ast.Span{From: t.Pos, To: t.End}, Name: t.Text}
	p.next()
	for p.tok.Kind == lexer.LBrack {
		p.next()
		keys := p.arguments(lexer.RBrack)
		end, _ := p.expect(lexer.RBrack, "']' to close the type parameters")
		x = &ast.AccessExpr{Span: ast.Span{From: t.Pos, To: end}, X: x, Keys: keys}
	}
	return x
}

// returnType := ['>>' typeExpr]
func (p *parser) returnType() ast.Expr {
	if !p.got(lexer.RShift) {
		return nil
	}
	if p.tok.Kind != lexer.TypeRef {
		p.syntaxError("a return type after '>>'")
		return nil
	}
	return p.typeExpr()
}

// lambda := '|' params '|' ['>>' Type] '{' statements '}'
func (p *parser) lambda() *ast.Lambda {
	l := &ast.Lambda{}
	l.From = p.tok.Pos
	p.next()
	l.Params = p.paramList(lexer.Pipe)
	p.expect(lexer.Pipe, "'|' to close the lambda parameters")
	l.ReturnType = p.returnType()
	l.Body, l.To = p.block("the lambda body")
	return l
}

// classDef := 'class' name params ['inherits' name] block
func (p *parser) classDef() ast.Expr {
	t := p.tok
	p.next()
	c := &ast.ClassDef{Name: p.className("class")}
	c.Params = p.params()
	if p.got(lexer.KwInherits) {
		if p.tok.Kind == lexer.KwDefault {
			c.Parent = "default"
			p.next()
		} else {
			c.Parent = p.className("parent class")
		}
	}
	c.Body, c.To = p.block("the class body")
	c.From = t.Pos
	return c
}

// defineDef := 'define' name params block
func (p *parser) defineDef() ast.Expr {
	t := p.tok
	p.next()
	d := &ast.DefineDef{Name: p.className("defined type")}
	d.Params = p.params()
	d.Body, d.To = p.block("the define body")
	d.From = t.Pos
	return d
}

// functionDef := 'function' name params ['>>' Type] block
func (p *parser) functionDef() ast.Expr {
	t := p.tok
	p.next()
	f := &ast.FunctionDef{Name: p.className("function")}
	f.Params = p.params()
	f.ReturnType = p.returnType()
	f.Body, f.To = p.block("the function body")
	f.From = t.Pos
	return f
}

// typeAlias := 'type' TypeRef '=' expr
func (p *parser) typeAlias() ast.Expr {
	t := p.tok
	p.next()
	if p.tok.Kind != lexer.TypeRef {
		p.syntaxError("a capitalized type name after 'type'")
		return p.bad(t.Pos)
	}
	name := p.tok.Text
	p.next()
	if _, ok := p.expect(lexer.Assign, "'=' after the type alias name"); !ok {
		return p.bad(t.Pos)
	}
	x := p.expr()
	return &ast.TypeAlias{Span: ast.Span{From: t.Pos, To: x.End()}, Name: name, Type: x}
}

// nodeDef := 'node' match (',' match)* [','] ['inherits' match] block
func (p *parser) nodeDef() ast.Expr {
	t := p.tok
	p.next()
	n := &ast.NodeDef{}
	for !p.stopped {
		m := p.hostname()
		if m == nil {
			break
		}
		n.Matches = append(n.Matches, m)
		if !p.got(lexer.Comma) || p.tok.Kind == lexer.LBrace {
			break
		}
	}
	if p.got(lexer.KwInherits) {
		n.Parent = p.hostname()
	}
	n.Body, n.To = p.block("the node body")
	n.From = t.Pos
	return n
}

// hostname reads a node match: dotted name, string, regex or default.
func (p *parser) hostname() ast.Expr {
	t := p.tok
	span := ast.Span{From: t.Pos, To: t.End}
	switch t.Kind {
	case lexer.String:
		p.next()
		return &ast.LiteralString{Span: span, Value: t.Text}
	case lexer.DQString, lexer.Heredoc:
		return p.primary()
	case lexer.Regex:
		p.next()
		p.regexps++
		return &ast.LiteralRegex{Span: span, Pattern: t.Text}
	case lexer.KwDefault:
		p.next()
		return &ast.LiteralDefault{Span: span}
	case lexer.Name, lexer.Word, lexer.Number:
		// A dotted name: adjacent names, numbers and dots, taken as written.
		end := t.End
		p.next()
		for (p.tok.Kind == lexer.Dot || p.tok.Kind == lexer.Name || p.tok.Kind == lexer.Word || p.tok.Kind == lexer.Number || p.tok.Kind.IsKeyword()) && p.tok.Pos == end {
			end = p.tok.End
			p.next()
		}
		name := string(p.file.Content[t.Pos:end])
		return &ast.LiteralString{Span: ast.Span{From: t.Pos, To: end}, Value: strings.ToLower(name)}
	}
	p.syntaxError("a node name, string, regex or default")
	return nil
}

// eppParams parses the optional "<%- | params | -%>" tag at the start of a
// template.
func (p *parser) eppParams(prog *ast.Program) {
	if p.tok.Kind == lexer.RenderString && strings.TrimSpace(p.tok.Text) == "" && p.peek(1).Kind == lexer.Pipe {
		p.next()
	}
	if p.tok.Kind != lexer.Pipe {
		return
	}
	p.next()
	prog.HasEPPParams = true
	prog.EPPParams = p.paramList(lexer.Pipe)
	p.expect(lexer.Pipe, "'|' to close the template parameters")
}
