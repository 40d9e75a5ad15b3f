// Package anchor implements puppetlabs-stdlib's anchor type: a resource
// with no state, used to pin the resources of a class between two points
// of the graph (the pattern that predates contain).
package anchor

import (
	"context"

	"github.com/ordoproject/ordo/internal/resource"
)

// Type is the anchor resource type.
type Type struct{}

var schema = resource.NewSchema(resource.Schema{
	Name:  "anchor",
	Doc:   "A resource with no state that holds a class's resources between two points of the graph (stdlib).",
	Attrs: []resource.Attr{{Name: "name", Namevar: true, Doc: "The anchor's name."}},
})

// Schema returns anchor's schema.
func (Type) Schema() *resource.Schema { return schema }

// New returns the instance, which manages nothing.
func (Type) New(resource.Values) (resource.Instance, error) { return instance{}, nil }

type instance struct{}

func (instance) Retrieve(context.Context, *resource.Handle) error { return nil }
func (instance) Exists() bool                                     { return true }
func (instance) Properties() []resource.Property                  { return nil }

// Refresh does nothing: an anchor passes refresh events on, as stdlib's
// anchor does through its containers.
func (instance) Refresh(context.Context, *resource.Handle) error { return nil }
