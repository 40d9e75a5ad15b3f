package salt

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v4"
)

// LoadPillar compiles the pillar of minion ctx.MinionID from a pillar
// root: its top.sls names the pillar SLS files for the minion, each is
// rendered (Jinja, then YAML, with grains but no pillar) and the results
// are merged, later files deep-merging over earlier ones.
func LoadPillar(root string, ctx Context) (map[string]any, error) {
	pillar := map[string]any{}
	if root == "" {
		return pillar, nil
	}
	ctx.Pillar = map[string]any{}
	mods, err := Top(root, ctx.MinionID, ctx)
	if err != nil {
		var e *Error
		if ok := asError(err, &e); ok && strings.HasPrefix(e.Msg, "No Top file") {
			return pillar, nil
		}
		return nil, err
	}
	r := newRenderer(root, ctx)
	l := &loader{r: r, rendered: map[string]bool{}, globs: &globCache{}}
	for _, mod := range mods {
		rel, ok := l.slsFile(mod)
		if !ok {
			return nil, &Error{Pos: Pos{File: "top.sls"}, Msg: fmt.Sprintf("Specified SLS '%s' in environment '%s' is not available on the salt master", mod, Env)}
		}
		text, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(rel)))
		if err != nil {
			return nil, err
		}
		out, err := r.renderTemplate(rel, text, map[string]any{"sls": mod})
		if err != nil {
			return nil, err
		}
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(out), &doc); err != nil {
			return nil, &Error{Pos: yamlErrorPos(rel, err), Msg: fmt.Sprintf("Rendering SLS '%s' failed: %s", mod, yamlErrorText(err))}
		}
		v, err := plainValue(&doc)
		if err != nil {
			return nil, err
		}
		m, ok := v.(map[string]any)
		if v != nil && !ok {
			return nil, &Error{Pos: Pos{File: rel}, Msg: fmt.Sprintf("Pillar SLS %s does not render to a dictionary", mod)}
		}
		mergeDeep(pillar, m)
	}
	return pillar, nil
}

func asError(err error, target **Error) bool {
	e, ok := err.(*Error)
	if ok {
		*target = e
	}
	return ok
}

// mergeDeep merges src into dst: mappings merge key by key, anything
// else replaces.
func mergeDeep(dst, src map[string]any) {
	for k, v := range src {
		if sm, ok := v.(map[string]any); ok {
			if dm, ok := dst[k].(map[string]any); ok {
				mergeDeep(dm, sm)
				continue
			}
		}
		dst[k] = v
	}
}
