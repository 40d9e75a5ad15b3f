// Package sourcetest serves the HTTP sources that the file type's tests
// and the recordings from Puppet fetch: fixed files with and without
// checksum headers, and the odd servers a source can meet (a missing
// file, a refused HEAD, a redirect loop, a body cut short, a slow body,
// basic authentication, a busy server asking to retry).
package sourcetest

import (
	"crypto/md5"
	"crypto/sha1"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/http"
	"strconv"
	"sync/atomic"
	"time"
)

// LastModified is the Last-Modified time of every file served with one.
var LastModified = time.Date(2023, 1, 2, 3, 4, 5, 0, time.UTC)

// User and Password are what /secret.txt asks for.
const (
	User     = "reader"
	Password = "s3cret"
)

// Bodies are the contents served, by path.
var Bodies = map[string]string{
	"/plain.txt":      "hello over http\n",
	"/sha256.txt":     "checked by sha256\n",
	"/sha1.txt":       "checked by sha1\n",
	"/md5.txt":        "checked by md5\n",
	"/badsum.txt":     "not what the header says\n",
	"/nohead.txt":     "served to GET only\n",
	"/nolm.txt":       "no last-modified\n",
	"/secret.txt":     "for the reader only\n",
	"/getfails.txt":   "never sent\n",
	"/dir/":           "<html><body><a href=\"a.txt\">a.txt</a></body></html>\n",
	"/cut.txt":        "only the start",
	"/slow.txt":       "slow",
	"/huge.bin":       "a start",
	"/redirected.txt": "moved here\n",
	"/retry.txt":      "after a retry\n",
}

// Handler returns the server. It keeps no state between requests but the
// turn of /retry.txt, which answers every other request.
func Handler() http.Handler {
	mux := http.NewServeMux()
	lm := LastModified.Format(http.TimeFormat)
	file := func(path string, headers func(h http.Header, body string)) {
		body := Bodies[path]
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path != path {
				http.NotFound(w, r)
				return
			}
			h := w.Header()
			h.Set("Content-Type", "text/plain")
			if headers != nil {
				headers(h, body)
			}
			h.Set("Content-Length", strconv.Itoa(len(body)))
			if r.Method == http.MethodHead {
				return
			}
			fmt.Fprint(w, body)
		})
	}
	withLM := func(h http.Header, _ string) { h.Set("Last-Modified", lm) }
	file("/plain.txt", withLM)
	file("/sha256.txt", func(h http.Header, body string) {
		withLM(h, body)
		s := sha256.Sum256([]byte(body))
		h.Set("X-Checksum-Sha256", hex.EncodeToString(s[:]))
	})
	file("/sha1.txt", func(h http.Header, body string) {
		withLM(h, body)
		s := sha1.Sum([]byte(body))
		h.Set("X-Checksum-Sha1", hex.EncodeToString(s[:]))
	})
	file("/md5.txt", func(h http.Header, body string) {
		withLM(h, body)
		s := md5.Sum([]byte(body))
		h.Set("Content-MD5", base64.StdEncoding.EncodeToString(s[:]))
	})
	file("/badsum.txt", func(h http.Header, body string) {
		withLM(h, body)
		s := sha256.Sum256([]byte("something else\n"))
		h.Set("X-Checksum-Sha256", hex.EncodeToString(s[:]))
	})
	file("/nolm.txt", nil)
	file("/redirected.txt", withLM)
	file("/dir/", withLM)
	mux.HandleFunc("/dir", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/dir/", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/redirect.txt", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/redirected.txt", http.StatusFound)
	})
	mux.HandleFunc("/loop.txt", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/loop.txt", http.StatusFound)
	})
	// bare answers with path's body and only Last-Modified and
	// Content-Length, for the handlers that first turn some requests away.
	bare := func(w http.ResponseWriter, r *http.Request, path string) {
		body := Bodies[path]
		w.Header().Set("Last-Modified", lm)
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		if r.Method != http.MethodHead {
			fmt.Fprint(w, body)
		}
	}
	// A server that refuses HEAD (as S3's presigned URLs do) but answers
	// a GET of the first byte.
	mux.HandleFunc("/nohead.txt", func(w http.ResponseWriter, r *http.Request) {
		body := Bodies["/nohead.txt"]
		if r.Method == http.MethodHead {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		w.Header().Set("Last-Modified", lm)
		if r.Header.Get("Range") == "bytes=0-0" {
			w.Header().Set("Content-Range", fmt.Sprintf("bytes 0-0/%d", len(body)))
			w.Header().Set("Content-Length", "1")
			w.WriteHeader(http.StatusPartialContent)
			fmt.Fprint(w, body[:1])
			return
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		fmt.Fprint(w, body)
	})
	mux.HandleFunc("/secret.txt", func(w http.ResponseWriter, r *http.Request) {
		if u, p, ok := r.BasicAuth(); !ok || u != User || p != Password {
			w.Header().Set("WWW-Authenticate", `Basic realm="sources"`)
			http.Error(w, "who are you?", http.StatusUnauthorized)
			return
		}
		bare(w, r, "/secret.txt")
	})
	// HEAD finds it, GET fails.
	mux.HandleFunc("/getfails.txt", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Last-Modified", lm)
		if r.Method == http.MethodHead {
			w.Header().Set("Content-Length", strconv.Itoa(len(Bodies["/getfails.txt"])))
			return
		}
		http.Error(w, "the disk is on fire", http.StatusInternalServerError)
	})
	// Bodies shorter than their Content-Length: the connection closes
	// after the first bytes.
	cut := func(path string, length int64) {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Last-Modified", lm)
			w.Header().Set("Content-Length", strconv.FormatInt(length, 10))
			if r.Method == http.MethodHead {
				return
			}
			w.WriteHeader(http.StatusOK)
			fmt.Fprint(w, Bodies[path])
			w.(http.Flusher).Flush()
			if hj, ok := w.(http.Hijacker); ok {
				if c, _, err := hj.Hijack(); err == nil {
					c.Close()
				}
			}
		})
	}
	cut("/cut.txt", 1000)
	cut("/huge.bin", 1<<40)
	// A body that never ends: the first bytes, then nothing until the
	// client goes away.
	mux.HandleFunc("/slow.txt", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Last-Modified", lm)
		w.Header().Set("Content-Length", "100")
		if r.Method == http.MethodHead {
			return
		}
		w.WriteHeader(http.StatusOK)
		fmt.Fprint(w, Bodies["/slow.txt"])
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	})
	// Busy every other request: 503 with Retry-After: 0, then the file.
	var turns atomic.Int64
	mux.HandleFunc("/retry.txt", func(w http.ResponseWriter, r *http.Request) {
		if turns.Add(1)%2 == 1 {
			w.Header().Set("Retry-After", "0")
			http.Error(w, "busy", http.StatusServiceUnavailable)
			return
		}
		bare(w, r, "/retry.txt")
	})
	// Always busy.
	mux.HandleFunc("/busy.txt", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "0")
		http.Error(w, "busy", http.StatusTooManyRequests)
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "no such file", http.StatusNotFound)
	})
	return mux
}
