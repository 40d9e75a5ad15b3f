// Package cron implements the cron type of puppetlabs-cron_core with its
// crontab provider: each user's crontab is read once per run with
// crontab -l, entries Puppet wrote ("# Puppet Name: NAME" above them)
// are taken by name, an unnamed entry with the same command and times is
// adopted as it is, and the crontab is written back whole through
// crontab after each change, every other line kept.
package cron

import (
	"context"
	"fmt"
	"os/user"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ordoproject/ordo/internal/catalog"
	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/syscmd"
)

// Type is the cron resource type.
type Type struct{}

// timeFields are the five schedule fields, in crontab order.
var timeFields = []string{"minute", "hour", "monthday", "month", "weekday"}

var (
	weekdays = []string{"sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"}
	months   = []string{"___placeholder", "january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"}
	specials = []string{"reboot", "yearly", "annually", "monthly", "weekly", "daily", "midnight", "hourly", "absent"}
	envLine  = lazyre.New(`^\s*(\w+)\s*=\s*(.*)\s*$`)
)

func timeAttr(name string, lower, upper int, alpha []string, doc string) resource.Attr {
	return resource.Attr{Name: name, Kind: resource.KindProperty, Arrays: resource.EachAll, Doc: doc,
		Check: resource.CheckFunc(fmt.Sprintf("%d to %d, */N, N-M, N-M/S, * or absent", lower, upper), func(v catalog.Value) (catalog.Value, error) {
			return mungeTime(name, lower, upper, alpha, v)
		})}
}

var schema = resource.NewSchema(resource.Schema{
	Name: "cron",
	Doc:  "Cron jobs in users' crontabs (puppetlabs-cron_core).",
	Attrs: []resource.Attr{
		{Name: "ensure", Kind: resource.KindProperty, Default: "present", Doc: "Whether the job exists.", Check: resource.Enum("present", "absent")},
		{Name: "command", Kind: resource.KindProperty, Doc: "The command to run.", Check: resource.CheckFunc("a command", func(v catalog.Value) (catalog.Value, error) {
			return strings.TrimSpace(catalog.Scalar(v)), nil
		})},
		{Name: "special", Kind: resource.KindProperty, Doc: "A special schedule (daily, reboot, ...) instead of the time fields.", Check: resource.CheckFunc(strings.Join(specials, ", "), checkSpecial)},
		timeAttr("minute", 0, 59, nil, "The minutes: 0 to 59."),
		timeAttr("hour", 0, 23, nil, "The hours: 0 to 23."),
		timeAttr("weekday", 0, 7, weekdays, "The weekdays: 0 to 7 (0 and 7 are Sunday) or names."),
		timeAttr("month", 1, 12, months, "The months: 1 to 12 or names."),
		timeAttr("monthday", 1, 31, nil, "The days of the month: 1 to 31."),
		{Name: "environment", Kind: resource.KindProperty, Arrays: resource.EachAll, Doc: "NAME=value settings written above the job.", Check: resource.CheckFunc("NAME=value", checkEnvironment)},
		{Name: "name", Namevar: true, Doc: "The job's name, kept in the '# Puppet Name:' comment above it."},
		{Name: "user", Kind: resource.KindProperty, Doc: "The user whose crontab holds the job; ordo's user by default."},
		{Name: "target", Kind: resource.KindProperty, Doc: "The crontab (a user name); user's by default."},
	},
	Validate: func(v resource.Values) error {
		// A special schedule stands for all the time fields.
		if sp := v.String("special"); sp == "" || sp == "absent" {
			return nil
		}
		for _, name := range []string{"minute", "hour", "weekday", "monthday", "month"} {
			if x, ok := v.Lookup(name); ok && x != nil && catalog.Scalar(x) != "absent" {
				return fmt.Errorf("%s cannot specify both a special schedule and a value for %s", v.Ref(), name)
			}
		}
		return nil
	},
	Providers: []resource.Provider{{Name: "crontab", Default: true, Doc: "crontab -l and crontab -.",
		Confine: resource.Confine{Commands: []string{"crontab"}}, Prefetch: prefetch, Instances: instances}},
})

func mungeTime(name string, lower, upper int, alpha []string, v catalog.Value) (catalog.Value, error) {
	if list, ok := v.([]catalog.Value); ok {
		out := make([]catalog.Value, len(list))
		for i, e := range list {
			m, err := mungeTime(name, lower, upper, alpha, e)
			if err != nil {
				return nil, err
			}
			out[i] = m
		}
		return out, nil
	}
	s := catalog.Scalar(v)
	switch {
	case s == "absent" || s == "*":
		return "absent", nil
	case regexp.MustCompile(`^(\*/[0-9]+|[0-9]+-[0-9]+|[0-9]+-[0-9]+/[0-9]+)$`).MatchString(s):
		return s, nil
	}
	if n, err := strconv.Atoi(s); err == nil && strings.Trim(s, "0123456789") == "" {
		if n >= lower && n <= upper {
			return strconv.Itoa(n), nil
		}
	} else if alpha != nil {
		low := strings.ToLower(s)
		for i, a := range alpha {
			if (len(low) == 3 && strings.HasPrefix(a, low)) || low == a {
				return strconv.Itoa(i), nil
			}
		}
	}
	return nil, &resource.MungeError{Msg: fmt.Sprintf("%s is not a valid %s", s, name)}
}

func checkSpecial(v catalog.Value) (catalog.Value, error) {
	s := catalog.Scalar(v)
	for _, sp := range specials {
		if s == sp {
			return s, nil
		}
	}
	return nil, fmt.Errorf("Invalid special schedule %s", resource.Inspect(v))
}

func checkEnvironment(v catalog.Value) (catalog.Value, error) {
	if list, ok := v.([]catalog.Value); ok {
		for _, e := range list {
			if _, err := checkEnvironment(e); err != nil {
				return nil, err
			}
		}
		return v, nil
	}
	s := catalog.Scalar(v)
	if s != "absent" && !envLine.MatchString(s) {
		return nil, fmt.Errorf("Invalid environment setting %s", resource.Inspect(v))
	}
	return v, nil
}

// Schema returns cron's schema.
func (Type) Schema() *resource.Schema { return schema }

// currentUser is the user ordo runs as: the default crontab.
func currentUser() string {
	if u, err := user.Current(); err == nil {
		return u.Username
	}
	return "root"
}

// New returns the instance that manages the job v describes.
func (Type) New(v resource.Values) (resource.Instance, error) {
	j := &instance{name: v.String("name"), present: v.String("ensure") == "present", fields: map[string][]string{}}
	j.user = v.String("user")
	if j.user == "" {
		j.user = currentUser()
	}
	j.target = v.String("target")
	if j.target == "" {
		j.target = j.user
	}
	if v.Has("command") {
		c := v.String("command")
		j.command = &c
	}
	if v.Has("special") {
		j.special = v.String("special")
	}
	for _, f := range timeFields {
		if v.Has(f) {
			j.fields[f] = v.Strings(f)
		}
	}
	if v.Has("environment") {
		j.env = v.Strings("environment")
		if j.env == nil {
			j.env = []string{}
		}
	}
	return j, nil
}

// run is what the cron resources of one run share: the crontabs read,
// each once, as Puppet's crontab provider keeps its records for the run.
type run struct {
	mu      sync.Mutex
	tabs    map[string]*crontab
	unnamed int // numbers the names of unmanaged entries
}

// prefetch starts the run's crontabs; the default one (the user ordo runs
// as) is read first, as Puppet reads it first.
func prefetch(ctx context.Context, h *resource.Handle) (any, error) {
	if h.Log != nil {
		h.Log.Log(resource.Debug, "", "Prefetching crontab resources for cron")
	}
	r := &run{tabs: map[string]*crontab{}}
	if _, err := r.tab(ctx, h, currentUser()); err != nil {
		return nil, err
	}
	return r, nil
}

func (r *run) tab(ctx context.Context, h *resource.Handle, target string) (*crontab, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if t, ok := r.tabs[target]; ok {
		return t, nil
	}
	t := &crontab{user: target}
	if err := t.read(ctx, h, &r.unnamed); err != nil {
		return nil, err
	}
	r.tabs[target] = t
	return t, nil
}

// crontab is one user's crontab, its lines parsed.
type crontab struct {
	user    string
	records []*record
}

// record is one line, or a job with the lines that belong to it.
type record struct {
	text      string // a line that is not a job
	job       bool
	name      string
	unmanaged bool
	env       []string
	special   string            // "" when the time fields apply
	fields    map[string]string // minute ... weekday, "absent" for *
	command   string
	absent    bool
}

// cmdbase is how Puppet calls crontab for a user: plain for the user it
// runs as, with -u for another.
func cmdbase(u string) []string {
	if u == currentUser() {
		return []string{"crontab"}
	}
	return []string{"crontab", "-u", u}
}

var (
	jobLine     = lazyre.New(`^\s*(@\w+|\S+\s+\S+\s+\S+\s+\S+\s+\S+)\s+(.+)$`)
	puppetName  = lazyre.New(`Puppet Name: (.+)\s*$`)
	envStart    = lazyre.New(`^\s*\w+\s*=`)
	vixieHeader = lazyre.New(`(?s)# DO NOT EDIT THIS FILE.*?Cron version.*?vixie.*?\n`)
)

func (t *crontab) read(ctx context.Context, h *resource.Handle, unnamed *int) error {
	if _, err := user.Lookup(t.user); err != nil {
		h.Log.Log(resource.Debug, "", fmt.Sprintf("The %s user does not exist. Treating their crontab file as empty in case Puppet creates them in the middle of the run.", t.user))
		return nil
	}
	argv := append(cmdbase(t.user), "-l")
	out, err := syscmd.Exec(ctx, h, argv, syscmd.Options{})
	if err != nil {
		if !strings.Contains(out, "no crontab for") {
			return fmt.Errorf("Could not read crontab for %s: %w", t.user, err)
		}
		out = ""
	}
	out = vixieHeader.ReplaceAllString(out, "")
	var lines []string
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if !strings.HasPrefix(l, "# HEADER") {
			lines = append(lines, l)
		}
	}
	if out == "" {
		lines = nil
	}
	name, env := "", []string(nil)
	pending := []string{} // the name comment and environment lines, until their job
	for _, l := range lines {
		m := jobLine.FindStringSubmatch(l)
		switch {
		case strings.HasPrefix(strings.TrimSpace(l), "#"):
			if n := puppetName.FindStringSubmatch(l); n != nil {
				name, env, pending = strings.TrimSpace(n[1]), []string{}, []string{l}
				continue
			}
			t.records = append(t.records, &record{text: l})
		case strings.TrimSpace(l) == "":
			t.records = append(t.records, &record{text: l})
		case envStart.MatchString(l):
			if env != nil {
				env = append(env, l)
				pending = append(pending, l)
				continue
			}
			t.records = append(t.records, &record{text: l})
		case m != nil:
			r := &record{job: true, command: m[2], fields: map[string]string{}, env: env}
			if strings.HasPrefix(m[1], "@") {
				r.special = m[1][1:]
			} else {
				for i, f := range strings.Fields(m[1]) {
					if f == "*" {
						f = "absent"
					}
					r.fields[timeFields[i]] = f
				}
			}
			if name != "" {
				r.name = name
			} else {
				*unnamed++
				r.name = fmt.Sprintf("unmanaged:%s-%d", regexp.MustCompile(`\s+`).ReplaceAllString(r.command, "_"), *unnamed)
				r.unmanaged, r.env = true, []string{}
			}
			if r.env == nil {
				r.env = []string{}
			}
			t.records = append(t.records, r)
			name, env, pending = "", nil, []string{}
		default:
			t.records = append(t.records, &record{text: l})
		}
	}
	for _, l := range pending { // a name comment with no job after it
		t.records = append(t.records, &record{text: l})
	}
	return nil
}

// header is what Puppet's crontab provider writes atop every crontab.
func header(now time.Time) string {
	return "# HEADER: This file was autogenerated at " + now.Format("2006-01-02 15:04:05 -0700") + " by puppet.\n" +
		"# HEADER: While it can still be managed manually, it is definitely not recommended.\n" +
		"# HEADER: Note particularly that the comments starting with 'Puppet Name' should\n" +
		"# HEADER: not be deleted, as doing so could cause duplicate cron jobs.\n"
}

func (r *record) line() string {
	var b strings.Builder
	if !r.unmanaged {
		b.WriteString("# Puppet Name: " + r.name + "\n")
	}
	for _, e := range r.env {
		b.WriteString(e + "\n")
	}
	if r.special != "" && r.special != "absent" {
		b.WriteString("@" + r.special + " " + r.command)
		return b.String()
	}
	for _, f := range timeFields {
		v := r.fields[f]
		if v == "" || v == "absent" {
			v = "*"
		}
		b.WriteString(v + " ")
	}
	b.WriteString(r.command)
	return b.String()
}

// write gives the crontab to crontab whole, a TZ= line first.
func (t *crontab) write(ctx context.Context, h *resource.Handle) error {
	if _, err := user.Lookup(t.user); err != nil {
		return fmt.Errorf("Cannot write the %s user's crontab: The user does not exist", t.user)
	}
	var lines []string
	for _, r := range t.records {
		switch {
		case r.absent:
		case r.job:
			lines = append(lines, r.line())
		default:
			lines = append(lines, r.text)
		}
	}
	// Puppet's parsed file ends the text with a newline, also when it
	// holds no line at all (testdata/malformed/cron-no-command).
	text := strings.Join(lines, "\n") + "\n"
	if m := regexp.MustCompile(`(?m)^TZ=.+\n`).FindString(text); m != "" {
		text = m + strings.Replace(text, m, "", 1)
	}
	res, err := h.Runner.Run(ctx, resource.Command{Argv: append(cmdbase(t.user), "-"), Stdin: []byte(header(time.Now()) + text)})
	if err != nil {
		return err
	}
	if res.ExitCode != 0 {
		return fmt.Errorf("Could not write crontab for %s: %s", t.user, strings.TrimSpace(string(res.Output)))
	}
	return nil
}

// instance manages one job.
type instance struct {
	h       *resource.Handle // the run's, from Retrieve
	name    string
	present bool
	command *string
	special string
	fields  map[string][]string
	env     []string // nil: not managed
	user    string
	target  string
	run     *run

	// After Retrieve.
	tab *crontab
	rec *record
}

// Prefetched takes the run's shared crontabs.
func (j *instance) Prefetched(data any) {
	if r, ok := data.(*run); ok {
		j.run = r
	}
}

// ExclusiveKey makes the jobs of one crontab apply one at a time under
// --jobs: they share its records, and each writes it whole.
func (j *instance) ExclusiveKey() string { return "cron:" + j.target }

// Retrieve finds the job in its crontab: by name, else an unmanaged entry
// with the same command and times.
func (j *instance) Retrieve(ctx context.Context, h *resource.Handle) error {
	j.h = h
	if j.run == nil {
		j.run = &run{tabs: map[string]*crontab{}}
	}
	t, err := j.run.tab(ctx, h, j.target)
	if err != nil {
		return err
	}
	j.tab, j.rec = t, nil
	for _, r := range t.records {
		if r.job && !r.absent && !r.unmanaged && r.name == j.name {
			j.rec = r
			return nil
		}
	}
	for _, r := range t.records {
		if r.job && !r.absent && r.unmanaged && j.matches(r) {
			j.rec = r
			return nil
		}
	}
	return nil
}

// matches is Puppet's match of an unmanaged entry: the same command, and
// every time field the resource sets the same.
func (j *instance) matches(r *record) bool {
	if j.command == nil || r.command != *j.command {
		return false
	}
	for f, want := range j.fields {
		have := r.fields[f]
		if strings.Join(want, ",") != have {
			return false
		}
	}
	if j.special != "" && j.special != r.special {
		return false
	}
	return true
}

// Exists reports whether the job is in the crontab.
func (j *instance) Exists() bool { return j.rec != nil }

// Properties lists ensure, then the managed fields in the type's order.
func (j *instance) Properties() []resource.Property {
	props := []resource.Property{j.ensure()}
	if j.rec == nil {
		return props
	}
	if j.command != nil {
		props = append(props, &resource.StringProperty{PropName: "command", Cur: j.rec.command, Want: *j.command, Set: func() { j.rec.command = *j.command }})
	}
	if j.special != "" {
		props = append(props, &resource.StringProperty{PropName: "special", Cur: orAbsent(j.rec.special), Want: j.special, Set: func() { j.rec.special = j.special }})
	}
	for _, f := range []string{"minute", "hour", "weekday", "month", "monthday"} {
		want, ok := j.fields[f]
		if !ok {
			continue
		}
		cur := orAbsent(j.rec.fields[f])
		props = append(props, &listProp{name: f, cur: splitField(cur), want: want, set: func() { j.rec.fields[f] = strings.Join(want, ",") }})
	}
	if j.env != nil {
		props = append(props, &envProp{cur: j.rec.env, want: j.env, set: func() { j.rec.env = j.env }})
	}
	return props
}

func orAbsent(s string) string {
	if s == "" {
		return "absent"
	}
	return s
}

func splitField(s string) []string {
	if s == "absent" {
		return []string{"absent"}
	}
	return strings.Split(s, ",")
}

// Flush writes the crontab after the job changed.
func (j *instance) Flush(ctx context.Context, h *resource.Handle) error {
	return j.tab.write(ctx, h)
}

// ensure is the job's ensure property.
func (j *instance) ensure() *resource.Presence {
	return &resource.Presence{
		Type:   "cron",
		Want:   j.present,
		Exists: j.Exists,
		Create: j.create,
		Remove: j.remove,
	}
}

// remove marks the entry removed: Flush writes the file without it.
func (j *instance) remove(context.Context, *resource.Handle) error {
	j.rec.absent = true
	return nil
}

// create adds the job at the end of the crontab.
func (j *instance) create(context.Context, *resource.Handle) error {
	if j.command == nil {
		// cron_core logs this and goes on: the job counts as created,
		// and the crontab is written without it.
		if j.h != nil && j.h.Log != nil {
			j.h.Log.Log(resource.Err, j.h.Path, "no command specified, cannot create")
		}
		return nil
	}
	r := &record{job: true, name: j.name, command: *j.command, special: j.special, fields: map[string]string{}, env: j.env}
	for f, v := range j.fields {
		r.fields[f] = strings.Join(v, ",")
	}
	j.tab.records = append(j.tab.records, r)
	return nil
}

// listProp is a time field: lists compared joined, shown as lists.
type listProp struct {
	name      string
	cur, want []string
	set       func()
}

func list(v []string) catalog.Value {
	out := make([]catalog.Value, len(v))
	for i, s := range v {
		out[i] = s
	}
	return out
}

// show renders a field as Puppet's is_to_s does: absent bare, a list of
// values as one.
func show(v []string) string {
	if len(v) == 1 && v[0] == "absent" {
		return "absent"
	}
	return catalog.Format(list(v))
}

func (p *listProp) Name() string           { return p.name }
func (p *listProp) Current() catalog.Value { return list(p.cur) }
func (p *listProp) Desired() catalog.Value { return list(p.want) }
func (p *listProp) InSync() bool           { return strings.Join(p.cur, ",") == strings.Join(p.want, ",") }
func (p *listProp) Event() string          { return p.name + "_changed" }
func (p *listProp) FormatValue(v catalog.Value) string {
	return show(catalog.Strings(v))
}
func (p *listProp) Message() string {
	if len(p.cur) == 1 && p.cur[0] == "absent" {
		return fmt.Sprintf("defined '%s' as %s", p.name, show(p.want))
	}
	return fmt.Sprintf("%s changed %s to %s", p.name, show(p.cur), show(p.want))
}
func (p *listProp) Sync(context.Context, *resource.Handle) error { p.set(); return nil }

// envProp is environment: compared sorted; the wanted value shown joined.
type envProp struct {
	cur, want []string
	set       func()
}

func (p *envProp) Name() string           { return "environment" }
func (p *envProp) Current() catalog.Value { return list(p.cur) }
func (p *envProp) Desired() catalog.Value { return list(p.want) }
func (p *envProp) InSync() bool {
	a, b := append([]string(nil), p.cur...), append([]string(nil), p.want...)
	sortStrings(a)
	sortStrings(b)
	return strings.Join(a, "\n") == strings.Join(b, "\n")
}
func (p *envProp) Event() string { return "environment_changed" }
func (p *envProp) Message() string {
	return fmt.Sprintf("environment changed %s to %s", catalog.Format(list(p.cur)), strings.Join(p.want, ","))
}
func (p *envProp) Sync(context.Context, *resource.Handle) error { p.set(); return nil }

func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for k := i; k > 0 && s[k] < s[k-1]; k-- {
			s[k], s[k-1] = s[k-1], s[k]
		}
	}
}
