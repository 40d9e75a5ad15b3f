// Package filebucket implements the filebucket type as a vertex without
// state: Filebucket[puppet] is in every catalog, and file backups name a
// bucket by its title. ordo keeps backups in the local bucket only.
package filebucket

import (
	"context"
	"errors"
	"path/filepath"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// Type is the filebucket resource type.
type Type struct{}

var schema = resource.NewSchema(resource.Schema{
	Name: "filebucket",
	Doc:  "A place file backups are stored, named by a file's backup parameter.",
	Attrs: []resource.Attr{
		{Name: "name", Namevar: true, Doc: "The bucket's name, which files give as their backup."},
		{Name: "server", Doc: "The server of a remote bucket; ordo keeps backups locally and refuses a server.", Check: resource.CheckFunc("false or unset", noServer)},
		{Name: "port", Doc: "The port of a remote bucket's server; unused without a server."},
		{Name: "path", Doc: "The directory of a local bucket; ordo keeps every backup in its own local bucket and refuses another path.", Check: resource.CheckFunc("false", checkPath)},
	},
})

// noServer refuses a remote bucket: ordo talks to no server. Puppet's own
// catalogs give Filebucket[puppet] no server, or false.
func noServer(v catalog.Value) (catalog.Value, error) {
	if v == false || v == "false" {
		return v, nil
	}
	return nil, errors.New("remote file buckets are not supported by ordo; use a local bucket (path)")
}

func checkPath(v catalog.Value) (catalog.Value, error) {
	if v == false || v == "false" {
		return v, nil
	}
	if l, ok := v.([]catalog.Value); ok && len(l) > 1 {
		return nil, errors.New("You can only have one filebucket path")
	}
	if l, ok := v.([]catalog.Value); ok && len(l) == 1 {
		v = l[0]
	}
	if s, ok := v.(string); !ok || !filepath.IsAbs(s) {
		return nil, errors.New("Filebucket paths must be absolute")
	}
	return nil, errors.New("a filebucket path is not supported by ordo: backups go to ordo's local bucket")
}

// Schema returns filebucket's schema.
func (Type) Schema() *resource.Schema { return schema }

// New returns the instance for v.
func (Type) New(resource.Values) (resource.Instance, error) { return instance{}, nil }

type instance struct{}

func (instance) Retrieve(context.Context, *resource.Handle) error { return nil }
func (instance) Exists() bool                                     { return true }
func (instance) Properties() []resource.Property                  { return nil }
