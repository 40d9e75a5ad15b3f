// Package archivetest serves the http sources of the archive type's tests
// and of their recordings from Puppet: the machine's files by their path
// (a case's archives under its own temporary folder), those under a
// folder named private only with basic authentication, and a request
// whose URL names another host (through the server as a proxy) as if it
// named this one.
package archivetest

import (
	"net/http"
	"strings"
)

// User and Password are what the files under a private folder ask for.
const (
	User     = "reader"
	Password = "s3cret"
)

// Handler returns the server.
func Handler() http.Handler {
	files := http.FileServer(http.Dir("/"))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.Contains(r.URL.Path, "/private/") {
			u, p, ok := r.BasicAuth()
			if !ok || u != User || p != Password {
				w.Header().Set("WWW-Authenticate", `Basic realm="archive"`)
				http.Error(w, "who are you?", http.StatusUnauthorized)
				return
			}
		}
		if strings.HasSuffix(r.URL.Path, "/") {
			http.NotFound(w, r)
			return
		}
		files.ServeHTTP(w, r)
	})
}
