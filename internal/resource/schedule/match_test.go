package schedule

import (
	"testing"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
)

func window(params map[string]catalog.Value) *Window {
	r := &catalog.Resource{Type: "Schedule", Title: "s"}
	for k, v := range params {
		r.Set(k, v)
	}
	return Read(r)
}

// The cases follow Puppet 7.23's Schedule#match? (lib/puppet/type/schedule.rb).
func TestMatch(t *testing.T) {
	loc := time.UTC
	// Monday 23 November 2026, 21:30:00.
	now := time.Date(2026, 11, 23, 21, 30, 0, 0, loc)
	never := time.Time{}
	ago := func(d time.Duration) time.Time { return now.Add(-d) }
	cases := []struct {
		name     string
		params   map[string]catalog.Value
		previous time.Time
		want     bool
	}{
		{"no attributes", nil, ago(time.Second), true},
		{"daily, never checked", map[string]catalog.Value{"period": "daily"}, never, true},
		{"daily, checked a second ago", map[string]catalog.Value{"period": "daily"}, ago(time.Second), false},
		{"daily, checked a day ago", map[string]catalog.Value{"period": "daily"}, ago(24 * time.Hour), true},
		{"hourly repeat 2, 29 minutes", map[string]catalog.Value{"period": "hourly", "repeat": int64(2)}, ago(29 * time.Minute), false},
		{"hourly repeat 2, 30 minutes", map[string]catalog.Value{"period": "hourly", "repeat": int64(2)}, ago(30 * time.Minute), true},
		{"hourly repeat '4' as a string", map[string]catalog.Value{"period": "hourly", "repeat": "4"}, ago(15 * time.Minute), true},
		{"never", map[string]catalog.Value{"period": "never"}, never, false},
		{"monthly, 29 days", map[string]catalog.Value{"period": "monthly"}, ago(29 * 24 * time.Hour), false},
		{"hourly by number, 20 minutes: same hour", map[string]catalog.Value{"period": "hourly", "periodmatch": "number"}, ago(20 * time.Minute), false},
		{"hourly by number, 40 minutes: the hour before", map[string]catalog.Value{"period": "hourly", "periodmatch": "number"}, ago(40 * time.Minute), true},
		{"hourly by number, 10 minutes: same hour", map[string]catalog.Value{"period": "hourly", "periodmatch": "number"}, ago(10 * time.Minute), false},
		{"daily by number, same day", map[string]catalog.Value{"period": "daily", "periodmatch": "number"}, ago(21 * time.Hour), false},
		{"daily by number, yesterday", map[string]catalog.Value{"period": "daily", "periodmatch": "number"}, ago(22 * time.Hour), true},
		{"weekly by number, Sunday: the same week", map[string]catalog.Value{"period": "weekly", "periodmatch": "number"}, ago(24 * time.Hour), false},
		{"weekly by number, Saturday: the week before", map[string]catalog.Value{"period": "weekly", "periodmatch": "number"}, ago(48 * time.Hour), true},
		{"weekly by number, Monday earlier", map[string]catalog.Value{"period": "weekly", "periodmatch": "number"}, ago(time.Hour), false},
		{"weekly by number, 8 days", map[string]catalog.Value{"period": "weekly", "periodmatch": "number"}, ago(8 * 24 * time.Hour), true},
		{"range around now", map[string]catalog.Value{"range": "21 - 22"}, never, true},
		{"range before now", map[string]catalog.Value{"range": "2 - 4"}, never, false},
		{"range with minutes, end inclusive", map[string]catalog.Value{"range": "20:00 - 21:30"}, never, true},
		{"range with seconds, just past", map[string]catalog.Value{"range": "20:00:00 - 21:29:59"}, never, false},
		{"range across midnight, evening", map[string]catalog.Value{"range": "21:00 - 04:00"}, never, true},
		{"range across midnight, not now", map[string]catalog.Value{"range": "22:00 - 04:00"}, never, false},
		{"ranges, one matches", map[string]catalog.Value{"range": []catalog.Value{"1 - 2", "21 - 23"}}, never, true},
		{"weekday Monday", map[string]catalog.Value{"weekday": "Monday"}, never, true},
		{"weekday 'tue' and 0", map[string]catalog.Value{"weekday": []catalog.Value{"tue", int64(0)}}, never, false},
		{"weekday '1'", map[string]catalog.Value{"weekday": "1"}, never, true},
		{"range and weekday of the range's start", map[string]catalog.Value{"range": "21 - 22", "weekday": "Sun"}, never, false},
		{"range and period: in range, too soon", map[string]catalog.Value{"range": "21 - 22", "period": "daily"}, ago(time.Hour), false},
	}
	for _, c := range cases {
		if got := window(c.params).Match(c.previous, now); got != c.want {
			t.Errorf("%s: Match = %v, want %v", c.name, got, c.want)
		}
	}
}

// A range across midnight, after midnight, counts the day it started on.
func TestMatchRangeAfterMidnight(t *testing.T) {
	// Tuesday 24 November 2026, 01:00.
	now := time.Date(2026, 11, 24, 1, 0, 0, 0, time.UTC)
	w := window(map[string]catalog.Value{"range": "22:00 - 04:00", "weekday": "Monday"})
	if !w.Match(time.Time{}, now) {
		t.Error("Tuesday 01:00 is in Monday's 22:00 - 04:00")
	}
	w = window(map[string]catalog.Value{"range": "22:00 - 04:00", "weekday": "Tuesday"})
	if w.Match(time.Time{}, now) {
		t.Error("Tuesday 01:00 is not in Tuesday's 22:00 - 04:00")
	}
}
