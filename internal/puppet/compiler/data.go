// Package compiler assembles what compiling a Puppet manifest needs
// besides the manifest: this machine's facts (with --facts overrides),
// Hiera's three layers and ERB templates, as options of package eval.
package compiler

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/facts"
	"github.com/ordoproject/ordo/internal/hiera"
	"github.com/ordoproject/ordo/internal/puppet/erb"
	"github.com/ordoproject/ordo/internal/puppet/eval"
)

// Setup is what a compilation is asked for on the command line.
type Setup struct {
	// Node is the node name; empty means this machine's certname.
	Node string
	// ModulePath lists module folders.
	ModulePath []string
	// HieraConfig is the global hiera.yaml; empty means none.
	HieraConfig string
	// FactsFile holds facts (YAML or JSON) that replace gathered ones.
	FactsFile string
	// Warn receives warnings, such as Hiera's.
	Warn func(msg string)
	// ServerFacts compiles as `puppet catalog find --terminus compiler`
	// does, with this machine as the server (eval.Options.ServerFacts).
	ServerFacts bool
}

// Options returns the eval options to compile manifest with: node name,
// facts, $trusted, module path, Hiera and ERB.
func Options(ctx context.Context, manifest string, s Setup) (eval.Options, error) {
	core, err := facts.Gather(ctx)
	if err != nil {
		return eval.Options{}, err
	}
	// Puppet adds the facts of the modules' lib/facter.
	core = facts.Override(core, facts.ModuleFacts(ctx, core, s.ModulePath))
	if s.FactsFile != "" {
		over, err := facts.Load(s.FactsFile)
		if err != nil {
			return eval.Options{}, err
		}
		core = facts.Override(core, over)
	}
	certname := facts.Certname(core)
	if certname == "" {
		certname = "localhost"
	}
	node := s.Node
	if node == "" {
		node = certname
	}
	var server *catalog.Hash
	if s.ServerFacts {
		server = facts.Server(core)
	}
	return eval.Options{
		Node:        node,
		ServerFacts: server,
		Facts:       facts.Puppet(core, certname, false),
		Trusted:     facts.Trusted(certname),
		ModulePath:  s.ModulePath,
		Settings:    Settings(manifest, certname, s.ModulePath),
		Lookup:      hieraLookup(manifest, s.HieraConfig, s.ModulePath, s.Warn),
		Types:       Types(),
		Template:    erbTemplates(),
	}, nil
}

// Settings are the Puppet settings a manifest sees as $settings::NAME:
// Puppet's defaults for a root agent, but ordo's var dir (where it keeps
// its state), and the manifest and module path compiled.
func Settings(manifest, certname string, modulePath []string) *catalog.Hash {
	h := catalog.NewHash()
	for _, kv := range [][2]string{
		{"confdir", "/etc/puppetlabs/puppet"},
		{"codedir", "/etc/puppetlabs/code"},
		{"vardir", "/var/lib/ordo"},
		{"logdir", "/var/log/puppetlabs/puppet"},
		{"rundir", "/var/run/puppetlabs"},
		{"ssldir", "/etc/puppetlabs/puppet/ssl"},
		{"environmentpath", "/etc/puppetlabs/code/environments"},
		{"environment", "production"},
		{"certname", certname},
		{"server", "puppet"},
		// The servers that default to server.
		{"ca_server", "puppet"},
		{"report_server", "puppet"},
		{"manifest", manifest},
		{"modulepath", strings.Join(modulePath, ":")},
	} {
		h.Set(kv[0], kv[1])
	}
	return h
}

// hieraLookup adapts Hiera to the compiler: the global layer from
// hieraConfig (none when empty), the environment layer from the folder
// holding the manifest (the environment's, for a manifests/site.pp), and
// the module layers from the module path.
func hieraLookup(manifest, hieraConfig string, modulePath []string, warn func(string)) eval.LookupFunc {
	envDir := filepath.Dir(manifest)
	if filepath.Base(envDir) == "manifests" {
		envDir = filepath.Dir(envDir)
	}
	h := hiera.New(hiera.Options{
		GlobalConfig:   hieraConfig,
		EnvironmentDir: envDir,
		ModuleDir:      hiera.ModulePath(modulePath),
		Warn:           warn,
	})
	return func(ctx context.Context, req eval.LookupRequest) (catalog.Value, bool, error) {
		var scope hiera.Scope = varScope(req.Var)
		if req.Undefined != nil {
			scope = reportingScope{varScope(req.Var), req.Undefined}
		}
		v, err := h.Lookup(ctx, scope, hiera.Request{
			Names: req.Names, Merge: req.Merge, Default: req.Default, HasDefault: req.HasDefault,
			DefaultValues: req.DefaultValues, Override: req.Override, Check: req.Check, ConvertTo: req.ConvertTo,
		})
		if err != nil {
			if hiera.IsNotFound(err) {
				return nil, false, nil
			}
			var he *hiera.Error
			if errors.As(err, &he) && !he.Evaluation {
				// Puppet reports lookup errors as they are, not as
				// evaluation errors of the call.
				// Those without a code (a data file that does not
				// parse) Puppet prints without the node.
				return nil, false, &eval.Error{Msg: he.Error(), Final: true, Bare: he.Code == ""}
			}
			return nil, false, err
		}
		return v, true, nil
	}
}

// reportingScope is a varScope that warns of a variable it lacks.
type reportingScope struct {
	varScope
	undefined func(string)
}

func (r reportingScope) Undefined(name string) { r.undefined(name) }

type varScope func(string) (catalog.Value, bool)

func (f varScope) Var(name string) (catalog.Value, bool) {
	if f == nil {
		return nil, false
	}
	return f(name)
}

// erbTemplates renders ERB templates, each parsed once.
func erbTemplates() eval.TemplateFunc {
	var mu sync.Mutex
	parsed := map[string]*erb.Template{}
	return func(ctx context.Context, arg, path string, src []byte, scope eval.TemplateScope) (string, error) {
		key := path + "\x00" + string(src)
		mu.Lock()
		t, ok := parsed[key]
		mu.Unlock()
		if !ok {
			var err error
			t, err = erb.Parse(path, src)
			if err != nil {
				return "", templateError(err, arg)
			}
			mu.Lock()
			parsed[key] = t
			mu.Unlock()
		}
		out, err := t.Render(ctx, scope)
		if err != nil {
			return "", templateError(err, arg)
		}
		return out, nil
	}
}

func templateError(err error, arg string) error {
	var e *erb.Error
	if !errors.As(err, &e) {
		return err
	}
	if e.Unsupported() {
		return fmt.Errorf("%s: %s (a Ruby construct ordo does not implement)", e.Pos, e.Detail)
	}
	if arg == "" {
		return errors.New(e.InlineMessage())
	}
	return errors.New(e.TemplateMessage(arg))
}
