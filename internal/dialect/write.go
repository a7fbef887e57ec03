package dialect

import (
	"strconv"
	"strings"
)

// writer writes schemas as compact JSON, taking their values' text from
// the input.
type writer struct {
	in []byte
	b  []byte
	n  int // len(b) after the current object's '{'
}

// key starts a member.
func (w *writer) key(k string) {
	if len(w.b) > w.n {
		w.b = append(w.b, ',')
	}
	w.b = append(w.b, k...)
}

// str writes a string keyword if present: its text as written.
func (w *writer) str(k string, v span) {
	if v.hi != 0 {
		w.key(k)
		w.b = append(w.b, w.in[v.lo:v.hi]...)
	}
}

// value writes a keyword holding any value if present, without its
// insignificant whitespace.
func (w *writer) value(k string, v span) {
	if v.hi == 0 {
		return
	}
	w.key(k)
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

// schema writes s, its keywords in model.Schema's order, without its
// description when noDesc.
func (w *writer) schema(s *schema, noDesc bool) {
	w.b = append(w.b, '{')
	outer := w.n
	w.n = len(w.b)
	w.str(`"$schema":`, s.schemaURI)
	w.str(`"$ref":`, s.ref)
	w.value(`"type":`, s.typ)
	if !noDesc {
		w.str(`"description":`, s.description)
	}
	if len(s.anyOf) > 0 {
		w.key(`"anyOf":[`)
		for i, sub := range s.anyOf {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.schema(sub, false)
		}
		w.b = append(w.b, ']')
	}
	w.value(`"enum":`, s.enum)
	w.str(`"format":`, s.format)
	w.str(`"pattern":`, s.pattern)
	w.value(`"minimum":`, s.minimum)
	w.value(`"maximum":`, s.maximum)
	w.str(`"minLength":`, s.minLength)
	w.str(`"maxLength":`, s.maxLength)
	w.str(`"minItems":`, s.minItems)
	w.str(`"maxItems":`, s.maxItems)
	if s.items != nil {
		w.key(`"items":`)
		w.schema(s.items, false)
	}
	if s.hasProps {
		w.key(`"properties":`)
		w.props(s.props)
	}
	if len(s.required) > 0 {
		w.key(`"required":[`)
		for i, r := range s.required {
			if i > 0 {
				w.b = append(w.b, ',')
			}
			w.b = append(w.b, r.raw...)
		}
		w.b = append(w.b, ']')
	}
	if s.additional != nil {
		w.key(`"additionalProperties":`)
		if s.additional.s == nil {
			w.b = append(w.b, "false"...)
		} else {
			w.schema(s.additional.s, false)
		}
	}
	w.str(`"contentEncoding":`, s.contentEnc)
	w.value(`"default":`, s.def)
	w.value(`"examples":`, s.examples)
	if len(s.defs) > 0 {
		w.key(`"$defs":`)
		w.props(s.defs)
	}
	w.b = append(w.b, '}')
	w.n = outer
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
		if d := p.s.description; d.hi != 0 {
			w.b = append(w.b, `"description":`...)
			w.b = append(w.b, w.in[d.lo:d.hi]...)
			w.b = append(w.b, ',')
		}
		w.b = append(w.b, `"anyOf":[`...)
		w.schema(p.s, true)
		w.b = append(w.b, `,{"type":"null"}]}`...)
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
	var b strings.Builder
	for _, t := range p.tokens {
		b.WriteByte('/')
		for _, c := range t {
			switch c {
			case '~':
				b.WriteString("~0")
			case '/':
				b.WriteString("~1")
			default:
				b.WriteByte(c)
			}
		}
	}
	return b.String()
}
