package facts

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/datafile"
)

// Load reads a fact file: YAML or JSON (by its extension; other names
// are tried as JSON, then YAML), a hash of fact names to values. A file
// written by `puppet facts` (with "name" and "values") gives its values.
func Load(path string) (*catalog.Hash, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var v catalog.Value
	switch strings.ToLower(filepath.Ext(path)) {
	case ".json":
		v, err = datafile.JSON(data)
	case ".yaml", ".yml":
		v, err = datafile.YAML(data)
	default:
		if v, err = datafile.JSON(data); err != nil {
			v, err = datafile.YAML(data)
		}
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	h, ok := v.(*catalog.Hash)
	if !ok {
		if v == nil {
			return catalog.NewHash(), nil
		}
		return nil, fmt.Errorf("%s: facts must be a hash of names to values", path)
	}
	if vals, ok := h.Get("values"); ok {
		if _, named := h.Get("name"); named {
			if vh, ok := vals.(*catalog.Hash); ok {
				return vh, nil
			}
		}
	}
	return h, nil
}

// Select returns the facts named by queries, as `facter NAME...` does: a
// dotted query ("os.release.major") digs into structured facts, and a
// fact that is missing is nil. The names come out sorted, as Facter
// prints them.
func Select(facts *catalog.Hash, queries []string) *catalog.Hash {
	out := catalog.NewHash()
	for _, q := range queries {
		v, _ := dotted(facts, q)
		out.Set(q, v)
	}
	return sorted(out)
}
