package cli

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/facts"
)

// newFactsCmd builds `ordo facts`: this machine's facts as `facter -j`
// prints them, or the ones named.
func newFactsCmd(stdio Stdio) *cobra.Command {
	var (
		format     string
		showLegacy bool
		factsFile  string
	)
	cmd := &cobra.Command{
		Use:   "facts [NAME...]",
		Short: "Print this machine's facts",
		Long: `Facts prints the core facts ordo gathers about this machine, with Facter 4's
names, structure and values, as 'facter -j' does.

  NAME...          print only these facts; a dotted name (os.release.major)
                   selects inside a structured fact, and legacy names
                   (osfamily, ipaddress_eth0) are answered too
  --show-legacy    also print the legacy top-scope names
  --facts FILE     merge the facts of a YAML or JSON file over the
                   gathered ones
  --format yaml    print YAML instead of JSON`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "json" && format != "yaml" {
				return fmt.Errorf("unknown format %q: use json or yaml", format)
			}
			core, err := facts.Gather(cmd.Context())
			if err != nil {
				return err
			}
			if factsFile != "" {
				over, err := facts.Load(factsFile)
				if err != nil {
					return err
				}
				core = facts.Override(core, over)
			}
			var out *catalog.Hash
			switch {
			case len(args) > 0:
				out = facts.Select(facts.WithLegacy(core), args)
			case showLegacy:
				out = facts.WithLegacy(core)
			default:
				out = core
			}
			return writeFacts(stdio.Out, out, format)
		},
	}
	cmd.Flags().StringVar(&format, "format", "json", "output format: json or yaml")
	cmd.Flags().BoolVar(&showLegacy, "show-legacy", false, "also print the legacy fact names")
	cmd.Flags().StringVar(&factsFile, "facts", "", "YAML or JSON file of facts that override the gathered ones")
	return cmd
}

func writeFacts(w io.Writer, h *catalog.Hash, format string) error {
	var text string
	if format == "yaml" {
		text = facts.YAML(h)
	} else {
		text = facts.JSON(h)
	}
	_, err := io.WriteString(w, text)
	return err
}
