package state

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestRoundTrip(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	s, warn, err := Open(dir)
	if err != nil || warn != nil {
		t.Fatalf("Open of a missing store: %v %+v", err, warn)
	}
	now := time.Date(2026, 11, 23, 21, 0, 0, 0, time.UTC)
	s.SetChecked("File[/a]", now)
	s.SetAudited("File[/a]", "mode", "0644")
	s.SetAudited("File[/a]", "owner", int64(0))
	s.SetChecked("File[/old]", now.Add(-TTL-time.Hour))
	if err := s.Save(now); err != nil {
		t.Fatal(err)
	}
	st, err := os.Stat(s.Path())
	if err != nil || st.Mode().Perm() != 0o600 {
		t.Fatalf("state file: %v %v", st, err)
	}
	s2, _, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := s2.Checked("File[/a]"); !got.Equal(now) {
		t.Errorf("Checked = %v, want %v", got, now)
	}
	if v, ok := s2.Audited("File[/a]", "mode"); !ok || v != "0644" {
		t.Errorf("Audited = %q %v", v, ok)
	}
	if v, ok := s2.Audited("File[/a]", "owner"); !ok || v != int64(0) {
		t.Errorf("Audited owner = %#v %v", v, ok)
	}
	if _, ok := s2.Audited("File[/a]", "group"); ok {
		t.Error("an unrecorded property has a value")
	}
	if got := s2.Checked("File[/old]"); !got.IsZero() {
		t.Errorf("an entry past the TTL was kept: %v", got)
	}
}

func TestCorruptStoreIsMovedAside(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	if err := os.WriteFile(path, []byte("{not json"), 0o600); err != nil {
		t.Fatal(err)
	}
	s, warn, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if warn == nil || warn.Warning || !strings.Contains(warn.Msg, "is corrupt") || !s.Checked("x").IsZero() {
		t.Errorf("warning %+v", warn)
	}
	if _, err := os.Stat(path + ".bad"); err != nil {
		t.Errorf("the corrupt file was not kept as .bad: %v", err)
	}
}

func TestFIFOIsIgnored(t *testing.T) {
	dir := t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, FileName), 0o600); err != nil {
		t.Fatal(err)
	}
	s, warn, err := Open(dir)
	if err != nil || warn == nil || !warn.Warning || !strings.Contains(warn.Msg, "is not a file, ignoring") || !s.Checked("x").IsZero() {
		t.Fatalf("Open of a FIFO: %v %+v", err, warn)
	}
}
