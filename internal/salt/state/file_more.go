package state

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// copyFile is file.copy: name is written from source (through ordo's
// file type) when it is missing, or with force even when it is there;
// owner and group as given (root by default), the mode the source's
// unless given.
func copyFile(ctx context.Context, env *Env, c Call) Return {
	if r, ok := missingParams(c, "source"); !ok {
		return r
	}
	name, source := c.Name, str(c.Args, "source")
	if name == "" {
		return failed("Must provide name to file.copy")
	}
	if r, bad := notAbsolute(name); bad {
		return r
	}
	srcInfo, err := os.Stat(source)
	if err != nil {
		return failed("Source file \"%s\" is not present", source)
	}
	if srcInfo.IsDir() {
		return failed("Failed to copy \"%s\" to \"%s\": ordo copies files, not directories", source, name)
	}
	args := copyArgs(c.Args)
	if boolArg(c.Args, "preserve", false) {
		delete(args, "user")
		delete(args, "group")
		args["mode"] = modeString(srcInfo.Mode().Perm())
	} else {
		if str(args, "user") == "" {
			args["user"] = "root"
		}
		if msg := checkUserGroup(args, false); msg != "" {
			return failed("%s", msg)
		}
		if _, has := args["mode"]; !has || args["mode"] == nil {
			args["mode"] = modeString(srcInfo.Mode().Perm())
		}
	}
	if st, err := os.Stat(name); err == nil && st.IsDir() && boolArg(c.Args, "subdir", false) {
		name = filepath.Join(name, filepath.Base(source))
	}
	comment := fmt.Sprintf("Copied \"%s\" to \"%s\"", source, name)
	changed := true
	if _, err := os.Lstat(name); err == nil {
		force := boolArg(c.Args, "force", false)
		if force {
			if a, errA := os.ReadFile(name); errA == nil {
				if b, errB := os.ReadFile(source); errB == nil && string(a) == string(b) {
					comment += " - files are identical but force flag is set"
				}
			}
		} else {
			changed = false
		}
	}
	switch {
	case c.Test && changed:
		return Return{Result: None, Changes: Changes{}, Comment: fmt.Sprintf("File \"%s\" is set to be copied to \"%s\"", source, name)}
	case !changed:
		return Return{Result: True, Changes: Changes{}, Comment: fmt.Sprintf("The target file \"%s\" exists and will not be overwritten", name)}
	}
	if _, err := os.Stat(filepath.Dir(name)); err != nil {
		if !boolArg(c.Args, "makedirs", false) {
			return failed("The target directory %s is not present", filepath.Dir(name))
		}
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return failed("%s", err)
		}
	}
	data, err := os.ReadFile(source)
	if err != nil {
		return failed("Failed to copy \"%s\" to \"%s\"", source, name)
	}
	if st, err := os.Lstat(name); err == nil && !st.Mode().IsRegular() {
		if err := applyFile(ctx, env, name, map[string]any{"ensure": "absent", "force": true}); err != nil {
			return failed("Failed to delete \"%s\" in preparation for forced move", name)
		}
	}
	params := map[string]any{"ensure": "file", "content": string(data)}
	// The mode is the new file's from the start: a copy of a secret is
	// never readable by others, even for a moment.
	if m, ok, err := fileMode(args["mode"]); err == nil && ok {
		params["mode"] = modeString(m)
	}
	if err := applyFile(ctx, env, name, params); err != nil {
		return failed("Failed to copy \"%s\" to \"%s\"", source, name)
	}
	ret := Return{Result: True, Changes: Changes{name: source}, Comment: comment}
	// The copy has the source's mode, as a copy has in Salt; only what
	// the state asked for differently is a change.
	perms := Changes{}
	if err := checkPerms(name, args, "mode", false, perms); err != nil {
		return Return{Result: False, Changes: ret.Changes, Comment: err.Error()}
	}
	for k, v := range perms {
		if _, asked := c.Args[k]; asked {
			ret.Changes[k] = v
		}
	}
	// Salt copies with the source's mode and sets the one asked for
	// after: that is a change when they differ.
	if m, ok, err := fileMode(c.Args["mode"]); err == nil && ok && !boolArg(c.Args, "preserve", false) && goMode(m) != srcInfo.Mode()&(fs.ModePerm|fs.ModeSetuid|fs.ModeSetgid|fs.ModeSticky) {
		ret.Changes["mode"] = modeString(m)
	}
	return ret
}
