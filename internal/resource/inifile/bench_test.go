package inifile

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkSetInLargeFile reads a file of 200 sections of 100 settings,
// changes one setting and writes the file again, as one resource does.
func BenchmarkSetInLargeFile(b *testing.B) {
	var src strings.Builder
	for s := range 200 {
		fmt.Fprintf(&src, "[s%d]\n", s)
		for k := range 100 {
			fmt.Fprintf(&src, "key%d = value %d\n", k, k)
		}
		src.WriteString("\n")
	}
	data := []byte(src.String())
	p, err := compilePatterns(DefaultLayout())
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		f := parseWith(data, DefaultLayout(), p)
		f.Set("s150", "key50", " = ", "changed")
		_ = f.Bytes()
	}
}
