package ruby

import (
	_ "embed"
	"math"
	"sort"
	"strings"
)

// methodnames.txt lists, one class a line, the public methods of the
// built-in classes as Puppet 7.23's Ruby process has them (recorded with
// an inline template that printed receiver.methods): NoMethodError's
// "Did you mean?" suggestions are drawn from them.
//
//go:embed methodnames.txt
var methodNamesText string

var methodNames = func() map[string][]string {
	m := map[string][]string{}
	for _, line := range strings.Split(methodNamesText, "\n") {
		fields := strings.Fields(line)
		if len(fields) > 1 {
			m[fields[0]] = fields[1:]
		}
	}
	return m
}()

// didYouMean is the suggestion Ruby's did_you_mean gem appends to a
// NoMethodError (a host Object offers its names with a MethodNames
// method): "\nDid you mean?  name" with further names on lines of
// their own, or "" when nothing is close.
func didYouMean(recv Value, name string) string {
	if recv == nil {
		return "" // nil's own methods are never suggested
	}
	dict, ok := methodNames[ClassName(recv)]
	if o, isObj := recv.(interface{ MethodNames() []string }); isObj {
		dict, ok = o.MethodNames(), true
	}
	if !ok {
		return ""
	}
	found := spellCorrect(dict, name)
	if len(found) == 0 {
		return ""
	}
	return "\nDid you mean?  " + strings.Join(found, "\n               ")
}

// spellCorrect picks the words close to input: by Jaro-Winkler
// similarity first, then those within a Levenshtein distance of a
// quarter of its length, or else the closest misspelling.
func spellCorrect(dict []string, input string) []string {
	in := normalizeWord(input)
	threshold := 0.77
	if len([]rune(in)) > 3 {
		threshold = 0.834
	}
	type scored struct {
		w string
		d float64
	}
	var words []scored
	for _, w := range dict {
		if jaroWinkler(normalizeWord(w), in) >= threshold && w != input {
			words = append(words, scored{w, jaroWinkler(w, in)})
		}
	}
	// did_you_mean sorts ascending and reverses: equal scores come out
	// in reverse dictionary order
	sort.SliceStable(words, func(i, j int) bool { return words[i].d < words[j].d })
	for i, j := 0, len(words)-1; i < j; i, j = i+1, j-1 {
		words[i], words[j] = words[j], words[i]
	}
	limit := int(math.Ceil(float64(len([]rune(in))) * 0.25))
	var out []string
	for _, s := range words {
		if levenshtein(normalizeWord(s.w), in) <= limit {
			out = append(out, s.w)
		}
	}
	if len(out) > 0 {
		return out
	}
	for _, s := range words {
		w := normalizeWord(s.w)
		if levenshtein(w, in) < min(len([]rune(in)), len([]rune(w))) {
			return []string{s.w}
		}
	}
	return nil
}

func normalizeWord(s string) string {
	return strings.ReplaceAll(strings.ToLower(s), "@", "")
}

// jaro is the Jaro similarity of a and b, as did_you_mean computes it.
func jaro(a, b string) float64 {
	s1, s2 := []rune(a), []rune(b)
	if len(s1) > len(s2) {
		s1, s2 = s2, s1
	}
	rng := len(s2)/2 - 1
	if rng < 0 {
		rng = 0
	}
	flags1 := make([]bool, len(s1))
	flags2 := make([]bool, len(s2)+rng+1)
	m := 0.0
	for i := range s1 {
		j := 0
		if i >= rng {
			j = i - rng
		}
		for ; j <= i+rng; j++ {
			if j < len(s2) && !flags2[j] && s1[i] == s2[j] {
				flags2[j] = true
				flags1[i] = true
				m++
				break
			}
		}
	}
	t := 0.0
	k := 0
	for i := range s1 {
		if !flags1[i] {
			continue
		}
		index := k
		for j := k; j < len(s2); j++ {
			index = j
			if flags2[j] {
				k = j + 1
				break
			}
		}
		if s1[i] != s2[index] {
			t++
		}
	}
	t = math.Floor(t / 2)
	if m == 0 {
		return 0
	}
	return (m/float64(len(s1)) + m/float64(len(s2)) + (m-t)/m) / 3
}

// jaroWinkler adds the bonus for a common prefix of up to four letters.
func jaroWinkler(a, b string) float64 {
	d := jaro(a, b)
	if d <= 0.7 {
		return d
	}
	r1, r2 := []rune(a), []rune(b)
	bonus := 0
	for i, c := range r1 {
		if i < len(r2) && c == r2[i] && i < 4 {
			bonus++
		} else {
			break
		}
	}
	return d + float64(bonus)*0.1*(1-d)
}

func levenshtein(a, b string) int {
	s, t := []rune(a), []rune(b)
	prev := make([]int, len(t)+1)
	cur := make([]int, len(t)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(s); i++ {
		cur[0] = i
		for j := 1; j <= len(t); j++ {
			cost := 1
			if s[i-1] == t[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(t)]
}
