package httpfetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"syscall"
	"testing"
)

// echo answers with the request's basic authentication and cookie.
var echo = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path == "/redirect" {
		http.Redirect(w, r, "/", http.StatusFound)
		return
	}
	user, pw, ok := r.BasicAuth()
	fmt.Fprintf(w, "auth=%v %s:%s cookie=%s", ok, user, pw, r.Header.Get("Cookie"))
})

func body(t *testing.T, resp *http.Response) string {
	t.Helper()
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestGet(t *testing.T) {
	srv := httptest.NewServer(echo)
	defer srv.Close()
	tlsSrv := httptest.NewTLSServer(echo)
	defer tlsSrv.Close()
	ctx := context.Background()

	resp, err := Get(ctx, srv.URL, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := body(t, resp), "auth=false : cookie="; got != want {
		t.Errorf("plain GET: %q, want %q", got, want)
	}

	resp, err = Get(ctx, srv.URL, Options{BasicAuth: true, Username: "u", Password: "p w", Cookie: "a=b"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := body(t, resp), "auth=true u:p w cookie=a=b"; got != want {
		t.Errorf("GET with credentials: %q, want %q", got, want)
	}

	if _, err := Get(ctx, tlsSrv.URL, Options{}); err == nil {
		t.Error("GET of a server with an unknown certificate succeeded")
	}
	if resp, err := Get(ctx, tlsSrv.URL, Options{Insecure: true}); err != nil {
		t.Errorf("insecure GET: %v", err)
	} else {
		resp.Body.Close()
	}

	stop := errors.New("no redirects")
	_, err = Get(ctx, srv.URL+"/redirect", Options{CheckRedirect: func(*http.Request, []*http.Request) error { return stop }})
	if !errors.Is(err, stop) {
		t.Errorf("redirect refused: %v, want %v", err, stop)
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		t.Errorf("error %v is wrapped in url.Error", err)
	}
}

func TestGetRefused(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	_, err = Get(context.Background(), "http://"+addr+"/", Options{})
	if !errors.Is(err, syscall.ECONNREFUSED) {
		t.Errorf("GET of a closed port: %v, want connection refused", err)
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		t.Errorf("error %v is wrapped in url.Error", err)
	}
}
