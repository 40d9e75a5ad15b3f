package apply

import (
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/graph"
	"github.com/ordoproject/ordo/internal/resource/schedule"
)

// scheduleWindows reads every schedule of the catalog, by title and by
// name, once per plan.
func scheduleWindows(c *catalog.Catalog) map[string]*schedule.Window {
	var out map[string]*schedule.Window
	for _, r := range c.Resources {
		if r.Type != "Schedule" || r.Virtual {
			continue
		}
		if out == nil {
			out = map[string]*schedule.Window{}
		}
		w := schedule.Read(r)
		out[r.Title] = w
		if n, ok := r.Get("name"); ok {
			out[catalog.Scalar(n)] = w
		}
	}
	return out
}

// scheduled is Puppet's ResourceHarness#scheduled?: a resource without a
// schedule is always in it; one with a schedule is when the schedule
// matches now and the time the resource was last checked (never, without
// a state store).
func (t *transaction) scheduled(v *graph.Vertex) bool {
	if v.Whit != graph.NotWhit {
		return true
	}
	name, ok := v.Resource.Get("schedule")
	if !ok || name == nil {
		return true
	}
	w := t.plan.schedules[catalog.Scalar(name)]
	if w == nil {
		return true // Prepare refused the catalog already
	}
	var previous = zeroTime
	if st := t.plan.opts.State; st != nil {
		previous = st.Checked(v.Ref().String())
	}
	return w.Match(previous, t.now())
}

// remembers reports whether the state store keeps r's times: ordo keeps
// them for the resources a schedule or audit concerns, which are the
// resources that read them.
func remembers(r *catalog.Resource) bool {
	if v, ok := r.Get("schedule"); ok && v != nil {
		return true
	}
	v, ok := r.Get("audit")
	return ok && v != nil
}

// ScheduleRunError is a resource whose schedule Puppet cannot match
// (a repeat of 0 divides by zero; seconds past 60 are no time): its run
// fails once it reaches such a resource. ordo refuses the catalog before
// changing anything, with Puppet's message.
type ScheduleRunError struct {
	Resource *catalog.Resource
	Reason   string // Ruby's error: divided by 0, argument out of range
}

func (e *ScheduleRunError) Error() string { return "Failed to apply catalog: " + e.Reason }
