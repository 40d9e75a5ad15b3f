package eval

import (
	"crypto/sha1"
	"encoding/hex"
	"strings"

	"github.com/ordoproject/ordo/internal/lazyre"
)

// Go stand-ins for the Ruby functions of puppetlabs-mysql.

func mysqlFunctions() map[string]builtin {
	return map[string]builtin{
		"mysql::normalise_and_deepmerge": fnNormaliseAndDeepmerge,
		"mysql::password":                fnMysqlPassword,
		// The plain name is a deprecated shim that passes its arguments on.
		"mysql_password": func(k *call) (Value, error) {
			kk := *k
			kk.name = "mysql::password"
			return fnMysqlPassword(&kk)
		},
	}
}

var mysqlHash = lazyre.New(`(?m)^\*[A-F0-9]{40}$`)

// fnMysqlPassword is mysql::password: MySQL's native password hash, "*"
// and the upper-case hex SHA-1 of the SHA-1 of the password; a value
// that already is such a hash, and an empty password, stay as they are.
// Sensitive when the second argument is true.
func fnMysqlPassword(k *call) (Value, error) {
	if err := k.argc(1, 2); err != nil {
		return nil, err
	}
	pw := k.args[0]
	if s, ok := pw.(*Sensitive); ok {
		pw = s.V
	}
	password, ok := pw.(string)
	if !ok {
		return nil, failf("'%s' parameter 'password' expects a value of type String or Sensitive[String], got %s", k.name, inferredTypeName(k.args[0]))
	}
	sensitive := false
	if len(k.args) > 1 {
		b, ok := k.args[1].(bool)
		if !ok {
			return nil, failf("'%s' parameter 'sensitive' expects a Boolean value, got %s", k.name, inferredTypeName(k.args[1]))
		}
		sensitive = b
	}
	result := password
	if !mysqlHash.MatchString(password) && password != "" {
		inner := sha1.Sum([]byte(password))
		outer := sha1.Sum(inner[:])
		result = "*" + strings.ToUpper(hex.EncodeToString(outer[:]))
	}
	if sensitive {
		return &Sensitive{V: result}, nil
	}
	return result, nil
}
