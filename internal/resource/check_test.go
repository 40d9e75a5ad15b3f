package resource

import (
	"regexp"
	"testing"
)

// TestIsNumericMode: the hand-written check accepts what Puppet's
// /^0?[0-7]{1,4}$/ does, over every string of up to six characters from
// the digits, a letter and a newline, and a few others.
func TestIsNumericMode(t *testing.T) {
	re := regexp.MustCompile(`^0?[0-7]{1,4}$`)
	alphabet := []byte("0178x\n")
	var each func(prefix []byte, n int)
	each = func(prefix []byte, n int) {
		s := string(prefix)
		if got, want := isNumericMode(s), re.MatchString(s); got != want {
			t.Errorf("isNumericMode(%q) = %v, the regexp says %v", s, got, want)
		}
		if n == 0 {
			return
		}
		for _, c := range alphabet {
			each(append(prefix, c), n-1)
		}
	}
	each(nil, 6)
	for _, s := range []string{"0644", "00644", "10644", "0755", "7777", "07777", "77777", "0", "", "0o644", " 644"} {
		if got, want := isNumericMode(s), re.MatchString(s); got != want {
			t.Errorf("isNumericMode(%q) = %v, the regexp says %v", s, got, want)
		}
	}
}
