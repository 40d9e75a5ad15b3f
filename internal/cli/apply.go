package cli

import "github.com/spf13/cobra"

// newApplyCmd builds `ordo apply`.
func newApplyCmd(stdio Stdio) *cobra.Command {
	cmd := &cobra.Command{Use: "apply", Short: "Apply a catalog or manifest to this machine"}
	return cmd
}
