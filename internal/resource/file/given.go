package file

import (
	"sync"
	"sync/atomic"
)

// givenContent is the content another resource hands to the file resource
// that manages a path, as puppetlabs-concat's concat_file does when the
// catalog already has a file on its path: the file resource keeps its own
// attributes and takes the generated content in place of its own, at its
// turn, which comes after the giver's.
type givenContent struct {
	mu       sync.Mutex
	promised map[string]bool // paths whose content a resource will give
	given    map[string]gift // content given, until the file takes it
	any      atomic.Bool     // something was promised: read-ahead looks
}

// Promise says, before the run starts, that the file resource on path
// will be given its content by another resource evaluated before it
// (Give): the file is not read ahead against content it will not keep.
func (t Type) Promise(path string) {
	if t.host == nil {
		return // no instances share anything
	}
	g := &t.host.given
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.promised == nil {
		g.promised = map[string]bool{}
	}
	g.promised[path] = true
	g.any.Store(true)
}

// gift is what a file resource is given: content, or to be absent.
type gift struct {
	content string
	absent  bool
}

// Give hands content to the file resource on path, which takes it when it
// is evaluated, in place of the content it declares.
func (t Type) Give(path, content string) { t.give(path, gift{content: content}) }

// GiveAbsent tells the file resource on path to be absent, as
// puppetlabs-concat does with a file that would be empty when empty files
// are not wanted.
func (t Type) GiveAbsent(path string) { t.give(path, gift{absent: true}) }

func (t Type) give(path string, x gift) {
	if t.host == nil {
		return
	}
	g := &t.host.given
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.given == nil {
		g.given = map[string]gift{}
	}
	g.given[path] = x
}

// promisedTo reports whether the file on path will be given its content.
func (g *givenContent) promisedTo(path string) bool {
	if !g.any.Load() {
		return false
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.promised[path]
}

// take returns what was given to the file on path, if anything, and
// forgets it.
func (g *givenContent) take(path string) (gift, bool) {
	if !g.any.Load() {
		return gift{}, false
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	c, ok := g.given[path]
	delete(g.given, path)
	return c, ok
}
