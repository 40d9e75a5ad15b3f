package mailalias

import (
	"os"
	"reflect"
	"testing"
)

// TestParseLine reads alias lines as the module's provider does.
func TestParseLine(t *testing.T) {
	for _, c := range []struct {
		line      string
		name      string
		recipient []string
		file      string
	}{
		{"pm: root", "pm", []string{"root"}, ""},
		{`web: "|/usr/bin/h arg", admin@example.com, 'ops' , "a,b"`, "web", []string{"|/usr/bin/h arg", "admin@example.com", "ops", "a,b"}, ""},
		{"lists: :include: /etc/mail/lists", "lists", nil, "/etc/mail/lists"},
		{"a:b:include:/x:y", "a", nil, "/x:y"},
		{"a:b: root", "a", []string{"b: root"}, ""},
		{"other:x", "other", []string{"x"}, ""},
		{"trail: a, b,,", "trail", []string{"a", "b"}, ""},
		{"lead: ,a", "lead", []string{"", "a"}, ""},
		{"none:", "none", []string{}, ""},
	} {
		r, err := parseLine(c.line)
		if err != nil {
			t.Errorf("%q: %v", c.line, err)
			continue
		}
		if r.name != c.name || !reflect.DeepEqual(r.recipient, c.recipient) || r.file != c.file {
			t.Errorf("%q: got %q %q %q, want %q %q %q", c.line, r.name, r.recipient, r.file, c.name, c.recipient, c.file)
		}
	}
	if _, err := parseLine("no colon"); err == nil || err.Error() != "undefined method `strip' for nil:NilClass" {
		t.Errorf("no colon: %v", err)
	}
}

// TestInstances lists the aliases of a file as puppet resource does.
func TestInstances(t *testing.T) {
	path := t.TempDir() + "/aliases"
	writeFile(t, path, "# c\npm: root\nlists: :include: /l\npm: other\n")
	rs, err := instancesOf(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 2 || rs[0].Title != "pm" || rs[1].Title != "lists" {
		t.Fatalf("got %v", rs)
	}
	if v, _ := rs[1].Get("file"); v != "/l" {
		t.Errorf("file = %v", v)
	}
	if _, ok := rs[1].Get("recipient"); ok {
		t.Errorf("lists has a recipient")
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}
