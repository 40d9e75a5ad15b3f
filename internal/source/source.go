// Package source holds source files and positions in them. A position is a
// byte offset into one file; line and column are computed on demand from a
// line table, so every syntax node can carry its position cheaply.
package source

import (
	"bytes"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"
)

// Pos is a byte offset into a File's content. NoPos (-1) means "unknown".
type Pos int

// NoPos is the zero-information position.
const NoPos Pos = -1

// IsValid reports whether p is a known position.
func (p Pos) IsValid() bool { return p >= 0 }

// File is one named piece of source text.
type File struct {
	Name    string
	Content []byte

	once  sync.Once
	lines []int // offsets of the first byte of each line

	textOnce sync.Once
	text     string // Content as a string, made by Text
}

// Text is the content as a string, made once: the texts of tokens and
// names taken from it as substrings cost no allocation.
func (f *File) Text() string {
	f.textOnce.Do(func() { f.text = string(f.Content) })
	return f.text
}

// NewFile returns a File named name holding content.
func NewFile(name string, content []byte) *File {
	return &File{Name: name, Content: content}
}

func (f *File) lineTable() []int {
	f.once.Do(func() {
		lines := make([]int, 1, bytes.Count(f.Content, []byte{'\n'})+1)
		for off := 0; ; {
			i := bytes.IndexByte(f.Content[off:], '\n')
			if i < 0 {
				break
			}
			off += i + 1
			lines = append(lines, off)
		}
		f.lines = lines
	})
	return f.lines
}

// Position is a human-readable location: 1-based line and column, where the
// column counts characters (runes), as Puppet does.
type Position struct {
	Filename string `json:"file"`
	Offset   int    `json:"offset"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
}

// String renders "file:line:col", leaving out unknown parts.
func (p Position) String() string {
	s := p.Filename
	if p.Line > 0 {
		if s != "" {
			s += ":"
		}
		s += fmt.Sprintf("%d:%d", p.Line, p.Column)
	}
	if s == "" {
		s = "-"
	}
	return s
}

// Position converts an offset into a line and column. Offsets past the end
// are clamped to the end of the file.
func (f *File) Position(p Pos) Position {
	if f == nil {
		return Position{}
	}
	if !p.IsValid() {
		return Position{Filename: f.Name}
	}
	off := int(p)
	if off > len(f.Content) {
		off = len(f.Content)
	}
	lines := f.lineTable()
	// The last line starting at or before off (lines[0] is 0).
	lo, hi := 0, len(lines)
	for hi-lo > 1 {
		mid := int(uint(lo+hi) >> 1)
		if lines[mid] <= off {
			lo = mid
		} else {
			hi = mid
		}
	}
	i := lo
	col := utf8.RuneCount(f.Content[lines[i]:off]) + 1
	return Position{Filename: f.Name, Offset: off, Line: i + 1, Column: col}
}

// Line returns the text of the 1-based line n without its line ending.
func (f *File) Line(n int) string {
	lines := f.lineTable()
	if n < 1 || n > len(lines) {
		return ""
	}
	start := lines[n-1]
	end := len(f.Content)
	if n < len(lines) {
		end = lines[n] - 1
	}
	return strings.TrimRight(string(f.Content[start:end]), "\r")
}

// Range returns the range [start, end) of f.
func (f *File) Range(start, end Pos) Range { return Range{File: f, Start: start, End: end} }

// Range is a half-open span [Start, End) of a file.
type Range struct {
	File       *File
	Start, End Pos
}

// Position returns the start of r as a line and column.
func (r Range) Position() Position {
	if r.File == nil {
		return Position{}
	}
	return r.File.Position(r.Start)
}

// String renders the start of the range as "file:line:col".
func (r Range) String() string { return r.Position().String() }

// Snippet renders the source line holding the start of r followed by a caret
// line pointing at it, underlining the rest of the range on that line with
// '~'. It returns "" when the range has no file or position.
func (r Range) Snippet() string {
	if r.File == nil || !r.Start.IsValid() {
		return ""
	}
	pos := r.File.Position(r.Start)
	line := r.File.Line(pos.Line)
	var b strings.Builder
	b.WriteString(strings.ReplaceAll(line, "\t", " "))
	b.WriteByte('\n')
	b.WriteString(strings.Repeat(" ", pos.Column-1))
	b.WriteByte('^')
	if r.End > r.Start {
		endPos := r.File.Position(r.End)
		if endPos.Line == pos.Line && endPos.Column-pos.Column > 1 {
			b.WriteString(strings.Repeat("~", endPos.Column-pos.Column-1))
		}
	}
	b.WriteByte('\n')
	return b.String()
}
