package service_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/providertest"
)

// manifest prints r as puppet resource does for a service: ensure first,
// the other attributes sorted and aligned; withPattern adds pattern's
// default (the binary, else the name), as --param pattern does.
func manifest(r *catalog.Resource, withPattern bool) string {
	attrs := map[string]string{}
	for _, p := range r.Params {
		attrs[p.Name] = catalog.Scalar(p.Value)
	}
	if withPattern {
		attrs["pattern"] = r.Title
	}
	var names []string
	width := 0
	for n := range attrs {
		if n != "ensure" {
			names = append(names, n)
		}
		width = max(width, len(n))
	}
	slices.Sort(names)
	names = append([]string{"ensure"}, names...)
	var b strings.Builder
	fmt.Fprintf(&b, "service { '%s':\n", r.Title)
	for _, n := range names {
		fmt.Fprintf(&b, "  %-*s => '%s',\n", width, n, attrs[n])
	}
	b.WriteString("}\n")
	return b.String()
}

// TestListingSystemd lists and finds services with the systemd provider
// (the stand-in systemctl holding the units of listing-systemd.txtar)
// and compares them with what puppet resource printed for the same
// units; where systemd is not PID 1 the same units are not listed, and
// the init scripts are, with the debian provider.
func TestListingSystemd(t *testing.T) {
	fix, bin := fixture(t)
	t.Setenv("PATH", bin+":"+os.Getenv("PATH"))
	a, err := txtar.ParseFile("testdata/listing-systemd.txtar")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	var cmds []string
	for _, f := range a.Files {
		switch {
		case f.Name == "units":
			for _, u := range strings.Split(strings.TrimSpace(string(f.Data)), "\n") {
				providertest.Shell(t, fix+" unit "+u)
			}
		case strings.HasSuffix(f.Name, ".cmd"):
			cmds = append(cmds, strings.TrimSpace(string(f.Data)))
		case strings.HasSuffix(f.Name, ".stdout"):
			want[cmds[len(cmds)-1]] = string(f.Data)
		}
	}
	ctx := context.Background()
	h := &resource.Handle{Log: discard{}, Runner: command.Runner{}, Level: resource.Notice}
	typ := registry(t, true).Lookup("service")
	for _, cmd := range cmds {
		args := strings.Fields(cmd)
		withPattern := slices.Contains(args, "--param")
		var got strings.Builder
		if len(args) == 1 || strings.HasPrefix(args[1], "--") {
			all, err := resource.List(ctx, typ, h, resource.LocalHost{})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range all {
				got.WriteString(manifest(r, withPattern))
			}
		} else {
			ps := resource.ListProviders(typ, resource.LocalHost{})
			if len(ps) == 0 || ps[0].Find == nil {
				t.Fatalf("%s: no provider finds services", cmd)
			}
			r, err := ps[0].Find(ctx, h, args[1])
			if err != nil {
				t.Fatal(err)
			}
			r.Set("provider", ps[0].Name)
			got.WriteString(manifest(r, withPattern))
		}
		if got.String() != want[cmd] {
			t.Errorf("puppet resource %s:\n--- ordo\n%s--- puppet\n%s", cmd, got.String(), want[cmd])
		}
	}

	// Without systemd as PID 1, the debian provider lists the init
	// scripts, and systemctl's units are not services here.
	all, err := resource.List(ctx, registry(t, false).Lookup("service"), h, resource.LocalHost{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range all {
		if strings.HasSuffix(r.Title, ".service") {
			t.Errorf("%s is listed where systemd is not PID 1", r.Title)
		}
		if r.Title == "ordoprov-svc" {
			found = true
			if p := r.String("provider"); p != "debian" {
				t.Errorf("ordoprov-svc is listed with provider %s, want debian", p)
			}
		}
	}
	if !found {
		t.Error("the init script ordoprov-svc is not listed")
	}
}

// discard drops log lines.
type discard struct{}

func (discard) Log(resource.Level, string, string) {}
func (discard) Enabled(resource.Level) bool        { return false }
