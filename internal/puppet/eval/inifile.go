package eval

import "strings"

// Go stand-ins for the Ruby functions of puppetlabs-inifile.

func inifileFunctions() map[string]builtin {
	return map[string]builtin{
		"inifile::create_ini_settings": fnCreateIniSettings,
		// The deprecated name calls stdlib's deprecation (which ordo
		// does not report), then the same function.
		"create_ini_settings": fnCreateIniSettings,
	}
}

// fnCreateIniSettings is inifile::create_ini_settings: an ini_setting
// for each setting of each section of a hash, titled "PATH [SECTION]
// SETTING"; a setting's value is its value, or a hash of its attributes.
// The defaults (path among them) go to every resource, as
// create_resources gives them.
func fnCreateIniSettings(k *call) (Value, error) {
	if err := k.argc(1, 2); err != nil {
		return nil, err
	}
	settings, ok := k.args[0].(*Hash)
	if !ok {
		return nil, failf("'inifile::create_ini_settings' parameter 'settings' expects a Hash value, got %s", typeName(k.args[0]))
	}
	defaults := NewHash()
	if len(k.args) > 1 {
		if defaults, ok = k.args[1].(*Hash); !ok {
			return nil, failf("'inifile::create_ini_settings' parameter 'defaults' expects a Hash value, got %s", typeName(k.args[1]))
		}
	}
	resources := NewHash()
	for i, section := range settings.keys {
		values, ok := settings.vals[i].(*Hash)
		if !ok {
			return nil, failf("create_ini_settings(): Section %s must contain a Hash", rubyInterpolate(section))
		}
		// inifile reads the path from the defaults merged with the
		// settings: a section named path would win.
		path, ok := settings.Get("path")
		if !ok {
			path, _ = defaults.Get("path")
		}
		if path == nil {
			return nil, failf("create_ini_settings(): must pass the path parameter to the Ini_setting resource!")
		}
		for j, setting := range values.keys {
			attrs := NewHash()
			attrs.Set("ensure", "present")
			attrs.Set("section", section)
			attrs.Set("setting", setting)
			if h, ok := values.vals[j].(*Hash); ok {
				for n, key := range h.keys {
					attrs.Set(key, h.vals[n])
				}
			} else {
				attrs.Set("value", values.vals[j])
			}
			resources.Set(rubyInterpolate(path)+" ["+rubyInterpolate(section)+"] "+rubyInterpolate(setting), attrs)
		}
	}
	return fnCreateResources(&call{c: k.c, s: k.s, name: "create_resources", args: []Value{"ini_setting", resources, defaults}, rng: k.rng, node: k.node})
}

// rubyInterpolate is a value as Ruby's string interpolation writes it:
// collections as Ruby's inspect shows them ({"k"=>"v"}, ["a", 1]).
func rubyInterpolate(v Value) string {
	switch x := v.(type) {
	case []Value:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = rubyInspectValue(e)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	case *Hash:
		return rubyInspectValue(x)
	}
	return rubyToS(v)
}

// rubyInspectValue is Ruby 3.1's inspect of a value, also inside
// collections.
func rubyInspectValue(v Value) string {
	switch x := v.(type) {
	case []Value:
		return rubyInterpolate(x)
	case *Hash:
		parts := make([]string, len(x.keys))
		for i, k := range x.keys {
			parts[i] = rubyInspectValue(k) + "=>" + rubyInspectValue(x.vals[i])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	}
	return rubyInspect(v)
}
