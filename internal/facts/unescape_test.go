package facts

import "testing"

// The escapes of udev's link names and of /proc/mounts' fields.
func TestUnescape(t *testing.T) {
	for _, tc := range []struct {
		name, in, want string
		f              func(string) string
	}{
		{"udev plain", "wwn-0x5000", "wwn-0x5000", unescapeUdev},
		{"udev slash and space", `My\x2fDisk\x20A`, "My/Disk A", unescapeUdev},
		{"udev escape at the end", `a\x41`, "aA", unescapeUdev},
		{"udev cut short", `a\x4`, `a\x4`, unescapeUdev},
		{"udev not hex", `a\xzz`, `a\xzz`, unescapeUdev},
		{"udev lone backslash", `a\b`, `a\b`, unescapeUdev},
		{"mount space", `/mnt/my\040disk`, "/mnt/my disk", unescapeMount},
		{"mount tab and backslash", `a\011b\134c`, "a\tb\\c", unescapeMount},
		{"mount escape at the end", `a\040`, "a ", unescapeMount},
		{"mount cut short", `a\04`, `a\04`, unescapeMount},
		{"mount too large for a byte", `a\777`, `a\777`, unescapeMount},
		{"mount not octal", `a\089`, `a\089`, unescapeMount},
	} {
		if got := tc.f(tc.in); got != tc.want {
			t.Errorf("%s: %q gives %q, want %q", tc.name, tc.in, got, tc.want)
		}
	}
}
