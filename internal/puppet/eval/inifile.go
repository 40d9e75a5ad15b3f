package eval

// Go stand-ins for the Ruby functions of puppetlabs-inifile.

func inifileFunctions() map[string]builtin {
	return map[string]builtin{
		"inifile::create_ini_settings": fnCreateIniSettings,
		// The plain name is a deprecated shim that passes its arguments on.
		"create_ini_settings": func(k *call) (Value, error) {
			kk := *k
			kk.name = "inifile::create_ini_settings"
			return fnCreateIniSettings(&kk)
		},
	}
}

// fnCreateIniSettings is inifile::create_ini_settings: an ini_setting
// resource for every setting of every section, titled "PATH [SECTION]
// SETTING", declared through create_resources with the defaults. As a
// 4.x function written in Ruby, it declares them in the global scope.
func fnCreateIniSettings(k *call) (Value, error) {
	if err := k.argc(1, 2); err != nil {
		return nil, err
	}
	settings, ok := k.args[0].(*Hash)
	if !ok {
		return nil, failf("'%s' parameter 'settings' expects a Hash value, got %s", k.name, inferredTypeName(k.args[0]))
	}
	defaults := NewHash()
	if len(k.args) > 1 {
		d, ok := k.args[1].(*Hash)
		if !ok {
			return nil, failf("'%s' parameter 'defaults' expects a Hash value, got %s", k.name, inferredTypeName(k.args[1]))
		}
		defaults = d
	}
	resources := NewHash()
	for i, section := range settings.keys {
		body, ok := settings.vals[i].(*Hash)
		if !ok {
			return nil, failf("create_ini_settings(): Section %s must contain a Hash", rubyString(section))
		}
		// Ruby's defaults.merge(settings)['path']: a section named path
		// would win.
		path, ok := settings.Get("path")
		if !ok {
			path, _ = defaults.Get("path")
		}
		if !rubyTruthy(path) {
			return nil, failf("create_ini_settings(): must pass the path parameter to the Ini_setting resource!")
		}
		for j, setting := range body.keys {
			attrs := NewHash()
			attrs.Set("ensure", "present")
			attrs.Set("section", section)
			attrs.Set("setting", setting)
			if h, ok := body.vals[j].(*Hash); ok {
				for n, key := range h.keys {
					attrs.Set(key, h.vals[n])
				}
			} else {
				attrs.Set("value", body.vals[j])
			}
			resources.Set(rubyString(path)+" ["+rubyString(section)+"] "+rubyString(setting), attrs)
		}
	}
	cr := *k
	cr.s = k.c.top
	cr.name = "create_resources"
	cr.args = []Value{"ini_setting", resources, defaults}
	return fnCreateResources(&cr)
}
