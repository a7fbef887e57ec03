package dialect

import (
	"strconv"
	"strings"
)

// write appends s as compact JSON, its keywords in model.Schema's order.
func write(b []byte, s *schema) []byte {
	b = append(b, '{')
	n := len(b)
	key := func(k string) {
		if len(b) > n {
			b = append(b, ',')
		}
		b = append(b, k...)
	}
	raw := func(k string, v []byte) {
		if v != nil {
			key(k)
			b = append(b, v...)
		}
	}
	raw(`"$schema":`, s.schemaURI)
	raw(`"$ref":`, s.ref)
	raw(`"type":`, s.typ)
	raw(`"description":`, s.description)
	if len(s.anyOf) > 0 {
		key(`"anyOf":[`)
		for i, sub := range s.anyOf {
			if i > 0 {
				b = append(b, ',')
			}
			b = write(b, sub)
		}
		b = append(b, ']')
	}
	raw(`"enum":`, s.enum)
	raw(`"format":`, s.format)
	raw(`"pattern":`, s.pattern)
	raw(`"minimum":`, s.minimum)
	raw(`"maximum":`, s.maximum)
	raw(`"minLength":`, s.minLength)
	raw(`"maxLength":`, s.maxLength)
	raw(`"minItems":`, s.minItems)
	raw(`"maxItems":`, s.maxItems)
	if s.items != nil {
		key(`"items":`)
		b = write(b, s.items)
	}
	if s.hasProps {
		key(`"properties":`)
		b = writeProps(b, s.props)
	}
	if len(s.required) > 0 {
		key(`"required":[`)
		for i, r := range s.required {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, r.raw...)
		}
		b = append(b, ']')
	}
	if s.additional != nil {
		key(`"additionalProperties":`)
		if s.additional.s == nil {
			b = append(b, "false"...)
		} else {
			b = write(b, s.additional.s)
		}
	}
	raw(`"contentEncoding":`, s.contentEnc)
	raw(`"default":`, s.def)
	raw(`"examples":`, s.examples)
	if len(s.defs) > 0 {
		key(`"$defs":`)
		b = writeProps(b, s.defs)
	}
	return append(b, '}')
}

func writeProps(b []byte, props []prop) []byte {
	b = append(b, '{')
	for i, p := range props {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, p.name.raw...)
		b = append(b, ':')
		b = write(b, p.s)
	}
	return append(b, '}')
}

// size estimates the length of s written, to size the output once.
func size(s *schema) int {
	n := 2 + len(s.schemaURI) + len(s.ref) + len(s.typ) + len(s.description) + len(s.enum) +
		len(s.format) + len(s.pattern) + len(s.minimum) + len(s.maximum) + len(s.minLength) +
		len(s.maxLength) + len(s.minItems) + len(s.maxItems) + len(s.contentEnc) + len(s.def) +
		len(s.examples) + 24*8
	for _, sub := range s.anyOf {
		n += size(sub) + 1
	}
	if s.items != nil {
		n += size(s.items)
	}
	for _, p := range s.props {
		n += len(p.name.raw) + size(p.s) + 2
	}
	for _, r := range s.required {
		n += len(r.raw) + 1
	}
	if s.additional != nil && s.additional.s != nil {
		n += size(s.additional.s)
	}
	for _, p := range s.defs {
		n += len(p.name.raw) + size(p.s) + 2
	}
	return n
}

// pathStack is where in the input a schema is, as JSON pointer tokens.
type pathStack struct{ tokens [][]byte }

func (p *pathStack) push(token []byte) { p.tokens = append(p.tokens, token) }

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
