package datafile

import "testing"

func FuzzYAML(f *testing.F) {
	for _, s := range []string{"a: 1\n", "- [x, {y: ~}]\n", "a: &x {b: 1}\nc: *x\nd:\n  <<: *x\n", "0755", ":sym", "1:30", "x: [1\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		YAML(data) // must not panic
	})
}

func FuzzJSON(f *testing.F) {
	for _, s := range []string{`{"a": [1, 2.5, "x", null, true]}`, `[]`, `{"a":`, `1e400`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		JSON(data)
	})
}
