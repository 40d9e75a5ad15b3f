// Command serve runs the archivetest server on 127.0.0.1 for recording
// the archive cases from Puppet: it prints its base URL, then serves
// until it is killed.
package main

import (
	"fmt"
	"net"
	"net/http"
	"os"

	"github.com/ordoproject/ordo/internal/resource/archive/archivetest"
)

func main() {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("http://%s\n", l.Addr())
	if err := http.Serve(l, archivetest.Handler()); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
