package cli

import (
	"context"
	"fmt"
	"os"
	"runtime/debug"
	"syscall"

	"github.com/ordoproject/ordo/internal/catalog"
)

// mapAtLeast is the size from which a catalog file is mapped into memory
// rather than read: below it a copy costs nothing worth saving.
const mapAtLeast = 1 << 20

// loadCatalog reads and decodes the catalog in the file name ("-" for
// standard input), as readInput reads it. A large regular file is mapped
// read-only instead of read into the heap: the decoder copies what the
// catalog keeps, so the mapping is dropped once it is decoded, and the
// input never counts towards the heap the collector paces itself on
// (with 100,000 resources, the input is a third of the catalog's bytes).
func loadCatalog(ctx context.Context, stdio Stdio, name string) (*catalog.Catalog, error) {
	if data, unmap := mapCatalog(name); data != nil {
		defer unmap()
		return decodeMapped(data, name)
	}
	data, err := readInput(ctx, stdio, name, "catalog")
	if err != nil {
		return nil, err
	}
	return catalog.Decode(data, name)
}

// mapCatalog maps the regular file name, or returns nil when it is not
// one, is small, or cannot be mapped (readInput then reads it, and says
// what is wrong with it).
func mapCatalog(name string) (data []byte, unmap func()) {
	if name == "-" {
		return nil, nil
	}
	// Only a regular file is opened, and without waiting: opening a FIFO
	// put in its place meanwhile must not block.
	if st, err := os.Stat(name); err != nil || !st.Mode().IsRegular() {
		return nil, nil
	}
	fd, err := syscall.Open(name, syscall.O_RDONLY|syscall.O_NONBLOCK|syscall.O_CLOEXEC, 0)
	if err != nil {
		return nil, nil
	}
	defer syscall.Close(fd)
	var st syscall.Stat_t
	if syscall.Fstat(fd, &st) != nil || st.Mode&syscall.S_IFMT != syscall.S_IFREG || st.Size < mapAtLeast || st.Size != int64(int(st.Size)) {
		return nil, nil
	}
	data, err = syscall.Mmap(fd, 0, int(st.Size), syscall.PROT_READ, syscall.MAP_PRIVATE|syscall.MAP_POPULATE)
	if err != nil {
		return nil, nil
	}
	return data, func() { syscall.Munmap(data) }
}

// decodeMapped decodes a mapped catalog. A file cut short while it is
// read faults where its pages were; that stops the decoding with an
// error instead of the process.
func decodeMapped(data []byte, name string) (c *catalog.Catalog, err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if p := recover(); p != nil {
			if _, fault := p.(interface{ Addr() uintptr }); !fault {
				panic(p)
			}
			c, err = nil, fmt.Errorf("Could not run: %s changed while it was read", name)
		}
	}()
	return catalog.Decode(data, name)
}

// walkGC sets the collector for the walk, unless GOGC says otherwise.
// When the plan is made, the heap holds nearly all that the run will hold
// (the catalog, its instances and graph), and the walk adds the statuses
// and little garbage: letting the heap grow by half of what it holds
// rather than by all of it (Go's default, GOGC=100) costs about one more
// collection and keeps the peak lower. With 100,000 files converged:
// 249 to 277 MB of peak RSS with the default, 231 to 243 MB with this
// (and 0.1 s more CPU; bench/README.md).
func walkGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(50)
	}
}
