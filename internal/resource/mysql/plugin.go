package mysql

import (
	"context"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// PluginType is mysql_plugin.
type PluginType struct {
	schema *resource.Schema
	cfg    Config
}

func newPluginType(cfg Config) *PluginType {
	t := &PluginType{cfg: cfg}
	t.schema = resource.NewSchema(resource.Schema{
		Name: "mysql_plugin",
		Doc:  "A plugin installed in a MySQL server (puppetlabs-mysql).",
		Attrs: []resource.Attr{
			ensureAttr("Whether the plugin is installed."),
			{Name: "name", Namevar: true, Doc: "The plugin's name."},
			{Name: "soname", Kind: resource.KindProperty, Doc: "The plugin's library (NAME.so when not given).", Check: pattern(`^\w+\.\w+$`)},
		},
		Providers: []resource.Provider{{Name: "mysql", Default: true, Doc: "Runs the mysql client (with root's .my.cnf).",
			Confine: resource.Confine{Commands: []string{"mysql"}}, Prefetch: t.prefetch, Instances: t.instances}},
	})
	return t
}

// Schema returns mysql_plugin's schema.
func (t *PluginType) Schema() *resource.Schema { return t.schema }

// AutoRequire names root's .my.cnf.
func (t *PluginType) AutoRequire(_ *catalog.Resource, _ *catalog.Catalog) []catalog.Ref {
	return []catalog.Ref{{Type: "File", Title: "/root/.my.cnf"}}
}

type plugins struct {
	srv   *server
	found map[string]catalog.Value // lower-case name to library (nil: none listed)
	names []string                 // as listed
}

func lower(s string) string { return strings.ToLower(s) }

func dupOf(m map[string]catalog.Value, k string) bool {
	_, ok := m[k]
	return ok
}

func (t *PluginType) prefetch(ctx context.Context, h *resource.Handle) (any, error) {
	if h.Log != nil {
		h.Log.Log(resource.Debug, "", "Prefetching mysql resources for mysql_plugin")
	}
	p := &plugins{srv: connect(ctx, h, t.cfg), found: map[string]catalog.Value{}}
	out, err := p.srv.query(ctx, h, "show plugins")
	if err != nil {
		return nil, err
	}
	for _, line := range lines(out) {
		f := rubySplit(line)
		if len(f) == 0 {
			continue
		}
		// Plugin names are not case sensitive, and the server lists
		// many in upper case (METADATA_LOCK_INFO): unlike the module,
		// which compares them as written and so installs such a plugin
		// again on every run (and fails), ordo finds them in any case.
		if name := lower(f[0]); !dupOf(p.found, name) {
			p.found[name] = field(f, 3)
			p.names = append(p.names, f[0])
		}
	}
	return p, nil
}

// New returns the instance that manages the plugin v names.
func (t *PluginType) New(v resource.Values) (resource.Instance, error) {
	e := &pluginInstance{t: t, name: v.String("name")}
	if v.Has("soname") {
		e.soname = v.String("soname")
	}
	e.managed, e.present = wantEnsure(v)
	return e, nil
}

type pluginInstance struct {
	t                *PluginType
	name, soname     string
	managed, present bool

	runState[plugins]
	exists bool
	cur    catalog.Value
}

func (e *pluginInstance) Retrieve(ctx context.Context, h *resource.Handle) error {
	if err := e.load(ctx, h, "mysql_plugin", e.t.prefetch); err != nil {
		return err
	}
	e.cur, e.exists = e.run.found[lower(e.name)]
	return nil
}

func (e *pluginInstance) Exists() bool { return e.exists }

func (e *pluginInstance) Properties() []resource.Property {
	var props []resource.Property
	if e.managed {
		props = append(props, &resource.Presence{Type: "mysql_plugin", Want: e.present, Exists: e.Exists, Create: e.create, Remove: e.destroy})
	}
	if !e.exists || e.managed && !e.present || e.soname == "" {
		return props
	}
	// The module has no way to change a plugin's library: the change is
	// only reported.
	return append(props, &prop{name: "soname", cur: e.cur, want: e.soname, inSync: sameValue(e.cur, e.soname),
		sync: func(context.Context, *resource.Handle) error { e.cur = e.soname; return nil }})
}

func (e *pluginInstance) create(ctx context.Context, h *resource.Handle) error {
	soname := e.soname
	if soname == "" {
		soname = e.name + ".so"
	}
	if _, err := e.run.srv.query(ctx, h, "install plugin "+e.name+" soname '"+literal(soname)+"'"); err != nil {
		return err
	}
	e.exists, e.cur = true, soname
	return nil
}

func (e *pluginInstance) destroy(ctx context.Context, h *resource.Handle) error {
	if _, err := e.run.srv.query(ctx, h, "uninstall plugin "+e.name); err != nil {
		return err
	}
	e.exists, e.cur = false, nil
	return nil
}
