package resource

import (
	"context"
	"fmt"

	"github.com/ordoproject/ordo/internal/catalog"
)

// StringProperty is a property whose value is one string, changed by Set
// in the instance's record: Puppet's change messages ("defined 'x' as"
// from absent, "x changed a to b") and event (x_changed).
type StringProperty struct {
	PropName  string
	Cur, Want string
	Set       func()
}

func (p *StringProperty) Name() string           { return p.PropName }
func (p *StringProperty) Current() catalog.Value { return p.Cur }
func (p *StringProperty) Desired() catalog.Value { return p.Want }
func (p *StringProperty) InSync() bool           { return p.Cur == p.Want }
func (p *StringProperty) Event() string          { return p.PropName + "_changed" }
func (p *StringProperty) Message() string {
	if p.Cur == "absent" {
		return fmt.Sprintf("defined '%s' as %s", p.PropName, catalog.Format(p.Want))
	}
	return fmt.Sprintf("%s changed %s to %s", p.PropName, catalog.Format(p.Cur), catalog.Format(p.Want))
}
func (p *StringProperty) Sync(context.Context, *Handle) error { p.Set(); return nil }
