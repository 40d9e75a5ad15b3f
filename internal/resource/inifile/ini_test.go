package inifile

import (
	"encoding/json"
	"os"
	"testing"
)

// iniCase is one case of testdata/parity/ini.json: a file, one change,
// and what inifile's own IniFile made of them.
type iniCase struct {
	In struct {
		Content, Sep, Prefix, Suffix, Ichar string
		Iwidth                              *int
		Section, Setting, Value, Op         string
	}
	Want struct {
		Value *string
		Has   bool
		Out   string
		Error string
	}
}

// TestRubyParity replays random files and changes through File and
// compares the value read and the file written with what inifile
// 6.3.1's IniFile gave (testdata/parity/record).
func TestRubyParity(t *testing.T) {
	var cases []iniCase
	readJSON(t, "testdata/parity/ini.json", &cases)
	for i, c := range cases {
		l := Layout{Separator: c.In.Sep, Prefix: c.In.Prefix, Suffix: c.In.Suffix, IndentChar: c.In.Ichar}
		if c.In.Iwidth != nil {
			l.IndentWidth, l.HasIndentWidth = *c.In.Iwidth, true
		}
		f, err := Parse([]byte(c.In.Content), l)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		v, has := f.Value(c.In.Section, c.In.Setting)
		dups := f.count(c.In.Section, c.In.Setting)
		switch c.In.Op {
		case "set":
			f.Set(c.In.Section, c.In.Setting, c.In.Sep, c.In.Value)
		case "remove":
			f.Remove(c.In.Section, c.In.Setting)
		case "addsec":
			f.AddSection(c.In.Section)
		}
		got := string(f.Bytes())
		if c.Want.Error != "" || (c.In.Op == "remove" && dups > 1) {
			// inifile fails, or loses lines, removing a setting given
			// more than once: ordo removes each of its lines.
			if n := f.count(c.In.Section, c.In.Setting); n != 0 {
				t.Errorf("case %d: %d lines of %q left in %q:\n%s", i, n, c.In.Setting, c.In.Section, got)
			}
			continue
		}
		want := ""
		if c.Want.Value != nil {
			want = *c.Want.Value
		}
		if v != want || has != c.Want.Has {
			t.Errorf("case %d: value %q %v, inifile read %q %v", i, v, has, want, c.Want.Has)
		}
		if got != c.Want.Out {
			t.Errorf("case %d: %+v\ngot:\n%q\ninifile wrote:\n%q", i, c.In, got, c.Want.Out)
		}
	}
}

// count is how many lines of the section set the setting.
func (f *File) count(sectionName, setting string) int {
	s, ok := f.sections[sectionName]
	if !ok || s.isNew {
		return 0
	}
	n := 0
	for i := s.start; i <= s.end; i++ {
		if m := f.setting.FindStringSubmatch(body(f.lines[i])); m != nil && m[2] == setting {
			n++
		}
	}
	return n
}

// subCase is one case of testdata/parity/sub.json.
type subCase struct {
	In struct {
		Value                        string
		Has, Exact                   bool
		Sep, Quote, Kv, Sub, Op, New string
		It, Iv                       string
	}
	Want struct {
		Exists bool
		Cur    *string
		Out    string
		Error  string
	}
}

// TestSubRubyParity does for subsettings what TestRubyParity does for
// settings, against inifile's SettingValue.
func TestSubRubyParity(t *testing.T) {
	var cases []subCase
	readJSON(t, "testdata/parity/sub.json", &cases)
	for i, c := range cases {
		if c.Want.Error != "" {
			continue
		}
		v := parseSubValue(c.In.Value, c.In.Has, c.In.Sep, c.In.Quote, c.In.Kv)
		_, exists := v.get(c.In.Sub, c.In.Exact)
		cur, hasCur := v.get(c.In.Sub, false)
		if c.In.Op == "set" {
			v.set(c.In.Sub, c.In.New, c.In.Exact, c.In.It, c.In.Iv)
		} else {
			v.remove(c.In.Sub, c.In.Exact)
		}
		want := ""
		if c.Want.Cur != nil {
			want = *c.Want.Cur
		}
		if exists != c.Want.Exists || cur != want || hasCur != (c.Want.Cur != nil) || v.String() != c.Want.Out {
			t.Errorf("case %d: %+v\ngot %v %q %q, inifile %v %q %q", i, c.In, exists, cur, v.String(), c.Want.Exists, want, c.Want.Out)
		}
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

// TestEdges covers what the random cases do not reach: sections named
// twice, a setting given many times, several changes to one file.
func TestEdges(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		change   func(f *File)
		want     string
	}{
		{
			name:   "a section named twice: the second is changed, the first kept",
			in:     "[a]\nx = 1\n[b]\n[a]\nx = 2\n",
			change: func(f *File) { f.Set("a", "x", " = ", "3"); f.Set("a", "y", " = ", "4") },
			want:   "[a]\nx = 1\n[b]\n[a]\nx = 3\ny = 4\n",
		},
		{
			name:   "a setting given three times is removed, the next section untouched",
			in:     "[a]\nx = 1\nx = 2\nx = 3\ny = 1\n[b]\nx = 1\n",
			change: func(f *File) { f.Remove("a", "x"); f.Set("b", "z", " = ", "2") },
			want:   "[a]\ny = 1\n[b]\nx = 1\nz = 2\n",
		},
		{
			name:   "a line added after a comment moves the later sections",
			in:     "[a]\n#x = 0\n\n[b]\ny = 1\n",
			change: func(f *File) { f.Set("a", "x", " = ", "1"); f.Set("b", "y", " = ", "2"); f.Remove("b", "y") },
			want:   "[a]\n#x = 0\nx = 1\n\n[b]\n",
		},
		{
			name:   "no final newline",
			in:     "[a]\nx = 1",
			change: func(f *File) { f.Set("a", "y", " = ", "2") },
			want:   "[a]\nx = 1\ny = 2\n",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := Parse([]byte(tc.in), DefaultLayout())
			if err != nil {
				t.Fatal(err)
			}
			tc.change(f)
			if got := string(f.Bytes()); got != tc.want {
				t.Errorf("got:\n%s\nwant:\n%s", got, tc.want)
			}
		})
	}
}

func TestRubyToI(t *testing.T) {
	for in, want := range map[string]int{"4": 4, " 12abc": 12, "-3": -3, "x": 0, "": 0, "1_000": 1000, "+7": 7} {
		if got := rubyToI(in); got != want {
			t.Errorf("%q: %d, want %d", in, got, want)
		}
	}
}

func TestBadSeparator(t *testing.T) {
	if _, err := Parse(nil, Layout{Separator: "(", Prefix: "[", Suffix: "]"}); err == nil {
		t.Error("a separator that makes no pattern is accepted")
	}
}
