// Package ruby interprets the part of Ruby that ERB templates use, as Ruby
// 3.1 (the Ruby of Puppet 7.23) does: literals, local and instance
// variables, method calls with blocks, conditionals, loops, case/when,
// begin/rescue, def, the core methods of String, Integer, Float, Array,
// Hash, Range, Regexp and Symbol, Kernel's conversions and format, and
// the IPAddr and JSON libraries. Values print with Ruby's to_s and
// inspect, floats with Ruby's shortest representation and its dtoa
// rounding.
//
// Anything outside that subset fails with an *Error of class
// NotImplementedError that names the construct, at its position; Ruby's
// own exceptions (NoMethodError, TypeError, ...) carry Ruby's messages.
//
// A Script is a template as ERB compiles it (see package erb): code in
// which TextMarker and OutputMarker stand for the template's text and
// its `<%= %>` output. Parse turns it into a Program, and Program.Run
// executes it against a Host: the self object that receives bare method
// calls, and the instance variables. Regular expressions run on Go's RE2
// when their syntax allows, and on github.com/dlclark/regexp2 (a
// backtracking engine with a time limit) when they need lookaround,
// backreferences or atomic groups, which RE2 does not have.
package ruby
