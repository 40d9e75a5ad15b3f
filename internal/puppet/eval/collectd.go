package eval

// Go stand-ins for the Ruby functions of puppet-collectd.

func collectdFunctions() map[string]builtin {
	return map[string]builtin{"collectd_convert_processes": fnCollectdConvertProcesses}
}

// fnCollectdConvertProcesses is puppet-collectd's
// collectd_convert_processes: the processes plugin's old-style list (a
// process name, or a hash with a 'name' and the define's parameters) as
// a hash of name to parameters for the collectd::plugin::processes::*
// defines; a hash is returned as given.
func fnCollectdConvertProcesses(k *call) (Value, error) {
	if len(k.args) != 1 {
		return nil, failf("collectd_convert_processes(): Wrong number of arguments given (%d for 1)", len(k.args))
	}
	if h, ok := k.args[0].(*Hash); ok {
		return h, nil
	}
	list, ok := k.args[0].([]Value)
	if !ok {
		return nil, failf("convert_process_array(): Needs an array as argument")
	}
	out := NewHash()
	for _, p := range list {
		switch x := p.(type) {
		case string:
			out.Set(x, NewHash())
		case *Hash:
			params := x.Copy()
			name, _ := params.Get("name")
			params.Delete("name")
			out.Set(name, params)
		default:
			return nil, failf("convert_process_array(): array element must be string or hash")
		}
	}
	return out, nil
}
