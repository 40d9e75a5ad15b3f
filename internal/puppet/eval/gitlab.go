package eval

import "strings"

// Go stand-ins for the Ruby functions of puppet-gitlab_ci_runner that a
// compile calls.

func gitlabCIRunnerFunctions() map[string]builtin {
	return map[string]builtin{"gitlab_ci_runner::to_toml": fnGitlabToTOML}
}

// fnGitlabToTOML is gitlab_ci_runner::to_toml: a hash as TOML, with the
// module's own copy of the dumper stdlib's to_toml uses (see fnToTOML),
// which writes a Sensitive value as Ruby inspects it.
func fnGitlabToTOML(k *call) (Value, error) {
	if len(k.args) != 1 {
		return nil, failf("'gitlab_ci_runner::to_toml' expects 1 argument, got %d", len(k.args))
	}
	h, ok := k.args[0].(*Hash)
	if !ok {
		return nil, failf("'gitlab_ci_runner::to_toml' parameter 'data' expects a Hash value, got %s", inferredTypeName(k.args[0]))
	}
	var b strings.Builder
	if err := tomlVisit(&b, h, nil, false); err != nil {
		return nil, err
	}
	return b.String(), nil
}
