// Package filebucket implements the filebucket type as a vertex without
// state: Filebucket[puppet] is in every catalog, and file backups name a
// bucket by its title.
package filebucket

import (
	"context"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// Type is the filebucket resource type.
type Type struct{}

// Name returns "filebucket".
func (Type) Name() string { return "filebucket" }

// Attributes lists filebucket's parameters; it has no properties.
func (Type) Attributes() []resource.Attribute {
	return []resource.Attribute{{Name: "name", Namevar: true}, {Name: "server"}, {Name: "port"}, {Name: "path"}}
}

// New returns the instance for r.
func (Type) New(r *catalog.Resource) (resource.Instance, error) { return instance{}, nil }

type instance struct{}

func (instance) Retrieve(context.Context, *resource.Handle) error { return nil }
func (instance) Exists() bool                                     { return true }
func (instance) Properties() []resource.Property                  { return nil }
