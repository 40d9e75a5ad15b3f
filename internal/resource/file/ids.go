package file

import (
	"encoding/base64"
	"os/user"
	"strconv"
	"sync"
)

func base64Decode(s string) ([]byte, error) { return base64.StdEncoding.DecodeString(s) }

// idCache remembers name and id lookups that succeeded; failures are
// looked up again, since an earlier resource may create the user.
type idCache struct {
	mu     sync.Mutex
	byName map[string]int
	byID   map[int]string
}

var users = &idCache{byName: map[string]int{}, byID: map[int]string{}}
var groups = &idCache{byName: map[string]int{}, byID: map[int]string{}}

func (c *idCache) id(name string, lookup func(string) (string, error)) (int, bool) {
	if n, err := strconv.Atoi(name); err == nil && n >= 0 {
		return n, true
	}
	c.mu.Lock()
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
