package mysql

import (
	"fmt"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
)

var (
	// hostPart is what may follow the @ of a plain or quoted user name.
	hostPart  = lazyre.New(`^[\w%.:\-/]+$`)
	plainUser = lazyre.New(`^[0-9a-zA-Z$_]*$`)
	otherChar = lazyre.New(`[^0-9a-zA-Z$_]`)
)

// validUser reports whether s is a user name as the module accepts one:
// 'user'@host (quoted with ', ` or ", the quote not inside), user@host
// with user of letters, digits, $ and _, or any other user with some
// other character, not starting with a quote, before the last @.
func validUser(s string) bool {
	if strings.ContainsRune(s, '\n') {
		return false
	}
	if s != "" && strings.ContainsRune("'`\"", rune(s[0])) {
		q := s[0]
		if end := strings.IndexByte(s[1:], q); end >= 0 {
			rest := s[1+end+1:]
			if strings.HasPrefix(rest, "@") && hostPart.MatchString(rest[1:]) {
				return true
			}
		}
	}
	if i := strings.IndexByte(s, '@'); i >= 0 && plainUser.MatchString(s[:i]) && hostPart.MatchString(s[i+1:]) {
		return true
	}
	if s == "" || strings.ContainsRune("'`\"", rune(s[0])) {
		return false
	}
	// The user part is everything before the last @ that leaves a host,
	// and must hold a character other than letters, digits, $ and _.
	i := strings.LastIndexByte(s, '@')
	return i >= 0 && i < len(s)-1 && otherChar.MatchString(s[:i])
}

// mungeUser is the module's munge of a user name: the host part (after
// the last @, or after the closing quote of a quoted user) in lower case.
func mungeUser(s string) string {
	at := -1
	if s != "" && strings.ContainsRune("'`\"", rune(s[0])) {
		for i := len(s) - 2; i >= 2; i-- {
			if s[i] == '@' && s[i-1] == s[0] {
				at = i
				break
			}
		}
	}
	if at < 0 {
		at = strings.LastIndexByte(s[:max(len(s)-1, 0)], '@')
	}
	if at < 0 {
		return s
	}
	host := strings.ToLower(s[at+1:])
	if host == s[at+1:] {
		return s
	}
	return s[:at+1] + host
}

func userCheck(prefix string) func(v catalog.Value) (catalog.Value, error) {
	return func(v catalog.Value) (catalog.Value, error) {
		s := catalog.Scalar(v)
		if !validUser(s) {
			return nil, fmt.Errorf("%sInvalid database user %s.", prefix, s)
		}
		if m := mungeUser(s); m != s {
			return m, nil
		}
		return v, nil
	}
}
