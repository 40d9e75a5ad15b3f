package cli_test

import (
	"bytes"
	"errors"
	"fmt"
	"html"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// malformedHTTPAddr is where the cases with an http source fetch from;
// the recorder serves the same folder there, in the same way.
const malformedHTTPAddr = "127.0.0.1:47391"

// malformedHTTPMtime is the Last-Modified of everything served.
var malformedHTTPMtime = time.Date(2023, 1, 2, 3, 4, 5, 0, time.UTC)

var (
	malformedHTTPOnce sync.Once
	malformedHTTPErr  error
)

// serveMalformedHTTP starts, once for the whole test binary, the server of
// the suite's http/ folder when the catalog names it.
func serveMalformedHTTP(t *testing.T, catalog []byte) {
	t.Helper()
	if !bytes.Contains(catalog, []byte("http://"+malformedHTTPAddr+"/")) {
		return
	}
	malformedHTTPOnce.Do(func() {
		dir, err := filepath.Abs(filepath.Join(malformedSuite, "http"))
		if err != nil {
			malformedHTTPErr = err
			return
		}
		// The address is fixed (the goldens name it); another test binary
		// (another checkout's) may hold it until it ends.
		var l net.Listener
		for wait := time.Now().Add(10 * time.Minute); ; {
			l, err = net.Listen("tcp", malformedHTTPAddr)
			if err == nil || !errors.Is(err, syscall.EADDRINUSE) || time.Now().After(wait) {
				break
			}
			time.Sleep(time.Second)
		}
		if err != nil {
			malformedHTTPErr = err
			return
		}
		go http.Serve(l, malformedHTTPHandler(dir))
	})
	if malformedHTTPErr != nil {
		t.Fatalf("serving the suite's http/ folder on %s: %v", malformedHTTPAddr, malformedHTTPErr)
	}
}

// malformedHTTPHandler answers as the recorder's server does: a file with
// its content, a folder with a listing of its names, anything else 404;
// each with a fixed Last-Modified but the 404.
func malformedHTTPHandler(dir string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rel := strings.TrimLeft(r.URL.Path, "/")
		p := filepath.Join(dir, filepath.FromSlash(rel))
		st, err := os.Stat(p)
		h := w.Header()
		var body []byte
		switch {
		case slices.Contains(strings.Split(rel, "/"), "..") || errors.Is(err, os.ErrNotExist):
			body = []byte("404 page not found\n")
			h.Set("Content-Type", "text/plain; charset=utf-8")
			h.Set("Content-Length", strconv.Itoa(len(body)))
			w.WriteHeader(http.StatusNotFound)
			if r.Method != http.MethodHead {
				w.Write(body)
			}
			return
		case err != nil:
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		case st.IsDir():
			entries, err := os.ReadDir(p)
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			var b strings.Builder
			b.WriteString("<pre>\n")
			for _, e := range entries {
				n := html.EscapeString(e.Name())
				fmt.Fprintf(&b, "<a href=\"%s\">%s</a>\n", n, n)
			}
			b.WriteString("</pre>\n")
			body = []byte(b.String())
			h.Set("Content-Type", "text/html; charset=utf-8")
		default:
			if body, err = os.ReadFile(p); err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			h.Set("Content-Type", "text/plain; charset=utf-8")
		}
		h.Set("Last-Modified", malformedHTTPMtime.Format(http.TimeFormat))
		h.Set("Content-Length", strconv.Itoa(len(body)))
		if r.Method != http.MethodHead {
			w.Write(body)
		}
	})
}
