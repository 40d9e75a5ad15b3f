package catalog

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// Puppet writes a catalog's strings byte for byte; both decoders keep
// bytes that are not UTF-8, with or without escapes around them.
func TestDecodeKeepsBytes(t *testing.T) {
	for _, tc := range []struct {
		name, json, want string
	}{
		{"raw", "\"a\xff\xfeb\"", "a\xff\xfeb"},
		{"escaped", "\"\xff\\n\\u00e9\\ud83d\\ude00\\tx\"", "\xff\n\u00e9\U0001F600\tx"},
		{"nul", `"a\u0000b"`, "a\x00b"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			data := []byte(`{"name": ` + tc.json + `, "resources": [{"type": "File", "title": "/r/t", "tags": [` + tc.json + `],` +
				` "parameters": {"content": ` + tc.json + `, "k` + tc.json[1:] + `: [` + tc.json + `]}}]}`)
			fast, ok := decodeFast(data)
			if !ok {
				t.Fatalf("decodeFast gave up on %q", data)
			}
			general, err := decodeGeneral(data, "x.json")
			if err != nil {
				t.Fatal(err)
			}
			for name, c := range map[string]*Catalog{"fast": fast, "general": general} {
				r := c.Resources[0]
				if c.Name != tc.want || r.Tags[0] != tc.want {
					t.Errorf("%s: name %q, tags %q, want %q", name, c.Name, r.Tags, tc.want)
				}
				if v, _ := r.Get("content"); v != tc.want {
					t.Errorf("%s: content %q, want %q", name, v, tc.want)
				}
				if v, ok := r.Get("k" + tc.want); !ok || v.([]Value)[0] != tc.want {
					t.Errorf("%s: parameter k… lost its bytes: %q", name, r.Params)
				}
			}
		})
	}
}

// What Puppet 7.23 refuses: a title that is not UTF-8 (its title patterns
// cannot match it) and half a surrogate pair anywhere.
func TestDecodeRefusesBadStrings(t *testing.T) {
	for _, tc := range []struct{ json, want string }{
		{"{\"resources\": [{\"type\": \"File\", \"title\": \"/r/\xff\"}]}", "x.json:1:16: title of resource 1 (File): invalid byte sequence in UTF-8"},
		{`{"resources": [{"type": "File", "title": "/r/\ud800"}]}`, `x.json:1:16: title of resource 1 (File): incomplete surrogate pair at '\ud800'`},
		{`{"resources": [{"type": "File", "title": "/r", "parameters": {"content": "a\udc00b"}}]}`, `x.json:1:16: parameters of File[/r]: incomplete surrogate pair at '\udc00'`},
		{`{"resources": [{"type": "File", "title": "/r", "parameters": {"content": "\ud83d\u0041"}}]}`, `incomplete surrogate pair at '\ud83d'`},
	} {
		_, err := Decode([]byte(tc.json), "x.json")
		if err == nil || !strings.HasSuffix(err.Error(), tc.want) {
			t.Errorf("Decode(%s) = %v, want an error ending %s", tc.json, err, tc.want)
		}
	}
}

// A string field of the wrong type keeps encoding/json's positioned error.
func TestDecodeStringFieldTypeError(t *testing.T) {
	_, err := Decode([]byte("{\n  \"name\": 42\n}"), "c.json")
	want := "c.json:2:13: name must be a string, not a number"
	if err == nil || err.Error() != want {
		t.Errorf("got %v, want %s", err, want)
	}
}

// Encode keeps the bytes Decode kept: a catalog with content that is not
// UTF-8 survives the round trip.
func TestEncodeKeepsBytes(t *testing.T) {
	data := []byte("{\"resources\": [{\"type\": \"File\", \"title\": \"/r/t\", \"file\": \"/m\xffa.pp\", \"parameters\": {\"content\": \"a\xff\xfe<\\n\\u00e9\x80\", \"k\xc3\": [\"\xff\"]}}]}")
	a, err := Decode(data, "x.json")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Encode(&buf, a); err != nil {
		t.Fatal(err)
	}
	b, err := Decode(buf.Bytes(), "encoded.json")
	if err != nil {
		t.Fatalf("%v\n%s", err, buf.Bytes())
	}
	ra, rb := a.Resources[0], b.Resources[0]
	if ra.File != rb.File || ra.File != "/m\xffa.pp" {
		t.Errorf("file %q became %q", ra.File, rb.File)
	}
	for i, p := range ra.Params {
		if q := rb.Params[i]; q.Name != p.Name || Format(q.Value) != Format(p.Value) {
			t.Errorf("parameter %q = %q became %q = %q", p.Name, Format(p.Value), q.Name, Format(q.Value))
		}
	}
	if v, _ := rb.Get("content"); v != "a\xff\xfe<\n\u00e9\x80" {
		t.Errorf("content %q", v)
	}
}

// FuzzUnquote: on every string encoding/json reads without replacing
// anything (valid UTF-8, no half surrogate pairs), unquote agrees with it;
// and it never accepts what encoding/json refuses.
func FuzzUnquote(f *testing.F) {
	for _, s := range []string{`a`, `\n\t\"\\\/`, `\u00e9\ud83d\ude00`, `\ud800`, `\u12`, "a\xffb", `\x`, "\x01"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body string) {
		got, err := unquote(body)
		var want string
		jerr := json.Unmarshal([]byte(`"`+body+`"`), &want)
		if jerr != nil {
			if err == nil && !strings.Contains(body, `"`) {
				t.Fatalf("unquote(%q) = %q; encoding/json refuses it: %v", body, got, jerr)
			}
			return
		}
		if err != nil {
			if errors.Is(err, errLoneSurrogate) {
				return
			}
			t.Fatalf("unquote(%q): %v; encoding/json reads %q", body, err, want)
		}
		if utf8.ValidString(body) && got != want {
			t.Fatalf("unquote(%q) = %q, encoding/json %q", body, got, want)
		}
	})
}

// TestPlainJSON checks the eight-bytes-at-a-time test against a byte at
// a time, for every byte at every place of strings of 1 to 17 bytes.
func TestPlainJSON(t *testing.T) {
	plain := func(s string) bool {
		for i := 0; i < len(s); i++ {
			if c := s[i]; c < 0x20 || c >= 0x80 || c == '"' || c == '\\' {
				return false
			}
		}
		return true
	}
	for n := 1; n <= 17; n++ {
		for at := 0; at < n; at++ {
			for c := 0; c < 256; c++ {
				b := []byte(strings.Repeat("a", n))
				b[at] = byte(c)
				if got, want := plainJSON(string(b)), plain(string(b)); got != want {
					t.Fatalf("plainJSON(%q) = %v, want %v", b, got, want)
				}
			}
		}
	}
	// Pairs of bytes at the edges of what is plain, where a borrow
	// from one byte could reach the next.
	edges := []byte{0x00, 0x01, 0x1f, 0x20, 0x21, 0x22, 0x23, 0x5b, 0x5c, 0x5d, 0x7f, 0x80, 0x81, 0xff}
	for i := 0; i < 16; i++ {
		for j := i + 1; j < 16; j++ {
			for _, x := range edges {
				for _, y := range edges {
					b := []byte(strings.Repeat("a", 16))
					b[i], b[j] = x, y
					if got, want := plainJSON(string(b)), plain(string(b)); got != want {
						t.Fatalf("plainJSON(%q) = %v, want %v", b, got, want)
					}
				}
			}
		}
	}
}
