package file

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/lazyre"
)

var numericMode = lazyre.New(`^0?[0-7]{1,4}$`)

// modeSpec is a desired mode: numeric, or symbolic and applied to the
// current mode.
type modeSpec struct {
	text    string // as written
	numeric bool
	bits    uint32 // the numeric value
}

func parseMode(s string) modeSpec {
	if numericMode.MatchString(s) {
		n, _ := strconv.ParseUint(s, 8, 32)
		return modeSpec{text: s, numeric: true, bits: uint32(n)}
	}
	return modeSpec{text: s}
}

// display renders a mode value as Puppet shows it: four octal digits.
func displayMode(bits uint32) string { return fmt.Sprintf("%04o", bits) }

// dirmask adds the search bits wherever read is set, which Puppet does for
// numeric modes of directories.
func dirmask(bits uint32) uint32 {
	if bits&0o400 != 0 {
		bits |= 0o100
	}
	if bits&0o40 != 0 {
		bits |= 0o10
	}
	if bits&0o4 != 0 {
		bits |= 0o1
	}
	return bits
}

// apply returns the mode m gives a file currently at cur.
func (m modeSpec) apply(cur uint32, isDir bool) (uint32, error) {
	if m.numeric {
		if isDir {
			return dirmask(m.bits), nil
		}
		return m.bits, nil
	}
	return symbolicToInt(m.text, cur, isDir)
}

// symbolicToInt applies a chmod-style symbolic mode to cur.
func symbolicToInt(mod string, cur uint32, isDir bool) (uint32, error) {
	if mod == "" {
		return 0, errors.New("An empty mode string is illegal")
	}
	orig := map[byte]uint32{'s': (cur & 0o7000) >> 9, 'u': (cur & 0o700) >> 6, 'g': (cur & 0o70) >> 3, 'o': cur & 0o7}
	anyX := cur&0o111 != 0
	final := map[byte]uint32{'s': orig['s'], 'u': orig['u'], 'g': orig['g'], 'o': orig['o']}
	parts := strings.Split(mod, ",")
	for _, part := range parts {
		part = strings.TrimSpace(part)
		failf := func(msg string) error {
			rest := ""
			if part != mod {
				rest = " at " + strconv.Quote(part)
			}
			return fmt.Errorf("%s%s in symbolic mode %s", msg, rest, strconv.Quote(mod))
		}
		i := strings.IndexAny(part, "-+=")
		if i < 0 {
			return 0, failf("Missing action")
		}
		who, dsl := part[:i], part[i:]
		if strings.Trim(who, "ugoa") != "" {
			return 0, failf("Missing action")
		}
		if who == "" {
			who = "a"
		}
		who = strings.ReplaceAll(who, "a", "ugo")
		snap := map[byte]uint32{'s': final['s'], 'u': final['u'], 'g': final['g'], 'o': final['o']}
		seen := map[byte]bool{}
		for k := 0; k < len(who); k++ {
			w := who[k]
			if seen[w] {
				continue
			}
			seen[w] = true
			value := snap[w]
			action := byte('!')
			act := func(m, v uint32) uint32 {
				if action == '-' {
					return m &^ v
				}
				return m | v
			}
			for j := 0; j < len(dsl); j++ {
				op := dsl[j]
				switch op {
				case '-', '+', '=':
					action = op
					if op == '=' {
						value = 0
					}
				case 'u', 'g', 'o':
					value = act(value, snap[op])
				case 'r':
					value = act(value, 4)
				case 'w':
					value = act(value, 2)
				case 'x':
					value = act(value, 1)
				case 'X':
					if action != '+' {
						return 0, failf("X only works with the '+' operator")
					}
					if isDir || anyX {
						value = act(value, 1)
					}
				case 's', 't':
					var bit uint32
					switch {
					case op == 't':
						bit = 1
					case w == 'u':
						bit = 4
					case w == 'g':
						bit = 2
					default:
						bit = 1
					}
					final['s'] = act(final['s'], bit)
				default:
					return 0, failf("Unknown operation")
				}
			}
			final[w] = value
		}
	}
	return final['s']<<9 | final['u']<<6 | final['g']<<3 | final['o'], nil
}
