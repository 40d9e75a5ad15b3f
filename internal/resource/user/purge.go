package user

import (
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

// PreGenerate is Puppet's generate for purge_ssh_keys: before the run,
// an ssh_authorized_key resource with ensure absent for every key of the
// purged files that the catalog does not manage, named as Puppet names
// them (by comment, or FILE:unnamed-N). They join the catalog right after
// the user, in file order, and run after it.
func (t Type) PreGenerate(r *catalog.Resource, c *catalog.Catalog, log resource.Logger) []*catalog.Resource {
	v, ok := r.Get("purge_ssh_keys")
	if !ok || v == nil || v == false || v == "false" {
		return nil
	}
	inst, err := resource.Instantiate(t, r)
	if err != nil {
		return nil // the run refuses the user, naming the error
	}
	u, ok := inst.(*instance)
	if !ok {
		return nil
	}
	var out []*catalog.Resource
	for _, file := range u.keyFiles() {
		f, err := os.Open(file)
		if err != nil {
			continue // Puppet reads only the files it can read
		}
		f.Close()
		names, err := sshkey.Names(file)
		if err != nil {
			continue
		}
		for _, name := range names {
			if log != nil {
				log.Log(resource.Debug, "", "User["+u.name+"] parsed for purging Ssh_authorized_key["+name+"]")
			}
			if c.Resource(catalog.Ref{Type: "Ssh_authorized_key", Title: name}) != nil {
				continue
			}
			k := &catalog.Resource{Type: "Ssh_authorized_key", Title: name, Tags: []string{"ssh_authorized_key"}}
			k.Set("ensure", "absent")
			k.Set("target", file)
			k.Set("user", u.name)
			for _, p := range u.meta {
				k.Set(p.Name, p.Value)
			}
			out = append(out, k)
		}
	}
	return out
}
