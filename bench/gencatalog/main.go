// Command gencatalog writes a generated Puppet JSON catalog (catalog_format
// 2) for benchmarks: gencatalog -kind files|chained|notifies|mixed -n N
// -root DIR [-o FILE].
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/catalog/gen"
)

func main() {
	kind := flag.String("kind", "files", "files, chained (files each requiring the previous one), notifies or mixed")
	n := flag.Int("n", 2000, "number of resources (files for files and chained)")
	root := flag.String("root", "/tmp/ordo-bench", "folder the resources are managed under (an absolute path)")
	out := flag.String("o", "-", "output file; - is standard output")
	flag.Parse()

	var c *catalog.Catalog
	switch *kind {
	case "files":
		c = gen.Files(*root, *n, false)
	case "chained":
		c = gen.Files(*root, *n, true)
	case "notifies":
		c = gen.Notifies(*n)
	case "mixed":
		c = gen.Mixed(*root, *n)
	default:
		fmt.Fprintf(os.Stderr, "gencatalog: unknown -kind %q: use files, chained, notifies or mixed\n", *kind)
		os.Exit(2)
	}
	if *root == "" || (*root)[0] != '/' {
		fmt.Fprintf(os.Stderr, "gencatalog: -root must be an absolute path, not %q\n", *root)
		os.Exit(2)
	}
	w := os.Stdout
	if *out != "-" {
		fh, err := os.Create(*out)
		if err != nil {
			fmt.Fprintln(os.Stderr, "gencatalog:", err)
			os.Exit(1)
		}
		w = fh
	}
	bw := bufio.NewWriterSize(w, 1<<20)
	err := catalog.Encode(bw, c)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil && w != os.Stdout {
		err = w.Close()
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gencatalog:", err)
		os.Exit(1)
	}
}
