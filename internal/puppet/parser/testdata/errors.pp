# Each chunk between "---" lines is parsed on its own. A comment
# "### <column>: <message>" marks an error expected on its line, at that
# column, whose summary starts with the message.
class {
} ### 1: Syntax error at '}'
}
---
$a = 'abc ### 7: Unclosed quote after
---
$a = "abc ### 7: Unclosed quote after
---
$a = @(END)
foo ### 1: Heredoc without end-tagged line
---
$a = @(END ### 6: Unclosed parenthesis after '@(' followed by '@(END...'
foo
END
---
notice(1 ### 46: Syntax error at end of input
---
file { "x": ensure => } ### 23: Syntax error at '}'
---
$a += 1 ### 4: The operator '+=' is no longer supported.
---
$a -= 1 ### 4: The operator '-=' is no longer supported.
---
if $a { ### 45: Syntax error at end of input
---
$x = [1, 2 ### 48: Syntax error at end of input
---
file { "x" ensure => file } ### 12: Syntax error at 'ensure'
---
$a = 1 + ### 46: Syntax error at end of input
---
/* unclosed ### 1: Unclosed multiline comment
---
$a = 0x ### 6: Not a valid hex number 0x
---
$a = 09 ### 6: Not a valid octal number 09
---
$a = 1a ### 6: Illegal number '1a'
---
$a = 99999999999999999999 ### 6: A Literal Integer resulted in a value outside of Puppet Integer max range, got '+0x56bc75e2d630fffff'
---
notice("${}") ### 9: Syntax error at '}'
---
@notice(1) ### 1: Virtual (@) can only be applied to a Resource Expression
---
@@notice(1) ### 1: Exported (@@) can only be applied to a Resource Expression
---
class foo {
  $a =
} ### 1: Syntax error at '}'
---
case $x { 1 { } } ### 13: Syntax error at '{'
---
$x = { a => } ### 13: Syntax error at '}'
---
unless $a { } elsif $b { } ### 15: Syntax error at 'elsif'
---
$a = $ ### 6: Illegal variable name
---
foo { a => 1 } ### 1: This expression is invalid. Did you try declaring a 'foo' resource without a title?
---
notice($x [1]) ### 11: Syntax error at '['
---
$a = 1 ¤ 2 ### 8: Illegal character
---
$a = [1, 2, ### 49: Syntax error at end of input
---
# Recovery: several errors in one file, one per bad statement.
file { 'a': ensure => } ### 23: Syntax error at '}'
$ok = 1
$b = [1 2] ### 9: Syntax error at '2'
notice('fine')
class x { $c = ) } ### 16: Syntax error at ')'
---
function f(String) { } ### 18: Syntax error at ')'
---
$x = $a ? { 1 2 } ### 15: Syntax error at '2'
---
Foo <| title == 'x' ### 57: Syntax error at end of input
---
type foo = Integer ### 6: Syntax error at 'foo'
---
<%#epp%><%= $x ### 78: Unbalanced epp tag, reached <eof> without closing tag.
---
<%#epp%><%# never closed ### 9: Reaching end after opening <%#

---
case $x { } ### 11: Syntax error at '}'
---
$x = $y ? { } ### 13: Syntax error at '}'
---
@File { a => 1 } ### 1: Resource Defaults are not virtualizable
---
<%#epp%><%= %> ### 13: Syntax error at '%>'
---
# Validation: these parse, but Puppet rejects them before evaluation.
$a = 1
1 ### 1: This Literal Integer has no effect.
$b = 2
---
if $a { } else { } ### 1: This 'if' statement has no effect.
notice(1)
---
foo ### 1: This Name has no effect.
(1 + 2)
---
File['x'] = 1 ### 1: Illegal attempt to assign via [index/key].
---
$1 = 2 ### 1: Illegal attempt to assign to the numeric match result variable '$1'.
---
$a::b = 2 ### 1: Illegal attempt to assign to 'a::b'. Cannot assign to variables in other namespaces
---
foo = 1 ### 1: Illegal attempt to assign to 'a Name'. Not an assignable reference
---
[$a, 'x'] = [1, 2] ### 6: Illegal attempt to assign to 'a String'.
---
$a = private ### 6: Use of reserved word: private
---
if $x { class inner { } } ### 9: Classes, definitions, and nodes may only appear at toplevel or inside other classes
---
class outer { define inner { } }
---
class outer { function f() { } } ### 15: A Function Definition may only appear at toplevel
---
$x.each |$y| { define d { } } ### 16: Classes, definitions, and nodes may only appear
---
file { 'x': mode +> '0644' } ### 13: Illegal +> operation on attribute mode. This operator can not be used in a Resource Instance Definition
---
@class { 'x': } ### 1: Classes are not virtualizable
---
case $x { default: { } default: { } } ### 24: This 'case' statement already has a 'default' entry
---
class c($a, $a) { } ### 13: The parameter 'a' is declared more than once
---
$x.each |*$a, $b| { } ### 11: Parameter $a is not last, and has 'captures rest'

---
$a = Foo <| a == 1 |> ### 6: Invalid use of expression. A Virtual Query does not produce a value
---
@File['x'] { a => 1 } ### 1: Resource Defaults are not virtualizable
---
$a = foo(1)(2) ### 6: Illegal expression. A Function Call is unacceptable as function name in a Function Call
---
$a = @(END:json)
  x ### 1: Invalid produced text having syntax: 'json'.
  END

# The first error Puppet 7 reports for each of these, at the same place.
---
file { 'x': ensure => file mode => 1 } ### 28: Syntax error at 'mode'
---
$a = {a => 1 b => 2} ### 14: Syntax error at 'b'
---
if $a { } else if $b { } ### 16: Syntax error at 'if'
---
class foo( { } ### 12: Syntax error at '{'
---
define x($a $b) { } ### 13: Syntax error at 'b'
---
$a = $b ? { 1 => 2 3 => 4 } ### 20: Syntax error at '3'
---
notice(1,,2) ### 10: Syntax error at ','
---
$a = ) ### 6: Syntax error at ')'
---
case $x { 1: 2 } ### 14: Syntax error at '2'
---
node { } ### 6: Syntax error at '{'
---
$a.each |$x { } ### 13: Syntax error at '{'
---
$a.each |$x| $x ### 14: Syntax error at 'x'
---
foo:: ### 6: Illegal fully qualified name
---
User <| | ### 9: Syntax error at '|'
---
class a::b::c inherits { } ### 24: Syntax error at '{'
---
$h = { 'a' : 1 } ### 12: Syntax error at ':'
---
file { 'a': ensure => present, } } ### 34: Syntax error at '}'
---
$a = "${x ### 10: Unclosed quote after '"'
---
$a = @(END ### 6: Unclosed parenthesis after '@(' followed by '@(END...'
---
$a = "abc${x} ### 14: Unclosed quote after 'x'
---
resource { 'x': ensure => } ### 27: Syntax error at '}'
---
$a = "abc$xy ### 13: Unclosed quote after 'xy'
---
$a = "abc${x[1]} def ### 17: Unclosed quote after '1'
---
$a = "a${x}b${y} d ### 17: Unclosed quote after 'y'
---
foo::bar:: ### 11: Illegal fully qualified name
---
notice("x", $y z) ### 16: Syntax error at 'z'
---
notice("x" "y") ### 12: Syntax error at 'y'
---
class Foo { } ### 1: Unacceptable name. The name 'Foo' is unacceptable as the name of a Host Class Definition
---
define foo-bar { } ### 1: Unacceptable name. The name 'foo-bar' is unacceptable as the name of a 'define' expression
---
class integer { } ### 1: The name: 'integer' is already defined by Puppet and can not be used as the name of a Host Class Definition.
---
class x { $a } ### 11: This Variable has no effect. A Host Class Definition can not end with a value-producing expression without other effect
---
define x($name) { } ### 10: The parameter $name redefines a built in parameter in the 'define' expression
---
class x(*$a) { } ### 10: Parameter $a has 'captures rest' - not supported in a Host Class Definition
---
node default { 1 } ### 16: This Literal Integer has no effect. A Node Definition can not end with a value-producing expression without other effect
---
class x { notice(1) 1 } ### 21: This Literal Integer has no effect. A Host Class Definition can not end

---
# Recovery inside a class body: each mistake is reported.
class web (
  String $docroot = '/var/www'
  Integer $port = 80, ### 3: Syntax error at 'Integer'
) {
  file { $docroot:
    ensure => directory,
    owner  => 'www-data'
    mode   => '0755', ### 5: Syntax error at 'mode'
  }
  if $port == 80 {
    notice("default port")
  } else {
    notice("port ${port}"
  } ### 3: Syntax error at '}'
  $x = [1, 2, 3
  notice('end') ### 3: Syntax error at 'notice'
}

---
node 'web02' inherits base { } ### 23: Node inheritance is not supported in Puppet >= 4.0.0.
---
Package[] -> File['x'] ### 9: Syntax error at ']'
---
$t <| |> ### 1: Illegal expression. A Variable is unacceptable as type name in a Virtual Query
---
file { 'x': ensure  directory } ### 21: Syntax error at 'directory'
---
$a = 1
1 + 2 * 3 - 4 ### 11: This '-' expression has no effect.
$b = 2
