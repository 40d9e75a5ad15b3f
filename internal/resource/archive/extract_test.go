package archive

import (
	"testing"

	"github.com/ordoproject/ordo/internal/catalog"
)

func TestExtractCommandLine(t *testing.T) {
	flags := catalog.NewHash()
	flags.Set("tar", "xzvf")
	for _, c := range []struct {
		path, command string
		flags         catalog.Value
		want, err     string
	}{
		{path: "/a/x.tar", want: "tar xf /a/x.tar"},
		{path: "/a/x.tar.gz", want: "tar xzf /a/x.tar.gz"},
		{path: "/a/x.tgz", want: "tar xzf /a/x.tgz"},
		{path: "/a/x.tbz", want: "tar xjf /a/x.tbz"},
		{path: "/a/x.tar.bz2", want: "tar xjf /a/x.tar.bz2"},
		{path: "/a/x.txz", want: "unxz -dc /a/x.txz | tar xf -"},
		{path: "/a/x.gz", want: "gunzip -d /a/x.gz"},
		{path: "/a/x.jar", want: "unzip -o /a/x.jar"},
		{path: "/a/x.war", want: "unzip -o /a/x.war"},
		{path: "/a/x.bz2", want: "bunzip2 -d /a/x.bz2"},
		{path: "/a/x.tar.Z", want: "uncompress -c /a/x.tar.Z | tar xf -"},
		{path: "/a/x.tar.Z", flags: "xvf", want: "uncompress -c /a/x.tar.Z | tar xvf -"},
		{path: "/a/my file.zip", want: `unzip -o /a/my\ file.zip`},
		{path: "/a/x.tar.gz", flags: "xvf", want: "tar xvf /a/x.tar.gz"},
		{path: "/a/x.tar.gz", flags: flags, want: "tar xzvf /a/x.tar.gz"},
		{path: "/a/x.zip", flags: flags, want: "unzip  /a/x.zip"},
		{path: "/a/x.zip", command: "7z x %s -o/b", want: "7z x /a/x.zip -o/b"},
		{path: "/a/x.zip", command: "7z", flags: "x", want: "7z x /a/x.zip"},
		{path: "/a/x.rar", err: "Unknown filetype: /a/x.rar"},
		{path: "/a/x.tar", flags: []catalog.Value{"x"}, err: `Invalid options for command tar: ["x"]`},
	} {
		a := &instance{spec: spec{path: c.path, extractCommand: c.command, extractFlags: c.flags}}
		got, err := a.extractCommandLine()
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("%s: error %v, want %s", c.path, err, c.err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("%s %v: %q, %v; want %q", c.path, c.flags, got, err, c.want)
		}
	}
}

func TestShellEscape(t *testing.T) {
	for in, want := range map[string]string{
		"":              "''",
		"/a/b-c_d.e,f":  "/a/b-c_d.e,f",
		"a b":           `a\ b`,
		"it's":          `it\'s`,
		"$(x)":          `\$\(x\)`,
		"a\nb":          "a'\n'b",
		"caf\u00e9.zip": "caf\\\u00e9.zip",
	} {
		if got := shellEscape(in); got != want {
			t.Errorf("shellEscape(%q) = %q, want %q", in, got, want)
		}
	}
}
