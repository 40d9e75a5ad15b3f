// Package fileline implements puppetlabs-stdlib's file_line type: one
// line of a file kept present (appended, put after a line matching
// after, or replacing the lines matching match) or absent (the equal
// line, or with match_for_absence every line matching match).
//
// Patterns are Go regular expressions (RE2); the Ruby patterns stdlib
// takes are the same for everything but lookarounds and backreferences.
package fileline

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/file"
)

// Type is the file_line resource type.
type Type struct{}

// Name returns "file_line".
func (Type) Name() string { return "file_line" }

// Attributes lists file_line's attributes in stdlib's definition order.
func (Type) Attributes() []resource.Attribute {
	return []resource.Attribute{
		{Name: "ensure", Property: true},
		{Name: "name", Namevar: true},
		{Name: "match"},
		{Name: "match_for_absence"},
		{Name: "multiple"},
		{Name: "after"},
		{Name: "line", Property: true},
		{Name: "path"},
		{Name: "replace"},
		{Name: "replace_all_matches_not_matching_line"},
		{Name: "encoding"},
		{Name: "append_on_no_match"},
		{Name: "provider"},
	}
}

// AutoRequire returns the file the line is in.
func (Type) AutoRequire(r *catalog.Resource, c *catalog.Catalog) []catalog.Ref {
	if ref, ok := file.Find(c, r.String("path")); ok {
		return []catalog.Ref{ref}
	}
	return nil
}

// spec is a file_line resource's validated attributes.
type spec struct {
	present         bool
	path, line      string
	hasLine         bool
	match, after    *regexp.Regexp
	matchSrc        string
	afterSrc        string
	multiple        bool
	replace         bool
	replaceAll      bool
	matchForAbsence bool
	appendNoMatch   bool
}

// New validates r as stdlib does and returns its instance.
func (Type) New(r *catalog.Resource) (resource.Instance, error) {
	s := spec{present: true, replace: true, appendNoMatch: true}
	ref := r.Ref()
	fail := func(param, format string, args ...any) error {
		return &resource.ParamError{Ref: ref, Param: param, Msg: fmt.Sprintf(format, args...)}
	}
	flags := map[string]*bool{"multiple": &s.multiple, "replace": &s.replace, "replace_all_matches_not_matching_line": &s.replaceAll,
		"match_for_absence": &s.matchForAbsence, "append_on_no_match": &s.appendNoMatch}
	multipleSet := false
	for _, p := range r.Params {
		if p.Value == nil {
			continue
		}
		str := catalog.Scalar(p.Value)
		if b, ok := flags[p.Name]; ok {
			switch str {
			case "true":
				*b = true
			case "false":
				*b = false
			default:
				return nil, fail(p.Name, "Invalid value %s. Valid values are true, false.", resource.Inspect(p.Value))
			}
			if p.Name == "multiple" {
				multipleSet = true
			}
			continue
		}
		switch p.Name {
		case "ensure":
			if str != "present" && str != "absent" {
				return nil, fail("ensure", "Invalid value %s. Valid values are present, absent.", resource.Inspect(p.Value))
			}
			s.present = str == "present"
		case "path":
			if !filepath.IsAbs(str) {
				return nil, fail("path", "File paths must be fully qualified, not '%s'", str)
			}
			s.path = str
		case "line":
			s.line, s.hasLine = str, true
		case "match", "after":
			re, err := regexp.Compile(str)
			if err != nil {
				return nil, fail(p.Name, "%v", err)
			}
			if p.Name == "match" {
				s.match, s.matchSrc = re, str
			} else {
				s.after, s.afterSrc = re, str
			}
		}
	}
	invalid := func(msg string) error { return fmt.Errorf("Validation of %s failed: %s", ref, msg) }
	switch {
	case s.replaceAll && multipleSet && !s.multiple:
		return nil, invalid("multiple must be true when replace_all_matches_not_matching_line is true")
	case s.replaceAll && !s.replace:
		return nil, invalid("replace must be true when replace_all_matches_not_matching_line is true")
	case !s.hasLine && !(!s.present && s.matchForAbsence && s.match != nil):
		return nil, invalid("line is a required attribute")
	case s.path == "":
		return nil, invalid("path is a required attribute")
	}
	return &instance{spec: s}, nil
}

// instance manages one line.
type instance struct {
	spec
	lines  []string // the file's lines, each with its line ending
	exists bool     // stdlib's exists?: the line is there as wanted
}

// Retrieve reads the file and decides, as stdlib's exists? does, whether
// the line is there.
func (f *instance) Retrieve(ctx context.Context, h *resource.Handle) error {
	data, err := os.ReadFile(f.path)
	if err != nil {
		if !(errors.Is(err, os.ErrNotExist) && h.Noop) {
			if errors.Is(err, os.ErrNotExist) {
				return fmt.Errorf("No such file or directory @ rb_sysopen - %s", f.path)
			}
			return err
		}
	}
	f.lines = splitLines(data)
	f.exists = f.decide()
	return nil
}

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

func chomp(s string) string {
	s = strings.TrimSuffix(s, "\n")
	return strings.TrimSuffix(s, "\r")
}

func (f *instance) countMatches(re *regexp.Regexp) int {
	n := 0
	for _, l := range f.lines {
		if f.replaceAll && chomp(l) == f.line {
			continue
		}
		if re.MatchString(l) {
			n++
		}
	}
	return n
}

func (f *instance) decide() bool {
	lineCount := 0
	for _, l := range f.lines {
		if chomp(l) == f.line {
			lineCount++
		}
	}
	if f.match == nil {
		return lineCount > 0
	}
	matches := f.countMatches(f.match)
	if f.present {
		switch {
		case matches == 0:
			return lineCount > 0 || !f.appendNoMatch
		case f.replaceAll:
			return false
		case lineCount == 0:
			return !f.replace
		}
		return true
	}
	switch {
	case matches == 0:
		return lineCount > 0
	case lineCount == 0:
		return f.matchForAbsence
	}
	return true
}

// Exists reports whether the line is there.
func (f *instance) Exists() bool { return f.exists }

// Properties lists ensure, the one property that can be out of sync
// (line always equals itself, as stdlib's line property does).
func (f *instance) Properties() []resource.Property { return []resource.Property{(*ensureProp)(f)} }

type ensureProp instance

func (e *ensureProp) Name() string { return "ensure" }
func (e *ensureProp) Current() catalog.Value {
	if e.exists {
		return "present"
	}
	return "absent"
}
func (e *ensureProp) Desired() catalog.Value {
	if e.present {
		return "present"
	}
	return "absent"
}
func (e *ensureProp) InSync() bool { return e.exists == e.present }
func (e *ensureProp) Message() string {
	if e.present {
		return "created"
	}
	return "removed"
}
func (e *ensureProp) Event() string {
	if e.present {
		return "file_line_created"
	}
	return "file_line_removed"
}

// Sync writes the file with the line added or removed.
func (e *ensureProp) Sync(ctx context.Context, h *resource.Handle) error {
	f := (*instance)(e)
	var out []string
	var err error
	if f.present {
		if !f.replace && f.match != nil && f.countMatches(f.match) > 0 {
			return nil
		}
		out, err = f.create()
	} else {
		out, err = f.destroy()
	}
	if err != nil {
		return err
	}
	return writeInPlace(f.path, strings.Join(out, ""))
}

// puts is Ruby's IO#puts of one string: a newline added unless it ends
// with one.
func puts(out []string, s string) []string {
	if !strings.HasSuffix(s, "\n") {
		s += "\n"
	}
	return append(out, s)
}

func (f *instance) create() ([]string, error) {
	var out []string
	switch {
	case f.match != nil:
		count := f.countMatches(f.match)
		if count > 1 && !f.multiple {
			return nil, fmt.Errorf("More than one line in file '%s' matches pattern '%s'", f.path, f.matchSrc)
		}
		for _, l := range f.lines {
			if f.match.MatchString(l) {
				out = puts(out, f.line)
			} else {
				out = puts(out, l)
			}
			if count == 0 && f.after != nil && f.after.MatchString(l) {
				out = puts(out, f.line)
				count++
			}
		}
		if count == 0 {
			out = puts(out, f.line)
		}
	case f.after != nil:
		count := f.countMatches(f.after)
		if count > 1 && !f.multiple {
			return nil, fmt.Errorf("%d lines match pattern '%s' in file '%s'. One or no line must match the pattern.", count, f.afterSrc, f.path)
		}
		for _, l := range f.lines {
			out = puts(out, l)
			if f.after.MatchString(l) {
				out = puts(out, f.line)
			}
		}
		if count == 0 {
			out = puts(out, f.line)
		}
	default:
		for _, l := range f.lines {
			out = puts(out, l)
		}
		out = puts(out, f.line)
	}
	return out, nil
}

func (f *instance) destroy() ([]string, error) {
	var out []string
	if f.matchForAbsence && f.match != nil {
		if n := f.countMatches(f.match); n > 1 && !f.multiple {
			return nil, fmt.Errorf("More than one line in file '%s' matches pattern '%s'", f.path, f.matchSrc)
		}
		for _, l := range f.lines {
			if !f.match.MatchString(l) {
				out = append(out, l)
			}
		}
		return out, nil
	}
	for _, l := range f.lines {
		if chomp(l) != f.line {
			out = append(out, l)
		}
	}
	return out, nil
}

// writeInPlace rewrites the file's content, keeping its inode, mode and
// owner, as stdlib's provider does.
func writeInPlace(path, content string) error {
	return os.WriteFile(path, []byte(content), 0o644)
}
