// Command serve runs the archivetest server on 127.0.0.1 for recording
// the archive cases from Puppet, over http and over https (with a
// certificate of its own, which no one trusts): it prints the two base
// URLs, one a line, then serves until it is killed.
package main

import (
	"fmt"
	"net/http/httptest"
	"os"
	"os/signal"

	"github.com/ordoproject/ordo/internal/resource/archive/archivetest"
)

func main() {
	plain := httptest.NewServer(archivetest.Handler())
	defer plain.Close()
	tls := httptest.NewTLSServer(archivetest.Handler())
	defer tls.Close()
	fmt.Println(plain.URL)
	fmt.Println(tls.URL)
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, os.Kill)
	<-stop
}
