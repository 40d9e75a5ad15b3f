package cron

import (
	"context"
	"os"
	"sort"
	"strings"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/resource"
)

// crontabDir holds the users' crontabs on Debian.
const crontabDir = "/var/spool/cron/crontabs"

// instances lists the jobs of every crontab, the user ordo runs as
// first, then the crontabs of crontabDir (in name order; Puppet takes
// the folder's order), numbering unnamed jobs across them as Puppet's
// crontab provider does.
func instances(ctx context.Context, h *resource.Handle) ([]*catalog.Resource, error) {
	targets := []string{currentUser()}
	if entries, err := os.ReadDir(crontabDir); err == nil {
		var names []string
		for _, e := range entries {
			if e.Type().IsRegular() && !strings.HasPrefix(e.Name(), ".keep_") {
				names = append(names, e.Name())
			}
		}
		sort.Strings(names)
		for _, n := range names {
			if n != targets[0] {
				targets = append(targets, n)
			}
		}
	}
	unnamed := 0
	var out []*catalog.Resource
	for _, target := range targets {
		t := &crontab{user: target}
		if err := t.read(ctx, h, &unnamed); err != nil {
			return nil, err
		}
		for _, rec := range t.records {
			if !rec.job {
				continue
			}
			out = append(out, listed(rec, target))
		}
	}
	return out, nil
}

// listed is one job as puppet resource cron shows it: each time field a
// list of its comma-separated parts, * left out.
func listed(rec *record, target string) *catalog.Resource {
	r := &catalog.Resource{Type: "Cron", Title: rec.name}
	r.Set("ensure", "present")
	r.Set("command", rec.command)
	var env []catalog.Value
	for _, e := range rec.env {
		env = append(env, e)
	}
	r.Set("environment", env)
	for _, f := range timeFields {
		v, ok := rec.fields[f]
		if !ok || v == "absent" {
			continue
		}
		var parts []catalog.Value
		for _, p := range splitField(v) {
			parts = append(parts, p)
		}
		r.Set(f, parts)
	}
	if rec.special != "" {
		r.Set("special", rec.special)
	}
	r.Set("target", target)
	r.Set("user", target)
	return r
}
