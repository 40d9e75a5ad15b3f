package augeas

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	udiff "github.com/aymanbagabas/go-udiff"

	"github.com/ordoproject/ordo/internal/lazyre"
	"github.com/ordoproject/ordo/internal/resource"
	"github.com/ordoproject/ordo/internal/resource/rubyregexp"
)

// changeStep is one change of a session: the augtool command that makes
// it, and what to check of its outcome.
type changeStep struct {
	cmd   command
	debug string // the provider's "sending command" line
	query int    // touch: the match that tests the path first, or -1
	idx   int    // the command's index in the session
	// mayFail is false for the changes whose failure augeas_core does not
	// notice (set, clearm, rename: ruby-augeas gives them no -1 or false).
	mayFail bool
}

// inspectArgs renders arguments as Ruby's Array#inspect.
func inspectArgs(args []string) string {
	v := make([]any, len(args))
	for i, a := range args {
		v[i] = a
	}
	return resource.Inspect(v)
}

func sendError(c command) error {
	p := inspectArgs(c.args)
	return fmt.Errorf("Error sending command '%s' with params %s/Error sending command '%s' with params %s", c.name, p, c.name, p)
}

// addChanges adds the changes to s, up to the first that cannot be sent
// at all (an unknown where, a command that is not a change): stop is
// that one's error.
func addChanges(s *session, cmds []command) (steps []changeStep, stop error, err error) {
	for _, c := range cmds {
		st := changeStep{cmd: c, query: -1, mayFail: true}
		q := make([]string, len(c.args))
		quote := func(i int, path bool) {
			if err != nil {
				return
			}
			if path {
				q[i], err = quotePath(c.args[i])
			} else {
				q[i], err = quoteString(c.args[i])
			}
		}
		st.debug = fmt.Sprintf("sending command '%s' with params %s", c.name, inspectArgs(c.args))
		switch c.name {
		case "set":
			quote(0, true)
			quote(1, false)
			st.mayFail = false
			if err == nil {
				st.idx = s.add("set %s %s", q[0], q[1])
			}
		case "setm":
			quote(0, true)
			quote(1, true)
			quote(2, false)
			if err == nil {
				st.idx = s.add("setm %s %s %s", q[0], q[1], q[2])
			}
		case "rm", "remove", "clear", "touch":
			quote(0, true)
			if err != nil {
				break
			}
			verb := c.name
			if verb == "remove" {
				verb = "rm"
			}
			if verb == "touch" {
				st.debug = fmt.Sprintf("sending command 'touch' (match, set) with params %s", inspectArgs(c.args))
				st.query = s.add("match %s", q[0])
			}
			st.idx = s.add("%s %s", verb, q[0])
		case "clearm":
			quote(0, true)
			quote(1, true)
			st.mayFail = false
			if err == nil {
				st.idx = s.add("clearm %s %s", q[0], q[1])
			}
		case "ins", "insert":
			if c.args[1] != "before" && c.args[1] != "after" {
				return steps, fmt.Errorf("Error sending command '%s' with params %s/Invalid value '%s' for where param", c.name, inspectArgs(c.args), c.args[1]), nil
			}
			quote(0, false)
			quote(2, true)
			if err == nil {
				st.idx = s.add("ins %s %s %s", q[0], c.args[1], q[2])
			}
		case "mv", "move":
			quote(0, true)
			quote(1, true)
			if err == nil {
				st.idx = s.add("mv %s %s", q[0], q[1])
			}
		case "rename":
			quote(0, true)
			quote(1, false)
			st.mayFail = false
			if err == nil {
				st.idx = s.add("rename %s %s", q[0], q[1])
			}
		case "defvar":
			quote(0, false)
			quote(1, true)
			if err == nil {
				st.idx = s.add("defvar %s %s", q[0], q[1])
			}
		case "defnode":
			quote(0, false)
			quote(1, true)
			quote(2, false)
			if err == nil {
				st.idx = s.add("defnode %s %s %s", q[0], q[1], q[2])
			}
		default:
			return steps, fmt.Errorf("Error sending command '%s' with params %s/Command '%s' is not supported", c.name, inspectArgs(c.args), c.name), nil
		}
		if err != nil {
			return nil, nil, err
		}
		steps = append(steps, st)
	}
	return steps, nil, nil
}

// checkChanges logs the changes sent, as the provider does, and returns
// the error of the first that failed (or stop, when all went through).
func checkChanges(h *resource.Handle, i *instance, steps []changeStep, res *result, stop error) error {
	for _, st := range steps {
		i.debug(h, "%s", st.debug)
		if st.query >= 0 && res.failed(st.query) {
			return fmt.Errorf("Error sending command '%s' with params %s/unknown error - Matching path expression '%s' failed", st.cmd.name, inspectArgs(st.cmd.args), st.cmd.args[0])
		}
		if st.mayFail && res.failed(st.idx) {
			return sendError(st.cmd)
		}
	}
	return stop
}

// dryRun is the part of a session that makes the changes saving into
// .augnew files.
type dryRun struct {
	steps           []changeStep
	stop            error
	save, saved     int
	putErrs, putSub int
}

// addDryRun adds the changes, saved into new files, to s.
func (i *instance) addDryRun(h *resource.Handle, s *session) (*dryRun, error) {
	i.debug(h, "Will attempt to save and only run if files changed")
	cmds, err := i.commands()
	if err != nil {
		return nil, err
	}
	s.add("set /augeas/save newfile")
	d := &dryRun{save: -1, saved: -1}
	if d.steps, d.stop, err = addChanges(s, cmds); err != nil {
		return nil, err
	}
	if d.stop == nil {
		d.save = s.add("save")
		d.saved = s.add("match /augeas/events/saved")
		d.putErrs = s.add("match \"/augeas//error[. = 'put_failed']\"")
		d.putSub = s.add("match \"/augeas//error[. = 'put_failed']/*\"")
	}
	return d, nil
}

// finish reads the dry run's outcome: whether a file would change. The
// .augnew files are shown as a diff (show) and removed.
func (d *dryRun) finish(h *resource.Handle, i *instance, res *result, show bool) (bool, error) {
	var files []string
	if d.saved >= 0 {
		root := i.root
		if root == "/" {
			root = ""
		}
		seen := map[string]bool{}
		for _, m := range parseMatch(res.out[d.saved]) {
			if m.value == nil {
				continue
			}
			f := root + strings.TrimPrefix(*m.value, "/files")
			if !seen[f] {
				seen[f] = true
				files = append(files, f)
			}
		}
	}
	err := checkChanges(h, i, d.steps, res, d.stop)
	if err == nil && d.save >= 0 && res.failed(d.save) {
		i.putErrors(h, res, d.putErrs, d.putSub)
		err = errors.New("Save failed, see debug output for details")
	}
	for _, f := range files {
		if err == nil && show && h != nil && h.ShowDiff && i.showDiff {
			i.logDiff(h, f)
		}
		os.Remove(f + ".augnew")
	}
	if err != nil {
		return false, err
	}
	if len(files) > 0 {
		i.debug(h, "Files changed, should execute")
		return true, nil
	}
	i.debug(h, "Skipping because no files were changed")
	return false, nil
}

const diffTime = "2006-01-02 15:04:05.000000000 -0700"

// logDiff logs, at the resource's level, the file's changes as diff -u
// shows them between it and its .augnew file.
func (i *instance) logDiff(h *resource.Handle, file string) {
	if h.Log == nil {
		return
	}
	newFile := file + ".augnew"
	header := func(p string) (string, string) {
		st, err := os.Stat(p)
		if err != nil {
			return p, ""
		}
		data, _ := os.ReadFile(p)
		return p + "\t" + st.ModTime().Format(diffTime), string(data)
	}
	oldName, oldText := header(file)
	newName, newText := header(newFile)
	d := ""
	if _, err := os.Stat(file); err == nil {
		d = strings.TrimSuffix(udiff.Unified(oldName, newName, oldText, newText), "\n")
	}
	h.Log.Log(h.Level, i.providerSource(), "\n"+d)
}

// evalCondition tests onlyif's first command against what the session
// read for it, as the provider's process_get, process_match and
// process_values do.
func evalCondition(c command, res *result, query int) (bool, error) {
	switch c.name {
	case "get":
		v := parseGet(c.args[0], res.out[query])
		if res.failed(query) {
			v = ""
		}
		ok, err := compareGet(v, c.args[1], c.args[2])
		if err != nil {
			return false, fmt.Errorf("Error sending command 'get' with params []/%v", err)
		}
		return ok, nil
	case "match", "values":
		ok, err := evalMatch(c, res, query)
		if err != nil {
			return false, fmt.Errorf("Error sending command '%s' with params nil/%v", c.name, err)
		}
		return ok, nil
	}
	// Another command as onlyif tests nothing.
	return true, nil
}

var numeric = lazyre.New(`^[+-]?\d+?(\.\d+)?\n?$`)

func compareGet(v, op, arg string) (bool, error) {
	switch op {
	case "<", "<=", ">=", ">":
		if numeric.MatchString(v) && numeric.MatchString(arg) {
			a, _ := strconv.ParseFloat(strings.TrimSpace(v), 64)
			b, _ := strconv.ParseFloat(strings.TrimSpace(arg), 64)
			return cmpOrdered(a, b, op), nil
		}
		return cmpOrdered(v, arg, op), nil
	case "!=":
		return v != arg, nil
	case "=~":
		re, err := rubyregexp.Compile(arg)
		if err != nil {
			return false, err
		}
		return re.MatchString(v), nil
	}
	return v == arg, nil
}

func cmpOrdered[T int | float64 | string](a, b T, op string) bool {
	switch op {
	case "<":
		return a < b
	case "<=":
		return a <= b
	case ">":
		return a > b
	case ">=":
		return a >= b
	case "==":
		return a == b
	case "!=":
		return a != b
	}
	return false
}

func evalMatch(c command, res *result, query int) (bool, error) {
	clauses, err := parseCommands([]string{c.args[1]}, "")
	if err != nil {
		return false, err
	}
	if len(clauses) == 0 {
		return false, fmt.Errorf("%s needs a test after the path: size, include, not_include, == or !=", c.name)
	}
	clause := clauses[0]
	if res.failed(query) {
		return false, fmt.Errorf("unknown error - Matching path expression '%s' failed", c.args[0])
	}
	matches := parseMatch(res.out[query])
	var got []*string
	for _, m := range matches {
		if c.name == "values" {
			got = append(got, m.value)
		} else {
			p := m.path
			got = append(got, &p)
		}
	}
	has := func(s string) bool {
		for _, g := range got {
			if g != nil && *g == s {
				return true
			}
		}
		return false
	}
	equal := func() (bool, error) {
		want, err := parseArray(clause.args[0])
		if err != nil {
			return false, errors.New("Invalid array in command: ")
		}
		if len(want) != len(got) {
			return false, nil
		}
		for k := range want {
			if got[k] == nil || *got[k] != want[k] {
				return false, nil
			}
		}
		return true, nil
	}
	switch clause.name {
	case "size":
		if c.name == "values" {
			return false, nil
		}
		n, err := strconv.Atoi(clause.args[1])
		if err != nil {
			n = int(^uint(0) >> 1)
		}
		if clause.args[0] == "=~" {
			return false, nil
		}
		return cmpOrdered(len(got), n, clause.args[0]), nil
	case "include":
		return has(clause.args[0]), nil
	case "not_include":
		return !has(clause.args[0]), nil
	case "==":
		return equal()
	case "!=":
		eq, err := equal()
		return !eq, err
	}
	return false, nil
}
