package output_test

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"go.yaml.in/yaml/v4"

	"github.com/ordoproject/ordo/internal/salt/output"
	"github.com/ordoproject/ordo/internal/salt/run"
	"github.com/ordoproject/ordo/internal/salt/state"
)

var update = flag.Bool("update", false, "rewrite the golden files")

func records() []*run.Record {
	return []*run.Record{
		{Tag: "file_|-conf_|-/etc/app.conf_|-managed", ID: "conf", Name: "/etc/app.conf", SLS: "web", Module: "file", Fun: "managed",
			RunNum: 0, Result: state.True, Changes: state.Changes{"diff": "New file", "mode": "0644"}, Comment: "File /etc/app.conf updated",
			StartTime: "12:19:41.769983", Duration: 40.501},
		{Tag: "cmd_|-reload_|-echo reloaded_|-wait", ID: "reload", Name: "echo reloaded", SLS: "web", Module: "cmd", Fun: "wait",
			RunNum: 2, Result: state.True, Changes: state.Changes{"pid": 2969, "retcode": 0, "stderr": "", "stdout": "reloaded\nagain"},
			Comment: `Command "echo reloaded" run`, StartTime: "12:19:41.810540", Duration: 3.2},
		{Tag: "test_|-hook_|-hook_|-nop", ID: "hook", Name: "hook", SLS: "web", Module: "test", Fun: "nop",
			RunNum: 3, Result: state.True, Changes: state.Changes{}, Comment: "State was not run because none of the onchanges reqs changed",
			StartTime: "12:19:41.813790", Duration: 0.002, NotRun: true},
		{Tag: "test_|-broken_|-broken_|-fail_without_changes", ID: "broken", Name: "broken", SLS: "web", Module: "test", Fun: "fail_without_changes",
			RunNum: 4, Result: state.False, Changes: state.Changes{}, Comment: "Failure!", StartTime: "12:19:41.813800", Duration: 0.01},
	}
}

// TestGolden compares each output format with testdata/<format>.golden.
func TestGolden(t *testing.T) {
	for _, tc := range []struct {
		name  string
		write func(*bytes.Buffer) error
	}{
		{"highstate", func(b *bytes.Buffer) error { return output.Highstate(b, records()) }},
		{"highstate-terse", func(b *bytes.Buffer) error { return output.HighstateAs(b, records(), output.Terse) }},
		{"highstate-changes", func(b *bytes.Buffer) error { return output.HighstateAs(b, records(), output.Changes) }},
		{"json", func(b *bytes.Buffer) error { return output.JSON(b, records()) }},
		{"yaml", func(b *bytes.Buffer) error { return output.YAML(b, records()) }},
		{"highstate-errors", func(b *bytes.Buffer) error {
			return output.HighstateErrors(b, []string{"requisite.sls:7:7: Referenced state does not exist for requisite [require: (id: Z)] in state [b] in SLS [requisite]"})
		}},
		{"json-errors", func(b *bytes.Buffer) error {
			return output.JSONErrors(b, []string{"Referenced state does not exist for requisite [require: (id: Z)] in state [b] in SLS [requisite]"})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := tc.write(&b); err != nil {
				t.Fatal(err)
			}
			golden := filepath.Join("testdata", tc.name+".golden")
			if *update {
				if err := os.MkdirAll("testdata", 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			if b.String() != string(want) {
				t.Errorf("got:\n%s\nwant:\n%s", b.String(), want)
			}
		})
	}
}

// TestYAMLParses checks that the YAML output reads back as the return
// data it stands for.
func TestYAMLParses(t *testing.T) {
	var b bytes.Buffer
	if err := output.YAML(&b, records()); err != nil {
		t.Fatal(err)
	}
	var doc map[string]map[string]map[string]any
	if err := yaml.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("%v\n%s", err, b.String())
	}
	rec := doc["local"]["cmd_|-reload_|-echo reloaded_|-wait"]
	if rec["comment"] != `Command "echo reloaded" run` || rec["__run_num__"] != 2 || rec["result"] != true {
		t.Errorf("record read back: %v", rec)
	}
	if ch, _ := rec["changes"].(map[string]any); ch["stdout"] != "reloaded\nagain" {
		t.Errorf("changes read back: %v", rec["changes"])
	}
	if doc["local"]["test_|-hook_|-hook_|-nop"]["__state_ran__"] != false {
		t.Errorf("not-run record: %v", doc["local"]["test_|-hook_|-hook_|-nop"])
	}
}
