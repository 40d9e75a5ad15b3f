// Package notify implements the notify type: it logs a message on every
// run and reports the message as a change.
package notify

import (
	"context"
	"fmt"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// Type is the notify resource type.
type Type struct{}

// Name returns "notify".
func (Type) Name() string { return "notify" }

// Attributes lists notify's attributes.
func (Type) Attributes() []resource.Attribute {
	return []resource.Attribute{
		{Name: "name", Namevar: true},
		{Name: "message", Property: true},
		{Name: "withpath"},
	}
}

// New validates r and returns its instance.
func (Type) New(r *catalog.Resource) (resource.Instance, error) {
	n := &instance{}
	v, ok := r.Get("message")
	if !ok || v == nil {
		if name, ok := r.Get("name"); ok && name != nil {
			v = name
		} else {
			v = r.Title
		}
	}
	// A list message shows its first element, as a property's should does.
	if l, ok := v.([]catalog.Value); ok {
		if len(l) == 0 {
			v = r.Title
		} else {
			v = l[0]
		}
	}
	n.sensitive = r.IsSensitive("message")
	if s, ok := v.(catalog.Sensitive); ok {
		v = s.Value
		n.sensitive = true
	}
	n.message = v
	if w, ok := r.Get("withpath"); ok {
		switch w {
		case true, "true":
			n.withpath = true
		case false, "false":
		default:
			return nil, fmt.Errorf("Parameter withpath failed on %s: Invalid value %s. Valid values are true, false.", r.Ref(), resource.Inspect(w))
		}
	}
	if l, ok := r.Get("loglevel"); ok {
		n.level, _ = resource.ParseLevel(catalog.Scalar(l))
	} else {
		n.level = resource.Notice
	}
	return n, nil
}

type instance struct {
	message   catalog.Value
	withpath  bool
	sensitive bool
	level     resource.Level
}

func (n *instance) Retrieve(context.Context, *resource.Handle) error { return nil }
func (n *instance) Exists() bool                                     { return true }
func (n *instance) Properties() []resource.Property                  { return []resource.Property{(*message)(n)} }

// message is the one property: never in sync, so the message is logged
// on every run.
type message instance

func (m *message) Name() string { return "message" }
func (m *message) Current() catalog.Value {
	return "absent"
}
func (m *message) Desired() catalog.Value {
	if m.sensitive {
		return catalog.Sensitive{Value: m.message}
	}
	return m.message
}
func (m *message) InSync() bool  { return false }
func (m *message) Event() string { return "message_changed" }

func (m *message) Sync(_ context.Context, h *resource.Handle) error {
	if h.Log == nil {
		return nil
	}
	text := catalog.Scalar(m.message)
	if m.sensitive {
		text = "Sensitive [value redacted]"
	}
	src := ""
	if m.withpath {
		src = h.Path + "/message"
	}
	h.Log.Log(m.level, src, text)
	return nil
}

func (m *message) Message() string {
	if m.sensitive {
		return "changed [redacted] to [redacted]"
	}
	return "defined 'message' as " + catalog.Format(m.message)
}
