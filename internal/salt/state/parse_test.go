package state

import (
	"reflect"
	"strings"
	"testing"
)

func TestGlobAndPatterns(t *testing.T) {
	for _, tc := range []struct {
		path             string
		include, exclude []string
		want             bool
	}{
		{"a.html", nil, nil, true},
		{"css/main.css", []string{"*.css"}, nil, true}, // * crosses /, as Python's fnmatch
		{"css/main.css", []string{"*.html"}, nil, false},
		{"otherhello", []string{"hello*"}, nil, false},
		{"otherhello", []string{"E@hello"}, nil, true},
		{"x.log", nil, []string{"*.log"}, false},
		{"x.log", []string{"x*"}, []string{"E@\\.log$"}, false},
		{"a[1].txt", []string{"a[[]1].txt"}, nil, true},
		{"b.txt", []string{"[!a]*"}, nil, true},
		{"a.txt", []string{"[!a]*"}, nil, false},
		{"a.txt", []string{"E@("}, nil, false}, // a bad expression matches nothing
	} {
		if got := includeExclude(tc.path, tc.include, tc.exclude); got != tc.want {
			t.Errorf("includeExclude(%q, %q, %q) = %v, want %v", tc.path, tc.include, tc.exclude, got, tc.want)
		}
	}
}

func TestValidRelpath(t *testing.T) {
	for _, tc := range []struct {
		rel   string
		depth int
		want  bool
	}{
		{"a", 0, true},
		{"a/b", 0, false},
		{"a/b", 1, true},
		{"../x", -1, false},
		{"a/../../x", -1, false},
		{"a..b/c", -1, true},
	} {
		if got := validRelpath(tc.rel, tc.depth); got != tc.want {
			t.Errorf("validRelpath(%q, %d) = %v, want %v", tc.rel, tc.depth, got, tc.want)
		}
	}
}

func TestSplitN(t *testing.T) {
	for _, tc := range []struct {
		in   string
		n    int
		want []string
	}{
		{"a b c", 2, []string{"a", "b c"}},
		{"  a \t b  ", 2, []string{"a", "b"}},
		{"a", 3, []string{"a"}},
		{"", 2, nil},
		{"ssh-rsa KEY the comment", 3, []string{"ssh-rsa", "KEY", "the comment"}},
	} {
		if got := splitN(tc.in, tc.n); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("splitN(%q, %d) = %q, want %q", tc.in, tc.n, got, tc.want)
		}
	}
}

func TestSSHArgs(t *testing.T) {
	for _, tc := range []struct {
		name    string
		args    map[string]any
		present bool
		want    sshKey
	}{
		{"AAAA", map[string]any{}, true, sshKey{key: "AAAA", enc: "ssh-rsa", options: nil}},
		{"AAAA me@host", map[string]any{"comment": "x"}, true, sshKey{key: "AAAA", enc: "ssh-rsa", comment: "me@host"}},
		{"ssh-ed25519 AAAA a b", map[string]any{}, true, sshKey{key: "AAAA", enc: "ssh-ed25519", comment: "a b"}},
		{`no-pty,from="x" ssh-rsa AAAA c`, map[string]any{}, true, sshKey{key: "AAAA", enc: "ssh-rsa", comment: "c", options: []string{"no-pty", `from="x"`}}},
		{"ssh-rsa AAAA a b", map[string]any{}, false, sshKey{key: "AAAA", enc: "ssh-rsa"}}, // absent splits at every space: three parts, no comment
	} {
		got := sshArgs(Call{Name: tc.name, Args: tc.args}, tc.present)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("sshArgs(%q, present %v) = %+v, want %+v", tc.name, tc.present, got, tc.want)
		}
	}
}

func TestParseAptLine(t *testing.T) {
	for _, tc := range []struct {
		line string
		ok   bool
		want aptSource
	}{
		{"deb http://x/debian bookworm main contrib", true, aptSource{typ: "deb", uri: "http://x/debian", dist: "bookworm", comps: []string{"main", "contrib"}}},
		{"# deb-src [arch=amd64 signed-by=/k.gpg] http://x y z # note", true, aptSource{disabled: true, typ: "deb-src", options: []string{"arch=amd64", "signed-by=/k.gpg"}, uri: "http://x", dist: "y", comps: []string{"z"}, comment: " note"}},
		{"# just a comment", false, aptSource{}},
		{"Types: deb", false, aptSource{}},
		{"deb http://x", false, aptSource{}},
	} {
		got, ok := parseAptLine("", tc.line)
		if ok != tc.ok {
			t.Errorf("parseAptLine(%q) ok = %v", tc.line, ok)
			continue
		}
		if !ok {
			continue
		}
		got.line = ""
		if !reflect.DeepEqual(*got, tc.want) {
			t.Errorf("parseAptLine(%q) = %+v, want %+v", tc.line, *got, tc.want)
		}
	}
}

// FuzzParseAptLine: any line parses or is refused without a panic, and
// an entry read back from what it renders is the same entry.
func FuzzParseAptLine(f *testing.F) {
	for _, s := range []string{"deb http://x y main", "#deb [arch=amd64] http://x y a b #c", "deb-src", "[", "deb [ ] x y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		s, ok := parseAptLine("", line)
		if !ok {
			return
		}
		again, ok := parseAptLine("", s.render())
		if !ok {
			t.Fatalf("%q rendered as %q, which does not parse", line, s.render())
		}
		if again.typ != s.typ || again.uri != s.uri || again.dist != s.dist || again.disabled != s.disabled {
			t.Fatalf("%q: %+v became %+v", line, s, again)
		}
	})
}

// FuzzCronJobs: any managed crontab lines parse into jobs without a
// panic, and rewriting them settles: a second rewrite changes nothing.
func FuzzCronJobs(f *testing.F) {
	f.Add("# c SALT_CRON_IDENTIFIER:x\n0 1 * * * cmd\n@reboot y\n#DISABLED#1 2 3 4 5 z")
	f.Add("#\n# SALT_CRON_IDENTIFIER:\n@\n")
	f.Fuzz(func(t *testing.T, text string) {
		tab := cronTab{rest: splitLines(text)}
		for range 2 { // odd comments settle after one rewrite
			crons, specials := tab.jobs()
			tab.setJobs(crons, specials)
		}
		first := append([]string{}, tab.rest...)
		c2, s2 := tab.jobs()
		tab.setJobs(c2, s2)
		if strings.Join(first, "\n") != strings.Join(tab.rest, "\n") {
			t.Fatalf("%q: %q then %q", text, first, tab.rest)
		}
	})
}

func splitLines(s string) []string { return strings.Split(s, "\n") }
