package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/ordoproject/ordo/internal/salt"
	"github.com/ordoproject/ordo/internal/salt/state"
)

// The groups of Salt's aggregation and what a leader takes over: the
// run's state_aggregate (here a list of modules) or a state's own
// aggregate option; the same function and fromrepo, no hold, pkgs and
// sources kept apart; a state a requisite path leads to from the group
// starts a group of its own.
func TestAggregate(t *testing.T) {
	sls := `vim:
  pkg.installed:
    - version: 2:9.0
git:
  pkg.installed: []
held:
  pkg.installed:
    - hold: True
other_repo:
  pkg.installed:
    - fromrepo: backports
latest:
  pkg.latest:
    - name: curl
opted_out:
  pkg.installed:
    - aggregate: False
many:
  pkg.installed:
    - pkgs: [jq, git]
from_file:
  pkg.installed:
    - sources:
      - tool: /tmp/tool.deb
after_vim:
  pkg.installed:
    - name: tmux
    - require:
      - pkg: vim
after_vim_too:
  pkg.installed:
    - name: screen
    - require:
      - pkg: vim
`
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "top.sls"), []byte(sls), 0o644); err != nil {
		t.Fatal(err)
	}
	low, err := salt.Compile(salt.Options{FileRoot: root, Functions: state.Default(),
		Context: salt.Context{Grains: map[string]any{}, Pillar: map[string]any{}}}, []string{"top"})
	if err != nil {
		t.Fatal(err)
	}
	a := newAggregator(low, []any{"pkg"})
	if a == nil {
		t.Fatal("no aggregation")
	}
	byID := map[string]*salt.Chunk{}
	for _, c := range low.Chunks {
		byID[c.ID] = c
	}
	ids := func(cs []*salt.Chunk) []string {
		var out []string
		for _, c := range cs {
			out = append(out, c.ID)
		}
		return out
	}
	if got := fmt.Sprint(ids(a.group[byID["vim"]])); got != "[vim git held other_repo latest many from_file]" {
		t.Errorf("vim's group: %s", got)
	}
	if got := fmt.Sprint(ids(a.group[byID["after_vim"]])); got != "[after_vim after_vim_too]" {
		t.Errorf("after_vim's group: %s", got)
	}
	if a.group[byID["opted_out"]] != nil {
		t.Errorf("opted_out is in a group")
	}
	if got := fmt.Sprint(a.chunk(byID["vim"]).Args["pkgs"]); got != "[map[vim:2:9.0] git jq]" {
		t.Errorf("vim's pkgs: %s", got)
	}
	// many ran after vim took it over: its own list is its own.
	if got := fmt.Sprint(a.chunk(byID["many"]).Args["pkgs"]); got != "[jq git]" {
		t.Errorf("many's pkgs: %s", got)
	}
	if _, ok := a.chunk(byID["latest"]).Args["pkgs"]; ok {
		t.Errorf("latest took something over")
	}
	if got := fmt.Sprint(a.chunk(byID["after_vim"]).Args["pkgs"]); got != "[tmux screen]" {
		t.Errorf("after_vim's pkgs: %s", got)
	}
	// Without state_aggregate only a state's own aggregate: True counts.
	if newAggregator(low, nil) != nil || newAggregator(low, false) != nil {
		t.Errorf("aggregation without state_aggregate")
	}
}
