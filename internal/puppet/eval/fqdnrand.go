package eval

import (
	"crypto/md5"
	"crypto/sha256"
	"encoding/hex"
	"math/big"
	"strconv"
	"strings"
)

// fnFqdnRand is Puppet's fqdn_rand: a number below max that depends on
// the node's fqdn fact, max and an optional seed, always the same for
// them. Puppet seeds Ruby's Mersenne Twister with the MD5 of
// "FQDN:MAX:SEED" and draws one number below max.
func fnFqdnRand(k *call) (Value, error) {
	if len(k.args) < 1 {
		return nil, failf("fqdn_rand(): Wrong number of arguments given (0 for minimum 1)")
	}
	max := rubyToI(k.args[0])
	seed := ""
	if len(k.args) > 1 {
		seed = rubyJoinPart(k.args[1])
	}
	fqdn := ""
	if facts, ok := k.c.top.vars["facts"].(*Hash); ok {
		if n, ok := facts.Get("networking"); ok {
			if h, ok := n.(*Hash); ok {
				if f, ok := h.Get("fqdn"); ok {
					fqdn = rubyToS(f)
				}
			}
		}
	}
	if len(k.args) > 2 && rubyTruthy(k.args[2]) {
		fqdn = strings.ToLower(fqdn)
	}
	sum := md5.Sum([]byte(fqdn + ":" + rubyToS(max) + ":" + seed))
	n, _ := new(big.Int).SetString(hex.EncodeToString(sum[:]), 16)
	if max <= 0 {
		return nil, failf("invalid argument - %d", max)
	}
	return int64(newRubyRandom(n).limited(uint64(max - 1))), nil
}

// rubyToI is Ruby's to_i of what a 3.x function receives.
func rubyToI(v Value) int64 {
	switch x := v.(type) {
	case int64:
		return x
	case float64:
		return int64(x)
	case string:
		s := strings.TrimLeft(x, " \t\n\v\f\r")
		end := 0
		for end < len(s) && (s[end] >= '0' && s[end] <= '9' || end == 0 && (s[end] == '-' || s[end] == '+') || s[end] == '_' && end > 0) {
			end++
		}
		n, _ := new(big.Int).SetString(strings.ReplaceAll(strings.TrimPrefix(s[:end], "+"), "_", ""), 10)
		if n == nil || !n.IsInt64() {
			return 0
		}
		return n.Int64()
	}
	return 0
}

// rubyJoinPart is an element as Ruby's Array#join writes it.
func rubyJoinPart(v Value) string {
	if arr, ok := v.([]Value); ok {
		parts := make([]string, len(arr))
		for i, e := range arr {
			parts[i] = rubyJoinPart(e)
		}
		return strings.Join(parts, ":")
	}
	return rubyToS(v)
}

// rubyRandom is Ruby's Random: MT19937 seeded from an integer's 32-bit
// words, least significant first.
type rubyRandom struct {
	mt  [624]uint32
	mti int
}

func newRubyRandom(seed *big.Int) *rubyRandom {
	var key []uint32
	words := new(big.Int).Abs(seed)
	mask := big.NewInt(0xffffffff)
	for words.Sign() > 0 {
		key = append(key, uint32(new(big.Int).And(words, mask).Uint64()))
		words.Rsh(words, 32)
	}
	// Ruby drops a most significant word of 1, taking it for the guard
	// word of its integer packing.
	if len(key) > 1 && key[len(key)-1] == 1 {
		key = key[:len(key)-1]
	}
	r := &rubyRandom{}
	if len(key) <= 1 {
		k := uint32(0)
		if len(key) == 1 {
			k = key[0]
		}
		r.initGenrand(k)
	} else {
		r.initByArray(key)
	}
	return r
}

func (r *rubyRandom) initGenrand(s uint32) {
	r.mt[0] = s
	for i := 1; i < 624; i++ {
		r.mt[i] = 1812433253*(r.mt[i-1]^(r.mt[i-1]>>30)) + uint32(i)
	}
	r.mti = 624
}

func (r *rubyRandom) initByArray(key []uint32) {
	r.initGenrand(19650218)
	i, j := 1, 0
	k := 624
	if len(key) > k {
		k = len(key)
	}
	for ; k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1664525)) + key[j] + uint32(j)
		i++
		j++
		if i >= 624 {
			r.mt[0] = r.mt[623]
			i = 1
		}
		if j >= len(key) {
			j = 0
		}
	}
	for k = 623; k > 0; k-- {
		r.mt[i] = (r.mt[i] ^ ((r.mt[i-1] ^ (r.mt[i-1] >> 30)) * 1566083941)) - uint32(i)
		i++
		if i >= 624 {
			r.mt[0] = r.mt[623]
			i = 1
		}
	}
	r.mt[0] = 0x80000000
}

func (r *rubyRandom) genrand() uint32 {
	if r.mti >= 624 {
		for kk := 0; kk < 624; kk++ {
			y := r.mt[kk]&0x80000000 | r.mt[(kk+1)%624]&0x7fffffff
			v := r.mt[(kk+397)%624] ^ (y >> 1)
			if y&1 != 0 {
				v ^= 0x9908b0df
			}
			r.mt[kk] = v
		}
		r.mti = 0
	}
	y := r.mt[r.mti]
	r.mti++
	y ^= y >> 11
	y ^= (y << 7) & 0x9d2c5680
	y ^= (y << 15) & 0xefc60000
	y ^= y >> 18
	return y
}

// limited is Ruby's limited_rand: a number from 0 to limit, drawn 32
// bits at a time under the smallest mask that covers limit, retried
// until it is within.
func (r *rubyRandom) limited(limit uint64) uint64 {
	if limit == 0 {
		return 0
	}
	mask := limit
	for s := uint(1); s < 64; s *= 2 {
		mask |= mask >> s
	}
retry:
	val := uint64(0)
	for i := 1; i >= 0; i-- {
		if (mask>>(uint(i)*32))&0xffffffff != 0 {
			val |= uint64(r.genrand()) << (uint(i) * 32)
			val &= mask
			if limit < val {
				goto retry
			}
		}
	}
	return val
}

// fnFqdnRandString is stdlib's stdlib::fqdn_rand_string(length,
// charset, *seed): length characters of charset (digits and ASCII
// letters when undef or empty), the one for position i picked by
// fqdn_rand(charset's size, seed joined with i+1 by ':').
func fnFqdnRandString(k *call) (Value, error) {
	if err := k.argc(1, -1); err != nil {
		return nil, err
	}
	const name = "'stdlib::fqdn_rand_string'"
	n, ok := k.args[0].(int64)
	switch {
	case !ok:
		return nil, failf("%s parameter 'length' expects an Integer value, got %s", name, inferredTypeName(k.args[0]))
	case n < 1:
		return nil, failf("%s parameter 'length' expects an Integer[1] value, got %s", name, inferType(n))
	}
	charset := []rune("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
	if len(k.args) > 1 {
		switch c := k.args[1].(type) {
		case nil:
		case string:
			if c != "" {
				charset = []rune(c)
			}
		default:
			return nil, failf("%s parameter 'charset' expects a value of type Undef or String, got %s", name, inferredTypeName(c))
		}
	}
	var seed []string
	if len(k.args) > 2 {
		for _, s := range k.args[2:] {
			seed = append(seed, rubyJoinPart(s))
		}
	}
	var b strings.Builder
	for i := int64(0); i < n; i++ {
		part := strings.Join(append(append([]string(nil), seed...), strconv.FormatInt(i+1, 10)), ":")
		v, err := fnFqdnRand(&call{c: k.c, s: k.s, name: "fqdn_rand", args: []Value{int64(len(charset)), part}, rng: k.rng})
		if err != nil {
			return nil, err
		}
		b.WriteRune(charset[v.(int64)])
	}
	return b.String(), nil
}

// fnSeededRand is stdlib's stdlib::seeded_rand(max, seed): a number below
// max, always the same for max and seed. stdlib seeds Ruby's Mersenne
// Twister with the MD5 of seed and draws one number below max.
func fnSeededRand(k *call) (Value, error) {
	if err := k.argc(2, 2); err != nil {
		return nil, err
	}
	max, err := seededLength(k, "max")
	if err != nil {
		return nil, err
	}
	seed, ok := k.args[1].(string)
	if !ok {
		return nil, failf("'%s' parameter 'seed' expects a String value, got %s", k.name, inferredTypeName(k.args[1]))
	}
	sum := md5.Sum([]byte(seed))
	n, _ := new(big.Int).SetString(hex.EncodeToString(sum[:]), 16)
	return int64(newRubyRandom(n).limited(uint64(max - 1))), nil
}

// fnSeededRandString is stdlib's stdlib::seeded_rand_string(length, seed,
// charset): length characters of charset (digits and ASCII letters by
// default), drawn by Ruby's Mersenne Twister seeded with the SHA-256 of
// seed.
func fnSeededRandString(k *call) (Value, error) {
	if err := k.argc(2, 3); err != nil {
		return nil, err
	}
	n, err := seededLength(k, "length")
	if err != nil {
		return nil, err
	}
	seed, ok := k.args[1].(string)
	if !ok {
		return nil, failf("'%s' parameter 'seed' expects a String value, got %s", k.name, inferredTypeName(k.args[1]))
	}
	charset := []rune("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
	if len(k.args) == 3 {
		c, ok := k.args[2].(string)
		switch {
		case !ok:
			return nil, failf("'%s' parameter 'charset' expects a String value, got %s", k.name, inferredTypeName(k.args[2]))
		case len([]rune(c)) < 2:
			return nil, failf("'%s' parameter 'charset' expects a String[2] value, got String", k.name)
		}
		charset = []rune(c)
	}
	sum := sha256.Sum256([]byte(seed))
	seedInt, _ := new(big.Int).SetString(hex.EncodeToString(sum[:]), 16)
	r := newRubyRandom(seedInt)
	var b strings.Builder
	for i := int64(0); i < n; i++ {
		b.WriteRune(charset[r.limited(uint64(len(charset)-1))])
	}
	return b.String(), nil
}

// seededLength is the first argument of the seeded_rand functions, an
// Integer[1] named name.
func seededLength(k *call, name string) (int64, error) {
	n, ok := k.args[0].(int64)
	switch {
	case !ok:
		return 0, failf("'%s' parameter '%s' expects an Integer value, got %s", k.name, name, inferredTypeName(k.args[0]))
	case n < 1:
		return 0, failf("'%s' parameter '%s' expects an Integer[1] value, got %s", k.name, name, inferType(n))
	}
	return n, nil
}
