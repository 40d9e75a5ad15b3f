package report

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

func TestBuildReport(t *testing.T) {
	start := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	file := &catalog.Resource{Type: "File", Title: "/etc/motd", File: "/site.pp", Line: 3, Tags: []string{"file"}, Sensitive: []string{"content"}}
	exec := &catalog.Resource{Type: "Exec", Title: "e"}
	skipped := &catalog.Resource{Type: "Exec", Title: "later"}
	res := &apply.Result{Start: start, Duration: 1500 * time.Millisecond, Completed: true, Statuses: []*apply.Status{
		{Resource: file, ContainmentPath: []string{"Stage[main]", "Main", "File[/etc/motd]"}, Time: start, EvaluationTime: 250 * time.Millisecond,
			Changed: true, OutOfSync: true, ChangeCount: 1, OutOfSyncCount: 1,
			Events: []apply.Event{{Name: "content_changed", Status: apply.EventSuccess, Property: "content", Previous: "old secret", Desired: "new secret", Message: "content changed", Time: start}}},
		{Resource: exec, Time: start, EvaluationTime: time.Second, Failed: true, OutOfSync: true, OutOfSyncCount: 1,
			Events: []apply.Event{{Name: "executed_command", Status: apply.EventFailure, Property: "returns",
				Previous: []catalog.Value{"notrun"}, Desired: []catalog.Value{"0"}, Message: "change from 'notrun' to ['0'] failed", Time: start}}},
		{Resource: skipped, Time: start, Skipped: true, FailedDependencies: []catalog.Ref{exec.Ref()}},
	}}
	doc := Build(res, Meta{Host: "node", Environment: "production", ConfigurationVersion: "7", Version: "1.2.3"},
		[]Line{{Level: resource.Notice, Source: "/Stage[main]/Main/File[/etc/motd]/content", Message: "content changed"}, {Level: resource.Err, Message: "boom"}})

	var buf bytes.Buffer
	if err := Write(&buf, doc); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "secret") {
		t.Errorf("the report shows a sensitive value:\n%s", buf.String())
	}
	var back map[string]any
	if err := json.Unmarshal(buf.Bytes(), &back); err != nil {
		t.Fatalf("the report is not JSON: %v", err)
	}
	for key, want := range map[string]any{
		"report_format": 1.0, "ordo_version": "1.2.3", "host": "node", "environment": "production",
		"configuration_version": "7", "time": "2026-01-02T03:04:05Z", "status": "failed",
		"transaction_completed": true, "noop": false, "noop_pending": false,
	} {
		if back[key] != want {
			t.Errorf("%s = %v, want %v", key, back[key], want)
		}
	}
	statuses := back["resource_statuses"].([]any)
	if len(statuses) != 3 {
		t.Fatalf("%d statuses", len(statuses))
	}
	f := statuses[0].(map[string]any)
	if f["resource"] != "File[/etc/motd]" || f["file"] != "/site.pp" || f["line"] != 3.0 || f["evaluation_time"] != 0.25 {
		t.Errorf("file status %v", f)
	}
	ev := f["events"].([]any)[0].(map[string]any)
	if ev["previous_value"] != "[redacted]" || ev["desired_value"] != "[redacted]" || ev["redacted"] != true {
		t.Errorf("sensitive event %v", ev)
	}
	e := statuses[1].(map[string]any)
	ev = e["events"].([]any)[0].(map[string]any)
	if prev, ok := ev["previous_value"].([]any); !ok || len(prev) != 1 || prev[0] != "notrun" {
		t.Errorf("array value %v", ev["previous_value"])
	}
	s := statuses[2].(map[string]any)
	if s["evaluation_time"] != nil || s["skipped"] != true || s["failed_dependencies"].([]any)[0] != "Exec[e]" {
		t.Errorf("skipped status %v", s)
	}
	if _, ok := s["skip_reason"]; ok {
		t.Errorf("skip_reason present without a reason: %v", s)
	}
	m := back["metrics"].(map[string]any)
	r := m["resources"].(map[string]any)
	if r["total"] != 3.0 || r["failed"] != 1.0 || r["skipped"] != 1.0 || r["changed"] != 1.0 || r["out_of_sync"] != 2.0 {
		t.Errorf("resource metrics %v", r)
	}
	tm := m["time"].(map[string]any)
	if tm["file"] != 0.25 || tm["exec"] != 1.0 || tm["total"] != 1.5 {
		t.Errorf("time metrics %v", tm)
	}
	if ev := m["events"].(map[string]any); ev["total"] != 2.0 || ev["success"] != 1.0 || ev["failure"] != 1.0 {
		t.Errorf("event metrics %v", ev)
	}
	logs := back["logs"].([]any)
	if l := logs[1].(map[string]any); l["level"] != "error" || l["message"] != "boom" || l["source"] != nil {
		t.Errorf("log %v", l)
	}
}

// A run with nothing in it still has every list, empty rather than null.
func TestBuildEmptyReport(t *testing.T) {
	var buf bytes.Buffer
	if err := Write(&buf, Build(&apply.Result{Completed: true, Noop: true}, Meta{}, nil)); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"resource_statuses": []`, `"logs": []`, `"status": "unchanged"`, `"noop": true`} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("no %s in:\n%s", want, buf.String())
		}
	}
}

func TestSkipReasonInReport(t *testing.T) {
	r := &catalog.Resource{Type: "Thing", Title: "b"}
	doc := Build(&apply.Result{Completed: true, Statuses: []*apply.Status{{Resource: r, Skipped: true, SkipReason: "State was not run because none of the onchanges reqs changed"}}}, Meta{}, nil)
	if got := doc.ResourceStatuses[0].SkipReason; got != "State was not run because none of the onchanges reqs changed" {
		t.Errorf("skip_reason %q", got)
	}
}
