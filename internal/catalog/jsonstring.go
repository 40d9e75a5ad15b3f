package catalog

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Strings in a catalog are bytes: Puppet reads a catalog's JSON strings
// without checking that they are UTF-8 and writes a file's content byte
// for byte as it came. encoding/json replaces every byte that is not
// UTF-8 with U+FFFD, so both decoders read strings with unquote instead.

// errLoneSurrogate is a \u escape of half a surrogate pair: Puppet refuses
// the catalog, where encoding/json would make it U+FFFD.
var errLoneSurrogate = errors.New("incomplete surrogate pair")

// errBadString is a JSON string that encoding/json refuses too.
var errBadString = errors.New("malformed string")

// unquote decodes the body of a JSON string (between its quotes). Bytes
// that are not UTF-8 are kept as they are; \u escapes are decoded as
// encoding/json decodes them, but for half a surrogate pair
// (errLoneSurrogate). A malformed escape or a raw control character is
// errBadString.
func unquote(body string) (string, error) {
	if strings.IndexByte(body, '\\') < 0 {
		for i := 0; i < len(body); i++ {
			if body[i] < 0x20 {
				return "", errBadString
			}
		}
		return body, nil
	}
	b, err := unquoteAppend(make([]byte, 0, len(body)), body)
	if err != nil {
		return "", err
	}
	return string(b), nil
}

// unquoteAppend is unquote appending the decoded string to dst.
func unquoteAppend(dst []byte, body string) ([]byte, error) {
	for i := 0; i < len(body); {
		c := body[i]
		if c < 0x20 {
			return dst, errBadString
		}
		if c != '\\' {
			dst = append(dst, c)
			i++
			continue
		}
		if i+1 >= len(body) {
			return dst, errBadString
		}
		switch body[i+1] {
		case '"', '\\', '/':
			dst = append(dst, body[i+1])
		case 'b':
			dst = append(dst, '\b')
		case 'f':
			dst = append(dst, '\f')
		case 'n':
			dst = append(dst, '\n')
		case 'r':
			dst = append(dst, '\r')
		case 't':
			dst = append(dst, '\t')
		case 'u':
			r, ok := hex4(body, i+2)
			if !ok {
				return dst, errBadString
			}
			i += 6
			if utf16.IsSurrogate(r) {
				if r2, ok := hex4(body, i+2); ok && i+1 < len(body) && body[i] == '\\' && body[i+1] == 'u' {
					if pair := utf16.DecodeRune(r, r2); pair != utf8.RuneError {
						dst = utf8.AppendRune(dst, pair)
						i += 6
						continue
					}
				}
				return dst, fmt.Errorf("%w at '\\u%04x'", errLoneSurrogate, r)
			}
			dst = utf8.AppendRune(dst, r)
			continue
		default:
			return dst, errBadString
		}
		i += 2
	}
	return dst, nil
}

// hex4 reads the four hex digits of a \u escape at s[i:].
func hex4(s string, i int) (rune, bool) {
	if i+4 > len(s) {
		return 0, false
	}
	n, err := strconv.ParseUint(s[i:i+4], 16, 32)
	if err != nil {
		return 0, false
	}
	return rune(n), true
}

// rawString is a string field of the catalog's JSON read with unquote, so
// that it keeps its bytes. null leaves it as it was, as for a string.
type rawString string

func (s *rawString) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	if len(data) < 2 || data[0] != '"' {
		// encoding/json wraps this with the field's name and offset.
		return &json.UnmarshalTypeError{Value: rawJSONKind(data), Type: reflect.TypeFor[string]()}
	}
	v, err := unquote(string(data[1 : len(data)-1]))
	if err != nil {
		return err
	}
	*s = rawString(v)
	return nil
}

// stringList is an array of strings read with unquote.
type stringList []string

func (l *stringList) UnmarshalJSON(data []byte) error {
	var raws []json.RawMessage
	if err := json.Unmarshal(data, &raws); err != nil {
		return err
	}
	if raws == nil && bytes.Equal(bytes.TrimSpace(data), []byte("null")) {
		*l = nil
		return nil
	}
	out := make([]string, len(raws))
	for i, raw := range raws {
		switch raw[0] {
		case '"':
			var r rawString
			if err := r.UnmarshalJSON(raw); err != nil {
				return err
			}
			out[i] = string(r)
		case '[', '{', 'n':
			return &json.UnmarshalTypeError{Value: rawJSONKind(raw), Type: reflect.TypeFor[string]()}
		default:
			// A number or a boolean among tags: Puppet reads it as its
			// text (and then checks it as a tag).
			out[i] = string(raw)
		}
	}
	*l = out
	return nil
}

func rawJSONKind(data []byte) string {
	switch data[0] {
	case '{':
		return "object"
	case '[':
		return "array"
	case 't', 'f':
		return "bool"
	case 'n':
		return "null"
	}
	return "number"
}

// tokenString is the string token that json.Decoder just read from
// raw[start:end], decoded with unquote; the decoder's own decoding is
// kept if the token cannot be found there.
func tokenString(raw []byte, start, end int64, decoded string) (string, error) {
	if start < 0 || end > int64(len(raw)) || start >= end {
		return decoded, nil
	}
	seg := raw[start:end]
	i, j := bytes.IndexByte(seg, '"'), bytes.LastIndexByte(seg, '"')
	if i < 0 || j <= i {
		return decoded, nil
	}
	s, err := unquote(string(seg[i+1 : j]))
	if errors.Is(err, errLoneSurrogate) {
		return "", err
	}
	if err != nil {
		return decoded, nil
	}
	return s, nil
}
