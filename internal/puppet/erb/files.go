package erb

import (
	"os"
	"sync"
)

// Files parses template files once and keeps them, for a compilation that
// renders the same template many times (a module's vhost template for
// every vhost). The zero value is ready to use; it is safe for
// concurrent use.
type Files struct {
	mu     sync.Mutex
	parsed map[string]*parsedFile
}

type parsedFile struct {
	once sync.Once
	t    *Template
	err  error
}

// Load returns the parsed template at path, reading and parsing it on
// first use. A file that cannot be read or parsed keeps its error.
func (f *Files) Load(path string) (*Template, error) {
	f.mu.Lock()
	if f.parsed == nil {
		f.parsed = map[string]*parsedFile{}
	}
	p, ok := f.parsed[path]
	if !ok {
		p = &parsedFile{}
		f.parsed[path] = p
	}
	f.mu.Unlock()
	p.once.Do(func() {
		src, err := os.ReadFile(path)
		if err != nil {
			p.err = err
			return
		}
		p.t, p.err = Parse(path, src)
	})
	return p.t, p.err
}
