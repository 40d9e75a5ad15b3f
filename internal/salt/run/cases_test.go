package run_test

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/ordoproject/ordo/internal/resource/providertest"
	"github.com/ordoproject/ordo/internal/salt"
	"github.com/ordoproject/ordo/internal/salt/run"
	"github.com/ordoproject/ordo/internal/salt/state"
)

var update = flag.Bool("update", false, "rewrite the want sections of testdata/cases")

// TestCases runs every testdata/cases/*.txtar: an SLS tree (files other
// than "args" and "want"), the run's options in "args", and in "want"
// one line per record in run order (run number, tag, result, comment,
// changes) or the compile errors.
func TestCases(t *testing.T) {
	files, err := filepath.Glob("../../../testdata/salt/cases/*.txtar")
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no cases")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			root := t.TempDir()
			work := t.TempDir()
			args := map[string]string{}
			wantIdx := -1
			for i, f := range ar.Files {
				switch f.Name {
				case "args":
					args = parseArgs(string(f.Data))
				case "want":
					wantIdx = i
				}
			}
			cleanAccounts(t, args)
			cleanPackages(t, args)
			writeTree(t, ar, root, work, args)
			// A case may ask for a run of several jobs (args: jobs: N);
			// by default the run is serial, and then repeated with four.
			jobs := 1
			if n, err := strconv.Atoi(args["jobs"]); err == nil {
				jobs = n
			}
			got := runCase(t, root, work, args, jobs)
			// Another process may hold dpkg's lock for a while: a case
			// with packages runs again, from the start.
			for try := 1; try < 10 && args["packages"] != "" && dpkgLocked.MatchString(got); try++ {
				time.Sleep(3 * time.Second)
				cleanPackages(t, args)
				root, work = t.TempDir(), t.TempDir()
				writeTree(t, ar, root, work, args)
				got = runCase(t, root, work, args, jobs)
			}
			if *update {
				if wantIdx < 0 {
					ar.Files = append(ar.Files, txtar.File{Name: "want"})
					wantIdx = len(ar.Files) - 1
				}
				ar.Files[wantIdx].Data = []byte(got)
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if wantIdx < 0 {
				t.Fatal("no want section")
			}
			want := string(ar.Files[wantIdx].Data)
			if got != want {
				t.Errorf("got:\n%s\nwant:\n%s", got, want)
			}
			// States that touch the same things without a requisite
			// between them need the serial order; the others must give
			// the same records, run numbers included, with four jobs.
			if args["parallel"] == "false" || jobs != 1 {
				return
			}
			root, work = t.TempDir(), t.TempDir()
			writeTree(t, ar, root, work, args)
			if got := runCase(t, root, work, args, 4); got != want {
				t.Errorf("with 4 jobs, got:\n%s\nwant:\n%s", got, want)
			}
		})
	}
}

// writeTree writes the archive's SLS tree under root, with $WORK
// replaced by work, and the files and folders the setup argument names.
func writeTree(t *testing.T, ar *txtar.Archive, root, work string, args map[string]string) {
	for _, f := range ar.Files {
		if f.Name == "args" || f.Name == "want" {
			continue
		}
		p := filepath.Join(root, f.Name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		data := strings.ReplaceAll(string(f.Data), "$WORK", work)
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range strings.Fields(args["setup"]) {
		p = strings.ReplaceAll(p, "$WORK", work)
		var err error
		if strings.HasSuffix(p, "/") {
			err = os.MkdirAll(p, 0o755)
		} else {
			err = os.WriteFile(p, []byte("old\n"), 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// cleanAccounts removes the users and groups a case names in its
// accounts argument, before and after it runs, so that a failed run
// leaves nothing behind.
func cleanAccounts(t *testing.T, args map[string]string) {
	names := strings.Fields(args["accounts"])
	if len(names) > 0 {
		// The ids useradd hands out are in the expected results: no other
		// test may create accounts meanwhile.
		providertest.LockAccounts(t)
	}
	clean := func() {
		for _, n := range names {
			_ = exec.Command("userdel", "-r", n).Run()
		}
		for _, n := range names {
			_ = exec.Command("groupdel", n).Run()
		}
	}
	clean()
	t.Cleanup(clean)
}

// dpkgLocked matches what dpkg says when another process holds its lock.
var dpkgLocked = regexp.MustCompile(`dpkg frontend lock was locked by another process|Could not get lock /var/lib/dpkg/lock`)

// cleanPackages purges the packages a case names in its packages
// argument, before and after it runs, holding the lock of the tests
// that install packages.
func cleanPackages(t *testing.T, args map[string]string) {
	names := strings.Fields(args["packages"])
	if len(names) == 0 {
		return
	}
	providertest.Lock(t, "ordoprov-pkg")
	clean := func() { _ = exec.Command("dpkg", append([]string{"--purge"}, names...)...).Run() }
	clean()
	t.Cleanup(clean)
}

func parseArgs(s string) map[string]string {
	out := map[string]string{}
	for _, line := range strings.Split(s, "\n") {
		k, v, ok := strings.Cut(line, ":")
		if ok {
			out[strings.TrimSpace(k)] = strings.TrimSpace(v)
		}
	}
	return out
}

var pidRe = regexp.MustCompile(`"pid":\d+`)

func runCase(t *testing.T, root, work string, args map[string]string, jobs int) string {
	mods := strings.Fields(args["sls"])
	if len(mods) == 0 {
		mods = []string{"requisite"}
	}
	ctx := salt.Context{
		Grains:   map[string]any{"os": "Debian", "os_family": "Debian", "kernel": "Linux", "id": "minion", "num_cpus": 2},
		MinionID: "minion",
		RunCommand: func(cmd string) (string, error) {
			out, err := exec.Command("/bin/sh", "-c", cmd).Output()
			return strings.TrimRight(string(out), "\n"), err
		},
	}
	pillar := map[string]any{}
	if dir := args["pillar_root"]; dir != "" {
		p, err := salt.LoadPillar(filepath.Join(root, dir), ctx)
		if err != nil {
			return fmt.Sprintf("pillar error: %v\n", err)
		}
		pillar = p
	}
	pillar["work"] = work
	ctx.Pillar = pillar
	opts := salt.Options{FileRoot: root, NoAutoOrder: args["state_auto_order"] == "false", Context: ctx, Functions: state.Default()}
	if args["functions"] == "unchecked" {
		opts.Functions = nil
	}
	low, err := salt.Compile(opts, mods)
	if err != nil {
		var errs salt.Errors
		if !errors.As(err, &errs) {
			t.Fatalf("compile: %v", err)
		}
		var b strings.Builder
		for _, e := range errs {
			fmt.Fprintf(&b, "error: %s\n", strings.ReplaceAll(e.Error(), work, "$WORK"))
		}
		return b.String()
	}
	env := &state.Env{FileRoot: root, Render: salt.TemplateRenderer(root, ctx), HostsFile: filepath.Join(work, "hosts"), Pillar: ctx.Pillar, Grains: ctx.Grains,
		CacheDir: filepath.Join(work, "cache"),
		Now:      func() time.Time { return time.Date(2026, time.November, 27, 17, 10, 33, 123456000, time.UTC) }}
	recs, err := run.Run(context.Background(), low, run.Options{
		Test:      args["test"] == "true",
		Aggregate: args["state_aggregate"] == "true",
		Failhard:  args["failhard"] == "true",
		Jobs:      jobs,
		Functions: state.Default(),
		Env:       env,
	})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, r := range recs {
		var buf strings.Builder
		enc := json.NewEncoder(&buf)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(r.Changes)
		ch := strings.TrimSuffix(buf.String(), "\n")
		line := fmt.Sprintf("%d %s %s %q %s", r.RunNum, r.Tag, r.Result, r.Comment, pidRe.ReplaceAllString(string(ch), `"pid":"*"`))
		fmt.Fprintln(&b, strings.ReplaceAll(line, work, "$WORK"))
	}
	return b.String()
}
