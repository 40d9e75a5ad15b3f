package eval

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/source"
)

// stdlibModule is what the puppetlabs-stdlib on the module path
// provides: the names of its functions, as its files define them, so
// that ordo's Go versions of them exist exactly when that stdlib has
// them (stdlib 9 removed has_key, the is_ and most validate_ functions,
// and moved others into its namespace, leaving deprecated shims).
type stdlibModule struct {
	dir string
	// names holds each function name stdlib defines: plain names of
	// lib/puppet/functions and lib/puppet/parser/functions, stdlib::
	// names of lib/puppet/functions/stdlib and functions.
	names map[string]bool
	// modern holds the plain names written for Puppet's 4.x function API
	// (lib/puppet/functions), which may be deprecated shims.
	modern map[string]bool
}

// findStdlib reads the function files of the first stdlib on the module
// path; it returns nil when there is none.
func findStdlib(modulePath []string) *stdlibModule {
	for _, mp := range modulePath {
		dir := filepath.Join(mp, "stdlib")
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			continue
		}
		m := &stdlibModule{dir: dir, names: map[string]bool{}, modern: map[string]bool{}}
		for _, d := range []struct{ sub, prefix, ext string }{
			{"lib/puppet/functions", "", ".rb"},
			{"lib/puppet/parser/functions", "", ".rb"},
			{"lib/puppet/functions/stdlib", "stdlib::", ".rb"},
			{"functions", "stdlib::", ".pp"},
		} {
			entries, _ := os.ReadDir(filepath.Join(dir, d.sub))
			for _, e := range entries {
				name, ok := strings.CutSuffix(e.Name(), d.ext)
				if !ok || e.IsDir() {
					continue
				}
				m.names[d.prefix+name] = true
				if d.sub == "lib/puppet/functions" {
					m.modern[name] = true
				}
			}
		}
		return m
	}
	return nil
}

// has reports whether stdlib defines the function name.
func (m *stdlibModule) has(name string) bool { return m != nil && m.names[name] }

// deprecationCall finds a stdlib function's call of deprecation(key,
// message, ...).
var deprecationCall = regexp.MustCompile(`call_function\(\s*'deprecation',\s*'([^']*)',\s*'([^']*)'`)

// deprecation is the key and message stdlib's function name passes to
// its deprecation function, if it calls it.
type deprecation struct{ key, msg string }

// stdlibDeprecation returns the deprecation stdlib's plain function
// name announces, reading its file once.
func (c *Compiler) stdlibDeprecation(name string) (deprecation, bool) {
	if d, ok := c.deprecations[name]; ok {
		return d, d.key != ""
	}
	var d deprecation
	if c.stdlib != nil && c.stdlib.modern[name] {
		src, err := os.ReadFile(filepath.Join(c.stdlib.dir, "lib", "puppet", "functions", name+".rb"))
		if err == nil {
			if m := deprecationCall.FindSubmatch(src); m != nil {
				d = deprecation{key: string(m[1]), msg: string(m[2])}
			}
		}
	}
	c.deprecations[name] = d
	return d, d.key != ""
}

// deprecate logs stdlib's deprecation warning of d, once per key for the
// compilation, as stdlib's deprecation function does under Puppet's
// default strict setting: the message and the two innermost frames of
// the Puppet stack, as Ruby shows a [file, line] pair.
func (c *Compiler) deprecate(d deprecation) {
	key := "deprecation\x00" + d.key
	if c.warnedOnce[key] {
		return
	}
	c.warnedOnce[key] = true
	frame := func(i int) string {
		if i >= len(c.frames) {
			return ""
		}
		return c.frames[len(c.frames)-1-i].String()
	}
	c.logf("warning", "%s at %s:%s", d.msg, frame(0), frame(1))
}

// stackFrame is one entry of the Puppet stack: where a function was
// called, or a manifest's top level (line 0).
type stackFrame struct {
	at  source.Range
	top bool
}

// String is the frame as Ruby inspects Puppet's [file, line] pair.
func (f stackFrame) String() string {
	file, line := "unknown", 0
	if f.at.File != nil {
		file = f.at.File.Name
		if !f.top {
			line = f.at.File.Position(f.at.Start).Line
		}
	}
	return "[" + strconv.Quote(file) + ", " + strconv.Itoa(line) + "]"
}

// pushFrame adds the call at r to the Puppet stack; the caller pops it
// with popFrame when the call returns.
func (c *Compiler) pushFrame(r source.Range) { c.frames = append(c.frames, stackFrame{at: r}) }

func (c *Compiler) popFrame() { c.frames = c.frames[:len(c.frames)-1] }
