package resource

import (
	"context"

	"github.com/ordoproject/ordo/internal/catalog"
)

// Presence is the ensure property of a resource that is either present
// or absent, as Puppet's ensurable types have it: values "present" and
// "absent", changes "created" and "removed", events <Type>_created and
// <Type>_removed.
type Presence struct {
	// Type is the event prefix, the type's name: "host", "file_line".
	Type string
	// Want is whether the resource should be present.
	Want bool
	// Exists reports whether it is there now.
	Exists func() bool
	// Create makes it; Remove takes it away.
	Create, Remove func(ctx context.Context, h *Handle) error
}

var _ Property = (*Presence)(nil)

// Name is "ensure".
func (p *Presence) Name() string { return "ensure" }

// Current is "present" or "absent" as the resource is now.
func (p *Presence) Current() catalog.Value { return presenceWord(p.Exists()) }

// Desired is "present" or "absent" as wanted.
func (p *Presence) Desired() catalog.Value { return presenceWord(p.Want) }

// InSync reports whether the resource is there exactly when wanted.
func (p *Presence) InSync() bool { return p.Exists() == p.Want }

// Message is "created" or "removed".
func (p *Presence) Message() string {
	if p.Want {
		return "created"
	}
	return "removed"
}

// Event is <Type>_created or <Type>_removed.
func (p *Presence) Event() string {
	if p.Want {
		return p.Type + "_created"
	}
	return p.Type + "_removed"
}

// Sync creates or removes the resource.
func (p *Presence) Sync(ctx context.Context, h *Handle) error {
	if p.Want {
		return p.Create(ctx, h)
	}
	return p.Remove(ctx, h)
}

func presenceWord(present bool) catalog.Value {
	if present {
		return "present"
	}
	return "absent"
}
