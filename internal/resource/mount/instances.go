package mount

import (
	"context"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/syscmd"
)

// instances lists the default fstab's entries, mounted or unmounted, and
// then what is mounted without an entry (ensure ghost), as puppet
// resource mount shows them.
func instances(ctx context.Context, h *resource.Handle) ([]*catalog.Resource, error) {
	out, err := syscmd.Exec(ctx, h, []string{mountCmd}, syscmd.Options{})
	if err != nil {
		return nil, err
	}
	var mounted []string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if m := mountedLine.FindStringSubmatch(line); m != nil {
			mounted = append(mounted, m[1])
		}
	}
	return instancesOf(DefaultTarget, mounted)
}

// instancesOf lists the entries of the fstab at path, given the mount
// points that are mounted (in mount's order).
func instancesOf(path string, mounted []string) ([]*catalog.Resource, error) {
	f, err := readFstab(path)
	if err != nil {
		return nil, err
	}
	isMounted := map[string]bool{}
	for _, m := range mounted {
		isMounted[m] = true
	}
	inFstab := map[string]bool{}
	var res []*catalog.Resource
	for _, rec := range f.records {
		if !rec.entry {
			continue
		}
		// Puppet drops the trailing slashes of an fstab mount point.
		name := rec.values["name"]
		if t := strings.TrimRight(name, "/"); t != "" {
			name = t
		}
		r := &catalog.Resource{Type: "Mount", Title: name}
		if isMounted[name] {
			r.Set("ensure", "mounted")
		} else {
			r.Set("ensure", "unmounted")
		}
		for _, field := range []string{"device", "fstype", "options", "dump", "pass"} {
			v := rec.values[field]
			if v == "" {
				v = "absent"
			}
			r.Set(field, v)
		}
		r.Set("target", path)
		inFstab[name] = true
		res = append(res, r)
	}
	for _, m := range mounted {
		if inFstab[m] {
			continue
		}
		inFstab[m] = true
		r := &catalog.Resource{Type: "Mount", Title: m}
		r.Set("ensure", "ghost")
		r.Set("target", path)
		res = append(res, r)
	}
	return res, nil
}
