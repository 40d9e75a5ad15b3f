// Package filecap implements smoeding-file_capability's file_capability
// type: the Linux capabilities of a file, checked and set with setcap
// and read with getcap (from libcap2-bin), as the module's linux
// provider does.
package filecap

import (
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/file"
	"github.com/ordoproject/ordo/internal/resource/syscmd"
)

// Type is the file_capability resource type.
type Type struct{}

// capPattern is the module's pattern of one capability clause: names
// separated by commas, an operator and flags.
var capPattern = lazyre.New(`^([a-zA-Z0-9_]+)(,[a-zA-Z0-9_]+)*[=+-][eip]*$`)

var schema = resource.NewSchema(resource.Schema{
	Name: "file_capability",
	Doc:  "The Linux file capabilities of a file, set with setcap (smoeding-file_capability).",
	Attrs: []resource.Attr{
		{Name: "ensure", Kind: resource.KindProperty, Default: "present", Doc: "Whether the file's capabilities should be set.", Check: resource.Enum("present", "absent")},
		{Name: "file", Namevar: true, Doc: "The file whose capabilities are managed; autorequired when managed.",
			Check: resource.CheckFunc("an absolute path", checkFile)},
		{Name: "capability", Kind: resource.KindProperty, Arrays: resource.EachAll,
			Doc:   "The capabilities: names separated by commas, an operator (=, + or -) and flags (e, i, p); an array for several.",
			Check: resource.CheckFunc("capability clauses", checkCapability)},
	},
	Providers: []resource.Provider{{Name: "linux", Default: true, Doc: "Runs setcap and getcap.",
		Confine: resource.Confine{Facts: map[string][]string{"kernel": {"linux"}}, Commands: []string{"setcap", "getcap"}}}},
	Validate: func(v resource.Values) error {
		if v.String("ensure") == "absent" {
			return nil
		}
		if len(v.Strings("capability")) == 0 {
			return errors.New("capability is a required attribute")
		}
		return nil
	},
})

func checkFile(v catalog.Value) (catalog.Value, error) {
	if s := catalog.Scalar(v); !strings.HasPrefix(s, "/") {
		return nil, fmt.Errorf("file %s is not an absolute path", s)
	}
	return v, nil
}

func checkCapability(v catalog.Value) (catalog.Value, error) {
	var caps []catalog.Value
	switch x := v.(type) {
	case string:
		caps = []catalog.Value{x}
	case []catalog.Value:
		caps = x
	default:
		return nil, fmt.Errorf("capability must be an array or a string, got %s", rubyClass(v))
	}
	for _, c := range caps {
		if s, ok := c.(string); !ok || !capPattern.MatchString(s) {
			return nil, fmt.Errorf("capability %s has the wrong format", catalog.Scalar(c))
		}
	}
	return v, nil
}

// rubyClass names the Ruby class of a catalog value.
func rubyClass(v catalog.Value) string {
	switch x := v.(type) {
	case bool:
		if x {
			return "TrueClass"
		}
		return "FalseClass"
	case int64:
		return "Integer"
	case float64:
		return "Float"
	case *catalog.Hash:
		return "Hash"
	case nil:
		return "NilClass"
	}
	return "String"
}

// Schema returns file_capability's schema.
func (Type) Schema() *resource.Schema { return schema }

// AutoRequire returns the file resource of the file, when the catalog
// manages it.
func (Type) AutoRequire(r *catalog.Resource, c *catalog.Catalog) []catalog.Ref {
	p := r.Title
	if v, ok := r.Get("file"); ok && v != nil {
		p = catalog.Scalar(v)
	}
	if ref, ok := file.Find(c, p); ok {
		return []catalog.Ref{ref}
	}
	return nil
}

// New returns the instance that manages the capabilities v describes.
func (Type) New(v resource.Values) (resource.Instance, error) {
	e := &instance{path: v.String("file"), present: v.String("ensure") == "present"}
	if v.Has("capability") {
		e.want = v.Strings("capability")
	}
	return e, nil
}

// instance manages one file's capabilities.
type instance struct {
	path    string
	present bool
	want    []string // nil: not given

	// After Retrieve.
	exists bool
	cur    catalog.Value // the capabilities as the provider knows them
}

// Retrieve asks setcap whether the file has the wanted capabilities
// and, when it has not, getcap what it has, as the module's exists?
// does. A file that does not exist has none.
func (e *instance) Retrieve(ctx context.Context, h *resource.Handle) error {
	e.exists, e.cur = false, nil
	e.debug(h, "exists? "+e.path)
	if _, err := os.Stat(e.path); err != nil {
		return nil
	}
	setcap, getcap := tool("setcap"), tool("getcap")
	_, err := syscmd.Exec(ctx, h, []string{setcap, "-q", "-v", strings.Join(e.want, " "), e.path}, syscmd.Options{})
	var xe *syscmd.ExecError
	switch {
	case err == nil && e.want == nil:
		return nil
	case err == nil:
		e.exists, e.cur = true, list(e.want)
		return nil
	case !errors.As(err, &xe):
		return err
	}
	out, err := syscmd.Exec(ctx, h, []string{getcap, "-v", e.path}, syscmd.Options{})
	if err != nil {
		return err
	}
	// getcap before libcap 2.40 wrote "FILE = CAPS"; later ones write
	// "FILE CAPS", which the module does not read: the file is then
	// taken to have no capabilities.
	line := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(e.path) + ` = (.*)`)
	if m := line.FindStringSubmatch(out); m != nil {
		caps := strings.Split(m[1], ",")
		sort.Strings(caps)
		e.exists, e.cur = true, strings.Join(caps, " ")
	}
	return nil
}

// Exists reports whether the provider found the capabilities set.
func (e *instance) Exists() bool { return e.exists }

func (e *instance) debug(h *resource.Handle, msg string) {
	if h.Log != nil {
		h.Log.Log(resource.Debug, "", "file_capability: "+msg)
	}
}

// tool is the path of the command on PATH, as Puppet resolves a
// provider's commands, or its name when it is not there.
func tool(name string) string {
	if p := syscmd.SearchPath(name); p != "" {
		return p
	}
	return name
}

func list(s []string) catalog.Value {
	out := make([]catalog.Value, len(s))
	for i, v := range s {
		out[i] = v
	}
	return out
}

// Properties lists ensure, then capability when the file has
// capabilities and should keep them.
func (e *instance) Properties() []resource.Property {
	props := []resource.Property{&resource.Presence{
		Type:   "file_capability",
		Want:   e.present,
		Exists: e.Exists,
		Create: e.create,
		Remove: e.remove,
	}}
	if e.exists && e.present && e.want != nil {
		props = append(props, &capability{e: e, cur: e.cur})
	}
	return props
}

// set runs setcap -q with args on the file.
func (e *instance) set(ctx context.Context, h *resource.Handle, args ...string) error {
	argv := append(append([]string{tool("setcap"), "-q"}, args...), e.path)
	_, err := syscmd.Exec(ctx, h, argv, syscmd.Options{})
	return err
}

func (e *instance) create(ctx context.Context, h *resource.Handle) error {
	e.debug(h, "create "+e.path)
	return e.set(ctx, h, strings.Join(e.want, " "))
}

func (e *instance) remove(ctx context.Context, h *resource.Handle) error {
	e.debug(h, "destroy "+e.path)
	return e.set(ctx, h, "-r")
}

// capability is the capability property: in sync when setcap found the
// file's capabilities to be the wanted ones.
type capability struct {
	e   *instance
	cur catalog.Value
}

func (p *capability) Name() string           { return "capability" }
func (p *capability) Current() catalog.Value { return p.cur }
func (p *capability) Desired() catalog.Value { return list(p.e.want) }
func (p *capability) InSync() bool {
	cur, ok := p.cur.([]catalog.Value)
	return ok && catalog.Format(cur) == catalog.Format(p.Desired())
}
func (p *capability) Message() string {
	return fmt.Sprintf("capability changed %s to %s", catalog.Format(p.cur), catalog.Format(p.Desired()))
}
func (p *capability) Event() string { return "capability_changed" }
func (p *capability) Sync(ctx context.Context, h *resource.Handle) error {
	p.e.debug(h, "capability "+p.e.path+" => "+strings.Join(p.e.want, " "))
	return p.e.set(ctx, h, strings.Join(p.e.want, " "))
}
