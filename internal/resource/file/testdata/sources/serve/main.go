// Command serve runs the sourcetest server on 127.0.0.1 for recording the
// http-source cases from Puppet: it prints its base URL, then serves until
// it is killed.
package main

import (
	"fmt"
	"net"
	"net/http"
	"os"

	"github.com/ordoproject/ordo/internal/resource/file/sourcetest"
)

func main() {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	fmt.Printf("http://%s\n", l.Addr())
	if err := http.Serve(l, sourcetest.Handler()); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
