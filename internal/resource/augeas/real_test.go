package augeas_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/augeas"
	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

// needAugtool skips a test on a machine without augtool (CI installs
// augeas-tools).
func needAugtool(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("augtool"); err != nil {
		t.Skip("needs augtool (augeas-tools)")
	}
}

// TestAgainstPuppet applies every case recorded from Puppet with
// puppetlabs-augeas_core and compares ordo's lines and the files left
// with Puppet's. Where ordo knowingly differs (see testdata/README.md),
// the case's NAME.ordo.log and NAME.ordo.files say what ordo does.
func TestAgainstPuppet(t *testing.T) { replay(t, "testdata/cases") }

// TestForgeCatalogs applies catalogs Puppet compiled from Forge modules
// that declare augeas resources (testdata/forge/record), as Puppet
// applied them: voxpupuli-kmod's blacklists, options and aliases.
func TestForgeCatalogs(t *testing.T) { replay(t, "testdata/forge") }

func replay(t *testing.T, dir string) {
	needAugtool(t)
	for _, c := range providertest.Cases(t, dir) {
		t.Run(c.Name, func(t *testing.T) {
			// Each case has its own files; augtool's start is slow.
			t.Parallel()
			root := providertest.CaseRoot(t)
			providertest.Shell(t, c.Setup, "ROOT="+root)
			got, debug := run(t, c, root)
			want := c.Want
			if b, err := os.ReadFile(filepath.Join(dir, c.Name+".ordo.log")); err == nil {
				want = providertest.Keep(strings.Split(strings.TrimRight(string(b), "\n"), "\n"))
			} else if b, err := os.ReadFile(filepath.Join(dir, c.Name+".debug")); err == nil {
				// The provider's debug lines: the changes it sent and what
				// it decided, as Puppet's provider logged them.
				providertest.SameLines(t, debug, providerDebug(string(b)))
			}
			providertest.SameLines(t, got, want)
			wantFiles, err := os.ReadFile(providertest.Recorded(dir, c, "files"))
			if err != nil {
				t.Fatal(err)
			}
			if g := providertest.Files(t, filepath.Join(root, "r")); g != string(wantFiles) {
				t.Errorf("files:\n%s\nwant:\n%s", g, wantFiles)
			}
		})
	}
}

// run applies the case's catalog in root and returns ordo's lines as
// providertest.Keep filters them, and the provider's debug lines
// (providerDebug).
func run(t *testing.T, c providertest.Case, root string) (lines, debug []string) {
	t.Helper()
	cat, err := catalog.Decode([]byte(strings.ReplaceAll(string(c.Catalog), "@ROOT@", root)), c.Name+".json")
	if err != nil {
		t.Fatal(err)
	}
	log := &resourcetest.Logger{}
	opts := apply.Options{Types: builtin.Registry(), Log: log, Runner: &command.Runner{}, BucketDir: t.TempDir()}
	for _, f := range c.Flags {
		switch f {
		case "--noop":
			opts.Noop = true
		case "--show_diff":
			opts.ShowDiff = true
		}
	}
	if _, err := apply.Apply(context.Background(), cat, opts); err != nil {
		for _, e := range apply.Errors(err) {
			log.Log(resource.Err, "", e.Error())
		}
	}
	text := strings.ReplaceAll(log.String(), root, "@ROOT@")
	return providertest.Keep(strings.Split(text, "\n")), providerDebug(text)
}

// providerDebug keeps the debug lines that say which changes the
// provider sent and whether they changed a file.
func providerDebug(text string) []string {
	var out []string
	for _, l := range strings.Split(text, "\n") {
		if strings.HasPrefix(l, "Debug: Augeas[") && (strings.Contains(l, "): sending command") ||
			strings.Contains(l, "): Files changed") || strings.Contains(l, "): Skipping because")) {
			out = append(out, l)
		}
	}
	return out
}

// TestNoAugtoolRestApplies: where augtool is missing, an augeas resource
// fails as one whose provider cannot work here, what depends on it is
// skipped and the rest of the catalog applies.
func TestNoAugtoolRestApplies(t *testing.T) {
	var types []resource.Type
	for _, ty := range builtin.Types() {
		if ty.Schema().Name == "augeas" {
			ty = augeas.Type{Augtool: filepath.Join(t.TempDir(), "augtool")}
		}
		types = append(types, ty)
	}
	cat := &catalog.Catalog{Resources: []*catalog.Resource{
		{Type: "Augeas", Title: "a", Params: []catalog.Param{{Name: "changes", Value: "set /files/etc/x 1"}}},
		{Type: "Notify", Title: "after", Params: []catalog.Param{{Name: "require", Value: "Augeas[a]"}}},
		{Type: "Notify", Title: "other"},
	}}
	log := &resourcetest.Logger{}
	if _, err := apply.Apply(context.Background(), cat, apply.Options{Types: resource.NewRegistry(types...), Log: log, Runner: &command.Runner{}, BucketDir: t.TempDir()}); err != nil {
		t.Fatal(err)
	}
	got := log.String()
	for _, want := range []string{
		"Error: /Augeas[a]: Could not evaluate: Provider augeas is not functional on this host: ",
		"Warning: /Notify[after]: Skipping because of failed dependencies",
		"Notice: /Notify[other]/message: defined 'message' as 'other'",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %q in:\n%s", want, got)
		}
	}
}

// TestModuleLenses: the lenses a module ships in lib/augeas/lenses are
// found, as augeas_core adds them to the load path.
func TestModuleLenses(t *testing.T) {
	needAugtool(t)
	dir := t.TempDir()
	lenses := filepath.Join(dir, "modules", "kv", "lib", "augeas", "lenses")
	if err := os.MkdirAll(lenses, 0o755); err != nil {
		t.Fatal(err)
	}
	lens := "module Ordokv =\n  let lns = [ key /[a-z]+/ . del / = / \" = \" . store /[a-z0-9]+/ . del /\\n/ \"\\n\" ]*\n"
	conf := filepath.Join(dir, "kv.conf")
	for p, data := range map[string]string{filepath.Join(lenses, "ordokv.aug"): lens, conf: "a = 1\n"} {
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cat := &catalog.Catalog{Resources: []*catalog.Resource{{Type: "Augeas", Title: "kv", Params: []catalog.Param{
		{Name: "incl", Value: conf}, {Name: "lens", Value: "Ordokv.lns"}, {Name: "changes", Value: "set b 2"},
	}}}}
	log := &resourcetest.Logger{}
	opts := apply.Options{Types: builtin.Registry(), Log: log, Runner: &command.Runner{}, BucketDir: t.TempDir(), ModulePath: []string{filepath.Join(dir, "modules")}}
	if _, err := apply.Apply(context.Background(), cat, opts); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(conf); string(data) != "a = 1\nb = 2\n" {
		t.Errorf("file:\n%s\nlog:\n%s", data, log.String())
	}
}

// TestJobsShareTheFile applies many augeas resources changing one file
// at once (--jobs 8): none of the changes may be lost.
func TestJobsShareTheFile(t *testing.T) {
	needAugtool(t)
	conf := filepath.Join(t.TempDir(), "vars")
	if err := os.WriteFile(conf, []byte("A=1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cat := &catalog.Catalog{}
	for i := range 12 {
		cat.Resources = append(cat.Resources, &catalog.Resource{Type: "Augeas", Title: fmt.Sprintf("v%d", i), Params: []catalog.Param{
			{Name: "incl", Value: conf}, {Name: "lens", Value: "Shellvars.lns"}, {Name: "changes", Value: fmt.Sprintf("set V%d %d", i, i)},
		}})
	}
	log := &resourcetest.Logger{}
	opts := apply.Options{Types: builtin.Registry(), Log: log, Runner: &command.Runner{}, BucketDir: t.TempDir(), Jobs: 8}
	if _, err := apply.Apply(context.Background(), cat, opts); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(conf)
	for i := range 12 {
		if !strings.Contains(string(data), fmt.Sprintf("V%d=%d\n", i, i)) {
			t.Errorf("V%d lost:\n%s\n%s", i, data, log.String())
		}
	}
	if matches, _ := filepath.Glob(conf + ".augnew"); len(matches) > 0 {
		t.Errorf(".augnew left: %v", matches)
	}
}
