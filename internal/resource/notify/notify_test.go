package notify

import (
	"context"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

func TestNotify(t *testing.T) {
	const path = "/Stage[main]/Main/Notify[hello]"
	tests := []struct {
		name string
		res  *catalog.Resource
		noop bool
		want []string
	}{
		{"title as message", resourcetest.Resource("Notify", "hello"), false, []string{
			"Notice: hello",
			"Notice: " + path + "/message: defined 'message' as 'hello'",
		}},
		{"withpath", resourcetest.Resource("Notify", "hello", "message", "dflt", "withpath", true), false, []string{
			"Notice: " + path + "/message: dflt",
			"Notice: " + path + "/message: defined 'message' as 'dflt'",
		}},
		{"array takes first", resourcetest.Resource("Notify", "hello", "message", []catalog.Value{"a", "b"}), false, []string{
			"Notice: a",
			"Notice: " + path + "/message: defined 'message' as 'a'",
		}},
		// Recorded from Puppet 7.23: a hash is logged as Ruby shows it, a
		// list's elements joined by spaces.
		{"hash", resourcetest.Resource("Notify", "hello", "message", hashOf("a", int64(1))), false, []string{
			`Notice: {"a"=>1}`,
			"Notice: " + path + "/message: defined 'message' as {\n  'a' => 1\n}",
		}},
		{"nested list", resourcetest.Resource("Notify", "hello", "message", []catalog.Value{[]catalog.Value{int64(1), int64(2)}}), false, []string{
			"Notice: 1 2",
			"Notice: " + path + "/message: defined 'message' as [1, 2]",
		}},
		{"loglevel", resourcetest.Resource("Notify", "hello", "loglevel", "warning"), false, []string{
			"Warning: hello",
			"Notice: " + path + "/message: defined 'message' as 'hello'",
		}},
		{"sensitive", resourcetest.Resource("Notify", "hello", "message", catalog.Sensitive{Value: "sec"}), false, []string{
			"Notice: Sensitive [value redacted]",
			"Notice: " + path + "/message: changed [redacted] to [redacted]",
		}},
		{"noop", resourcetest.Resource("Notify", "hello"), true, []string{
			"Notice: " + path + "/message: current_value 'absent', should be 'hello' (noop)",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			inst, err := resource.Instantiate(Type{}, tt.res)
			if err != nil {
				t.Fatal(err)
			}
			log := &resourcetest.Logger{}
			h := &resource.Handle{Path: path, Log: log, Noop: tt.noop}
			resourcetest.Apply(context.Background(), inst, h)
			// A second run changes again: notify is never in sync.
			if got := log.String(); got != strings.Join(tt.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", got, strings.Join(tt.want, "\n"))
			}
		})
	}
}

func TestWithpathInvalid(t *testing.T) {
	_, err := resource.Instantiate(Type{}, resourcetest.Resource("Notify", "x", "withpath", "maybe"))
	want := `Parameter withpath failed on Notify[x]: Invalid value "maybe". Valid values are true, false.`
	if err == nil || err.Error() != want {
		t.Errorf("err = %v", err)
	}
}

func hashOf(kv ...any) *catalog.Hash {
	h := catalog.NewHash()
	for i := 0; i+1 < len(kv); i += 2 {
		h.Set(kv[i].(string), kv[i+1])
	}
	return h
}
