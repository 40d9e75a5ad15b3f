// Package cli holds ordo's command tree: it turns flags into calls to the
// other packages and their results into output and exit codes. The tree is
// built by NewRoot from the stdio it is given; nothing here is global.
package cli

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"
)

// Stdio is where a command reads and writes.
type Stdio struct {
	In       io.Reader
	Out, Err io.Writer
}

// ExitError carries a specific exit code out of a command. Its message, if
// any, has already been printed.
type ExitError struct{ Code int }

func (e *ExitError) Error() string { return fmt.Sprintf("exit status %d", e.Code) }

// NewRoot builds the ordo command tree writing to stdio.
func NewRoot(stdio Stdio) *cobra.Command {
	root := &cobra.Command{
		Use:           "ordo",
		Short:         "ordo applies Puppet manifests, Salt states and Puppet catalogs",
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetIn(stdio.In)
	root.SetOut(stdio.Out)
	root.SetErr(stdio.Err)
	root.AddCommand(
		newApplyCmd(stdio),
		newCompileCmd(stdio),
		newGraphCmd(stdio),
		newParserCmd(stdio),
	)
	return root
}

// Run executes the command line args and returns the process exit code.
func Run(ctx context.Context, args []string, stdio Stdio) int {
	root := NewRoot(stdio)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return 0
	}
	var exit *ExitError
	if errors.As(err, &exit) {
		return exit.Code
	}
	fmt.Fprintf(stdio.Err, "Error: %v\n", err)
	return 1
}
