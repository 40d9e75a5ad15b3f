package tidy

import (
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

func TestChecks(t *testing.T) {
	for _, c := range []struct {
		param string
		value catalog.Value
		want  catalog.Value // the munged value, when accepted
		err   string
	}{
		{param: "age", value: "2", want: int64(2 * 86400)},
		{param: "age", value: "90s", want: int64(90)},
		{param: "age", value: "3minutes", want: int64(180)},
		{param: "age", value: "1H", want: int64(3600)},
		{param: "age", value: "2w", want: int64(14 * 86400)},
		{param: "age", value: "3x", err: "Parameter age failed on Tidy[/tmp/x]: Invalid age unit 'x'"},
		{param: "age", value: "1year", err: "Parameter age failed on Tidy[/tmp/x]: Invalid age unit 'y'"},
		{param: "age", value: "old", err: "Parameter age failed on Tidy[/tmp/x]: Invalid tidy age old"},
		{param: "size", value: "3", want: int64(3 * 1024)},
		{param: "size", value: "3bytes", want: int64(3)},
		{param: "size", value: "2m", want: int64(2 << 20)},
		{param: "size", value: "1G", want: int64(1 << 30)},
		{param: "size", value: "1t", want: int64(1 << 40)},
		{param: "size", value: "big", err: "Parameter size failed on Tidy[/tmp/x]: Invalid tidy size big"},
		{param: "size", value: "5q", err: "Parameter size failed on Tidy[/tmp/x]: Invalid size unit 'q'"},
		{param: "recurse", value: "inf", want: true},
		{param: "recurse", value: "4", want: int64(4)},
		{param: "recurse", value: int64(2), want: int64(2)},
		{param: "recurse", value: "false", want: false},
		{param: "recurse", value: "deep", err: `Parameter recurse failed on Tidy[/tmp/x]: Munging failed for value "deep" in class recurse: Invalid recurse value "deep"`},
		{param: "max_files", value: "10", want: int64(10)},
		{param: "max_files", value: "-1", err: `Parameter max_files failed on Tidy[/tmp/x]: Invalid value "-1". Valid values match /^[0-9]+$/.`},
		{param: "type", value: "birth", err: `Parameter type failed on Tidy[/tmp/x]: Invalid value "birth". Valid values are atime, mtime, ctime.`},
	} {
		r := &catalog.Resource{Type: "Tidy", Title: "/tmp/x", Params: []catalog.Param{{Name: c.param, Value: c.value}}}
		err := schema.Check(r)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.err {
			t.Errorf("%s => %v: error %q, want %q", c.param, c.value, got, c.err)
			continue
		}
		if err == nil {
			if v := resource.NewValues(schema, r).Get(c.param); v != c.want {
				t.Errorf("%s => %v: %#v, want %#v", c.param, c.value, v, c.want)
			}
		}
	}
	for _, c := range []struct {
		params []catalog.Param
		err    string
	}{
		{params: []catalog.Param{{Name: "matches", Value: "*.log"}}, err: "Parameter matches failed on Tidy[/tmp/x]: Tidy can't use matches with recurse 0, false, or undef"},
		{params: []catalog.Param{{Name: "matches", Value: "*.log"}, {Name: "recurse", Value: "0"}}, err: "Parameter matches failed on Tidy[/tmp/x]: Tidy can't use matches with recurse 0, false, or undef"},
		{params: []catalog.Param{{Name: "matches", Value: []catalog.Value{"*.log", "x"}}, {Name: "recurse", Value: "1"}}},
		{params: []catalog.Param{{Name: "path", Value: "relative"}}, err: "Parameter path failed on Tidy[/tmp/x]: Tidy paths must be fully qualified, not 'relative'"},
	} {
		r := &catalog.Resource{Type: "Tidy", Title: "/tmp/x", Params: c.params}
		err := schema.Check(r)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if got != c.err {
			t.Errorf("%v: error %q, want %q", c.params, got, c.err)
		}
	}
}

func TestFnmatch(t *testing.T) {
	for _, c := range []struct {
		pattern, name string
		want          bool
	}{
		{"*.log", "a.log", true},
		{"*", ".hidden", true},
		{"*.log", "a.log.1", false},
		{"[0-9]pub*.tmp", "1pubx.tmp", true},
		{"tmpfile?", "tmpfile1", true},
		{"[!a]*", "b", true},
		{"[!a]*", "a", false},
		{"[", "[", false},
	} {
		if got := fnmatch(c.pattern, c.name); got != c.want {
			t.Errorf("fnmatch(%q, %q) = %v", c.pattern, c.name, got)
		}
	}
}
