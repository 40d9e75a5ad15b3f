package eval

import (
	"fmt"
	"io"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/source"
)

// explain writes how each attribute of the resource named ref got its
// value: the declaration, resource defaults, per-expression defaults,
// amendments, collectors, chaining arrows and containers that set it.
func (c *Compiler) explain(w io.Writer, refText string) error {
	cr, ok := catalog.ParseRef(refText)
	if !ok {
		return fmt.Errorf("--explain %s: not a resource reference such as File[/etc/motd]", refText)
	}
	r := c.findResource(Ref{Type: cr.Type, Title: cr.Title})
	if r == nil {
		return fmt.Errorf("--explain %s: no such resource in the catalog", refText)
	}
	fmt.Fprintf(w, "%s", r.ref)
	if r.pos.File != nil {
		fmt.Fprintf(w, " declared at %s", r.pos)
	} else if r.isClass {
		fmt.Fprintf(w, " declared by include")
	}
	fmt.Fprintln(w)
	if r.virtual {
		fmt.Fprintln(w, "  virtual, never realized")
	}
	if r.container != nil {
		fmt.Fprintf(w, "  contained in %s\n", r.container.ref)
	}
	fmt.Fprintf(w, "  tags: %s\n", strings.Join(r.tags, ", "))
	for _, p := range r.params {
		if p.value == nil {
			continue
		}
		fmt.Fprintf(w, "  %s => %s\n", p.name, inspectQuoted(p.value))
		for _, o := range p.steps() {
			fmt.Fprintf(w, "    %s%s\n", o.how, at(o.pos))
		}
	}
	return nil
}

func at(r source.Range) string {
	if r.File == nil || !r.Start.IsValid() {
		return ""
	}
	return " at " + r.String()
}
