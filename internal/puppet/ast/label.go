package ast

import "strings"

// Label names the kind of n the way Puppet's messages do ("'if' statement",
// "Function Call", "'+' expression"), for diagnostics about a node.
func Label(n Node) string {
	switch n := n.(type) {
	case *Program:
		return "Program"
	case *LiteralString:
		return "String"
	case *LiteralInteger:
		return "Literal Integer"
	case *LiteralFloat:
		return "Literal Float"
	case *LiteralBool:
		return "Boolean"
	case *LiteralUndef:
		return "'undef' expression"
	case *LiteralDefault:
		return "'default' expression"
	case *LiteralRegex:
		return "Regular Expression"
	case *InterpolatedString:
		return "Double Quoted String"
	case *TextExpr:
		return "Expression in Interpolated String"
	case *Heredoc:
		return "'@(" + n.Syntax + ")' expression"
	case *QualifiedName:
		return "Name"
	case *QualifiedReference:
		return "Type-Name"
	case *ReservedWord:
		return "Reserved Word"
	case *Variable:
		return "Variable"
	case *ArrayExpr:
		return "Array Expression"
	case *HashExpr:
		return "Hash Expression"
	case *HashEntry:
		return "Hash Entry"
	case *UnaryExpr:
		switch n.Op {
		case Not:
			return "'not' expression"
		case Neg:
			return "Unary Minus"
		}
		return "Unfold"
	case *BinaryExpr:
		return "'" + n.Op.String() + "' expression"
	case *AssignExpr:
		return "'=' expression"
	case *RelationshipExpr:
		return "'" + n.Op.String() + "' expression"
	case *ParenExpr:
		return "Parenthesized Expression"
	case *AccessExpr:
		return "'[]' expression"
	case *SelectorExpr:
		return "Selector Expression"
	case *SelectorEntry:
		return "Selector Option"
	case *Parameter:
		return "Parameter Definition"
	case *Lambda:
		return "Lambda"
	case *CallNamedFunction:
		return "Function Call"
	case *CallMethod:
		return "Method call"
	case *IfExpr:
		return "'if' statement"
	case *UnlessExpr:
		return "'unless' Statement"
	case *CaseExpr:
		return "'case' statement"
	case *CaseOption:
		return "Case Option"
	case *AttributeOp:
		if n.Op == AttrAppend {
			return "'+>' expression"
		}
		return "'=>' expression"
	case *ResourceBody:
		return "Resource Instance Definition"
	case *ResourceExpr:
		return "Resource Statement"
	case *ResourceDefaultsExpr:
		return "Resource Defaults Expression"
	case *ResourceOverrideExpr:
		return "Resource Override"
	case *CollectExpr:
		if n.Exported {
			return "Exported Query"
		}
		return "Virtual Query"
	case *ClassDef:
		return "Host Class Definition"
	case *DefineDef:
		return "'define' expression"
	case *NodeDef:
		return "Node Definition"
	case *FunctionDef:
		return "Function Definition"
	case *TypeAlias:
		return "Type Alias"
	case *RenderString:
		return "Epp Text"
	case *RenderExpr:
		return "Epp Interpolated Expression"
	case *BlockExpr:
		return "Block Expression"
	}
	return "Expression"
}

// AnLabel is Label with an indefinite article: "a Name", "an 'if' statement".
func AnLabel(n Node) string {
	l := Label(n)
	switch l[0] {
	case 'A', 'E', 'I', 'O', 'U', 'a', 'e', 'i', 'o', 'u':
		return "an " + l
	case '\'':
		if len(l) > 1 && strings.ContainsRune("aeiouAEIOU", rune(l[1])) {
			return "an " + l
		}
	}
	return "a " + l
}
