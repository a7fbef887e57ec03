package wire

import (
	"bytes"
	"strconv"
)

// Scanner reads a JSON text token by token and leaves its values as their
// text: where a Decoder turns arguments into Go values, a Scanner hands its
// caller the span of each value in the input, so that the caller can copy
// the value as it was written. internal/dialect reads input schemas
// with it.
//
// It checks RFC 8259 syntax with the Decoder's scanner (numbers, string
// escapes, white space, nesting up to the same depth), and is stricter in one
// way: invalid UTF-8 in a string is an error. Its errors are *SyntaxError,
// the first one ends the reading. It reads from its position on, which its
// methods move past what they read; a method that reads a value expects it
// at the position, after white space (see Space).
type Scanner struct {
	data  []byte
	pos   int
	depth int
}

// Reset prepares s to read data from its start.
func (s *Scanner) Reset(data []byte) { *s = Scanner{data: data} }

// SyntaxError is a Scanner's error: what is wrong at an offset in the input.
type SyntaxError struct {
	Offset int
	What   string
}

func (e *SyntaxError) Error() string {
	return "invalid JSON at offset " + strconv.Itoa(e.Offset) + ": " + e.What
}

func (s *Scanner) syntax(what string) error { return &SyntaxError{Offset: s.pos, What: what} }

// Pos returns the offset of the next byte to read.
func (s *Scanner) Pos() int { return s.pos }

// Space moves past white space.
func (s *Scanner) Space() {
	for s.pos < len(s.data) && isSpace(s.data[s.pos]) {
		s.pos++
	}
}

// Kind classifies the value that starts at the position by its first byte,
// without reading it: KindInvalid at the end of the input or at a byte that
// starts no value.
func (s *Scanner) Kind() Kind {
	if s.pos < len(s.data) {
		return kinds[s.data[s.pos]]
	}
	return KindInvalid
}

// String reads a string and returns its literal (quotes and escapes as
// written) and its text: the literal's contents unescaped, a subslice of
// the input when there are no escapes, a new slice otherwise. As in
// encoding/json, an escaped surrogate that is not half of a pair is U+FFFD.
func (s *Scanner) String() (literal, text []byte, err error) {
	if s.Kind() != KindString {
		return nil, nil, s.syntax("want a string")
	}
	data, start := s.data, s.pos
	end, escaped, invalid, ok := stringEnd(data, start+1)
	s.pos = end
	switch {
	case !ok && end == len(data):
		return nil, nil, s.syntax("unterminated string")
	case !ok && data[end] == '\\':
		return nil, nil, s.escapeError()
	case !ok:
		return nil, nil, s.syntax("control character in a string")
	}
	s.pos = end + 1
	if invalid {
		return nil, nil, s.syntax("invalid UTF-8 in a string")
	}
	literal, contents := data[start:end+1], data[start+1:end]
	if !escaped {
		return literal, contents, nil
	}
	return literal, appendUnescaped(make([]byte, 0, len(contents)), contents), nil
}

// escapeError is the error of the malformed escape at the position.
func (s *Scanner) escapeError() error {
	rest := s.data[s.pos:]
	switch {
	case len(rest) < 2 || rest[1] == 'u' && len(rest) < 6:
		return s.syntax("unterminated string")
	case rest[1] == 'u':
		return s.syntax("invalid \\u escape")
	}
	return s.syntax("invalid escape")
}

// Number reads a number and returns its literal, and whether it is an
// integer literal (no fraction and no exponent).
func (s *Scanner) Number() (literal []byte, integer bool, err error) {
	start := s.pos
	end, ok := numberEnd(s.data, start)
	s.pos = end
	if !ok {
		return nil, false, s.syntax("invalid number")
	}
	literal = s.data[start:end]
	return literal, !bytes.ContainsAny(literal, ".eE"), nil
}

// Skip reads any value, checking its syntax; the value is the input from
// where it started to Pos.
func (s *Scanner) Skip() error {
	switch c := s.Kind(); c {
	case KindString:
		_, _, err := s.String()
		return err
	case KindObject:
		return s.Object(func([]byte, []byte) error { return s.Skip() })
	case KindArray:
		return s.Array(func(int) error { return s.Skip() })
	case KindBool, KindNull:
		word := "null"
		switch s.data[s.pos] {
		case 't':
			word = "true"
		case 'f':
			word = "false"
		}
		if !bytes.HasPrefix(s.data[s.pos:], []byte(word)) {
			return s.syntax("invalid literal")
		}
		s.pos += len(word)
		return nil
	}
	if s.pos >= len(s.data) {
		return s.syntax("unexpected end")
	}
	_, _, err := s.Number()
	return err
}

// open moves past the bracket that opens an object or array (kind, else
// the error want), unless the nesting is already as deep as allowed, and
// reports whether it is empty, its closing bracket read too.
func (s *Scanner) open(kind Kind, want string, closing byte) (empty bool, err error) {
	if s.Kind() != kind {
		return false, s.syntax(want)
	}
	if s.depth >= maxDepth {
		return false, s.syntax("nested too deeply")
	}
	s.depth++
	s.pos++
	s.Space()
	if s.pos < len(s.data) && s.data[s.pos] == closing {
		s.pos++
		s.depth--
		return true, nil
	}
	return false, nil
}

// Object reads an object, calling member with each member's key (its
// literal and its text, as String returns them) and the position at the
// member's value, after white space. member must read the value, and no
// more; an error it returns ends the reading.
func (s *Scanner) Object(member func(literal, text []byte) error) error {
	if empty, err := s.open(KindObject, "want an object", '}'); empty || err != nil {
		return err
	}
	for {
		s.Space()
		literal, text, err := s.String()
		if err != nil {
			return err
		}
		s.Space()
		switch {
		case s.pos >= len(s.data):
			return s.syntax("unexpected end, want ':'")
		case s.data[s.pos] != ':':
			return s.syntax("want ':'")
		}
		s.pos++
		s.Space()
		if err := member(literal, text); err != nil {
			return err
		}
		if more, err := s.more('}'); !more {
			return err
		}
	}
}

// Array reads an array, calling elem with the index of each element and
// the position at it, after white space. elem must read the element, and
// no more; an error it returns ends the reading.
func (s *Scanner) Array(elem func(i int) error) error {
	if empty, err := s.open(KindArray, "want an array", ']'); empty || err != nil {
		return err
	}
	for i := 0; ; i++ {
		s.Space()
		if err := elem(i); err != nil {
			return err
		}
		if more, err := s.more(']'); !more {
			return err
		}
	}
}

// more moves past the comma after a member or element and reports true, or
// past the closing bracket and reports false.
func (s *Scanner) more(closer byte) (bool, error) {
	s.Space()
	if s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ',':
			s.pos++
			return true, nil
		case closer:
			s.pos++
			s.depth--
			return false, nil
		}
	}
	return false, s.syntax("want ',' or " + strconv.QuoteRune(rune(closer)))
}
