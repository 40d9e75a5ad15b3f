package eval

import (
	"crypto/sha256"
	"crypto/sha512"
	"hash"
	"regexp"
	"strings"
)

// fnPwHash is stdlib's pw_hash: crypt(3) of a password with a salt, as
// Ruby's String#crypt on glibc gives it. ordo implements SHA-256 and
// SHA-512 crypt; md5 and bcrypt are an error naming them.
func fnPwHash(k *call) (Value, error) {
	if len(k.args) != 3 {
		return nil, failf("pw_hash(): wrong number of arguments (%d for 3)", len(k.args))
	}
	args := make([]Value, 3)
	for i, a := range k.args {
		if s, ok := a.(*Sensitive); ok {
			a = s.V
		}
		args[i] = a
	}
	password, ok := args[0].(string)
	if !ok && args[0] != nil {
		return nil, failf("pw_hash(): first argument must be a string")
	}
	kind, ok := args[1].(string)
	if !ok {
		return nil, failf("pw_hash(): second argument must be a string")
	}
	prefixes := map[string]string{"md5": "1", "sha-256": "5", "sha-512": "6", "bcrypt": "2b", "bcrypt-a": "2a", "bcrypt-x": "2x", "bcrypt-y": "2y"}
	prefix, known := prefixes[strings.ToLower(kind)]
	if !known {
		return nil, failf("pw_hash(): %s is not a valid hash type", kind)
	}
	salt, ok := args[2].(string)
	if !ok {
		return nil, failf("pw_hash(): third argument must be a string")
	}
	if salt == "" {
		return nil, failf("pw_hash(): third argument must not be empty")
	}
	if strings.HasPrefix(prefix, "2") {
		if !bcryptSalt.MatchString(salt) {
			return nil, failf("pw_hash(): characters in salt must match (?-mix:^(0[4-9]|[12][0-9]|3[01])\\$[.\\/A-Za-z0-9]{22})")
		}
		return nil, failf("pw_hash(): %s is not implemented in ordo", kind)
	}
	if !cryptSalt.MatchString(salt) {
		return nil, failf("pw_hash(): characters in salt must be in the set [a-zA-Z0-9./]")
	}
	if password == "" {
		return nil, nil
	}
	switch prefix {
	case "5":
		return shaCrypt(sha256.New, "5", password, salt, sha256Order), nil
	case "6":
		return shaCrypt(sha512.New, "6", password, salt, sha512Order), nil
	}
	return nil, failf("pw_hash(): %s is not implemented in ordo", kind)
}

var (
	cryptSalt  = regexp.MustCompile(`\A[a-zA-Z0-9./]+\z`)
	bcryptSalt = regexp.MustCompile(`^(0[4-9]|[12][0-9]|3[01])\$[./A-Za-z0-9]{22}`)
)

// The byte order of the final digest in SHA-crypt's base-64 text:
// groups of three, the last group shorter.
var (
	sha256Order = [][]int{{0, 10, 20}, {21, 1, 11}, {12, 22, 2}, {3, 13, 23}, {24, 4, 14}, {15, 25, 5}, {6, 16, 26}, {27, 7, 17}, {18, 28, 8}, {9, 19, 29}, {-1, 31, 30}}
	sha512Order = [][]int{{0, 21, 42}, {22, 43, 1}, {44, 2, 23}, {3, 24, 45}, {25, 46, 4}, {47, 5, 26}, {6, 27, 48}, {28, 49, 7}, {50, 8, 29}, {9, 30, 51}, {31, 52, 10}, {53, 11, 32}, {12, 33, 54}, {34, 55, 13}, {56, 14, 35}, {15, 36, 57}, {37, 58, 16}, {59, 17, 38}, {18, 39, 60}, {40, 61, 19}, {62, 20, 41}, {-1, -1, 63}}
)

const cryptAlphabet = "./0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

// shaCrypt is Ulrich Drepper's SHA-crypt with the default 5000 rounds.
func shaCrypt(newHash func() hash.Hash, id, password, salt string, order [][]int) string {
	if len(salt) > 16 {
		salt = salt[:16]
	}
	p, s := []byte(password), []byte(salt)
	sum := func(parts ...[]byte) []byte {
		h := newHash()
		for _, part := range parts {
			h.Write(part)
		}
		return h.Sum(nil)
	}
	b := sum(p, s, p)
	size := len(b)
	h := newHash()
	h.Write(p)
	h.Write(s)
	for n := len(p); n > 0; n -= size {
		h.Write(b[:min(n, size)])
	}
	for n := len(p); n > 0; n >>= 1 {
		if n&1 == 1 {
			h.Write(b)
		} else {
			h.Write(p)
		}
	}
	a := h.Sum(nil)
	h = newHash()
	for range p {
		h.Write(p)
	}
	dp := h.Sum(nil)
	pseq := repeatTo(dp, len(p))
	h = newHash()
	for i := 0; i < 16+int(a[0]); i++ {
		h.Write(s)
	}
	ds := h.Sum(nil)
	sseq := repeatTo(ds, len(s))
	c := a
	for i := 0; i < 5000; i++ {
		h = newHash()
		if i&1 == 1 {
			h.Write(pseq)
		} else {
			h.Write(c)
		}
		if i%3 != 0 {
			h.Write(sseq)
		}
		if i%7 != 0 {
			h.Write(pseq)
		}
		if i&1 == 1 {
			h.Write(c)
		} else {
			h.Write(pseq)
		}
		c = h.Sum(nil)
	}
	var out strings.Builder
	out.WriteString("$" + id + "$" + salt + "$")
	for _, g := range order {
		var w uint32
		n := 4
		for _, idx := range g {
			w <<= 8
			if idx >= 0 {
				w |= uint32(c[idx])
			}
		}
		switch {
		case g[0] == -1 && g[1] == -1:
			n = 2
		case g[0] == -1:
			n = 3
		}
		for j := 0; j < n; j++ {
			out.WriteByte(cryptAlphabet[w&0x3f])
			w >>= 6
		}
	}
	return out.String()
}

func repeatTo(src []byte, n int) []byte {
	out := make([]byte, 0, n)
	for len(out) < n {
		out = append(out, src[:min(len(src), n-len(out))]...)
	}
	return out
}
