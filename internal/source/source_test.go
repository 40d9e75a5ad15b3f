package source

import "testing"

func TestPosition(t *testing.T) {
	f := NewFile("a.pp", []byte("ab\nçd\n\nx"))
	tests := []struct {
		off       Pos
		line, col int
	}{
		{0, 1, 1}, {2, 1, 3}, {3, 2, 1}, {5, 2, 2}, {7, 3, 1}, {8, 4, 1}, {9, 4, 2}, {100, 4, 2},
	}
	for _, tt := range tests {
		p := f.Position(tt.off)
		if p.Line != tt.line || p.Column != tt.col {
			t.Errorf("Position(%d) = %d:%d, want %d:%d", tt.off, p.Line, p.Column, tt.line, tt.col)
		}
	}
	if got := f.Line(2); got != "çd" {
		t.Errorf("Line(2) = %q", got)
	}
}

func TestSnippet(t *testing.T) {
	f := NewFile("a.pp", []byte("notice(\n  $x + }\n"))
	got := Range{File: f, Start: 15, End: 16}.Snippet()
	want := "  $x + }\n       ^\n"
	if got != want {
		t.Errorf("Snippet = %q, want %q", got, want)
	}
	got = Range{File: f, Start: 10, End: 12}.Snippet()
	want = "  $x + }\n  ^~\n"
	if got != want {
		t.Errorf("Snippet = %q, want %q", got, want)
	}
	if s := (Range{File: f, Start: 10, End: 12}).String(); s != "a.pp:2:3" {
		t.Errorf("String = %q", s)
	}
}
