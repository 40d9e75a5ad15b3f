package pkg_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

// machine answers the package tools' commands from a fixed state and
// records every command line and how many ran at once.
type machine struct {
	mu       sync.Mutex
	lines    []string
	running  int
	maxAtOne int
}

func (m *machine) Run(ctx context.Context, c resource.Command) (resource.Result, error) {
	line := strings.Join(c.Argv, " ")
	m.mu.Lock()
	m.lines = append(m.lines, line)
	m.running++
	m.maxAtOne = max(m.maxAtOne, m.running)
	m.mu.Unlock()
	time.Sleep(2 * time.Millisecond) // long enough for an overlap to show
	defer func() {
		m.mu.Lock()
		m.running--
		m.mu.Unlock()
	}()
	switch {
	case line == "/usr/bin/dpkg-query -W --showformat '${Status} ${Package} ${Version}\\n'":
		var b strings.Builder
		for i := range 5 {
			fmt.Fprintf(&b, "'install ok installed ordoprov-p%d 1.0\\n'", i)
		}
		return resource.Result{Output: []byte(strings.ReplaceAll(b.String(), `\n`, "\n"))}, nil
	case line == "/usr/bin/apt-mark showmanual":
		return resource.Result{Output: []byte("ordoprov-p0\nordoprov-p1\nordoprov-p2\nordoprov-p3\nordoprov-p4\n")}, nil
	case strings.HasPrefix(line, "/usr/bin/apt-cache policy "):
		var b strings.Builder
		for _, n := range c.Argv[2:] {
			fmt.Fprintf(&b, "%s:\n  Installed: 1.0\n  Candidate: 1.0\n  Version table:\n", n)
		}
		return resource.Result{Output: []byte(b.String())}, nil
	}
	return resource.Result{ExitCode: 1, Output: []byte("unexpected")}, nil
}

// packages is a catalog of n apt packages, the first latest of them with
// ensure => latest.
func packages(n, latest int) []byte {
	var res, edges []string
	res = append(res, `{"type":"Stage","title":"main","parameters":{"name":"main"}}`, `{"type":"Class","title":"main","parameters":{"name":"main"}}`)
	edges = append(edges, `{"source":"Stage[main]","target":"Class[main]"}`)
	for i := range n {
		ensure := "installed"
		if i < latest {
			ensure = "latest"
		}
		res = append(res, fmt.Sprintf(`{"type":"Package","title":"ordoprov-p%d","parameters":{"ensure":%q}}`, i, ensure))
		edges = append(edges, fmt.Sprintf(`{"source":"Class[main]","target":"Package[ordoprov-p%d]"}`, i))
	}
	return []byte(`{"name":"n","version":1,"catalog_format":2,"resources":[` + strings.Join(res, ",") + `],"edges":[` + strings.Join(edges, ",") + `]}`)
}

// TestOneQueryPerRun: a converged run of five packages, two of them
// latest, reads the machine with one dpkg-query and one apt-cache call,
// serially and under --jobs, never two at once.
func TestOneQueryPerRun(t *testing.T) {
	for _, jobs := range []int{1, 4} {
		t.Run(fmt.Sprintf("jobs=%d", jobs), func(t *testing.T) {
			c, err := catalog.Decode(packages(5, 2), "packages.json")
			if err != nil {
				t.Fatal(err)
			}
			m := &machine{}
			log := &resourcetest.Logger{}
			if _, err := apply.Apply(context.Background(), c, apply.Options{Types: builtin.Registry(), Log: log, Runner: m, Jobs: jobs}); err != nil {
				t.Fatal(err)
			}
			want := []string{
				"/usr/bin/dpkg-query -W --showformat '${Status} ${Package} ${Version}\\n'",
				"/usr/bin/apt-cache policy ordoprov-p0 ordoprov-p1",
			}
			if got := strings.Join(m.lines, "\n"); got != strings.Join(want, "\n") {
				t.Errorf("commands:\n%s\nwant:\n%s\nlog:\n%s", got, strings.Join(want, "\n"), log)
			}
			if m.maxAtOne > 1 {
				t.Errorf("%d package commands ran at once", m.maxAtOne)
			}
		})
	}
}
