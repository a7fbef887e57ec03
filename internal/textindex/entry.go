package textindex

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Field is where in a tool a text comes from; its weight is how much each
// of the text's terms counts.
type Field uint8

// The fields of a tool.
const (
	Name             Field = iota // the tool's name
	Namespace                     // its namespace
	Description                   // its description
	ParamName                     // a property name in its input schema
	ParamDescription              // a description in its input schema
	EnumValue                     // an enum or const value in its input schema
)

var fieldWeights = [...]int{Name: 3, Namespace: 2, Description: 1, ParamName: 2, ParamDescription: 1, EnumValue: 1}

// Weight is how much each term of the field counts in a tool's entry.
func (f Field) Weight() int { return fieldWeights[f] }

// MaxWeight caps a term's weight in an entry: past a few occurrences BM25
// counts little more (with k1 = 1.2, 99 occurrences score 2.17 times one),
// and two digits keep entries short.
const MaxWeight = 99

// version starts every entry, before a space.
const version = "1"

// Builder collects a tool's terms; the zero value is empty and ready.
type Builder struct {
	weights map[string]int
	scratch []string
}

// Add adds the terms of text, each with f's weight.
func (b *Builder) Add(f Field, text string) {
	if b.weights == nil {
		b.weights = make(map[string]int)
	}
	b.scratch = AppendTerms(b.scratch[:0], text)
	for _, t := range b.scratch {
		b.weights[t] += f.Weight()
	}
}

// Entry returns the entry of the terms added (see the package doc for its
// layout).
func (b *Builder) Entry() string {
	terms := make([]TermWeight, 0, len(b.weights))
	for t, w := range b.weights {
		terms = append(terms, TermWeight{t, min(w, MaxWeight)})
	}
	slices.SortFunc(terms, func(a, b TermWeight) int { return strings.Compare(a.Term, b.Term) })
	return encode(terms)
}

// encode writes the entry of terms, which are sorted, with weights of 1 to
// MaxWeight.
func encode(terms []TermWeight) string {
	length := 0
	size := len(version) + 8
	for _, t := range terms {
		length += t.Weight
		size += len(t.Term) + 4
	}
	out := make([]byte, 0, size+len(terms))
	out = append(out, version+" "...)
	out = strconv.AppendInt(out, int64(length), 10)
	out = append(out, ' ')
	out = append(out, signature(terms)...)
	for _, t := range terms {
		out = append(out, ' ')
		out = append(out, t.Term...)
		if t.Weight > 1 {
			out = append(out, ':')
			out = strconv.AppendInt(out, int64(t.Weight), 10)
		}
	}
	return string(out)
}

// Entry is a tool's entry with its header read.
type Entry struct {
	// Len is BM25's document length: the sum of the terms' weights.
	Len int
	// sig is the signature, terms the rest of the entry: " term[:weight]"
	// for each term.
	sig, terms string
}

// maxLen bounds the length Parse accepts, so that arithmetic on lengths
// cannot overflow whatever the string says.
const maxLen = 1 << 30

// Parse reads an entry's header. It reports false for a string that is not
// an entry of this layout's version; what follows a valid header is read
// leniently, by Weight.
func Parse(s string) (Entry, bool) {
	rest, ok := strings.CutPrefix(s, version+" ")
	if !ok {
		return Entry{}, false
	}
	n := 0
	i := 0
	for ; i < len(rest) && '0' <= rest[i] && rest[i] <= '9'; i++ {
		n = n*10 + int(rest[i]-'0')
		if n > maxLen {
			return Entry{}, false
		}
	}
	if i == 0 || i == len(rest) || rest[i] != ' ' {
		return Entry{}, false
	}
	sig, terms := rest[i+1:], ""
	if j := strings.IndexByte(sig, ' '); j >= 0 {
		sig, terms = sig[:j], sig[j:]
	}
	return Entry{Len: n, sig: sig, terms: terms}, true
}

// Weight returns the weight of term in the entry, 0 when the entry does
// not have it. Unless the signature rules the term out, it finds the term
// by binary search over the entry's text,
// without decoding it: from a byte in the middle, back to the space that
// starts its item, then it compares that item's term with the one sought
// (byte by byte, in the loop: the calls of strings.Compare and
// LastIndexByte cost more than these short strings). In a string not
// written by Entry (terms out of order, weights that are not 1 to
// MaxWeight in decimal) it may miss a term, and reads a weight as 1 or
// MaxWeight; it never fails.
func (e Entry) Weight(t Term) int {
	if !mayHave(e.sig, t) {
		return 0
	}
	s, term := e.terms, t.text
	// lo is the start of an item (a space) or len(s); hi is the start of
	// an item or len(s). The term, if anywhere, is in an item in [lo, hi).
	lo, hi := 0, len(s)
	for lo < hi {
		start := lo + (hi-lo)/2
		for start > lo && s[start] != ' ' {
			start--
		}
		// The common prefix of the item's term and term ends at i, j.
		i, j := start+1, 0
		for i < len(s) && j < len(term) && s[i] == term[j] {
			i++
			j++
		}
		itemEnds := i == len(s) || s[i] == ' ' || s[i] == ':'
		switch {
		case itemEnds && j == len(term):
			if i < len(s) && s[i] == ':' {
				return readWeight(s[i+1:])
			}
			return 1
		case itemEnds || j < len(term) && s[i] < term[j]: // the item's term comes first
			for lo = i; lo < len(s) && s[lo] != ' '; lo++ {
			}
		default:
			hi = start
		}
	}
	return 0
}

// readWeight reads the decimal weight at the start of s, clamped to 1 to
// MaxWeight.
func readWeight(s string) int {
	w := 0
	for i := 0; i < len(s) && '0' <= s[i] && s[i] <= '9' && w <= MaxWeight; i++ {
		w = w*10 + int(s[i]-'0')
	}
	return min(max(w, 1), MaxWeight)
}

// TermWeight is one term of an entry and its weight.
type TermWeight struct {
	Term   string
	Weight int
}

// Decode reads an entry strictly: it accepts only the layout Builder.Entry
// writes (terms of lower-case letters, digits, marks and underscores, in
// ascending order, weights 2 to MaxWeight written without leading zeros,
// the length their sum), so that encoding what it returns gives s back. It
// returns the terms in order and the length.
func Decode(s string) ([]TermWeight, int, error) {
	e, ok := Parse(s)
	if !ok || strconv.Itoa(e.Len) != s[len(version)+1:len(s)-len(e.terms)-len(e.sig)-1] {
		return nil, 0, errors.New("textindex: not an entry of layout version " + version)
	}
	var terms []TermWeight
	sum := 0
	for rest := e.terms; rest != ""; {
		if rest[0] != ' ' {
			return nil, 0, fmt.Errorf("textindex: want a space at %q", rest)
		}
		item, _, _ := strings.Cut(rest[1:], " ")
		rest = rest[1+len(item):]
		tw, err := decodeItem(item)
		if err != nil {
			return nil, 0, err
		}
		if len(terms) > 0 && terms[len(terms)-1].Term >= tw.Term {
			return nil, 0, fmt.Errorf("textindex: term %q out of order", tw.Term)
		}
		terms = append(terms, tw)
		sum += tw.Weight
	}
	if sum != e.Len {
		return nil, 0, fmt.Errorf("textindex: length %d, but the weights add up to %d", e.Len, sum)
	}
	if want := string(signature(terms)); e.sig != want {
		return nil, 0, fmt.Errorf("textindex: signature %q, want %q", e.sig, want)
	}
	return terms, e.Len, nil
}

// decodeItem decodes "term" or "term:weight".
func decodeItem(item string) (TermWeight, error) {
	term, weight, hasWeight := strings.Cut(item, ":")
	if !validTerm(term) {
		return TermWeight{}, fmt.Errorf("textindex: %q is not a term", term)
	}
	if !hasWeight {
		return TermWeight{term, 1}, nil
	}
	w, err := strconv.Atoi(weight)
	if err != nil || w < 2 || w > MaxWeight || strconv.Itoa(w) != weight {
		return TermWeight{}, fmt.Errorf("textindex: %q is not a weight", weight)
	}
	return TermWeight{term, w}, nil
}

// validTerm reports whether s is spelled as a term: up to MaxTermLen bytes
// of the runes words are made of, each its own lower case. (Not whether
// AppendTerms could make it: the stemmer is not idempotent, so a term need
// not be its own term.)
func validTerm(s string) bool {
	if s == "" || len(s) > MaxTermLen {
		return false
	}
	for _, r := range s {
		if r == utf8.RuneError || !isWordRune(r) || unicode.ToLower(r) != r {
			return false
		}
	}
	return true
}
