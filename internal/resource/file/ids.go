package file

import (
	"encoding/base64"
	"os"
	"os/user"
	"strconv"
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

var users = &idCache{db: "/etc/passwd", byName: map[string]int{}, byID: map[int]string{}}
var groups = &idCache{db: "/etc/group", byName: map[string]int{}, byID: map[int]string{}}

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
	if n, err := strconv.Atoi(name); err == nil && n >= 0 {
		return n, true
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

func uidOf(name string) (int, bool) {
	return users.id(name, func(n string) (string, error) {
		u, err := user.Lookup(n)
		if err != nil {
			return "", err
		}
		return u.Uid, nil
	})
}

func userName(uid int) (string, bool) {
	return users.name(uid, func(id string) (string, error) {
		u, err := user.LookupId(id)
		if err != nil {
			return "", err
		}
		return u.Username, nil
	})
}

func gidOf(name string) (int, bool) {
	return groups.id(name, func(n string) (string, error) {
		g, err := user.LookupGroup(n)
		if err != nil {
			return "", err
		}
		return g.Gid, nil
	})
}

func groupName(gid int) (string, bool) {
	return groups.name(gid, func(id string) (string, error) {
		g, err := user.LookupGroupId(id)
		if err != nil {
			return "", err
		}
		return g.Name, nil
	})
}
