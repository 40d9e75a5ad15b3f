package eval

import "testing"

func h(kv ...Value) *Hash {
	out := NewHash()
	for i := 0; i < len(kv); i += 2 {
		out.Set(kv[i], kv[i+1])
	}
	return out
}

// The expected text is what stdlib's TomlDumper writes for the same hash.
func TestToTOML(t *testing.T) {
	data := h(
		"global_tags", h("dc", "eu-1", "x y", `q"uote`),
		"agent", h("interval", "10s", "debug", false, "flush_jitter", int64(0), "ratio", 0.5, "hostname", "",
			"tags", []Value{"a", int64(1), nil}, "tpl", "#{x} #$y \\ \t é \x1b"),
		"outputs", h("influxdb", []Value{h("urls", []Value{"http://localhost:8086"}, "database", "telegraf"),
			h("urls", []Value{"http://b:8086"}, "inner", h("k", "v"))}),
		"inputs", h("cpu", []Value{h("percpu", true)}, "disk", NewHash()),
		"empty", NewHash(),
		"nested", h("deep", h("x", h("y", int64(1)))),
	)
	got, err := fnToTOML(&call{name: "stdlib::to_toml", args: []Value{data}})
	want := `[agent]
debug = false
flush_jitter = 0
hostname = ""
interval = "10s"
ratio = 0.5
tags = ["a", 1, nil]
tpl = "#{x} #$y \\ \t é \e"
[empty]
[global_tags]
dc = "eu-1"
"x y" = "q\"uote"
[inputs.disk]
[[inputs.cpu]]
percpu = true
[nested.deep.x]
y = 1
[[outputs.influxdb]]
database = "telegraf"
urls = ["http://localhost:8086"]
[[outputs.influxdb]]
urls = ["http://b:8086"]
[outputs.influxdb.inner]
k = "v"
`
	if err != nil || got != want {
		t.Errorf("got %v\n%v\nwant\n%s", err, got, want)
	}
}
