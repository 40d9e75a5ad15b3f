package eval

import (
	"strings"

	"github.com/ordoproject/ordo/internal/lazyre"
)

// Go stand-ins for the Ruby functions of puppetlabs-accounts.

func accountsFunctions() map[string]builtin {
	return map[string]builtin{
		"accounts_ssh_authorized_keys_line_parser": fnAccountsKeyLine,
		"accounts_ssh_options_parser":              fnAccountsSSHOptions,
	}
}

var accountsKeyLine = lazyre.New(`(?m)((sk-ssh-ed25519|sk-ecdsa-|ssh-|ecdsa-)[^\s]+)\s+([^\s]+)\s+(.*)$`)

// fnAccountsKeyLine splits an authorized_keys line into [options, type,
// key, comment]: the options are what precedes the key type.
func fnAccountsKeyLine(k *call) (Value, error) {
	if err := k.argc(1, 1); err != nil {
		return nil, err
	}
	str, err := stringParam(k.name, "str", k.args[0])
	if err != nil {
		return nil, err
	}
	m := accountsKeyLine.FindStringSubmatchIndex(str)
	if m == nil {
		return nil, failf("Wrong Keyline format! Got nil after applying regex to'%s'", str)
	}
	// Ruby's str.index(matched[0]): the first place the whole match's
	// text occurs.
	at := strings.Index(str, str[m[0]:m[1]])
	options := strings.TrimRight(str[:at], " \t\n\v\f\r\x00")
	return []Value{options, str[m[2]:m[3]], str[m[6]:m[7]], str[m[8]:m[9]]}, nil
}

// fnAccountsSSHOptions splits the options of an authorized_keys line at
// the commas outside quotes: a double-quoted part keeps its quotes, a
// single-quoted part loses them, a backslash escapes the next character.
func fnAccountsSSHOptions(k *call) (Value, error) {
	if err := k.argc(1, 1); err != nil {
		return nil, err
	}
	str, ok := k.args[0].(string)
	if !ok {
		return nil, failf("'%s' parameter 'str' expects a String value, got %s", k.name, inferredTypeName(k.args[0]))
	}
	words := []Value{}
	field := ""
	p := 0
	for {
		skipped := p
		for p < len(str) && str[p] == ',' {
			p++
		}
		if p >= len(str) {
			if p > skipped {
				// Ruby's scan gives the last comma back and takes it
				// for garbage.
				return nil, failf("Unmatched double quote: %s", rubyInspect(str))
			}
			break
		}
		var part string
		switch c := str[p]; {
		case c == '\'':
			end := strings.IndexByte(str[p+1:], '\'')
			if end < 0 {
				return nil, failf("Unmatched double quote: %s", rubyInspect(str))
			}
			part = str[p+1 : p+1+end]
			p += end + 2
		case c == '"':
			q := p + 1
			for q < len(str) && str[q] != '"' {
				if str[q] == '\\' {
					if q+1 >= len(str) {
						break
					}
					q++
				}
				q++
			}
			if q >= len(str) || str[q] != '"' {
				return nil, failf("Unmatched double quote: %s", rubyInspect(str))
			}
			part = str[p : q+1]
			p = q + 1
		case c == '\\':
			if p+1 < len(str) {
				part = str[p+1 : p+2]
				p += 2
			} else {
				part = `\`
				p++
			}
		default:
			q := p
			for q < len(str) && !strings.ContainsRune(`,\'"`, rune(str[q])) {
				q++
			}
			part = str[p:q]
			p = q
		}
		field += part
		if p >= len(str) || str[p] == ',' {
			if p < len(str) {
				p++
			}
			words = append(words, field)
			field = ""
		}
	}
	return words, nil
}
