package engine_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/graph"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/salt"
	"github.com/ordoproject/ordo/internal/salt/engine"
	"github.com/ordoproject/ordo/internal/salt/state"
)

// puppetFile and puppetExec are Puppet resources for the runs of both
// languages below.
func puppetFile(path, content string, params ...catalog.Param) *catalog.Resource {
	r := &catalog.Resource{Type: "File", Title: path, File: "site.pp", Line: 1}
	r.Set("content", content)
	for _, p := range params {
		r.Set(p.Name, p.Value)
	}
	return r
}

func puppetExec(title, command string, params ...catalog.Param) *catalog.Resource {
	r := &catalog.Resource{Type: "Exec", Title: title, File: "site.pp", Line: 2}
	r.Set("command", command)
	r.Set("provider", "shell")
	for _, p := range params {
		r.Set(p.Name, p.Value)
	}
	return r
}

// runBoth compiles sls (with @DIR@ replaced by dir), joins it to the
// Puppet resources and applies the one catalog; it returns Salt's
// records, one line each.
func runBoth(t *testing.T, dir, sls string, noop bool, puppet ...*catalog.Resource) []string {
	t.Helper()
	root, low := compileSLS(t, "top", strings.ReplaceAll(sls, "@DIR@", dir), engine.PuppetKey)
	states := engine.New(low, engine.Options{Test: noop, Functions: state.Default(), Env: &state.Env{FileRoot: root}})
	cat := catalog.New("node")
	for _, r := range puppet {
		if err := cat.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	if err := states.Join(cat); err != nil {
		t.Fatal(err)
	}
	res, err := apply.Apply(context.Background(), cat, apply.Options{Noop: noop, Finish: []apply.Finisher{states},
		Types: resource.NewRegistry(append(builtin.Types(), states.Types()...)...)})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range states.Records(context.Background(), res) {
		out = append(out, fmt.Sprintf("%d %s %s %q", r.RunNum, r.Tag, r.Result, r.Comment))
	}
	return out
}

// compileSLS writes sls as mod.sls in a fresh file root and compiles mod
// with Salt's state functions and neither grains nor pillar; external is
// the requisite key that names Puppet resources (engine.PuppetKey), or ""
// for none. It returns the file root and the low data.
func compileSLS(tb testing.TB, mod, sls, external string) (string, *salt.Low) {
	tb.Helper()
	root := tb.TempDir()
	if err := os.WriteFile(filepath.Join(root, mod+".sls"), []byte(sls), 0o644); err != nil {
		tb.Fatal(err)
	}
	low, err := salt.Compile(salt.Options{FileRoot: root, Functions: state.Default(), External: external,
		Context: salt.Context{Grains: map[string]any{}, Pillar: map[string]any{}}}, []string{mod})
	if err != nil {
		tb.Fatal(err)
	}
	return root, low
}

// The quantifiers of Salt's requisites hold for Puppet resources as
// sources too.
func TestRequisitesOnPuppetResources(t *testing.T) {
	for _, tc := range []struct {
		name   string
		sls    string
		puppet func(dir string) []*catalog.Resource
		noop   bool
		want   []string
	}{{
		name: "require_any: a Puppet failure is outweighed by a state in line",
		sls: `ok:
  test.succeed_without_changes
a:
  test.nop:
    - require_any:
      - puppet: Exec[fails]
      - test: ok
b:
  test.nop:
    - require:
      - puppet: Exec[fails]
`,
		puppet: func(string) []*catalog.Resource { return []*catalog.Resource{puppetExec("fails", "false")} },
		want: []string{
			`0 test_|-ok_|-ok_|-succeed_without_changes True "Success!"`,
			`1 test_|-a_|-a_|-nop True "Success!"`,
			`2 test_|-b_|-b_|-nop False "One or more requisite failed: Exec[fails]"`,
		},
	}, {
		name: "onchanges_any and onfail_all read Puppet's changes and failures",
		sls: `changed:
  test.nop:
    - onchanges_any:
      - puppet: File[@DIR@/f]
      - puppet: Exec[fails]
all failed:
  test.nop:
    - onfail_all:
      - puppet: Exec[fails]
      - puppet: File[@DIR@/f]
`,
		puppet: func(dir string) []*catalog.Resource {
			return []*catalog.Resource{puppetFile(dir+"/f", "x\n"), puppetExec("fails", "false")}
		},
		want: []string{
			`0 test_|-changed_|-changed_|-nop True "Success!"`,
			`1 test_|-all failed_|-all failed_|-nop True "State was not run because onfail req did not change"`,
		},
	}, {
		name: "test mode: a Puppet change is a None result, which onfail takes for a failure",
		sls: `hook:
  test.nop:
    - onfail:
      - puppet: File[@DIR@/f]
`,
		noop:   true,
		puppet: func(dir string) []*catalog.Resource { return []*catalog.Resource{puppetFile(dir+"/f", "x\n")} },
		want:   []string{`0 test_|-hook_|-hook_|-nop True "Success!"`},
	}, {
		name: "watch on a Puppet file calls mod_watch, one run number later",
		sls: `first:
  test.succeed_without_changes
w:
  test.succeed_without_changes:
    - watch:
      - puppet: File[@DIR@/f]
`,
		puppet: func(dir string) []*catalog.Resource { return []*catalog.Resource{puppetFile(dir+"/f", "x\n")} },
		want: []string{
			`0 test_|-first_|-first_|-succeed_without_changes True "Success!"`,
			`2 test_|-w_|-w_|-succeed_without_changes True "Watch statement fired."`,
		},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			got := runBoth(t, dir, tc.sls, tc.noop, tc.puppet(dir)...)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("records:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
			if _, err := os.Stat(filepath.Join(dir, "f")); tc.noop && err == nil {
				t.Error("test mode changed the file")
			}
		})
	}
}

// Names and Join match Puppet's references to states as Salt matches
// requisites, and refuse what names nothing, with its position.
func TestJoin(t *testing.T) {
	sls := `web pkg:
  test.nop:
    - name: nginx
many:
  test.nop:
    - names:
      - one
      - two
odd:
  cmd.run:
    - name: "echo ]"
`
	_, low := compileSLS(t, "web", sls, engine.PuppetKey)
	states := engine.New(low, engine.Options{Functions: state.Default()})
	for _, tc := range []struct {
		typ, title string
		want       bool
	}{
		{"Salt::Test", "web pkg", true},
		{"Salt::Test", "nginx", true},
		{"Salt::Cmd", "nginx", false},
		{"Salt::Id", "nginx", true},
		{"Salt::Sls", "web", true},
		{"Salt::Sls", "w*", true},
		{"Salt::Test", "on?", true},
		{"Salt::Sls", "db", false},
		{"Salt::", "x", false},
		{"Saltx::Test", "nginx", false},
		{"Salt::Cmd", "echo ]", true},
	} {
		if got := states.Names(tc.typ, tc.title); got != tc.want {
			t.Errorf("Names(%s, %q) = %v, want %v", tc.typ, tc.title, got, tc.want)
		}
	}

	cat := catalog.New("node")
	n := &catalog.Resource{Type: "Notify", Title: "n", File: "site.pp", Line: 4}
	n.Set("require", []catalog.Value{"Salt::Test[many]", "Salt::Test[nginx]"})
	if err := cat.Add(n); err != nil {
		t.Fatal(err)
	}
	if err := states.Join(cat); err != nil {
		t.Fatal(err)
	}
	got, _ := n.Get("require")
	want := "[Salt::Test[test_|-many_|-one_|-nop] Salt::Test[test_|-many_|-two_|-nop] Salt::Test[web pkg]]"
	if fmt.Sprint(got) != want {
		t.Errorf("require = %v, want %s", got, want)
	}

	cat = catalog.New("node")
	bad := &catalog.Resource{Type: "Notify", Title: "n", File: "site.pp", Line: 4}
	bad.Set("before", "Salt::Cmd[nginx]")
	_ = cat.Add(bad)
	err := states.Join(cat)
	var dep *graph.DependencyError
	if !errors.As(err, &dep) || err.Error() != "Could not find dependent Salt::Cmd[nginx] for Notify[n] (file: site.pp, line: 4)" {
		t.Errorf("Join: %v", err)
	}
	if len(cat.Resources) != 1 {
		t.Errorf("a refused join added %d resources", len(cat.Resources)-1)
	}
}

// The _in forms name a Puppet resource that depends on the state:
// require_in orders it after the state and skips it when the state
// failed, watch_in refreshes it when the state changed.
func TestInRequisitesOnPuppetResources(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "log")
	sls := `first:
  test.succeed_with_changes:
    - require_in:
      - puppet: Exec[after first]
    - watch_in:
      - puppet: Exec[refreshed]
broken:
  test.fail_without_changes:
    - require_in:
      - puppet: Exec[after broken]
`
	echo := func(title string, params ...catalog.Param) *catalog.Resource {
		return puppetExec(title, "echo '"+title+"' >> "+log, params...)
	}
	got := runBoth(t, dir, sls, false,
		echo("after first"), echo("after broken"), echo("refreshed", catalog.Param{Name: "refreshonly", Value: true}))
	want := []string{
		`0 test_|-first_|-first_|-succeed_with_changes True "Success!"`,
		`1 test_|-broken_|-broken_|-fail_without_changes False "Failure!"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("records:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	data, _ := os.ReadFile(log)
	if string(data) != "after first\nrefreshed\n" {
		t.Errorf("the execs wrote:\n%s", data)
	}

	// An _in naming a Puppet resource that is not there is Salt's error
	// for an unknown _in target, with its position.
	_, low := compileSLS(t, "top", "a:\n  test.nop:\n    - require_in:\n      - puppet: Exec[nowhere]\n", engine.PuppetKey)
	err := engine.New(low, engine.Options{Functions: state.Default()}).Join(catalog.New("node"))
	if err == nil || !strings.HasPrefix(err.Error(), "top.sls:3:7: Cannot extend ID 'Exec[nowhere]' in 'base:top'. It is not part of the high state.") {
		t.Errorf("Join: %v", err)
	}
}

// A thing both languages manage is reported, whatever path spelling.
func TestOverlaps(t *testing.T) {
	sls := "conf:\n  file.managed:\n    - name: /etc/ordosaltengine//x.conf\n    - contents: x\nweb:\n  pkg.installed:\n    - name: ordosaltengine-web\nother:\n  test.nop:\n    - name: /etc/ordosaltengine/x.conf\n"
	_, low := compileSLS(t, "top", sls, "")
	cat := catalog.New("node")
	f := &catalog.Resource{Type: "File", Title: "x", File: "site.pp", Line: 2}
	f.Set("path", "/etc/ordosaltengine/x.conf")
	p := &catalog.Resource{Type: "Package", Title: "ordosaltengine-web"}
	for _, r := range []*catalog.Resource{f, p} {
		if err := cat.Add(r); err != nil {
			t.Fatal(err)
		}
	}
	got := engine.New(low, engine.Options{}).Overlaps(cat)
	want := []string{
		"Salt::File[conf] (top.sls:2:3) and File[x] (file: site.pp, line: 2) both manage /etc/ordosaltengine/x.conf; both are applied, in the order of the graph",
		"Salt::Pkg[web] (top.sls:6:3) and Package[ordosaltengine-web] both manage ordosaltengine-web; both are applied, in the order of the graph",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("overlaps:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// listen may name a Puppet resource: the listener's mod_watch runs after
// the run when the resource changed; a listen on a resource that is not
// there is Salt's Listen_Error record.
func TestListenOnPuppetResources(t *testing.T) {
	dir := t.TempDir()
	sls := `l:
  test.succeed_without_changes:
    - listen:
      - puppet: File[@DIR@/f]
quiet:
  test.succeed_without_changes:
    - listen:
      - puppet: File[@DIR@/g]
missing:
  test.nop:
    - listen:
      - puppet: Exec[nowhere]
`
	if err := os.WriteFile(filepath.Join(dir, "g"), []byte("same\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got := runBoth(t, dir, sls, false, puppetFile(dir+"/f", "x\n"), puppetFile(dir+"/g", "same\n"))
	want := []string{
		`0 test_|-l_|-l_|-succeed_without_changes True "Success!"`,
		`1 test_|-quiet_|-quiet_|-succeed_without_changes True "Success!"`,
		`2 test_|-missing_|-missing_|-nop True "Success!"`,
		`3 test_|-listener_l_|-l_|-mod_watch True "Watch statement fired."`,
		`4 Listen_Error_|-listen_Exec[nowhere]_|-listen_puppet_|-Listen_Error False "Referenced state puppet: Exec[nowhere] does not exist"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("records:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// listen_in may name a Puppet resource: it is refreshed at the end of
// the run, once, when the states that name it changed, with one event
// each; a state that did not change sends nothing, and a listen_in on
// a resource that is not there is Salt's Listen_Error record when the
// state changed. The Salt listeners run in the same end phase, in
// Salt's order.
func TestListenInOnPuppetResources(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "log")
	sls := `changed:
  cmd.run:
    - name: echo changed >> @DIR@/log
    - listen_in:
      - puppet: Exec[listener]
also:
  test.succeed_with_changes:
    - listen_in:
      - puppet: Exec[listener]
      - test: salt listener
unchanged:
  test.succeed_without_changes:
    - listen_in:
      - puppet: Exec[quiet]
      - puppet: Exec[nowhere]
missing:
  test.succeed_with_changes:
    - listen_in:
      - puppet: Exec[nowhere]
salt listener:
  test.succeed_without_changes: []
`
	echo := func(title string, params ...catalog.Param) *catalog.Resource {
		return puppetExec(title, "echo '"+title+"' >> "+log, params...)
	}
	for _, noop := range []bool{false, true} {
		_ = os.Remove(log)
		got := runBoth(t, dir, sls, noop,
			echo("listener", catalog.Param{Name: "refreshonly", Value: true}),
			echo("quiet", catalog.Param{Name: "refreshonly", Value: true}),
			echo("plain"))
		want := []string{
			`0 cmd_|-changed_|-echo changed >> ` + dir + `/log_|-run True "Command \"echo changed >> ` + dir + `/log\" run"`,
			`1 test_|-also_|-also_|-succeed_with_changes True "Success!"`,
			`2 test_|-unchanged_|-unchanged_|-succeed_without_changes True "Success!"`,
			`3 test_|-missing_|-missing_|-succeed_with_changes True "Success!"`,
			`4 test_|-salt listener_|-salt listener_|-succeed_without_changes True "Success!"`,
			`5 test_|-listener_salt listener_|-salt listener_|-mod_watch True "Watch statement fired."`,
			`6 Listen_Error_|-listen_Exec[nowhere]_|-listen_puppet_|-Listen_Error False "Referenced state puppet: Exec[nowhere] does not exist"`,
		}
		wantLog := "plain\nchanged\nlistener\n"
		if noop {
			want = []string{
				`0 cmd_|-changed_|-echo changed >> ` + dir + `/log_|-run None "Command \"echo changed >> ` + dir + `/log\" would have been executed"`,
				`1 test_|-also_|-also_|-succeed_with_changes None "If we weren't testing, this would be successful with changes"`,
				`2 test_|-unchanged_|-unchanged_|-succeed_without_changes True "Success!"`,
				`3 test_|-missing_|-missing_|-succeed_with_changes None "If we weren't testing, this would be successful with changes"`,
				`4 test_|-salt listener_|-salt listener_|-succeed_without_changes True "Success!"`,
				`5 test_|-listener_salt listener_|-salt listener_|-mod_watch True "Watch statement fired."`,
				`6 Listen_Error_|-listen_Exec[nowhere]_|-listen_puppet_|-Listen_Error False "Referenced state puppet: Exec[nowhere] does not exist"`,
			}
			wantLog = ""
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("noop %v: records:\n%s\nwant:\n%s", noop, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		data, _ := os.ReadFile(log)
		if string(data) != wantLog {
			t.Errorf("noop %v: the commands wrote:\n%s", noop, data)
		}
	}
}

// A catalog that declares a resource of a Salt state's type and title
// (a defined type salt::test, say) is refused, not merged.
func TestJoinRefusesADeclaredState(t *testing.T) {
	_, low := compileSLS(t, "top", "a:\n  test.nop\n", "")
	cat := catalog.New("node")
	_ = cat.Add(&catalog.Resource{Type: "Salt::Test", Title: "a", File: "site.pp", Line: 7})
	err := engine.New(low, engine.Options{}).Join(cat)
	want := "top.sls:2:3: Salt::Test[a] is declared by the catalog too (file: site.pp, line: 7); the types Salt::<module> are the Salt states'"
	if err == nil || err.Error() != want {
		t.Errorf("Join: %v\nwant: %s", err, want)
	}
}

// Names takes any reference a manifest can write without failing.
func FuzzNames(f *testing.F) {
	_, low := compileSLS(f, "top", "a:\n  test.nop:\n    - name: '[x]'\nb:\n  cmd.run:\n    - name: echo *\n", "")
	states := engine.New(low, engine.Options{})
	for _, seed := range [][2]string{{"Salt::Test", "["}, {"Salt::Sls", "t[o-"}, {"Salt::Id", "*"}, {"Salt::Cmd", "echo \\*"}, {"Salt::", ""}, {"salt::TEST", "a"}} {
		f.Add(seed[0], seed[1])
	}
	f.Fuzz(func(t *testing.T, typ, title string) {
		states.Names(typ, title)
	})
}

// States whose SLS or ID no Puppet tag or plain title can spell still
// run: an SLS named with a space, an ID with brackets and Salt's own tag
// separator.
func TestOddNames(t *testing.T) {
	sls := "'a ] b':\n  test.succeed_with_changes\n'x_|-y':\n  test.nop:\n    - require:\n      - test: 'a ] b'\n"
	root, low := compileSLS(t, "my sls", sls, "")
	recs, err := engine.Run(context.Background(), low, engine.Options{Functions: state.Default(), Env: &state.Env{FileRoot: root}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range recs {
		got = append(got, fmt.Sprintf("%d %s %s %q", r.RunNum, r.Tag, r.Result, r.Comment))
	}
	want := []string{
		`0 test_|-a ] b_|-a ] b_|-succeed_with_changes True "Success!"`,
		`1 test_|-x_|-y_|-x_|-y_|-nop True "Success!"`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("records:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// skip_req is a key of a state's return in Salt (a state function of
// one's own may set it; Salt has no global option of that name): an
// onchanges or prereq it meets leaves the dependent not run, a watch it
// triggers runs the dependent without mod_watch and says so, a require
// is met as usual.
func TestSkipReq(t *testing.T) {
	funcs := state.Default()
	funcs["custom.skipper"] = func(_ context.Context, _ *state.Env, c state.Call) state.Return {
		ret := state.Return{Result: state.True, Changes: state.Changes{"thing": "changed"}, Comment: "Changed, and the requisites skipped", SkipReq: true}
		if c.Test {
			ret.Result, ret.Comment = state.None, "Would change, and skip the requisites"
		}
		return ret
	}
	sls := `before:
  test.succeed_with_changes:
    - prereq:
      - custom: skipper
skipper:
  custom.skipper: []
on_change:
  test.succeed_with_changes:
    - onchanges:
      - custom: skipper
watcher:
  test.succeed_without_changes:
    - watch:
      - custom: skipper
plain:
  test.succeed_without_changes:
    - require:
      - custom: skipper
`
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "top.sls"), []byte(sls), 0o644); err != nil {
		t.Fatal(err)
	}
	low, err := salt.Compile(salt.Options{FileRoot: root, Functions: funcs,
		Context: salt.Context{Grains: map[string]any{}, Pillar: map[string]any{}}}, []string{"top"})
	if err != nil {
		t.Fatal(err)
	}
	for _, jobs := range []int{1, 4} {
		recs, err := engine.Run(context.Background(), low, engine.Options{Functions: funcs, Env: &state.Env{FileRoot: root}, Jobs: jobs})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range recs {
			got = append(got, fmt.Sprintf("%d %s %s %q %v", r.RunNum, r.Tag, r.Result, r.Comment, r.SkipReq))
		}
		want := []string{
			`0 test_|-before_|-before_|-succeed_with_changes True "State was not run because requisites were skipped by another state" false`,
			`1 custom_|-skipper_|-skipper_|-skipper True "Changed, and the requisites skipped" true`,
			`2 test_|-on_change_|-on_change_|-succeed_with_changes True "State was not run because requisites were skipped by another state" false`,
			`3 test_|-watcher_|-watcher_|-succeed_without_changes True "Success! mod_watch was not run because requisites were skipped by another state" false`,
			`4 test_|-plain_|-plain_|-succeed_without_changes True "Success!" false`,
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("jobs %d: records:\n%s\nwant:\n%s", jobs, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}
