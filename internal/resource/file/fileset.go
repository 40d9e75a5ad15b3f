package file

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"slices"
	"strings"

	"github.com/ordoproject/ordo/internal/resource"
)

// fileset lists a directory tree as Puppet's FileServing::Fileset does
// for recursion: breadth first, each entry with its path relative to the
// root, names matching an ignore pattern neither listed nor entered, and
// no deeper than limit levels (-1 for no limit). With follow, links are
// looked through (a link to a directory is entered); otherwise a link is
// an entry of its own.
type fileset struct {
	follow bool
	limit  int
	ignore []string
	// unsorted lists each directory in the order the system reads it,
	// as Ruby's Dir.entries does (tidy's fileset), rather than by name.
	unsorted bool
}

// entry is one file of a fileset.
type entry struct {
	rel  string // relative to the root; "." for the root itself
	kind string // Puppet's ftype: file, directory, link, fifo, socket, ...
	// dest is a link's target, as read (links are not followed).
	dest string
}

// stat reads p as the fileset sees it.
func (s fileset) stat(p string) (fs.FileInfo, error) {
	if s.follow {
		return os.Stat(p)
	}
	return os.Lstat(p)
}

// list returns the entries under root, the root first, or nil when root
// does not exist (through links, as Puppet's search asks). Every entry is
// looked at as Puppet collects its metadata: a kind Puppet cannot manage
// (a device) or a file that cannot be looked at fails the whole listing.
func (s fileset) list(root string) ([]entry, error) {
	if _, err := os.Stat(root); err != nil {
		return nil, nil
	}
	if _, err := s.stat(root); err != nil {
		return nil, nil
	}
	type dir struct {
		rel   string
		depth int
	}
	rels := []string{"."}
	queue := []dir{{".", 0}}
	for len(queue) > 0 {
		d := queue[0]
		queue = queue[1:]
		if s.limit >= 0 && d.depth+1 > s.limit {
			continue
		}
		full := join(root, d.rel)
		st, err := s.stat(full)
		if err != nil || !st.IsDir() {
			if err != nil && !errors.Is(err, fs.ErrNotExist) && !errors.Is(err, fs.ErrPermission) {
				return nil, rubyStatError(err)
			}
			continue
		}
		names, err := readNames(full, !s.unsorted)
		if err != nil {
			return nil, rubyStatError(err)
		}
		for _, name := range names {
			if s.ignored(name) {
				continue
			}
			rel := name
			if d.rel != "." {
				rel = d.rel + "/" + name
			}
			rels = append(rels, rel)
			queue = append(queue, dir{rel, d.depth + 1})
		}
	}
	out := make([]entry, 0, len(rels))
	for _, rel := range rels {
		full := join(root, rel)
		st, err := s.stat(full)
		if err != nil {
			return nil, rubyStatError(err)
		}
		e := entry{rel: rel, kind: resource.FileType(st.Mode())}
		switch e.kind {
		case "file", "directory", "fifo", "socket":
		case "link":
			if e.dest, err = os.Readlink(full); err != nil {
				return nil, rubyStatError(err)
			}
		default:
			return nil, fmt.Errorf("Cannot manage files of type %s", e.kind)
		}
		out = append(out, e)
	}
	return out, nil
}

// readNames lists a directory's names, sorted if sorted.
func readNames(dir string, sorted bool) ([]string, error) {
	f, err := os.Open(dir)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	names, err := f.Readdirnames(-1)
	if err != nil {
		return nil, err
	}
	if sorted {
		slices.Sort(names)
	}
	return names, nil
}

// rubyStatError words a failure to look at a file as Ruby does.
func rubyStatError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return errors.New(describe(err))
	}
	return err
}

// join is root/rel, with "." for root itself.
func join(root, rel string) string {
	if rel == "." {
		return root
	}
	if root == "/" {
		return "/" + rel
	}
	return root + "/" + rel
}

// ignored reports whether name matches an ignore pattern as Ruby's
// File.fnmatch? does without flags: a leading dot must be matched by a
// dot in the pattern.
func (s fileset) ignored(name string) bool {
	for _, p := range s.ignore {
		if fnmatch(p, name) {
			return true
		}
	}
	return false
}

// fnmatch is Ruby's File.fnmatch?(pattern, name) without flags on a
// single name: *, ? and [set] (with ! or ^ to negate) and backslash
// escapes; wildcards do not match a leading dot.
func fnmatch(pattern, name string) bool {
	if strings.HasPrefix(name, ".") && !strings.HasPrefix(pattern, ".") && !strings.HasPrefix(pattern, `\.`) {
		return false
	}
	pattern = strings.ReplaceAll(pattern, "[!", "[^")
	ok, err := path.Match(pattern, name)
	// A pattern Go cannot read (an unclosed [) matches nothing, as in Ruby.
	return err == nil && ok
}
