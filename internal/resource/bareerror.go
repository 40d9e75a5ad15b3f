package resource

import "github.com/ordoproject/ordo/internal/catalog"

// BareParamError is a failed check of param that Puppet shows as msg
// alone, without the parameter, the resource or where it was declared:
// a module's own raise in its validation, a default value that fails its
// check. It unwraps to the ParamError it stands for.
func BareParamError(ref catalog.Ref, param, msg string) error {
	return &bareParamError{pe: &ParamError{Ref: ref, Param: param, Msg: msg}}
}

type bareParamError struct{ pe *ParamError }

func (e *bareParamError) Error() string { return e.pe.Msg }
func (e *bareParamError) Unwrap() error { return e.pe }

// Unlocated: Puppet's message names no place.
func (e *bareParamError) Unlocated() {}
