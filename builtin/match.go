package builtin

import (
	"fmt"
	"path"
	"strings"
)

// Limits of glob patterns (glob's, and search_files' glob), which keep the
// cost of matching one path small and predictable.
const (
	maxPatternBytes = 1024 // bytes in a pattern
	maxPatternStars = 16   // ** segments in a pattern, runs of them counting as one
)

// patternSegments checks a pattern (what names it in messages) and splits
// it into path segments, runs of ** made one.
func patternSegments(what, pattern, slashed string) ([]string, error) {
	if len(pattern) > maxPatternBytes {
		return nil, fmt.Errorf("%s is too long (%d bytes; the limit is %d)", what, len(pattern), maxPatternBytes)
	}
	var segs []string
	stars := 0
	for _, s := range strings.Split(shellSets(slashed), "/") {
		if s == "**" {
			if len(segs) > 0 && segs[len(segs)-1] == "**" {
				continue // a**/**b is a**b: one run, one way to match
			}
			stars++
		}
		if _, err := path.Match(s, ""); err != nil {
			return nil, fmt.Errorf("%s %q is malformed: %v", what, pattern, err)
		}
		segs = append(segs, s)
	}
	if stars > maxPatternStars {
		return nil, fmt.Errorf("%s %q has %d ** segments; the limit is %d", what, pattern, stars, maxPatternStars)
	}
	return segs, nil
}

// shellSets spells the shell's negated sets, [!a-z], as path.Match does,
// [^a-z]: models write both, and path.Match would read [!a-z] as a set
// holding "!".
func shellSets(pattern string) string {
	b := []byte(pattern)
	inSet := false
	for i := 0; i < len(b); i++ {
		switch {
		case b[i] == '\\':
			i++ // an escaped character is never special
		case !inSet && b[i] == '[':
			inSet = true
			if i+1 < len(b) && b[i+1] == '!' {
				b[i+1] = '^'
				i++
			}
		case inSet && b[i] == ']':
			inSet = false
		}
	}
	return string(b)
}

// matcher matches slash-separated names against a pattern's segments, where
// ** stands for any number of segments. It follows every way the pattern
// may go at once (a set of positions in the pattern, one segment of the
// name at a time), so a match costs at most segments of the pattern times
// segments of the name, whatever the number of **: trying each way in turn
// took exponential time.
type matcher struct {
	pat       []string
	cur, next []bool // positions in pat reached; len(pat) is the end
}

func newMatcher(pat []string) *matcher {
	return &matcher{pat: pat, cur: make([]bool, len(pat)+1), next: make([]bool, len(pat)+1)}
}

func (m *matcher) match(name string) bool {
	clear(m.cur)
	m.cur[0] = true
	m.skipStars(m.cur)
	for seg := range strings.SplitSeq(name, "/") {
		clear(m.next)
		alive := false
		for i, p := range m.pat {
			if !m.cur[i] {
				continue
			}
			if p == "**" {
				m.next[i] = true // ** takes this segment and may take more
				alive = true
			} else if ok, _ := path.Match(p, seg); ok {
				m.next[i+1] = true
				alive = true
			}
		}
		if !alive {
			return false
		}
		m.skipStars(m.next)
		m.cur, m.next = m.next, m.cur
	}
	return m.cur[len(m.pat)]
}

// skipStars adds the positions reached by letting ** take no segment.
func (m *matcher) skipStars(set []bool) {
	for i, p := range m.pat {
		if set[i] && p == "**" {
			set[i+1] = true
		}
	}
}
