package resource

import (
	"errors"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
)

func TestBareParamError(t *testing.T) {
	ref := catalog.Ref{Type: "Apt_key", Title: "k"}
	err := BareParamError(ref, "content", "The properties content and source are mutually exclusive.")
	if got, want := err.Error(), "The properties content and source are mutually exclusive."; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
	var pe *ParamError
	if !errors.As(err, &pe) || pe.Ref != ref || pe.Param != "content" {
		t.Errorf("does not unwrap to the ParamError of content: %#v", pe)
	}
	if _, ok := err.(interface{ Unlocated() }); !ok {
		t.Error("not marked Unlocated")
	}
}
