package gen

import (
	"bytes"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
)

// BenchmarkDecode100kFiles reads the JSON of a catalog of 100,000 files
// (about 33 MB), as ordo apply --catalog does before anything else.
func BenchmarkDecode100kFiles(b *testing.B) {
	var buf bytes.Buffer
	if err := catalog.Encode(&buf, Files("/srv/bench", 100000, false)); err != nil {
		b.Fatal(err)
	}
	data := buf.Bytes()
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := catalog.Decode(data, "bench.json"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEncode100kFiles writes the same catalog.
func BenchmarkEncode100kFiles(b *testing.B) {
	c := Files("/srv/bench", 100000, false)
	var buf bytes.Buffer
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		buf.Reset()
		if err := catalog.Encode(&buf, c); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(buf.Len()))
}

// BenchmarkFiles100k generates the catalog itself.
func BenchmarkFiles100k(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Files("/srv/bench", 100000, false)
	}
}
