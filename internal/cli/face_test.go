package cli

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Help names only commands that exist: every quoted 'ordo WORD' in any
// command's help is a command of the tree.
func TestHelpNamesOnlyRealCommands(t *testing.T) {
	root := NewRoot(Stdio{Out: &bytes.Buffer{}, Err: &bytes.Buffer{}})
	known := map[string]bool{}
	var texts []string
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		known[c.Name()] = true
		texts = append(texts, c.Short, c.Long, c.Use, c.Example)
		c.Flags().VisitAll(func(f *pflag.Flag) { texts = append(texts, f.Usage) })
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(root)
	mention := regexp.MustCompile(`['"]ordo ([a-z][a-z-]*)`) // a command line quoted in the text
	for _, text := range texts {
		for _, m := range mention.FindAllStringSubmatch(text, -1) {
			if !known[m[1]] {
				t.Errorf("help mentions 'ordo %s', which is no command: %q", m[1], text)
			}
		}
	}
}

func TestVersion(t *testing.T) {
	var out bytes.Buffer
	if code := Run(t.Context(), []string{"--version"}, Stdio{Out: &out, Err: &out}); code != 0 || out.String() != "ordo "+Version+"\n" {
		t.Errorf("ordo --version: exit %d, %q", code, out.String())
	}
}

// Usage lines show the flags a command cannot run without.
func TestUsageShowsRequiredFlags(t *testing.T) {
	root := NewRoot(Stdio{Out: &bytes.Buffer{}, Err: &bytes.Buffer{}})
	for _, name := range []string{"apply", "graph"} {
		cmd, _, err := root.Find([]string{name})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(cmd.UseLine(), "--catalog FILE") || strings.Contains(cmd.UseLine(), "[--catalog") {
			t.Errorf("%s usage %q does not show --catalog as required", name, cmd.UseLine())
		}
		if f := cmd.Flags().Lookup("catalog"); !strings.Contains(f.Usage, "required") {
			t.Errorf("%s --catalog help %q does not say it is required", name, f.Usage)
		}
	}
}
