package eval

import (
	"crypto/md5"
	"encoding/hex"
	"strings"
)

// Go stand-ins for the Ruby functions of voxpupuli's puppet-php,
// puppet-mongodb and puppet-letsencrypt.

func phpFunctions() map[string]builtin {
	return map[string]builtin{
		"php::ensure_prefix": fnPHPEnsurePrefix,
		"to_hash_settings":   fnToHashSettings,
	}
}

// fnPHPEnsurePrefix is php::ensure_prefix: every element of an array,
// or every key of a hash, as a string that starts with the prefix. An
// empty or undef prefix leaves the collection as it is.
func fnPHPEnsurePrefix(k *call) (Value, error) {
	if err := k.argc(2, 2); err != nil {
		return nil, err
	}
	prefix, _ := k.args[1].(string)
	switch k.args[1].(type) {
	case nil, string:
	default:
		return nil, failf("'%s' parameter 'prefix' expects a value of type Undef or String, got %s", k.name, inferredTypeName(k.args[1]))
	}
	add := func(v Value) string {
		s := rubyToS(v)
		if strings.HasPrefix(s, prefix) {
			return s
		}
		return prefix + s
	}
	switch x := k.args[0].(type) {
	case []Value:
		if prefix == "" {
			return x, nil
		}
		out := make([]Value, len(x))
		for i, e := range x {
			out[i] = add(e)
		}
		return out, nil
	case *Hash:
		if prefix == "" {
			return x, nil
		}
		out := NewHash()
		for i, key := range x.keys {
			out.Set(add(key), x.vals[i])
		}
		return out, nil
	}
	return nil, failf("'%s' parameter 'enumerable' expects a value of type Array or Hash, got %s", k.name, inferredTypeName(k.args[0]))
}

// fnToHashSettings is puppet-php's to_hash_settings: each key => value
// of a hash as "ID: key" => {key, value} (the key alone without an id).
func fnToHashSettings(k *call) (Value, error) {
	h, ok := argOr(k, 0).(*Hash)
	if !ok {
		return nil, failf("to_hash_settings(): Requires hash to work with")
	}
	id := ""
	if len(k.args) > 1 && k.args[1] != nil {
		id = rubyToS(k.args[1]) + ": "
	}
	out := NewHash()
	for i, key := range h.keys {
		entry := NewHash()
		entry.Set("key", key)
		entry.Set("value", h.vals[i])
		out.Set(id+rubyToS(key), entry)
	}
	return out, nil
}

func mongodbFunctions() map[string]builtin {
	return map[string]builtin{"mongodb_password": fnMongodbPassword}
}

// fnMongodbPassword is puppet-mongodb's mongodb_password: the hex MD5 of
// "USER:mongo:PASSWORD", Sensitive when the third argument is true.
func fnMongodbPassword(k *call) (Value, error) {
	if err := k.argc(2, 3); err != nil {
		return nil, err
	}
	user, err := stringParam(k.name, "username", k.args[0])
	if err != nil {
		return nil, err
	}
	pw := k.args[1]
	if s, ok := pw.(*Sensitive); ok {
		pw = s.V
	}
	password, ok := pw.(string)
	if !ok || password == "" {
		return nil, failf("'%s' parameter 'password' expects a value of type String or Sensitive, got %s", k.name, inferredTypeName(k.args[1]))
	}
	sum := md5.Sum([]byte(user + ":mongo:" + password))
	out := hex.EncodeToString(sum[:])
	if len(k.args) > 2 {
		sensitive, ok := k.args[2].(bool)
		if !ok {
			return nil, failf("'%s' parameter 'sensitive' expects a Boolean value, got %s", k.name, inferredTypeName(k.args[2]))
		}
		if sensitive {
			return &Sensitive{V: out}, nil
		}
	}
	return out, nil
}

func letsencryptFunctions() map[string]builtin {
	return map[string]builtin{"letsencrypt::letsencrypt_lookup": fnLetsencryptLookup}
}

// fnLetsencryptLookup is letsencrypt::letsencrypt_lookup: the entry of
// the letsencrypt_directory fact for the name, or for its wildcard.
func fnLetsencryptLookup(k *call) (Value, error) {
	if err := k.argc(1, 1); err != nil {
		return nil, err
	}
	name := rubyToS(k.args[0])
	facts, _ := k.c.top.vars["facts"].(*Hash)
	if facts == nil {
		return nil, nil
	}
	v, _ := facts.Get("letsencrypt_directory")
	dir, ok := v.(*Hash)
	if !ok {
		return nil, nil
	}
	if v, ok := dir.Get(name); ok {
		return v, nil
	}
	if _, domain, found := strings.Cut(name, "."); found {
		if v, ok := dir.Get("*." + domain); ok {
			return v, nil
		}
	} else if v, ok := dir.Get("*."); ok {
		return v, nil
	}
	return nil, nil
}
