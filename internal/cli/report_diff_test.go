package cli_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v4"
)

// statusSummary is what a resource status says, in a form both Puppet's
// YAML report and ordo's JSON report reduce to.
type statusSummary struct {
	Resource        string
	ContainmentPath []string
	Failed          bool
	FailedToRestart bool
	Changed         bool
	OutOfSync       bool
	Skipped         bool
	ChangeCount     int
	OutOfSyncCount  int
	Events          []string // name status property: message
}

// TestDifferentialReports compares ordo's JSON report with the report
// Puppet 7.23 wrote for the same run: the status of every resource in the
// same order, their flags, counts and events, and the run's status.
func TestDifferentialReports(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(corpus, "*.report.yaml"))
	cases := map[string]differentialCase{}
	for _, c := range loadCorpus(t) {
		cases[c.name] = c
	}
	compared := 0
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".report.yaml")
		c, ok := cases[name]
		if !ok {
			continue
		}
		compared++
		t.Run(name, func(t *testing.T) {
			wantStatus, want := puppetReport(t, file)
			reportFile := filepath.Join(t.TempDir(), "report.json")
			out, root := runCase(t, c, "--report", reportFile)
			gotStatus, got := ordoReport(t, reportFile, root)
			if gotStatus != wantStatus {
				t.Errorf("report status %q, Puppet's %q", gotStatus, wantStatus)
			}
			if g, w := fmt.Sprintf("%+v", got), fmt.Sprintf("%+v", want); g != w {
				t.Errorf("resource statuses differ from Puppet's\n%s\n--- ordo output\n%s", lineDiff(strings.Join(lines(want), "\n"), strings.Join(lines(got), "\n")), out)
			}
		})
	}
	if compared < 5 {
		t.Errorf("compared %d reports; the corpus should hold more", compared)
	}
}

func lines(ss []statusSummary) []string {
	var out []string
	for _, s := range ss {
		out = append(out, fmt.Sprintf("%+v", s))
	}
	return out
}

// puppetReport reads the run status and resource statuses of Puppet's
// last_run_report.yaml (its Ruby object tags ignored).
func puppetReport(t *testing.T, file string) (string, []statusSummary) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	top := doc.Content[0]
	var status string
	var out []statusSummary
	for i := 0; i+1 < len(top.Content); i += 2 {
		key, val := top.Content[i].Value, top.Content[i+1]
		switch key {
		case "status":
			status = val.Value
		case "resource_statuses":
			for j := 0; j+1 < len(val.Content); j += 2 {
				var s struct {
					Resource        string   `yaml:"resource"`
					ContainmentPath []string `yaml:"containment_path"`
					Failed          bool     `yaml:"failed"`
					FailedToRestart bool     `yaml:"failed_to_restart"`
					Changed         bool     `yaml:"changed"`
					OutOfSync       bool     `yaml:"out_of_sync"`
					Skipped         bool     `yaml:"skipped"`
					ChangeCount     int      `yaml:"change_count"`
					OutOfSyncCount  int      `yaml:"out_of_sync_count"`
					Events          []struct {
						Name, Status, Property, Message string
					} `yaml:"events"`
				}
				node := val.Content[j+1]
				node.Tag = ""
				if err := node.Decode(&s); err != nil {
					t.Fatalf("%s: %v", val.Content[j].Value, err)
				}
				sum := statusSummary{s.Resource, s.ContainmentPath, s.Failed, s.FailedToRestart, s.Changed, s.OutOfSync, s.Skipped, s.ChangeCount, s.OutOfSyncCount, nil}
				for _, e := range s.Events {
					sum.Events = append(sum.Events, e.Name+" "+e.Status+" "+e.Property+": "+e.Message)
				}
				out = append(out, sum)
			}
		}
	}
	return status, out
}

func ordoReport(t *testing.T, file, root string) (string, []statusSummary) {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	data = []byte(strings.ReplaceAll(string(data), root, "@ROOT@"))
	var doc struct {
		Status           string `json:"status"`
		ResourceStatuses []struct {
			Resource        string   `json:"resource"`
			ContainmentPath []string `json:"containment_path"`
			Failed          bool     `json:"failed"`
			FailedToRestart bool     `json:"failed_to_restart"`
			Changed         bool     `json:"changed"`
			OutOfSync       bool     `json:"out_of_sync"`
			Skipped         bool     `json:"skipped"`
			ChangeCount     int      `json:"change_count"`
			OutOfSyncCount  int      `json:"out_of_sync_count"`
			Events          []struct {
				Name, Status, Property, Message string
			} `json:"events"`
		} `json:"resource_statuses"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	var out []statusSummary
	for _, s := range doc.ResourceStatuses {
		sum := statusSummary{s.Resource, s.ContainmentPath, s.Failed, s.FailedToRestart, s.Changed, s.OutOfSync, s.Skipped, s.ChangeCount, s.OutOfSyncCount, nil}
		for _, e := range s.Events {
			sum.Events = append(sum.Events, e.Name+" "+e.Status+" "+e.Property+": "+e.Message)
		}
		out = append(out, sum)
	}
	return doc.Status, out
}
