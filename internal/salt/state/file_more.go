package state

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
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
