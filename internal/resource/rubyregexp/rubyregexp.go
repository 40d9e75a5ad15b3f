// Package rubyregexp compiles the patterns resource parameters hold
// (Ruby regular expressions in Puppet) with Go's regexp, and words a
// pattern that does not compile as Ruby (Onigmo) does, the message
// Puppet's "Could not evaluate" shows.
package rubyregexp

import (
	"errors"
	"fmt"
	"regexp"
	"regexp/syntax"
)

// messages are Onigmo's words for the faults Go's parser names.
var messages = map[syntax.ErrorCode]string{
	syntax.ErrMissingBracket:        "premature end of char-class",
	syntax.ErrMissingParen:          "end pattern with unmatched parenthesis",
	syntax.ErrUnexpectedParen:       "unmatched close parenthesis",
	syntax.ErrMissingRepeatArgument: "target of repeat operator is not specified",
	syntax.ErrTrailingBackslash:     "too short escape sequence",
	syntax.ErrInvalidCharRange:      "empty range in char class",
}

// Compile compiles src; a pattern that does not compile gives Ruby's
// message for it where ordo knows it, Go's otherwise, followed by the
// pattern: "premature end of char-class: /[a/".
func Compile(src string) (*regexp.Regexp, error) {
	re, err := regexp.Compile(src)
	if err == nil {
		return re, nil
	}
	var se *syntax.Error
	if errors.As(err, &se) {
		if msg, ok := messages[se.Code]; ok {
			return nil, fmt.Errorf("%s: /%s/", msg, src)
		}
		return nil, fmt.Errorf("%s: /%s/", se.Code, src)
	}
	return nil, err
}
