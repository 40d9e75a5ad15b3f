package eval

import (
	"crypto/hmac"
	"crypto/md5"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strings"

	"github.com/ordoproject/ordo/internal/lazyre"
)

// Go stand-ins for the Ruby functions of puppetlabs-postgresql.

func postgresqlFunctions() map[string]builtin {
	return map[string]builtin{
		"postgresql::postgresql_acls_to_resources_hash": fnPgACLs,
		"postgresql::postgresql_escape":                 fnPgEscape,
		"postgresql::postgresql_password":               fnPgPassword,
		"postgresql::prepend_sql_password":              fnPgPrependPassword,
	}
}

func fnPgACLs(k *call) (Value, error) {
	if err := k.argc(3, 3); err != nil {
		return nil, err
	}
	acls, _ := k.args[0].([]Value)
	id := ToS(k.args[1])
	offset, _ := k.args[2].(int64)
	out := NewHash()
	for _, a := range acls {
		acl := ToS(a)
		index := 0
		for i, b := range acls {
			if ToS(b) == acl {
				index = i
				break
			}
		}
		parts := strings.Fields(acl)
		if len(parts) < 4 {
			return nil, failf("postgresql::postgresql_acls_to_resources_hash(): acl line %d does not have enough parts", index)
		}
		r := NewHash()
		r.Set("type", parts[0])
		r.Set("database", parts[1])
		r.Set("user", parts[2])
		r.Set("order", fmt.Sprintf("%03d", offset+int64(index)))
		switch {
		case parts[0] == "local":
			r.Set("auth_method", parts[3])
			if len(parts) > 4 {
				r.Set("auth_option", strings.Join(parts[4:], " "))
			}
		case len(parts) > 4 && len(parts[4]) > 0 && parts[4][0] >= '0' && parts[4][0] <= '9':
			r.Set("address", parts[3]+" "+parts[4])
			if len(parts) > 5 {
				r.Set("auth_method", parts[5])
			} else {
				r.Set("auth_method", nil)
			}
			if len(parts) > 6 {
				r.Set("auth_option", strings.Join(parts[6:], " "))
			}
		default:
			r.Set("address", parts[3])
			if len(parts) > 4 {
				r.Set("auth_method", parts[4])
			} else {
				r.Set("auth_method", nil)
			}
			if len(parts) > 5 {
				r.Set("auth_option", strings.Join(parts[5:], " "))
			}
		}
		out.Set(fmt.Sprintf("postgresql class generated rule %s %d", id, index), r)
	}
	return out, nil
}

var digits = lazyre.New(`\d`)

func fnPgEscape(k *call) (Value, error) {
	if err := k.argc(1, 1); err != nil {
		return nil, err
	}
	in := ToS(k.args[0])
	if !strings.Contains(in, "$$") && !strings.HasSuffix(in, "$") {
		return "$$" + in + "$$", nil
	}
	md := func(s string) string {
		sum := md5.Sum([]byte(s))
		return digits.ReplaceAllString(hex.EncodeToString(sum[:])[:6], "")
	}
	tag := md(in)
	for strings.Contains(in, tag) {
		tag = md(tag)
	}
	return "$" + tag + "$" + in + "$" + tag + "$", nil
}

var pgHashed = lazyre.New(`^(md5[0-9a-f]{32}$|SCRAM-SHA-256\$)`)

func fnPgPassword(k *call) (Value, error) {
	if err := k.argc(2, 5); err != nil {
		return nil, err
	}
	username := ToS(k.args[0])
	pw := k.args[1]
	if s, ok := pw.(*Sensitive); ok {
		pw = s.V
	}
	sensitive := len(k.args) > 2 && k.args[2] == true
	hash := "md5"
	if len(k.args) > 3 && k.args[3] != nil {
		hash = ToS(k.args[3])
	} else if fd := k.c.findFunction("postgresql::default"); fd != nil {
		v, err := k.c.callPuppetFunction(&call{c: k.c, s: k.s, name: "postgresql::default", args: []Value{"password_encryption"}, rng: k.rng}, fd)
		if err != nil {
			return nil, err
		}
		if v != nil {
			hash = ToS(v)
		}
	}
	wrap := func(s string) Value {
		if sensitive {
			return &Sensitive{V: s}
		}
		return s
	}
	password := ToS(pw)
	if _, isString := pw.(string); isString && pgHashed.MatchString(password) {
		return wrap(password), nil
	}
	switch hash {
	case "md5":
		sum := md5.Sum([]byte(password + username))
		return wrap("md5" + hex.EncodeToString(sum[:])), nil
	case "scram-sha-256":
		salt := username
		if len(k.args) > 4 && k.args[4] != nil {
			salt = ToS(k.args[4])
		}
		digest := pbkdf2SHA256([]byte(password), []byte(salt), 4096, 32)
		mac := func(msg string) []byte {
			h := hmac.New(sha256.New, digest)
			h.Write([]byte(msg))
			return h.Sum(nil)
		}
		client := sha256.Sum256(mac("Client Key"))
		enc := base64.StdEncoding.EncodeToString
		return wrap(fmt.Sprintf("SCRAM-SHA-256$4096:%s$%s:%s", enc([]byte(salt)), enc(client[:]), enc(mac("Server Key")))), nil
	}
	return nil, failf("postgresql::postgresql_password(): got unkown hash type '%s'", hash)
}

// pbkdf2SHA256 is PBKDF2 with HMAC-SHA256 (RFC 8018).
func pbkdf2SHA256(password, salt []byte, iter, keyLen int) []byte {
	prf := hmac.New(sha256.New, password)
	var out []byte
	for block := uint32(1); len(out) < keyLen; block++ {
		prf.Reset()
		prf.Write(salt)
		var n [4]byte
		binary.BigEndian.PutUint32(n[:], block)
		prf.Write(n[:])
		u := prf.Sum(nil)
		t := append([]byte(nil), u...)
		for i := 1; i < iter; i++ {
			prf.Reset()
			prf.Write(u)
			u = prf.Sum(u[:0])
			for j := range t {
				t[j] ^= u[j]
			}
		}
		out = append(out, t...)
	}
	return out[:keyLen]
}

func fnPgPrependPassword(k *call) (Value, error) {
	if err := k.argc(1, 1); err != nil {
		return nil, err
	}
	return "ENCRYPTED PASSWORD '" + ToS(k.args[0]) + "'", nil
}
