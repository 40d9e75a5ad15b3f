package postgresql

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
)

// SlotType is postgresql_replication_slot.
type SlotType struct{ schema *resource.Schema }

var (
	slotName = lazyre.New(`^[a-z0-9_]+$`)
	colSep   = lazyre.New(`\s+\|\s+`)
)

// NewSlotType returns postgresql_replication_slot.
func NewSlotType() *SlotType {
	t := &SlotType{}
	t.schema = resource.NewSchema(resource.Schema{
		Name: "postgresql_replication_slot",
		Doc:  "A physical replication slot of the local PostgreSQL server (puppetlabs-postgresql).",
		Attrs: []resource.Attr{
			{Name: "ensure", Kind: resource.KindProperty, Doc: "Whether the slot exists.", Check: resource.Enum("present", "absent")},
			{Name: "name", Namevar: true, Doc: "The slot's name.", Check: matching(slotName, `^[a-z0-9_]+$`)},
		},
		Providers: []resource.Provider{{Name: "ruby", Default: true, Doc: "Runs psql -t -c as postgres on the default connection.",
			Confine: resource.Confine{Commands: []string{"psql"}}, Prefetch: t.prefetch, Instances: t.instances}},
	})
	return t
}

// Schema returns postgresql_replication_slot's schema.
func (t *SlotType) Schema() *resource.Schema { return t.schema }

// slotSQL runs sql as the module's provider does: psql -t -c as
// postgres, connected as the environment says.
func slotSQL(ctx context.Context, h *resource.Handle, sql string) (resource.Result, error) {
	return run{argv: []string{"psql", "-t", "-c", sql}, user: "postgres", group: "postgres"}.exec(ctx, h)
}

// slots are the names of the server's replication slots; a server that
// cannot be read has none, as for the module.
type slots map[string]bool

func (t *SlotType) prefetch(ctx context.Context, h *resource.Handle) (any, error) {
	if h.Log != nil {
		h.Log.Log(resource.Debug, "", "Prefetching ruby resources for postgresql_replication_slot")
	}
	res, err := slotSQL(ctx, h, "SELECT * FROM pg_replication_slots;")
	if err != nil {
		return nil, err
	}
	found := slots{}
	for _, l := range strings.Split(string(res.Output), "\n") {
		if strings.Contains(l, "|") {
			found[colSep.Split(strings.TrimSpace(l), 2)[0]] = true
		}
	}
	return found, nil
}

func (t *SlotType) instances(ctx context.Context, h *resource.Handle) ([]*catalog.Resource, error) {
	data, err := t.prefetch(ctx, h)
	if err != nil {
		return nil, err
	}
	var names []string
	for n := range data.(slots) {
		names = append(names, n)
	}
	var out []*catalog.Resource
	sort.Strings(names)
	for _, n := range names {
		r := &catalog.Resource{Type: "Postgresql_replication_slot", Title: n}
		r.Set("ensure", "present")
		out = append(out, r)
	}
	return out, nil
}

// New returns the instance that manages v's slot.
func (t *SlotType) New(v resource.Values) (resource.Instance, error) {
	e := &slot{t: t, name: v.String("name"), managed: v.Has("ensure"), want: v.String("ensure") == "present"}
	return e, nil
}

type slot struct {
	t             *SlotType
	name          string
	managed, want bool
	run           slots // shared by the type's resources: only read
	exists        bool
	failed        error
}

func (e *slot) Prefetched(data any) {
	if s, ok := data.(slots); ok {
		e.run = s
	}
}

func (e *slot) PrefetchFailed(err error) { e.failed = err }

func (e *slot) Retrieve(ctx context.Context, h *resource.Handle) error {
	if e.failed != nil {
		return &resource.PrefetchError{Type: "postgresql_replication_slot", Provider: "ruby", Err: e.failed, Logged: true}
	}
	if e.run == nil {
		d, err := e.t.prefetch(ctx, h)
		if err != nil {
			return &resource.PrefetchError{Type: "postgresql_replication_slot", Provider: "ruby", Err: err}
		}
		e.run = d.(slots)
	}
	e.exists = e.run[e.name]
	return nil
}

func (e *slot) Exists() bool { return e.exists }

func (e *slot) Properties() []resource.Property {
	if !e.managed {
		return nil
	}
	return []resource.Property{&ensure{typ: "postgresql_replication_slot", want: e.want, exists: e.Exists,
		create: func(ctx context.Context, h *resource.Handle) error {
			return e.change(ctx, h, "SELECT * FROM pg_create_physical_replication_slot('"+e.name+"');", "create", true)
		},
		destroy: func(ctx context.Context, h *resource.Handle) error {
			return e.change(ctx, h, "SELECT pg_drop_replication_slot('"+e.name+"');", "destroy", false)
		}}}
}

// change runs the statement that creates or drops the slot (the name
// can hold no quote: the type takes [a-z0-9_] alone).
func (e *slot) change(ctx context.Context, h *resource.Handle, sql, verb string, present bool) error {
	res, err := slotSQL(ctx, h, sql)
	if err != nil {
		return err
	}
	if res.ExitCode != 0 {
		return fmt.Errorf("Failed to %s replication slot %s:\n%s", verb, e.name, strings.TrimRight(string(res.Output), "\n"))
	}
	e.exists = present
	return nil
}
