package firewall_test

import (
	"context"
	"flag"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/apply"
	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/command"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/builtin"
	"github.com/ordoproject/ordo/internal/resource/providertest"
	"github.com/ordoproject/ordo/internal/resource/resourcetest"
)

var updateOrdo = flag.Bool("update-ordo", false, "rewrite the NAME.ordo.log and NAME.ordo.state files there are with what ordo does")

// netnsEnv marks the test process that runs in a network namespace of its
// own, where the tests may change the rules.
const netnsEnv = "ORDO_FIREWALL_NETNS"

// TestMain runs the package's tests again in a fresh network namespace
// (unshare -n) when it can, so that no test touches the machine's own
// firewall; tests that change rules are skipped outside one.
func TestMain(m *testing.M) {
	if os.Getenv(netnsEnv) == "" && os.Geteuid() == 0 {
		if unshare, err := exec.LookPath("unshare"); err == nil {
			if exec.Command(unshare, "-n", "true").Run() == nil {
				cmd := exec.Command(unshare, append([]string{"-n", "--"}, os.Args...)...)
				cmd.Env = append(os.Environ(), netnsEnv+"=1")
				cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
				if err := cmd.Run(); err != nil {
					if ee, ok := err.(*exec.ExitError); ok {
						os.Exit(ee.ExitCode())
					}
					os.Exit(1)
				}
				os.Exit(0)
			}
		}
	}
	os.Exit(m.Run())
}

func inNetns(t *testing.T) {
	t.Helper()
	if os.Getenv(netnsEnv) == "" {
		t.Skip("needs root and unshare -n: the rules are changed only in a network namespace of the test's own")
	}
	if _, err := exec.LookPath("iptables-save"); err != nil {
		t.Skip("iptables is not installed: apt-get install iptables")
	}
}

// reset empties every table of both protocols and deletes the chains
// the tests made.
func reset(t *testing.T) {
	t.Helper()
	for _, cmd := range []string{"iptables", "ip6tables"} {
		for _, table := range []string{"filter", "nat", "mangle", "raw"} {
			for _, op := range []string{"-F", "-X"} {
				_ = exec.Command(cmd, "-t", table, op).Run()
			}
		}
		for _, chain := range []string{"INPUT", "FORWARD", "OUTPUT"} {
			_ = exec.Command(cmd, "-t", "filter", "-P", chain, "ACCEPT").Run()
		}
	}
}

// bare drops the tables without rules or chains of their own from a
// dump: a namespace lists a table once anything has read it.
func bare(dump string) string {
	var out, block []string
	flush := func() {
		keep := false
		for _, l := range block {
			if strings.HasPrefix(l, "-A") || strings.HasPrefix(l, ":") && !strings.HasSuffix(l, " ACCEPT") {
				keep = true
			}
		}
		if keep {
			out = append(out, block...)
		}
		block = nil
	}
	for _, l := range strings.Split(dump, "\n") {
		switch {
		case strings.HasPrefix(l, "*"):
			block = []string{l}
		case l == "COMMIT":
			block = append(block, l)
			flush()
		case block != nil:
			block = append(block, l)
		default:
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

var located = regexp.MustCompile(` \(file: [^)]*, line: \d+\)$`)

var finished = regexp.MustCompile(`(Finished|Failed) (in|after) [0-9.]+ seconds`)

// normalize drops what Puppet's run logged about the recording machine
// (its facts, other modules' services) and the changes' timings.
func normalize(lines []string) []string {
	var out []string
	for _, l := range lines {
		if strings.Contains(l, "serverip") || strings.Contains(l, "alert_manager") {
			continue
		}
		// ordo says where the refused resource was declared; Puppet does not.
		l = located.ReplaceAllString(l, "")
		out = append(out, finished.ReplaceAllString(l, "$1 $2 N seconds"))
	}
	return out
}

// TestAgainstPuppet applies the cases recorded from Puppet with
// puppetlabs-firewall in the test's network namespace and compares
// ordo's lines and the rules afterwards with Puppet's.
func TestAgainstPuppet(t *testing.T) {
	inNetns(t)
	types := builtin.Registry()
	for _, c := range providertest.Cases(t, "testdata/cases") {
		t.Run(c.Name, func(t *testing.T) {
			reset(t)
			providertest.Shell(t, c.Setup)
			got := providertest.Run(t, c, types, nil)
			want := c.Want
			ordoLog := "testdata/cases/" + c.Name + ".ordo.log"
			if _, err := os.Stat(ordoLog); err == nil && *updateOrdo {
				if err := os.WriteFile(ordoLog, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if b, err := os.ReadFile(ordoLog); err == nil {
				want = providertest.Keep(strings.Split(strings.TrimRight(string(b), "\n"), "\n"))
			}
			providertest.SameLines(t, normalize(got), normalize(want))
			out, err := exec.Command("testdata/dump").CombinedOutput()
			if err != nil {
				t.Fatalf("dump: %v\n%s", err, out)
			}
			stateFile := "testdata/cases/" + c.Name + ".state"
			if _, err := os.Stat("testdata/cases/" + c.Name + ".ordo.state"); err == nil {
				stateFile = "testdata/cases/" + c.Name + ".ordo.state"
				if *updateOrdo {
					if err := os.WriteFile(stateFile, out, 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			wantState, err := os.ReadFile(stateFile)
			if err != nil {
				t.Fatal(err)
			}
			if got, want := bare(string(out)), bare(string(wantState)); got != want {
				t.Errorf("rules:\n%s\nwant:\n%s", out, want)
			}
		})
	}
}

// TestSecondRunChangesNothing applies cases twice: the second run finds
// every rule and chain as wanted.
func TestSecondRunChangesNothing(t *testing.T) {
	inNetns(t)
	types := builtin.Registry()
	for _, c := range providertest.Cases(t, "testdata/cases") {
		switch c.Name {
		case "create", "change", "chain", "more", "underscore", "move":
		default:
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			reset(t)
			providertest.Shell(t, c.Setup)
			providertest.Run(t, c, types, nil)
			for _, line := range providertest.Run(t, c, types, nil) {
				if c.Name == "more" && (strings.Contains(line, "[010 range]") || strings.Contains(line, "[030 dnat]") || strings.Contains(line, "[031 log]")) {
					continue // refused on every run
				}
				if strings.HasPrefix(line, "Notice: ") || strings.HasPrefix(line, "Error: ") {
					t.Errorf("second run: %s", line)
				}
			}
		})
	}
}

// TestJobs applies the create and chain cases with --jobs 4: the rules
// end as after a serial run (every firewall resource has one exclusive
// key, so they are applied one at a time, in the serial run's order).
func TestJobs(t *testing.T) {
	inNetns(t)
	for _, c := range providertest.Cases(t, "testdata/cases") {
		if c.Name != "create" && c.Name != "chain" {
			continue
		}
		t.Run(c.Name, func(t *testing.T) {
			reset(t)
			providertest.Shell(t, c.Setup)
			cat, err := catalog.Decode(c.Catalog, c.Name+".json")
			if err != nil {
				t.Fatal(err)
			}
			log := &resourcetest.Logger{}
			if _, err := apply.Apply(context.Background(), cat, apply.Options{Types: builtin.Registry(), Log: log, Runner: &command.Runner{}, BucketDir: t.TempDir(), Jobs: 4}); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command("testdata/dump").CombinedOutput()
			if err != nil {
				t.Fatalf("dump: %v\n%s", err, out)
			}
			want, err := os.ReadFile("testdata/cases/" + c.Name + ".state")
			if err != nil {
				t.Fatal(err)
			}
			if got, want := bare(string(out)), bare(string(want)); got != want {
				t.Errorf("rules:\n%s\nwant:\n%s\nlog:\n%s", got, want, log.String())
			}
		})
	}
}

// TestListChains lists the chains as ordo resource does: a chain the test
// made, built-in chains with their policy.
func TestListChains(t *testing.T) {
	inNetns(t)
	reset(t)
	providertest.Shell(t, "iptables -N ORDO-LIST && ip6tables -P FORWARD DROP")
	p := builtin.Registry().Schema("firewallchain").Providers[0]
	list, err := p.Instances(context.Background(), &resource.Handle{Runner: &command.Runner{}})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, r := range list {
		policy, _ := r.Get("policy")
		got[r.Title] = catalog.Scalar(policy)
	}
	for title, policy := range map[string]string{"ORDO-LIST:filter:IPv4": "", "FORWARD:filter:IPv6": "drop", "INPUT:filter:IPv4": "accept"} {
		if p, ok := got[title]; !ok || p != policy {
			t.Errorf("%s: policy %q (listed %v), want %q", title, p, ok, policy)
		}
	}
}
