package cli

import "github.com/spf13/cobra"

// newParserCmd builds `ordo parser` with its validate and dump subcommands.
func newParserCmd(stdio Stdio) *cobra.Command {
	cmd := &cobra.Command{Use: "parser", Short: "Validate or dump Puppet manifests"}
	return cmd
}
