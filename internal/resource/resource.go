package resource

import (
	"context"
	"fmt"
	"sort"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/durable"
)

// Level is the severity of a log line, named as Puppet prints it.
type Level int

const (
	Debug Level = iota
	Info
	Notice
	Warning
	Err
)

func (l Level) String() string {
	switch l {
	case Debug:
		return "Debug"
	case Info:
		return "Info"
	case Notice:
		return "Notice"
	case Warning:
		return "Warning"
	}
	return "Error"
}

// ParseLevel reads a loglevel metaparameter value ("notice", "warning",
// "err", ...). Unknown names give Notice and false.
func ParseLevel(s string) (Level, bool) {
	switch s {
	case "debug":
		return Debug, true
	case "info", "verbose":
		return Info, true
	case "notice":
		return Notice, true
	case "warning":
		return Warning, true
	case "err", "alert", "emerg", "crit":
		return Err, true
	}
	return Notice, false
}

// Logger receives the run's log lines. Source is a resource path
// (/Stage[main]/Main/File[/x]), a property path (…/File[/x]/mode), a
// container name (Class[Main]), or "" for messages about the whole run.
type Logger interface {
	Log(level Level, source, message string)
}

// Handle is what a provider is given to act on the machine. Providers read
// nothing global: logging, noop and the places they may write come from here.
type Handle struct {
	// Path is the resource's log source, e.g. /Stage[main]/Main/File[/x].
	Path string
	// Log receives log lines.
	Log Logger
	// Level is the resource's loglevel metaparameter (Notice by default):
	// the level of its change lines and of messages it logs about itself.
	Level Level
	// Noop is set when changes must be reported but not made.
	Noop bool
	// BucketDir is the local file bucket that file backups go to.
	BucketDir string
	// Runner runs external commands; providers use it for every command so
	// tests can observe exact command lines.
	Runner Runner
	// ShowDiff is the run-wide show_diff setting: file content changes are
	// logged as unified diffs (a file's own show_diff can still turn it off).
	ShowDiff bool
	// Durable, when set, takes newly created files to sync at the end of
	// the run; without it every written file is synced before its rename.
	// Files that replace existing content are always synced at once.
	Durable *durable.Batch
	// Touches is the run's count of evaluations that may have changed
	// the machine (all but those of resources that were in sync and
	// read nothing but their own state), taken when this resource's
	// evaluation began: see Prefetcher.
	Touches uint64
	// ModulePath lists the folders holding modules, in which a file's
	// puppet:///modules/NAME/PATH source is NAME/files/PATH; without it
	// such sources are never found.
	ModulePath []string
}

// Logf logs a line with the resource path as its source.
func (h *Handle) Logf(level Level, format string, args ...any) {
	if h.Log != nil {
		h.Log.Log(level, h.Path, fmt.Sprintf(format, args...))
	}
}

// Type is a resource type: file, exec, notify, ... Its schema says what
// it accepts; New builds the instance from values the schema checked.
type Type interface {
	// Schema returns the type's schema; the same one on every call.
	Schema() *Schema
	// New returns the instance that manages the resource v describes. The
	// values are already checked: New only fails for what no single
	// attribute shows.
	New(v Values) (Instance, error)
}

// Instance manages one resource on the machine.
type Instance interface {
	// Retrieve reads the current state of every managed property.
	Retrieve(ctx context.Context, h *Handle) error
	// Exists reports whether the resource exists, after Retrieve.
	Exists() bool
	// Properties lists the managed properties (those with a desired value)
	// in sync order: ensure first, then the type's definition order.
	Properties() []Property
}

// Property is one managed property of an instance, after Retrieve.
type Property interface {
	// Name is the property name, e.g. "ensure", "content", "returns".
	Name() string
	// Current and Desired are the values for reports and messages.
	Current() catalog.Value
	Desired() catalog.Value
	// InSync reports whether the machine already matches.
	InSync() bool
	// Sync changes the machine to match. It is not called in noop.
	Sync(ctx context.Context, h *Handle) error
	// Message is the change's log text, e.g. "created",
	// "mode changed '0644' to '0600'", "executed successfully".
	Message() string
	// Event is the event name, e.g. "file_created", "content_changed".
	Event() string
}

// Prefetcher is implemented by instances that can read ahead what their
// Retrieve will need (a file's state and checksum). The engine may call
// Prefetch from another goroutine, at most once, while other resources
// are applied or even while this one's Retrieve runs. touches is the
// run's count of evaluations that may have changed the machine, read
// before the prefetch began (Handle.Touches): when Retrieve's handle has
// the same count, nothing the run did can have changed what the prefetch
// read, and Retrieve may take it as the resource's state, as if it had
// read it then; otherwise it is a hint that Retrieve verifies against
// the machine as it is.
type Prefetcher interface {
	Prefetch(touches uint64)
}

// Refresher is implemented by instances that can refresh (exec, service).
type Refresher interface {
	Refresh(ctx context.Context, h *Handle) error
}

// Flusher is implemented by instances that commit their changes at once
// after every property was synced.
type Flusher interface {
	Flush(ctx context.Context, h *Handle) error
}

// Exclusive is implemented by instances that change something other
// resources may change too (one INI file): under --jobs, resources with
// the same key are applied one at a time, in the order a serial run
// applies them, so that the outcome is the serial run's.
type Exclusive interface {
	ExclusiveKey() string
}

// AutoRelater is implemented by types that relate their resources to
// others in the catalog automatically. Each method returns candidate
// references in order; the graph keeps only those in the catalog.
type AutoRelater interface {
	// AutoRequire: the returned resources are applied before r.
	AutoRequire(r *catalog.Resource, c *catalog.Catalog) []catalog.Ref
}

// AutoBeforer is implemented by types whose resources go before others.
type AutoBeforer interface {
	AutoBefore(r *catalog.Resource, c *catalog.Catalog) []catalog.Ref
}

// Registry holds the resource types ordo knows, by lowercase name.
type Registry struct {
	types   map[string]Type
	schemas map[string]*Schema
	names   []string
	host    Host
}

// NewRegistry returns a registry holding types, whose providers' confines
// are checked against this machine (LocalHost).
func NewRegistry(types ...Type) *Registry {
	r := &Registry{types: map[string]Type{}, schemas: map[string]*Schema{}, host: LocalHost{}}
	for _, t := range types {
		s := t.Schema()
		r.types[s.Name] = t
		r.schemas[s.Name] = s
		r.names = append(r.names, s.Name)
		// Catalogs spell type names capitalized (File, Concat_file):
		// found under that spelling too, a lookup makes no lowercase copy.
		if c := capitalized(s.Name); c != s.Name {
			r.types[c] = t
			r.schemas[c] = s
		}
	}
	sort.Strings(r.names)
	return r
}

// Lookup returns the type named name (any case), or nil.
func (r *Registry) Lookup(name string) Type {
	if r == nil {
		return nil
	}
	if t, ok := r.types[name]; ok {
		return t
	}
	return r.types[lower(name)]
}

// Schema returns the schema of the type named name (any case), or nil.
func (r *Registry) Schema(name string) *Schema {
	if r == nil {
		return nil
	}
	if s, ok := r.schemas[name]; ok {
		return s
	}
	return r.schemas[lower(name)]
}

// Names lists the registered type names, sorted.
func (r *Registry) Names() []string { return append([]string(nil), r.names...) }

// Instantiate checks res against its type's schema and builds its
// instance. The type must be registered.
func (r *Registry) Instantiate(res *catalog.Resource) (Instance, error) {
	t := r.Lookup(res.Type)
	if t == nil {
		return nil, fmt.Errorf("Unknown resource type: '%s' on %s", lower(res.Type), res.Ref())
	}
	s := t.Schema()
	if err := s.Check(res); err != nil {
		return nil, err
	}
	v := NewValues(s, res)
	if err := unsuitable(v, r.host); err != nil {
		return notFunctional{err: err}, nil
	}
	return t.New(v)
}

// Instantiate checks res against t's schema and builds its instance.
func Instantiate(t Type, res *catalog.Resource) (Instance, error) {
	s := t.Schema()
	if err := s.Check(res); err != nil {
		return nil, err
	}
	return t.New(NewValues(s, res))
}

// IsContainer reports whether res holds resources rather than state:
// stages, classes, nodes, and instances of types the registry does not
// hold (defined types).
func (r *Registry) IsContainer(res *catalog.Resource) bool {
	return catalog.IsContainerType(res.Type) || r.Lookup(res.Type) == nil
}

// lower is strings.ToLower for ASCII type names, without allocating
// when name is already lowercase.
// capitalized is a lowercase type name as a catalog spells it: the first
// letter of each segment upper case.
func capitalized(name string) string {
	b := []byte(name)
	for i := range b {
		if (i == 0 || i >= 2 && b[i-1] == ':' && b[i-2] == ':') && b[i] >= 'a' && b[i] <= 'z' {
			b[i] -= 'a' - 'A'
		}
	}
	return string(b)
}

func lower(s string) string {
	i := 0
	for i < len(s) && (s[i] < 'A' || s[i] > 'Z') {
		i++
	}
	if i == len(s) {
		return s
	}
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// WrappedError is a failed change caused by a lower-level error, such as
// a file whose owner does not exist. Puppet logs such a failure twice, the
// second time followed by "Wrapped exception:" and the cause; the
// transaction prints the same lines.
type WrappedError struct {
	Msg   string
	Cause error
}

func (e *WrappedError) Error() string { return e.Msg }

// Unwrap returns the cause.
func (e *WrappedError) Unwrap() error { return e.Cause }

// SelfRefresher is implemented by instances that refresh themselves after
// a change of their own (Puppet's self_refresh, as a mount remounts); it
// reports whether they do so now (a mount being removed does not).
type SelfRefresher interface {
	SelfRefresh() bool
}

// RefreshInvalidator is implemented by a property whose change makes a
// refresh the resource was due pointless (a service that was just
// started): the engine then drops the refresh events queued for the
// resource, as Puppet does for a property value with invalidate_refreshes.
type RefreshInvalidator interface {
	InvalidatesRefresh() bool
}

// SensitiveProperty is implemented by a property whose values must not be
// shown even though no parameter of its own name is marked sensitive, such
// as a file's ensure when its content is sensitive.
type SensitiveProperty interface {
	Sensitive() bool
}

// GraphWarner is an instance with a warning about its place in the
// catalog, found while the relationship graph was built (Puppet's
// autorequire blocks warn then): the engine logs it when the run starts,
// after the run's first lines, in catalog order.
type GraphWarner interface {
	GraphWarning() string
}

// PrefetchError is returned by Retrieve when the provider could not read
// what all its resources share (Puppet's prefetch of the provider): the
// engine says so once per type and provider, and skips each resource it
// concerns as failed ("Skipping because provider prefetch failed").
type PrefetchError struct {
	Type, Provider string
	Err            error
	// Logged marks a failure logged when the provider's batch prefetch
	// (Provider.Prefetch) failed: only the resource's skip is left to say.
	Logged bool
	// Parse marks a failure to parse what was read: Puppet logs only its
	// "Could not prefetch" line, not the error on a line of its own as it
	// does for a file it could not read.
	Parse bool
}

// PrefetchFailer is implemented by instances that want to know that their
// provider's batch prefetch failed (their Retrieve then returns a
// PrefetchError with Logged set).
type PrefetchFailer interface {
	PrefetchFailed(err error)
}

func (e *PrefetchError) Error() string { return e.Err.Error() }
func (e *PrefetchError) Unwrap() error { return e.Err }

// Auditor is an instance that can tell, once retrieved, the value of a
// property (managed or not) as Puppet's retrieve gives it, for the audit
// metaparameter; ok is false when it cannot.
type Auditor interface {
	AuditValue(property string) (value catalog.Value, ok bool)
}

// AuditFormatter is an Auditor that shows the recorded values of a
// property its own way when they changed (Puppet's is_to_s of a property
// the resource may not manage), such as inifile's values, hidden unless
// show_diff; ok is false to show v as other values are.
type AuditFormatter interface {
	FormatAudit(property string, v any) (text string, ok bool)
}

// ValueFormatter is implemented by a property that shows its values its
// own way in noop and failure messages (Puppet's is_to_s and should_to_s),
// such as a file owner shown as a bare id. Others use catalog.Format.
type ValueFormatter interface {
	FormatValue(v catalog.Value) string
}

// Generator is implemented by instances that make further resources when
// the run reaches them, just before they are evaluated (Puppet's
// eval_generate): a recursive file makes a file resource for each entry
// of its tree. It runs even when the instance is then skipped, as in
// Puppet.
type Generator interface {
	// Generate returns the new resources in the order they are to run.
	// c is the catalog, which holds the resources generated so far; it
	// must only be read.
	Generate(ctx context.Context, h *Handle, c *catalog.Catalog) ([]Generated, error)
}

// PreGenerator is implemented by types whose resources make further
// resources before the run starts (Puppet's generate), as a concat_file
// makes the file resource that writes its file. The new resources join
// the catalog right after r, in r's container, and go after r unless a
// relationship between the two says otherwise.
type PreGenerator interface {
	// PreGenerate returns the resources r makes, logging to log. c must
	// only be read; a resource of c may be returned in place of a new one
	// of the same name (it then only goes after r).
	PreGenerate(r *catalog.Resource, c *catalog.Catalog, log Logger) []*catalog.Resource
}

// Generated is one resource a Generator made, with its instance.
type Generated struct {
	Resource *catalog.Resource
	// Instance is nil for a resource the catalog holds already (one a
	// PreGenerator made, or the catalog's own): it keeps its instance
	// and its place, and only joins the generator's sentinel.
	Instance Instance
	// After is the index, among the same Generate's results, of the
	// resource this one waits for (a file's nearest generated ancestor),
	// or -1 for the generator itself.
	After int
}

// MachinePreGenerator is a PreGenerator that reads the machine to make
// its resources, as the resources metatype lists the instances of the
// type it purges and tidy the files it removes: it is given a context
// and a handle (the resource's path as its log source, the logger, the
// command runner), and may fail, which the run logs on the resource as
// Puppet logs a failed generate ("Failed to generate additional resources
// using 'generate': ...") before it goes on without the resources.
type MachinePreGenerator interface {
	// PreGenerateFrom returns the resources r makes. Depthfirst reports
	// whether they go before r (tidy's files) rather than after it.
	PreGenerateFrom(ctx context.Context, h *Handle, r *catalog.Resource, c *catalog.Catalog) ([]*catalog.Resource, error)
}

// Depthfirst is implemented by types whose generated resources go before
// the resource that made them, each with a before edge to it (Puppet's
// depthfirst?, tidy's): they are inserted right before it in the
// catalog, in the order returned.
type Depthfirst interface {
	Depthfirst() bool
}

// Retitler is implemented by types whose resources are shown under
// another title than the catalog's (Puppet's sshkey shows name@type):
// before the catalog is checked, each resource takes that title, keeping
// its own as an alias.
type Retitler interface {
	// Retitle returns the title r is shown under, or ok false to keep it.
	// It sets on r the attributes the old title gave (namevars), which
	// the new one may no longer give.
	Retitle(r *catalog.Resource) (title string, ok bool)
}
