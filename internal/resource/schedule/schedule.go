// Package schedule implements the schedule type: a vertex without state
// of its own (the default schedules, puppet, hourly, daily, weekly,
// monthly and never, are in every catalog and must be applicable
// resources), whose attributes are checked as Puppet checks them, and a
// Window that decides, as Puppet's Schedule#match? does, whether a
// resource naming it may be applied now.
package schedule

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
)

// Type is the schedule resource type.
type Type struct{}

var schema = resource.NewSchema(resource.Schema{
	Name: "schedule",
	Doc:  "A window of time in which resources that name it may be applied.",
	Attrs: []resource.Attr{
		{Name: "name", Namevar: true, Doc: "The schedule's name, which resources give as their schedule."},
		{Name: "range", Doc: "Times of day the schedule covers, such as '2 - 4' or '22:00 - 04:00'.", Check: resource.CheckFunc("times of day, 'HH:MM:SS - HH:MM:SS'", checkRange)},
		{Name: "periodmatch", Doc: "Whether repeat counts runs in the period (number) or spaces them evenly (distance).", Default: "distance", Check: resource.Enum("number", "distance")},
		{Name: "period", Doc: "The period the repeat count applies to.", Check: resource.Enum("hourly", "daily", "weekly", "monthly", "never")},
		{Name: "repeat", Doc: "How often a resource may be applied in one period.", Default: int64(1), Check: resource.CheckFunc("a whole number", checkRepeat)},
		{Name: "weekday", Doc: "Days of the week the schedule covers: names, three-letter abbreviations or 0-6 from Sunday.", Check: resource.CheckFunc("days of the week", checkWeekdays)},
	},
	Validate: func(v resource.Values) error {
		if n, ok := v.Lookup("repeat"); ok && n != int64(1) && v.String("periodmatch") != "distance" {
			// Puppet checks this in repeat's own validation.
			return &resource.ParamError{Ref: v.Resource().Ref(), Param: "repeat",
				Msg: fmt.Sprintf("Repeat must be 1 unless periodmatch is 'distance', not '%s'", v.String("periodmatch"))}
		}
		return nil
	},
})

var (
	rangeRE   = lazyre.New(`\d+(:\d+){0,2}\s*-\s*\d+(:\d+){0,2}`)
	rangeSep  = lazyre.New(`\s*-\s*`)
	weekdayRE = lazyre.New(`(?i)^(Mon|Tues?|Wed(?:nes)?|Thu(?:rs)?|Fri|Sat(?:ur)?|Sun)(day)?$`)
)

func each(v catalog.Value) []catalog.Value {
	if l, ok := v.([]catalog.Value); ok {
		return l
	}
	return []catalog.Value{v}
}

func checkRange(v catalog.Value) (catalog.Value, error) {
	for _, e := range each(v) {
		s, ok := e.(string)
		if !ok || !rangeRE.MatchString(s) {
			return nil, fmt.Errorf("Invalid range value '%s'", catalog.Scalar(e))
		}
		parts := rangeSep.Split(s, -1)
		if len(parts) != 2 {
			return nil, fmt.Errorf("Invalid range %s", s)
		}
		for _, p := range parts {
			hms := strings.Split(p, ":")
			// Puppet finds these in its munge step.
			if h := leadingInt(hms[0]); h < 0 || h > 23 {
				return nil, &resource.MungeError{Msg: fmt.Sprintf("Invalid hour '%d'", h)}
			}
			if len(hms) > 1 {
				if m := leadingInt(hms[1]); m < 0 || m > 59 {
					return nil, &resource.MungeError{Msg: fmt.Sprintf("Invalid minute '%d'", m)}
				}
			}
		}
	}
	return v, nil
}

// leadingInt is Ruby's String#to_i: the leading digits, 0 without any.
func leadingInt(s string) int {
	n := 0
	for _, c := range strings.TrimSpace(s) {
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
	}
	return n
}

var digitsRE = lazyre.New(`^\d+$`)

func checkRepeat(v catalog.Value) (catalog.Value, error) {
	switch x := v.(type) {
	case int64:
		return x, nil
	case string:
		if digitsRE.MatchString(x) {
			n, err := strconv.ParseInt(x, 10, 64)
			if err != nil {
				// Past 64 bits Ruby's integer goes on; a period divided
				// by it is 0 all the same.
				return int64(math.MaxInt64), nil
			}
			return n, nil
		}
	}
	return nil, errors.New("Repeat must be a number")
}

// rubyText is Ruby's interpolation of a value: strings and numbers as
// they are, arrays and hashes in their inspect form.
func rubyText(v catalog.Value) string {
	switch v.(type) {
	case string, int64, float64, bool, nil:
		return catalog.Scalar(v)
	}
	return resource.Inspect(v)
}

func checkWeekdays(v catalog.Value) (catalog.Value, error) {
	for _, e := range each(v) {
		switch x := e.(type) {
		case int64:
			if x >= 0 && x <= 6 {
				continue
			}
		case string:
			if (len(x) == 1 && x[0] >= '0' && x[0] <= '6') || weekdayRE.MatchString(x) {
				continue
			}
		}
		return nil, fmt.Errorf("%s is not a valid day of the week", rubyText(e))
	}
	return v, nil
}

// Schema returns schedule's schema.
func (Type) Schema() *resource.Schema { return schema }

// New returns the instance for v.
func (Type) New(resource.Values) (resource.Instance, error) { return instance{}, nil }

type instance struct{}

func (instance) Retrieve(context.Context, *resource.Handle) error { return nil }
func (instance) Exists() bool                                     { return true }
func (instance) Properties() []resource.Property                  { return nil }
