package apply

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

var zeroTime time.Time

// audit is the audit metaparameter at work on one resource in one run, as
// Puppet's resource harness does it: the audited properties' values as
// the last run recorded them (historical) and as they are now (current).
// A value is a string or an int64.
type audit struct {
	names      []string
	current    map[string]any
	historical map[string]any
	known      map[string]bool
	synced     map[string]bool
	unknown    string // a name given that is not a property of the type
	// formatter shows the instance's values its own way in the line of
	// a changed value (Puppet's is_to_s), when it has one.
	formatter resource.AuditFormatter
}

// auditedNames is the audit parameter read: all of the type's properties
// for "all", else the names given, in their order. unknown is the first
// name that is not a property.
func auditedNames(r *catalog.Resource, schema *resource.Schema) (names []string, unknown string) {
	v, ok := r.Get("audit")
	if !ok || v == nil || schema == nil {
		return nil, ""
	}
	if s, ok := v.(string); ok && s == "all" {
		// As Puppet: the properties the resource's provider supports.
		p := providerOf(schema, r)
		for _, a := range schema.Properties() {
			if a.Feature != "" && p != nil && !p.Has(a.Feature) {
				continue
			}
			names = append(names, a.Name)
		}
		return names, ""
	}
	list, ok := v.([]catalog.Value)
	if !ok {
		list = []catalog.Value{v}
	}
	for _, e := range list {
		n := catalog.Scalar(e)
		if a := schema.Attr(n); a != nil && a.Kind == resource.KindProperty {
			names = append(names, n)
		} else if unknown == "" {
			unknown = n
		}
	}
	return names, unknown
}

// startAudit reads the audited values of a retrieved resource, and
// records the current ones for the next run. It returns nil when r audits
// nothing.
func (t *transaction) startAudit(ctx context.Context, r *catalog.Resource, inst resource.Instance, h *resource.Handle) *audit {
	schema := t.plan.opts.Types.Schema(r.Type)
	names, unknown := auditedNames(r, schema)
	if len(names) == 0 && unknown == "" {
		return nil
	}
	a := &audit{current: map[string]any{}, historical: map[string]any{}, known: map[string]bool{}, synced: map[string]bool{}, unknown: unknown}
	managed := map[string]resource.Property{}
	for _, p := range inst.Properties() {
		managed[p.Name()] = p
	}
	auditor, _ := inst.(resource.Auditor)
	a.formatter, _ = inst.(resource.AuditFormatter)
	ref := r.Ref().String()
	var listed *catalog.Resource // read once, when first needed
	listedRead := false
	for _, n := range names {
		var value any
		if auditor != nil {
			if v, ok := auditor.AuditValue(n); ok {
				value = auditValue(v)
			}
		}
		if value == nil {
			switch p, ok := managed[n]; {
			case !inst.Exists():
				value = "absent"
			case ok:
				value = auditValue(p.Current())
			default:
				// A property the resource does not manage: its value as
				// the provider lists the resource (ordo resource).
				if !listedRead {
					listed, listedRead = listResource(ctx, schema, r, h), true
				}
				x, ok := listed.Get(n)
				if listed == nil || !ok || x == nil {
					// Neither managed nor listed: Puppet reads absent.
					x = "absent"
				}
				value = auditValue(x)
			}
		}
		a.names = append(a.names, n)
		a.current[n] = value
		if st := t.plan.opts.State; st != nil {
			a.historical[n], a.known[n] = st.Audited(ref, n)
			st.SetAudited(ref, n, value)
		}
	}
	return a
}

// listResource reads r as its provider lists it (with every property it
// can read), or nil when the provider lists nothing or does not find it.
func listResource(ctx context.Context, schema *resource.Schema, r *catalog.Resource, h *resource.Handle) *catalog.Resource {
	p := providerOf(schema, r)
	if p == nil {
		return nil
	}
	name := schema.NameOf(r)
	if p.Find != nil {
		found, err := p.Find(ctx, h, name)
		if err != nil {
			return nil
		}
		return found
	}
	if p.Instances == nil {
		return nil
	}
	all, err := p.Instances(ctx, h)
	if err != nil {
		return nil
	}
	for _, x := range all {
		if x.Title == name {
			return x
		}
	}
	return nil
}

// providerOf is the provider r names, or the type's default here.
func providerOf(schema *resource.Schema, r *catalog.Resource) *resource.Provider {
	if name := r.String("provider"); name != "" {
		return schema.Provider(name)
	}
	return schema.DefaultProvider(resource.LocalHost{})
}

// auditValue keeps an integer as it is and turns anything else into its
// text.
func auditValue(v catalog.Value) any {
	switch x := v.(type) {
	case int64:
		return x
	case catalog.Sensitive:
		return catalog.Redacted
	}
	return catalog.Scalar(v)
}

// plain shows a value as Puppet's format of it does (newly-recorded).
func plain(v any) string {
	if n, ok := v.(int64); ok {
		return strconv.FormatInt(n, 10)
	}
	return fmt.Sprint(v)
}

// quoted shows a value as a property's is_to_s does: strings quoted.
func quoted(v any) string {
	if n, ok := v.(int64); ok {
		return strconv.FormatInt(n, 10)
	}
	return "'" + fmt.Sprint(v) + "'"
}

// quoted shows a recorded value of the property as the instance shows
// it, or as quoted does.
func (a *audit) quoted(property string, v any) string {
	if a.formatter != nil {
		if text, ok := a.formatter.FormatAudit(property, v); ok {
			return text
		}
	}
	return quoted(v)
}

// changeNote is what a change message of an audited property adds when
// the value before the change is not the one last recorded.
func (a *audit) changeNote(property string) string {
	if a == nil || !a.known[property] || a.historical[property] == a.current[property] {
		return ""
	}
	return fmt.Sprintf(" (previously recorded value was %s)", a.quoted(property, a.historical[property]))
}

// finishAudit logs, after the resource's changes, Puppet's audit lines: a
// value recorded for the first time, or one that changed since the last
// run outside of this run's changes. A name that is no property fails the
// resource then (Puppet fails it with a Ruby error).
func (t *transaction) finishAudit(a *audit, s *Status, path string, level resource.Level) {
	if a == nil {
		return
	}
	for _, n := range a.names {
		src := path + "/" + n
		if !a.known[n] {
			t.log.Log(resource.Notice, src, "audit change: newly-recorded value "+plain(a.current[n]))
			continue
		}
		if a.historical[n] == a.current[n] || a.synced[n] {
			continue
		}
		msg := fmt.Sprintf("audit change: previously recorded value %s has been changed to %s", a.quoted(n, a.historical[n]), a.quoted(n, a.current[n]))
		t.log.Log(level, src, msg)
		s.addEvent(Event{Name: n + "_changed", Status: EventAudit, Property: n,
			Previous: a.current[n], Message: msg, Time: t.now()})
	}
	if a.unknown != "" {
		t.failedBecause(s, fmt.Errorf("audit names %s, which is not a property of %s", a.unknown, strings.ToLower(s.Resource.Type)))
	}
}
