package facts

import (
	"context"
	"testing"
)

func TestPrintFacts(t *testing.T) {
	f, err := Gather(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Log(JSON(WithLegacy(f)))
}
