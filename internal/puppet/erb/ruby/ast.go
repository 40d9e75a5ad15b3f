package ruby

// Node is a syntax tree node; Pos is its offset in the script.
type Node interface{ Pos() int }

type node struct{ pos int }

func (n node) Pos() int { return n.pos }

type (
	nilLit   struct{ node }
	trueLit  struct{ node }
	falseLit struct{ node }
	selfNode struct{ node }
	intLit   struct {
		node
		v int64
	}
	floatLit struct {
		node
		v float64
	}
	// strLit is a string; parts alternate literal text and expressions.
	strLit struct {
		node
		parts []strNode
	}
	symLit struct {
		node
		name string
	}
	dsymLit struct {
		node
		parts []strNode
	}
	regexLit struct {
		node
		parts []strNode
		flags string
		re    *Regexp // compiled once when there is no interpolation
	}
	arrayLit struct {
		node
		elems []Node
	}
	hashLit struct {
		node
		keys, vals []Node // a nil key marks a **splat of vals[i]
	}
	rangeLit struct {
		node
		lo, hi Node
		excl   bool
	}
	localVar struct {
		node
		name string
	}
	ivar struct {
		node
		name string
	}
	gvar struct {
		node
		name string
	}
	constRef struct {
		node
		scope Node // nil for a plain name
		name  string
	}
	// call is a method call; recv nil means self (a bare name).
	call struct {
		node
		recv      Node
		name      string
		args      []Node
		blockArg  Node
		block     *blockNode
		safeNav   bool
		bareIdent bool // a name alone, no receiver, args or parentheses
	}
	blockNode struct {
		node
		params *paramList
		body   Node
	}
	paramList struct {
		names []param
		splat int // index of *rest in names, or -1
		// trailingComma is |a, |: one parameter that still spreads an
		// array argument
		trailingComma bool
		nparams       int
		block         string // the &block parameter of a def, or ""
	}
	param struct {
		name string
		sub  *paramList // destructuring (a, b)
		def  Node       // default value
	}
	splat struct {
		node
		x Node
	}
	blockPass struct {
		node
		x Node
	}
	assign struct {
		node
		target Node
		value  Node
	}
	opAssign struct {
		node
		target Node
		op     string // "+", "||", "&&", ...
		value  Node
	}
	multiAssign struct {
		node
		targets []Node
		splatAt int
		value   Node
	}
	andNode struct {
		node
		l, r Node
	}
	orNode struct {
		node
		l, r Node
	}
	notNode struct {
		node
		x Node
	}
	definedNode struct {
		node
		x Node
	}
	ifNode struct {
		node
		cond      Node
		then, els Node
	}
	whileNode struct {
		node
		cond  Node
		body  Node
		until bool
		// doWhile runs the body before the first test: begin ... end while c
		doWhile bool
	}
	forNode struct {
		node
		vars *paramList
		iter Node
		body Node
	}
	caseNode struct {
		node
		subject Node
		whens   []whenClause
		els     Node
	}
	whenClause struct {
		conds []Node
		body  Node
	}
	beginNode struct {
		node
		explicit bool // written with the begin keyword
		body     Node
		rescues  []rescueClause
		els      Node
		ensure   Node
	}
	rescueClause struct {
		classes []Node
		varName string
		body    Node
	}
	seq struct {
		node
		stmts []Node
	}
	textNode struct {
		node
		text string
	}
	outputNode struct {
		node
		x Node
	}
	resultNode struct{ node }
	jumpNode   struct {
		node
		kind string // "next", "break", "return"
		x    Node
	}
	defNode struct {
		node
		name   string
		params *paramList
		body   Node
	}
	lambdaNode struct {
		node
		block *blockNode
	}
)

// strNode is a piece of a string literal: text, or an expression.
type strNode struct {
	lit  string
	expr Node
}
