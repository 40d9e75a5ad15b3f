package rubyjson

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Float renders f as Ruby's Float#to_s does, and so Ruby's JSON and YAML writers: the shortest
// representation that reads back, with ".0" on whole numbers and an
// exponent below 1e-4 and from 1e16 on (1e15 has 16 digits before the point).
func Float(f float64) string {
	switch {
	case math.IsInf(f, 1):
		return "Infinity"
	case math.IsInf(f, -1):
		return "-Infinity"
	case math.IsNaN(f):
		return "NaN"
	case f == 0:
		if math.Signbit(f) {
			return "-0.0"
		}
		return "0.0"
	}
	digits := strconv.FormatFloat(math.Abs(f), 'e', -1, 64) // d.ddde±xx
	mant, expStr, _ := strings.Cut(digits, "e")
	exp, _ := strconv.Atoi(expStr)
	ds := strings.Replace(mant, ".", "", 1)
	sign := ""
	if f < 0 {
		sign = "-"
	}
	decpt := exp + 1 // position of the decimal point after the first digit
	if decpt < -3 || decpt > 15 {
		frac := ds[1:]
		if frac == "" {
			frac = "0"
		}
		es := "+"
		if exp < 0 {
			es = "-"
			exp = -exp
		}
		return fmt.Sprintf("%s%s.%se%s%02d", sign, ds[:1], frac, es, exp)
	}
	if decpt <= 0 {
		return sign + "0." + strings.Repeat("0", -decpt) + ds
	}
	if decpt >= len(ds) {
		return sign + ds + strings.Repeat("0", decpt-len(ds)) + ".0"
	}
	return sign + ds[:decpt] + "." + ds[decpt:]
}
