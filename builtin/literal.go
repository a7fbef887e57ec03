package builtin

import (
	"bytes"
	"regexp/syntax"
	"strings"
	"unicode"
	"unicode/utf8"
)

// literal is text that every match of a pattern contains, found in a file
// with the fast byte search of the bytes package before any line is
// matched: only the lines holding it are given to the regular expression.
// Most lines of most files do not hold it, and Go's regexp has no such
// prefilter of its own once the literal is not a prefix or the pattern is
// case-insensitive.
type literal struct {
	text []byte // ASCII lower case when fold
	fold bool   // ASCII letters match in either case
	// whole: the pattern is this literal and nothing else, so a line
	// holding it matches without running the regular expression.
	whole bool
	rare  int // where in text is the byte searched for first: the rarest
}

// requiredLiteral is the longest literal every match of pattern holds, or
// nil when there is none worth searching for.
//
// A case-insensitive literal keeps only its runs of ASCII characters that
// fold to ASCII alone: (?i)k matches the Kelvin sign, (?i)s the long s,
// which a byte comparison would miss. U+FFFD is never part of a literal:
// the regular expression matches it against any invalid UTF-8 byte.
func requiredLiteral(pattern string) *literal {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil
	}
	var best *literal
	for _, l := range required(re) {
		if best == nil || len(l.text) > len(best.text) || len(l.text) == len(best.text) && best.fold && !l.fold {
			best = l
		}
	}
	if best == nil {
		return nil
	}
	// A line is matched with its line ending trimmed: a literal holding
	// one is not all a match needs.
	best.whole = best.whole && re.Op == syntax.OpLiteral && !bytes.ContainsAny(best.text, "\r\n")
	best.rare = best.rarest()
	return best
}

// required lists literals every match of re holds. Each literal's whole
// says that it is all of the literal node it came from.
func required(re *syntax.Regexp) []*literal {
	switch re.Op {
	case syntax.OpLiteral:
		return literalPieces(re.Rune, re.Flags&syntax.FoldCase != 0)
	case syntax.OpCapture, syntax.OpPlus:
		return required(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return required(re.Sub[0])
		}
	case syntax.OpConcat:
		var all []*literal
		for _, sub := range re.Sub {
			all = append(all, required(sub)...)
		}
		for _, l := range all {
			l.whole = false
		}
		return all
	}
	return nil
}

// literalPieces splits a literal's runes into the pieces a byte search
// may look for.
func literalPieces(runes []rune, fold bool) []*literal {
	var pieces []*literal
	cur := &literal{fold: fold}
	split := false
	flush := func() {
		if len(cur.text) > 0 {
			pieces = append(pieces, cur)
		}
		cur = &literal{fold: fold}
	}
	for _, r := range runes {
		switch {
		case r == utf8.RuneError:
			split = true
			flush()
		case !fold:
			cur.text = utf8.AppendRune(cur.text, r)
		case asciiFold(r):
			cur.text = append(cur.text, lower(byte(r)))
		default:
			split = true
			flush()
		}
	}
	flush()
	if len(pieces) == 1 && !split {
		pieces[0].whole = true
	}
	return pieces
}

// asciiFold reports whether r is ASCII and all it folds to is too.
func asciiFold(r rune) bool {
	if r >= utf8.RuneSelf {
		return false
	}
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		if f >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

func lower(b byte) byte {
	if 'A' <= b && b <= 'Z' {
		return b + 'a' - 'A'
	}
	return b
}

func upper(b byte) byte {
	if 'a' <= b && b <= 'z' {
		return b - ('a' - 'A')
	}
	return b
}

// byteCommonness ranks bytes by how often they occur in source trees
// (counted over Go's, test data included), the most common first; bytes not
// in it are rarer than all of them.
const byteCommonness = " et\t0rn\naiso,xclfdu1.pA(/)2mg:h\"=4b_3SE6Ty8Rv{}ICO5D\\P9LM7kBHwXNVF-[]UG*QW|!;+Yz$&<K'>%q@jZJ`#?^~"

// commonness is where b stands in byteCommonness.
func commonness(b byte) int {
	if i := strings.IndexByte(byteCommonness, b); i >= 0 {
		return i
	}
	return len(byteCommonness)
}

// rarest is the index of the literal's rarest byte; with fold, a letter is
// as common as the more common of its two cases.
func (l *literal) rarest() int {
	best, bestRank := 0, -1
	for i, b := range l.text {
		rank := commonness(b)
		if l.fold {
			rank = min(commonness(lower(b)), commonness(upper(b)))
		}
		if rank > bestRank {
			best, bestRank = i, rank
		}
	}
	return best
}

// finder finds a literal in one file's contents, from start to end.
type finder struct {
	lit  *literal
	data []byte
	// With fold, the next positions at or after from of the rare byte in
	// lower and upper case (len(data) when there is none), so that neither
	// is searched for twice over the same bytes.
	nextLower, nextUpper int
}

func newFinder(lit *literal, data []byte) *finder {
	return &finder{lit: lit, data: data, nextLower: -1, nextUpper: -1}
}

// next is the start of the literal's first occurrence at or after from, or
// -1.
func (f *finder) next(from int) int {
	n, r := len(f.lit.text), f.lit.rare
	c := f.lit.text[r]
	for ; from+n <= len(f.data); from++ {
		// The rare byte of an occurrence starting at from or later.
		at := f.indexRare(from+r, len(f.data)-(n-1-r), c)
		if at < 0 {
			return -1
		}
		from = at - r
		if f.equal(f.data[from : from+n]) {
			return from
		}
	}
	return -1
}

// indexRare is the first position of c (either case with fold) in
// data[lo:hi], or -1.
func (f *finder) indexRare(lo, hi int, c byte) int {
	if lo >= hi {
		return -1
	}
	if !f.lit.fold || lower(c) == upper(c) {
		if i := bytes.IndexByte(f.data[lo:hi], c); i >= 0 {
			return lo + i
		}
		return -1
	}
	if f.nextLower < lo {
		f.nextLower = index(f.data, lo, c)
	}
	if f.nextUpper < lo {
		f.nextUpper = index(f.data, lo, upper(c))
	}
	at := min(f.nextLower, f.nextUpper)
	if at >= hi {
		return -1
	}
	return at
}

// index is the position of c in data at or after lo, or len(data).
func index(data []byte, lo int, c byte) int {
	if i := bytes.IndexByte(data[lo:], c); i >= 0 {
		return lo + i
	}
	return len(data)
}

func (f *finder) equal(b []byte) bool {
	if !f.lit.fold {
		return bytes.Equal(b, f.lit.text)
	}
	for i, c := range f.lit.text {
		if lower(b[i]) != c {
			return false
		}
	}
	return true
}
