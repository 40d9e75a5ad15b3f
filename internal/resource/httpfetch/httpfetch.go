// Package httpfetch makes the plain GET requests of the Forge modules'
// providers that download over http(s) in Ruby (archive's provider
// "ruby", apt_key's source): one request with the module's own options,
// the response handed back whatever its status, for the caller to word
// as its module does.
package httpfetch

import (
	"context"
	"crypto/tls"
	"errors"
	"net/http"
	"net/url"
	"time"
)

// Options are a request's settings; the zero value is a GET with Go's
// defaults.
type Options struct {
	// Insecure skips the server certificate's verification.
	Insecure bool
	// Proxy, when not nil, is the proxy every request goes through;
	// otherwise the environment's (http_proxy, https_proxy, no_proxy).
	Proxy *url.URL
	// BasicAuth sends Username and Password as basic authentication.
	BasicAuth          bool
	Username, Password string
	// Cookie, when not "", is sent as the Cookie header.
	Cookie string
	// CheckRedirect, when not nil, decides on each redirect as
	// http.Client's does.
	CheckRedirect func(req *http.Request, via []*http.Request) error
	// Timeout bounds the whole request; zero for none.
	Timeout time.Duration
}

// Get sends a GET request for u. The response comes back whatever its
// status; the caller closes its body. A request that fails has the error
// beneath Go's *url.Error (the refused connection, the unknown host),
// which is what the modules' Ruby code meets.
func Get(ctx context.Context, u string, o Options) (*http.Response, error) {
	// As Ruby's Net::HTTP and open-uri, which the modules use: the proxy
	// of the environment unless the resource names one.
	tr := &http.Transport{Proxy: http.ProxyFromEnvironment}
	if o.Insecure {
		tr.TLSClientConfig = &tls.Config{InsecureSkipVerify: true}
	}
	if o.Proxy != nil {
		tr.Proxy = http.ProxyURL(o.Proxy)
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	if o.Cookie != "" {
		req.Header.Set("Cookie", o.Cookie)
	}
	if o.BasicAuth {
		req.SetBasicAuth(o.Username, o.Password)
	}
	client := &http.Client{Transport: tr, CheckRedirect: o.CheckRedirect, Timeout: o.Timeout}
	resp, err := client.Do(req)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			return nil, ue.Err
		}
		return nil, err
	}
	return resp, nil
}
