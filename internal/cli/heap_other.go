//go:build !linux

package cli

// prepareHeap does nothing where transparent huge pages are not known.
func prepareHeap(string) (populate func()) { return func() {} }
