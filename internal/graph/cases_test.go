package graph

import (
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the expected sections of testdata/cases/*.txtar")

// TestCases runs testdata/cases/*.txtar. Each archive has a "catalog"
// section in the notation of parseCatalog, an optional "options" section
// (ordering=title-hash|random seed=N), and any of the expected sections
// "order" (walk order as log sources), "edges" (expanded edges, ~> when
// labeled refresh), "cycles" (the cycle message), "error" and "debug".
func TestCases(t *testing.T) {
	files, _ := filepath.Glob("testdata/cases/*.txtar")
	if len(files) == 0 {
		t.Fatal("no cases")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := readArchive(file)
			if err != nil {
				t.Fatal(err)
			}
			sections := map[string]string{}
			for _, f := range ar.Files {
				sections[f.Name] = string(f.Data)
			}
			c := parseCatalog(t, sections["catalog"])
			opts := Options{Types: testTypes()}
			for _, kv := range strings.Fields(sections["options"]) {
				k, v, _ := strings.Cut(kv, "=")
				switch k {
				case "ordering":
					opts.Ordering, _ = ParseOrdering(v)
				case "seed":
					opts.Seed, _ = strconv.ParseInt(v, 10, 64)
				}
			}
			var debug strings.Builder
			opts.Debug = func(src, msg string) { debug.WriteString(src + ": " + msg + "\n") }
			got := map[string]string{}
			g, err := Build(c, opts)
			if err != nil {
				got["error"] = err.Error() + "\n"
			} else {
				if g.Cycles() != nil {
					got["cycles"] = g.CycleMessage("") + "\n"
				} else {
					got["order"] = orderLines(g)
				}
				got["edges"] = edgeLines(g)
			}
			got["debug"] = debug.String()
			changed := false
			for i, f := range ar.Files {
				want, ok := got[f.Name]
				if !ok || f.Name == "catalog" || f.Name == "options" {
					continue
				}
				if want != string(f.Data) {
					if *update {
						ar.Files[i].Data = []byte(want)
						changed = true
						continue
					}
					t.Errorf("%s differs:\n--- got\n%s--- want\n%s", f.Name, want, f.Data)
				}
			}
			if changed {
				os.WriteFile(file, ar.format(), 0o644)
			}
		})
	}
}

// archive is a txtar archive: a comment, then files introduced by
// "-- name --" lines. (A few lines of code spare the module a dependency.)
type archive struct {
	Comment []byte
	Files   []archiveFile
}

type archiveFile struct {
	Name string
	Data []byte
}

func readArchive(name string) (*archive, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	a := &archive{}
	cur := &a.Comment
	for _, line := range strings.SplitAfter(string(data), "\n") {
		t := strings.TrimRight(line, "\n")
		if strings.HasPrefix(t, "-- ") && strings.HasSuffix(t, " --") && len(t) > 6 {
			a.Files = append(a.Files, archiveFile{Name: strings.TrimSpace(t[3 : len(t)-3])})
			cur = &a.Files[len(a.Files)-1].Data
			continue
		}
		*cur = append(*cur, line...)
	}
	return a, nil
}

func (a *archive) format() []byte {
	out := append([]byte(nil), a.Comment...)
	for _, f := range a.Files {
		out = append(out, "-- "+f.Name+" --\n"...)
		out = append(out, f.Data...)
	}
	return out
}
