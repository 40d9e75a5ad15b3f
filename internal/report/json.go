package report

import (
	"encoding/json"
	"io"
	"sort"
	"strings"
	"time"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
)

// FormatVersion is the version of the JSON report schema (docs/report.md).
const FormatVersion = 1

// Meta describes the run beside its result.
type Meta struct {
	Host                 string
	Environment          string
	ConfigurationVersion string
	Version              string // ordo's version
}

// JSON is the report document; docs/report.md describes every field.
type JSON struct {
	ReportFormat         int              `json:"report_format"`
	OrdoVersion          string           `json:"ordo_version"`
	Host                 string           `json:"host"`
	Environment          string           `json:"environment"`
	ConfigurationVersion string           `json:"configuration_version"`
	Time                 string           `json:"time"`
	Status               string           `json:"status"`
	TransactionCompleted bool             `json:"transaction_completed"`
	Noop                 bool             `json:"noop"`
	NoopPending          bool             `json:"noop_pending"`
	ResourceStatuses     []ResourceStatus `json:"resource_statuses"`
	Metrics              Metrics          `json:"metrics"`
	Logs                 []LogEntry       `json:"logs"`
}

// ResourceStatus is one resource's outcome.
type ResourceStatus struct {
	Resource           string   `json:"resource"`
	ResourceType       string   `json:"resource_type"`
	Title              string   `json:"title"`
	File               string   `json:"file,omitempty"`
	Line               int      `json:"line,omitempty"`
	ContainmentPath    []string `json:"containment_path"`
	Tags               []string `json:"tags"`
	Time               string   `json:"time"`
	EvaluationTime     *float64 `json:"evaluation_time"`
	Failed             bool     `json:"failed"`
	FailedToRestart    bool     `json:"failed_to_restart"`
	Changed            bool     `json:"changed"`
	OutOfSync          bool     `json:"out_of_sync"`
	Skipped            bool     `json:"skipped"`
	Restarted          bool     `json:"restarted"`
	ChangeCount        int      `json:"change_count"`
	OutOfSyncCount     int      `json:"out_of_sync_count"`
	FailedDependencies []string `json:"failed_dependencies"`
	SkipReason         string   `json:"skip_reason,omitempty"`
	Events             []Event  `json:"events"`
}

// Event is one change, attempted change or refresh.
type Event struct {
	Name          string `json:"name"`
	Status        string `json:"status"`
	Property      string `json:"property"`
	PreviousValue any    `json:"previous_value"`
	DesiredValue  any    `json:"desired_value"`
	Message       string `json:"message"`
	Time          string `json:"time"`
	Redacted      bool   `json:"redacted,omitempty"`
}

// Metrics sums the run.
type Metrics struct {
	Resources map[string]int     `json:"resources"`
	Time      map[string]float64 `json:"time"`
	Changes   map[string]int     `json:"changes"`
	Events    map[string]int     `json:"events"`
}

// LogEntry is one log line of the run.
type LogEntry struct {
	Level   string `json:"level"`
	Source  string `json:"source,omitempty"`
	Message string `json:"message"`
}

// Build assembles the report document.
func Build(res *apply.Result, meta Meta, logs []Line) *JSON {
	doc := &JSON{
		ReportFormat:         FormatVersion,
		OrdoVersion:          meta.Version,
		Host:                 meta.Host,
		Environment:          meta.Environment,
		ConfigurationVersion: meta.ConfigurationVersion,
		Time:                 res.Start.UTC().Format(time.RFC3339Nano),
		Status:               res.Status(),
		TransactionCompleted: res.Completed,
		Noop:                 res.Noop,
		NoopPending:          res.NoopPending(),
		ResourceStatuses:     []ResourceStatus{},
		Logs:                 []LogEntry{},
	}
	timeByType := map[string]float64{}
	for _, s := range res.Statuses {
		r := s.Resource
		rs := ResourceStatus{
			Resource:           r.Ref().String(),
			ResourceType:       r.Type,
			Title:              r.Title,
			File:               r.File,
			Line:               r.Line,
			ContainmentPath:    s.Containment(),
			Tags:               nonNil(r.Tags),
			Time:               s.Time.UTC().Format(time.RFC3339Nano),
			Failed:             s.Failed,
			FailedToRestart:    s.FailedToRestart,
			Changed:            s.Changed,
			OutOfSync:          s.OutOfSync,
			Skipped:            s.Skipped,
			Restarted:          s.Restarted,
			ChangeCount:        s.ChangeCount,
			OutOfSyncCount:     s.OutOfSyncCount,
			FailedDependencies: []string{},
			SkipReason:         s.SkipReason,
			Events:             []Event{},
		}
		if !s.Skipped {
			secs := s.EvaluationTime.Seconds()
			rs.EvaluationTime = &secs
			timeByType[strings.ToLower(r.Type)] += secs
		}
		for _, d := range s.FailedDependencies {
			rs.FailedDependencies = append(rs.FailedDependencies, d.String())
		}
		for _, e := range s.Events {
			redacted := e.Redacted || (e.Property != "" && r.IsSensitive(e.Property))
			ev := Event{
				Name:          e.Name,
				Status:        e.Status,
				Property:      e.Property,
				PreviousValue: plain(e.Previous, redacted),
				DesiredValue:  plain(e.Desired, redacted),
				Message:       e.Message,
				Time:          e.Time.UTC().Format(time.RFC3339Nano),
				Redacted:      redacted,
			}
			rs.Events = append(rs.Events, ev)
		}
		doc.ResourceStatuses = append(doc.ResourceStatuses, rs)
	}
	c := res.Counts()
	doc.Metrics = Metrics{
		Resources: map[string]int{
			"total": c.Total, "skipped": c.Skipped, "failed": c.Failed,
			"failed_to_restart": c.FailedToRestart, "restarted": c.Restarted,
			"changed": c.Changed, "out_of_sync": c.OutOfSync, "scheduled": 0,
		},
		Time:    timeByType,
		Changes: map[string]int{"total": c.Changes},
		Events:  map[string]int{"total": c.Events, "success": c.EventSuccess, "failure": c.EventFailure},
	}
	if c.EventNoop > 0 {
		doc.Metrics.Events["noop"] = c.EventNoop
	}
	doc.Metrics.Time["total"] = res.Duration.Seconds()
	for _, l := range logs {
		doc.Logs = append(doc.Logs, LogEntry{Level: strings.ToLower(l.Level.String()), Source: l.Source, Message: l.Message})
	}
	return doc
}

// Write encodes the report as indented JSON.
func Write(w io.Writer, doc *JSON) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// plain turns a catalog value into JSON-encodable data, redacting it when asked.
func plain(v catalog.Value, redact bool) any {
	if redact {
		if v == nil {
			return nil
		}
		return catalog.Redacted
	}
	switch x := v.(type) {
	case []catalog.Value:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = plain(e, false)
		}
		return out
	case *catalog.Hash:
		m := map[string]any{}
		keys := x.Keys()
		sort.Strings(keys)
		for _, k := range keys {
			e, _ := x.Get(k)
			m[k] = plain(e, false)
		}
		return m
	case catalog.Sensitive:
		return catalog.Redacted
	case *catalog.Rich:
		return plain(x.Data, false)
	}
	return v
}
