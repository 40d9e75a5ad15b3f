package openssl

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// DhparamType is dhparam: a Diffie-Hellman parameters file.
type DhparamType struct{}

var dhparamSchema = resource.NewSchema(resource.Schema{
	Name: "dhparam",
	Doc:  "A Diffie-Hellman parameters file (puppet-openssl), made with openssl dhparam.",
	Attrs: append([]resource.Attr{
		ensureAttr(),
		pathAttr("The path of the file."),
		{Name: "size", Default: int64(512), Doc: "The size in bits of the parameters.", Check: resource.CheckFunc("a positive integer", positive)},
		{Name: "fastmode", Default: false, Doc: "Pass -dsaparam to openssl dhparam (faster).", Check: resource.CheckFunc("true or false", boolean)},
	}, fileAttrs()...),
	Providers: []resource.Provider{{Name: "openssl", Default: true, Doc: "Runs openssl dhparam.", Confine: resource.Confine{Commands: []string{"openssl"}}}},
})

// positive is the module's size check: a number above 0, written
// without anything else.
func positive(v catalog.Value) (catalog.Value, error) {
	s := catalog.Scalar(v)
	n := atoi(v)
	if n <= 0 || fmt.Sprint(n) != s {
		return nil, fmt.Errorf("Size must be a positive integer: %s", resource.Inspect(v))
	}
	return v, nil
}

// boolean is the module's fastmode check: true or false, not a string.
func boolean(v catalog.Value) (catalog.Value, error) {
	if _, ok := v.(bool); ok {
		return v, nil
	}
	return nil, fmt.Errorf("Fastmode must be a boolean: %s %s", resource.Inspect(v), resource.RubyClass(v))
}

// Schema returns dhparam's schema.
func (DhparamType) Schema() *resource.Schema { return dhparamSchema }

// AutoRequire returns the file's folder.
func (DhparamType) AutoRequire(r *catalog.Resource, c *catalog.Catalog) []catalog.Ref {
	v := resource.NewValues(dhparamSchema, r)
	return autoFiles(c, filepath.Dir(v.String("path")))
}

// New returns the instance that manages the file v describes.
func (DhparamType) New(v resource.Values) (resource.Instance, error) {
	p := permsOf(v)
	return &dhparam{
		path:     v.String("path"),
		ensure:   ensureOf(v, p),
		perms:    p,
		size:     catalog.Scalar(v.Get("size")),
		fastmode: v.Bool("fastmode"),
	}, nil
}

type dhparam struct {
	path, ensure string
	perms        perms
	size         string
	fastmode     bool
	state        fileState
}

func (d *dhparam) Retrieve(ctx context.Context, h *resource.Handle) error {
	st, err := readState(d.path)
	d.state = st
	return err
}

func (d *dhparam) Exists() bool { return d.state.exists }

func (d *dhparam) Properties() []resource.Property {
	if d.ensure == "" {
		return nil
	}
	ps := []resource.Property{&resource.Presence{
		Type:   "dhparam",
		Want:   d.ensure == "present",
		Exists: func() bool { return d.state.exists },
		Create: d.create,
		Remove: func(context.Context, *resource.Handle) error { return removeFile(d.path) },
	}}
	return append(ps, permProps(d.path, d.perms, &d.state)...)
}

// create is the module's: openssl dhparam [-dsaparam] -out PATH SIZE.
func (d *dhparam) create(ctx context.Context, h *resource.Handle) error {
	args := []string{"dhparam"}
	if d.fastmode {
		args = append(args, "-dsaparam")
	}
	args = append(args, "-out", d.path, d.size)
	if err := runOpenssl(ctx, h, args, "", false); err != nil {
		return err
	}
	return setPerms(d.path, d.perms)
}
