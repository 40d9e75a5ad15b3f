package erb

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/diag"
)

// A template that needs more Ruby than ordo implements fails with a
// positioned error naming the construct; Ruby's own errors keep their
// class. want is "line:column class: text the detail contains".
func TestErrors(t *testing.T) {
	tests := []struct{ src, want string }{
		{"a\n<%= `ls` %>", "2:5 NotImplementedError: running a shell command"},
		{"<% class Foo; end %>", "1:4 NotImplementedError: defining a class or module"},
		{"<%= Math.sqrt(4) %>", "1:5 NotImplementedError: constant Math"},
		{"<%= @x.instance_eval { 1 } %>", "1:8 NotImplementedError: method String#instance_eval"},
		{"<%= <<-EOS\nx\nEOS\n%>", "1:5 SyntaxError: heredocs are not supported"},
		{"<%= @@x %>", "1:5 SyntaxError: class variables (@@) are not supported"},
		{"<%= $stdout %>", "1:5 NotImplementedError: global variable $stdout"},
		{"<% require 'socket' %>", "1:4 NotImplementedError: require 'socket'"},
		{"<%= [1].lazy %>", "1:9 NotImplementedError: method Array#lazy"},
		{"<%= 2 ** 70 %>", "1:7 NotImplementedError: integer arithmetic beyond 64 bits"},
		{"<%= case 1 in Integer then 1 end %>", "1:12 NotImplementedError: pattern matching"},
		{"\n\n  <%= nil.upcase %>", "3:11 NoMethodError: undefined method `upcase' for nil:NilClass"},
		{"<%= undefined_name %>", "1:5 NameError: undefined local variable or method `undefined_name'"},
		{"<%= 1 +  %>", "1:10 SyntaxError: syntax error"},
		{"<% if true %>\nx\n", "3:1 SyntaxError: syntax error, unexpected end-of-input, expecting `end'"},
		{"<%= [1, 'a'].max %>", "1:14 ArgumentError: comparison of String with 1 failed"},
		{"<%= scope.function_each([[1]]) %>", "1:11 Puppet::ParseError: each() can only be called using the 4.x function API"},
		{"<%= scope.call_function('nope', []) %>", "1:11 Puppet::ParseError: no such function"},
	}
	for _, tt := range tests {
		_, err := renderString("t.erb", []byte(tt.src), errScope{testScope()})
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%q: got %v, want an *Error", tt.src, err)
			continue
		}
		pos, rest, _ := strings.Cut(tt.want, " ")
		class, text, _ := strings.Cut(rest, ": ")
		got := strings.TrimPrefix(e.Pos.String(), "t.erb:")
		if got != pos || e.Class != class || !strings.Contains(e.Detail, text) {
			t.Errorf("%q:\n got %s %s: %s\nwant %s", tt.src, got, e.Class, e.Detail, tt.want)
		}
		if e.Unsupported() != (class == "NotImplementedError") {
			t.Errorf("%q: Unsupported() = %v", tt.src, e.Unsupported())
		}
	}
}

// errScope's functions fail.
type errScope struct{ mapScope }

func (errScope) CallFunction(ctx context.Context, name string, args []any) (any, error) {
	return nil, errors.New("no such function")
}

func TestDiagnostic(t *testing.T) {
	_, err := renderString("d.erb", []byte("line\n  <%= `ls` %>\n"), testScope())
	var e *Error
	if !errors.As(err, &e) {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := diag.WriteText(&b, diag.List{e.Diagnostic()}); err != nil {
		t.Fatal(err)
	}
	if got := b.String(); !strings.Contains(got, "d.erb:2:7") || !strings.Contains(got, "ERB-UNSUPPORTED") && !strings.Contains(got, "running a shell command") || !strings.Contains(got, "<%= `ls` %>") {
		t.Errorf("diagnostic text:\n%s", got)
	}
}

// The messages of template() and inline_template(), as Puppet 7.23 gave
// them for these templates.
func TestPuppetMessages(t *testing.T) {
	_, err := renderString("/tmp/x/e1.erb", []byte("a\n<%= nil.foo %>\n"), testScope())
	var e *Error
	if !errors.As(err, &e) {
		t.Fatal(err)
	}
	want := "Failed to parse template m/e1.erb:\n  Filepath: /tmp/x/e1.erb\n  Line: 2\n  Detail: undefined method `foo' for nil:NilClass\n"
	if got := e.TemplateMessage("m/e1.erb"); got != want {
		t.Errorf("TemplateMessage = %q, want %q", got, want)
	}
	if got, want := e.InlineMessage(), "Failed to parse inline template: undefined method `foo' for nil:NilClass"; got != want {
		t.Errorf("InlineMessage = %q, want %q", got, want)
	}
	_, err = renderString("/tmp/x/e2.erb", []byte("a\n<% if %>\n"), testScope())
	if !errors.As(err, &e) || e.Class != "SyntaxError" {
		t.Fatalf("got %v, want a SyntaxError", err)
	}
	// Puppet 7.23: "Could not run: /tmp/ordoerb/p/e2.erb:2: syntax error, unexpected ';'"
	if got := e.SyntaxMessage(); !strings.HasPrefix(got, "/tmp/x/e2.erb:2: syntax error, unexpected") {
		t.Errorf("SyntaxMessage = %q", got)
	}
}
