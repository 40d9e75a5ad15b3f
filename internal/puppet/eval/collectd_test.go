package eval

import "testing"

func TestCollectdConvertProcesses(t *testing.T) {
	h := func(kv ...Value) *Hash {
		out := NewHash()
		for i := 0; i < len(kv); i += 2 {
			out.Set(kv[i], kv[i+1])
		}
		return out
	}
	given := h("name", "foo", "regex", ".*")
	for _, tc := range []struct {
		name string
		arg  Value
		want string
		err  string
	}{
		{"list", []Value{given, "alone"}, `{foo => {regex => .*}, alone => {}}`, ""},
		{"hash kept", h("x", h()), `{x => {}}`, ""},
		{"not a list", "x", "", "convert_process_array(): Needs an array as argument"},
		{"bad element", []Value{int64(1)}, "", "convert_process_array(): array element must be string or hash"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v, err := fnCollectdConvertProcesses(&call{args: []Value{tc.arg}})
			if tc.err != "" {
				if err == nil || err.Error() != tc.err {
					t.Fatalf("error %v, want %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := Inspect(v); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
	// The caller's hash keeps its name.
	if _, ok := given.Get("name"); !ok {
		t.Error("the argument lost its name")
	}
}
