package file

import (
	"fmt"
	"os"
)

// sharedExtrasUnwritten checks, after every test of the package (see
// TestMain), that no file wrote to the extras that files without any
// share.
func sharedExtrasUnwritten() bool {
	x := noExtras
	if x.sources == nil && x.sourceURI == nil && x.odd == nil && x.validateCmd == "" &&
		x.validateRepl == "" && x.staging == "" && x.target == "" && x.curLink == "" &&
		x.wantSum == "" && x.curSum == "" {
		return true
	}
	fmt.Fprintf(os.Stderr, "the shared empty extras were written: %+v\n", *x)
	return false
}
