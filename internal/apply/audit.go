package apply

import (
	"fmt"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

var zeroTime time.Time

// audit is the audit metaparameter at work on one resource in one run, as
// Puppet's resource harness does it: the audited properties' values as
// the last run recorded them (historical) and as they are now (current).
type audit struct {
	names      []string
	current    map[string]string
	historical map[string]string
	known      map[string]bool
	synced     map[string]bool
}

// auditedNames is the audit parameter read: all of the type's properties
// for "all", else the names given that are properties of the type.
func auditedNames(r *catalog.Resource, schema *resource.Schema) []string {
	v, ok := r.Get("audit")
	if !ok || v == nil || schema == nil {
		return nil
	}
	var names []string
	if s, ok := v.(string); ok && s == "all" {
		for _, a := range schema.Properties() {
			names = append(names, a.Name)
		}
		return names
	}
	list, ok := v.([]catalog.Value)
	if !ok {
		list = []catalog.Value{v}
	}
	for _, e := range list {
		n := catalog.Scalar(e)
		if a := schema.Attr(n); a != nil && a.Kind == resource.KindProperty {
			names = append(names, n)
		}
	}
	return names
}

// startAudit reads the audited values of a retrieved resource, and
// records the current ones for the next run. It returns nil when r audits
// nothing.
func (t *transaction) startAudit(r *catalog.Resource, inst resource.Instance) *audit {
	names := auditedNames(r, t.plan.opts.Types.Schema(r.Type))
	if len(names) == 0 {
		return nil
	}
	a := &audit{current: map[string]string{}, historical: map[string]string{}, known: map[string]bool{}, synced: map[string]bool{}}
	managed := map[string]resource.Property{}
	for _, p := range inst.Properties() {
		managed[p.Name()] = p
	}
	auditor, _ := inst.(resource.Auditor)
	ref := r.Ref().String()
	for _, n := range names {
		var value string
		switch p, ok := managed[n]; {
		case ok:
			value = catalog.Scalar(p.Current())
		case !inst.Exists():
			value = "absent"
		case auditor != nil:
			v, ok := auditor.AuditValue(n)
			if !ok {
				continue
			}
			value = v
		default:
			// ordo cannot read a property it does not manage here.
			continue
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

// changeNote is what a change message of an audited property adds when
// the value before the change is not the one last recorded.
func (a *audit) changeNote(property string) string {
	if a == nil || !a.known[property] || a.historical[property] == a.current[property] {
		return ""
	}
	for _, n := range a.names {
		if n == property {
			return fmt.Sprintf(" (previously recorded value was %s)", a.historical[property])
		}
	}
	return ""
}

// finish logs, after the resource's changes, Puppet's audit lines: a
// value recorded for the first time, or one that changed since the last
// run outside of this run's changes.
func (t *transaction) finishAudit(a *audit, s *Status, path string, level resource.Level) {
	if a == nil {
		return
	}
	for _, n := range a.names {
		src := path + "/" + n
		if !a.known[n] {
			t.log.Log(resource.Notice, src, "audit change: newly-recorded value "+a.current[n])
			continue
		}
		if a.historical[n] == a.current[n] || a.synced[n] {
			continue
		}
		msg := fmt.Sprintf("audit change: previously recorded value %s has been changed to %s", a.historical[n], a.current[n])
		t.log.Log(level, src, msg)
		s.addEvent(Event{Name: n + "_changed", Status: EventAudit, Property: n,
			Previous: a.current[n], Message: msg, Time: t.now()})
	}
}
