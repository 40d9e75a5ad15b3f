// Package notify implements the notify type: it logs a message on every
// run and reports the message as a change.
package notify

import (
	"context"
	"strings"
	"unicode/utf8"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// Type is the notify resource type.
type Type struct{}

var schema = resource.NewSchema(resource.Schema{
	Name: "notify",
	Doc:  "Logs a message on every run and reports it as a change.",
	Attrs: []resource.Attr{
		{Name: "message", Kind: resource.KindProperty, Doc: "The message to log; the title when unset."},
		{Name: "name", Namevar: true, Doc: "An arbitrary name for the resource; the title by default."},
		{Name: "withpath", Doc: "Log the message with the resource's full path as its source.", Default: false, Check: resource.Boolean()},
	},
})

// Schema returns notify's schema.
func (Type) Schema() *resource.Schema { return schema }

// New returns the instance for v.
func (Type) New(v resource.Values) (resource.Instance, error) {
	r := v.Resource()
	n := &instance{withpath: v.Bool("withpath"), level: v.Level()}
	msg, ok := v.Lookup("message")
	if !ok {
		msg = v.Get("name")
	}
	n.sensitive = v.Sensitive("message")
	raw, _ := r.Get("message")
	if !ok && raw != nil {
		// message => [] leaves the property without a should: Puppet
		// then has nothing to sync and logs nothing (the title is the
		// default only when no message is given).
		n.unmanaged = true
	}
	if list, isList := raw.([]catalog.Value); isList && len(list) > 0 {
		// The message is the list's first element, which may be a
		// Sensitive value of its own: never shown, as in Puppet.
		if s, isSensitive := list[0].(catalog.Sensitive); isSensitive {
			msg = s
		}
	}
	n.message = msg
	return n, nil
}

type instance struct {
	unmanaged bool // message => []: nothing to sync
	message   catalog.Value
	withpath  bool
	sensitive bool
	level     resource.Level
}

func (n *instance) Retrieve(context.Context, *resource.Handle) error { return nil }
func (n *instance) Exists() bool                                     { return true }
func (n *instance) Properties() []resource.Property {
	if n.unmanaged {
		return nil
	}
	return []resource.Property{(*message)(n)}
}

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
	text := logText(m.message)
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
	if _, ok := m.message.(catalog.Sensitive); ok {
		return "defined 'message' as Sensitive [value redacted]"
	}
	if s, ok := m.message.(string); ok && !utf8.ValidString(s) {
		// Puppet cannot make this message; the bytes as they are tell
		// the transaction so (it then fails the resource, as Puppet does).
		return "defined 'message' as '" + s + "'"
	}
	return "defined 'message' as " + catalog.Format(m.message)
}

// logText is the line Puppet logs for a message: a string as it is, a
// list's elements joined by spaces (as Puppet's log joins an array), a
// hash as Ruby shows it ({"a"=>1}).
func logText(v catalog.Value) string {
	switch x := v.(type) {
	case []catalog.Value:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = logText(e)
		}
		return strings.Join(parts, " ")
	case *catalog.Hash:
		return resource.Inspect(x)
	case catalog.Sensitive:
		// A sensitive value inside the message (message => [Sensitive('x')])
		// is never shown, as in Puppet.
		return "Sensitive [value redacted]"
	}
	return catalog.Scalar(v)
}
