package dialect

import (
	"strconv"

	"github.com/toolgen-dev/toolgen/internal/keyword"
	"github.com/toolgen-dev/toolgen/internal/wire"
)

// writer writes schemas as compact JSON, taking their values' text from
// the input.
type writer struct {
	in []byte
	b  []byte
	n  int // len(b) after the current object's '{'
}

// key starts the member of the keyword named name.
func (w *writer) key(name string) {
	if len(w.b) > w.n {
		w.b = append(w.b, ',')
	}
	w.b = append(w.b, '"')
	w.b = append(w.b, name...)
	w.b = append(w.b, '"', ':')
}

// text writes a value as written (a string, a number).
func (w *writer) text(v span) {
	w.b = append(w.b, w.in[v.lo:v.hi]...)
}

// value writes a value without its insignificant whitespace.
func (w *writer) value(v span) {
	raw := w.in[v.lo:v.hi]
	for i := 0; i < len(raw); i++ {
		c := raw[i]
		switch c {
		case ' ', '\t', '\n', '\r':
			continue
		case '"': // a string, as it is
			end := i + 1
			for raw[end] != '"' {
				if raw[end] == '\\' {
					end++
				}
				end++
			}
			w.b = append(w.b, raw[i:end+1]...)
			i = end
			continue
		}
		w.b = append(w.b, c)
	}
}

// schema writes s, its keywords in the table's order (model.Schema's),
// without its description when noDesc.
func (w *writer) schema(s *schema, noDesc bool) {
	w.b = append(w.b, '{')
	outer := w.n
	w.n = len(w.b)
	has := s.has
	if noDesc {
		has = has.Without(keyword.Description)
	}
	for k := range has.All() {
		w.keyword(s, k)
	}
	w.b = append(w.b, '}')
	w.n = outer
}

// keyword writes keyword k of s: those that hold schemas, and required,
// from the fields the dialects work on, the others from their text.
func (w *writer) keyword(s *schema, k keyword.Keyword) {
	w.key(k.Name())
	switch k {
	case keyword.AnyOf:
		w.b = append(w.b, '[')
		for i, sub := range s.anyOf {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.schema(sub, false)
		}
		w.b = append(w.b, ']')
	case keyword.Items:
		w.schema(s.items, false)
	case keyword.Properties:
		w.props(s.props)
	case keyword.Required:
		w.b = append(w.b, '[')
		for i, r := range s.required {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.b = append(w.b, r.raw...)
		}
		w.b = append(w.b, ']')
	case keyword.AdditionalProperties:
		if s.additional == nil {
			w.b = append(w.b, "false"...)
		} else {
			w.schema(s.additional, false)
		}
	case keyword.Defs:
		w.props(s.defs)
	default:
		switch k.Kind() {
		case keyword.KindString, keyword.KindCount, keyword.KindNumber:
			w.text(s.text[k]) // no whitespace in it
		default:
			w.value(s.text[k])
		}
	}
}

func (w *writer) props(props []prop) {
	w.b = append(w.b, '{')
	for i, p := range props {
		if i > 0 {
			w.b = append(w.b, ',')
		}
		w.b = append(w.b, p.name.raw...)
		w.b = append(w.b, ':')
		if !p.orNull {
			w.schema(p.s, false)
			continue
		}
		// {"description": ..., "anyOf": [s, {"type": "null"}]}, the
		// description moved to the wrapper.
		w.b = append(w.b, '{')
		if p.s.has.Has(keyword.Description) {
			w.b = append(w.b, `"description":`...)
			w.text(p.s.text[keyword.Description])
			w.b = append(w.b, ',')
		}
		w.b = append(w.b, `"anyOf":[`...)
		if isUnion(p.s) {
			// A union's members themselves, then null: no anyOf in an anyOf.
			for _, sub := range p.s.anyOf {
				w.schema(sub, false)
				w.b = append(w.b, ',')
			}
		} else {
			w.schema(p.s, true)
			w.b = append(w.b, ',')
		}
		w.b = append(w.b, `{"type":"null"}]}`...)
	}
	w.b = append(w.b, '}')
}

// pathStack is where in the input a schema is, as JSON pointer tokens.
type pathStack struct {
	tokens [][]byte
	first  [16][]byte // room for tokens, so that most paths need no allocation
}

func (p *pathStack) push(token []byte) {
	if p.tokens == nil {
		p.tokens = p.first[:0]
	}
	p.tokens = append(p.tokens, token)
}

func (p *pathStack) pushIndex(i int) {
	p.tokens = append(p.tokens, strconv.AppendInt(nil, int64(i), 10))
}

func (p *pathStack) pop() { p.tokens = p.tokens[:len(p.tokens)-1] }

// String is the JSON pointer (RFC 6901) of the path, or "the root".
func (p *pathStack) String() string {
	if len(p.tokens) == 0 {
		return "the root"
	}
	var b []byte
	for _, t := range p.tokens {
		b = wire.AppendPointerToken(append(b, '/'), t)
	}
	return string(b)
}
