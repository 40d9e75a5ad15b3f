package inifile

import (
	"bytes"
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Layout is how a file's sections and settings are written: the
// parameters of ini_setting that shape lines.
type Layout struct {
	// Separator goes between a new setting's name and its value
	// (" = " by default); trimmed of spaces it is what lines are parsed
	// by, or a space when it is nothing but white space.
	Separator string
	// Prefix and Suffix surround a section's name in its header.
	Prefix, Suffix string
	// IndentChar, repeated IndentWidth times, indents new settings; when
	// IndentWidth is unset (HasIndentWidth false) they take the
	// indentation of their section's least indented setting.
	IndentChar     string
	IndentWidth    int
	HasIndentWidth bool
}

// DefaultLayout is inifile's default: "key = value" under "[section]".
func DefaultLayout() Layout {
	return Layout{Separator: " = ", Prefix: "[", Suffix: "]", IndentChar: " "}
}

// rubySpace is what Ruby's \s matches (Go's \s leaves out \v).
const rubySpace = `\t\n\v\f\r `

// section is one section of the file: its lines [start, end] (the
// header included, for a named section), the settings read from them,
// and the settings that will be added at its end.
type section struct {
	name string
	// start and end are line indexes, end inclusive; a section that is
	// not in the file yet (or the global section of a file that starts
	// with a header) is new and has none.
	start, end int
	isNew      bool
	settings   map[string]string
	added      []string // names of the settings to add, in order
	addedValue map[string]string
	// indent is the least indentation of the section's settings, or -1.
	indent int
}

func (s *section) global() bool { return s.name == "" }

func (s *section) value(setting string) (string, bool) {
	if v, ok := s.settings[setting]; ok {
		return v, true
	}
	v, ok := s.addedValue[setting]
	return v, ok
}

func (s *section) add(setting, value string) {
	if _, ok := s.addedValue[setting]; !ok {
		s.added = append(s.added, setting)
	}
	s.addedValue[setting] = value
}

func (s *section) shift(n int) {
	if s.isNew {
		return
	}
	s.start += n
	s.end += n
}

// File is an INI file read into sections, as inifile's IniFile reads
// it: what precedes the first header is the global section (named ""),
// a setting is a line "name<separator>value" that is not a comment, and
// every other line (comments, blank lines, lines that are neither) is
// kept as it is. Changes rewrite only the lines they concern.
type File struct {
	layout   Layout
	lines    []string // each with its line ending, as read
	names    []string // section names in file order
	sections map[string]*section
	*patterns
}

// Parse reads data laid out as l describes. It fails only when the
// separator makes no usable pattern.
func Parse(data []byte, l Layout) (*File, error) {
	p, err := compilePatterns(l)
	if err != nil {
		return nil, err
	}
	return parseWith(data, l, p), nil
}

// patterns are the regular expressions a layout reads lines with, and
// the text a line must hold for each to match, which is cheaper to look
// for than running them.
type patterns struct {
	setting, comment, header *regexp.Regexp
	sep                      string // "" when the separator is no plain text
	prefix, suffix           string
}

// isSetting matches a setting line.
func (p *patterns) isSetting(line string) []string {
	if p.sep != "" && !strings.Contains(line, p.sep) {
		return nil
	}
	return p.setting.FindStringSubmatch(line)
}

// isComment matches a commented-out setting line.
func (p *patterns) isComment(line string) []string {
	if p.sep != "" && !strings.Contains(line, p.sep) {
		return nil
	}
	return p.comment.FindStringSubmatch(line)
}

// isHeader matches a section header line.
func (p *patterns) isHeader(line string) []string {
	if !strings.Contains(line, p.prefix) || !strings.Contains(line, p.suffix) {
		return nil
	}
	return p.header.FindStringSubmatch(line)
}

// patternKey is what patterns depend on.
type patternKey struct{ sep, prefix, suffix string }

func compilePatterns(l Layout) (*patterns, error) {
	sep := l.Separator
	if strings.Trim(sep, rubySpaceChars) == "" && sep != "" {
		sep = " "
	} else {
		sep = strings.Trim(sep, rubySpaceChars)
	}
	// The separator is part of the patterns as it is, as inifile builds
	// them: it is a character of a class as well as a literal.
	setting, err := regexp.Compile(`^([` + rubySpace + `]*)([^#;` + rubySpace + `]|[^#;` + rubySpace + `].*?[^` + rubySpace + sep + `])([` + rubySpace + `]*` + sep + `[ \t]*)(.*)[` + rubySpace + `]*$`)
	if err != nil {
		return nil, fmt.Errorf("key_val_separator %q makes no valid pattern: %v", l.Separator, err)
	}
	comment, err := regexp.Compile(`^([` + rubySpace + `]*)[#;]+([` + rubySpace + `]*)(.*?[^` + rubySpace + sep + `])([` + rubySpace + `]*` + sep + `[ \t]*)(.*)[` + rubySpace + `]*$`)
	if err != nil {
		return nil, fmt.Errorf("key_val_separator %q makes no valid pattern: %v", l.Separator, err)
	}
	header := regexp.MustCompile(`^[` + rubySpace + `]*` + regexp.QuoteMeta(l.Prefix) + `(.*)` + regexp.QuoteMeta(l.Suffix) + `[` + rubySpace + `]*$`)
	p := &patterns{setting: setting, comment: comment, header: header, prefix: l.Prefix, suffix: l.Suffix}
	if regexp.QuoteMeta(sep) == sep {
		p.sep = sep
	}
	return p, nil
}

func parseWith(data []byte, l Layout, p *patterns) *File {
	f := &File{layout: l, sections: map[string]*section{}, patterns: p}
	f.lines = splitLines(data)
	f.parse()
	return f
}

const rubySpaceChars = "\t\n\v\f\r \x00"

// splitLines is Ruby's readlines: every line keeps its "\n".
func splitLines(data []byte) []string {
	var lines []string
	for len(data) > 0 {
		i := bytes.IndexByte(data, '\n')
		if i < 0 {
			lines = append(lines, string(data))
			break
		}
		lines = append(lines, string(data[:i+1]))
		data = data[i+1:]
	}
	return lines
}

// body is a line without its "\n", what the patterns are matched on.
func body(line string) string { return strings.TrimSuffix(line, "\n") }

func blank(line string) bool { return strings.Trim(line, "\t\n\v\f\r ") == "" }

func (f *File) parse() {
	i := 0
	f.addSection(f.readSection("", 0, &i))
	for i < len(f.lines) {
		m := f.isHeader(body(f.lines[i]))
		// readSection stops at a header or at the end.
		start := i
		i++
		f.addSection(f.readSection(m[1], start, &i))
	}
}

// readSection reads the lines from *i up to the next header.
func (f *File) readSection(name string, start int, i *int) *section {
	s := &section{name: name, start: start, end: start, settings: map[string]string{}, addedValue: map[string]string{}, indent: -1}
	empty := true
	for *i < len(f.lines) {
		line := body(f.lines[*i])
		if f.isHeader(line) != nil {
			break
		}
		if m := f.isSetting(line); m != nil {
			s.settings[m[2]] = m[4]
			if s.indent < 0 || len(m[1]) < s.indent {
				s.indent = len(m[1])
			}
		}
		s.end = *i
		empty = false
		*i++
	}
	// The global section always exists; when it has no lines it is new.
	if name == "" && empty {
		s.isNew = true
	}
	return s
}

func (f *File) addSection(s *section) {
	if _, dup := f.sections[s.name]; !dup {
		f.names = append(f.names, s.name)
	} else {
		// A name given twice: the later section is the one read and
		// changed (as in inifile), the earlier one is kept as it is
		// under a name no resource can give.
		for k, n := range f.names {
			if n == s.name {
				old := f.sections[n]
				key := fmt.Sprintf("\x00%d", k)
				f.names[k] = key
				f.sections[key] = old
			}
		}
		f.names = append(f.names, s.name)
	}
	f.sections[s.name] = s
}

// HasSection reports whether the file has a section of that name (the
// global section, "", always exists).
func (f *File) HasSection(name string) bool {
	_, ok := f.sections[name]
	return ok
}

// Value returns a setting's value, the last one given where the section
// has it more than once.
func (f *File) Value(sectionName, setting string) (string, bool) {
	s, ok := f.sections[sectionName]
	if !ok {
		return "", false
	}
	return s.value(setting)
}

// AddSection adds an empty section at the end when there is none of
// that name.
func (f *File) AddSection(name string) {
	if _, ok := f.sections[name]; !ok {
		f.addSection(&section{name: name, isNew: true, settings: map[string]string{}, addedValue: map[string]string{}, indent: -1})
	}
}

// Set gives a setting its value: every line that sets it is rewritten
// (keeping its indentation and separator); a setting not there yet goes
// just after a commented-out line of the same name, or else at the end
// of its section (before the section's trailing blank lines), and a
// section not there yet is added at the end of the file. sep is what
// goes between name and value on a new line.
func (f *File) Set(sectionName, setting, sep, value string) {
	f.AddSection(sectionName)
	s := f.sections[sectionName]
	if _, ok := s.settings[setting]; ok {
		for i := s.start; i <= s.end && !s.isNew; i++ {
			if m := f.isSetting(body(f.lines[i])); m != nil && m[2] == setting {
				f.lines[i] = m[1] + m[2] + m[3] + value
			}
		}
		s.settings[setting] = value
		return
	}
	if at := f.commented(s, setting); at >= 0 {
		line := f.indent(s) + setting + sep + value
		f.lines = append(f.lines[:at+1], append([]string{line}, f.lines[at+1:]...)...)
		s.settings[setting] = value
		s.end++
		f.shiftAfter(sectionName, 1)
		return
	}
	s.add(setting, value)
}

// commented returns the line of a commented-out setting of that name in
// s, or -1.
func (f *File) commented(s *section, setting string) int {
	if s.isNew {
		return -1
	}
	for i := s.start; i <= s.end; i++ {
		if m := f.isComment(body(f.lines[i])); m != nil && m[3] == setting {
			return i
		}
	}
	return -1
}

func (f *File) indent(s *section) string {
	n := 0
	switch {
	case f.layout.HasIndentWidth:
		n = f.layout.IndentWidth
	case s.indent >= 0:
		n = s.indent
	}
	if n < 0 {
		n = 0
	}
	return strings.Repeat(f.layout.IndentChar, n)
}

// shiftAfter moves the sections after the named one by n lines.
func (f *File) shiftAfter(name string, n int) {
	after := false
	for _, k := range f.names {
		if after {
			f.sections[k].shift(n)
		}
		if k == name {
			after = true
		}
	}
}

// Remove removes every line of the section that sets the setting. The
// section stays, even when nothing is left in it (as inifile 6.3 keeps
// it). It reports whether there was such a setting.
func (f *File) Remove(sectionName, setting string) bool {
	s, ok := f.sections[sectionName]
	if !ok {
		return false
	}
	if _, ok := s.settings[setting]; !ok {
		return false
	}
	removed := 0
	for i := s.start; i <= s.end-removed; {
		if m := f.isSetting(body(f.lines[i])); m != nil && m[2] == setting {
			f.lines = append(f.lines[:i], f.lines[i+1:]...)
			removed++
			continue
		}
		i++
	}
	delete(s.settings, setting)
	s.end -= removed
	f.shiftAfter(sectionName, -removed)
	return true
}

// Bytes returns the file's content as inifile's save writes it.
func (f *File) Bytes() []byte {
	var b strings.Builder
	puts := func(line string) {
		b.WriteString(line)
		if !strings.HasSuffix(line, "\n") {
			b.WriteByte('\n')
		}
	}
	g := f.sections[""]
	globalEmpty := g.isNew && len(g.added) == 0
	for index, name := range f.names {
		s := f.sections[name]
		var blanks []string
		if s.isNew && !s.global() {
			if (index == 1 && !globalEmpty) || index > 1 {
				puts("")
			}
			puts(f.layout.Prefix + s.name + f.layout.Suffix)
		}
		if !s.isNew {
			for i := s.start; i <= s.end; i++ {
				line := f.lines[i]
				if blank(line) {
					blanks = append(blanks, line)
					continue
				}
				for _, l := range blanks {
					puts(l)
				}
				blanks = blanks[:0]
				puts(line)
			}
		}
		for _, k := range s.added {
			puts(f.indent(s) + k + f.layout.Separator + s.addedValue[k])
		}
		if len(blanks) > 0 {
			for _, l := range blanks {
				puts(l)
			}
		} else if s.isNew && len(s.added) > 0 && index < len(f.names)-1 {
			puts("")
		}
	}
	return []byte(b.String())
}

// rubyToI is Ruby's String#to_i: the leading integer, 0 when none.
func rubyToI(s string) int {
	s = strings.TrimLeft(s, rubySpaceChars)
	end := 0
	if end < len(s) && (s[end] == '-' || s[end] == '+') {
		end++
	}
	digits := end
	for end < len(s) && (s[end] >= '0' && s[end] <= '9' || s[end] == '_' && end > digits) {
		end++
	}
	n, err := strconv.Atoi(strings.ReplaceAll(s[:end], "_", ""))
	if err != nil {
		return 0
	}
	return n
}
