package state

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"go.yaml.in/yaml/v4"
)

// copyFile is file.copy: name is written from source when it is missing
// (or differs and force is set).
func copyFile(ctx context.Context, env *Env, c Call) Return {
	name, source := c.Name, str(c.Args, "source")
	if r, bad := notAbsolute(name); bad {
		return r
	}
	src, err := os.ReadFile(source)
	if err != nil {
		return failed("Source file \"%s\" is not present", source)
	}
	if old, err := os.ReadFile(name); err == nil {
		if !boolArg(c.Args, "force", false) || string(old) == string(src) {
			return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("The target file \"%s\" exists and will not be overwritten", name)}
		}
	}
	if c.Test {
		return Return{Result: None, Changes: Changes{name: source}, Comment: fmt.Sprintf("File \"%s\" is set to be copied to \"%s\"", source, name)}
	}
	if _, err := os.Stat(filepath.Dir(name)); err != nil {
		if !boolArg(c.Args, "makedirs", false) {
			return failed("The target directory %s is not present", filepath.Dir(name))
		}
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return failed("%s", err)
		}
	}
	perm := fs.FileMode(0o644)
	if st, err := os.Stat(source); err == nil {
		perm = st.Mode().Perm()
	}
	if err := writeReplacing(name, src, perm); err != nil {
		return failed("Failed to copy \"%s\" to \"%s\"", source, name)
	}
	if err := checkPerms(name, c.Args, "mode", false, Changes{}); err != nil {
		return failed("%s", err)
	}
	return Return{Result: True, Changes: Changes{name: source}, Comment: fmt.Sprintf("Copied \"%s\" to \"%s\"", source, name)}
}

// serialize is file.serialize: dataset written with formatter json or
// yaml, then managed like file.managed's contents.
func serialize(ctx context.Context, env *Env, c Call) Return {
	data, ok := c.Args["dataset"]
	if !ok {
		return failed("Neither 'dataset' nor 'dataset_pillar' was defined")
	}
	var text string
	switch f := strings.ToLower(str(c.Args, "formatter")); f {
	case "json", "":
		b, err := json.MarshalIndent(data, "", "    ")
		if err != nil {
			return failed("%s", err)
		}
		text = string(b) + "\n"
	case "yaml":
		b, err := yaml.Marshal(data)
		if err != nil {
			return failed("%s", err)
		}
		text = string(b)
	default:
		return failed("%s format is not supported", f)
	}
	args := copyArgs(c.Args)
	args["contents"] = text
	delete(args, "source")
	c.Args = args
	return managed(ctx, env, c)
}

// recurse is file.recurse: every file under a salt:// source folder is
// managed under name, with changes keyed by path.
func recurse(ctx context.Context, env *Env, c Call) Return {
	name := c.Name
	if r, bad := notAbsolute(name); bad {
		return r
	}
	source := str(c.Args, "source")
	rest, ok := strings.CutPrefix(source, "salt://")
	if !ok {
		return failed("Invalid source '%s' (must be a salt:// URI)", source)
	}
	root := filepath.Join(env.FileRoot, filepath.FromSlash(strings.TrimSuffix(rest, "/")))
	if st, err := os.Stat(root); err != nil || !st.IsDir() {
		return failed("The directory '%s' does not exist on the salt fileserver in saltenv 'base'", rest)
	}
	var files []string
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			rel, _ := filepath.Rel(root, p)
			files = append(files, rel)
		}
		return nil
	})
	sort.Strings(files)
	changes := Changes{}
	result := True
	var failures []string
	if _, err := os.Stat(name); err != nil {
		if c.Test {
			changes[name] = map[string]any{"directory": "new"}
		} else if err := os.MkdirAll(name, 0o755); err != nil {
			return failed("%s", err)
		} else {
			changes[name] = map[string]any{"directory": "new"}
		}
	}
	for _, rel := range files {
		dst := filepath.Join(name, rel)
		sub := Call{Module: "file", Fun: "managed", Name: dst, ID: c.ID, SLS: c.SLS, Test: c.Test, Args: map[string]any{
			"source":   "salt://" + strings.TrimSuffix(rest, "/") + "/" + filepath.ToSlash(rel),
			"makedirs": true,
			"mode":     c.Args["file_mode"],
			"user":     c.Args["user"],
			"group":    c.Args["group"],
			"template": c.Args["template"],
			"defaults": c.Args["defaults"],
			"context":  c.Args["context"],
		}}
		r := managed(ctx, env, sub)
		switch r.Result {
		case False:
			result = False
			failures = append(failures, r.Comment)
		case None:
			if result == True {
				result = None
			}
		}
		if len(r.Changes) > 0 {
			changes[dst] = r.Changes
		}
	}
	switch {
	case result == False:
		return Return{Result: False, Changes: changes, Comment: strings.Join(failures, "\n")}
	case c.Test && len(changes) > 0:
		return Return{Result: None, Changes: changes, Comment: fmt.Sprintf("Recursively updated %s", name)}
	case len(changes) > 0:
		return Return{Result: True, Changes: changes, Comment: fmt.Sprintf("Recursively updated %s", name)}
	}
	return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("The directory %s is in the correct state", name)}
}
