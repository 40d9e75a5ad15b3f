package state

import (
	"context"
	"fmt"
	"strings"
)

// cron.present and cron.absent keep jobs the way Salt's cron module
// does, so that a crontab Salt wrote is read the same: after the
// "managed by Salt" line, each job under a comment line that carries
// its SALT_CRON_IDENTIFIER (the command, unless identifier is given),
// found by identifier or command.

const (
	saltCronIdentifier   = "SALT_CRON_IDENTIFIER"
	saltCronNoIdentifier = "NO ID SET"
)

// cronJob is one job after Salt's line: timed (spec "") or special.
type cronJob struct {
	minute, hour, daymonth, month, dayweek string
	spec                                   string
	cmd                                    string
	comment, identifier                    *string
	commented                              bool
}

// jobs parses the managed lines after the environment settings as
// Salt's list_tab does; lines it does not understand are dropped when
// the crontab is written, as Salt drops them.
func (t *cronTab) jobs() (crons, specials []*cronJob) {
	var comment, identifier *string
	for _, line := range t.rest {
		commented := false
		if rest, ok := strings.CutPrefix(line, "#DISABLED#"); ok {
			line, commented = rest, true
		}
		switch {
		case strings.HasPrefix(line, "@"):
			f := strings.Fields(line)
			if len(f) < 2 {
				continue
			}
			specials = append(specials, &cronJob{spec: f[0], cmd: strings.Join(f[1:], " "), comment: comment, identifier: identifier, commented: commented})
			comment, identifier = nil, nil
		case strings.HasPrefix(line, "#"):
			c := strings.TrimLeft(line, "# ")
			if before, after, ok := strings.Cut(c, saltCronIdentifier); ok {
				c = strings.TrimRight(before, " \t")
				if len(after) > 1 {
					id := after[1:]
					identifier = &id
				}
			}
			if comment == nil {
				comment = &c
			} else {
				joined := *comment + "\n" + c
				comment = &joined
			}
		case len(strings.Split(line, " ")) > 5:
			f := strings.Split(line, " ")
			crons = append(crons, &cronJob{minute: f[0], hour: f[1], daymonth: f[2], month: f[3], dayweek: f[4], cmd: strings.Join(f[5:], " "), comment: comment, identifier: identifier, commented: commented})
			comment, identifier = nil, nil
		}
	}
	return crons, specials
}

// setJobs renders the jobs back into the managed lines, as Salt does.
func (t *cronTab) setJobs(crons, specials []*cronJob) {
	t.rest = nil
	for _, j := range append(append([]*cronJob{}, crons...), specials...) {
		if j.comment != nil || j.identifier != nil {
			c := "#"
			if j.comment != nil && *j.comment != "" {
				c += " " + strings.ReplaceAll(strings.TrimRight(*j.comment, " \t\n"), "\n", "\n# ")
			}
			if j.identifier != nil && *j.identifier != "" {
				c += " " + saltCronIdentifier + ":" + *j.identifier
			}
			t.rest = append(t.rest, strings.Split(c, "\n")...)
		}
		prefix := ""
		if j.commented {
			prefix = "#DISABLED#"
		}
		if j.spec != "" {
			t.rest = append(t.rest, prefix+j.spec+" "+j.cmd)
		} else {
			t.rest = append(t.rest, prefix+strings.Join([]string{j.minute, j.hour, j.daymonth, j.month, j.dayweek, j.cmd}, " "))
		}
	}
}

func (j *cronJob) id() string {
	if j.identifier != nil && *j.identifier != "" {
		return *j.identifier
	}
	return saltCronNoIdentifier
}

// matches is Salt's test that a job is the one a state names: by
// identifier where the crontab has one, else by command.
func (j *cronJob) matches(cmd, identifier string) bool {
	cid := j.id()
	if identifier == "" {
		identifier = saltCronNoIdentifier
	}
	if j.cmd != cmd && cid == saltCronNoIdentifier && identifier == saltCronNoIdentifier {
		return false
	}
	if j.cmd == cmd && cid == saltCronNoIdentifier {
		cid = identifier
	}
	return cid == identifier
}

// needsChange is Salt's: a wanted value of nil never asks for a change.
func needsChange(old string, want *string) bool {
	return want != nil && old != *want
}

func strPtr(s string) *string { return &s }

// wantedJob is the job a cron.present call describes.
func wantedJob(c Call) (cronJob, string) {
	name := strings.TrimSpace(c.Name)
	identifier := name
	if v, ok := c.Args["identifier"]; ok && v != nil && v != false {
		identifier = fmt.Sprint(v)
	}
	j := cronJob{cmd: name, identifier: &identifier, commented: boolArg(c.Args, "commented", false)}
	if v, ok := c.Args["comment"]; ok && v != nil {
		j.comment = strPtr(fmt.Sprint(v))
	}
	field := func(key string) string {
		if v := str(c.Args, key); v != "" {
			return strings.ToLower(v)
		}
		return "*"
	}
	j.minute, j.hour, j.daymonth, j.month, j.dayweek = field("minute"), field("hour"), field("daymonth"), field("month"), field("dayweek")
	if s := str(c.Args, "special"); s != "" {
		j.spec = s
	}
	return j, identifier
}

// differs reports whether the found job must change to be the wanted one.
func (j *cronJob) differs(want cronJob) bool {
	tests := [][2]*string{{j.comment, want.comment}, {strPtr(j.id()), want.identifier}, {strPtr(j.cmd), &want.cmd}}
	if want.spec == "" {
		tests = append(tests, [2]*string{strPtr(j.minute), &want.minute}, [2]*string{strPtr(j.hour), &want.hour},
			[2]*string{strPtr(j.daymonth), &want.daymonth}, [2]*string{strPtr(j.month), &want.month}, [2]*string{strPtr(j.dayweek), &want.dayweek})
	} else {
		tests = append(tests, [2]*string{strPtr(j.spec), &want.spec})
	}
	for _, t := range tests {
		old := ""
		if t[0] != nil {
			old = *t[0]
		}
		if needsChange(old, t[1]) {
			return true
		}
	}
	return j.commented != want.commented
}

func cronPresent(ctx context.Context, env *Env, c Call) Return {
	userName := cronUser(c)
	want, identifier := wantedJob(c)
	name := want.cmd
	t := readCronTab(ctx, env, userName)
	crons, specials := t.jobs()
	list := &crons
	if want.spec != "" {
		list = &specials
	}
	status, at := "absent", -1
	for i, j := range *list {
		if j.matches(want.cmd, identifier) {
			status, at = "present", i
			if j.differs(want) {
				status = "update"
			}
			break
		}
	}
	e := cronEntry{kind: "Cron", name: name, user: userName}
	if r, done := e.present(status, c.Test); done {
		return r
	}
	if at >= 0 {
		old := (*list)[at]
		if want.comment == nil {
			want.comment = old.comment
		}
		*list = append((*list)[:at], (*list)[at+1:]...)
	}
	*list = append(*list, &want)
	t.setJobs(crons, specials)
	return e.add(ctx, env, &t, status)
}

func cronAbsent(ctx context.Context, env *Env, c Call) Return {
	userName := cronUser(c)
	name := strings.TrimSpace(c.Name)
	identifier := name
	if v, ok := c.Args["identifier"]; ok && v != nil && v != false {
		identifier = fmt.Sprint(v)
	}
	t := readCronTab(ctx, env, userName)
	crons, specials := t.jobs()
	list := &crons
	if str(c.Args, "special") != "" {
		list = &specials
	}
	at := -1
	for i, j := range *list {
		if j.matches(name, identifier) {
			at = i
			break
		}
	}
	e := cronEntry{kind: "Cron", name: name, user: userName}
	if r, done := e.absent(at >= 0, c.Test); done {
		return r
	}
	*list = append((*list)[:at], (*list)[at+1:]...)
	t.setJobs(crons, specials)
	return e.remove(ctx, env, &t)
}
