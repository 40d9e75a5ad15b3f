package schedule

import (
	"strings"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
)

// A Window is a schedule resource read for matching: whether a resource
// that names it may be applied now, given when it was last checked.
type Window struct {
	ranges      [][2][3]int // each range's start and end, hour:minute:second
	period      string      // "", hourly, daily, weekly, monthly or never
	byNumber    bool        // periodmatch => number
	repeat      int64
	weekdays    map[time.Weekday]bool // nil: every day
	hasWeekdays bool
}

// periodSeconds are the lengths Puppet gives the periods for distance
// matching (a month is 30 days).
var periodSeconds = map[string]int64{"hourly": 3600, "daily": 86400, "weekly": 604800, "monthly": 2592000}

// Read makes the window of a schedule resource whose attributes the
// schema has already checked.
func Read(r *catalog.Resource) *Window {
	w := &Window{repeat: 1}
	if v, ok := r.Get("range"); ok && v != nil {
		for _, e := range each(v) {
			s, _ := e.(string)
			parts := rangeSep.Split(s, -1)
			if len(parts) != 2 {
				continue
			}
			var rg [2][3]int
			for i, p := range parts {
				for j, n := range strings.SplitN(p, ":", 3) {
					rg[i][j] = leadingInt(n)
				}
			}
			w.ranges = append(w.ranges, rg)
		}
	}
	if v, ok := r.Get("period"); ok && v != nil {
		w.period = catalog.Scalar(v)
	}
	if v, ok := r.Get("periodmatch"); ok && catalog.Scalar(v) == "number" {
		w.byNumber = true
	}
	if v, ok := r.Get("repeat"); ok && v != nil {
		if n, err := checkRepeat(v); err == nil {
			w.repeat = n.(int64)
		}
	}
	if v, ok := r.Get("weekday"); ok && v != nil {
		w.hasWeekdays = true
		w.weekdays = map[time.Weekday]bool{}
		for _, e := range each(v) {
			if d, ok := weekday(e); ok {
				w.weekdays[d] = true
			}
		}
	}
	return w
}

var dayNames = map[string]time.Weekday{"sun": time.Sunday, "mon": time.Monday, "tue": time.Tuesday,
	"wed": time.Wednesday, "thu": time.Thursday, "fri": time.Friday, "sat": time.Saturday}

func weekday(v catalog.Value) (time.Weekday, bool) {
	switch x := v.(type) {
	case int64:
		return time.Weekday(x), x >= 0 && x <= 6
	case string:
		if len(x) == 1 && x[0] >= '0' && x[0] <= '6' {
			return time.Weekday(x[0] - '0'), true
		}
		if len(x) >= 3 {
			d, ok := dayNames[strings.ToLower(x[:3])]
			return d, ok
		}
	}
	return 0, false
}

// Match reports whether a resource last checked at previous (the zero
// time when it never was: Puppet then counts from the epoch) may be
// applied at now, as Puppet's Schedule#match? decides: every attribute
// that is set must match, in the order range, period, weekday.
func (w *Window) Match(previous, now time.Time) bool {
	if previous.IsZero() {
		previous = time.Unix(0, 0)
	}
	previous = previous.In(now.Location())
	if len(w.ranges) > 0 && !w.matchRange(now) {
		return false
	}
	if w.period != "" && !w.matchPeriod(previous, now) {
		return false
	}
	if w.hasWeekdays && len(w.ranges) == 0 && !w.weekdays[now.Weekday()] {
		return false
	}
	return true
}

func (w *Window) weekdayOK(d time.Weekday) bool {
	return !w.hasWeekdays || w.weekdays[d]
}

// matchRange is Puppet's range match: the times are of now's day; a range
// whose start is not before its end crosses midnight, and then the day it
// started on is the one the weekdays must name.
func (w *Window) matchRange(now time.Time) bool {
	at := func(day time.Time, hms [3]int) time.Time {
		return time.Date(day.Year(), day.Month(), day.Day(), hms[0], hms[1], hms[2], 0, now.Location())
	}
	between := func(t, a, b time.Time) bool { return !t.Before(a) && !t.After(b) }
	for _, rg := range w.ranges {
		start, end := at(now, rg[0]), at(now, rg[1])
		if start.Before(end) {
			if between(now, start, end) && w.weekdayOK(now.Weekday()) {
				return true
			}
			continue
		}
		tomorrow, yesterday := now.AddDate(0, 0, 1), now.AddDate(0, 0, -1)
		if between(now, start, at(tomorrow, rg[1])) {
			if w.weekdayOK(now.Weekday()) {
				return true
			}
			continue
		}
		if between(now, at(yesterday, rg[0]), end) && w.weekdayOK(yesterday.Weekday()) {
			return true
		}
	}
	return false
}

// matchPeriod is Puppet's period match: never never matches; by number,
// the hour, day or month of now must differ from previous's (weekly: a
// later weekday, or more than a week apart); by distance, at least the
// period divided by repeat must have passed.
func (w *Window) matchPeriod(previous, now time.Time) bool {
	if w.period == "never" {
		return false
	}
	if w.byNumber {
		switch w.period {
		case "hourly":
			return now.Hour() != previous.Hour()
		case "daily":
			return now.Day() != previous.Day()
		case "monthly":
			return now.Month() != previous.Month()
		case "weekly":
			return previous.Weekday() > now.Weekday() || now.Sub(previous) > 7*24*time.Hour
		}
		return true
	}
	scale, ok := periodSeconds[w.period]
	if !ok || w.repeat <= 0 {
		return ok // repeat 0: a Failure, which Puppet fails the run for
	}
	return now.Unix()-previous.Unix() >= scale/w.repeat
}

// Failure is the Ruby error Puppet's run fails with when it matches the
// window, or "": a repeat of 0 divides the period by zero, and a range
// with seconds past 60 is a time Ruby cannot make.
func (w *Window) Failure() string {
	for _, rg := range w.ranges {
		if rg[0][2] > 60 || rg[1][2] > 60 {
			return "argument out of range"
		}
	}
	if _, ok := periodSeconds[w.period]; ok && !w.byNumber && w.repeat == 0 {
		return "divided by 0"
	}
	return ""
}
