package ruby

import (
	"math"
	"strconv"
	"strings"
)

// Ruby's sprintf converts floats with David Gay's dtoa, whose fast path
// works in floating point: when the part after the last digit it keeps is
// within its error bound of one half, it rounds that digit half to even
// rather than by the exact binary value (so "%.2f" % 12.345 is "12.34",
// "%.2f" % 16.134999999999998 is "16.14"). dtoa below follows that path
// with the same double arithmetic, and rounds exactly where Gay's code
// does.

var (
	dtoaTens = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9,
		1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}
	dtoaBigTens = [...]float64{1e16, 1e32, 1e64, 1e128, 1e256}
)

// dtoa returns the digits of x > 0 (without trailing zeros) and the
// decimal point position (x ≈ 0.digits × 10^decpt). mode 3 keeps ndigits
// digits after the decimal point (%f), mode 2 ndigits significant digits
// (%e, %g).
func dtoa(x float64, mode, ndigits int) ([]byte, int) {
	bits := math.Float64bits(x)
	be := int(bits >> 52 & 0x7ff)
	if be == 0 {
		return dtoaExact(x, mode, ndigits, false)
	}
	d2 := math.Float64frombits(bits&(1<<52-1) | 0x3ff<<52)
	i := be - 1023
	ds := (d2-1.5)*0.289529654602168 + 0.1760912590558 + float64(i)*0.301029995663981
	k := int(ds)
	if ds < 0 && ds != float64(k) {
		k--
	}
	kCheck := true
	if k >= 0 && k <= 22 {
		if x < dtoaTens[k] {
			k--
		}
		kCheck = false
	}
	var ilim, ilim1 int
	if mode == 3 {
		ilim = ndigits + k + 1
		ilim1 = ilim - 1
	} else {
		if ndigits <= 0 {
			ndigits = 1
		}
		ilim, ilim1 = ndigits, ndigits
	}
	if ilim < 0 || ilim > quickMax {
		return dtoaExact(x, mode, ndigits, false)
	}
	ieps := 2
	d := x
	if k > 0 {
		ds := dtoaTens[k&0xf]
		j := k >> 4
		if j&0x10 != 0 {
			j &= 0x10 - 1
			d /= dtoaBigTens[len(dtoaBigTens)-1]
			ieps++
		}
		for i := 0; j != 0; j, i = j>>1, i+1 {
			if j&1 != 0 {
				ieps++
				ds *= dtoaBigTens[i]
			}
		}
		d /= ds
	} else if j1 := -k; j1 != 0 {
		d *= dtoaTens[j1&0xf]
		for j, i := j1>>4, 0; j != 0; j, i = j>>1, i+1 {
			if j&1 != 0 {
				ieps++
				d *= dtoaBigTens[i]
			}
		}
	}
	if kCheck && d < 1 && ilim > 0 {
		if ilim1 <= 0 {
			return dtoaExact(x, mode, ndigits, false)
		}
		ilim = ilim1
		k--
		d *= 10
		ieps++
	}
	eps := float64(ieps)*d + 7
	eps = math.Float64frombits(math.Float64bits(eps) - 52<<52)
	if ilim == 0 {
		d -= 5
		switch {
		case d > eps:
			return []byte{'1'}, k + 2
		case d < -eps:
			return nil, -ndigits
		}
		return dtoaExact(x, mode, ndigits, false)
	}
	eps *= dtoaTens[ilim-1]
	var s []byte
	for i := 1; ; i, d = i+1, d*10 {
		l := int64(d)
		d -= float64(l)
		if d == 0 {
			ilim = i
		}
		s = append(s, byte('0'+l))
		if i == ilim {
			switch {
			case d > 0.5+eps:
				return bumpUp(s, k)
			case d < 0.5-eps:
				return trimZeros(s), k + 1
			case l&1 != 0:
				return bumpUp(s, k)
			}
			// an even digit within the bound of a half: Gay's exact
			// path then keeps the digits as they are
			return dtoaExact(x, mode, ndigits, true)
		}
	}
}

// bumpUp adds one to the last digit, carrying.
func bumpUp(s []byte, k int) ([]byte, int) {
	i := len(s) - 1
	for i >= 0 && s[i] == '9' {
		i--
	}
	if i < 0 {
		return []byte{'1'}, k + 2
	}
	s = s[:i+1]
	s[i]++
	return s, k + 1
}

func trimZeros(s []byte) []byte {
	for len(s) > 0 && s[len(s)-1] == '0' {
		s = s[:len(s)-1]
	}
	return s
}

// dtoaExact is Gay's exact path: the exact binary value rounded half to
// even, or with truncate only cut to the digits wanted.
func dtoaExact(x float64, mode, ndigits int, truncate bool) ([]byte, int) {
	if truncate {
		s := strconv.FormatFloat(x, 'e', 60, 64)
		mant, expStr, _ := strings.Cut(s, "e")
		exp, _ := strconv.Atoi(expStr)
		all := []byte(strings.Replace(mant, ".", "", 1))
		n := ndigits
		if mode == 3 {
			n = ndigits + exp + 1
		}
		if n <= 0 {
			return nil, -ndigits
		}
		return trimZeros(all[:min(n, len(all))]), exp + 1
	}
	if mode == 3 {
		s := strconv.FormatFloat(x, 'f', ndigits, 64)
		intPart, frac, _ := strings.Cut(s, ".")
		all := intPart + frac
		decpt := len(intPart)
		trimmed := strings.TrimLeft(all, "0")
		decpt -= len(all) - len(trimmed)
		return trimZeros([]byte(trimmed)), decpt
	}
	s := strconv.FormatFloat(x, 'e', ndigits-1, 64)
	mant, expStr, _ := strings.Cut(s, "e")
	exp, _ := strconv.Atoi(expStr)
	return trimZeros([]byte(strings.Replace(mant, ".", "", 1))), exp + 1
}
