// Command gensls writes a generated SLS tree for benchmarks:
// gensls -n N -root DIR -out DIR writes DIR/big.sls and what it includes
// (internal/salt/gen.Tree), whose file states make folders under -out.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/ordoproject/ordo/internal/salt/gen"
)

func main() {
	n := flag.Int("n", 5000, "how many states")
	root := flag.String("root", "", "the file root to write the SLS files to")
	out := flag.String("out", "", "the folder the file states manage")
	flag.Parse()
	if *root == "" || *out == "" {
		fmt.Fprintln(os.Stderr, "usage: gensls -n N -root DIR -out DIR")
		os.Exit(2)
	}
	if err := gen.Tree(*root, *out, *n); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
