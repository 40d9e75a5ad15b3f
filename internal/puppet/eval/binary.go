package eval

import (
	"bytes"
	"encoding/base64"
	"strconv"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
)

// Binary is a sequence of bytes, Puppet's Binary.
type Binary struct{ B []byte }

// String is the strict Base64 of the bytes, as Puppet prints a Binary.
func (b *Binary) String() string { return base64.StdEncoding.EncodeToString(b.B) }

func (b *Binary) typeName() string { return "Binary" }

// toCatalog is Puppet's rich data for a Binary, which a file's content
// takes as bytes; a catalog without rich data holds the Base64.
func (b *Binary) toCatalog() catalog.Value { return richScalar("Binary", b.String()) }

// newBinary is Binary(string[, format]): format %B (strict Base64, the
// default for a string: lenient), %b (lenient Base64), %u (URL-safe
// Base64), %s (the string's own bytes); or Binary(array of bytes).
func newBinary(k *call) (Value, error) {
	switch a := k.args[0].(type) {
	case string:
		format := "%b"
		if len(k.args) > 1 {
			f, ok := k.args[1].(string)
			if !ok {
				return nil, failf("'new_Binary' parameter 'str_format' expects a String value, got %s", inferredTypeName(k.args[1]))
			}
			format = f
		}
		switch format {
		case "%s":
			return &Binary{B: []byte(a)}, nil
		case "%B":
			b, err := base64.StdEncoding.DecodeString(a)
			if err != nil {
				return nil, failf("invalid base64")
			}
			return &Binary{B: b}, nil
		case "%u":
			b, err := base64.URLEncoding.DecodeString(padBase64(a))
			if err != nil {
				return nil, failf("invalid base64")
			}
			return &Binary{B: b}, nil
		case "%b":
			clean := strings.Map(func(r rune) rune {
				if r == '\n' || r == '\r' || r == ' ' || r == '\t' {
					return -1
				}
				return r
			}, a)
			b, err := base64.StdEncoding.DecodeString(padBase64(clean))
			if err != nil {
				return nil, failf("invalid base64")
			}
			return &Binary{B: b}, nil
		}
		if len(k.args) == 2 {
			// The three signatures of Binary.new each refuse the call.
			base64Format := "Base64Format = Enum['%B', '%b', '%r', '%s', '%u']"
			return nil, failf("The function 'new_Binary' was called with arguments it does not accept. It expects one of:\n"+
				"  (String str, %[1]s format?)\n    rejected: parameter 'format' expects a match for %[1]s, got %[2]s\n"+
				"  (Array[ByteInteger] byte_array)\n    rejected: expects 1 argument, got 2\n"+
				"  (BinaryArgsHash = Variant[StringHash = Struct[{'value' => String, 'format' => Optional[%[1]s]}], ArrayHash = Struct[{'value' => Array[ByteInteger = Integer[0, 255]]}]] hash_args)\n    rejected: expects 1 argument, got 2",
				base64Format, quoteString(format))
		}
		return nil, failf("'new_Binary' Unsupported Base64 format '%s'", format)
	case []Value:
		out := make([]byte, 0, len(a))
		for _, e := range a {
			n, ok := e.(int64)
			if !ok || n < 0 || n > 255 {
				return nil, failf("'new_Binary' expects an Array of Integer[0, 255]")
			}
			out = append(out, byte(n))
		}
		return &Binary{B: out}, nil
	case *Binary:
		return a, nil
	}
	return nil, failf("'new_Binary' expects a String or Array value, got %s", typeName(k.args[0]))
}

func padBase64(s string) string {
	if n := len(s) % 4; n != 0 {
		s += strings.Repeat("=", 4-n)
	}
	return s
}

// formatBinary is String(binary, format): %s the bytes as a string, %p
// Binary("..."), %b, %B and %u Base64, %t, %T the type name.
func formatBinary(b *Binary, format string) (string, bool) {
	switch format {
	case "%s":
		return string(b.B), true
	case "%p":
		return "Binary(" + strconv.Quote(b.String()) + ")", true
	case "%B", "%b":
		return b.String(), true
	case "%u":
		return base64.URLEncoding.EncodeToString(b.B), true
	}
	return "", false
}

func binaryEqual(a, b *Binary) bool { return bytes.Equal(a.B, b.B) }
