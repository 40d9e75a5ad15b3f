package eval

import (
	"net/url"

	"github.com/ordoproject/ordo/internal/lazyre"
)

// Go stand-ins for the Ruby functions of voxpupuli's puppet-archive.

func archiveFunctions() map[string]builtin {
	return map[string]builtin{"archive::assemble_nexus_url": fnAssembleNexusURL}
}

var httpURL = lazyre.New(`(?is)\Ahttps?://.*\z`)

// fnAssembleNexusURL is archive::assemble_nexus_url: Nexus's artifact
// content URL under the server's, with the parameters as a query string
// (values escaped as Ruby's CGI.escape does).
func fnAssembleNexusURL(k *call) (Value, error) {
	if err := k.argc(2, 2); err != nil {
		return nil, err
	}
	base, ok := k.args[0].(string)
	if !ok {
		return nil, failf("'%s' parameter 'nexus_url' expects a Stdlib::HTTPUrl = Pattern[/(?i:\\Ahttps?:\\/\\/.*\\z)/] value, got %s", k.name, inferredTypeName(k.args[0]))
	}
	if !httpURL.MatchString(base) {
		return nil, failf("'%s' parameter 'nexus_url' expects a match for Stdlib::HTTPUrl = Pattern[/(?i:\\Ahttps?:\\/\\/.*\\z)/], got %s", k.name, quoteString(base))
	}
	params, ok := k.args[1].(*Hash)
	if !ok {
		return nil, failf("'%s' parameter 'params' expects a Hash value, got %s", k.name, inferredTypeName(k.args[1]))
	}
	query := ""
	for i, key := range params.keys {
		if i > 0 {
			query += "&"
		}
		v, ok := params.vals[i].(string)
		if !ok {
			return nil, failf("no implicit conversion of %s into String", rubyClassOf(params.vals[i]))
		}
		query += rubyToS(key) + "=" + url.QueryEscape(v)
	}
	return base + "/service/local/artifact/maven/content?" + query, nil
}
