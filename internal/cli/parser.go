package cli

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ordoproject/ordo/internal/diag"
	"github.com/ordoproject/ordo/internal/puppet/ast"
	"github.com/ordoproject/ordo/internal/puppet/parser"
	"github.com/ordoproject/ordo/internal/source"
)

// newParserCmd builds `ordo parser` with its validate and dump subcommands.
func newParserCmd(stdio Stdio) *cobra.Command {
	cmd := &cobra.Command{Use: "parser", Short: "Validate or dump Puppet manifests"}
	cmd.AddCommand(newParserValidateCmd(stdio), newParserDumpCmd(stdio))
	return cmd
}

func newParserValidateCmd(stdio Stdio) *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "validate FILE|DIR...",
		Short: "Check the syntax of manifests (.pp) and templates (.epp)",
		Long: "Parses and validates each file, and each .pp and .epp file under each\n" +
			"directory, and reports problems on stderr. Exits 0 when everything parses, 1 otherwise.\n" +
			"A FILE of - reads a manifest from standard input.",
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if format != "text" && format != "json" {
				return fmt.Errorf("--format must be text or json, not '%s'", format)
			}
			files, err := manifestFiles(args)
			if err != nil {
				return err
			}
			var all diag.List
			for _, name := range files {
				f, err := readSource(cmd.Context(), name, stdio)
				if err != nil {
					return err
				}
				prog, diags := parser.ParseFile(f)
				if !diags.HasErrors() {
					diags = append(diags, parser.Validate(prog)...)
				}
				all = append(all, diags...)
			}
			if format == "json" {
				if err := diag.WriteJSON(stdio.Err, all); err != nil {
					return err
				}
			} else if err := diag.WriteText(stdio.Err, all); err != nil {
				return err
			}
			if all.HasErrors() {
				return &ExitError{Code: 1}
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "text", "diagnostics format: text or json")
	return cmd
}

func newParserDumpCmd(stdio Stdio) *cobra.Command {
	var code, format string
	cmd := &cobra.Command{
		Use:   "dump [FILE]",
		Short: "Print the syntax tree of a manifest or template",
		Long: "Parses FILE (a .pp manifest or .epp template; - for standard input) or the\n" +
			"code given with -e, and prints its syntax tree as S-expressions. Syntax\n" +
			"errors go to stderr and make the exit status 1. --format puppet prints\n" +
			"the notation of `puppet parser dump` (on one line) for comparing with Puppet.",
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			var f *source.File
			switch {
			case code != "" && len(args) == 0:
				f = source.NewFile("<code>", []byte(code))
			case code == "" && len(args) == 1:
				var err error
				if f, err = readSource(cmd.Context(), args[0], stdio); err != nil {
					return err
				}
			default:
				return fmt.Errorf("give either a FILE or -e CODE")
			}
			if format != "ordo" && format != "puppet" {
				return fmt.Errorf("--format must be ordo or puppet, not '%s'", format)
			}
			prog, diags := parser.ParseFile(f)
			if err := diag.WriteText(stdio.Err, diags); err != nil {
				return err
			}
			if diags.HasErrors() {
				return &ExitError{Code: 1}
			}
			out := ast.Dump(prog)
			if format == "puppet" {
				out = ast.PuppetDump(prog) + "\n"
			}
			_, err := io.WriteString(stdio.Out, out)
			return err
		},
	}
	cmd.Flags().StringVarP(&code, "code", "e", "", "parse this manifest text instead of a file")
	cmd.Flags().StringVar(&format, "format", "ordo", "tree notation: ordo or puppet")
	return cmd
}

// manifestFiles expands directories in args into the .pp and .epp files
// below them, sorted; plain files and "-" are kept as given.
func manifestFiles(args []string) ([]string, error) {
	var files []string
	for _, arg := range args {
		if arg == "-" {
			files = append(files, arg)
			continue
		}
		info, err := os.Stat(arg)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			files = append(files, arg)
			continue
		}
		var found []string
		err = filepath.WalkDir(arg, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && (strings.HasSuffix(path, ".pp") || strings.HasSuffix(path, ".epp")) {
				found = append(found, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		sort.Strings(found)
		files = append(files, found...)
	}
	return files, nil
}

// readSource reads a named file, or standard input for "-", as
// readInput does.
func readSource(ctx context.Context, name string, stdio Stdio) (*source.File, error) {
	b, err := readInput(ctx, stdio, name, "manifest")
	if err != nil {
		return nil, err
	}
	if name == "-" {
		name = "<stdin>"
	}
	return source.NewFile(name, b), nil
}
