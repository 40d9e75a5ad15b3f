package inifile_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
	"github.com/ordoproject/ordo/internal/state"
)

// TestAgainstPuppet applies every case recorded from Puppet with
// puppetlabs-inifile and compares ordo's lines and the files left with
// Puppet's. Where ordo knowingly differs (see testdata/README.md), the
// case's NAME.ordo.log and NAME.ordo.files say what ordo does instead.
func TestAgainstPuppet(t *testing.T) { replay(t, "testdata/cases") }

// TestForgeCatalogs applies catalogs Puppet compiled from Forge modules
// that declare INI settings (testdata/forge/record), as Puppet applied
// them.
func TestForgeCatalogs(t *testing.T) { replay(t, "testdata/forge") }

func replay(t *testing.T, dir string) {
	for _, c := range providertest.Cases(t, dir) {
		t.Run(c.Name, func(t *testing.T) {
			root := providertest.CaseRoot(t)
			providertest.Shell(t, c.Setup, "ROOT="+root)
			got := providertest.Run(t, c, builtin.Registry(), map[string]string{"@ROOT@": root})
			want, _ := providertest.OrdoCase(dir, c)
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

// TestJobsShareTheFile applies many settings and subsettings of one file
// at once (--jobs 8): none of them may be lost to another's write.
func TestJobsShareTheFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.ini")
	if err := os.WriteFile(path, []byte("[main]\nlist = a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := &catalog.Catalog{}
	var want []string
	for i := range 40 {
		sec := fmt.Sprintf("s%d", i%4)
		c.Resources = append(c.Resources, &catalog.Resource{Type: "Ini_setting", Title: fmt.Sprintf("k%d", i), Params: []catalog.Param{
			{Name: "path", Value: path}, {Name: "section", Value: sec}, {Name: "setting", Value: fmt.Sprintf("k%d", i)}, {Name: "value", Value: int64(i)},
		}})
		want = append(want, fmt.Sprintf("k%d = %d", i, i))
		c.Resources = append(c.Resources, &catalog.Resource{Type: "Ini_subsetting", Title: fmt.Sprintf("i%d", i), Params: []catalog.Param{
			{Name: "path", Value: path}, {Name: "section", Value: "main"}, {Name: "setting", Value: "list"}, {Name: "subsetting", Value: fmt.Sprintf("i%d", i)},
		}})
	}
	log := &resourcetest.Logger{}
	if _, err := apply.Apply(context.Background(), c, apply.Options{Types: builtin.Registry(), Log: log, Runner: &command.Runner{}, BucketDir: t.TempDir(), Jobs: 8}); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got := string(data)
	for _, w := range want {
		if !strings.Contains(got, w+"\n") {
			t.Errorf("%q lost:\n%s", w, got)
		}
	}
	for i := range 40 {
		if !strings.Contains(got, fmt.Sprintf(" i%d ", i)) && !strings.Contains(got, fmt.Sprintf(" i%d\n", i)) {
			t.Errorf("item i%d lost:\n%s", i, got)
		}
	}
	if n := strings.Count(log.String(), "ensure: created"); n != 80 {
		t.Errorf("%d created, want 80:\n%s", n, log.String())
	}
}

// TestAudit audits a setting's value it does not manage over two runs;
// the lines are those puppet apply printed for the same manifest (its
// audit change line shows values as the value property does: hidden
// without --show_diff).
func TestAudit(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.ini")
	c := &catalog.Catalog{Resources: []*catalog.Resource{{Type: "Ini_setting", Title: "a", Params: []catalog.Param{
		{Name: "path", Value: path}, {Name: "section", Value: "m"}, {Name: "setting", Value: "a"},
		{Name: "audit", Value: []catalog.Value{"value", "ensure"}},
	}}}}
	for _, run := range []struct {
		content string
		want    []string
	}{
		{"[m]\na = 1\n", []string{
			"Notice: /Ini_setting[a]/value: audit change: newly-recorded value 1",
			"Notice: /Ini_setting[a]/ensure: audit change: newly-recorded value present",
		}},
		{"[m]\na = 2\n", []string{
			"Notice: /Ini_setting[a]/value: audit change: previously recorded value [redacted sensitive information] has been changed to [redacted sensitive information]",
		}},
	} {
		if err := os.WriteFile(path, []byte(run.content), 0o644); err != nil {
			t.Fatal(err)
		}
		st, _, err := state.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		log := &resourcetest.Logger{}
		if _, err := apply.Apply(context.Background(), c, apply.Options{Types: builtin.Registry(), Log: log, Runner: &command.Runner{}, BucketDir: t.TempDir(), State: st}); err != nil {
			t.Fatal(err)
		}
		if err := st.Save(time.Now()); err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, l := range strings.Split(log.String(), "\n") {
			if strings.Contains(l, "audit change") {
				got = append(got, l)
			}
		}
		providertest.SameLines(t, got, run.want)
	}
}
