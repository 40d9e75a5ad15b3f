// Package resources implements Puppet's resources metatype: a resource
// named after another type that, with purge => true, removes before the
// run every resource of that type on the machine the catalog does not
// manage, as Puppet's generate does, passing its metaparameters on to
// what it removes.
package resources

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
)

// Type is the resources metatype. It knows the types it may purge.
type Type struct {
	types  []resource.Type
	schema *resource.Schema
	// LoginDefs is the file whose UID_MIN bounds the system users
	// (/etc/login.defs).
	LoginDefs string
	// Host answers the providers' confines (resource.LocalHost{}).
	Host resource.Host
}

// NewType returns the metatype over types (which need not include it).
func NewType(types []resource.Type) *Type {
	t := &Type{types: append([]resource.Type(nil), types...), LoginDefs: "/etc/login.defs", Host: resource.LocalHost{}}
	t.schema = resource.NewSchema(resource.Schema{
		Name: "resources",
		Doc:  "A metatype over another type: purge => true removes that type's resources the catalog does not manage, passing its metaparameters on to them.",
		Attrs: []resource.Attr{
			{Name: "name", Namevar: true, Doc: "The name of the type managed.", Check: resource.CheckFunc("the name of a resource type", t.checkName)},
			{Name: "purge", Default: false, Doc: "Whether to remove the resources of the type that the catalog does not manage.", Check: resource.YesNo()},
			{Name: "unless_system_user", Doc: "For user: keeps users whose uid is at most this (true: UID_MIN of /etc/login.defs less one, else 499) and root, nobody, bin, noaccess, daemon and sys; false purges them too. The default for user is true.",
				Check: resource.CheckFunc("true, false or a uid", checkSystemUser)},
			{Name: "unless_uid", Arrays: resource.Whole, Doc: "For user: uids (integers, strings of digits, lists of them) never purged.",
				Check: resource.CheckFunc("uids, or a list of them", checkUIDs)},
		},
		Validate: t.validate,
	})
	return t
}

// Schema returns the metatype's schema.
func (t *Type) Schema() *resource.Schema { return t.schema }

// lookup finds a type by name (any case), or nil.
func (t *Type) lookup(name string) resource.Type {
	name = strings.ToLower(name)
	for _, x := range t.types {
		if x.Schema().Name == name {
			return x
		}
	}
	return nil
}

func (t *Type) checkName(v catalog.Value) (catalog.Value, error) {
	name := catalog.Scalar(v)
	if t.lookup(name) == nil && name != "resources" {
		return nil, fmt.Errorf("Could not find resource type '%s'", name)
	}
	return name, nil
}

var digits = lazyre.New(`^\d+`)

func checkSystemUser(v catalog.Value) (catalog.Value, error) {
	switch x := v.(type) {
	case bool:
		return x, nil
	case int64:
		if x >= 0 {
			return x, nil
		}
	case string:
		switch x {
		case "true":
			return true, nil
		case "false":
			return false, nil
		}
		if m := digits.FindString(x); m != "" && m == x {
			n, err := strconv.ParseInt(m, 10, 64)
			if err == nil {
				return n, nil
			}
		}
	}
	return nil, fmt.Errorf("Invalid value %s. Valid values are true, false. Valid values match /^\\d+$/.", resource.Inspect(v))
}

// checkUIDs munges unless_uid to a list of integers, as Puppet's
// Integer() reads each: junk fails the whole value.
func checkUIDs(v catalog.Value) (catalog.Value, error) {
	var out []catalog.Value
	var add func(x catalog.Value) error
	add = func(x catalog.Value) error {
		switch e := x.(type) {
		case []catalog.Value:
			for _, y := range e {
				if err := add(y); err != nil {
					return err
				}
			}
			return nil
		case int64:
			out = append(out, e)
			return nil
		case string:
			n, err := rubyInteger(e)
			if err != nil {
				return &resource.MungeError{Msg: fmt.Sprintf("invalid value for Integer(): %s", resource.Inspect(e))}
			}
			out = append(out, n)
			return nil
		}
		return &resource.MungeError{Msg: fmt.Sprintf("Invalid value %s.", resource.Inspect(x))}
	}
	if err := add(v); err != nil {
		return nil, err
	}
	return out, nil
}

// rubyInteger reads a string as Ruby's Integer() does: optional sign,
// underscores between digits, 0x/0b/0o/0 prefixes, white space around.
func rubyInteger(s string) (int64, error) {
	t := strings.TrimSpace(s)
	if t == "" || strings.Contains(t, "__") || strings.HasSuffix(t, "_") || strings.HasPrefix(strings.TrimLeft(t, "+-"), "_") {
		return 0, errors.New("invalid")
	}
	return strconv.ParseInt(strings.ReplaceAll(t, "_", ""), 0, 64)
}

// validate refuses purging a type that has no ensure, as Puppet does when
// it reads the catalog.
func (t *Type) validate(v resource.Values) error {
	if !catalog.Truthy(v.Get("purge")) {
		return nil
	}
	other := t.lookup(v.String("name"))
	if other == nil || other.Schema().Attr("ensure") == nil || other.Schema().Attr("ensure").Kind != resource.KindProperty {
		return &resource.ParamError{Ref: v.Ref(), Param: "purge", Msg: "Purging is only supported on types that accept 'ensure'"}
	}
	return nil
}

// New returns the instance, which manages nothing itself: what it purges
// is generated before the run.
func (t *Type) New(resource.Values) (resource.Instance, error) { return instance{}, nil }

type instance struct{}

func (instance) Retrieve(context.Context, *resource.Handle) error { return nil }
func (instance) Exists() bool                                     { return true }
func (instance) Properties() []resource.Property                  { return nil }

// systemUsers are never purged while unless_system_user holds.
var systemUsers = []string{"root", "nobody", "bin", "noaccess", "daemon", "sys"}

// PreGenerateFrom is Puppet's generate: with purge, a resource with
// ensure => absent for each instance of the type on the machine that the
// catalog does not manage (by title or by name), that passes the user
// checks, in the order the providers list them, each with the
// metaparameters of r (alias aside) and, for users, audit => uid, as
// Puppet's user check leaves it.
func (t *Type) PreGenerateFrom(ctx context.Context, h *resource.Handle, r *catalog.Resource, c *catalog.Catalog) ([]*catalog.Resource, error) {
	if _, ok := r.Get("purge"); !ok {
		return nil, nil
	}
	if err := t.schema.Check(r); err != nil {
		return nil, nil // the run refuses the resource, naming the error
	}
	vals := resource.NewValues(t.schema, r)
	if vals.Get("purge") != true {
		return nil, nil
	}
	name := vals.String("name")
	other := t.lookup(name)
	if other == nil {
		return nil, nil
	}
	schema := other.Schema()
	providers := resource.ListProviders(other, t.Host)
	if len(providers) == 0 || providers[0].Instances == nil {
		if len(providers) > 0 && providers[0].Find != nil {
			return nil, nil // a type that cannot list all of its resources (file) lists none
		}
		p := schema.DefaultProvider(t.Host)
		pname := name
		if p != nil {
			pname = p.Name
		}
		return nil, fmt.Errorf("To support listing resources of this type the '%s' provider needs to implement an 'instances' class method returning the current set of resources. We recommend porting your module to the simpler Resource API instead: https://puppet.com/search/docs?keys=resource+api", pname)
	}
	identity, _ := other.(identifier)
	managed := t.managed(schema, c, identity)
	user := schema.Name == "user"
	var limit int64 = -1
	var unlessUIDs []int64
	if user {
		switch x := vals.Get("unless_system_user"); x {
		case nil, true:
			limit = t.systemUsersMaxUID()
		case false:
		default:
			limit, _ = x.(int64)
		}
		uids, _ := vals.Get("unless_uid").([]catalog.Value)
		for _, u := range uids {
			if n, ok := u.(int64); ok {
				unlessUIDs = append(unlessUIDs, n)
			}
		}
	}
	ensure := schema.Attr("ensure")
	var out []*catalog.Resource
	seen := map[string]bool{}
	for _, p := range providers {
		if p.Instances == nil {
			continue
		}
		list, err := p.Instances(ctx, h)
		if err != nil {
			return nil, err
		}
		for _, inst := range list {
			if seen[inst.Title] {
				continue
			}
			seen[inst.Title] = true
			// Puppet makes a resource of every instance listed, and says
			// which properties its provider cannot manage.
			if h.Log != nil {
				for _, a := range schema.Attrs {
					if a.Kind == resource.KindProperty && a.Feature != "" && !p.Has(a.Feature) {
						h.Log.Log(resource.Debug, "/"+catalog.NewRef(schema.Name, inst.Title).String(),
							fmt.Sprintf("Provider %s does not support features %s; not managing attribute %s", p.Name, a.Feature, a.Name))
					}
				}
			}
			if managed[inst.Title] {
				continue
			}
			if key, ok := schema.UniquenessKey(inst); ok && managed[key] {
				continue
			}
			if identity != nil && managed[identity.Identity(inst)] {
				continue
			}
			if user && limit >= 0 {
				if slices.Contains(systemUsers, inst.Title) {
					continue
				}
				uid, _ := inst.Get("uid")
				n, _ := uid.(int64)
				if slices.Contains(unlessUIDs, n) || n <= limit {
					continue
				}
			}
			if ensure.Check != nil {
				if _, err := ensure.Check.Munge("absent"); err != nil {
					h.Logf(resource.Err, "The 'ensure' attribute on %s resources does not accept 'absent' as a value", name)
					continue
				}
			}
			g := &catalog.Resource{Type: inst.Type, Title: inst.Title}
			if g.Type == "" {
				g.Type = catalog.NewRef(schema.Name, inst.Title).Type
			}
			for _, param := range schema.Attrs {
				if param.Namevar {
					if x, ok := inst.Get(param.Name); ok && param.Name != "name" {
						g.Set(param.Name, x)
					}
				}
			}
			g.Set("ensure", "absent")
			if x, ok := inst.Get("provider"); ok {
				g.Set("provider", x)
			} else {
				g.Set("provider", p.Name)
			}
			if x, ok := inst.Get("target"); ok && schema.Attr("target") != nil {
				g.Set("target", x)
			}
			if user && limit >= 0 {
				g.Set("audit", "uid")
			}
			for _, param := range r.Params {
				if resource.IsMetaparam(param.Name) && param.Name != "alias" {
					g.Set(param.Name, param.Value)
				}
			}
			out = append(out, g)
		}
	}
	return out, nil
}

// identifier is a type whose resources are identified on the machine by
// more than their name (sshkey: name and type).
type identifier interface {
	Identity(r *catalog.Resource) string
}

// managed are the titles and uniqueness keys (names) of the catalog's
// resources of the type, and their aliases.
func (t *Type) managed(s *resource.Schema, c *catalog.Catalog, identity identifier) map[string]bool {
	out := map[string]bool{}
	for _, r := range c.Resources {
		if !strings.EqualFold(r.Type, s.Name) {
			continue
		}
		out[r.Title] = true
		if identity != nil {
			out[identity.Identity(r)] = true
		}
		if key, ok := s.UniquenessKey(r); ok {
			out[key] = true
		}
		if a, ok := r.Get("alias"); ok {
			for _, x := range catalog.Strings(a) {
				out[x] = true
			}
		}
	}
	return out
}

// uidMin is a UID_MIN line of login.defs.
var uidMin = lazyre.New(`^\s*UID_MIN\s+(\d+)(\s*#.*)?$`)

// systemUsersMaxUID is the highest uid of a system user: UID_MIN of
// login.defs less one, else 499, as Puppet reads it.
func (t *Type) systemUsersMaxUID() int64 {
	f, err := os.Open(t.LoginDefs)
	if err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if m := uidMin.FindStringSubmatch(sc.Text()); m != nil {
				n, err := strconv.ParseInt(m[1], 10, 64)
				if err == nil {
					return n - 1
				}
			}
		}
	}
	return 499
}
