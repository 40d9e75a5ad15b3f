package augeas

import (
	"context"
	"strings"
	"sync"

	"github.com/ordoproject/ordo/internal/resource"
)

// transform is one of the file transforms Augeas's stock lenses declare
// (/augeas/load/NAME): the lens and the globs of the files it loads.
type transform struct {
	name, lens string
	incl, excl []string
}

// transformCache holds the stock lenses' transforms, read once per run.
// Reading them makes augtool compile every lens module (a third of a
// second of CPU); a session given them needs only the modules of the
// transforms it keeps.
type transformCache struct {
	mu    sync.Mutex
	table []transform
	done  bool
}

// get returns the transforms, reading them on first use; nil when they
// could not be read (the session then lets augtool find them itself).
func (c *transformCache) get(ctx context.Context, h *resource.Handle, augtool string) []transform {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.done {
		return c.table
	}
	s := &session{argv: []string{augtool, "-L"}}
	lens := s.add("match /augeas/load/*/lens")
	incl := s.add("match /augeas/load/*/incl")
	excl := s.add("match /augeas/load/*/excl")
	res, err := s.run(ctx, h)
	if err != nil || res.failed(lens) || res.failed(incl) || res.failed(excl) {
		return nil // not cached: a cancelled run must not leave none for the next
	}
	c.done = true
	byName := map[string]int{}
	const prefix = "/augeas/load/"
	for _, m := range parseMatch(res.out[lens]) {
		name, ok := strings.CutSuffix(strings.TrimPrefix(m.path, prefix), "/lens")
		if !ok || m.value == nil {
			continue
		}
		l := *m.value
		if mod, ok := strings.CutPrefix(l, "@"); ok {
			// The module's autoloaded transform: every stock module's
			// transform uses its lns.
			l = mod + ".lns"
		}
		byName[name] = len(c.table)
		c.table = append(c.table, transform{name: name, lens: l})
	}
	add := func(out []string, field string, to func(*transform) *[]string) {
		for _, m := range parseMatch(out) {
			rest := strings.TrimPrefix(m.path, prefix)
			slash := strings.LastIndexByte(rest, '/')
			if slash < 0 || m.value == nil {
				continue
			}
			f := rest[slash+1:]
			if f != field && !strings.HasPrefix(f, field+"[") {
				continue
			}
			if k, ok := byName[rest[:slash]]; ok {
				p := to(&c.table[k])
				*p = append(*p, *m.value)
			}
		}
	}
	add(res.out[incl], "incl", func(t *transform) *[]string { return &t.incl })
	add(res.out[excl], "excl", func(t *transform) *[]string { return &t.excl })
	return c.table
}

// addTransforms sets up the transforms in a session that does not load
// the lens modules itself (augtool -A), before its other commands.
func addTransforms(s *session, table []transform) error {
	for _, t := range table {
		base, err := quotePath("/augeas/load/" + t.name)
		if err != nil {
			return err
		}
		base = strings.TrimSuffix(base, `"`)
		l, err := quoteString(t.lens)
		if err != nil {
			return err
		}
		s.addQuiet("set %s/lens\" %s", base, l)
		for k, v := range t.incl {
			q, err := quoteString(v)
			if err != nil {
				return err
			}
			s.addQuiet("set %s/incl[%d]\" %s", base, k+1, q)
		}
		for k, v := range t.excl {
			q, err := quoteString(v)
			if err != nil {
				return err
			}
			s.addQuiet("set %s/excl[%d]\" %s", base, k+1, q)
		}
	}
	return nil
}
