package eval

import (
	"crypto/sha256"
	"crypto/sha512"
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
