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
	"github.com/spf13/pflag"
)

// Stdio is where a command reads and writes.
type Stdio struct {
	In       io.Reader
	Out, Err io.Writer
}

// Version is ordo's version, printed by ordo --version and written in
// reports.
const Version = "0.1.0"

// ExitError carries a specific exit code out of a command. Its message, if
// any, has already been printed.
type ExitError struct{ Code int }

func (e *ExitError) Error() string { return fmt.Sprintf("exit status %d", e.Code) }

// NewRoot builds the ordo command tree writing to stdio.
func NewRoot(stdio Stdio) *cobra.Command {
	root := &cobra.Command{
		Use:   "ordo",
		Short: "ordo applies Puppet manifests and catalogs, and Salt states, to this machine",
		Long: `ordo makes this machine match a description of it: it orders the resources
by their relationships, changes only what differs, and says what it did, in
puppet apply's log lines (Salt's output for Salt states).

It compiles Puppet manifests ('ordo compile') and applies them or Puppet's
JSON catalogs ('ordo apply'), applies Salt states ('ordo salt'), shows a
catalog's graph ('ordo graph'), describes resource types ('ordo describe'),
prints this machine's facts ('ordo facts') and checks manifests' syntax
('ordo parser'). The README says what each supports and what is coming.`,
		Version:       Version,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetVersionTemplate("ordo {{.Version}}\n")
	root.SetFlagErrorFunc(flagError)
	root.SetIn(stdio.In)
	root.SetOut(stdio.Out)
	root.SetErr(stdio.Err)
	root.AddCommand(
		newApplyCmd(stdio),
		newCompileCmd(stdio),
		newFactsCmd(stdio),
		newGraphCmd(stdio),
		newDescribeCmd(stdio),
		newParserCmd(stdio),
		newSaltCmd(stdio),
		newResourceCmd(stdio),
	)
	return root
}

// flagError says what is wrong with a flag in a person's words: Go's
// parsing errors (strconv.ParseInt: parsing "x": invalid syntax) stay
// inside.
func flagError(cmd *cobra.Command, err error) error {
	var bad *pflag.InvalidValueError
	if errors.As(err, &bad) {
		f := bad.GetFlag()
		return fmt.Errorf("invalid value '%s' for --%s: %s", bad.GetValue(), f.Name, expected(f.Value.Type()))
	}
	return fmt.Errorf("%s; see '%s --help'", err.Error(), cmd.CommandPath())
}

// expected says what a flag of a pflag value type takes.
func expected(typ string) string {
	switch typ {
	case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "count":
		return "expected a whole number"
	case "float32", "float64":
		return "expected a number"
	case "bool":
		return "expected true or false"
	case "duration":
		return "expected a duration such as 30s or 5m"
	}
	return "expected a " + typ
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
