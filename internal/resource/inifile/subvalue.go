package inifile

import (
	"regexp"
	"strings"
)

// subValue is a setting's value read as a list of subsettings, as
// inifile's SettingValue reads it: items split on any character of the
// separator, each trimmed, the whole possibly in quotes.
type subValue struct {
	items []string
	sep   string // between items
	quote string // around the whole value
	kvSep string // between a subsetting's name and its value
}

// parseSubValue reads value (has is false when the setting is not
// there); quote is the quote character used unless value has its own.
func parseSubValue(value string, has bool, sep, quote, kvSep string) *subValue {
	v := &subValue{sep: sep, quote: quote, kvSep: kvSep}
	if !has {
		return v
	}
	unquoted := value
	for _, q := range []string{`"`, `'`} {
		if strings.HasPrefix(value, q) && strings.HasSuffix(value, q) {
			v.quote = q
			unquoted = ""
			if len(value) >= 2 {
				unquoted = value[1 : len(value)-1]
			}
			break
		}
	}
	for _, item := range itemPattern(sep).FindAllString(unquoted, -1) {
		v.items = append(v.items, strings.Trim(item, rubySpaceChars))
	}
	return v
}

// itemPattern matches one item: a run of characters that are not in the
// separator.
func itemPattern(sep string) *regexp.Regexp {
	var class strings.Builder
	for _, r := range sep {
		class.WriteString(regexp.QuoteMeta(string(r)))
	}
	if class.Len() == 0 {
		return regexp.MustCompile(`(?:[^\n]|\\.)+`)
	}
	return regexp.MustCompile(`(?:[^` + strings.ReplaceAll(class.String(), "-", `\-`) + `]|\\.)+`)
}

// String is the setting's value: the items joined, in quotes.
func (v *subValue) String() string {
	return v.quote + strings.Join(v.items, v.sep) + v.quote
}

func (v *subValue) matches(item, name string, exact bool) bool {
	if exact {
		return item == name
	}
	return strings.HasPrefix(item, name+v.kvSep)
}

func (v *subValue) find(name string, exact bool) int {
	for i, item := range v.items {
		if v.matches(item, name, exact) {
			return i
		}
	}
	return -1
}

// get returns a subsetting's value (what follows its name and the
// separator in the first item that has it).
func (v *subValue) get(name string, exact bool) (string, bool) {
	i := v.find(name, exact)
	if i < 0 {
		return "", false
	}
	item := v.items[i]
	if n := len(name) + len(v.kvSep); n <= len(item) {
		return item[n:], true
	}
	return "", true
}

// set gives every item of the subsetting the value, or adds an item
// where insertType and insertValue say.
func (v *subValue) set(name, value string, exact bool, insertType, insertValue string) {
	item := name + v.kvSep + value
	if v.find(name, exact) >= 0 {
		for i, it := range v.items {
			if v.matches(it, name, exact) {
				v.items[i] = item
			}
		}
		return
	}
	at := len(v.items)
	switch insertType {
	case "start":
		at = 0
	case "before":
		if i := v.find(insertValue, exact); i >= 0 {
			at = i
		}
	case "after":
		if i := v.find(insertValue, exact); i >= 0 {
			at = i + 1
		}
	case "index":
		at = rubyToI(insertValue)
		if at > len(v.items) {
			at = len(v.items)
		}
		if at < 0 {
			// Ruby's insert counts a negative index from the end,
			// after the element it names.
			at = len(v.items) + at + 1
			if at < 0 {
				at = 0
			}
		}
	}
	v.items = append(v.items[:at], append([]string{item}, v.items[at:]...)...)
}

// remove removes every item of the subsetting.
func (v *subValue) remove(name string, exact bool) {
	out := v.items[:0]
	for _, it := range v.items {
		if !v.matches(it, name, exact) {
			out = append(out, it)
		}
	}
	v.items = out
}

// quoteCharOK is inifile's check of quote_char.
func quoteCharOK(s string) bool { return s == "" || s == `"` || s == `'` }
