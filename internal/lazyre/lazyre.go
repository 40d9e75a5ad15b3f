// Package lazyre holds regular expressions that are compiled when they
// are first used rather than when the program starts: a package-level
// pattern costs nothing to a command that never uses it. Unicode
// classes such as \p{L} make a pattern slow to compile, and the
// patterns of every package ordo links took some 3 ms of each start.
package lazyre

import (
	"regexp"
	"sync"
)

// Regexp is a regular expression compiled on first use; its methods are
// those of regexp.Regexp. A pattern that does not compile panics there,
// as regexp.MustCompile would at start-up (TestPatterns compiles every
// pattern given to New in ordo's sources).
type Regexp struct {
	pattern string
	once    sync.Once
	re      *regexp.Regexp
}

// New returns pattern, to be compiled when first used.
func New(pattern string) *Regexp { return &Regexp{pattern: pattern} }

// Get returns the compiled expression.
func (r *Regexp) Get() *regexp.Regexp {
	r.once.Do(func() { r.re = regexp.MustCompile(r.pattern) })
	return r.re
}

func (r *Regexp) String() string                         { return r.pattern }
func (r *Regexp) Match(b []byte) bool                    { return r.Get().Match(b) }
func (r *Regexp) MatchString(s string) bool              { return r.Get().MatchString(s) }
func (r *Regexp) Find(b []byte) []byte                   { return r.Get().Find(b) }
func (r *Regexp) FindIndex(b []byte) []int               { return r.Get().FindIndex(b) }
func (r *Regexp) FindSubmatch(b []byte) [][]byte         { return r.Get().FindSubmatch(b) }
func (r *Regexp) FindString(s string) string             { return r.Get().FindString(s) }
func (r *Regexp) FindStringIndex(s string) []int         { return r.Get().FindStringIndex(s) }
func (r *Regexp) FindStringSubmatch(s string) []string   { return r.Get().FindStringSubmatch(s) }
func (r *Regexp) FindStringSubmatchIndex(s string) []int { return r.Get().FindStringSubmatchIndex(s) }
func (r *Regexp) FindAllString(s string, n int) []string { return r.Get().FindAllString(s, n) }
func (r *Regexp) FindAllStringIndex(s string, n int) [][]int {
	return r.Get().FindAllStringIndex(s, n)
}
func (r *Regexp) FindAllStringSubmatch(s string, n int) [][]string {
	return r.Get().FindAllStringSubmatch(s, n)
}
func (r *Regexp) FindAllStringSubmatchIndex(s string, n int) [][]int {
	return r.Get().FindAllStringSubmatchIndex(s, n)
}
func (r *Regexp) FindAllSubmatch(b []byte, n int) [][][]byte { return r.Get().FindAllSubmatch(b, n) }
func (r *Regexp) ReplaceAll(src, repl []byte) []byte         { return r.Get().ReplaceAll(src, repl) }
func (r *Regexp) ReplaceAllString(src, repl string) string {
	return r.Get().ReplaceAllString(src, repl)
}
func (r *Regexp) ReplaceAllLiteralString(src, repl string) string {
	return r.Get().ReplaceAllLiteralString(src, repl)
}
func (r *Regexp) ReplaceAllStringFunc(src string, repl func(string) string) string {
	return r.Get().ReplaceAllStringFunc(src, repl)
}
func (r *Regexp) Split(s string, n int) []string { return r.Get().Split(s, n) }
func (r *Regexp) SubexpNames() []string          { return r.Get().SubexpNames() }
func (r *Regexp) SubexpIndex(name string) int    { return r.Get().SubexpIndex(name) }
func (r *Regexp) NumSubexp() int                 { return r.Get().NumSubexp() }
