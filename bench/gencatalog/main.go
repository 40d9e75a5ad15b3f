// Command gencatalog writes a generated Puppet JSON catalog (catalog_format
// 2) for benchmarks: gencatalog -kind files|chained|notifies|mixed -n N
// -root DIR [-o FILE], or gencatalog -kind system -n PACKAGES -services N
// (the first PACKAGES packages dpkg lists as installed, and N services).
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/catalog/gen"
)

func main() {
	kind := flag.String("kind", "files", "files, chained (files each requiring the previous one), notifies or mixed")
	n := flag.Int("n", 2000, "number of resources (files for files and chained)")
	root := flag.String("root", "/tmp/ordo-bench", "folder the resources are managed under (an absolute path)")
	out := flag.String("o", "-", "output file; - is standard output")
	services := flag.Int("services", 200, "number of services (system)")
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
	case "system":
		pkgs, err := installed(*n)
		if err != nil {
			fmt.Fprintln(os.Stderr, "gencatalog:", err)
			os.Exit(1)
		}
		c = gen.System(pkgs, *services)
	default:
		fmt.Fprintf(os.Stderr, "gencatalog: unknown -kind %q: use files, chained, notifies, mixed or system\n", *kind)
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

// installed returns the names of the first n packages dpkg lists as
// installed.
func installed(n int) ([]string, error) {
	out, err := exec.Command("dpkg-query", "-W", "--showformat", "${Status} ${Package}\n").Output()
	if err != nil {
		return nil, fmt.Errorf("dpkg-query: %w", err)
	}
	var names []string
	for _, line := range strings.Split(string(out), "\n") {
		if name, ok := strings.CutPrefix(line, "install ok installed "); ok && len(names) < n && !strings.Contains(name, ":") {
			names = append(names, name)
		}
	}
	if len(names) < n {
		return nil, fmt.Errorf("only %d packages are installed, not %d", len(names), n)
	}
	return names, nil
}
