// Package trace turns Puppet-style apply output (--evaltrace --verbose
// --color=false) into a normalized trace, one event a line, so that runs of
// ordo and of Puppet can be compared. It is the Go twin of the oracle's
// normalize.py, and must stay line-for-line equivalent to it.
package trace

import (
	"regexp"
	"strings"
)

var (
	skipTypes = map[string]bool{"Stage": true, "Class": true, "Schedule": true, "Filebucket": true,
		"Settings": true, "Whit": true, "Admissible_class": true, "Completed_class": true}
	builtin = map[string]bool{"Notify": true, "File": true, "Exec": true, "Package": true, "Service": true,
		"User": true, "Group": true, "Host": true, "Cron": true, "Mount": true, "Tidy": true,
		"Sshkey": true, "Ssh_authorized_key": true, "Resources": true}
	lineRE      = regexp.MustCompile(`^(Notice|Info|Warning|Error|Debug): (/.*?\]|[A-Z][\w:]*\[.*?\])(?:/([a-z_]+))?: (.*)$`)
	refRE       = regexp.MustCompile(`^([A-Z][\w:]*)\[(.*)\]$`)
	segRE       = regexp.MustCompile(`/[A-Z][\w:]*\[`)
	ansiRE      = regexp.MustCompile(`\x1b\[[0-9;]*m`)
	triggeredRE = regexp.MustCompile(`^Triggered '(\w+)' from \d+ events?`)
	wouldRE     = regexp.MustCompile(`^Would have triggered '(\w+)' from \d+ events?`)
	fromRE      = regexp.MustCompile(` from (\d+) events?`)
	onNodeRE    = regexp.MustCompile(` on node \S+`)
	fileLineRE  = regexp.MustCompile(`\s*\((file|line): [^)]*\)`)
	prefixRE    = regexp.MustCompile(`^(Evaluation Error|Could not parse for environment \w+): `)
	whileRE     = regexp.MustCompile(`^Error while evaluating a [^,]*, `)
)

// lastRef returns the last reference of a containment path:
// /Stage[main]/Main/File[/a/b] gives File[/a/b].
func lastRef(path string) string {
	starts := segRE.FindAllStringIndex(path, -1)
	var parts []string
	prev := 0
	for _, s := range starts {
		parts = append(parts, path[prev:s[0]])
		prev = s[0] + 1
	}
	parts = append(parts, path[prev:])
	seg := parts[len(parts)-1]
	if seg == "" && len(parts) > 1 {
		seg = parts[len(parts)-2]
	}
	return strings.TrimLeft(seg, "/")
}

func refType(ref string) string {
	m := refRE.FindStringSubmatch(ref)
	if m == nil {
		return ""
	}
	t := strings.SplitN(m[1], "::", 2)[0]
	return strings.ToUpper(t[:1]) + strings.ToLower(t[1:])
}

// Normalize reads a log and returns the trace. root, when not empty, is
// the sandbox folder, replaced by @ROOT@.
func Normalize(log, root string) string {
	var out []string
	lines := strings.Split(strings.TrimRight(log, "\n"), "\n")
	for i := 0; i < len(lines); {
		raw := lines[i]
		i++
		s := strings.TrimRight(ansiRE.ReplaceAllString(raw, ""), " \t\r")
		if root != "" {
			s = strings.ReplaceAll(s, root, "@ROOT@")
		}
		if s == "" || strings.Contains(s, "Facter") {
			continue
		}
		if strings.HasPrefix(s, "Error: Found") && strings.Contains(s, "dependency cycle") {
			out = append(out, "error "+s[len("Error: "):])
			for i < len(lines) && strings.HasPrefix(lines[i], "(") {
				c := strings.TrimRight(lines[i], " \t\r")
				if root != "" {
					c = strings.ReplaceAll(c, root, "@ROOT@")
				}
				for _, path := range strings.Split(c, `\n`) {
					if strings.HasPrefix(path, "(") {
						out = append(out, "cycle "+path)
					}
				}
				i++
			}
			continue
		}
		if m := lineRE.FindStringSubmatch(s); m != nil {
			level, path, prop, msg := m[1], m[2], m[3], m[4]
			ref := lastRef(path)
			if skipTypes[refType(ref)] {
				continue
			}
			switch {
			case strings.HasPrefix(msg, "Starting to evaluate the resource"):
				if builtin[refType(ref)] {
					out = append(out, "eval "+ref)
				}
			case strings.HasPrefix(msg, "Evaluated in"):
			case triggeredRE.MatchString(msg):
				after := strings.SplitN(msg, "Triggered ", 2)[1]
				out = append(out, "refresh "+ref+" "+fromRE.ReplaceAllString(after, " $1"))
			case wouldRE.MatchString(msg):
				out = append(out, "noop-refresh "+ref)
			case strings.HasPrefix(msg, "Scheduling refresh of"):
				out = append(out, "schedule-refresh "+ref+" -> "+msg[len("Scheduling refresh of "):])
			case strings.HasPrefix(msg, "Skipping because of failed dependencies"):
				out = append(out, "skip "+ref)
			case strings.HasPrefix(msg, "Dependency ") && strings.HasSuffix(msg, "has failures: true"):
				out = append(out, "depfail "+ref+" <- "+msg[len("Dependency "):len(msg)-len(" has failures: true")])
			case level == "Error":
				if prop != "" {
					out = append(out, "fail "+ref+" "+prop)
				} else {
					out = append(out, "fail "+ref)
				}
			case prop != "" && strings.HasSuffix(msg, "(noop)"):
				out = append(out, "noop-change "+ref+" "+prop)
			case prop != "" && level == "Notice":
				out = append(out, "change "+ref+" "+prop)
			}
			continue
		}
		if body, ok := strings.CutPrefix(s, "Notice: "); ok {
			if strings.HasPrefix(body, "Compiled catalog") || strings.HasPrefix(body, "Applied catalog") ||
				strings.HasPrefix(body, "Finished catalog run") || strings.HasPrefix(body, "Would have triggered") ||
				strings.HasPrefix(body, "Class[") {
				continue
			}
			out = append(out, "say "+body)
			continue
		}
		if body, ok := strings.CutPrefix(s, "Error: "); ok {
			body = onNodeRE.ReplaceAllString(body, "")
			body = fileLineRE.ReplaceAllString(body, "")
			body = prefixRE.ReplaceAllString(body, "")
			body = whileRE.ReplaceAllString(body, "")
			out = append(out, "error "+strings.TrimSpace(body))
		}
	}
	return strings.Join(out, "\n")
}

// tempNameRE matches the temporary file names Puppet gives new content
// (<name><YYYYMMDD>-<pid>-<random>), which a validate_cmd's messages show.
var tempNameRE = regexp.MustCompile(`(/[^/\s']+?)\d{8}-\d+-[0-9a-z]+`)

// MaskTempNames hides the date, process and random parts of temporary file
// names, which differ from run to run.
func MaskTempNames(s string) string {
	return tempNameRE.ReplaceAllString(s, "${1}YYYYMMDD-PID-RANDOM")
}
