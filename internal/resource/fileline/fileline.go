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
	"regexp"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/file"
	"github.com/ordoproject/ordo/internal/resource/rubyregexp"
)

// Type is the file_line resource type.
type Type struct{}

var pathCheck = resource.AbsPathCheck{Msg: "File paths must be fully qualified, not '%s'"}

var schema = resource.NewSchema(resource.Schema{
	Name: "file_line",
	Doc:  "One line of a file, kept present or absent (puppetlabs-stdlib).",
	Attrs: []resource.Attr{
		{Name: "ensure", Kind: resource.KindProperty, Default: "present", Doc: "Whether the line is in the file.", Check: resource.Enum("present", "absent")},
		{Name: "name", Namevar: true, Doc: "The resource's name."},
		{Name: "match", Doc: "A regular expression: matching lines are replaced by line (or removed with match_for_absence).", Check: resource.CheckFunc("a regular expression", checkRegexp)},
		{Name: "match_for_absence", Default: false, Doc: "With ensure => absent, remove the lines matching match.", Check: resource.Boolean()},
		{Name: "multiple", Doc: "Allow match or after to match more than one line.", Check: resource.Boolean()},
		{Name: "after", Doc: "A regular expression: the line goes after the line matching it.", Check: resource.CheckFunc("a regular expression", checkRegexp)},
		{Name: "line", Kind: resource.KindProperty, Doc: "The line."},
		{Name: "path", Doc: "The file.", Check: pathCheck},
		{Name: "replace", Default: true, Doc: "Replace a line matching match (or leave the file as it is).", Check: resource.Boolean()},
		{Name: "replace_all_matches_not_matching_line", Default: false, Doc: "Replace every line matching match that is not line.", Check: resource.Boolean()},
		{Name: "encoding", Default: "UTF-8", Doc: "The file's encoding; ordo reads and writes the bytes as they are."},
		{Name: "append_on_no_match", Default: true, Doc: "Append the line when nothing matches match.", Check: resource.Boolean()},
	},
	Providers: []resource.Provider{{Name: "ruby", Default: true, Doc: "Reads and rewrites the file."}},
	Validate: func(v resource.Values) error {
		switch {
		case v.Bool("replace_all_matches_not_matching_line") && v.Has("multiple") && !v.Bool("multiple"):
			return errors.New("multiple must be true when replace_all_matches_not_matching_line is true")
		case v.Bool("replace_all_matches_not_matching_line") && !v.Bool("replace"):
			return errors.New("replace must be true when replace_all_matches_not_matching_line is true")
		case !v.Has("line") && !(v.String("ensure") == "absent" && v.Bool("match_for_absence") && v.Has("match")):
			return errors.New("line is a required attribute")
		case !v.Has("path"):
			return errors.New("path is a required attribute")
		}
		return nil
	},
})

func checkRegexp(v catalog.Value) (catalog.Value, error) {
	s, ok := v.(string)
	if !ok {
		return nil, fmt.Errorf("%s is not a regular expression", resource.Inspect(v))
	}
	// A pattern that does not compile fails the resource when it is
	// evaluated, not the catalog, as in Puppet (compile).
	return s, nil
}

// Schema returns file_line's schema.
func (Type) Schema() *resource.Schema { return schema }

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
	badPattern      error // match does not compile: evaluation fails
	badAfter        error // after does not compile: adding the line fails
	matchSrc        string
	afterSrc        string
	multiple        bool
	replace         bool
	replaceAll      bool
	matchForAbsence bool
	appendNoMatch   bool
}

// New returns the instance that manages the line v describes.
func (Type) New(v resource.Values) (resource.Instance, error) {
	s := spec{
		present:         v.String("ensure") == "present",
		path:            v.String("path"),
		multiple:        v.Bool("multiple"),
		replace:         v.Bool("replace"),
		replaceAll:      v.Bool("replace_all_matches_not_matching_line"),
		matchForAbsence: v.Bool("match_for_absence"),
		appendNoMatch:   v.Bool("append_on_no_match"),
	}
	s.line, s.hasLine = v.String("line"), v.Has("line")
	if v.Has("match") {
		s.matchSrc = v.String("match")
		s.match, s.badPattern = rubyregexp.Compile(s.matchSrc)
	}
	if v.Has("after") {
		s.afterSrc = v.String("after")
		var err error
		if s.after, err = rubyregexp.Compile(s.afterSrc); err != nil {
			// Puppet compiles after only when it adds the line.
			s.badAfter = &resource.WrappedError{
				Msg:   strings.TrimSpace(fmt.Sprintf("Could not set 'present' on ensure: %v %s", err, v.Resource().Location())),
				Cause: err,
			}
		}
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
	if f.badPattern != nil {
		return f.badPattern
	}
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
func (f *instance) Properties() []resource.Property { return []resource.Property{f.ensure()} }

func (f *instance) ensure() *resource.Presence {
	return &resource.Presence{Type: "file_line", Want: f.present, Exists: f.Exists, Create: f.add, Remove: f.drop}
}

// add writes the file with the line added, unless a line matches and
// may not be replaced.
func (f *instance) add(context.Context, *resource.Handle) error {
	if !f.replace && f.match != nil && f.countMatches(f.match) > 0 {
		return nil
	}
	if f.badAfter != nil {
		return f.badAfter
	}
	out, err := f.create()
	if err != nil {
		return err
	}
	return writeInPlace(f.path, strings.Join(out, ""))
}

// drop writes the file with the line removed.
func (f *instance) drop(context.Context, *resource.Handle) error {
	out, err := f.destroy()
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
