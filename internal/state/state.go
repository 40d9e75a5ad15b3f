// Package state keeps what one run leaves for the next about each
// resource, as Puppet's state.yaml does: when it was last checked (which
// schedules count from) and synced, and the values its audited properties
// had. The store is one JSON file, replaced atomically at the end of a run.
package state

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/google/renameio/v2"

	"github.com/ordoproject/ordo/internal/syserr"
)

// TTL is how long an entry is kept after its resource was last checked:
// Puppet's statettl, 32 days.
const TTL = 32 * 24 * time.Hour

// Entry is what is known of one resource.
type Entry struct {
	Checked time.Time `json:"checked,omitzero"`
	Synced  time.Time `json:"synced,omitzero"`
	// Audited holds each audited property's value: a string or an
	// integer (an owner's uid).
	Audited map[string]any `json:"audited,omitempty"`
}

// Store is the state of every resource, keyed by reference (File[/a]).
// It is safe for concurrent use.
type Store struct {
	path    string
	mu      sync.Mutex
	entries map[string]*Entry
}

// Complaint is what Open says about a state file it could not use: an
// error, or a warning when Warning is set. The run goes on without it.
type Complaint struct {
	Warning bool
	Msg     string
}

// FileName is the store's file in its folder.
const FileName = "state.json"

// Open reads the store in dir. A missing file is an empty store. A file
// that cannot be read as a store is moved aside to FILE.bad, and the
// returned warning says so, in Puppet's words for its state.yaml; the
// store is then empty. So it is when the file is not a regular file.
func Open(dir string) (s *Store, c *Complaint, err error) {
	s = &Store{path: filepath.Join(dir, FileName), entries: map[string]*Entry{}}
	// A FIFO or a device would block the read, or never end.
	if st, err := os.Stat(s.path); err == nil && !st.Mode().IsRegular() {
		return s, &Complaint{Warning: true, Msg: fmt.Sprintf("Checksumfile %s is not a file, ignoring", s.path)}, nil
	}
	data, err := os.ReadFile(s.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return s, nil, nil
	case err != nil:
		return nil, nil, fmt.Errorf("Could not read state file %s: %s", s.path, syserr.Describe(err))
	}
	var entries map[string]*Entry
	if jerr := json.Unmarshal(data, &entries); jerr != nil {
		if rerr := os.Rename(s.path, s.path+".bad"); rerr != nil {
			return nil, nil, fmt.Errorf("Could not rename corrupt %s; remove manually", s.path)
		}
		why := "not a JSON object of resources"
		var syn *json.SyntaxError
		if errors.As(jerr, &syn) {
			why = fmt.Sprintf("invalid JSON at byte %d", syn.Offset)
		}
		return s, &Complaint{Msg: fmt.Sprintf("Checksumfile %s is corrupt (%s); replacing", s.path, why)}, nil
	}
	for k, e := range entries {
		if e != nil {
			s.entries[k] = e
		}
	}
	return s, nil, nil
}

// Path is the store's file.
func (s *Store) Path() string { return s.path }

// Checked is when ref was last checked; the zero time if never.
func (s *Store) Checked(ref string) time.Time {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e := s.entries[ref]; e != nil {
		return e.Checked
	}
	return time.Time{}
}

func (s *Store) entry(ref string) *Entry {
	e := s.entries[ref]
	if e == nil {
		e = &Entry{}
		s.entries[ref] = e
	}
	return e
}

// SetChecked records that ref was checked at t.
func (s *Store) SetChecked(ref string, t time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.entry(ref).Checked = t
}

// SetSynced records that ref was changed at t.
func (s *Store) SetSynced(ref string, t time.Time) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.entry(ref).Synced = t
}

// Audited returns the recorded value of ref's property (a string or an
// int64), and whether one was recorded.
func (s *Store) Audited(ref, property string) (any, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e := s.entries[ref]; e != nil {
		v, ok := e.Audited[property]
		if f, isNum := v.(float64); isNum {
			v = int64(f) // as JSON read it
		}
		return v, ok
	}
	return nil, false
}

// SetAudited records the value of ref's property: a string or an int64.
func (s *Store) SetAudited(ref, property string, value any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	e := s.entry(ref)
	if e.Audited == nil {
		e.Audited = map[string]any{}
	}
	e.Audited[property] = value
}

// Save writes the store, without the entries last checked more than TTL
// before now, to a new file that replaces the old one once it is synced.
func (s *Store) Save(now time.Time) error {
	s.mu.Lock()
	out := make(map[string]*Entry, len(s.entries))
	for k, e := range s.entries {
		if !e.Checked.IsZero() && now.Sub(e.Checked) > TTL {
			continue
		}
		out[k] = e
	}
	s.mu.Unlock()
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(s.path), 0o750); err != nil {
		return fmt.Errorf("Could not save state file %s: %s", s.path, syserr.Describe(err))
	}
	if err := renameio.WriteFile(s.path, append(data, '\n'), 0o600); err != nil {
		return fmt.Errorf("Could not save state file %s: %s", s.path, syserr.Describe(err))
	}
	return nil
}
