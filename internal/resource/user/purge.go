package user

import (
	"context"
	"os"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/sshkey"
)

// keptMeta are the metaparameters a purged key takes from its user, as
// Puppet copies them (relationships stay with the user, whom the keys
// follow anyway).
var keptMeta = map[string]bool{"noop": true, "loglevel": true, "schedule": true, "tag": true}

// keyFiles are the authorized_keys files purge_ssh_keys names: the
// home's .ssh/authorized_keys for true, else the paths given, ~/ and
// %h/ standing for the home. Without a home (no home given and no such
// account) there are none, as in Puppet.
func (u *instance) keyFiles() []string {
	if !u.purgeKeys {
		return nil
	}
	home := ""
	if u.home != nil {
		home = *u.home
	} else if acct, err := u.files.LookupUser(u.name); err == nil && acct != nil {
		home = acct.Home
	}
	if b, ok := boolValue(u.purge); ok && b {
		if home == "" {
			return nil
		}
		return []string{home + "/.ssh/authorized_keys"}
	}
	var out []string
	for _, e := range list(u.purge) {
		p := catalog.Scalar(e)
		for _, prefix := range []string{"~/", "%h/"} {
			if rest, ok := strings.CutPrefix(p, prefix); ok {
				if home == "" {
					p = ""
					break
				}
				p = home + "/" + rest
			}
		}
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

func boolValue(v catalog.Value) (bool, bool) {
	switch v {
	case true, "true":
		return true, true
	case false, "false":
		return false, true
	}
	return false, false
}

// Generate makes an ssh_authorized_key resource with ensure absent for
// every key of the purged files that the catalog does not manage, named
// as Puppet names them (by comment, or FILE:unnamed-N); they run after
// the user.
func (u *instance) Generate(_ context.Context, h *resource.Handle, c *catalog.Catalog) ([]resource.Generated, error) {
	var out []resource.Generated
	for _, file := range u.keyFiles() {
		f, err := os.Open(file)
		if err != nil {
			continue // Puppet reads only the files it can read
		}
		f.Close()
		names, err := sshkey.Names(file)
		if err != nil {
			return nil, err
		}
		for _, name := range names {
			h.Log.Log(resource.Debug, "", "User["+u.name+"] parsed for purging Ssh_authorized_key["+name+"]")
			if c.Resource(catalog.Ref{Type: "Ssh_authorized_key", Title: name}) != nil {
				continue
			}
			r := &catalog.Resource{Type: "Ssh_authorized_key", Title: name}
			r.Set("ensure", "absent")
			r.Set("target", file)
			r.Set("user", u.name)
			for _, p := range u.meta {
				r.Set(p.Name, p.Value)
			}
			inst, err := resource.Instantiate(sshkey.Type{}, r)
			if err != nil {
				return nil, err
			}
			out = append(out, resource.Generated{Resource: r, Instance: inst, After: -1})
		}
	}
	return out, nil
}
