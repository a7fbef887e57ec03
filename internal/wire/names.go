package wire

import (
	"bytes"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// Member names. A JSON object whose member name comes twice can be read in
// more ways than one: encoding/json keeps the last, other readers the
// first, and a glob over the text sees both. Whatever reads a tool's
// arguments (the decoder, package agent's permission rules, a person asked
// to approve the call) must see the same values, so a repeated name is
// refused, at any depth: in the arguments, in nested objects, in arrays, in
// a union's member (its tag too), in a map, in a value read as any or as
// json.RawMessage. Names are compared as the decoder reads them, unescaped:
// "kind" and "\u006bind" are one name (and so are two names that hold
// invalid UTF-8 or lone surrogates which both read as U+FFFD). Names that
// differ only in case are two names to the decoder, which matches names
// exactly; permission rules are warier of them (see RuleArgs).
//
// The decoder finds a repeated name without a second pass where it can: an
// ObjectReader keeps a bit per member of its Object (a name it does not
// know is refused anyway). An object read member by member with Object and
// Field (a map, a value read as any) and a value read as its text
// (RawValue) are looked through once by a nameWalk before they are read,
// with everything inside them: objects within such a value are not looked
// through again (see checked).

// duplicateMember is the problem of a member whose name came before in its
// object.
const duplicateMember = "duplicate member (a name may appear only once in an object)"

// smallObject is how many names an object may have before a nameWalk
// looks its names up in a map rather than comparing each with the others.
const smallObject = 16

// nameWalk looks through a JSON value for objects whose member names are
// not all distinct. It reads with its own Decoder, a throwaway one that
// checks syntax as skipValue does and stops at a syntax error (whoever reads
// the value then reports it). With emit, it also writes the value's
// canonical text (see AppendRuleArgs) to out.
type nameWalk struct {
	d Decoder
	// The names of the open objects, unescaped, object after object.
	names stack[[]byte]
	// The way from the value looked through to the current one.
	path stack[step]

	dups    []string // the pointers of repeated members, from the value looked through
	omitted int      // repeated members beyond maxProblems

	fold   bool // look for names equal under case folding, too
	folded bool // found two names of an object equal under case folding, not equal

	emit bool
	out  []byte
}

// step is one container on a nameWalk's path: an object's current name,
// or an array's current index.
type step struct {
	name   []byte
	index  int32 // arrays have fewer elements than the arguments have bytes (maxArgs)
	object bool
}

// stack is a stack whose first elements are in an array, the rest in a
// slice, so that a walk of a small value allocates nothing (a slice of an
// array of the walk itself would send the walk to the heap).
type stack[T any] struct {
	n     int
	first [8]T
	more  []T
}

// at returns the i-th element, from the bottom.
func (s *stack[T]) at(i int) *T {
	if i < len(s.first) {
		return &s.first[i]
	}
	return &s.more[i-len(s.first)]
}

func (s *stack[T]) push(v T) {
	if s.n < len(s.first) {
		s.first[s.n] = v
	} else if i := s.n - len(s.first); i < len(s.more) {
		s.more[i] = v
	} else {
		s.more = append(s.more, v)
	}
	s.n++
}

// value looks through the value at the walk's position.
func (w *nameWalk) value() {
	c := &w.d
	c.skipSpace()
	if c.pos >= len(c.data) {
		c.failAt("")
		return
	}
	switch c.data[c.pos] {
	case '{':
		w.object()
	case '[':
		w.array()
	case '"':
		start, end, plain := c.scanString()
		if w.emit && !c.fatal {
			w.out = AppendCanonicalString(w.out, c.contents(start, end, plain))
		}
	default:
		start := c.pos
		c.skipValue()
		if w.emit && !c.fatal {
			if lit := c.data[start:c.pos]; kinds[lit[0]] == KindNumber {
				w.out = AppendCanonicalNumber(w.out, lit)
			} else {
				w.out = append(w.out, lit...)
			}
		}
	}
}

func (w *nameWalk) object() {
	c := &w.d
	if !c.enter() {
		return
	}
	base := w.names.n
	var set, folds map[string]struct{} // for objects beyond smallObject names
	w.path.push(step{object: true})
	w.put('{')
	for first := true; c.next(first, '}'); first = false {
		start, end, plain := c.memberKey()
		if c.fatal {
			return
		}
		name := c.data[start:end]
		if !plain {
			name = appendUnescaped(nil, name)
		}
		w.path.at(w.path.n - 1).name = name
		if w.repeated(name, base, &set, &folds) {
			w.duplicate()
		}
		w.names.push(name)
		if w.emit {
			if !first {
				w.out = append(w.out, ',')
			}
			w.out = append(AppendCanonicalString(w.out, name), ':')
		}
		if w.value(); c.fatal {
			return
		}
	}
	w.put('}')
	w.names.n = base
	w.path.n--
	c.depth--
}

func (w *nameWalk) array() {
	c := &w.d
	if !c.enter() {
		return
	}
	w.path.push(step{index: -1})
	w.put('[')
	for first := true; c.next(first, ']'); first = false {
		if !first {
			w.put(',')
		}
		w.path.at(w.path.n-1).index++
		if w.value(); c.fatal {
			return
		}
	}
	w.put(']')
	w.path.n--
	c.depth--
}

func (w *nameWalk) put(b byte) {
	if w.emit {
		w.out = append(w.out, b)
	}
}

// repeated reports whether name is among the names of the current object,
// from base on (looked up in *set once there are many), and notes a name
// equal to one of them under case folding only.
func (w *nameWalk) repeated(name []byte, base int, set, folds *map[string]struct{}) bool {
	if *set == nil && w.names.n-base < smallObject {
		dup := false
		for i := base; i < w.names.n; i++ {
			switch n := *w.names.at(i); {
			case bytes.Equal(n, name):
				dup = true
			case w.fold && !w.folded && bytes.EqualFold(n, name):
				w.folded = true
			}
		}
		return dup
	}
	if *set == nil {
		*set = make(map[string]struct{}, 2*smallObject)
		for i := base; i < w.names.n; i++ {
			(*set)[string(*w.names.at(i))] = struct{}{}
		}
		if w.fold {
			*folds = make(map[string]struct{}, 2*smallObject)
			for i := base; i < w.names.n; i++ {
				(*folds)[foldKey(*w.names.at(i))] = struct{}{}
			}
		}
	}
	_, dup := (*set)[string(name)]
	(*set)[string(name)] = struct{}{}
	if w.fold {
		k := foldKey(name)
		if _, f := (*folds)[k]; f && !dup {
			w.folded = true
		}
		(*folds)[k] = struct{}{}
	}
	return dup
}

// foldKey is name with every character replaced by the least of those
// equal to it under Unicode simple case folding, so that two names have
// one key exactly when bytes.EqualFold (encoding/json's matching of names)
// finds them equal.
func foldKey(name []byte) string {
	key := make([]byte, 0, len(name))
	for i := 0; i < len(name); {
		r, size := utf8.DecodeRune(name[i:])
		i += size
		least := r
		for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
			least = min(least, f)
		}
		key = utf8.AppendRune(key, least)
	}
	return string(key)
}

// duplicate records that the current member's name came before.
func (w *nameWalk) duplicate() {
	if len(w.dups) >= maxProblems {
		w.omitted++
		return
	}
	var b []byte
	for i := range w.path.n {
		s := w.path.at(i)
		b = append(b, '/')
		if s.object {
			b = AppendPointerToken(b, s.name)
		} else {
			b = strconv.AppendInt(b, int64(s.index), 10)
		}
	}
	w.dups = append(w.dups, string(b))
}

// checked reports whether the value at d.pos is within an object that a
// nameWalk has looked through already (see checkNames).
func (d *Decoder) checked() bool {
	n := int(d.checkedSeg)
	return n > 0 && n <= d.nseg && d.seg(n-1).checked
}

// checkNames looks through the value at d.pos, which the caller reads next,
// for repeated member names, and records each as a problem. It reports
// where the value ends, or false after a syntax error, which it leaves to
// the read that follows.
func (d *Decoder) checkNames() (end int, ok bool) {
	w := nameWalk{d: Decoder{data: d.data, pos: d.pos, depth: d.depth}}
	w.value()
	if w.d.fatal {
		return 0, false
	}
	if len(w.dups) > 0 {
		at := d.pointer()
		for _, p := range w.dups {
			d.duplicateAt(at + p)
		}
		d.omitted += w.omitted
	}
	return w.d.pos, true
}

// duplicateAt records the problem of the repeated member at pointer.
func (d *Decoder) duplicateAt(pointer string) {
	switch {
	case d.fatal:
	case d.inRepaired():
		d.failRepair()
	default:
		d.problemAt(pointer, duplicateMember)
	}
}

// CheckNames reports the members of the JSON text args whose names came
// before in their objects, at any depth, as an *ArgsError whose problems
// are the decoder's ("/kind: duplicate member ..."); nil when there are
// none, and nil when args is not valid JSON (its reader reports that).
// Empty args are {}. The agent loop and the MCP server refuse a call so
// before any permission rule is considered.
func CheckNames(args []byte) error {
	var w nameWalk
	w.d.Reset(args)
	w.value()
	if w.d.fatal || len(w.dups) == 0 {
		return nil
	}
	problems := make([]Problem, len(w.dups))
	for i, p := range w.dups {
		problems[i] = Problem{Pointer: p, Message: duplicateMember}
	}
	return &ArgsError{Problems: problems, omitted: w.omitted}
}

// RuleMember is one member of arguments as permission rules read them
// (AppendRuleArgs): its name is text[Start:Mid], its value's text
// text[Mid:End]; Tangled is set when an object within the value repeats a
// name.
type RuleMember struct {
	Start, Mid, End int
	Tangled         bool
}

// NameClash says how the member names of arguments clash (AppendRuleArgs).
type NameClash struct {
	// Repeated: some object, at any depth, has a name twice (compared
	// unescaped). The decoder refuses such arguments.
	Repeated bool
	// Folded: some object, at any depth, has two names that are equal under
	// Unicode case folding, though not equal: encoding/json, which matches
	// names so, may read them as one; the decoder reads them as two (and a
	// struct's refuses the one it does not know).
	Folded bool
}

// AppendRuleArgs reads raw, a tool call's arguments, as permission rules
// match them: when raw is one JSON object, it appends each member's name,
// unescaped, and the text of its value to text, and the member to members,
// in the order sent, and reports ok. A string's text is its contents,
// unescaped, as the decoder reads it; any other value's is its canonical
// JSON text: compact, every number in its canonical form
// (AppendCanonicalNumber), every string, names included, in one spelling
// (unescaped but for the quote, the backslash and control characters), so
// that no spelling of a value hides it from a glob. clash says whether
// the member names clash anywhere.
func AppendRuleArgs(text []byte, members []RuleMember, raw []byte) ([]byte, []RuleMember, NameClash, bool) {
	w := nameWalk{fold: true}
	w.d.Reset(raw)
	c := &w.d
	if c.peekKind() != KindObject || !c.enter() {
		return text, members, NameClash{}, false
	}
	var set, folds map[string]struct{}
	w.path.push(step{object: true})
	for first := true; c.next(first, '}'); first = false {
		start, end, plain := c.memberKey()
		if c.fatal {
			return text, members, NameClash{}, false
		}
		m := RuleMember{Start: len(text)}
		text = append(text, c.contents(start, end, plain)...)
		m.Mid = len(text)
		name := text[m.Start:m.Mid:m.Mid]
		w.path.first[0].name = name
		if w.repeated(name, 0, &set, &folds) {
			w.duplicate()
		}
		w.names.push(name)
		dups := len(w.dups)
		if c.skipSpace(); c.at('"') {
			start, end, plain := c.scanString()
			text = append(text, c.contents(start, end, plain)...)
		} else {
			w.emit, w.out = true, text
			w.value()
			w.emit, text = false, w.out
		}
		if c.fatal {
			return text, members, NameClash{}, false
		}
		m.End = len(text)
		m.Tangled = len(w.dups) > dups
		members = append(members, m)
	}
	if c.checkEnd(); c.fatal {
		return text, members, NameClash{}, false
	}
	return text, members, NameClash{Repeated: len(w.dups) > 0 || w.omitted > 0, Folded: w.folded}, true
}
