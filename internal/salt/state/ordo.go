package state

import (
	"context"
	"fmt"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/builtin"
)

// ordoResource is one of ordo's resources (a package, a service) that a
// Salt state drives through ordo's own providers.
type ordoResource struct {
	inst resource.Instance
	h    *resource.Handle
	res  *catalog.Resource
}

// discardLog drops the providers' log lines: Salt reports through the
// state's result, changes and comment.
type discardLog struct{}

func (discardLog) Log(resource.Level, string, string) {}

func (e *Env) types() *resource.Registry {
	if e.Types != nil {
		return e.Types
	}
	return builtin.Registry()
}

func (e *Env) runner() resource.Runner {
	if e.Runner != nil {
		return e.Runner
	}
	return command.Runner{}
}

// openResource builds the resource typ[title] with params and reads the
// machine's state of it. test makes it a dry run (noop).
func openResource(ctx context.Context, env *Env, typ, title string, params map[string]any, test bool) (*ordoResource, error) {
	res := &catalog.Resource{Type: catalog.CanonicalType(typ), Title: title}
	for _, k := range sortedKeys(params) {
		if v := params[k]; v != nil {
			res.Set(k, catalogValue(v))
		}
	}
	inst, err := env.types().Instantiate(res)
	if err != nil {
		return nil, err
	}
	if nf, ok := inst.(resource.NotFunctional); ok {
		return nil, nf.NotFunctional()
	}
	h := &resource.Handle{Path: res.Ref().String(), Log: discardLog{}, Level: resource.Notice, Noop: test, Runner: env.runner()}
	if err := inst.Retrieve(ctx, h); err != nil {
		return nil, err
	}
	return &ordoResource{inst: inst, h: h, res: res}, nil
}

// property returns the managed property name, or nil.
func (o *ordoResource) property(name string) resource.Property {
	for _, p := range o.inst.Properties() {
		if p.Name() == name {
			return p
		}
	}
	return nil
}

// sync brings the out-of-sync properties in line, then flushes, as the
// transaction does.
func (o *ordoResource) sync(ctx context.Context, props ...resource.Property) error {
	for _, p := range props {
		if err := p.Sync(ctx, o.h); err != nil {
			return err
		}
	}
	if f, ok := o.inst.(resource.Flusher); ok && len(props) > 0 {
		return f.Flush(ctx, o.h)
	}
	return nil
}

// catalogValue converts decoded YAML into catalog values.
func catalogValue(v any) catalog.Value {
	switch v := v.(type) {
	case int:
		return int64(v)
	case []any:
		out := make([]catalog.Value, len(v))
		for i, x := range v {
			out[i] = catalogValue(x)
		}
		return out
	case map[string]any:
		h := catalog.NewHash()
		for _, k := range sortedKeys(v) {
			h.Set(k, catalogValue(v[k]))
		}
		return h
	}
	return v
}

func valueString(v catalog.Value) string {
	if s, ok := v.(string); ok {
		return s
	}
	return fmt.Sprint(v)
}

// converge brings every managed property in line as the transaction
// does: an out-of-sync ensure alone first (creating or removing the
// thing), then, read again, whatever else is not in sync.
func (o *ordoResource) converge(ctx context.Context) error {
	all := o.inst.Properties()
	if len(all) > 0 && all[0].Name() == "ensure" && !all[0].InSync() {
		if err := o.sync(ctx, all[0]); err != nil {
			return err
		}
		if err := o.inst.Retrieve(ctx, o.h); err != nil {
			return err
		}
		all = o.inst.Properties()
	}
	var todo []resource.Property
	for _, p := range all {
		if !p.InSync() {
			todo = append(todo, p)
		}
	}
	return o.sync(ctx, todo...)
}

// applyFile brings path in line through ordo's file type, with ensure
// and whichever of content, target, owner, group and mode params gives.
func applyFile(ctx context.Context, env *Env, path string, params map[string]any) error {
	r, err := openResource(ctx, env, "file", path, params, false)
	if err != nil {
		return err
	}
	return r.converge(ctx)
}
