package eval

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/puppet/ast"
)

// Timestamp is a point in time, Puppet's Timestamp, kept in UTC with
// nanoseconds.
type Timestamp struct{ T time.Time }

// Timespan is a duration, Puppet's Timespan, in nanoseconds.
type Timespan struct{ D int64 }

func (t *Timestamp) String() string {
	return t.T.UTC().Format("2006-01-02T15:04:05.000000000") + " UTC"
}

func (t *Timestamp) typeName() string { return "Timestamp" }

// toCatalog: a catalog without rich data holds the string, as Puppet
// writes it (with a warning, see richString).
func (t *Timestamp) toCatalog() catalog.Value { return richScalar("Timestamp", t.String()) }

// String is Puppet's default Timespan format, D-HH:MM:SS.F with the
// fraction's trailing zeros dropped (at least one digit).
func (s *Timespan) String() string {
	d := s.D
	sign := ""
	if d < 0 {
		sign, d = "-", -d
	}
	ns := d % 1e9
	secs := d / 1e9
	frac := strings.TrimRight(fmt.Sprintf("%09d", ns), "0")
	if frac == "" {
		frac = "0"
	}
	return fmt.Sprintf("%s%d-%02d:%02d:%02d.%s", sign, secs/86400, secs/3600%24, secs/60%60, secs%60, frac)
}

func (s *Timespan) typeName() string { return "Timespan" }

func (s *Timespan) toCatalog() catalog.Value { return richScalar("Timespan", s.String()) }

// secondsToNanos turns a number of seconds into nanoseconds.
func secondsToNanos(v Value) (int64, bool) {
	switch x := v.(type) {
	case int64:
		return x * 1e9, true
	case float64:
		return int64(math.Round(x * 1e9)), true
	}
	return 0, false
}

var tzSuffix = lazyre.New(`\s*(UTC|GMT|Z|[+-]\d\d:?\d\d)$`)

// parseTimestamp reads the formats Puppet tries by default: ISO 8601
// dates with an optional time, fraction and zone.
func parseTimestamp(s string) (time.Time, bool) {
	loc := time.UTC
	body := strings.TrimSpace(s)
	if m := tzSuffix.FindStringSubmatch(body); m != nil {
		body = strings.TrimSpace(body[:len(body)-len(m[0])])
		if z := m[1]; z[0] == '+' || z[0] == '-' {
			z = strings.ReplaceAll(z, ":", "")
			h, _ := strconv.Atoi(z[1:3])
			mi, _ := strconv.Atoi(z[3:5])
			off := h*3600 + mi*60
			if z[0] == '-' {
				off = -off
			}
			loc = time.FixedZone(z, off)
		}
	}
	for _, layout := range []string{"2006-01-02T15:04:05.999999999", "2006-01-02T15:04:05", "2006-01-02 15:04:05.999999999", "2006-01-02 15:04:05", "2006-01-02T15:04", "2006-01-02 15:04", "2006-01-02"} {
		if t, err := time.ParseInLocation(layout, body, loc); err == nil {
			return t.UTC(), true
		}
	}
	return time.Time{}, false
}

// strftimeLayout turns the directives of a strftime format that parsing
// needs into a Go layout.
func strftimeLayout(f string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		if f[i] != '%' || i+1 == len(f) {
			b.WriteByte(f[i])
			continue
		}
		i++
		switch f[i] {
		case 'Y':
			b.WriteString("2006")
		case 'y':
			b.WriteString("06")
		case 'm':
			b.WriteString("01")
		case 'd':
			b.WriteString("02")
		case 'e':
			b.WriteString("_2")
		case 'H':
			b.WriteString("15")
		case 'M':
			b.WriteString("04")
		case 'S':
			b.WriteString("05")
		case 'L':
			b.WriteString("000")
		case 'N':
			b.WriteString("000000000")
		case 'F':
			b.WriteString("2006-01-02")
		case 'T':
			b.WriteString("15:04:05")
		case 'z':
			b.WriteString("-0700")
		case 'Z':
			b.WriteString("MST")
		case 'b':
			b.WriteString("Jan")
		case 'B':
			b.WriteString("January")
		case 'a':
			b.WriteString("Mon")
		case 'A':
			b.WriteString("Monday")
		case 'p':
			b.WriteString("PM")
		case 'I':
			b.WriteString("03")
		case '%':
			b.WriteByte('%')
		default:
			return "", false
		}
	}
	return b.String(), true
}

// strftime formats t as Ruby's strftime does, for the common
// directives.
func strftime(t time.Time, f string) string {
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		if f[i] != '%' || i+1 == len(f) {
			b.WriteByte(f[i])
			continue
		}
		i++
		switch f[i] {
		case 'Y':
			fmt.Fprintf(&b, "%d", t.Year())
		case 'C':
			fmt.Fprintf(&b, "%02d", t.Year()/100)
		case 'y':
			fmt.Fprintf(&b, "%02d", t.Year()%100)
		case 'm':
			fmt.Fprintf(&b, "%02d", int(t.Month()))
		case 'd':
			fmt.Fprintf(&b, "%02d", t.Day())
		case 'e':
			fmt.Fprintf(&b, "%2d", t.Day())
		case 'j':
			fmt.Fprintf(&b, "%03d", t.YearDay())
		case 'H':
			fmt.Fprintf(&b, "%02d", t.Hour())
		case 'k':
			fmt.Fprintf(&b, "%2d", t.Hour())
		case 'I':
			h := t.Hour() % 12
			if h == 0 {
				h = 12
			}
			fmt.Fprintf(&b, "%02d", h)
		case 'M':
			fmt.Fprintf(&b, "%02d", t.Minute())
		case 'S':
			fmt.Fprintf(&b, "%02d", t.Second())
		case 'L':
			fmt.Fprintf(&b, "%03d", t.Nanosecond()/1e6)
		case 'N':
			fmt.Fprintf(&b, "%09d", t.Nanosecond())
		case 'z':
			b.WriteString(t.Format("-0700"))
		case 'Z':
			b.WriteString(t.Format("MST"))
		case 'F':
			b.WriteString(t.Format("2006-01-02"))
		case 'T':
			b.WriteString(t.Format("15:04:05"))
		case 'D':
			b.WriteString(t.Format("01/02/06"))
		case 'R':
			b.WriteString(t.Format("15:04"))
		case 'b', 'h':
			b.WriteString(t.Format("Jan"))
		case 'B':
			b.WriteString(t.Format("January"))
		case 'a':
			b.WriteString(t.Format("Mon"))
		case 'A':
			b.WriteString(t.Format("Monday"))
		case 'p':
			b.WriteString(t.Format("PM"))
		case 'P':
			b.WriteString(strings.ToLower(t.Format("PM")))
		case 's':
			fmt.Fprintf(&b, "%d", t.Unix())
		case 'u':
			wd := int(t.Weekday())
			if wd == 0 {
				wd = 7
			}
			fmt.Fprintf(&b, "%d", wd)
		case 'w':
			fmt.Fprintf(&b, "%d", int(t.Weekday()))
		case '%':
			b.WriteByte('%')
		default:
			b.WriteByte('%')
			b.WriteByte(f[i])
		}
	}
	return b.String()
}

// spanStrftime formats a Timespan: %D days, %H %M %S within the day, %L
// milliseconds, %N nanoseconds (%-N without trailing zeros), %%.
func spanStrftime(s *Timespan, f string) string {
	d := s.D
	var b strings.Builder
	if d < 0 {
		b.WriteByte('-')
		d = -d
	}
	secs, ns := d/1e9, d%1e9
	for i := 0; i < len(f); i++ {
		if f[i] != '%' || i+1 == len(f) {
			b.WriteByte(f[i])
			continue
		}
		i++
		trim := false
		if f[i] == '-' && i+1 < len(f) {
			trim = true
			i++
		}
		switch f[i] {
		case 'D':
			fmt.Fprintf(&b, "%d", secs/86400)
		case 'H':
			fmt.Fprintf(&b, "%02d", secs/3600%24)
		case 'M':
			fmt.Fprintf(&b, "%02d", secs/60%60)
		case 'S':
			fmt.Fprintf(&b, "%02d", secs%60)
		case 'L':
			fmt.Fprintf(&b, "%03d", ns/1e6)
		case 'N':
			n := fmt.Sprintf("%09d", ns)
			if trim {
				if n = strings.TrimRight(n, "0"); n == "" {
					n = "0"
				}
			}
			b.WriteString(n)
		case '%':
			b.WriteByte('%')
		default:
			b.WriteByte('%')
			b.WriteByte(f[i])
		}
	}
	return b.String()
}

// newTimestamp is Timestamp(), Timestamp(seconds), Timestamp(string[,
// format]).
func newTimestamp(k *call) (Value, error) {
	if len(k.args) == 0 {
		return &Timestamp{T: time.Now().UTC()}, nil
	}
	if len(k.args) > 3 {
		if _, isString := k.args[0].(string); isString {
			return nil, failf("'new_timestamp' expects at most 3 arguments, got %d", len(k.args))
		}
	}
	if _, isString := k.args[0].(string); len(k.args) > 1 && !isString {
		// Only the signature of a string takes more than one argument:
		// Puppet says why each of the four refused.
		n := len(k.args)
		third := "parameter 'string' expects a String value, got " + inferredTypeName(k.args[0])
		if n > 3 {
			third = "expects between 1 and 3 arguments, got " + strconv.Itoa(n)
		}
		return nil, failf("The function 'new_timestamp' was called with arguments it does not accept. It expects one of:\n"+
			"  ()\n    rejected: expects no arguments, got %[1]d\n"+
			"  (Variant[Integer, Float] seconds)\n    rejected: expects 1 argument, got %[1]d\n"+
			"  (String[1] string, Formats = Variant[String[2], Array[String[2], 1]] format?, String[1] timezone?)\n    rejected: %[2]s\n"+
			"  (Struct[{'string' => String[1], Optional['format'] => Formats, Optional['timezone'] => String[1]}] hash_arg)\n    rejected: expects 1 argument, got %[1]d", n, third)
	}
	switch a := k.args[0].(type) {
	case int64, float64:
		ns, _ := secondsToNanos(a)
		return &Timestamp{T: time.Unix(0, ns).UTC()}, nil
	case string:
		if len(k.args) > 1 {
			formats := flatten(k.args[1])
			for _, f := range formats {
				layout, ok := strftimeLayout(ToS(f))
				if !ok {
					continue
				}
				if t, err := time.Parse(layout, a); err == nil {
					return &Timestamp{T: t.UTC()}, nil
				}
			}
			return nil, failf("Unable to parse '%s' using any of the formats %s", a, inspectQuoted(formats))
		}
		if t, ok := parseTimestamp(a); ok {
			return &Timestamp{T: t}, nil
		}
		return nil, failf("Unable to parse '%s' using any of the formats %%FT%%T.%%N %%Z, %%FT%%T %%Z, %%F %%T.%%N %%Z, %%F %%T %%Z, %%F %%Z, %%FT%%T.%%N, %%FT%%T, %%F %%T.%%N, %%F %%T, %%F", a)
	case *Timestamp:
		return a, nil
	}
	return nil, failf("'new_timestamp' expects a String, Integer or Float value, got %s", typeName(k.args[0]))
}

// spanFormats are Puppet's default Timespan formats, in its order:
// %D-%H:%M:%S.%-N, %H:%M:%S.%-N, %M:%S.%-N, %S.%-N, %D-%H:%M:%S,
// %H:%M:%S, %D-%H:%M, %S; the groups are days, hours, minutes,
// seconds and fraction.
var spanFormats = []*regexp.Regexp{
	regexp.MustCompile(`^(-)?(\d+)-(\d+):(\d+):(\d+)\.(\d+)$`),
	regexp.MustCompile(`^(-)?()(\d+):(\d+):(\d+)\.(\d+)$`),
	regexp.MustCompile(`^(-)?()()(\d+):(\d+)\.(\d+)$`),
	regexp.MustCompile(`^(-)?()()()(\d+)\.(\d+)$`),
	regexp.MustCompile(`^(-)?(\d+)-(\d+):(\d+):(\d+)()$`),
	regexp.MustCompile(`^(-)?()(\d+):(\d+):(\d+)()$`),
	regexp.MustCompile(`^(-)?(\d+)-(\d+):(\d+)()()$`),
	regexp.MustCompile(`^(-)?()()()(\d+)()$`),
}

// newTimespan is Timespan(seconds), Timespan(string), Timespan(days,
// hours, minutes, seconds[, ms, us, ns]) or Timespan(hash).
func newTimespan(k *call) (Value, error) {
	parts := func(vals []int64, neg bool) *Timespan {
		mult := []int64{86400e9, 3600e9, 60e9, 1e9, 1e6, 1e3, 1}
		var d int64
		for i, v := range vals {
			d += v * mult[i]
		}
		if neg {
			d = -d
		}
		return &Timespan{D: d}
	}
	switch a := k.args[0].(type) {
	case int64, float64:
		if len(k.args) >= 4 {
			var vals []int64
			for _, x := range k.args {
				n, ok := x.(int64)
				if !ok {
					return nil, failf("'new_timespan' expects Integer values, got %s", typeName(x))
				}
				vals = append(vals, n)
			}
			return parts(vals, false), nil
		}
		ns, _ := secondsToNanos(a)
		return &Timespan{D: ns}, nil
	case string:
		var m []string
		for _, re := range spanFormats {
			if m = re.FindStringSubmatch(a); m != nil {
				break
			}
		}
		if m == nil {
			return nil, failf("Unable to parse '%s' using any of the formats %%D-%%H:%%M:%%S.%%-N, %%H:%%M:%%S.%%-N, %%M:%%S.%%-N, %%S.%%-N, %%D-%%H:%%M:%%S, %%H:%%M:%%S, %%D-%%H:%%M, %%S", a)
		}
		num := func(s string) int64 { n, _ := strconv.ParseInt(s, 10, 64); return n }
		frac := m[6]
		if len(frac) > 9 {
			frac = frac[:9]
		}
		ns := num((frac + "000000000")[:9])
		return parts([]int64{num(m[2]), num(m[3]), num(m[4]), num(m[5]), 0, 0, ns}, m[1] == "-"), nil
	case *Hash:
		keys := []string{"days", "hours", "minutes", "seconds", "milliseconds", "microseconds", "nanoseconds"}
		vals := make([]int64, len(keys))
		for i, key := range keys {
			v, ok := a.Get(key)
			if !ok || v == nil {
				continue
			}
			n, isInt := v.(int64)
			if !isInt {
				return nil, failf("'new_timespan' entry '%s' expects an Integer value, got %s", key, typeName(v))
			}
			vals[i] = n
		}
		neg, _ := a.Get("negative")
		return parts(vals, IsTruthy(neg)), nil
	case *Timespan:
		return a, nil
	}
	return nil, failf("'new_timespan' expects a String, Integer, Float or Hash value, got %s", typeName(k.args[0]))
}

// timeArith is + and - on Timestamps and Timespans (and numbers of
// seconds); ok is false when neither operand is one.
func timeArith(op ast.BinaryOp, l, r Value) (v Value, ok bool, err error) {
	switch x := l.(type) {
	case *Timestamp:
		switch y := r.(type) {
		case *Timespan:
			if op == ast.Add {
				return &Timestamp{T: x.T.Add(time.Duration(y.D))}, true, nil
			}
			if op == ast.Sub {
				return &Timestamp{T: x.T.Add(-time.Duration(y.D))}, true, nil
			}
		case *Timestamp:
			if op == ast.Sub {
				return &Timespan{D: x.T.Sub(y.T).Nanoseconds()}, true, nil
			}
		case int64, float64:
			ns, _ := secondsToNanos(y)
			if op == ast.Add {
				return &Timestamp{T: x.T.Add(time.Duration(ns))}, true, nil
			}
			if op == ast.Sub {
				return &Timestamp{T: x.T.Add(-time.Duration(ns))}, true, nil
			}
		}
		verb := "added to"
		if op == ast.Sub {
			verb = "subtracted from"
		}
		return nil, true, failf("Error while evaluating a '%s' expression, A %s cannot be %s a Timestamp", op, typeName(r), verb)
	case *Timespan:
		var d int64
		switch y := r.(type) {
		case *Timespan:
			d = y.D
		case int64, float64:
			d, _ = secondsToNanos(y)
		case *Timestamp:
			if op == ast.Add {
				return &Timestamp{T: y.T.Add(time.Duration(x.D))}, true, nil
			}
			return nil, true, failf("A Timestamp cannot be subtracted from a Timespan")
		default:
			return nil, true, failf("A Timespan cannot be combined with %s by %s", typeName(r), op)
		}
		switch op {
		case ast.Add:
			return &Timespan{D: x.D + d}, true, nil
		case ast.Sub:
			return &Timespan{D: x.D - d}, true, nil
		}
	}
	return nil, false, nil
}

// compareTime orders two Timestamps or two Timespans.
func compareTime(a, b Value) (int, bool) {
	switch x := a.(type) {
	case *Timestamp:
		if y, ok := b.(*Timestamp); ok {
			return x.T.Compare(y.T), true
		}
	case *Timespan:
		if y, ok := b.(*Timespan); ok {
			return cmpInt64(x.D, y.D), true
		}
	}
	return 0, false
}

func cmpInt64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// timeTypeIncludes is Timestamp[from, to] and Timespan[from, to].
func timeTypeIncludes(name string, params []Value, v Value) bool {
	var at func(p Value) (int, bool)
	switch x := v.(type) {
	case *Timestamp:
		if name != "Timestamp" {
			return false
		}
		at = func(p Value) (int, bool) {
			switch q := p.(type) {
			case string:
				t, ok := parseTimestamp(q)
				return x.T.Compare(t), ok
			case *Timestamp:
				return x.T.Compare(q.T), true
			case int64, float64:
				ns, _ := secondsToNanos(q)
				return x.T.Compare(time.Unix(0, ns)), true
			}
			return 0, false
		}
	case *Timespan:
		if name != "Timespan" {
			return false
		}
		at = func(p Value) (int, bool) {
			switch q := p.(type) {
			case *Timespan:
				return cmpInt64(x.D, q.D), true
			case int64, float64:
				ns, _ := secondsToNanos(q)
				return cmpInt64(x.D, ns), true
			}
			return 0, false
		}
	default:
		return false
	}
	if len(params) > 0 && params[0] != nil {
		if _, isDefault := params[0].(Default); !isDefault {
			if c, ok := at(params[0]); ok && c < 0 {
				return false
			}
		}
	}
	if len(params) > 1 && params[1] != nil {
		if _, isDefault := params[1].(Default); !isDefault {
			if c, ok := at(params[1]); ok && c > 0 {
				return false
			}
		}
	}
	return true
}

// fnStrftime is strftime(Timestamp, format[, timezone]) and
// strftime(Timespan, format), also as a method.
func fnStrftime(k *call) (Value, error) {
	if err := k.argc(2, 3); err != nil {
		return nil, err
	}
	f, ok := k.args[1].(string)
	if !ok {
		return nil, failf("'strftime' parameter 'format' expects a String value, got %s", inferredTypeName(k.args[1]))
	}
	switch x := k.args[0].(type) {
	case *Timestamp:
		t := x.T.UTC()
		if len(k.args) == 3 {
			if tz, ok := k.args[2].(string); ok && tz != "" && !strings.EqualFold(tz, "UTC") {
				loc, err := time.LoadLocation(tz)
				if err != nil {
					return nil, failf("Unable to load timezone '%s'", tz)
				}
				t = x.T.In(loc)
			}
		}
		return strftime(t, f), nil
	case *Timespan:
		return spanStrftime(x, f), nil
	}
	return nil, failf("'strftime' parameter 'time_object' expects a Timestamp or Timespan value, got %s", inferredTypeName(k.args[0]))
}
