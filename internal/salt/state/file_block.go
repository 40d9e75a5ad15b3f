package state

import (
	"context"
	"os"
	"regexp"
	"strings"
)

// rewrite applies edit to the text of file name and reports as Salt's
// line-editing states do: changes with a diff, "Changes were made" or,
// in a dry run, the would comment.
func rewrite(c Call, name string, edit func(old string) (string, *Return), done, would, none string) Return {
	if r, bad := notAbsolute(name); bad {
		return r
	}
	data, err := os.ReadFile(name)
	if err != nil {
		return failed("%s: file not found", name)
	}
	next, fail := edit(string(data))
	if fail != nil {
		return *fail
	}
	if next == string(data) {
		return Return{Result: True, Changes: Changes{}, Comment: none}
	}
	ch := Changes{"diff": diff(string(data), next)}
	if c.Test {
		return Return{Result: None, Changes: ch, Comment: would}
	}
	if err := writeReplacing(name, []byte(next), 0o644); err != nil {
		return failed("%s", err)
	}
	return Return{Result: True, Changes: ch, Comment: done}
}

// blockreplace is file.blockreplace: the lines between marker_start and
// marker_end become content; with append_if_not_found or
// prepend_if_not_found the markers and content are added when missing.
func blockreplace(ctx context.Context, env *Env, c Call) Return {
	start := str(c.Args, "marker_start")
	end := str(c.Args, "marker_end")
	if start == "" {
		start = "#-- start managed zone --"
	}
	if end == "" {
		end = "#-- end managed zone --"
	}
	content := str(c.Args, "content")
	if acc := env.acc.forFile(c.Name); acc != nil {
		for _, l := range acc.blockText(c.ID) {
			if content == "" {
				content = l
			} else {
				content += "\n" + l
			}
		}
	}
	if content != "" && !strings.HasSuffix(content, "\n") {
		content += "\n"
	}
	return rewrite(c, c.Name, func(old string) (string, *Return) {
		lines := strings.SplitAfter(old, "\n")
		var out strings.Builder
		found, inBlock := false, false
		for _, l := range lines {
			trimmed := strings.TrimRight(l, "\n")
			switch {
			case !inBlock && strings.TrimSpace(trimmed) == strings.TrimSpace(start):
				inBlock, found = true, true
				out.WriteString(l)
				out.WriteString(content)
			case inBlock && strings.TrimSpace(trimmed) == strings.TrimSpace(end):
				inBlock = false
				out.WriteString(l)
			case inBlock:
			default:
				out.WriteString(l)
			}
		}
		if inBlock {
			r := failed("Unterminated marked block. End of file reached before marker_end.")
			return "", &r
		}
		if found {
			return out.String(), nil
		}
		block := start + "\n" + content + end + "\n"
		switch {
		case boolArg(c.Args, "append_if_not_found", false):
			text := old
			if text != "" && !strings.HasSuffix(text, "\n") {
				text += "\n"
			}
			return text + block, nil
		case boolArg(c.Args, "prepend_if_not_found", false):
			return block + old, nil
		}
		r := failed("Cannot edit marked block. Markers were not found in file.")
		return "", &r
	}, "Changes were made", "Changes would be made", "No changes needed to be made")
}

// commentLines is file.comment (comment true) and file.uncomment: lines
// matching regex get (or lose) the comment character.
func commentLines(comment bool) Func {
	return func(ctx context.Context, env *Env, c Call) Return {
		char := str(c.Args, "char")
		if char == "" {
			char = "#"
		}
		pattern := str(c.Args, "regex")
		re, err := regexp.Compile(strings.TrimPrefix(pattern, "^"))
		if err != nil {
			return failed("An exception occurred in this state: %s", err)
		}
		anchored := strings.HasPrefix(pattern, "^")
		matches := func(l string) bool {
			if anchored {
				loc := re.FindStringIndex(l)
				return loc != nil && loc[0] == 0
			}
			return re.MatchString(l)
		}
		done, would, none := "Commented lines successfully", "File "+c.Name+" is set to be updated", "Pattern already commented"
		if !comment {
			done, would, none = "Uncommented lines successfully", "File "+c.Name+" is set to be updated", "Pattern already uncommented"
		}
		return rewrite(c, c.Name, func(old string) (string, *Return) {
			lines := strings.SplitAfter(old, "\n")
			hits := 0
			for i, l := range lines {
				body := strings.TrimRight(l, "\n")
				if comment && matches(body) {
					lines[i] = char + l
					hits++
				}
				if !comment && strings.HasPrefix(body, char) && matches(strings.TrimPrefix(body, char)) {
					lines[i] = strings.TrimPrefix(l, char)
					hits++
				}
			}
			if hits == 0 {
				// Nothing to change: already done, or the pattern is not
				// there at all.
				for _, l := range lines {
					body := strings.TrimRight(l, "\n")
					if comment && strings.HasPrefix(body, char) && matches(strings.TrimPrefix(body, char)) {
						return old, nil
					}
					if !comment && matches(body) {
						return old, nil
					}
				}
				r := failed("Pattern not found")
				if !comment {
					r = failed("Pattern not found and not commented")
				}
				if boolArg(c.Args, "ignore_missing", false) {
					r = Return{Result: True, Changes: Changes{}, Comment: "Pattern not found and ignore_missing set to True"}
				}
				return "", &r
			}
			return strings.Join(lines, ""), nil
		}, done, would, none)
	}
}

func addFileBlock(f Functions) {
	f["file.blockreplace"] = blockreplace
	f["file.comment"] = commentLines(true)
	f["file.uncomment"] = commentLines(false)
}
