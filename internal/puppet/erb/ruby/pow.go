package ruby

import (
	"math"
	"math/big"
)

// Ruby's Float#** calls the C library's pow, which glibc rounds
// correctly; Go's math.Pow can be an ulp off. powFloat computes x**y
// with 256-bit intermediates and rounds once.

const powPrec = 256

// powFloat is x**y rounded to the nearest double.
func powFloat(x, y float64) float64 {
	switch {
	case y == 0:
		return 1
	case math.IsNaN(x) || math.IsNaN(y) || math.IsInf(x, 0) || math.IsInf(y, 0) || x == 0:
		return math.Pow(x, y)
	}
	neg := false
	if x < 0 {
		if y != math.Trunc(y) {
			return math.NaN()
		}
		x = -x
		neg = math.Mod(y, 2) != 0
	}
	var r *big.Float
	if y == math.Trunc(y) && math.Abs(y) <= 64 {
		r = bigPowInt(x, int(math.Abs(y)))
		if y < 0 {
			r = new(big.Float).SetPrec(powPrec).Quo(newBig(1), r)
		}
	} else {
		z := new(big.Float).SetPrec(powPrec).Mul(bigLog(x), newBig(y))
		r = bigExp(z)
	}
	f, _ := r.Float64()
	if neg {
		f = -f
	}
	return f
}

func newBig(f float64) *big.Float { return new(big.Float).SetPrec(powPrec).SetFloat64(f) }

func bigPowInt(x float64, n int) *big.Float {
	r := newBig(1)
	b := newBig(x)
	for n > 0 {
		if n&1 != 0 {
			r.Mul(r, b)
		}
		b.Mul(b, b)
		n >>= 1
	}
	return r
}

// bigAtanhSeries is 2·atanh(t) = 2(t + t³/3 + t⁵/5 + ...), for |t| ≤ 1/3.
func bigAtanhSeries(t *big.Float) *big.Float {
	sum := new(big.Float).SetPrec(powPrec).Set(t)
	t2 := new(big.Float).SetPrec(powPrec).Mul(t, t)
	term := new(big.Float).SetPrec(powPrec).Set(t)
	for k := 3; k < 400; k += 2 {
		term.Mul(term, t2)
		q := new(big.Float).SetPrec(powPrec).Quo(term, newBig(float64(k)))
		if q.Sign() == 0 || q.MantExp(nil)-sum.MantExp(nil) < -powPrec {
			break
		}
		sum.Add(sum, q)
	}
	return sum.Mul(sum, newBig(2))
}

// bigLn2 is ln 2 = 2·atanh(1/3).
func bigLn2() *big.Float {
	third := new(big.Float).SetPrec(powPrec).Quo(newBig(1), newBig(3))
	return bigAtanhSeries(third)
}

// bigLog is ln x for x > 0: x = m·2^e with m in [0.5, 1).
func bigLog(x float64) *big.Float {
	m, e := math.Frexp(x)
	bm := newBig(m)
	t := new(big.Float).SetPrec(powPrec).Quo(
		new(big.Float).SetPrec(powPrec).Sub(bm, newBig(1)),
		new(big.Float).SetPrec(powPrec).Add(bm, newBig(1)))
	l := bigAtanhSeries(t)
	return l.Add(l, new(big.Float).SetPrec(powPrec).Mul(bigLn2(), newBig(float64(e))))
}

// bigExp is e^z: z = k·ln2 + r with |r| ≤ ln2/2, then a Taylor series.
func bigExp(z *big.Float) *big.Float {
	ln2 := bigLn2()
	kf, _ := new(big.Float).Quo(z, ln2).Float64()
	k := math.Round(kf)
	if math.Abs(k) > 2000 {
		f, _ := z.Float64()
		return newBig(math.Exp(f))
	}
	r := new(big.Float).SetPrec(powPrec).Sub(z, new(big.Float).SetPrec(powPrec).Mul(ln2, newBig(k)))
	sum := newBig(1)
	term := newBig(1)
	for n := 1; n < 200; n++ {
		term.Mul(term, r)
		term.Quo(term, newBig(float64(n)))
		if term.Sign() == 0 || term.MantExp(nil) < -powPrec-10 {
			break
		}
		sum.Add(sum, term)
	}
	return sum.SetMantExp(sum, int(k))
}
