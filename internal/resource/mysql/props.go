package mysql

import (
	"context"
	"fmt"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// prop is any other property: "NAME changed OLD to NEW", event
// NAME_changed.
type prop struct {
	name      string
	cur, want catalog.Value
	inSync    bool
	sync      func(ctx context.Context, h *resource.Handle) error
	// message, when set, replaces the change line (password_hash's).
	message string
	// shown, when set, shows a value in noop and failure lines.
	shown func(v catalog.Value) string
}

func (p *prop) Name() string           { return p.name }
func (p *prop) Current() catalog.Value { return p.cur }
func (p *prop) Desired() catalog.Value { return p.want }
func (p *prop) InSync() bool           { return p.inSync }
func (p *prop) Event() string          { return p.name + "_changed" }

func (p *prop) Message() string {
	if p.message != "" {
		return p.message
	}
	return fmt.Sprintf("%s changed %s to %s", p.name, format(p.cur), format(p.want))
}

func (p *prop) Sync(ctx context.Context, h *resource.Handle) error { return p.sync(ctx, h) }

// format shows a value as Puppet's messages do; an absent value is the
// symbol absent, shown bare.
func format(v catalog.Value) string {
	if v == nil {
		return "absent"
	}
	return catalog.Format(v)
}

// hidden is a property whose values are never shown.
type hidden struct{ prop }

func (p *hidden) FormatValue(v catalog.Value) string { return p.shown(v) }

// sameValue is Puppet's property_matches?: equal, or equal to the desired
// value as a string.
func sameValue(cur catalog.Value, want catalog.Value) bool {
	if cur == nil {
		return false
	}
	return cur == want || catalog.Scalar(cur) == catalog.Scalar(want)
}

// sameList is an array_matching => all property's insync?: an empty
// desired list is in sync; otherwise the lists are equal in order.
func sameList(cur, want []string) bool {
	if len(want) == 0 {
		return true
	}
	if len(cur) != len(want) {
		return false
	}
	for i := range cur {
		if cur[i] != want[i] {
			return false
		}
	}
	return true
}

func values(list []string) catalog.Value {
	if list == nil {
		return nil
	}
	out := make([]catalog.Value, len(list))
	for i, s := range list {
		out[i] = s
	}
	return out
}
