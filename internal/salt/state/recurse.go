package state

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
)

// recurse is file.recurse: every file under a salt:// source folder is
// managed under name as file.managed would, each folder as
// file.directory would; with clean, what the source does not hold is
// removed. Changes and comments are keyed by path, as Salt merges them.
func recurse(ctx context.Context, env *Env, c Call) Return {
	if r, ok := missingParams(c, "source"); !ok {
		return r
	}
	if r, bad := mappingArg(c, "source", "include_pat", "exclude_pat"); bad {
		return r
	}
	name := c.Name
	if _, has := c.Args["mode"]; has {
		return failed("'mode' is not allowed in 'file.recurse'. Please use 'file_mode' and 'dir_mode'.")
	}
	if msg := checkUserGroup(c.Args, c.Test); msg != "" {
		return failed("%s", msg)
	}
	if r, bad := notAbsolute(name); bad {
		return r
	}
	plan, r, ok := planRecurse(env, name, c.Args)
	if !ok {
		return r
	}
	exclude := plan.exclude
	keep, dirs, managedFiles := plan.keep, plan.dirs, plan.files
	if st, err := os.Stat(name); err != nil {
		if _, lerr := os.Lstat(name); lerr == nil {
			return failed("The path %s exists and is not a directory", name)
		}
		if !c.Test {
			if err := os.MkdirAll(name, 0o755); err != nil {
				return failed("%s", err)
			}
			if err := checkPerms(name, c.Args, "dir_mode", false, Changes{}); err != nil {
				return failed("%s", err)
			}
		}
	} else if !st.IsDir() {
		return failed("The path %s exists and is not a directory", name)
	}

	out := Return{Result: True, Changes: Changes{}}
	comments := map[string][]string{}
	var commentOrder []string
	addComment := func(p string, lines ...string) {
		if _, ok := comments[p]; !ok {
			commentOrder = append(commentOrder, p)
		}
		comments[p] = append(comments[p], lines...)
	}
	merge := func(p string, r Return) {
		if r.Result == False || out.Result == True {
			out.Result = r.Result
		}
		if r.Result != True && r.Comment != "" {
			addComment(p, r.Comment)
		}
		if len(r.Changes) > 0 {
			out.Changes[p] = r.Changes
		}
	}
	clean := boolArg(c.Args, "clean", false)
	sub := func(fun, p string, args map[string]any) Call {
		return Call{Module: "file", Fun: fun, Name: p, ID: c.ID, SLS: c.SLS, Test: c.Test, Args: args}
	}
	for _, dir := range sortedSet(dirs) {
		if clean {
			if st, err := os.Lstat(dir); err == nil && !st.IsDir() {
				if c.Test {
					merge(dir, Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("Replacing %s with a directory", dir)})
					continue
				}
				_ = os.RemoveAll(dir)
				merge(dir, Return{Result: True, Changes: Changes{"diff": "Replaced file with a directory"}})
			}
		}
		merge(dir, directory(ctx, env, sub("directory", dir, map[string]any{
			"user": c.Args["user"], "group": c.Args["group"], "dir_mode": c.Args["dir_mode"], "makedirs": true,
		})))
	}
	sort.Slice(managedFiles, func(i, j int) bool { return managedFiles[i].dest < managedFiles[j].dest })
	for _, f := range managedFiles {
		if clean && boolArg(c.Args, "replace", true) {
			if st, err := os.Lstat(f.dest); err == nil && st.IsDir() {
				if c.Test {
					merge(f.dest, Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("Replacing directory %s with a file", f.dest)})
					continue
				}
				_ = os.RemoveAll(f.dest)
				merge(f.dest, Return{Result: True, Changes: Changes{"diff": "Replaced directory with a new file"}})
			}
		}
		merge(f.dest, managed(ctx, env, sub("managed", f.dest, map[string]any{
			"source":       f.src,
			"makedirs":     true,
			"mode":         c.Args["file_mode"],
			"user":         c.Args["user"],
			"group":        c.Args["group"],
			"template":     c.Args["template"],
			"defaults":     c.Args["defaults"],
			"context":      c.Args["context"],
			"replace":      c.Args["replace"],
			"show_changes": c.Args["show_changes"],
			"backup":       c.Args["backup"],
		})))
	}
	if clean {
		for _, p := range keepRequired(env, name, c.Args["require"], c.Lowstate) {
			keep[p] = true
		}
		removed := cleanDir(name, keep, exclude, c.Test)
		if len(removed) > 0 {
			list := make([]any, len(removed))
			for i, r := range removed {
				list[i] = r
			}
			if c.Test {
				if out.Result == True {
					out.Result = None
				}
				addComment("removed", removed...)
			} else {
				out.Changes["removed"] = list
			}
		}
	}
	var parts []string
	for _, p := range commentOrder {
		parts = append(parts, fmt.Sprintf("\n#### %s ####\n%s", p, strings.Join(comments[p], "\n")))
	}
	out.Comment = strings.TrimSpace(strings.Join(parts, "\n"))
	if out.Comment == "" {
		out.Comment = fmt.Sprintf("Recursively updated %s", name)
	}
	if len(out.Changes) == 0 && out.Result != False && out.Result != None {
		out.Comment = fmt.Sprintf("The directory %s is in the correct state", name)
	}
	return out
}

// managedFile is one file a file.recurse manages, and its source.
type managedFile struct{ dest, src string }

// recursePlan is what a file.recurse manages under its target: the
// files with their sources, the folders, and what its clean keeps
// (Salt's _gen_recurse_managed_files).
type recursePlan struct {
	include, exclude []string
	files            []managedFile
	dirs, keep       map[string]bool
}

// planRecurse reads a file.recurse's source folder with its
// include_pat, exclude_pat, maxdepth and include_empty; a source that is
// not there is the state's failure.
func planRecurse(env *Env, name string, args map[string]any) (recursePlan, Return, bool) {
	sources := strList(args["source"])
	if len(sources) == 0 {
		return recursePlan{}, failed("Recurse failed: No source specified"), false
	}
	for i, s := range sources {
		sources[i] = strings.TrimRight(s, "/")
		if !strings.HasPrefix(s, "salt://") {
			return recursePlan{}, failed("Invalid source '%s' (must be a salt:// URI)", s), false
		}
	}
	// The first source that is a folder of the file root.
	var srcpath, root string
	for _, s := range sources {
		rel := strings.TrimPrefix(s, "salt://")
		dir := filepath.Join(env.FileRoot, filepath.FromSlash(rel))
		if st, err := os.Stat(dir); err == nil && st.IsDir() {
			srcpath, root = rel, dir
			break
		}
	}
	if root == "" {
		srcpath = strings.TrimPrefix(sources[0], "salt://")
		if len(sources) > 1 {
			return recursePlan{}, failed("Recurse failed: none of the specified sources were found"), false
		}
		return recursePlan{}, failed("The directory '%s' does not exist on the salt fileserver in saltenv 'base'", srcpath), false
	}
	include, exclude := strList(args["include_pat"]), strList(args["exclude_pat"])
	maxdepth := -1
	if v, ok := args["maxdepth"]; ok && v != nil {
		n, isInt := v.(int)
		if !isInt || n < 0 {
			return recursePlan{}, failed("Invalid maxdepth '%v': must be a non-negative integer", v), false
		}
		maxdepth = n
	}
	// What the source holds, as paths relative to it.
	var files, emptyDirs []string
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == root {
			return nil
		}
		rel := filepath.ToSlash(strings.TrimPrefix(p, root+string(filepath.Separator)))
		switch {
		case d.IsDir():
			if entries, err := os.ReadDir(p); err == nil && len(entries) == 0 {
				emptyDirs = append(emptyDirs, rel)
			}
		case d.Type().IsRegular() || d.Type()&fs.ModeSymlink != 0:
			files = append(files, rel)
		}
		return nil
	})
	keep := map[string]bool{}
	dirs := map[string]bool{}
	var managedFiles []managedFile
	for _, rel := range files {
		if !validRelpath(rel, maxdepth) || !includeExclude(rel, include, exclude) {
			continue
		}
		dest := filepath.Join(name, filepath.FromSlash(rel))
		keep[dest] = true
		dirs[filepath.Dir(dest)] = true
		managedFiles = append(managedFiles, managedFile{dest, "salt://" + srcpath + "/" + rel})
	}
	if boolArg(args, "include_empty", false) {
		for _, rel := range emptyDirs {
			if !validRelpath(rel, maxdepth) || !includeExclude(rel, include, exclude) {
				continue
			}
			dest := filepath.Join(name, filepath.FromSlash(rel))
			dirs[dest] = true
			keep[dest] = true
		}
	}

	return recursePlan{include: include, exclude: exclude, files: managedFiles, dirs: dirs, keep: keep}, Return{}, true
}

// keepRequired is Salt's _gen_keep_files: what the states named by the
// file entries of a require list manage, which a clean under name keeps.
// A state matches by its name or its ID, whatever its module; its name
// is kept when it is not a folder; a folder under name is kept whole,
// or for a file.recurse, what that one manages.
func keepRequired(env *Env, name string, require any, low []LowChunk) []string {
	list, _ := require.([]any)
	var out []string
	for _, item := range list {
		m, ok := item.(map[string]any)
		if !ok {
			continue
		}
		f, has := m["file"]
		if !has || f == nil {
			continue
		}
		target := fmt.Sprint(f)
		for _, l := range low {
			if l.Name != target && l.ID != target {
				continue
			}
			st, err := os.Stat(l.Name)
			if err != nil || !st.IsDir() {
				out = append(out, l.Name)
				continue
			}
			if rel, err := filepath.Rel(name, l.Name); err != nil || strings.HasPrefix(rel, "..") {
				continue
			}
			if l.Fun == "recurse" {
				if plan, _, ok := planRecurse(env, l.Name, l.Args); ok {
					for p := range plan.keep {
						out = append(out, p)
					}
				}
				continue
			}
			_ = filepath.WalkDir(l.Name, func(p string, d fs.DirEntry, err error) error {
				if err == nil {
					out = append(out, p)
				}
				return nil
			})
		}
	}
	return out
}

// cleanDir is Salt's _clean_dir: it removes (or, in a dry run, lists)
// what lies under root and is neither kept, nor a folder of something
// kept, nor matched by exclude (tested on each path relative to root,
// so a folder exclude_pat spares is still looked into). A dry run lists
// what a removed folder holds too, as Salt's walk goes on into it.
func cleanDir(root string, keep map[string]bool, exclude []string, test bool) []string {
	kept := map[string]bool{root: true}
	for p := range keep {
		if !filepath.IsAbs(p) {
			continue
		}
		for q := filepath.Clean(p); q != "/"; q = filepath.Dir(q) {
			kept[q] = true
		}
	}
	var removed []string
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || p == root || kept[p] {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		if !includeExclude(rel, nil, exclude) {
			return nil
		}
		removed = append(removed, p)
		if test {
			return nil
		}
		if d.IsDir() {
			_ = os.RemoveAll(p)
			return filepath.SkipDir
		}
		_ = os.Remove(p)
		return nil
	})
	sort.Strings(removed)
	return removed
}

// validRelpath refuses a path that climbs out with .., or that lies
// deeper than maxdepth folders (-1: any depth).
func validRelpath(rel string, maxdepth int) bool {
	if strings.Contains("/"+rel+"/", "/../") {
		return false
	}
	return maxdepth < 0 || strings.Count(strings.Trim(rel, "/"), "/") <= maxdepth
}

// includeExclude is Salt's include_pat/exclude_pat check: each pattern
// an fnmatch glob, or a regular expression searched for after E@; a path
// must match one include pattern (if any) and no exclude pattern.
func includeExclude(p string, include, exclude []string) bool {
	match := func(pat string) bool {
		if re, ok := strings.CutPrefix(pat, "E@"); ok {
			r, err := regexp.Compile(re)
			return err == nil && r.MatchString(p)
		}
		return globMatch(pat, p)
	}
	if len(include) > 0 {
		hit := false
		for _, pat := range include {
			hit = hit || match(pat)
		}
		if !hit {
			return false
		}
	}
	for _, pat := range exclude {
		if match(pat) {
			return false
		}
	}
	return true
}

// globMatch is Python's fnmatch: * and ? cross every character, / too.
func globMatch(pattern, name string) bool {
	var b strings.Builder
	b.WriteString(`(?s)\A`)
	for i := 0; i < len(pattern); i++ {
		switch ch := pattern[i]; ch {
		case '*':
			b.WriteString(".*")
		case '?':
			b.WriteString(".")
		case '[':
			j := strings.IndexByte(pattern[i+1:], ']')
			if j < 0 {
				b.WriteString(`\[`)
				continue
			}
			class := pattern[i+1 : i+1+j]
			if strings.HasPrefix(class, "!") {
				class = "^" + class[1:]
			}
			b.WriteString("[" + strings.ReplaceAll(class, `\`, `\\`) + "]")
			i += j + 1
		default:
			b.WriteString(regexp.QuoteMeta(string(ch)))
		}
	}
	b.WriteString(`\z`)
	re, err := regexp.Compile(b.String())
	return err == nil && re.MatchString(name)
}

// strList reads an argument that is one string or a list of them.
func strList(v any) []string {
	switch v := v.(type) {
	case nil:
		return nil
	case []any:
		out := make([]string, 0, len(v))
		for _, x := range v {
			out = append(out, fmt.Sprint(x))
		}
		return out
	}
	return []string{fmt.Sprint(v)}
}

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// checkUserGroup is Salt's check that the user and group arguments
// name accounts of this machine (by name or number); a dry run only
// warns, so it passes.
func checkUserGroup(args map[string]any, test bool) string {
	msg := ""
	if u := str(args, "user"); u != "" {
		if _, err := user.Lookup(u); err != nil {
			if _, err := user.LookupId(u); err != nil {
				msg += fmt.Sprintf("User %s is not available ", u)
			}
		}
	}
	if g := str(args, "group"); g != "" {
		if _, err := user.LookupGroup(g); err != nil {
			if _, err := user.LookupGroupId(g); err != nil {
				msg += fmt.Sprintf("Group %s is not available", g)
			}
		}
	}
	if test {
		return ""
	}
	return msg
}
