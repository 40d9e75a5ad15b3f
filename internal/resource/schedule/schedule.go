// Package schedule implements the schedule type as a vertex without
// state: the default schedules (puppet, hourly, daily, weekly, monthly,
// never) are in every catalog and must be applicable resources.
package schedule

import (
	"context"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// Type is the schedule resource type.
type Type struct{}

// Name returns "schedule".
func (Type) Name() string { return "schedule" }

// Attributes lists schedule's parameters; it has no properties.
func (Type) Attributes() []resource.Attribute {
	return []resource.Attribute{
		{Name: "name", Namevar: true},
		{Name: "range"}, {Name: "periodmatch"}, {Name: "period"}, {Name: "repeat"}, {Name: "weekday"},
	}
}

// New returns the instance for r.
func (Type) New(r *catalog.Resource) (resource.Instance, error) { return instance{}, nil }

type instance struct{}

func (instance) Retrieve(context.Context, *resource.Handle) error { return nil }
func (instance) Exists() bool                                     { return true }
func (instance) Properties() []resource.Property                  { return nil }
