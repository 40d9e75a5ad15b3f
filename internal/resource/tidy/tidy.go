// Package tidy implements Puppet's tidy type: before the run, a file
// resource with ensure => absent (forced, without backup) for every file
// of a path or its tree that matches the criteria (age, size, matches),
// made as Puppet's generate makes them and removed by the file type.
package tidy

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/file"
)

// Type is the tidy resource type.
type Type struct {
	// Now is the clock ages are measured against; time.Now when nil.
	Now func() time.Time
}

var schema = resource.NewSchema(resource.Schema{
	Name: "tidy",
	Doc:  "Removes the files of a path or its tree that match the criteria (age or size, matches), through file resources made before the run.",
	Attrs: []resource.Attr{
		{Name: "path", Namevar: true, Doc: "The file or directory to tidy; fully qualified.", Check: resource.AbsPathCheck{Msg: "Tidy paths must be fully qualified, not '%s'"}},
		{Name: "recurse", Doc: "Whether to look into the directory's tree: true or inf for all of it, a number for that many levels.", Check: resource.CheckFunc("true, false, inf or a number of levels", checkRecurse)},
		{Name: "max_files", Default: int64(0), Doc: "The most entries the tree may have (0: no limit, a warning past 1000).", Check: resource.CheckFunc("a whole number", checkMaxFiles)},
		{Name: "matches", Arrays: resource.Whole, Doc: "Shell globs; only files whose names match one of them are tidied (needs recurse).", Check: resource.CheckFunc("globs, or a list of them", checkMatches)},
		{Name: "backup", Doc: "Accepted and not used: tidied files are never backed up, as in Puppet."},
		{Name: "age", Doc: "Tidy files at least this old: a number and a unit (s, m, h, d, w; days without one).", Check: resource.CheckFunc("a number with a unit of s, m, h, d or w", checkAge)},
		{Name: "size", Doc: "Tidy files at least this large: a number and a unit (b, k, m, g, t; kilobytes without one).", Check: resource.CheckFunc("a number with a unit of b, k, m, g or t", checkSize)},
		{Name: "type", Default: "atime", Doc: "Which time of a file age is measured from.", Check: resource.Enum("atime", "mtime", "ctime")},
		{Name: "rmdirs", Default: false, Doc: "Whether to tidy directories too (empty once their files are tidied).", Check: resource.YesNo()},
	},
	NonIsomorphic: true,
	Validate:      validate,
})

// Schema returns tidy's schema.
func (Type) Schema() *resource.Schema { return schema }

// Depthfirst: the files tidy makes run before it.
func (Type) Depthfirst() bool { return true }

var (
	levels    = lazyre.New(`^\d+$`)
	withUnit  = lazyre.New(`^([0-9]+)(\w)\w*$`)
	ageUnits  = map[byte]int64{'s': 1, 'm': 60, 'h': 3600, 'd': 86400, 'w': 7 * 86400}
	sizeUnits = map[byte]int{'b': 0, 'k': 1, 'm': 2, 'g': 3, 't': 4}
)

func checkRecurse(v catalog.Value) (catalog.Value, error) {
	switch x := v.(type) {
	case bool:
		return x, nil
	case int64:
		return x, nil
	case string:
		switch x {
		case "true", "inf":
			return true, nil
		case "false":
			return false, nil
		}
		if levels.MatchString(x) {
			n, err := strconv.ParseInt(x, 10, 64)
			if err == nil {
				return n, nil
			}
		}
	}
	return nil, &resource.MungeError{Msg: fmt.Sprintf("Invalid recurse value %s", resource.Inspect(v))}
}

func checkMaxFiles(v catalog.Value) (catalog.Value, error) {
	s := catalog.Scalar(v)
	if !levels.MatchString(s) {
		return nil, fmt.Errorf("Invalid value %s. Valid values match /^[0-9]+$/.", resource.Inspect(v))
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return nil, fmt.Errorf("Invalid value %s. Valid values match /^[0-9]+$/.", resource.Inspect(v))
	}
	return n, nil
}

func checkMatches(v catalog.Value) (catalog.Value, error) {
	var out []catalog.Value
	var add func(catalog.Value)
	add = func(x catalog.Value) {
		if l, ok := x.([]catalog.Value); ok {
			for _, e := range l {
				add(e)
			}
			return
		}
		out = append(out, catalog.Scalar(x))
	}
	add(v)
	return out, nil
}

// amount reads "<digits><unit...>" (or bare digits with unit def).
func amount(v catalog.Value, def byte) (int64, byte, bool) {
	s := catalog.Scalar(v)
	if levels.MatchString(s) {
		n, err := strconv.ParseInt(s, 10, 64)
		return n, def, err == nil
	}
	m := withUnit.FindStringSubmatch(s)
	if m == nil {
		return 0, 0, false
	}
	n, err := strconv.ParseInt(m[1], 10, 64)
	return n, strings.ToLower(m[2])[0], err == nil
}

func checkAge(v catalog.Value) (catalog.Value, error) {
	n, unit, ok := amount(v, 'd')
	if !ok {
		return nil, fmt.Errorf("Invalid tidy age %s", catalog.Scalar(v))
	}
	mult, ok := ageUnits[unit]
	if !ok {
		return nil, fmt.Errorf("Invalid age unit '%c'", unit)
	}
	return n * mult, nil
}

func checkSize(v catalog.Value) (catalog.Value, error) {
	n, unit, ok := amount(v, 'k')
	if !ok {
		return nil, fmt.Errorf("Invalid tidy size %s", catalog.Scalar(v))
	}
	pow, ok := sizeUnits[unit]
	if !ok {
		return nil, fmt.Errorf("Invalid size unit '%c'", unit)
	}
	for range pow {
		n *= 1024
	}
	return n, nil
}

// validate refuses matches without recursion, as Puppet's munging of
// matches does.
func validate(v resource.Values) error {
	if !v.Has("matches") {
		return nil
	}
	switch r := v.Get("recurse"); r {
	case nil, false, int64(0):
		return &resource.ParamError{Ref: v.Ref(), Param: "matches", Msg: "Tidy can't use matches with recurse 0, false, or undef"}
	}
	return nil
}

// New returns the instance, which manages nothing itself: its files are
// generated before the run.
func (Type) New(resource.Values) (resource.Instance, error) { return instance{}, nil }

type instance struct{}

func (instance) Retrieve(context.Context, *resource.Handle) error { return nil }
func (instance) Exists() bool                                     { return true }
func (instance) Properties() []resource.Property                  { return nil }

// criteria are a tidy's checked values.
type criteria struct {
	root     string
	matches  []string
	age      *int64
	size     *int64
	timeOf   string
	rmdirs   bool
	managed  map[string]bool
	now      time.Time
	recurse  bool
	limit    int
	maxFiles int
}

// PreGenerateFrom is Puppet's generate for tidy: the files of the path
// (and of its tree, with recurse) that are to go, each as a file with
// ensure => absent, force and no backup, with the tidy's metaparameters,
// in reverse path order; with rmdirs, a directory requires the files it
// holds. It logs each ("Tidying File[...]") and their number.
func (t Type) PreGenerateFrom(_ context.Context, h *resource.Handle, r *catalog.Resource, c *catalog.Catalog) ([]*catalog.Resource, error) {
	if err := schema.Check(r); err != nil {
		return nil, nil // the run refuses the resource, naming the error
	}
	v := resource.NewValues(schema, r)
	now := time.Now
	if t.Now != nil {
		now = t.Now
	}
	cr := &criteria{root: v.String("path"), timeOf: v.String("type"), rmdirs: v.Get("rmdirs") == true, now: now(), limit: -1}
	if n, ok := v.Get("max_files").(int64); ok {
		cr.maxFiles = int(n)
	}
	cr.matches = catalog.Strings(v.Get("matches"))
	if n, ok := v.Get("age").(int64); ok {
		cr.age = &n
	}
	if n, ok := v.Get("size").(int64); ok {
		cr.size = &n
	}
	switch x := v.Get("recurse").(type) {
	case bool:
		cr.recurse = x
	case int64:
		cr.recurse, cr.limit = true, int(x)
	}
	if _, err := os.Lstat(cr.root); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			h.Logf(resource.Debug, "File does not exist")
		} else if errors.Is(err, os.ErrPermission) {
			h.Logf(resource.Warning, "Could not stat; permission denied")
		}
		return nil, nil
	}
	paths := []string{cr.root}
	if cr.recurse {
		rels, err := file.Tree(h, cr.root, cr.limit, cr.maxFiles)
		if err != nil {
			return nil, err
		}
		paths = paths[:0]
		for _, rel := range rels {
			if rel == "." {
				paths = append(paths, cr.root)
			} else {
				paths = append(paths, path.Join(cr.root, rel))
			}
		}
	}
	cr.managed = managedFiles(c)
	var found []string
	for _, p := range paths {
		if cr.tidy(h, p) {
			found = append(found, p)
		}
	}
	for _, p := range found {
		h.Logf(resource.Debug, "Tidying File[%s]", p)
	}
	sort.Sort(sort.Reverse(sort.StringSlice(found)))
	if len(found) > 0 {
		h.Logf(resource.Notice, "Tidying %d files", len(found))
	}
	out := make([]*catalog.Resource, 0, len(found))
	byPath := map[string]*catalog.Resource{}
	for _, p := range found {
		f := &catalog.Resource{Type: "File", Title: p, Tags: []string{"file"}}
		f.Set("backup", false)
		f.Set("ensure", "absent")
		f.Set("force", true)
		for _, param := range r.Params {
			if resource.IsMetaparam(param.Name) && param.Name != "alias" {
				f.Set(param.Name, param.Value)
			}
		}
		byPath[p] = f
		out = append(out, f)
	}
	if cr.rmdirs {
		// A directory is emptied before it goes.
		for _, p := range found {
			dir, ok := byPath[path.Dir(p)]
			if !ok || dir.Title == p {
				continue
			}
			req, _ := dir.Get("require")
			var list []catalog.Value
			switch x := req.(type) {
			case []catalog.Value:
				list = append(list, x...)
			case nil:
			default:
				list = append(list, x)
			}
			dir.Set("require", append(list, "File["+p+"]"))
		}
	}
	return out, nil
}

// managedFiles are the paths the catalog's file resources manage.
func managedFiles(c *catalog.Catalog) map[string]bool {
	out := map[string]bool{}
	for _, r := range c.Resources {
		if !strings.EqualFold(r.Type, "file") {
			continue
		}
		out[strings.TrimRight(r.Title, "/")] = true
		if p, ok := r.Get("path"); ok {
			out[strings.TrimRight(catalog.Scalar(p), "/")] = true
		}
		if a, ok := r.Get("alias"); ok {
			for _, x := range catalog.Strings(a) {
				out[x] = true
			}
		}
	}
	return out
}

// tidy reports whether p is to go: not managed by the catalog, there, a
// directory only with rmdirs, matching a pattern when there are any, and
// old or large enough when age or size are given.
func (cr *criteria) tidy(h *resource.Handle, p string) bool {
	if cr.managed[p] {
		return false
	}
	st, err := os.Lstat(p)
	if err != nil {
		if errors.Is(err, os.ErrNotExist) {
			h.Logf(resource.Debug, "File does not exist")
		} else if errors.Is(err, os.ErrPermission) {
			h.Logf(resource.Warning, "Could not stat; permission denied")
		}
		return false
	}
	if st.IsDir() && !cr.rmdirs {
		return false
	}
	if len(cr.matches) > 0 {
		base := path.Base(p)
		ok := false
		for _, m := range cr.matches {
			if fnmatch(m, base) {
				ok = true
				break
			}
		}
		if !ok {
			return false
		}
	}
	if cr.age == nil && cr.size == nil {
		return true
	}
	if cr.age != nil {
		sys, _ := st.Sys().(*syscall.Stat_t)
		var at int64
		switch {
		case sys == nil:
			at = st.ModTime().Unix()
		case cr.timeOf == "mtime":
			at = sys.Mtim.Sec
		case cr.timeOf == "ctime":
			at = sys.Ctim.Sec
		default:
			at = sys.Atim.Sec
		}
		if cr.now.Unix()-at >= *cr.age {
			return true
		}
	}
	return cr.size != nil && st.Size() >= *cr.size
}

// fnmatch is Ruby's File.fnmatch with FNM_DOTMATCH and FNM_PATHNAME on a
// base name: *, ? and [set] (! or ^ negates) match any character, a
// leading dot too, and backslash escapes.
func fnmatch(pattern, name string) bool {
	pattern = strings.ReplaceAll(pattern, "[!", "[^")
	ok, err := path.Match(pattern, name)
	return err == nil && ok
}
