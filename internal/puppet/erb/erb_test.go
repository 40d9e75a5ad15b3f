package erb

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
)

// mapScope is a scope of fixed variables whose functions return their
// name and arguments.
type mapScope map[string]catalog.Value

func (m mapScope) LookupVar(name string) (catalog.Value, bool) {
	v, ok := m[name]
	return v, ok
}

func (m mapScope) CallFunction(ctx context.Context, name string, args []catalog.Value) (catalog.Value, error) {
	if name == "fail" {
		return nil, errors.New("failed on purpose")
	}
	return append([]catalog.Value{name}, args...), nil
}

func testScope() mapScope {
	h := catalog.NewHash()
	h.Set("a", int64(1))
	h.Set("b", "two")
	return mapScope{
		"x":    "abc",
		"list": []catalog.Value{"b", "a", "c"},
		"h":    h,
		"n":    nil,
		"::x":  "top",
	}
}

// These cases were checked against Ruby 3.1's ERB with trim mode '-', the
// Ruby that Puppet 7.23 runs on here.
func TestRenderTable(t *testing.T) {
	tests := []struct{ src, want string }{
		{"a<%= 1 %>  <%- 2 %>x", "a1x"},
		{"a\n  <%- 2 -%>\nx", "a\nx"},
		{"a <% if true -%>\nb\n<% end -%>\nc", "a b\nc"},
		{"x <%% y %%> <%= '%%>' %> z", "x <% y %%> %> z"},
		{"a <% b", "a  b"},
		{"a <%# c -%>\nb", "a b"},
		{"a <% # c %>b\nc", "a "},
		{"a\r\n<% 1 -%>\r\nb", "a\r\nb"},
		{"<% @list.each do |x| -%>\n- <%= x %>\n<% end -%>\n", "- b\n- a\n- c\n"},
		{`<%= @h.map { |k, v| "#{k}=#{v}" }.join(',') %>`, "a=1,b=two"},
		{`<%= [1, 'a', nil, 2.5, {'a'=>1}] %>|<%= @n.nil? %>|<%= @x.upcase if @x %>`, `[1, "a", nil, 2.5, {"a"=>1}]|true|ABC`},
		{"<% if @n then %>yes<% else %>no<% end %>", "no"},
		{`<%= ['', 'abc'].include?@x.downcase %>|<%= @list.include?'z' %>`, "true|false"},
		{`<%= {'k'=>1}.to_yaml %>`, "---\nk: 1\n"},
		{`<%= 'location'.match('(dir|loc)ation') ? 'y' : 'n' %><%= 'a.c'.match?('a.c') %><%= 'abc'.match?('a.c') %>`, "ytruetrue"},
		{`<%= scope['x'] %> <%= scope.lookupvar('::x') %> <%= scope.call_function('foo', [1]) %> <%= scope.function_versioncmp([1]) %>`, `abc top ["foo", 1] ["versioncmp", 1]`},
		{`<%= "%05.2f|%-5s|%x" % [3.14159, 'ab', 255] %>`, "03.14|ab   |ff"},
		{"<% case @x when 'abc' -%>\nA\n<% else -%>\nB\n<% end -%>", "A\n"},
		{"<%= (1..3).to_a.inspect %> <%= @list.sort_by { |x| x }.reverse.first %> <%= @list.size %>", "[1, 2, 3] c 3"},
		// A comment in the last tag hides ERB's final _erbout when no line
		// break follows: the output is the last statement's value, joined.
		// Puppet 7.23 printed [12] and [1] for these (no trailing newline,
		// which a txtar golden cannot hold).
		{"a\n<% [1, [2, nil]].each do |x| %>x<% end # loop %>", "12"},
		{"%\r\n\n\n<%# c %><% 1\n%><%- # c -%> ", "1"},
		// a text of exactly one line break is printed on its own
		{"<%-# c %>\n<%%=<% x = 1 -%>\n<%#\n-%>", "<%="},
		// begin ... end while runs its body once before the test
		{"<% i = 5 %><% begin %><%= i %><% i += 1 %><% end while i < 3 %>|<% j = 0 %><% j += 1 while j < 3 %><%= j %>", "5|3"},
	}
	for _, tt := range tests {
		tm, err := Parse("t.erb", []byte(tt.src))
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.src, err)
			continue
		}
		got, err := tm.Render(context.Background(), testScope())
		if err != nil {
			t.Errorf("Render(%q): %v", tt.src, err)
			continue
		}
		if got != tt.want {
			t.Errorf("Render(%q) = %q, want %q", tt.src, got, tt.want)
		}
	}
}

// A value that holds itself has no Puppet value: passing it to a Puppet
// function, or writing it as YAML, is an error instead of a recursion
// without end. (Puppet hands the Ruby object over; keys() lists such a
// hash, join() fails with "recursive array join"; Psych writes anchors.)
func TestRenderSelfHolding(t *testing.T) {
	tests := []struct{ src, want string }{
		{"<% a = [1]; a << a %><%= scope.call_function('join', [a]) %>", "cannot pass Array to the Puppet function join: a value that holds itself"},
		{"<% h = {}; h['h'] = [h] %><%= scope.call_function('keys', [h]) %>", "cannot pass Hash to the Puppet function keys: a value that holds itself"},
		{"<% a = [1]; a << {'a' => a} %><%= a.to_yaml %>", "to_yaml of a value that holds itself is not supported in templates"},
	}
	for _, tt := range tests {
		tm, err := Parse("t.erb", []byte(tt.src))
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.src, err)
		}
		_, err = tm.Render(context.Background(), testScope())
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Render(%q) error = %v, want one containing %q", tt.src, err, tt.want)
		}
	}
}

// A parsed template renders in several goroutines at once.
func TestConcurrentRender(t *testing.T) {
	tm, err := Parse("c.erb", []byte(`<% def f(x) x * 2 end -%><%= @list.map { |x| x =~ /(?<=a)b|c/ ? f(x) : x.upcase }.join(',') %>`))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan string)
	for range 8 {
		go func() {
			out, err := tm.Render(context.Background(), mapScope{"list": []catalog.Value{"ab", "c", "d"}})
			if err != nil {
				out = err.Error()
			}
			done <- out
		}()
	}
	for range 8 {
		if got := <-done; got != "abab,cc,D" {
			t.Errorf("got %q", got)
		}
	}
}

func TestFilesLoad(t *testing.T) {
	dir := t.TempDir()
	path := dir + "/ordoerb-files.erb"
	if err := os.WriteFile(path, []byte("<%= @x %>\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var files Files
	a, err := files.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := files.Load(path)
	if a != b {
		t.Error("Load parsed the file twice")
	}
	out, err := a.Render(context.Background(), mapScope{"x": "v"})
	if err != nil || out != "v\n" {
		t.Errorf("Render = %q, %v", out, err)
	}
	if _, err := files.Load(dir + "/missing.erb"); !os.IsNotExist(err) {
		t.Errorf("missing file: %v", err)
	}
}
