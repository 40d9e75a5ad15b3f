package cli

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/builtin"
)

// newDescribeCmd builds `ordo describe`: the schema of resource types,
// as `puppet describe` shows Puppet's.
func newDescribeCmd(stdio Stdio) *cobra.Command {
	var list, meta bool
	cmd := &cobra.Command{
		Use:   "describe TYPE... | --list",
		Short: "Describe resource types: their attributes, valid values and providers",
		Long: `Describe prints what ordo knows of a resource type: each attribute with its
kind (property or parameter), its default, its valid values and a line of
documentation, then the type's providers and features.

  --list   list the types with a line about each
  --meta   also list the metaparameters every type accepts`,
		RunE: func(cmd *cobra.Command, args []string) error {
			reg := builtin.Registry()
			if list {
				if len(args) > 0 {
					return fmt.Errorf("give --list or type names, not both")
				}
				describeList(stdio.Out, reg)
				return nil
			}
			if len(args) == 0 {
				return fmt.Errorf("give a type name (ordo describe file) or --list")
			}
			for i, name := range args {
				s := reg.Schema(name)
				if s == nil {
					msg := fmt.Sprintf("Unknown resource type '%s'", strings.ToLower(name))
					if hint := resource.Suggest(strings.ToLower(name), reg.Names()); hint != "" {
						msg += fmt.Sprintf("; did you mean '%s'?", hint)
					}
					return fmt.Errorf("%s", msg)
				}
				if i > 0 {
					fmt.Fprintln(stdio.Out)
				}
				describeSchema(stdio.Out, s, meta)
			}
			return nil
		},
	}
	cmd.Flags().BoolVarP(&list, "list", "l", false, "list the known types")
	cmd.Flags().BoolVarP(&meta, "meta", "m", false, "also list the metaparameters")
	return cmd
}

func describeList(w io.Writer, reg *resource.Registry) {
	fmt.Fprintln(w, "These are the types known to ordo:")
	for _, n := range reg.Names() {
		fmt.Fprintf(w, "%-15s - %s\n", n, reg.Schema(n).Doc)
	}
}

// describeSchema prints one type: attributes sorted by name, each with its
// kind, default, valid values and doc line; then providers and features.
func describeSchema(w io.Writer, s *resource.Schema, meta bool) {
	fmt.Fprintf(w, "%s\n%s\n%s\n", s.Name, strings.Repeat("=", len(s.Name)), s.Doc)
	if nv := s.Namevar(); nv != nil {
		fmt.Fprintf(w, "\nThe namevar is %s", nv.Name)
		for _, tp := range s.TitlePatterns {
			if tp.Pattern != nil && tp.Pattern.String() != `(?s)^(.*)$` {
				fmt.Fprintf(w, "; a title gives it through /%s/", tp.Pattern)
			}
		}
		if s.NonIsomorphic {
			fmt.Fprintf(w, "; resources are told apart by title alone")
		} else {
			fmt.Fprintf(w, "; two resources with one %s are one resource declared twice", nv.Name)
		}
		fmt.Fprintln(w, ".")
	}
	var attrs []resource.Attr
	for _, a := range s.Attrs {
		if a.Kind != resource.KindMeta || meta {
			attrs = append(attrs, a)
		}
	}
	sort.SliceStable(attrs, func(i, j int) bool { return attrs[i].Name < attrs[j].Name })
	fmt.Fprintf(w, "\n\nParameters\n----------\n")
	for _, a := range attrs {
		fmt.Fprintf(w, "\n- **%s** (%s)\n", a.Name, attrKind(a))
		if a.Doc != "" {
			fmt.Fprintf(w, "    %s\n", a.Doc)
		}
		if a.Check != nil {
			fmt.Fprintf(w, "    Valid values: %s.\n", strings.TrimSuffix(a.Check.Describe(), "."))
		}
		if a.Default != nil {
			fmt.Fprintf(w, "    Default: %s.\n", catalog.Format(a.Default))
		}
		if a.Feature != "" {
			fmt.Fprintf(w, "    Requires the %s feature.\n", a.Feature)
		}
		if a.Unsupported != "" {
			fmt.Fprintf(w, "    Refused by ordo: %s.\n", a.Unsupported)
		}
	}
	if len(s.Providers) > 0 {
		fmt.Fprintf(w, "\nProviders\n---------\n")
		for _, p := range s.Providers {
			name := p.Name
			if p.Default {
				name += " (default)"
			}
			fmt.Fprintf(w, "\n- **%s**\n", name)
			if p.Doc != "" {
				fmt.Fprintf(w, "    %s\n", p.Doc)
			}
			if len(p.Features) > 0 {
				fmt.Fprintf(w, "    Features: %s.\n", strings.Join(p.Features, ", "))
			}
			if c := confineText(p.Confine); c != "" {
				fmt.Fprintf(w, "    Works where %s.\n", c)
			}
		}
	}
	if len(s.Features) > 0 {
		fmt.Fprintf(w, "\nFeatures\n--------\n")
		for _, f := range s.Features {
			fmt.Fprintf(w, "\n- **%s**\n    %s\n", f.Name, f.Doc)
		}
	}
}

func attrKind(a resource.Attr) string {
	k := a.Kind.String()
	if a.Namevar {
		k += ", namevar"
	}
	return k
}

// confineText says where a provider works, e.g. "the commands groupadd,
// groupmod exist".
func confineText(c resource.Confine) string {
	var parts []string
	if len(c.Commands) > 0 {
		parts = append(parts, "the commands "+strings.Join(c.Commands, ", ")+" exist")
	}
	facts := make([]string, 0, len(c.Facts))
	for f := range c.Facts {
		facts = append(facts, f)
	}
	sort.Strings(facts)
	for _, f := range facts {
		parts = append(parts, "the fact "+f+" is "+strings.Join(c.Facts[f], " or "))
	}
	return strings.Join(parts, " and ")
}
