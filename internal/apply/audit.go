package apply

import (
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
		for _, a := range schema.Properties() {
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
func (t *transaction) startAudit(r *catalog.Resource, inst resource.Instance) *audit {
	names, unknown := auditedNames(r, t.plan.opts.Types.Schema(r.Type))
	if len(names) == 0 && unknown == "" {
		return nil
	}
	a := &audit{current: map[string]any{}, historical: map[string]any{}, known: map[string]bool{}, synced: map[string]bool{}, unknown: unknown}
	managed := map[string]resource.Property{}
	for _, p := range inst.Properties() {
		managed[p.Name()] = p
	}
	auditor, _ := inst.(resource.Auditor)
	ref := r.Ref().String()
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
				// ordo cannot read a property it does not manage here.
				continue
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

// changeNote is what a change message of an audited property adds when
// the value before the change is not the one last recorded.
func (a *audit) changeNote(property string) string {
	if a == nil || !a.known[property] || a.historical[property] == a.current[property] {
		return ""
	}
	return fmt.Sprintf(" (previously recorded value was %s)", quoted(a.historical[property]))
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
		msg := fmt.Sprintf("audit change: previously recorded value %s has been changed to %s", quoted(a.historical[n]), quoted(a.current[n]))
		t.log.Log(level, src, msg)
		s.addEvent(Event{Name: n + "_changed", Status: EventAudit, Property: n,
			Previous: a.current[n], Message: msg, Time: t.now()})
	}
	if a.unknown != "" {
		t.failedBecause(s, fmt.Errorf("audit names %s, which is not a property of %s", a.unknown, strings.ToLower(s.Resource.Type)))
	}
}
