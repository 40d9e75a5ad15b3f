package graph

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/exec"
	"github.com/ordoproject/ordo/internal/resource/file"
	"github.com/ordoproject/ordo/internal/resource/notify"
)

// expectedToDiffer lists differential cases whose order needs more than
// the fake types of these tests provide, with the reason.
var expectedToDiffer = map[string]string{
	// The order matches; the file whose validation warned keeps the short
	// log path it warned under, which internal/apply gives it.
	"file-purge-no-recurse":     "a validation warning shortens the resource's log path (internal/apply)",
	"file-checksum-value-alone": "a validation warning shortens the resource's log path (internal/apply)",
	// A concat_file's File is made before the run and its sentinel when
	// the run reaches it, both by internal/apply.
	"concat-generated":      "a concat_file makes its File before the run (internal/apply)",
	"concat-generated-noop": "a concat_file makes its File before the run (internal/apply)",
	"concat-file-on-path":   "a concat_file gives its content to the catalog's file on its path when reached (internal/apply)",
}

// TestDifferential builds the graph of every catalog Puppet 7.23 compiled
// in testdata/differential and compares the walk order with the
// "Starting to evaluate the resource (N of M)" lines Puppet's agent
// logged, the cycle message with its "Found N dependency cycle(s)" error,
// and the DOT files with those it wrote (NAME.graph/*.dot). The fake
// types give file its nearest-ancestor autorequire and exec its cwd and
// command autorequires, which is all the corpus exercises so far.
func TestDifferential(t *testing.T) {
	t.Run("fake-types", func(t *testing.T) { differential(t, testTypes()) })
	t.Run("real-types", func(t *testing.T) { differential(t, realTypes()) })
}

// realTypes are the built-in types ordo has so far (with their own
// auto-relationships), completed by the fakes for the others.
func realTypes() *resource.Registry {
	return resource.NewRegistry(
		notify.Type{}, file.Type{}, exec.Type{},
		fakeType{name: "schedule"}, fakeType{name: "filebucket"},
		fakeType{name: "package", namevar: "name"}, fakeType{name: "user", namevar: "name"}, fakeType{name: "group", namevar: "name"},
		fakeType{name: "resources", namevar: "name"}, fakeType{name: "tidy", namevar: "path"},
	)
}

func differential(t *testing.T, types *resource.Registry) {
	dir := filepath.Join("..", "..", "testdata", "differential")
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	var matched, compared, skipped []string
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".json")
		logData, errLog := os.ReadFile(filepath.Join(dir, name+".log"))
		trace, errTrace := os.ReadFile(filepath.Join(dir, name+".trace"))
		if errLog != nil && errTrace != nil {
			continue
		}
		status := "filtered"
		ok := t.Run(name, func(t *testing.T) {
			status = "skip"
			if errLog == nil && len(logData) == 0 {
				t.Skip("empty log: the case is being recorded")
			}
			if reason, ok := expectedToDiffer[name]; ok {
				t.Skip("expected to differ: " + reason)
			}
			log := rooted(logData)
			cycleWant := cycleText(log)
			starts := startLines(log)
			depErr := dependencyError(string(trace))
			if m := depErrLine.FindStringSubmatch(log); m != nil {
				depErr = m[1]
			}
			evals := traceEvals(string(trace))
			if cycleWant == "" && starts == "" && depErr == "" && evals == "" {
				t.Skip("Puppet did not apply the catalog")
			}
			status = "run"
			raw, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			data := []byte(rooted(raw))
			c, err := catalog.Decode(data, file)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range c.Resources {
				if rec, _ := r.Get("recurse"); r.Type == "File" && (rec == true || rec == "true" || rec == "remote") {
					t.Skip("a recursive file generates resources during the run: internal/apply's walk, compared in internal/cli")
				}
			}
			if c.Resource(catalog.Ref{Type: "Filebucket", Title: "puppet"}) == nil {
				appendDefaults(t, c)
			}
			g, err := Build(c, Options{Types: types})
			if depErr != "" {
				if err == nil || !strings.HasPrefix(anyFile(err.Error()), anyFile(depErr)) {
					t.Fatalf("error = %v, want %s", err, depErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if cycleWant != "" {
				if got := g.CycleMessage(""); got != cycleWant {
					t.Errorf("cycle message:\n got: %q\nwant: %q", got, cycleWant)
				}
			} else if starts != "" {
				if got := walkLines(g); got != starts {
					t.Errorf("walk order differs:\n%s", lineDiff(got, starts))
				}
			} else if got := walkEvals(g); got != evals {
				// Only the trace was recorded: compare the order of the
				// resources it shows.
				t.Errorf("walk order differs from the trace:\n%s", lineDiff(got, evals))
			}
			graphDir := filepath.Join(dir, name+".graph")
			if _, err := os.Stat(graphDir); err == nil {
				out := t.TempDir()
				if err := g.WriteDOT(out); err != nil {
					t.Fatal(err)
				}
				wants, _ := filepath.Glob(filepath.Join(graphDir, "*.dot"))
				for _, w := range wants {
					wantRaw, _ := os.ReadFile(w)
					want := []byte(rooted(wantRaw))
					got, _ := os.ReadFile(filepath.Join(out, filepath.Base(w)))
					if !bytes.Equal(got, want) {
						t.Errorf("%s differs:\n%s", filepath.Base(w), lineDiff(string(got), string(want)))
					}
				}
			}
		})
		switch {
		case status == "filtered":
		case status == "skip":
			skipped = append(skipped, name)
		case ok:
			compared = append(compared, name)
			matched = append(matched, name)
		default:
			compared = append(compared, name)
		}
	}
	t.Logf("differential: %d of %d cases match Puppet 7.23 (%d not applicable: %s)",
		len(matched), len(compared), len(skipped), strings.Join(skipped, ", "))
}

var depErrLine = regexp.MustCompile(`(?m)^Error: (Could not find dependen.*)$`)

// anyFile hides the manifest name in a location: Puppet compiled the
// corpus catalogs from site.pp but applied case.pp.
func anyFile(s string) string { return fileRE.ReplaceAllString(s, "(file: F,") }

var fileRE = regexp.MustCompile(`\(file: [^,]*,`)

// rooted puts a folder in place of the corpus's @ROOT@ placeholder, so
// that paths are absolute as they were when Puppet ran.
func rooted(b []byte) string { return strings.ReplaceAll(string(b), "@ROOT@", "/sandbox") }

// dependencyError extracts an agent-side "Could not find dependency"
// error from a normalized trace (which drops the file and line).
func dependencyError(trace string) string {
	for _, l := range strings.Split(trace, "\n") {
		if rest, ok := strings.CutPrefix(l, "error Could not find dependen"); ok {
			return "Could not find dependen" + rest
		}
	}
	return ""
}

// cycleText extracts Puppet's cycle error from a log: the "Found" line
// and the line of paths after it.
func cycleText(log string) string {
	lines := strings.Split(log, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "Error: Found ") && i+1 < len(lines) {
			return strings.TrimPrefix(l, "Error: ") + "\n" + lines[i+1]
		}
	}
	return ""
}

// traceEvals lists the resources a normalized trace evaluated, in order.
func traceEvals(trace string) string {
	var b strings.Builder
	for _, l := range strings.Split(trace, "\n") {
		if ref, ok := strings.CutPrefix(l, "eval "); ok {
			b.WriteString(ref + "\n")
		}
	}
	return rooted([]byte(b.String()))
}

// walkEvals lists the walk's resources as a trace shows them: no
// sentinels, no default schedules or filebucket.
func walkEvals(g *Graph) string {
	var b strings.Builder
	for _, v := range g.Order() {
		if v.Whit != NotWhit || g.Parent(v.Resource) == nil && (v.Resource.Type == "Schedule" || v.Resource.Type == "Filebucket") {
			continue
		}
		b.WriteString(v.String() + "\n")
	}
	return b.String()
}
