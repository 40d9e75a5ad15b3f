package eval

import (
	"crypto/md5"
	"crypto/sha256"
	"crypto/sha512"
	"encoding/base64"
	"hash"
	"strings"

	//lint:ignore SA1019 bcrypt is defined on Blowfish: crypt(3)'s hashes need it, nothing new is encrypted with it
	"golang.org/x/crypto/blowfish"

	"github.com/ordoproject/ordo/internal/lazyre"
)

// fnPwHash is stdlib's pw_hash: crypt(3) of a password with a salt, as
// Ruby's String#crypt on Debian's libcrypt gives it: MD5, SHA-256,
// SHA-512 and bcrypt crypt. bcrypt-x (crypt_blowfish's emulation of an
// old sign-extension bug) differs from bcrypt-a only for non-ASCII
// passwords, which are an error naming it.
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
		if password == "" {
			return nil, nil
		}
		if prefix == "2x" && !isASCII(password) {
			return nil, failf("pw_hash(): %s of a password with non-ASCII characters is not implemented in ordo", kind)
		}
		return bcryptCrypt(prefix, password, salt), nil
	}
	if !cryptSalt.MatchString(salt) {
		return nil, failf("pw_hash(): characters in salt must be in the set [a-zA-Z0-9./]")
	}
	if password == "" {
		return nil, nil
	}
	switch prefix {
	case "1":
		return md5Crypt(password, salt), nil
	case "5":
		return shaCrypt(sha256.New, "5", password, salt, sha256Order), nil
	case "6":
		return shaCrypt(sha512.New, "6", password, salt, sha512Order), nil
	}
	return nil, failf("pw_hash(): %s is not implemented in ordo", kind)
}

var (
	cryptSalt  = lazyre.New(`\A[a-zA-Z0-9./]+\z`)
	bcryptSalt = lazyre.New(`^(0[4-9]|[12][0-9]|3[01])\$[./A-Za-z0-9]{22}`)
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

// md5Crypt is Poul-Henning Kamp's MD5-crypt ($1$), with at most eight
// characters of salt.
func md5Crypt(password, salt string) string {
	if len(salt) > 8 {
		salt = salt[:8]
	}
	p, s := []byte(password), []byte(salt)
	alt := md5.Sum(append(append(append([]byte(nil), p...), s...), p...))
	h := md5.New()
	h.Write(p)
	h.Write([]byte("$1$"))
	h.Write(s)
	for n := len(p); n > 0; n -= 16 {
		h.Write(alt[:min(n, 16)])
	}
	for n := len(p); n > 0; n >>= 1 {
		if n&1 == 1 {
			h.Write([]byte{0})
		} else {
			h.Write(p[:1])
		}
	}
	final := h.Sum(nil)
	for i := 0; i < 1000; i++ {
		h = md5.New()
		if i&1 == 1 {
			h.Write(p)
		} else {
			h.Write(final)
		}
		if i%3 != 0 {
			h.Write(s)
		}
		if i%7 != 0 {
			h.Write(p)
		}
		if i&1 == 1 {
			h.Write(final)
		} else {
			h.Write(p)
		}
		final = h.Sum(nil)
	}
	var out strings.Builder
	out.WriteString("$1$" + salt + "$")
	put := func(w uint32, n int) {
		for j := 0; j < n; j++ {
			out.WriteByte(cryptAlphabet[w&0x3f])
			w >>= 6
		}
	}
	for _, g := range [][3]int{{0, 6, 12}, {1, 7, 13}, {2, 8, 14}, {3, 9, 15}, {4, 10, 5}} {
		put(uint32(final[g[0]])<<16|uint32(final[g[1]])<<8|uint32(final[g[2]]), 4)
	}
	put(uint32(final[11]), 2)
	return out.String()
}

// bcryptEncoding is bcrypt's base-64: its own alphabet, no padding.
var bcryptEncoding = base64.NewEncoding("./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789").WithPadding(base64.NoPadding)

// bcryptCrypt is bcrypt ($2a$, $2b$, $2x$, $2y$) of password with a
// setting that matched bcryptSalt: a two-digit cost, "$" and 22
// characters of salt (what follows them is ignored, and the salt's last
// character keeps only the bits the 16-byte salt has, as libcrypt does).
// The key is the password and its terminating NUL, at most 72 bytes.
func bcryptCrypt(prefix, password, setting string) string {
	cost := int(setting[0]-'0')*10 + int(setting[1]-'0')
	salt, _ := bcryptEncoding.DecodeString(setting[3:25]) // 16 bytes; the last character's low bits dropped
	key := append([]byte(password), 0)
	if len(key) > 72 {
		key = key[:72]
	}
	c, _ := blowfish.NewSaltedCipher(key, salt)
	for i := uint64(0); i < 1<<cost; i++ {
		blowfish.ExpandKey(key, c)
		blowfish.ExpandKey(salt, c)
	}
	text := []byte("OrpheanBeholderScryDoubt")
	for i := 0; i < len(text); i += 8 {
		for range 64 {
			c.Encrypt(text[i:i+8], text[i:i+8])
		}
	}
	return "$" + prefix + "$" + setting[:2] + "$" + bcryptEncoding.EncodeToString(salt) + bcryptEncoding.EncodeToString(text[:23])
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}
