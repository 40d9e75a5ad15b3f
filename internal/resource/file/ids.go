package file

import (
	"encoding/base64"
	"fmt"
	"os"
	"os/user"
	"strconv"
	"strings"
	"sync"
	"time"
)

func base64Decode(s string) ([]byte, error) { return base64.StdEncoding.DecodeString(s) }

// idCache remembers name and id lookups that succeeded, for as long as
// the account database they came from is unchanged: a user created,
// renumbered or removed during the run (by a user resource or an exec) is
// looked up afresh. Failures are always looked up again.
type idCache struct {
	db     string // /etc/passwd or /etc/group
	mu     sync.Mutex
	stamp  time.Time
	size   int64
	byName map[string]int
	byID   map[int]string
}

func newIDCache(db string) *idCache {
	return &idCache{db: db, byName: map[string]int{}, byID: map[int]string{}}
}

// host is what the instances of one Type share about the machine: account
// lookups and the process umask.
type host struct {
	users, groups *idCache

	umaskOnce sync.Once
	umask     uint32

	// racyWindow: how long ago a file must have changed for its checksum
	// to be read ahead (prefetch.go).
	racyWindow time.Duration

	// temps finds what killed runs left behind (stale.go).
	temps staleTemps

	// beforeRename, when set by tests, sees the temporary file of a
	// replacement just before it is renamed over the target.
	beforeRename func(tmp string)

	// modes holds the parsed modes, which files share: a catalog has few.
	modesMu sync.Mutex
	modes   map[string]*modeSpec

	// given is the content other resources hand to files (given.go).
	given givenContent

	// fetch makes the requests of http(s) sources (remote.go).
	fetch fetcher
}

// modeSpec returns the parsed mode s, the same for every file that has it.
// A modeSpec is never changed once made.
func (h *host) modeSpec(s string) *modeSpec {
	h.modesMu.Lock()
	defer h.modesMu.Unlock()
	if m, ok := h.modes[s]; ok {
		return m
	}
	m := parseMode(s)
	if h.modes == nil {
		h.modes = map[string]*modeSpec{}
	}
	if len(h.modes) < 1024 {
		h.modes[s] = &m
	}
	return &m
}

func newHost() *host {
	return &host{users: newIDCache("/etc/passwd"), groups: newIDCache("/etc/group"), racyWindow: racyWindow}
}

// processUmask reads the process umask from /proc without changing it
// (syscall.Umask would change it for every goroutine while it is read).
func (h *host) processUmask() uint32 {
	h.umaskOnce.Do(func() {
		h.umask = 0o022
		data, err := os.ReadFile("/proc/self/status")
		if err != nil {
			return
		}
		for _, line := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(line, "Umask:"); ok {
				if n, err := strconv.ParseUint(strings.TrimSpace(v), 8, 32); err == nil {
					h.umask = uint32(n)
				}
			}
		}
	})
	return h.umask
}

// check forgets everything when the database changed; c.mu is held.
func (c *idCache) check() {
	st, err := os.Stat(c.db)
	if err != nil {
		clear(c.byName)
		clear(c.byID)
		return
	}
	if !st.ModTime().Equal(c.stamp) || st.Size() != c.size {
		clear(c.byName)
		clear(c.byID)
		c.stamp, c.size = st.ModTime(), st.Size()
	}
}

func (c *idCache) id(name string, lookup func(string) (string, error)) (int, bool) {
	if n, err := strconv.ParseUint(name, 10, 32); err == nil {
		return int(n), true
	}
	if name == "-1" {
		// chown's "leave it": Puppet passes -1 on and the id stays.
		return -1, true
	}
	c.mu.Lock()
	c.check()
	n, ok := c.byName[name]
	c.mu.Unlock()
	if ok {
		return n, true
	}
	s, err := lookup(name)
	if err != nil {
		return 0, false
	}
	n, err = strconv.Atoi(s)
	if err != nil {
		return 0, false
	}
	c.mu.Lock()
	c.byName[name] = n
	c.mu.Unlock()
	return n, true
}

func (c *idCache) name(id int, lookup func(string) (string, error)) (string, bool) {
	c.mu.Lock()
	c.check()
	s, ok := c.byID[id]
	c.mu.Unlock()
	if ok {
		return s, true
	}
	s, err := lookup(strconv.Itoa(id))
	if err != nil {
		return "", false
	}
	c.mu.Lock()
	c.byID[id] = s
	c.mu.Unlock()
	return s, true
}

func (h *host) uidOf(name string) (int, bool) {
	return h.users.id(name, func(n string) (string, error) {
		u, err := user.Lookup(n)
		if err != nil {
			return "", err
		}
		return u.Uid, nil
	})
}

func (h *host) userName(uid int) (string, bool) {
	return h.users.name(uid, func(id string) (string, error) {
		u, err := user.LookupId(id)
		if err != nil {
			return "", err
		}
		return u.Username, nil
	})
}

func (h *host) gidOf(name string) (int, bool) {
	return h.groups.id(name, func(n string) (string, error) {
		g, err := user.LookupGroup(n)
		if err != nil {
			return "", err
		}
		return g.Gid, nil
	})
}

func (h *host) groupName(gid int) (string, bool) {
	return h.groups.name(gid, func(id string) (string, error) {
		g, err := user.LookupGroupId(id)
		if err != nil {
			return "", err
		}
		return g.Name, nil
	})
}

// idRangeError is a numeric owner or group past what chown takes, worded
// as Puppet's failure: the value is never wrapped into another id.
type idRangeError struct{ msg string }

func (e *idRangeError) Error() string { return e.msg }

// idTypeError is Ruby's error for an owner or group of another class
// than a name or a number.
func idTypeError(ownerType, groupType string) error {
	for _, t := range []string{ownerType, groupType} {
		if t != "" {
			return fmt.Errorf("can't convert %s into Integer", t)
		}
	}
	return nil
}

// checkIDRange refuses a numeric owner or group of 2^32 or more.
func checkIDRange(attr, v string) error {
	if v == "" || strings.Trim(v, "0123456789") != "" {
		return nil
	}
	if _, err := strconv.ParseUint(v, 10, 32); err == nil {
		return nil
	}
	return &idRangeError{msg: fmt.Sprintf("Failed to set %s to '%s': integer %s too big to convert to `unsigned int'", attr, v, strings.TrimLeft(v, "0"))}
}
