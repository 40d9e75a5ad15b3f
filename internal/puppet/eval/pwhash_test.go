package eval

import (
	"crypto/sha256"
	"crypto/sha512"
	"strings"
	"testing"
)

// The hashes are glibc crypt(3)'s, as `openssl passwd -5/-6 -salt`
// prints them.
func TestShaCrypt(t *testing.T) {
	long := "a much longer password than one block of the digest, to cover every branch of it"
	if got := shaCrypt(sha512.New, "6", "secret", "saltsalt", sha512Order); got != "$6$saltsalt$TVLlQcbpFVof5W3Yz4DTP6gRstiNuHwwTt6GLc1E5n0U0aDehy0S5knV8wiOQSpT0Y77vwPZN.Pq.H91p5hVO1" {
		t.Errorf("sha512: %s", got)
	}
	if got := shaCrypt(sha256.New, "5", "secret", "saltsalt", sha256Order); got != "$5$saltsalt$0IyaXrmV7.sGNS6tirgqHLqX/G.FBvgkYA.lpPdS5sA" {
		t.Errorf("sha256: %s", got)
	}
	if got := shaCrypt(sha512.New, "6", long, "0123456789abcdefXYZ", sha512Order); got != "$6$0123456789abcdef$4GidINBwLZcymo1vIwGWsl1adDcz99fGUbDl5h9s85fF6Svg3puKmRAV2.29YuOPDbb0b4F.qJAAjntKi0OO7." {
		t.Errorf("long sha512: %s", got)
	}
}

// The hashes are Debian 12's libcrypt (crypt(3), which Ruby's
// String#crypt calls), as Python's crypt.crypt printed them.
func TestMD5AndBcryptCrypt(t *testing.T) {
	for _, c := range []struct{ kind, password, salt, want string }{
		{"md5", "secret", "saltsalt", "$1$saltsalt$9xy1btjgzLYfb7hivXtC//"},
		{"md5", "secret", "saltsaltEXTRA", "$1$saltsalt$9xy1btjgzLYfb7hivXtC//"},
		{"bcrypt", "secret", "10$abcdefghijklmnopqrstuv", "$2b$10$abcdefghijklmnopqrstuuqflPDzB6gcMhKa1rZqKiun2YGL5sa2u"},
		{"bcrypt", "secret", "10$abcdefghijklmnopqrstuvEXTRA", "$2b$10$abcdefghijklmnopqrstuuqflPDzB6gcMhKa1rZqKiun2YGL5sa2u"},
		{"bcrypt-a", "secret", "04$abcdefghijklmnopqrstuu", "$2a$04$abcdefghijklmnopqrstuu2r9OfJnfCsdneAXAGHnS4UpFFP8WIrW"},
		{"bcrypt-y", "secret", "05$abcdefghijklmnopqrstuu", "$2y$05$abcdefghijklmnopqrstuuOQiyCxlgf/oeuTqixKmWdcYUh4Hjl0a"},
		{"bcrypt-x", "secret", "05$abcdefghijklmnopqrstuu", "$2x$05$abcdefghijklmnopqrstuuOQiyCxlgf/oeuTqixKmWdcYUh4Hjl0a"},
		{"bcrypt", strings.Repeat("x", 80), "04$abcdefghijklmnopqrstuv", "$2b$04$abcdefghijklmnopqrstuubzadhGtS2zEF.gu0yd0opP6cVzb.e0i"},
		{"bcrypt-a", "é€", "04$abcdefghijklmnopqrstuv", "$2a$04$abcdefghijklmnopqrstuuRAJ423vkZX8w8k.7eUpxHYlfv8t9MUC"},
	} {
		got, err := fnPwHash(&call{args: []Value{c.password, c.kind, c.salt}})
		if err != nil || got != c.want {
			t.Errorf("pw_hash(%q, %s, %q) = %v, %v; want %s", c.password, c.kind, c.salt, got, err, c.want)
		}
	}
	if _, err := fnPwHash(&call{args: []Value{"é€", "bcrypt-x", "04$abcdefghijklmnopqrstuv"}}); err == nil || !strings.Contains(err.Error(), "bcrypt-x") {
		t.Errorf("bcrypt-x of a non-ASCII password: %v", err)
	}
}
