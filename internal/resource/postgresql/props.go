package postgresql

import (
	"context"
	"fmt"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// ensure is an ensure property: present or absent, "created" or
// "removed", events <type>_created and <type>_removed.
type ensure struct {
	typ     string
	want    bool
	exists  func() bool
	create  func(ctx context.Context, h *resource.Handle) error
	destroy func(ctx context.Context, h *resource.Handle) error
}

func word(present bool) catalog.Value {
	if present {
		return "present"
	}
	return "absent"
}

func (p *ensure) Name() string           { return "ensure" }
func (p *ensure) Current() catalog.Value { return word(p.exists()) }
func (p *ensure) Desired() catalog.Value { return word(p.want) }
func (p *ensure) InSync() bool           { return p.exists() == p.want }

func (p *ensure) Message() string {
	if p.want {
		return "created"
	}
	return "removed"
}

func (p *ensure) Event() string {
	if p.want {
		return p.typ + "_created"
	}
	return p.typ + "_removed"
}

func (p *ensure) Sync(ctx context.Context, h *resource.Handle) error {
	if p.want {
		return p.create(ctx, h)
	}
	return p.destroy(ctx, h)
}

// prop is any other property, with Puppet's generic change line:
// "defined 'NAME' as NEW" when the machine has no value, else "NAME
// changed OLD to NEW"; event NAME_changed.
type prop struct {
	name      string
	cur, want catalog.Value
	inSync    bool
	sync      func(ctx context.Context, h *resource.Handle) error
}

func (p *prop) Name() string           { return p.name }
func (p *prop) Current() catalog.Value { return p.cur }
func (p *prop) Desired() catalog.Value { return p.want }
func (p *prop) InSync() bool           { return p.inSync }
func (p *prop) Event() string          { return p.name + "_changed" }

func (p *prop) Message() string {
	if p.cur == nil {
		return fmt.Sprintf("defined '%s' as %s", p.name, catalog.Format(p.want))
	}
	return fmt.Sprintf("%s changed %s to %s", p.name, catalog.Format(p.cur), catalog.Format(p.want))
}

func (p *prop) Sync(ctx context.Context, h *resource.Handle) error { return p.sync(ctx, h) }

// sameValue is Puppet's property_matches?: equal, or equal to the desired
// value as a string.
func sameValue(cur, want catalog.Value) bool {
	if cur == nil {
		return false
	}
	return cur == want || catalog.Scalar(cur) == catalog.Scalar(want)
}
